// Small crypto helpers: random tokens, hashes for stored tokens, AES-256-GCM for secrets at rest.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/** URL-safe random token of `bytes` random bytes. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('base64url');

/** A key for one purpose, derived from the app secret so one secret serves JWTs and encryption. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'knap-studio', purpose, 32));
}

const VERSION = 'v1';

/** Encrypts a secret for storage: `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function encryptSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptSecret(key: Buffer, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined)
    throw new Error('Unrecognised encrypted value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

const BYTES_MAGIC = Buffer.from('KNAP1');

/**
 * Encrypts a file for storage with AES-256-GCM, as secrets are: `KNAP1` <iv 12> <tag 16> <data>.
 * The tag makes a changed or cut file fail to decrypt rather than read as something else.
 */
export function encryptBytes(key: Buffer, plain: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([BYTES_MAGIC, iv, cipher.getAuthTag(), data]);
}

export function decryptBytes(key: Buffer, stored: Buffer): Buffer {
  const head = BYTES_MAGIC.length;
  if (!stored.subarray(0, head).equals(BYTES_MAGIC)) throw new Error('Unrecognised encrypted file');
  const decipher = createDecipheriv('aes-256-gcm', key, stored.subarray(head, head + 12));
  decipher.setAuthTag(stored.subarray(head + 12, head + 28));
  return Buffer.concat([decipher.update(stored.subarray(head + 28)), decipher.final()]);
}

/** JSON with object keys sorted at every level: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/** A digest of a value's canonical JSON (what an approval binds the tool's input to). */
export const digestJson = (value: unknown): string => sha256(canonicalJson(value ?? null));

/** The keys an app derives from its secret, once (AppDeps.keys). */
export interface AppKeys {
  /** HS256 key of access tokens. */
  accessToken: Uint8Array;
  /** AES-256-GCM key of connection tokens at rest. */
  connectionTokens: Buffer;
  /** AES-256-GCM key of attached documents' files at rest. */
  documents: Buffer;
}

export const deriveAppKeys = (secret: string): AppKeys => ({
  accessToken: new Uint8Array(deriveKey(secret, 'access-token')),
  connectionTokens: deriveKey(secret, 'connection-tokens'),
  documents: deriveKey(secret, 'documents'),
});
