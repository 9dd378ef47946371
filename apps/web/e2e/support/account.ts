// Page objects for Settings (the Account dialog with its Account and Subscription tabs) and the
// local billing provider's checkout page, named by what a user sees.
import { TOAST } from '@knap/contracts';
import { expect, type Locator, type Page } from '@playwright/test';

/** The plans the e2e server offers (its default PLAN_* config). */
export const PLANS = {
  free: { name: 'Free', credits: 20 },
  tier_1: { name: 'Starter', price: '$29/month', credits: 300 },
  tier_2: { name: 'Professional', price: '$79/month', credits: 1000 },
  tier_3: { name: 'Enterprise', price: '$199/month', credits: 5000 },
} as const;

export const count = (n: number) => n.toLocaleString('en-US');

export class AccountDialog {
  readonly root: Locator;
  readonly accountTab: Locator;
  readonly subscriptionTab: Locator;
  readonly info: Locator;
  readonly credits: Locator;
  readonly autoDelete: Locator;
  readonly manageSubscription: Locator;
  readonly cancelSubscription: Locator;
  readonly close: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog', { name: 'Account' });
    this.accountTab = this.root.getByRole('tab', { name: 'Account' });
    this.subscriptionTab = this.root.getByRole('tab', { name: 'Subscription' });
    this.info = this.root.getByRole('region', { name: 'Account Information' });
    this.credits = this.root.getByRole('region', { name: 'Credits' });
    this.autoDelete = this.root.getByRole('switch', { name: 'Auto-delete old chats' });
    this.manageSubscription = this.root.getByRole('button', { name: 'Manage Subscription' });
    this.cancelSubscription = this.root.getByRole('button', { name: 'Cancel Subscription' });
    this.close = this.root.getByRole('button', { name: 'Close' });
  }

  /** Settings in the sidebar's main menu (desktop) or, on a phone, in the menu overlay. */
  async open(): Promise<void> {
    const menuButton = this.page.getByRole('button', { name: 'Open menu' });
    const settings = this.page.getByRole('button', { name: 'Settings', exact: true });
    await expect(menuButton.or(settings)).toBeVisible();
    if (await menuButton.isVisible()) await menuButton.click();
    await settings.click();
    await expect(this.root).toBeVisible();
  }

  /** The Account tab shows this plan's badge and these credits (nothing used yet). */
  async expectPlanAndCredits(planName: string, available: number, total = available): Promise<void> {
    await expect(this.info.getByText(planName, { exact: true })).toBeVisible();
    await expect(this.credits.getByRole('definition').first()).toHaveText(count(available));
    await expect(this.credits.getByText(`0 / ${count(total)}`)).toBeVisible();
    await expect(this.credits.getByRole('progressbar')).toHaveAttribute('aria-valuemax', String(total));
  }

  /** Flips 'Auto-delete old chats' and waits for its toast. */
  async toggleAutoDelete(expectOn: boolean): Promise<void> {
    await this.autoDelete.click();
    await expect(this.page.getByText(expectOn ? TOAST.autoDeleteOn : TOAST.autoDeleteOff)).toBeVisible();
    await expect(this.autoDelete).toHaveAttribute('aria-checked', String(expectOn));
  }

  plan(name: string): Locator {
    return this.root.getByRole('listitem', { name });
  }

  /** 'Upgrade' or 'Switch' on a plan: its checkout opens in a new tab, which is answered. */
  async startCheckout(name: string, action: 'Upgrade' | 'Switch' = 'Upgrade'): Promise<CheckoutPage> {
    const opened = this.page.context().waitForEvent('page');
    await this.plan(name)
      .getByRole('button', { name: `${action} to ${name}` })
      .click();
    const tab = await opened;
    await tab.waitForURL(/\/billing\/checkout\?session=/);
    return new CheckoutPage(tab);
  }

  /** Cancel Subscription, confirmed: the success toast shows. */
  async cancelAndConfirm(): Promise<void> {
    await this.cancelSubscription.click();
    const confirm = this.page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(this.page.getByText(TOAST.subscriptionCancelledTitle, { exact: true })).toBeVisible();
    await expect(this.page.getByText(TOAST.subscriptionCancelledBody)).toBeVisible();
  }
}

/** /billing/checkout?session=: the local provider's confirmation page. */
export class CheckoutPage {
  readonly heading: Locator;
  readonly confirmButton: Locator;
  readonly cancelButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Confirm your plan change' });
    this.confirmButton = page.getByRole('button', { name: 'Confirm', exact: true });
    this.cancelButton = page.getByRole('button', { name: 'Cancel', exact: true });
  }

  async confirm(planName: string): Promise<void> {
    await this.confirmButton.click();
    await expect(
      this.page.getByRole('heading', { name: `You are now on the ${planName} plan` }),
    ).toBeVisible();
  }
}

/** /billing: plan, credits and the credit history. */
export class BillingPage {
  readonly plan: Locator;
  readonly history: Locator;

  constructor(readonly page: Page) {
    this.plan = page.getByRole('region', { name: 'Current plan' });
    this.history = page.getByRole('region', { name: 'Credit history' });
  }
}
