// Foundation (issue 2): the server answers, the routes of SPEC §2 exist with their guards, and the
// sign-in page holds up on desktop and phone widths.
import { expect, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import {
  AppShell,
  CHAT_URL,
  hasHorizontalScroll,
  PRODUCT_NAME,
  SIGNIN_URL,
  SignInPage,
  saveScreenshot,
} from './support/app';

test.describe('server', () => {
  test('GET /api/health answers ok on SQLite', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/json');
    const body = await res.json();
    expect(body).toMatchObject({ status: 'ok', db: 'sqlite' });
    expect(typeof body.version).toBe('string');
  });
});

test.describe('sign-in page', () => {
  test('/signin renders the product name and the sign-in form', async ({ page }) => {
    const signIn = new SignInPage(page);
    await signIn.goto();
    await expect(page).toHaveTitle(new RegExp(PRODUCT_NAME));
    await expect(page.getByText(PRODUCT_NAME, { exact: true }).first()).toBeVisible();
    await expect(signIn.createAccountTab).toBeVisible();
    await expect(signIn.email).toHaveAttribute('type', 'email');
    await expect(signIn.password).toHaveAttribute('type', 'password');
    // Nothing has gone wrong yet: no inline error.
    await expect(signIn.error).toHaveCount(0);
  });

  test('/ without a session lands on /signin', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(SIGNIN_URL);
    await new SignInPage(page).expectSignInForm();
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    test(`renders at ${viewport.width}px without horizontal scroll`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const signIn = new SignInPage(page);
      await signIn.goto();
      for (const control of [signIn.email, signIn.password, signIn.signInButton]) {
        const box = await control.boundingBox();
        expect(box, 'control is laid out').not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      }
      expect(await hasHorizontalScroll(page)).toBe(false);
      await saveScreenshot(page, `signin-${viewport.width}`);

      // The longer create-account form must fit as well.
      await signIn.createAccountTab.click();
      await expect(signIn.name).toBeVisible();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await saveScreenshot(page, `signin-create-account-${viewport.width}`);
    });
  }
});

test.describe('routes and guards', () => {
  test('an unknown path, signed in, shows the not-found page with a way back to /chat', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/no-such-page/at-all');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveURL(/\/no-such-page\/at-all$/);

    await page.getByRole('link', { name: 'Back to chat' }).click();
    await expect(page).toHaveURL(CHAT_URL);
    await new AppShell(page).expectMainMenu();
  });

  test('an unknown path, signed out, goes to sign-in', async ({ page }) => {
    // App bug (reported): routes.tsx puts the '*' not-found route outside RequireAuth, so a signed-out
    // visitor sees the not-found page; SPEC §2 lists 'any other path' inside the login-protected shell.
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(SIGNIN_URL);
    await new SignInPage(page).expectSignInForm();
  });

  test('a knap the user has opens after the access check', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/advanced-planning');
    await expect(page.getByText('Checking knap access...')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Advanced planning' })).toBeVisible();
    await expect(page).toHaveURL(/\/advanced-planning$/);
  });

  for (const gated of ['/prospecting', '/coaching']) {
    test(`knap-gated ${gated} redirects a user without the knap to /chat`, async ({ page }) => {
      await signUpViaApi(page);
      await page.goto(gated);
      await expect(page).toHaveURL(CHAT_URL);
      await new AppShell(page).expectMainMenu();
      // The gated screen never rendered: no 'Built with' badge (shown only on /coaching).
      await expect(page.getByRole('img', { name: /Built with/ })).toHaveCount(0);
    });
  }
});
