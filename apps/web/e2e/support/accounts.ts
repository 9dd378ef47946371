// Seed helpers for end-to-end specs: make accounts through the real API, sharing the browser's
// cookie jar so the app's refresh finds the session.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';

export interface TestAccount {
  email: string;
  password: string;
  name: string;
}

export function newAccount(name = 'Avery Advisor'): TestAccount {
  return {
    email: `e2e-${randomUUID().slice(0, 8)}@e2e-${randomUUID().slice(0, 6)}.example`,
    password: 'e2e password 123',
    name,
  };
}

/** Registers through the API; the browser context of `page` is then signed in (refresh cookie). */
export async function signUpViaApi(
  page: Page,
  account = newAccount(),
): Promise<TestAccount & { accessToken: string }> {
  const res = await page.request.post('/api/authentication/register', { data: account });
  if (!res.ok()) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  return { ...account, accessToken: (await res.json()).access_token };
}

/** Calls the API as the account (for seeding data a spec needs). */
export function apiAs(request: APIRequestContext, accessToken: string) {
  const headers = { authorization: `Bearer ${accessToken}` };
  return {
    get: (url: string) => request.get(url, { headers }),
    post: (url: string, data?: unknown) => request.post(url, { headers, data }),
    put: (url: string, data?: unknown) => request.put(url, { headers, data }),
    delete: (url: string) => request.delete(url, { headers }),
  };
}

/** Registers through the API without touching any browser: the account exists, nobody is signed in. */
export async function registerViaApi(
  request: APIRequestContext,
  account = newAccount(),
): Promise<TestAccount & { accessToken: string }> {
  const res = await request.post('/api/authentication/register', { data: account });
  if (!res.ok()) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  return { ...account, accessToken: (await res.json()).access_token };
}

/** A verifier and its S256 challenge, as the browser context that asks for a one-shot code makes them. */
export function oneShotVerifier(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Mints a one-shot login code (popup / widget hand-over) as the account, for a challenge. */
export async function mintOneShotCode(
  request: APIRequestContext,
  accessToken: string,
  challenge: string,
): Promise<string> {
  const res = await apiAs(request, accessToken).post('/api/authentication/one-shot-code', {
    code_challenge: challenge,
  });
  if (!res.ok()) throw new Error(`one-shot-code failed: ${res.status()} ${await res.text()}`);
  const { code } = (await res.json()) as { code: string };
  return code;
}

/** The mail the app sent to an address, as the SMTP fake received it (newest last). */
export async function mailTo(address: string): Promise<Array<{ subject: string; text: string }>> {
  const res = await fetch(`${process.env.E2E_MAILBOX_URL}/messages?to=${encodeURIComponent(address)}`);
  return (await res.json()) as Array<{ subject: string; text: string }>;
}

/** The newest link to `page` (/verify-email, /invitation) mailed to the address, waiting for it. */
export async function mailedLink(address: string, page: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s]+${page}\\?token=[\\w-]+`);
  for (let attempt = 0; attempt < 50; attempt++) {
    const link = (await mailTo(address))
      .map((m) => pattern.exec(m.text)?.[0])
      .filter(Boolean)
      .at(-1);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${page} link mailed to ${address}`);
}

/** Proves the account's address with the link it was mailed, through the API. */
export async function verifyViaApi(
  request: APIRequestContext,
  account: { email: string; accessToken: string },
) {
  const token = new URL(await mailedLink(account.email, '/verify-email')).searchParams.get('token');
  const res = await apiAs(request, account.accessToken).post('/api/authentication/verify-email', { token });
  if (!res.ok()) throw new Error(`verify failed: ${res.status()} ${await res.text()}`);
}

/**
 * Makes the accounts one firm, as people do: the admin proves their address and claims its domain
 * (the organization takes its name), invites each member by email, and each accepts the link.
 */
export async function joinFirm(
  request: APIRequestContext,
  admin: { email: string; accessToken: string },
  ...members: Array<{ email: string; accessToken: string }>
): Promise<void> {
  await verifyViaApi(request, admin);
  const adminApi = apiAs(request, admin.accessToken);
  const claimed = await adminApi.put('/api/admin/organization/domain', { auto_join: false });
  if (!claimed.ok()) throw new Error(`claim failed: ${claimed.status()} ${await claimed.text()}`);
  for (const member of members) {
    const invited = await adminApi.post('/api/admin/invitations', { email: member.email });
    if (!invited.ok()) throw new Error(`invite failed: ${invited.status()} ${await invited.text()}`);
    const token = new URL(await mailedLink(member.email, '/invitation')).searchParams.get('token');
    const accepted = await apiAs(request, member.accessToken).post('/api/invitations/accept', { token });
    if (!accepted.ok()) throw new Error(`accept failed: ${accepted.status()} ${await accepted.text()}`);
  }
}
