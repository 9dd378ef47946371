// Documents' files in an S3-compatible bucket (S3_URL): on the SigV4-checking fake of
// packages/fakes, and the same paths against s3rver, a real S3 server implementation on npm. The
// bucket holds only ciphertext; owner only; delete, retention and a chat's delete remove the
// object; an outage answers 503 with Retry-After and changes nothing.
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DOCUMENT_DETAIL } from '@knap/contracts';
import { type FakeS3, startFakeS3 } from '@knap/fakes';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BucketConfig, loadConfig } from '../../config.js';
import { BucketUnavailableError, s3ObjectStore } from '../../platform/object-store.js';
import { pdfOf, uploadDocument } from '../../testing/documents.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, signUp, userIdOf } from '../../testing/users.js';
import { deleteDocumentsCreatedBefore } from './service.js';

/** The server's configuration of documents, with S3_URL when given. */
const loadedDocuments = (s3Url?: string) =>
  loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'knap-s3-')),
    KNAP_SECRET: 'k'.repeat(32),
    ...(s3Url ? { S3_URL: s3Url } : {}),
  }).documents;

const bucketOf = (s3Url: string): BucketConfig => loadedDocuments(s3Url).bucket!;

/** The app with its documents' files in the bucket of `s3Url`. */
const appOnBucket = (s3Url: string) =>
  createTestApp({ config: { documents: { ...loadedDocuments(s3Url), workers: 1 } } });

/** A bucket server the tests run on: its S3_URL, and the stored bytes of a key (undefined: none). */
interface Engine {
  s3Url: string;
  stored(key: string): Promise<Buffer | undefined>;
  close(): Promise<void>;
}

async function fakeEngine(): Promise<Engine & { fake: FakeS3 }> {
  const fake = await startFakeS3();
  return {
    fake,
    s3Url: fake.s3Url('knap-documents', { prefix: 'staging' }),
    stored: async (key) => fake.objects.get(`knap-documents/staging/${key}`),
    close: () => fake.close(),
  };
}

async function s3rverEngine(): Promise<Engine> {
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(path.join(os.tmpdir(), 'knap-s3rver-')),
    configureBuckets: [{ name: 'knap-documents', configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's own credentials.
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    s3Url: `http://S3RVER:S3RVER@127.0.0.1:${port}/knap-documents/staging`,
    stored: async (key) => {
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket: 'knap-documents', Key: `staging/${key}` }),
        );
        return Buffer.from(await res.Body!.transformToByteArray());
      } catch (e) {
        if ((e as Error).name === 'NoSuchKey') return undefined;
        throw e;
      }
    },
    close: async () => {
      client.destroy();
      await server.close();
    },
  };
}

const STATEMENT = ['Quarterly statement for Ann Henderson.', 'Ending balance: $850,000.00'];

