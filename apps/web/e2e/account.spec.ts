// Settings (SPEC §2 Account dialog) against the real server and its local billing provider (free
// 20 credits, Starter 300, Professional 1000, Enterprise 5000): the account tab's plan, credits and
// auto-delete; upgrading through the checkout page in a new tab; cancelling back to free.
import { expect, test } from '@playwright/test';
import { AccountDialog, BillingPage, count, PLANS } from './support/account';
import { signUpViaApi } from './support/accounts';
import { hasHorizontalScroll } from './support/app';

test('the account tab shows the free plan and credits, and auto-delete saves both ways', async ({ page }) => {
  const account = await signUpViaApi(page);
  await page.goto('/chat');
  const settings = new AccountDialog(page);

  await settings.open();
  await expect(settings.accountTab).toHaveAttribute('aria-selected', 'true');
  await expect(settings.info.getByText(account.name)).toBeVisible();
  await expect(settings.info.getByText(account.email)).toBeVisible();
  await settings.expectPlanAndCredits(PLANS.free.name, PLANS.free.credits);

  // Auto-delete is on for a new account (SPEC §9).
  await expect(settings.autoDelete).toHaveAttribute('aria-checked', 'true');
  await settings.toggleAutoDelete(false);
  await settings.toggleAutoDelete(true);

  // Saved on the server: still on after a reload.
  await page.reload();
  await settings.open();
  await expect(settings.autoDelete).toHaveAttribute('aria-checked', 'true');
});

test('upgrade to Professional in a new tab, then cancel back to Free', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/chat');
  const settings = new AccountDialog(page);

  await settings.open();
  await settings.expectPlanAndCredits(PLANS.free.name, PLANS.free.credits);
  await settings.manageSubscription.click();
  await expect(settings.subscriptionTab).toHaveAttribute('aria-selected', 'true');
  await expect(settings.plan(PLANS.free.name).getByText('Current Plan')).toBeVisible();
  await expect(settings.plan(PLANS.tier_2.name).getByText(PLANS.tier_2.price)).toBeVisible();
  await expect(settings.cancelSubscription).toHaveCount(0);

  // The checkout opens in a new tab and the dialog closes.
  const checkout = await settings.startCheckout(PLANS.tier_2.name);
  await expect(settings.root).toBeHidden();
  await expect(checkout.heading).toBeVisible();
  await expect(checkout.page.getByText(`${count(PLANS.tier_2.credits)} credits / month`)).toBeVisible();
  await checkout.confirm(PLANS.tier_2.name);

  // The billing page in that tab shows the new plan and the credits it granted.
  await checkout.page.getByRole('link', { name: 'View billing' }).click();
  const billing = new BillingPage(checkout.page);
  await expect(billing.plan.getByText(PLANS.tier_2.name)).toBeVisible();
  // The new period tops the unused free credits up to the plan's: the ledger records the difference.
  await expect(billing.history.getByRole('row').filter({ hasText: 'Professional' })).toContainText(
    `+${count(PLANS.tier_2.credits - PLANS.free.credits)}`,
  );
  await checkout.page.close();

  // Back in the first tab, Settings fetches the plan and credits afresh.
  await settings.open();
  await settings.expectPlanAndCredits(PLANS.tier_2.name, PLANS.tier_2.credits);

  await settings.subscriptionTab.click();
  await expect(settings.plan(PLANS.tier_2.name).getByText('Current Plan')).toBeVisible();
  await expect(
    settings.plan(PLANS.tier_1.name).getByRole('button', { name: 'Switch to Starter' }),
  ).toBeVisible();
  await settings.cancelAndConfirm();
  await expect(settings.plan(PLANS.free.name).getByText('Current Plan')).toBeVisible();
  await expect(settings.cancelSubscription).toHaveCount(0);

  await settings.accountTab.click();
  await settings.expectPlanAndCredits(PLANS.free.name, PLANS.free.credits);
});

test('on a 375px phone, Settings fills the screen and both tabs work', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signUpViaApi(page);
  await page.goto('/chat');
  const settings = new AccountDialog(page);

  await settings.open();
  const box = await settings.root.boundingBox();
  expect(box?.width).toBe(375);
  await expect(settings.manageSubscription).toBeVisible();

  await settings.subscriptionTab.click();
  for (const plan of Object.values(PLANS)) await expect(settings.plan(plan.name)).toBeVisible();
  await settings.plan(PLANS.tier_3.name).scrollIntoViewIfNeeded();
  await expect(
    settings.plan(PLANS.tier_3.name).getByRole('button', { name: 'Upgrade to Enterprise' }),
  ).toBeInViewport();
  expect(await hasHorizontalScroll(page)).toBe(false);

  await page.keyboard.press('Escape');
  await expect(settings.root).toBeHidden();
});
