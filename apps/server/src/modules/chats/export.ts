// A conversation exported for the client file (issue 26): Markdown to download, or a PDF kept with
// the user's PDFs. The conversation as it stands (no replaced versions), with each message's time,
// the files attached to it, the tools a reply used and its citations; each export is audited.
import { FALLBACK_TIMEZONE, type TChat, type TMessage, type TPdfInfo } from '@knap/contracts';
import type { UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { recordAudit } from '../audit/service.js';
import type { PdfBlock } from '../pdf/content.js';
import { generateDocumentPdf } from '../pdf/service.js';
import { getChat } from './service.js';

/** A citation links to the app's document view, which means nothing in a file: its words stay. */
const APP_LINK = /\[([^\]]+)\]\(\/documents\/[^)\s]*\)/g;
const withoutAppLinks = (text: string) => text.replace(APP_LINK, '$1');

const AUTHOR: Record<string, string> = { user: 'You', assistant: 'Assistant' };
const toolName = (tool: string) => tool.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

function stamp(at: string | number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(at),
  );
}

interface ExportedMessage {
  heading: string;
  /** The message's Markdown, then what it carried: attached files, tools used. */
  body: string;
}

function exported(message: TMessage, timeZone: string): ExportedMessage {
  const parts = [withoutAppLinks(message.content).trim() || '(no text)'];
  const files = message.metadata?.documents ?? [];
  if (files.length) parts.push(`Attached: ${files.map((f) => f.filename).join(', ')}`);
  const steps = message.metadata?.steps ?? [];
  if (steps.length)
    parts.push(
      [
        'Tools used:',
        ...steps.map((s) => `- ${toolName(s.tool)}${s.resultSummary ? `: ${s.resultSummary}` : ''}`),
      ].join('\n'),
    );
  return {
    heading: `${AUTHOR[message.role] ?? message.role}, ${stamp(message.timestamp, timeZone)}`,
    body: parts.join('\n\n'),
  };
}

/** The conversation as it stands: the messages no later version replaced. */
const conversationOf = (chat: TChat) => chat.messages.filter((m) => !m.superseded_by);

/** The Markdown file of a conversation. */
export function chatMarkdown(chat: TChat, timeZone: string, exportedAt: string): string {
  const lines = [`# ${chat.title}`, '', `Exported from Knap Studio on ${stamp(exportedAt, timeZone)}.`];
  for (const message of conversationOf(chat).map((m) => exported(m, timeZone)))
    lines.push('', `## ${message.heading}`, '', message.body);
  return `${lines.join('\n')}\n`;
}

/** A file name for the conversation: its title and the user's day ('Henderson review — chat — 2026-11-26'). */
function exportName(chat: TChat, deps: AppDeps, timeZone: string, extension: 'md' | 'pdf'): string {
  const title =
    chat.title
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'Chat';
  const day = new Intl.DateTimeFormat('en-CA', { timeZone }).format(deps.clock.now());
  return `${title} — chat — ${day}.${extension}`;
}

const audit = (deps: AppDeps, user: UserRow, chat: TChat, format: 'markdown' | 'pdf') =>
  recordAudit(deps, {
    action: 'chat.exported',
    userId: user.id,
    target: chat.id,
    details: { format, messages: conversationOf(chat).length },
  });

/** One of the user's chats (another's is 404) as a Markdown file. */
export async function exportChatMarkdown(
  deps: AppDeps,
  user: UserRow,
  chatId: string,
): Promise<{ filename: string; markdown: string }> {
  const chat = await getChat(deps, user.id, chatId);
  const timeZone = user.timezone ?? FALLBACK_TIMEZONE;
  const markdown = chatMarkdown(chat, timeZone, deps.clock.now().toISOString());
  await audit(deps, user, chat, 'markdown');
  return { filename: exportName(chat, deps, timeZone, 'md'), markdown };
}

/** One of the user's chats (another's is 404) as a PDF among their PDFs. */
export async function exportChatPdf(deps: AppDeps, user: UserRow, chatId: string): Promise<TPdfInfo> {
  const chat = await getChat(deps, user.id, chatId);
  const timeZone = user.timezone ?? FALLBACK_TIMEZONE;
  const blocks: PdfBlock[] = conversationOf(chat).flatMap((m) => {
    const message = exported(m, timeZone);
    return [
      { kind: 'heading', text: message.heading },
      { kind: 'markdown', text: message.body },
    ];
  });
  const pdf = await generateDocumentPdf(deps, user, {
    title: chat.title,
    subtitle: 'Conversation with the Knap Studio assistant',
    filename: exportName(chat, deps, timeZone, 'pdf'),
    blocks,
  });
  await audit(deps, user, chat, 'pdf');
  return pdf;
}
