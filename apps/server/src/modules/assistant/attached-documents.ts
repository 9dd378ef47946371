// Documents in the conversation (issue 26): the passages that answer the latest message, searched in
// every document attached in the chat so far, go to the model in that message's turn with the link
// each is cited by (`/documents/<id>?at=<passage>`, the document view at that place). Images, and
// the first pages of scanned PDFs, go as image parts with the message they were attached to, when
// it is the latest (a model that is not given images is told they are there).
import { type AssistantUIMessage, isImageKind, type TAttachedDocument } from '@knap/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { imagesForModel, recordImageRead } from '../documents/model-images.js';
import * as documents from '../documents/service.js';
import { type ContextImage, type ContextPassage, documentContext } from './prompts.js';

/** Ids of the documents the chat's user messages attach, first attached first. */
export const attachedDocumentIds = (messages: AssistantUIMessage[]): string[] => [
  ...new Set(
    messages.flatMap((m) => (m.role === 'user' ? (m.metadata?.documents ?? []).map((d) => d.id) : [])),
  ),
];

type FilePart = { type: 'file'; mediaType: string; filename: string; url: string };

/**
 * The images of the latest message's documents for the model, as the model is told of them and as
 * file parts; each image sent is a `document.read`. Earlier messages' images are named only.
 */
async function imageParts(
  deps: AppDeps,
  {
    userId,
    chatId,
    attached,
    asked,
  }: { userId: string; chatId: string; attached: TAttachedDocument[]; asked: TAttachedDocument[] },
): Promise<{ lines: ContextImage[]; parts: FilePart[]; scans: Set<string> }> {
  const name = (d: TAttachedDocument) => documents.citedName(d.filename);
  const askedIds = new Set(asked.map((d) => d.id));
  const images = attached.filter((d) => isImageKind(d.kind));
  if (!deps.config.llm.images)
    return { lines: images.map((d) => ({ name: name(d), as: 'unseen' })), parts: [], scans: new Set() };
  // The demo model is given images (it names them) but not scans' pages: it could not look at them.
  const sent = await imagesForModel(deps, {
    userId,
    documents: asked,
    scans: deps.config.llm.provider !== 'demo',
  });
  const sentIds = new Set(sent.map((s) => s.document.id));
  const lines: ContextImage[] = [
    ...sent.map(
      ({ document, images, pageCount }): ContextImage =>
        pageCount === null
          ? { name: name(document), as: 'image' }
          : { name: name(document), as: 'scan', pages: images.length, of: pageCount },
    ),
    ...images
      .filter((d) => !sentIds.has(d.id))
      .map((d): ContextImage => ({ name: name(d), as: askedIds.has(d.id) ? 'unseen' : 'earlier' })),
  ];
  const parts = sent.flatMap(({ document, images, pageCount }) =>
    images.map(
      (image, i): FilePart => ({
        type: 'file',
        mediaType: image.mediaType,
        filename: pageCount === null ? document.filename : `${document.filename}, page ${i + 1}`,
        url: `data:${image.mediaType};base64,${Buffer.from(image.data).toString('base64')}`,
      }),
    ),
  );
  for (const s of sent)
    await recordImageRead(deps, { userId, sent: s, as: 'chat', details: { chat_id: chatId } });
  return {
    lines,
    parts,
    scans: new Set(sent.filter((s) => s.pageCount !== null).map((s) => s.document.id)),
  };
}

/**
 * The conversation as the model gets it: when documents are attached in the chat, the latest
 * user message carries the passages found for it, and the images attached with it (the stored
 * message stays as the user wrote it). Each document read this way is in the audit trail.
 */
export async function withDocumentPassages(
  deps: AppDeps,
  { userId, chatId, messages }: { userId: string; chatId: string; messages: AssistantUIMessage[] },
): Promise<AssistantUIMessage[]> {
  const documentIds = attachedDocumentIds(messages);
  const at = messages.findLastIndex((m) => m.role === 'user');
  if (documentIds.length === 0 || at < 0) return messages;
  const asked = messages[at]!;
  const question = asked.parts.map((p) => (p.type === 'text' ? p.text : '')).join(' ');
  const found = await documents.passagesForQuestion(deps, { userId, documentIds, question });
  const passages: ContextPassage[] = found.passages.map((p) => ({
    cite: documents.passageCitation(p),
    content: p.content,
  }));
  await documents.recordPassageReads(deps, {
    userId,
    passages: found.passages,
    as: 'chat',
    details: { chat_id: chatId },
  });
  const attached = await documents.ownedDocumentsAmong(deps, { userId, documentIds });
  const askedIds = new Set((asked.metadata?.documents ?? []).map((d) => d.id));
  const images = await imageParts(deps, {
    userId,
    chatId,
    attached,
    asked: attached.filter((d) => askedIds.has(d.id)),
  });
  const context = documentContext({
    passages,
    searched: found.searched,
    withoutText: found.withoutText
      .filter((d) => !images.scans.has(d.id))
      .map((d) => documents.citedName(d.filename)),
    images: images.lines,
  });
  const withContext: AssistantUIMessage = {
    ...asked,
    parts: [...asked.parts, { type: 'text', text: context }, ...images.parts],
  };
  return messages.map((m, i) => (i === at ? withContext : m));
}
