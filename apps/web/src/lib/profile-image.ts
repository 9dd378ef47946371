// The signed-in user's profile picture, cached per tab as a data URL (SPEC §3), so the avatar does not
// hit the image host on every navigation and survives the host's rate limits.
import { ERR } from '@knap/contracts';
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

/** A data URL for the image, or null when it cannot be downloaded (the caller shows initials). */
export async function getProfileImage(imageUrl: string): Promise<string | null> {
  const key = profileImageCacheKey(imageUrl);
  const cached = readStorage('session', key);
  if (cached) return cached;

  try {
    const res = await fetch(imageUrl);
    if (!res.ok) {
      console.error(ERR.downloadImage(res.status));
      return null;
    }
    const dataUrl = await blobToDataUrl(await res.blob());
    // A full session storage only costs us the cache, not the picture.
    writeStorage('session', key, dataUrl);
    return dataUrl;
  } catch (error) {
    console.error(ERR.downloadImage(0), error);
    return null;
  }
}

export function clearProfileImageCache(imageUrl: string): void {
  removeStorage('session', profileImageCacheKey(imageUrl));
}
