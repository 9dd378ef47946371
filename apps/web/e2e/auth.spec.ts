// Accounts and sign-in (issue 3), end to end in Chromium against the real server: built-in accounts,
// sign-out, deep links, the refresh cookie, the popup one-shot hand-over and the mobile overlay.
import { expect, type Request, test } from '@playwright/test';
import {
  mintOneShotCode,
  newAccount,
  oneShotVerifier,
  registerViaApi,
  signUpViaApi,
} from './support/accounts';
import { AppShell, CHAT_URL, hasHorizontalScroll, SIGNIN_URL, SignInPage } from './support/app';

const EXCHANGE_PATH = '/api/authentication/exchange-one-shot-code';
const REFRESH_PATH = '/api/auth/refresh';
const ACCESS_TOKEN_KEY = 'knap.access-token';

test.describe('built-in accounts', () => {
  test('create an account through the form and land on /chat with the shell', async ({ page }) => {
    const account = newAccount('Casey Create');
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.createAccount(account);

    await expect(page).toHaveURL(CHAT_URL);
    const shell = new AppShell(page);
    await shell.expectMainMenu();
    await expect(shell.signedInAs(account.email)).toBeVisible();
    await expect(page.getByText(account.name, { exact: true }).first()).toBeVisible();
  });

  test('sign out from Settings → /signin, and /chat then sends back to /signin', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/chat');
    const shell = new AppShell(page);
    await shell.expectMainMenu();

    await shell.logOut();
    const signIn = new SignInPage(page);
    await signIn.expectSignInForm();
    await expect(shell.mainMenu).toHaveCount(0);
    // The session is over on the server too: the refresh cookie no longer works.
    expect((await page.request.get(REFRESH_PATH)).status()).toBe(401);

    await page.goto('/chat');
    await expect(page).toHaveURL(SIGNIN_URL);
    await signIn.expectSignInForm();
  });

  test('sign in again through the form after signing out', async ({ page }) => {
    const account = await signUpViaApi(page, newAccount('Sam Again'));
    await page.goto('/chat');
    const shell = new AppShell(page);
    await shell.expectMainMenu();
    await shell.logOut();
    const signIn = new SignInPage(page);
    await signIn.expectSignInForm();

    await signIn.signIn(account);
    await expect(page).toHaveURL(CHAT_URL);
    await shell.expectMainMenu();
    await expect(shell.signedInAs(account.email)).toBeVisible();
  });

  test('a wrong password shows the server error inline and stays on /signin', async ({ page, request }) => {
    const account = await registerViaApi(request);
    const signIn = new SignInPage(page);
    await signIn.goto();

    await signIn.signIn({ email: account.email, password: 'not the password' });
    await expect(signIn.error).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(SIGNIN_URL);
    await expect(signIn.signInButton).toBeEnabled();

    // An unknown email gets the very same answer (no account enumeration).
    await signIn.email.fill(`nobody-${account.email}`);
    await signIn.signInButton.click();
    await expect(signIn.error).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(SIGNIN_URL);
  });

  test('creating an account with a taken email shows the server error inline', async ({ page, request }) => {
    const existing = await registerViaApi(request);
    const signIn = new SignInPage(page);
    await signIn.goto();

    await signIn.createAccount({ ...newAccount('Dee Duplicate'), email: existing.email });
    await expect(signIn.error).toHaveText('An account with this email already exists');
    await expect(page).toHaveURL(SIGNIN_URL);
    await expect(new AppShell(page).mainMenu).toHaveCount(0);
  });

  test('a deep link opened while signed out returns to it after sign-in', async ({ page, request }) => {
    const account = await registerViaApi(request);
    await page.goto('/library?x=1');
    const signIn = new SignInPage(page);
    await signIn.expectSignInForm();

    await signIn.signIn(account);
    await expect(page).toHaveURL(/\/library\?x=1$/);
    await expect(page.getByRole('heading', { name: 'Library' })).toBeVisible();
    await new AppShell(page).expectMainMenu();
  });

  test('reloading keeps the session, also when only the refresh cookie is left', async ({ page }) => {
    const account = await signUpViaApi(page);
    await page.goto('/chat');
    const shell = new AppShell(page);
    await shell.expectMainMenu();

    await page.reload();
    await expect(page).toHaveURL(CHAT_URL);
    await shell.expectMainMenu();

    // Forget the cached access token: the app must get a new one from the refresh cookie.
    await page.evaluate((key) => localStorage.removeItem(key), ACCESS_TOKEN_KEY);
    const refreshed = page.waitForResponse((res) => new URL(res.url()).pathname === REFRESH_PATH);
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await expect(page).toHaveURL(CHAT_URL);
    await shell.expectMainMenu();
    await expect(shell.signedInAs(account.email)).toBeVisible();
  });
});

