import { ERR, USER_PATHS } from '@knap/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock';
import { clearProfileImageCache, getProfileImage, profileImageCacheKey } from './profile-image';
import { tokenManager } from './token-manager';

const imageUrl = 'https://images.example.com/avatars/ada.png?size=96';

describe('profile image cache', () => {
  beforeEach(() => tokenManager.setAccessToken('token-123'));
  afterEach(() => tokenManager.clear());

  it('keys the cache by the encoded image URL', () => {
    expect(profileImageCacheKey(imageUrl)).toBe(`profile-image:${encodeURIComponent(imageUrl)}`);
  });

  it('downloads the image once from our server, with the bearer token, and serves the cached data URL afterwards', async () => {
    const fetchMock = mockFetch({
      [`GET ${USER_PATHS.profileImage}`]: () =>
        new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } }),
    });

    const first = await getProfileImage(imageUrl);
    expect(first).toMatch(/^data:image\/png;base64,/);
    // Never the image host itself: the page may connect only to our origin.
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual([USER_PATHS.profileImage]);
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer token-123' });
    expect(sessionStorage.getItem(profileImageCacheKey(imageUrl))).toBe(first);

    await expect(getProfileImage(imageUrl)).resolves.toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('clears the cached copy of one image', () => {
    sessionStorage.setItem(profileImageCacheKey(imageUrl), 'data:image/png;base64,AAAA');
    sessionStorage.setItem(profileImageCacheKey('https://other.example/b.png'), 'data:image/png;base64,BBBB');

    clearProfileImageCache(imageUrl);

    expect(sessionStorage.getItem(profileImageCacheKey(imageUrl))).toBeNull();
    expect(sessionStorage.getItem(profileImageCacheKey('https://other.example/b.png'))).not.toBeNull();
  });

  it('only logs a failed download and lets the caller fall back to initials', async () => {
    mockFetch({});
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});

    await expect(getProfileImage(imageUrl)).resolves.toBeNull();
    expect(errorLog).toHaveBeenCalledWith(ERR.downloadImage(404));
    expect(sessionStorage.length).toBe(0);
  });
});
