// Images in the conversation (issue 26): an image attached with a message goes to the model as an
// image part in that turn, where the model takes images (OpenAI, Anthropic, an OpenAI-compatible
// server with LLM_IMAGES); scanned PDFs' first pages go drawn as PNG. The demo model names what it
// was given; a model that takes no images is told an image is there.
import { type FakeLlm, startFakeAnthropic, startFakeOpenAI } from '@knap/fakes';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LlmConfig } from '../../config.js';
import { documentLimits, imageOf, pdfOf, scannedPdfOf, uploadDocument } from '../../testing/documents.js';
import { fakeLlm } from '../../testing/llm.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, signUp } from '../../testing/users.js';

type Call = ReturnType<typeof as>;
type Sent = { messages: Array<{ role: string; content: unknown }> };

function chatting(call: Call) {
  return {
    upload: async (name: string, content: Buffer) =>
      (await uploadDocument(call, name, content)).json().id as string,
    ask: async (content: string, documentIds: string[] = [], chatId?: string) => {
      const chat_id =
        chatId ?? ((await call({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id as string);
      const res = await call({
        method: 'POST',
        url: '/api/chat/completion',
        payload: { chat_id, message: { content, document_ids: documentIds } },
      });
      expect(res.statusCode).toBe(200);
      const messages = (await call({ method: 'GET', url: `/api/chat/chats/${chat_id}/messages` })).json()
        .messages as Array<{ content: string }>;
      return { chatId: chat_id, reply: messages.at(-1)!.content };
    },
  };
}

const readsOf = async (t: TestApp, id: string) =>
  (
    await t.db.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'document.read')
      .where('target', '=', id)
      .orderBy('seq')
      .execute()
  ).map((r) => JSON.parse(r.details));

describe(`images with the demo model (${testEngine()})`, () => {
  let t: TestApp;
  let c: ReturnType<typeof chatting>;
  beforeAll(async () => {
    t = await createTestApp();
    c = chatting(as(t, await signUp(t)));
  });
  afterAll(() => t.close());

  it('says it received the images by name and cannot look at them, next to a statement’s passages', async () => {
    const shot = await c.upload('Screenshot.png', await imageOf(200, 120));
    const photo = await c.upload('photo.jpg', await imageOf(80, 60, 'jpeg'));
    const statement = await c.upload('notes.txt', Buffer.from('Asset allocation: 60% equities.'));
    const { chatId, reply } = await c.ask('What is the asset allocation?', [shot, photo, statement]);
    expect(reply).toContain(
      'I received the images **Screenshot.png** and **photo.jpg**, but I run offline and cannot look at images',
    );
    expect(reply).toContain('> Asset allocation: 60% equities.');
    expect(await readsOf(t, shot)).toEqual([{ as: 'chat', chat_id: chatId, images: 1 }]);

    // A later question in the chat does not send the image again.
    const later = await c.ask('And the bonds?', [], chatId);
    expect(later.reply).not.toContain('Screenshot.png');
    expect(await readsOf(t, shot)).toHaveLength(1);
  });

  it('keeps the plain "no text layer" line for a scan (it draws no pages for the demo)', async () => {
    const scan = await c.upload('scan.pdf', await scannedPdfOf(1));
    const { reply } = await c.ask('What does it say?', [scan]);
    expect(reply).toContain('**scan.pdf** has no text layer (it is a scanned image), so I cannot read it.');
  });

  it("refuses another user's image with 404", async () => {
    const stranger = chatting(as(t, await signUp(t)));
    const theirs = await stranger.upload('theirs.png', await imageOf(10, 10));
    const own = as(t, await signUp(t));
    const chatId = (await own({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id;
    const res = await own({
      method: 'POST',
      url: '/api/chat/completion',
      payload: { chat_id: chatId, message: { content: 'Look', document_ids: [theirs] } },
    });
    expect([res.statusCode, res.json()]).toEqual([404, { detail: 'Document not found' }]);
    expect((await own({ method: 'GET', url: `/api/documents/${theirs}/file` })).statusCode).toBe(404);
  });
});

/**
 * A chat on a real AI SDK provider pointed at a loopback fake (started before the describe's tests,
 * closed after them), with 2 scan pages drawn.
 */
function onProvider(start: () => Promise<FakeLlm>, provider: LlmConfig['provider']) {
  const on = {} as { fake: FakeLlm; t: TestApp; c: ReturnType<typeof chatting> };
  beforeAll(async () => {
    on.fake = await start();
    const llm = fakeLlm(on.fake, { provider });
    on.t = await createTestApp({
      config: { llm: llm.config, documents: documentLimits({ scanPages: 2 }) },
      llm: llm.model,
    });
    on.c = chatting(as(on.t, await signUp(on.t)));
  });
  afterAll(async () => {
    await on.t.close();
    await on.fake.close();
  });
  return on;
}

const lastUser = (fake: FakeLlm) =>
  (fake.requests.at(-1) as Sent).messages.filter((m) => m.role === 'user').at(-1)!.content as Array<
    Record<string, unknown>
  >;
const fromDataUrl = (url: string) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');

describe(`images on the OpenAI provider (${testEngine()})`, () => {
  const on = onProvider(startFakeOpenAI, 'openai');

  it('sends the attached image as an image part in the turn that asks', async () => {
    const png = await imageOf(200, 120);
    const shot = await on.c.upload('Screenshot.png', png);
    on.fake.enqueue({ text: 'The screenshot shows a blue box.' });
    const { chatId, reply } = await on.c.ask('What does this show?', [shot]);
    expect(reply).toBe('The screenshot shows a blue box.');
    const content = lastUser(on.fake);
    const images = content.filter((p) => p.type === 'image_url');
    expect(images).toHaveLength(1);
    const url = (images[0]!.image_url as { url: string }).url;
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    expect(fromDataUrl(url).equals(png)).toBe(true);
    expect(JSON.stringify(content)).toContain(
      '<image document=\\"Screenshot.png\\">The user attached this image with this message; it follows.</image>',
    );

    // The next question names it as sent earlier, and sends no image.
    on.fake.enqueue({ text: 'As I said.' });
    await on.c.ask('Anything else?', [], chatId);
    const next = lastUser(on.fake);
    expect(next.filter((p) => p.type === 'image_url')).toEqual([]);
    expect(JSON.stringify(next)).toContain('An image the user attached earlier in the chat');
  });

  it('sends a large image redrawn at most 1,568 px a side, and a GIF as a PNG', async () => {
    const big = await on.c.upload('Wide screenshot.png', await imageOf(2400, 1600));
    // The smallest GIF: one pixel (OpenAI refuses animated GIFs, so every GIF goes as its first frame).
    const gif = await on.c.upload(
      'dot.gif',
      Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
    );
    on.fake.enqueue({ text: 'Two images.' });
    await on.c.ask('What are these?', [big, gif]);
    const urls = lastUser(on.fake)
      .filter((p) => p.type === 'image_url')
      .map((p) => (p.image_url as { url: string }).url);
    expect(urls.map((u) => u.slice(0, u.indexOf(';')))).toEqual(['data:image/png', 'data:image/png']);
    expect(urls.map((u) => imageSize(new Uint8Array(fromDataUrl(u))))).toEqual([
      { type: 'png', width: 1568, height: 1045 },
      { type: 'png', width: 1, height: 1 },
    ]);
  });

  it('draws a scanned PDF’s first pages (DOCUMENT_SCAN_PAGES) as PNG images for the model', async () => {
    const scan = await on.c.upload('scan.pdf', await scannedPdfOf(3));
    const withText = await on.c.upload('letter.pdf', await pdfOf(['Dear Ann, your allocation is 60/40.']));
    on.fake.enqueue({ text: 'The scan shows a grey box.' });
    const { chatId } = await on.c.ask('What does the scan say?', [scan, withText]);
    const content = lastUser(on.fake);
    const pages = content.filter((p) => p.type === 'image_url');
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      const bytes = fromDataUrl((page.image_url as { url: string }).url);
      // A letter page drawn with its longest side at 1,568 pixels.
      expect(imageSize(new Uint8Array(bytes))).toMatchObject({ type: 'png', width: 1211, height: 1568 });
    }
    const text = JSON.stringify(content);
    expect(text).toContain('its first 2 of 3 pages follow as images');
    expect(text).not.toContain('<no_text document=\\"scan.pdf\\"');
    expect(await readsOf(on.t, scan)).toEqual([{ as: 'chat', chat_id: chatId, images: 2 }]);
  });
});

describe(`images on the Anthropic provider (${testEngine()})`, () => {
  const on = onProvider(startFakeAnthropic, 'anthropic');

  it('sends the attached image as a base64 image block', async () => {
    const jpeg = await imageOf(90, 60, 'jpeg');
    const photo = await on.c.upload('photo.jpeg', jpeg);
    on.fake.enqueue({ text: 'A photo.' });
    await on.c.ask('Describe it', [photo]);
    const image = lastUser(on.fake).find((p) => p.type === 'image') as {
      source: { type: string; media_type: string; data: string };
    };
    expect(image.source).toMatchObject({ type: 'base64', media_type: 'image/jpeg' });
    expect(Buffer.from(image.source.data, 'base64').equals(jpeg)).toBe(true);
  });
});

describe(`images on an OpenAI-compatible server without images (${testEngine()})`, () => {
  // LLM_IMAGES unset: an OpenAI-compatible server is taken to read text only.
  const on = onProvider(startFakeOpenAI, 'openai-compatible');

  it('tells the model an image is attached that it cannot see, and a scan has no text layer', async () => {
    const shot = await on.c.upload('Screenshot.png', await imageOf(50, 50));
    const scan = await on.c.upload('scan.pdf', await scannedPdfOf(1));
    on.fake.enqueue({ text: 'I cannot see images.' });
    await on.c.ask('What is in these?', [shot, scan]);
    const content = lastUser(on.fake);
    const text = JSON.stringify(content);
    expect(text).not.toContain('image_url');
    expect(text).toContain(
      '<image document=\\"Screenshot.png\\">The user attached this image, but this model is not given images',
    );
    expect(text).toContain('<no_text document=\\"scan.pdf\\">This PDF has no text layer');
    expect(await readsOf(on.t, shot)).toEqual([]);
  });
});
