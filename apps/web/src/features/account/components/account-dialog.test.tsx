import { BILLING_PATHS, ERR, TOAST, USER_PATHS } from '@knap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppShell } from '../../../app/shell/app-shell';
import { calledRoutes, heldResponse, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderRoutes, stubContainerWidth } from '../../../test/render';
import { useAuthStore } from '../../auth/store';
import {
  type BillingApiOptions,
  billingApi,
  serverError,
  signedInForEachTest,
  stubNewTab,
  subscriptionOn,
  TEST_USER,
} from '../../billing/test-api';

signedInForEachTest();

function renderShell(options: BillingApiOptions = {}) {
  stubContainerWidth(1280);
  const fetchMock = mockFetch(billingApi(options));
  const view = renderRoutes(
    [{ path: '/', element: <AppShell />, children: [{ path: 'chat', element: <p>Chat screen</p> }] }],
    '/chat',
  );
  return { fetchMock, ...view };
}

async function openSettings() {
  await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
  return screen.findByRole('dialog', { name: 'Account' });
}

async function openSubscriptionTab() {
  const dialog = await openSettings();
  await userEvent.click(within(dialog).getByRole('tab', { name: 'Subscription' }));
  return dialog;
}

const planCard = (dialog: HTMLElement, name: string) => within(dialog).findByRole('listitem', { name });

const countOf = (fetchMock: ReturnType<typeof mockFetch>, route: string) =>
  calledRoutes(fetchMock).filter((called) => called === route).length;

