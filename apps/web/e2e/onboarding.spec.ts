// Onboarding against the real server: a new account sees the setup reminder on the new-chat screen,
// confirms the browser's timezone, skips the CRM, asks a first question (the step is done on return), and
// dismisses the reminder for good. The guide fits a phone.
import { ONBOARDING_PATHS, type TOnboarding, USER_PATHS } from '@knap/contracts';
import { expect, test } from '@playwright/test';
import { apiAs, signUpViaApi } from './support/accounts';
import { hasHorizontalScroll } from './support/app';
import { ChatScreen } from './support/chat';

/** The browser's zone: the profile step suggests it, and the app gives it to the account as it loads. */
test.use({ timezoneId: 'Europe/Berlin' });

const QUESTION = 'What should I prepare before my next client meeting?';

test('a new account sets up from the chat reminder, and a dismissed reminder stays gone', async ({
  page,
}) => {
  const account = await signUpViaApi(page);
  const api = apiAs(page.request, account.accessToken);
  const state = async () => (await (await api.get(ONBOARDING_PATHS.state)).json()) as TOnboarding;
  const status = async (id: string) => (await state()).steps.find((s) => s.id === id)?.status;

  await page.goto('/chat');
  await expect(page.getByRole('heading', { name: 'Hello, Avery' })).toBeVisible();
  const banner = page.getByRole('complementary', { name: 'Finish setting up Knap Studio' });
  await expect(banner).toBeVisible();
  await expect(banner.getByText('0 of 5 done')).toBeVisible();
  await banner.getByRole('link', { name: 'Continue setup' }).click();

  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Set up Knap Studio' })).toBeVisible();
  await expect(page.getByText('0 of 5 done')).toBeVisible();

  // Profile: the name, and the browser's timezone (the app follows the browser), confirmed.
  const profile = page.getByRole('listitem', { name: 'Your name and timezone' });
  await expect(profile.getByText('To do', { exact: true })).toBeVisible();
  await expect(profile.getByRole('textbox', { name: 'Name' })).toHaveValue('Avery Advisor');
  await expect(profile.getByRole('status', { name: 'Timezone' })).toHaveText('Europe/Berlin');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile.getByText('Done', { exact: true })).toBeVisible();
  await expect(profile.getByText('Avery Advisor · Europe/Berlin')).toBeVisible();
  await expect(page.getByText('1 of 5 done')).toBeVisible();
  expect((await (await api.get(USER_PATHS.me)).json()).timezone).toBe('Europe/Berlin');
  expect(await status('profile')).toBe('done');

  // The CRM step is skipped from the keyboard.
  const crm = page.getByRole('listitem', { name: 'Connect a CRM' });
  await crm.getByRole('button', { name: 'Skip' }).focus();
  await page.keyboard.press('Enter');
  await expect(crm.getByText('Skipped', { exact: true })).toBeVisible();
  await expect(crm.getByRole('button', { name: 'Undo skip' })).toBeFocused();
  expect(await status('crm')).toBe('skipped');

  // The guide fits a phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(crm).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A first question opens a chat; back on the guide, the step is done.
  const first = page.getByRole('listitem', { name: 'Try a first question' });
  await expect(first.getByText('To do', { exact: true })).toBeVisible();
  await first.getByRole('button', { name: QUESTION }).click();
  await expect(page).toHaveURL(/\/chat\?id=[0-9a-f-]{36}$/);
  await expect(new ChatScreen(page).messages.getByText(QUESTION)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(first.getByText('Done', { exact: true })).toBeVisible();
  await expect(page.getByText('2 of 5 done')).toBeVisible();

  // The reminder shows the progress; dismissed, it is gone, and stays gone after a reload.
  await page.goto('/chat');
  await expect(banner.getByText('2 of 5 done')).toBeVisible();
  await banner.getByRole('button', { name: 'Dismiss the setup reminder' }).click();
  await expect(banner).toHaveCount(0);
  await expect.poll(async () => (await state()).dismissed_at).not.toBeNull();
  expect((await state()).show_banner).toBe(false);

  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === ONBOARDING_PATHS.state && r.request().method() === 'GET',
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Hello, Avery' })).toBeVisible();
  expect((await (await answered).json()).show_banner).toBe(false);
  await expect(banner).toHaveCount(0);

  // The guide itself is still there, from the Workspace section of Knaps.
  await page.goto('/knaps');
  await page.getByRole('link', { name: /Set up/ }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(
    page.getByText('The setup reminder is off. You can still finish any step here.'),
  ).toBeVisible();
  await expect(
    page.getByRole('listitem', { name: 'Connect a CRM' }).getByText('Skipped', { exact: true }),
  ).toBeVisible();
});