describe.each([
  ['the SigV4-checking fake', fakeEngine],
  ['s3rver', s3rverEngine],
])(`documents in a bucket on %s (${testEngine()})`, (_name, startEngine) => {
  let engine: Engine;
  let t: TestApp;
  let call: ReturnType<typeof as>;
  let other: ReturnType<typeof as>;
  let userId: string;

  beforeAll(async () => {
    engine = await startEngine();
    t = await appOnBucket(engine.s3Url);
    const user = await signUp(t);
    call = as(t, user);
    other = as(t, await signUp(t));
    userId = await userIdOf(t, user.email);
  });
  afterAll(async () => {
    await t?.close();
    await engine?.close();
  });

  it('keeps the file encrypted in the bucket, serves it to its owner only, and deletes it there', async () => {
    const pdf = await pdfOf(STATEMENT);
    const res = await uploadDocument(call, 'Q3 statement.pdf', pdf, 'application/pdf');
    expect(res.statusCode).toBe(200);
    const id = res.json().id as string;
    const key = `documents/${userId}/${id}`;
    const stored = await engine.stored(key);
    expect(stored).toBeDefined();
    // Ciphertext only: neither the PDF nor its words are in the bucket.
    expect(stored!.includes(Buffer.from('%PDF-'))).toBe(false);
    expect(stored!.includes(Buffer.from('Henderson'))).toBe(false);
    expect(existsSync(path.join(t.app.deps.config.dataDir, 'documents'))).toBe(false);

    const file = await call({ method: 'GET', url: `/api/documents/${id}/file` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);

    for (const req of [
      { method: 'GET' as const, url: `/api/documents/${id}/file` },
      { method: 'DELETE' as const, url: `/api/documents/${id}` },
    ]) {
      const refused = await other(req);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ detail: DOCUMENT_DETAIL.notFound });
    }
    expect(await engine.stored(key)).toBeDefined();

    expect((await call({ method: 'DELETE', url: `/api/documents/${id}` })).statusCode).toBe(200);
    expect(await engine.stored(key)).toBeUndefined();
    expect((await call({ method: 'GET', url: `/api/documents/${id}` })).statusCode).toBe(404);
  });

  it("retention deletes the object with the document, and a chat's delete with its files does too", async () => {
    const kept = (await uploadDocument(call, 'a.txt', Buffer.from('Henderson letter'))).json().id as string;
    expect(await engine.stored(`documents/${userId}/${kept}`)).toBeDefined();
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(await deleteDocumentsCreatedBefore(t.app.deps, [userId], future)).toBe(1);
    expect(await engine.stored(`documents/${userId}/${kept}`)).toBeUndefined();

    const attached = (await uploadDocument(call, 'b.txt', Buffer.from('Henderson holdings'))).json()
      .id as string;
    const chatId = (await call({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id as string;
    const reply = await call({
      method: 'POST',
      url: '/api/chat/completion',
      payload: { chat_id: chatId, message: { content: 'What holdings?', document_ids: [attached] } },
    });
    expect(reply.statusCode).toBe(200);
    const gone = await call({ method: 'DELETE', url: `/api/chat/chats/${chatId}?documents=delete` });
    expect(gone.statusCode).toBe(200);
    expect(await engine.stored(`documents/${userId}/${attached}`)).toBeUndefined();
  });

  it('checks the bucket, and names what is wrong with one it cannot use', async () => {
    const store = s3ObjectStore(bucketOf(engine.s3Url));
    await store.check();
    await store.put('probe', Buffer.from('x'));
    expect((await store.get('probe')).toString()).toBe('x');
    await store.remove('probe');
    await store.remove('probe');
    store.close();
    const missing = s3ObjectStore(bucketOf(engine.s3Url.replace('/knap-documents', '/no-such-bucket')));
    await expect(missing.check()).rejects.toThrow(new BucketUnavailableError('no such bucket'));
    missing.close();
  });
});

describe(`a bucket that does not answer, or refuses the secret (${testEngine()})`, () => {
  let engine: Awaited<ReturnType<typeof fakeEngine>>;
  let t: TestApp;
  let call: ReturnType<typeof as>;

  beforeAll(async () => {
    engine = await fakeEngine();
    t = await appOnBucket(engine.s3Url);
    call = as(t, await signUp(t));
  });
  afterAll(async () => {
    await t?.close();
    await engine?.close();
  });

  const expect503 = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.json()).toEqual({ detail: DOCUMENT_DETAIL.storeUnavailable });
  };

  it('answers 503 with Retry-After during an outage, and changes nothing', async () => {
    const id = (await uploadDocument(call, 'kept.txt', Buffer.from('Henderson letter'))).json().id as string;
    const before = (await call({ method: 'GET', url: '/api/documents' })).json();
    const objects = new Map(engine.fake.objects);
    engine.fake.outage = true;
    try {
      expect503(await uploadDocument(call, 'new.txt', Buffer.from('Another letter')));
      expect503(await call({ method: 'GET', url: `/api/documents/${id}/file` }));
      expect503(await call({ method: 'DELETE', url: `/api/documents/${id}` }));
      expect((await call({ method: 'GET', url: '/api/documents' })).json()).toEqual(before);
      expect(engine.fake.objects).toEqual(objects);
    } finally {
      engine.fake.outage = false;
    }
    const file = await call({ method: 'GET', url: `/api/documents/${id}/file` });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('Henderson letter');

    // A chat's delete with its files: 503, and the chat and its file are both still there.
    const chatId = (await call({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id as string;
    const asked = await call({
      method: 'POST',
      url: '/api/chat/completion',
      payload: { chat_id: chatId, message: { content: 'What letter?', document_ids: [id] } },
    });
    expect(asked.statusCode).toBe(200);
    engine.fake.outage = true;
    try {
      expect503(await call({ method: 'DELETE', url: `/api/chat/chats/${chatId}?documents=delete` }));
    } finally {
      engine.fake.outage = false;
    }
    expect((await call({ method: 'GET', url: `/api/chat/chats/${chatId}/documents` })).json()).toEqual({
      documents: [{ id, filename: 'kept.txt', kind: 'txt' }],
    });
  });

  it('is refused by the bucket with a wrong secret (SignatureDoesNotMatch), as AWS refuses it', async () => {
    const wrong = s3ObjectStore(bucketOf(engine.fake.s3Url('knap-documents', { secret: 'not-the-secret' })));
    await expect(wrong.put('x', Buffer.from('x'))).rejects.toThrow(BucketUnavailableError);
    await expect(wrong.check()).rejects.toThrow(/access denied/);
    wrong.close();
    expect(engine.fake.requests.at(-1)?.error).toBe('SignatureDoesNotMatch');
    expect(engine.fake.objects.has('knap-documents/x')).toBe(false);
    const unknownKey = s3ObjectStore({ ...bucketOf(engine.s3Url), accessKeyId: 'AKIAUNKNOWN' });
    await expect(unknownKey.check()).rejects.toThrow(/access denied/);
    unknownKey.close();
    expect(engine.fake.requests.at(-1)?.error).toBe('InvalidAccessKeyId');
  });
});
