// Password hashing with scrypt and a per-user salt, compared in constant time. The stored form
// carries its parameters (`scrypt$N$r$p$salt$key`), so hashes made with an older cost still verify
// and are replaced on the user's next sign-in (`needsRehash`).
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** r and p as OWASP has them; N is config's `scryptLogN` (default OWASP's 2^17). */
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/** scrypt needs 128·N·r bytes; Node refuses more than `maxmem` (32 MiB by default, too little at 2^17). */
const maxmemFor = (N: number, r: number) => 2 * 128 * N * r;

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** Hashes with N = 2^logN on libuv's thread pool, off the event loop. */
export async function hashPassword(password: string, logN: number): Promise<string> {
  const N = 2 ** logN;
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r: R, p: P, maxmem: maxmemFor(N, R) });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Hashes of a random password per cost, so a check for an unknown email costs what a known one does. */
const decoys = new Map<number, Promise<string>>();
function decoyHash(logN: number): Promise<string> {
  let decoy = decoys.get(logN);
  if (!decoy) {
    decoy = hashPassword(randomBytes(16).toString('hex'), logN);
    decoys.set(logN, decoy);
  }
  return decoy;
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return null;
  return { N: Number(n), r: Number(r), p: Number(p), salt, hash };
}

/** `stored` null means no such user: a decoy hash of cost 2^logN is checked and false answered. */
export async function verifyPassword(
  password: string,
  stored: string | null,
  logN: number,
): Promise<boolean> {
  const target = parse(stored ?? (await decoyHash(logN)));
  if (!target) return false;
  const expected = Buffer.from(target.hash, 'base64url');
  const actual = await derive(password, Buffer.from(target.salt, 'base64url'), {
    N: target.N,
    r: target.r,
    p: target.p,
    maxmem: maxmemFor(target.N, target.r),
  });
  return stored !== null && actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether a stored hash is weaker than what `hashPassword(…, logN)` makes now. */
export function needsRehash(stored: string, logN: number): boolean {
  const params = parse(stored);
  return !params || params.N < 2 ** logN || params.r < R || params.p < P;
}
