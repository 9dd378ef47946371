import { describe, expect, it } from 'vitest';
import { decryptSecret, deriveKey, encryptSecret } from './crypto.js';

describe('secret encryption', () => {
  const key = deriveKey('a-test-secret-that-is-long-enough-0123', 'tokens');

  it('round-trips and never stores the plaintext', () => {
    const stored = encryptSecret(key, 'ya29.refresh-token');
    expect(stored).not.toContain('ya29');
    expect(decryptSecret(key, stored)).toBe('ya29.refresh-token');
    expect(encryptSecret(key, 'same')).not.toBe(encryptSecret(key, 'same'));
  });

  it('rejects a tampered value and another key', () => {
    const stored = encryptSecret(key, 'secret');
    const parts = stored.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => decryptSecret(key, parts.join('.'))).toThrow();
    expect(() =>
      decryptSecret(deriveKey('another-secret-that-is-long-enough-xx', 'tokens'), stored),
    ).toThrow();
  });
});
