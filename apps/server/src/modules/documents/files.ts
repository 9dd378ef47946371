// Where an attached document's file is kept: `DATA_DIR/documents/<user id>/<document id>`, encrypted
// with the app's documents key (AES-256-GCM, as other secrets at rest), the folders 0700 and the
// files 0600. An S3-compatible bucket is not built yet (docs/documents.md).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { decryptBytes, encryptBytes } from '../../platform/crypto.js';
import type { AppDeps } from '../../platform/deps.js';

const folderOf = (deps: AppDeps, userId: string) => path.join(deps.config.dataDir, 'documents', userId);

export async function writeDocumentFile(
  deps: AppDeps,
  { userId, documentId, bytes }: { userId: string; documentId: string; bytes: Buffer },
): Promise<void> {
  const folder = folderOf(deps, userId);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await writeFile(path.join(folder, documentId), encryptBytes(deps.keys.documents, bytes), { mode: 0o600 });
}

export async function readDocumentFile(
  deps: AppDeps,
  { userId, documentId }: { userId: string; documentId: string },
): Promise<Buffer> {
  const stored = await readFile(path.join(folderOf(deps, userId), documentId));
  return decryptBytes(deps.keys.documents, stored);
}

export async function removeDocumentFile(
  deps: AppDeps,
  { userId, documentId }: { userId: string; documentId: string },
): Promise<void> {
  await rm(path.join(folderOf(deps, userId), documentId), { force: true });
}
