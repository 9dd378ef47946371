// Where an attached document's file is kept, encrypted with the app's documents key (AES-256-GCM, as
// other secrets at rest) before it leaves the process:
// - with S3_URL, in that bucket as `<prefix>documents/<user id>/<document id>` (the bucket never
//   holds plaintext); a bucket that does not answer is 503 with Retry-After, and nothing changes;
// - else under `DATA_DIR/documents/<user id>/<document id>`, the folders 0700 and the files 0600.

import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DOCUMENT_DETAIL } from '@knap/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { decryptBytes, encryptBytes } from '../../platform/crypto.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { BucketUnavailableError, type ObjectStore, s3ObjectStore } from '../../platform/object-store.js';

/** A bucket that did not answer is asked again after this long. */
const BUCKET_RETRY_AFTER_SECONDS = 30;

type FileRef = { userId: string; documentId: string };

/** The stored (encrypted) bytes of the documents' files: on disk or in a bucket. */
export interface DocumentFiles {
  write(ref: FileRef, stored: Buffer): Promise<void>;
  read(ref: FileRef): Promise<Buffer>;
  remove(ref: FileRef): Promise<void>;
  close(): void;
}

declare module '../../platform/deps.js' {
  interface AppDeps {
    /** Where the documents' files are kept (this file): S3_URL's bucket, else DATA_DIR. */
    documentFiles: DocumentFiles;
  }
}

function diskFiles(dataDir: string): DocumentFiles {
  const folderOf = (userId: string) => path.join(dataDir, 'documents', userId);
  return {
    async write({ userId, documentId }, stored) {
      const folder = folderOf(userId);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      await writeFile(path.join(folder, documentId), stored, { mode: 0o600 });
    },
    read: ({ userId, documentId }) => readFile(path.join(folderOf(userId), documentId)),
    remove: ({ userId, documentId }) => rm(path.join(folderOf(userId), documentId), { force: true }),
    close: () => {},
  };
}

function bucketFiles(store: ObjectStore, log: FastifyBaseLogger): DocumentFiles {
  const keyOf = ({ userId, documentId }: FileRef) => `documents/${userId}/${documentId}`;
  const answered = async <T>(ref: FileRef, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (!(err instanceof BucketUnavailableError)) throw err;
      log.warn({ document: ref.documentId, reason: err.reason }, 'the documents bucket did not answer');
      throw new HttpError(503, DOCUMENT_DETAIL.storeUnavailable, BUCKET_RETRY_AFTER_SECONDS);
    }
  };
  return {
    write: (ref, stored) => answered(ref, () => store.put(keyOf(ref), stored)),
    read: (ref) => answered(ref, () => store.get(keyOf(ref))),
    remove: (ref) => answered(ref, () => store.remove(keyOf(ref))),
    close: () => store.close(),
  };
}

/** The app's file store: the bucket S3_URL names, else DATA_DIR. */
export const createDocumentFiles = (config: Config, log: FastifyBaseLogger): DocumentFiles =>
  config.documents.bucket
    ? bucketFiles(s3ObjectStore(config.documents.bucket), log)
    : diskFiles(config.dataDir);

export async function writeDocumentFile(
  deps: AppDeps,
  { userId, documentId, bytes }: FileRef & { bytes: Buffer },
): Promise<void> {
  await deps.documentFiles.write({ userId, documentId }, encryptBytes(deps.keys.documents, bytes));
}

export async function readDocumentFile(deps: AppDeps, ref: FileRef): Promise<Buffer> {
  return decryptBytes(deps.keys.documents, await deps.documentFiles.read(ref));
}

export const removeDocumentFile = (deps: AppDeps, ref: FileRef): Promise<void> =>
  deps.documentFiles.remove(ref);
