import { USER_DETAIL, USER_PATHS } from '@knap/contracts';
import { type FakeServer, startFakeServer } from '@knap/fakes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp } from '../../testing/users.js';
import { imageTypeOf } from './service.js';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR avatar of Ada'),
]);
const OTHER_PNG = Buffer.concat([PNG.subarray(0, 8), Buffer.from('IHDR avatar of Bob')]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const IMAGES: Record<string, { type: string; body: Buffer }> = {
  '/ada.png': { type: 'image/png', body: PNG },
  '/bob.png': { type: 'image/png; charset=binary', body: OTHER_PNG },
  '/logo.svg': { type: 'image/svg+xml', body: SVG },
  '/svg-said-png.png': { type: 'image/png', body: SVG },
  '/huge.png': { type: 'image/png', body: Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]) },
};

describe(`profile image served by the server (${testEngine()})`, () => {
  let images: FakeServer;
  let t: TestApp;
  const requests: string[] = [];

  beforeAll(async () => {
    images = await startFakeServer((req, res) => {
      requests.push(req.url ?? '');
      const image = IMAGES[req.url ?? ''];
      if (!image) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('no such image');
      }
      res.writeHead(200, { 'content-type': image.type });
      res.end(image.body);
    });
    t = await createTestApp({ config: { profileImageAllowedHosts: [new URL(images.url).host] } });
  });
  afterAll(async () => {
    await t.close();
    await images.close();
  });
  beforeEach(() => {
    requests.length = 0;
  });

  async function userWithImage(url: string | null): Promise<SignedInUser> {
    const user = await signUp(t);
    await t.db.db
      .updateTable('users')
      .set({ profile_image_url: url })
      .where('email', '=', user.email)
      .execute();
    return user;
  }
  const getImage = (user: SignedInUser) => as(t, user)({ method: 'GET', url: USER_PATHS.profileImage });

  it("answers the user's own PNG as private, unsniffable bytes", async () => {
    const ada = await userWithImage(`${images.url}/ada.png`);

    const res = await getImage(ada);

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(requests).toEqual(['/ada.png']);
  });

  it("gives each user only their own image: another user's request never reaches this one's", async () => {
    await userWithImage(`${images.url}/ada.png`);
    const bob = await userWithImage(`${images.url}/bob.png`);
    const nobody = await userWithImage(null);

    const bobs = await getImage(bob);
    expect(bobs.statusCode).toBe(200);
    expect(bobs.rawPayload.equals(OTHER_PNG)).toBe(true);
    const none = await getImage(nobody);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: USER_DETAIL.noProfileImage });
    expect(requests).toEqual(['/bob.png']);

    const anonymous = await t.app.inject({ method: 'GET', url: USER_PATHS.profileImage });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses SVG, whether the host says so or calls it a PNG', async () => {
    for (const path of ['/logo.svg', '/svg-said-png.png']) {
      const res = await getImage(await userWithImage(`${images.url}${path}`));
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ detail: USER_DETAIL.noProfileImage });
      expect(res.headers['content-type']).toContain('application/json');
    }
    expect(requests).toEqual(['/logo.svg', '/svg-said-png.png']);
  });

  it('refuses a body over 1 MB and a failed fetch', async () => {
    for (const path of ['/huge.png', '/missing.png']) {
      const res = await getImage(await userWithImage(`${images.url}${path}`));
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ detail: USER_DETAIL.noProfileImage });
    }
  });

  it('does not fetch from private addresses it was not told to allow', async () => {
    const other = await startFakeServer((req, res) => {
      requests.push(`other:${req.url}`);
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PNG);
    });
    try {
      for (const url of [
        `${other.url}/ada.png`,
        'http://169.254.169.254/latest/meta-data',
        'file:///etc/passwd',
      ]) {
        const res = await getImage(await userWithImage(url));
        expect(res.statusCode, url).toBe(404);
      }
      expect(requests).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('imageTypeOf', () => {
  it('knows PNG, JPEG, GIF and WebP by their first bytes, and nothing else', () => {
    expect(imageTypeOf(PNG)).toBe('image/png');
    expect(imageTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(imageTypeOf(Buffer.from('GIF89a...'))).toBe('image/gif');
    expect(imageTypeOf(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
    expect(imageTypeOf(SVG)).toBeNull();
    expect(imageTypeOf(Buffer.from('<html>'))).toBeNull();
    expect(imageTypeOf(Buffer.alloc(0))).toBeNull();
  });
});