describe('Account tab', () => {
  it('shows the account, the plan badge and the credits', async () => {
    renderShell({ plan: 'tier_1', usage: { balance: 250, credits_used: 50, max_credits: 300 } });
    const dialog = await openSettings();

    expect(within(dialog).getByRole('tab', { name: 'Account', selected: true })).toBeTruthy();
    expect(within(dialog).getByText(TEST_USER.name)).toBeTruthy();
    expect(within(dialog).getByText(TEST_USER.email)).toBeTruthy();
    expect(await within(dialog).findByText('Starter')).toBeTruthy();
    expect(await within(dialog).findByText('250')).toBeTruthy();
    expect(within(dialog).getByText('50 / 300')).toBeTruthy();
    const bar = within(dialog).getByRole('progressbar', { name: 'Credits used' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(bar.getAttribute('aria-valuemax')).toBe('300');
  });

  it('offers the admin console to organization admins only, and closes on the way there', async () => {
    renderShell();
    let dialog = await openSettings();
    expect(within(dialog).queryByRole('link', { name: 'Open the admin console' })).toBeNull();
    await userEvent.keyboard('{Escape}');

    useAuthStore.setState({ user: { ...TEST_USER, is_org_admin: true } });
    dialog = await openSettings();
    const link = within(dialog).getByRole('link', { name: 'Open the admin console' });
    expect(link.getAttribute('href')).toBe('/admin');
    await userEvent.click(link);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Account' })).toBeNull());
  });

  it('refreshes the credits and the plan each time Settings opens', async () => {
    const { fetchMock } = renderShell();
    await openSettings();
    await screen.findByText('8 / 20');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Account' })).toBeNull());

    await openSettings();
    const usage = `GET /api/credits/usage/${TEST_USER.uuid}`;
    await waitFor(() => expect(countOf(fetchMock, usage)).toBe(2));
    expect(countOf(fetchMock, `GET ${BILLING_PATHS.current}`)).toBe(2);
  });

  it("'Manage Subscription' shows the Subscription tab", async () => {
    renderShell();
    const dialog = await openSettings();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Manage Subscription' }));
    expect(within(dialog).getByRole('tab', { name: 'Subscription', selected: true })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Subscription Plans' })).toBeTruthy();
  });

  it("hides 'Manage Subscription' on the top plan", async () => {
    renderShell({ plan: 'tier_3' });
    const dialog = await openSettings();
    expect(await within(dialog).findByText('Enterprise')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Manage Subscription' })).toBeNull();
  });

  it('falls back to 0 available and 0 / 20 when the credits cannot be loaded', async () => {
    renderShell({ routes: { [`GET /api/credits/usage/${TEST_USER.uuid}`]: serverError } });
    const dialog = await openSettings();
    expect(await within(dialog).findByText(ERR.loadCredits)).toBeTruthy();
    expect(within(dialog).getByText('0 / 20')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar').getAttribute('aria-valuemax')).toBe('20');
  });

  it('turns auto-delete off and on with their toasts', async () => {
    const bodies: unknown[] = [];
    renderShell({
      routes: {
        [`PUT ${USER_PATHS.autoDeleteChats}`]: async (req) => {
          const body = await req.json();
          bodies.push(body);
          return jsonResponse(body);
        },
      },
    });
    const dialog = await openSettings();
    const toggle = within(dialog).getByRole('switch', { name: 'Auto-delete old chats' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');

    await userEvent.click(toggle);
    expect(await screen.findByText(TOAST.autoDeleteOff)).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(useAuthStore.getState().user?.auto_delete_chats).toBe(false);

    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(toggle);
    expect(await screen.findByText(TOAST.autoDeleteOn)).toBeTruthy();
    expect(bodies).toEqual([{ auto_delete_chats: false }, { auto_delete_chats: true }]);
  });

  it('moves the switch at once and puts it back when saving fails', async () => {
    const held = heldResponse();
    renderShell({ routes: { [`PUT ${USER_PATHS.autoDeleteChats}`]: held.handler } });
    const dialog = await openSettings();
    const toggle = within(dialog).getByRole('switch', { name: 'Auto-delete old chats' });

    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');

    await waitFor(() => expect(held.bodies).toHaveLength(1));
    held.release(serverError());
    expect(await screen.findByText(ERR.updateAutoDelete)).toBeTruthy();
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(useAuthStore.getState().user?.auto_delete_chats).toBe(true);
  });
});

describe('Subscription tab', () => {
  it('gives each tier its button for the current plan', async () => {
    renderShell({ plan: 'tier_2' });
    const dialog = await openSubscriptionTab();

    const expected = {
      Free: 'Downgrade to Free',
      Starter: 'Switch to Starter',
      Enterprise: 'Upgrade to Enterprise',
    };
    for (const [name, button] of Object.entries(expected)) {
      const card = await planCard(dialog, name);
      await waitFor(() => expect(within(card).getByRole('button', { name: button })).toBeTruthy());
    }
    const current = await planCard(dialog, 'Professional');
    expect(within(current).getByText('Current Plan')).toBeTruthy();
    expect(within(current).queryByRole('button')).toBeNull();
    expect(within(current).getByText('$79/month')).toBeTruthy();
    expect(within(current).getByText('1,000 credits / month')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel Subscription' })).toBeTruthy();
  });

  it('offers upgrades only, and no Cancel Subscription, on the free plan', async () => {
    renderShell({ plan: 'free' });
    const dialog = await openSubscriptionTab();
    const starter = await planCard(dialog, 'Starter');
    expect(await within(starter).findByRole('button', { name: 'Upgrade to Starter' })).toBeTruthy();
    expect(within(await planCard(dialog, 'Free')).getByText('Current Plan')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  });

  it('opens the checkout in a new tab and closes the dialog', async () => {
    const { tab, open } = stubNewTab();
    const held = heldResponse();
    renderShell({ routes: { [`POST ${BILLING_PATHS.checkout}`]: held.handler } });
    const dialog = await openSubscriptionTab();
    const upgrade = await within(await planCard(dialog, 'Professional')).findByRole('button', {
      name: 'Upgrade to Professional',
    });

    await userEvent.click(upgrade);
    // Opened inside the click, so no popup blocker stops it.
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(held.bodies).toEqual([{ plan: 'tier_2' }]));
    expect((upgrade as HTMLButtonElement).disabled).toBe(true);
    expect(
      (within(await planCard(dialog, 'Enterprise')).getByRole('button') as HTMLButtonElement).disabled,
    ).toBe(true);

    held.release(jsonResponse({ url: 'http://localhost/billing/checkout?session=s1' }));
    await waitFor(() => expect(tab.location.href).toBe('http://localhost/billing/checkout?session=s1'));
    expect(tab.opener).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Account' })).toBeNull());
  });

  it('says when the checkout cannot start, and closes the empty tab', async () => {
    const { tab } = stubNewTab();
    renderShell({
      routes: { [`POST ${BILLING_PATHS.checkout}`]: () => jsonResponse({ detail: 'Stripe is down' }, 502) },
    });
    const dialog = await openSubscriptionTab();
    await userEvent.click(
      await within(await planCard(dialog, 'Starter')).findByRole('button', { name: 'Upgrade to Starter' }),
    );

    expect(await screen.findByText(ERR.startCheckout)).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Account' })).toBeTruthy();
  });

  it('cancels the subscription after confirming, with the success toast', async () => {
    let plan: 'tier_1' | 'free' = 'tier_1';
    renderShell({
      routes: {
        [`GET ${BILLING_PATHS.current}`]: () => jsonResponse(subscriptionOn(plan)),
        [`POST ${BILLING_PATHS.cancel}`]: () => {
          plan = 'free';
          return jsonResponse({ ...subscriptionOn('free'), status: 'canceled' });
        },
      },
    });
    const dialog = await openSubscriptionTab();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Cancel Subscription' }));

    const confirm = screen.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    expect(within(confirm).getByText(/with 20 credits a month/)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel subscription' }));

    expect(await screen.findByText(TOAST.subscriptionCancelledTitle)).toBeTruthy();
    expect(screen.getByText(TOAST.subscriptionCancelledBody)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(await planCard(dialog, 'Free')).getByText('Current Plan')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  });

  it("'Downgrade' to free cancels too, and says when that fails", async () => {
    const { fetchMock } = renderShell({
      plan: 'tier_1',
      routes: { [`POST ${BILLING_PATHS.cancel}`]: serverError },
    });
    const dialog = await openSubscriptionTab();
    await userEvent.click(
      await within(await planCard(dialog, 'Free')).findByRole('button', { name: 'Downgrade to Free' }),
    );
    const confirm = screen.getByRole('alertdialog', { name: 'Downgrade to the free plan?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Downgrade' }));

    expect(await screen.findByText(ERR.cancelSubscription)).toBeTruthy();
    expect(calledRoutes(fetchMock)).toContain(`POST ${BILLING_PATHS.cancel}`);
    expect(calledRoutes(fetchMock)).not.toContain(`POST ${BILLING_PATHS.checkout}`);
  });

  it('keeps the plan when the confirmation is dismissed', async () => {
    const { fetchMock } = renderShell({ plan: 'tier_1' });
    const dialog = await openSubscriptionTab();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Cancel Subscription' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep my plan' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calledRoutes(fetchMock)).not.toContain(`POST ${BILLING_PATHS.cancel}`);
    expect(screen.getByRole('dialog', { name: 'Account' })).toBeTruthy();
  });

  it('opens the billing portal in a new tab', async () => {
    const { tab } = stubNewTab();
    renderShell({
      routes: { [`POST ${BILLING_PATHS.portal}`]: () => jsonResponse({ url: 'https://billing.example/p' }) },
    });
    const dialog = await openSubscriptionTab();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Billing portal' }));
    await waitFor(() => expect(tab.location.href).toBe('https://billing.example/p'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Account' })).toBeNull());
  });

  it('says when the plans or the subscription cannot be loaded', async () => {
    renderShell({
      routes: { [`GET ${BILLING_PATHS.current}`]: serverError, [`GET ${BILLING_PATHS.list}`]: serverError },
    });
    const dialog = await openSubscriptionTab();
    expect(await within(dialog).findByText(ERR.loadSubscription)).toBeTruthy();
    expect(await within(dialog).findByText(ERR.loadTiers)).toBeTruthy();
  });
});
