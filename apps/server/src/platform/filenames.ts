// Names of files users hand us, and how they go back out in a download's Content-Disposition
// header (RFC 6266 / RFC 2231). Mail attachments are named by nodemailer (connections/systems/mail.ts).
import { FILENAME_MAX_LENGTH } from '@knap/contracts';

/** The last path segment, without control characters, at most FILENAME_MAX_LENGTH; else `fallback`. */
export function safeFilename(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const clean = base.replace(/[\x00-\x1f\x7f]/g, '').trim();
  return clean ? clean.slice(0, FILENAME_MAX_LENGTH) : fallback;
}

/**
 * `attachment` with the name twice: `filename` in plain ASCII (quotes, backslashes and anything
 * non-ASCII replaced) for old readers, and `filename*` percent-encoded UTF-8 with the exact name.
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const exact = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
