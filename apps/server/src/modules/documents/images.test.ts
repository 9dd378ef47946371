// Images as attachments (issue 26): accepted by their signature and size, kept encrypted, served
// back to their owner only with their media type.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentLimits, imageOf, uploadDocument } from '../../testing/documents.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, signUp, userIdOf } from '../../testing/users.js';

describe(`images as attachments (${testEngine()})`, () => {
  let t: TestApp;
  let call: ReturnType<typeof as>;
  let other: ReturnType<typeof as>;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp({ config: { documents: documentLimits({ maxImagePixels: 1_000_000 }) } });
    const user = await signUp(t);
    call = as(t, user);
    other = as(t, await signUp(t));
    userId = await userIdOf(t, user.email);
  });
  afterAll(() => t.close());

  it('takes PNG, JPEG and WEBP images, keeps them encrypted and gives them back to their owner', async () => {
    const png = await imageOf(320, 200);
    const res = await uploadDocument(call, 'Screenshot.png', png, 'image/png');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      filename: 'Screenshot.png',
      kind: 'png',
      size: png.length,
      pages: 1,
      passages: 0,
      has_text: false,
    });
    const { id } = res.json();
    const stored = readFileSync(path.join(t.config.dataDir, 'documents', userId, id));
    expect(stored.includes(png.subarray(0, 8))).toBe(false);

    const file = await call({ method: 'GET', url: `/api/documents/${id}/file` });
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/png']);
    expect(file.rawPayload.equals(png)).toBe(true);
    const text = await call({ method: 'GET', url: `/api/documents/${id}/text` });
    expect(text.json()).toMatchObject({ kind: 'png', passages_text: [] });

    for (const url of [`/api/documents/${id}`, `/api/documents/${id}/file`, `/api/documents/${id}/text`]) {
      const theirs = await other({ method: 'GET', url });
      expect([theirs.statusCode, theirs.json()]).toEqual([404, { detail: 'Document not found' }]);
    }
    const reads = await t.db.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'document.read')
      .where('target', '=', id)
      .orderBy('seq')
      .execute();
    expect(reads.map((r) => JSON.parse(r.details))).toEqual([{ as: 'file' }, { as: 'text' }]);

    for (const [name, format, kind, type] of [
      ['photo.jpg', 'jpeg', 'jpeg', 'image/jpeg'],
      ['photo.JPEG', 'jpeg', 'jpeg', 'image/jpeg'],
      ['chart.webp', 'webp', 'webp', 'image/webp'],
    ] as const) {
      const bytes = await imageOf(64, 48, format);
      const up = await uploadDocument(call, name, bytes);
      expect([name, up.statusCode, up.json().kind]).toEqual([name, 200, kind]);
      const served = await call({ method: 'GET', url: `/api/documents/${up.json().id}/file` });
      expect(served.headers['content-type']).toBe(type);
    }
    const library = await call({ method: 'GET', url: '/api/studio/library?kind=document' });
    expect(library.statusCode).toBe(200);
    expect(JSON.stringify(library.json())).toContain('PNG image');
  });

  it('refuses a file whose name says image when it is not one, or one with too many pixels', async () => {
    const before = (await call({ method: 'GET', url: '/api/documents' })).json().length;
    const png = await imageOf(40, 40);
    const cases: Array<[string, Buffer, number, string]> = [
      [
        'fake.png',
        Buffer.from('not an image at all'),
        422,
        'The PNG file is damaged or not what its name says',
      ],
      ['photo.jpg', png, 422, 'The JPEG file is damaged or not what its name says'],
      [
        'fake.webp',
        Buffer.from('RIFF\0\0\0\0WAVEfmt '),
        422,
        'The WEBP file is damaged or not what its name says',
      ],
      ['fake.gif', Buffer.from('GIF89a'), 422, 'The GIF file is damaged or not what its name says'],
      // A PNG's signature with nothing after it: its header cannot be read.
      ['cut.png', png.subarray(0, 12), 422, 'The PNG file is damaged or not what its name says'],
      [
        'huge.png',
        await imageOf(1200, 1000),
        413,
        'The image is 1,200 × 1,000 pixels; at most 1,000,000 pixels can be attached',
      ],
    ];
    for (const [name, content, status, detail] of cases) {
      const res = await uploadDocument(call, name, content);
      expect([name, res.statusCode, res.json()]).toEqual([name, status, { detail }]);
    }
    expect((await call({ method: 'GET', url: '/api/documents' })).json()).toHaveLength(before);
  });
});
