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
}

export const deriveAppKeys = (secret: string): AppKeys => ({
  accessToken: new Uint8Array(deriveKey(secret, 'access-token')),
  connectionTokens: deriveKey(secret, 'connection-tokens'),
});
