// Sends mail as the user through their connected Gmail or Outlook (Microsoft Graph).
import type { AppDeps } from '../../app.js';
import { accessTokenFor } from './oauth-service.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
}

/** One header line: no line breaks (no header injection); non-ASCII as an RFC 2047 word. */
function headerValue(value: string): string {
  const clean = value.replace(/[\r\n]+/g, ' ').trim();
  return /^[\x20-\x7e]*$/.test(clean)
    ? clean
    : `=?UTF-8?B?${Buffer.from(clean, 'utf8').toString('base64')}?=`;
}

function rfc822(mail: OutgoingMail): string {
  return [
    `To: ${headerValue(mail.to)}`,
    `Subject: ${headerValue(mail.subject)}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset="UTF-8"',
    'Content-Transfer-Encoding: 8bit',
    '',
    mail.body,
  ].join('\r\n');
}

async function post(url: string, token: string, body: unknown): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  if (!res.ok) throw new Error(`mail API answered ${res.status}`);
}

/** Sends through Gmail, else Outlook; answers which, or null when neither is connected. */
export async function sendMailAsUser(
  deps: AppDeps,
  userId: string,
  mail: OutgoingMail,
): Promise<'gmail' | 'outlook' | null> {
  const gmail = await accessTokenFor(deps, userId, 'google_gmail_modify');
  if (gmail) {
    await post(`${deps.config.apis.google}/gmail/v1/users/me/messages/send`, gmail, {
      raw: Buffer.from(rfc822(mail), 'utf8').toString('base64url'),
    });
    return 'gmail';
  }
  const outlook = await accessTokenFor(deps, userId, 'microsoft_outlook_read');
  if (outlook) {
    await post(`${deps.config.apis.microsoftGraph}/v1.0/me/sendMail`, outlook, {
      message: {
        subject: mail.subject,
        body: { contentType: 'Text', content: mail.body },
        toRecipients: [{ emailAddress: { address: mail.to } }],
      },
      saveToSentItems: true,
    });
    return 'outlook';
  }
  return null;
}
