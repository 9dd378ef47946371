// Seed helpers for end-to-end specs: make accounts through the real API, sharing the browser's
// cookie jar so the app's refresh finds the session.
import { randomUUID } from 'node:crypto';
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

/** Mints a one-shot login code (popup / widget hand-over) as the account. */
export async function mintOneShotCode(request: APIRequestContext, accessToken: string): Promise<string> {
  const res = await apiAs(request, accessToken).post('/api/authentication/one-shot-code');
  if (!res.ok()) throw new Error(`one-shot-code failed: ${res.status()} ${await res.text()}`);
  const { code } = (await res.json()) as { code: string };
  return code;
}