test.describe('popup one-shot login', () => {
  test('a code signs in the browser window that asked for it (holding its verifier), and leaves the URL', async ({
    page,
    browser,
  }) => {
    const account = await signUpViaApi(page);
    const { verifier, challenge } = oneShotVerifier();
    const code = await mintOneShotCode(page.request, account.accessToken, challenge);
    expect(code.length).toBeGreaterThanOrEqual(32);

    // A fresh context: no cookies; only the window that made the verifier keeps it.
    const popupContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const popup = await popupContext.newPage();
      await popup.goto('/signin');
      await popup.evaluate((v) => sessionStorage.setItem('knap-one-shot-verifier', v), verifier);
      const exchanged = popup.waitForResponse((res) => new URL(res.url()).pathname === EXCHANGE_PATH);
      await popup.goto(`/chat?popup_auth=true&one_shot_code=${encodeURIComponent(code)}`);
      expect((await exchanged).status()).toBe(200);

      await expect(popup).toHaveURL(CHAT_URL);
      const shell = new AppShell(popup);
      await shell.expectMainMenu();
      await expect(shell.signedInAs(account.email)).toBeVisible();
      expect(new URL(popup.url()).search).toBe('');
    } finally {
      await popupContext.close();
    }
  });

  test('a code link opened in another browser signs nobody in and is never even tried', async ({
    page,
    request,
  }) => {
    const account = await registerViaApi(request);
    const code = await mintOneShotCode(request, account.accessToken, oneShotVerifier().challenge);
    const exchangeRequests: Request[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === EXCHANGE_PATH) exchangeRequests.push(req);
    });
    await page.goto(`/chat?popup_auth=true&one_shot_code=${encodeURIComponent(code)}`);
    const signIn = new SignInPage(page);
    await signIn.expectSignInForm();
    expect(exchangeRequests).toHaveLength(0);
    expect(page.url()).not.toContain(code);
  });

  test('a short code fails with "Invalid code format" before any request', async ({ page }) => {
    const exchangeRequests: Request[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === EXCHANGE_PATH) exchangeRequests.push(req);
    });
    const consoleLines: string[] = [];
    page.on('console', (msg) => consoleLines.push(msg.text()));

    await page.goto('/chat?popup_auth=true&one_shot_code=abc');
    await expect.poll(() => consoleLines.some((line) => line.includes('Invalid code format'))).toBe(true);
    // Nobody is signed in, so the normal auth check sends the visitor to sign-in.
    await new SignInPage(page).expectSignInForm();
    expect(exchangeRequests).toHaveLength(0);
  });

  test('a code that fails to exchange is not put back into the URL by the sign-in redirect', async ({
    page,
    request,
  }) => {
    // The code must never reach the router's location: a sign-in redirect keeps the origin it came
    // from, and would put a spent code back into the address bar and history.

    const account = await registerViaApi(request);
    const { verifier, challenge } = oneShotVerifier();
    const code = await mintOneShotCode(request, account.accessToken, challenge);
    // Spend it, so the browser's exchange fails the way an expired or replayed code does.
    expect((await request.post(EXCHANGE_PATH, { data: { code, code_verifier: verifier } })).status()).toBe(
      200,
    );

    await page.goto('/signin');
    await page.evaluate((v) => sessionStorage.setItem('knap-one-shot-verifier', v), verifier);
    const failed = page.waitForResponse((res) => new URL(res.url()).pathname === EXCHANGE_PATH);
    await page.goto(`/chat?popup_auth=true&one_shot_code=${encodeURIComponent(code)}`);
    expect((await failed).status()).toBe(400);
    const signIn = new SignInPage(page);
    await signIn.expectSignInForm();
    expect(page.url()).not.toContain(code);

    await signIn.signIn(account);
    await expect(page).toHaveURL(CHAT_URL);
  });
});

test.describe('mobile overlay at 375px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the menu button opens the overlay; the backdrop and Escape close it', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/chat');
    const shell = new AppShell(page);

    // No permanent sidebar on a phone: the main menu lives in the overlay.
    await expect(shell.menuButton).toBeVisible();
    await expect(shell.mainMenu).toHaveCount(0);
    expect(await hasHorizontalScroll(page)).toBe(false);

    await shell.menuButton.click();
    await expect(shell.overlay).toBeVisible();
    await expect(shell.backdrop).toBeVisible();
    await shell.expectMainMenu(shell.overlay.getByRole('navigation', { name: 'Main menu' }));

    // The panel covers the left part; the dimmed backdrop shows at the right edge.
    const viewport = page.viewportSize()!;
    await shell.backdrop.click({ position: { x: viewport.width - 10, y: viewport.height / 2 } });
    await expect(shell.overlay).toBeHidden();
    await expect(shell.backdrop).toBeHidden();

    await shell.menuButton.click();
    await expect(shell.overlay).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(shell.overlay).toBeHidden();
    await expect(shell.backdrop).toBeHidden();
    await expect(page).toHaveURL(CHAT_URL);
  });

  test('choosing a menu entry in the overlay navigates and closes it', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/chat');
    const shell = new AppShell(page);

    await shell.menuButton.click();
    await shell.overlay.getByRole('link', { name: 'Knaps', exact: true }).click();
    await expect(page).toHaveURL(/\/knaps$/);
    await expect(shell.overlay).toBeHidden();
    await expect(shell.menuButton).toBeVisible();
  });
});
