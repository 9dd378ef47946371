// The signed-in user's profile picture, cached per tab as a data URL (SPEC §3), so the avatar is not
// downloaded again on every navigation. The bytes come from our server, which fetches the picture
// from the identity provider's host: the page itself may connect only to our origin (CSP).
import { ERR, USER_PATHS } from '@knap/contracts';
import { ApiError, apiFetch } from './api-client';
import { readStorage, removeStorage, writeStorage } from './storage';

export function profileImageCacheKey(imageUrl: string): string {
  return `profile-image:${encodeURIComponent(imageUrl)}`;
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read image'));
    reader.readAsDataURL(blob);
  });
}

/**
 * A data URL of the signed-in user's picture, whose URL (their `profile_image_url`) names the cache
 * entry, or null when it cannot be downloaded (the caller shows initials).
 */
export async function getProfileImage(imageUrl: string): Promise<string | null> {
  const key = profileImageCacheKey(imageUrl);
  const cached = readStorage('session', key);
  if (cached) return cached;

  try {
    const res = await apiFetch(USER_PATHS.profileImage);
    const dataUrl = await blobToDataUrl(await res.blob());
    // A full session storage only costs us the cache, not the picture.
    writeStorage('session', key, dataUrl);
    return dataUrl;
  } catch (error) {
    if (error instanceof ApiError && error.status) console.error(ERR.downloadImage(error.status));
    else console.error(ERR.downloadImage(0), error);
    return null;
  }
}

export function clearProfileImageCache(imageUrl: string): void {
  removeStorage('session', profileImageCacheKey(imageUrl));
}
