// Everything findable in two steps (issue 25), against the real server: the command palette opens
// with Ctrl+K and jumps to Library; the sidebar reaches Connections and Sent; an email kept in the
// outbox appears in Sent and opens to be read, at desktop and phone widths.
import { EMAIL_PATHS } from '@knap/contracts';
import { expect, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { hasHorizontalScroll } from './support/app';

test('Ctrl+K opens the command palette and jumps to Library', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/chat');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

  await page.keyboard.press('Control+k');
  // The palette's input (the Library's filters are comboboxes too).
  const input = page.getByPlaceholder('Type a screen, a chat or an action…');
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('role', 'combobox');
  await expect(page.getByRole('listbox')).toBeVisible();
  await input.fill('Library');
  await expect(page.getByRole('option').first()).toHaveText('Library');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByRole('heading', { name: 'Library', level: 1 })).toBeVisible();
  await expect(input).toBeHidden();
});

test('the sidebar reaches Connections and Sent, and an outbox email is in Sent', async ({ page }) => {
  test.slow(); // two screen sizes and a send
  const account = await signUpViaApi(page);
  // No mail account is connected: the email is kept in the local outbox.
  const sent = await page.request.post(EMAIL_PATHS.send, {
    headers: { authorization: `Bearer ${account.accessToken}` },
    multipart: {
      to: 'ann@henderson.example',
      subject: 'Your 2027 roadmap',
      body: 'Hi Ann,\n<img src="https://tracker.example/pixel.png">\nDana',
      connection_type: 'Gmail',
    },
  });
  expect((await sent.json()).delivered_to).toBe('outbox');

  await page.goto('/chat');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Connections' }).click();
  await expect(page).toHaveURL(/\/connections$/);

  const remote: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(new URL(page.url()).origin)) remote.push(r.url());
  });
  await menu.getByRole('link', { name: 'Sent' }).click();
  await expect(page).toHaveURL(/\/sent$/);
  const item = page.getByRole('link', { name: /Your 2027 roadmap/ });
  await expect(item).toContainText('ann@henderson.example');
  await expect(item).toContainText('Sent');
  await item.click();
  await expect(page.getByRole('heading', { name: 'Your 2027 roadmap' })).toBeVisible();
  // The body is text: the tag shows as written and nothing is fetched.
  await expect(page.getByText('<img src="https://tracker.example/pixel.png">')).toBeVisible();
  expect(remote).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/sent');
  await expect(page.getByRole('link', { name: /Your 2027 roadmap/ })).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);
  await page.keyboard.press('Control+k');
  await expect(page.getByPlaceholder('Type a screen, a chat or an action…')).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);
});
