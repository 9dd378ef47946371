// The embeddable widget (issue 10) against the real server: a host page on one origin embeds the
// app from another with one script tag; sign-in runs in a popup and hands the framed app a one-shot
// code; the host's AUTH_SUCCESS is accepted from the host only; the app refuses other framers.
import { expect, test } from '@playwright/test';
import { registerViaApi } from './support/accounts';
import { foreignHostUrl, HostPage } from './support/widget';

test('a visitor opens the widget, signs in through a popup and chats; the host page keeps its styles', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  const host = new HostPage(page);
  await host.goto();
  // The host's own loud button style did not leak into the widget, nor the widget's into the host.
  const hostButtonBg = await page
    .locator('#host-button')
    .evaluate((b) => getComputedStyle(b).backgroundColor);
  expect(hostButtonBg).toBe('rgb(255, 105, 180)');
  expect(await host.launcher.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(15, 118, 110)');

  await host.open();
  await expect(host.signInHeading).toBeVisible();
  // The panel is 400px wide on a 1280px host: the app lays out for its container, so mobile.
  await expect(host.app.getByRole('button', { name: 'Sign in in a new window' })).toBeVisible();

  const popupOpened = page.waitForEvent('popup');
  await host.app.getByRole('button', { name: 'Sign in in a new window' }).click();
  const popup = await popupOpened;
  await popup.getByLabel('Email').fill(account.email);
  await popup.getByLabel('Password').fill(account.password);
  await popup.getByRole('button', { name: 'Sign in', exact: true }).click();
  await popup.waitForEvent('close');

  // Signed in inside the widget from the popup's one-shot code; the mobile layout has a menu button.
  const composer = host.app.getByRole('textbox', { name: 'Message' });
  await expect(composer).toBeVisible();
  await expect(host.app.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await composer.fill('What can you do?');
  await composer.press('Enter');
  await expect(host.app.getByText("I'm the built-in demo assistant").first()).toBeVisible();

  // Escape inside the widget closes it; the open state is remembered by the host page.
  await composer.press('Escape');
  await expect(host.launcher).toHaveAttribute('aria-expanded', 'false');
  await host.open();
  await page.reload();
  await expect(host.launcher).toHaveAttribute('aria-expanded', 'true');
});

test('a host that signs its users in hands over a session; AUTH_SUCCESS from another origin is ignored', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request);
  const host = new HostPage(page);
  await host.goto({ auth: 'host', open: 'true' });
  const frame = page.frameLocator('iframe[title="Knap Studio assistant"]');
  // Waiting for the host: no sign-in screen yet.
  await expect(frame.getByRole('status', { name: 'Checking your session' })).toBeAttached();

  // A frame of another origin inside the host page posts a valid token to the widget: ignored.
  await page.evaluate((src) => {
    const f = document.createElement('iframe');
    f.src = src;
    f.id = 'foreign';
    document.body.append(f);
    return new Promise((resolve) => f.addEventListener('load', resolve));
  }, `${foreignHostUrl()}/foreign.html`);
  await page.evaluate((token) => {
    (document.getElementById('foreign') as HTMLIFrameElement).contentWindow!.postMessage(
      { type: 'FORWARD', token },
      '*',
    );
  }, account.accessToken);
  await page.waitForTimeout(500);
  await expect(frame.getByRole('textbox', { name: 'Message' })).toHaveCount(0);

  // The host itself hands the token over: signed in, and the host hears AUTH_COMPLETE.
  const completed = page.evaluate(
    () => new Promise((resolve) => window.addEventListener('knap-widget:auth_complete', () => resolve(true))),
  );
  await page.evaluate((token) => window.KnapWidget!.authenticate('knap', token), account.accessToken);
  expect(await completed).toBe(true);
  await expect(frame.getByRole('textbox', { name: 'Message' })).toBeVisible();
});

test('with no token from its host for 30 s the widget says so and offers sign-in', async ({ page }) => {
  await page.clock.install();
  const host = new HostPage(page);
  await host.goto({ auth: 'host', open: 'true' });
  const frame = page.frameLocator('iframe[title="Knap Studio assistant"]');
  await expect(frame.getByRole('status', { name: 'Checking your session' })).toBeAttached();
  await page.clock.runFor(31_000);
  await expect(frame.getByRole('alert')).toHaveText('Authentication timeout in iframe mode');
  await expect(frame.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});

test('the app refuses to be framed by a host that is not on the list', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors/.test(message.text())) refused.push(message.text());
  });
  const host = new HostPage(page);
  await host.goto({}, foreignHostUrl());
  await host.open();
  await expect.poll(() => refused.length).toBeGreaterThan(0);
  await expect(page.frameLocator('iframe[title="Knap Studio assistant"]').getByRole('heading')).toHaveCount(
    0,
  );
});

test('a sign-in popup the host page opens itself hands its one-shot code to the widget', async ({
  page,
  request,
  baseURL,
}) => {
  const account = await registerViaApi(request);
  const host = new HostPage(page);
  await host.goto();
  await host.open();
  await expect(host.signInHeading).toBeVisible();

  // The host's own "Sign in" button opens the app's sign-in page as an external popup, at the
  // address the loader gives: it carries the challenge of a verifier only the widget holds.
  const signInUrl = await page.waitForFunction(() => window.KnapWidget?.signInUrl() ?? null);
  const url = (await signInUrl.jsonValue()) as string;
  expect(url.startsWith(`${baseURL}/auth/ghost?challenge=`)).toBe(true);
  const popupOpened = page.waitForEvent('popup');
  await page.evaluate((address) => window.open(address, 'host-signin', 'popup,width=480,height=720'), url);
  const popup = await popupOpened;
  await popup.getByLabel('Email').fill(account.email);
  await popup.getByLabel('Password').fill(account.password);
  await popup.getByRole('button', { name: 'Sign in', exact: true }).click();
  await popup.waitForEvent('close');

  await expect(host.app.getByRole('textbox', { name: 'Message' })).toBeVisible();
});

test('on a phone the open panel has its own close button, and Escape closes it too', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const host = new HostPage(page);
  await host.goto();
  const launcher = page.getByRole('button', { name: 'Open Knap Studio' });
  await launcher.click();
  await expect(host.signInHeading).toBeVisible();
  // The panel fills the screen and hides the launcher; its bar holds the close button.
  await expect(launcher).toBeHidden();
  const close = page
    .getByRole('dialog', { name: 'Knap Studio' })
    .getByRole('button', { name: 'Close Knap Studio' });
  await expect(close).toBeVisible();
  const box = (await close.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  await close.focus();
  await page.keyboard.press('Enter');
  await expect(host.signInHeading).toBeHidden();
  await expect(launcher).toBeVisible();
  await expect(launcher).toBeFocused();

  await launcher.click();
  await expect(host.signInHeading).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(launcher).toBeVisible();
  await expect(launcher).toHaveAttribute('aria-expanded', 'false');
});
