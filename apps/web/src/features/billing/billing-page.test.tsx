import { BILLING_PATHS, ERR } from '@knap/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { BillingPage } from './billing-page';
import { type BillingApiOptions, billingApi, serverError, signedInForEachTest } from './test-api';

signedInForEachTest();

function renderBilling(options: BillingApiOptions = {}, path = '/billing') {
  mockFetch(billingApi(options));
  return renderRoutes([{ path: '/billing', element: <BillingPage /> }], path);
}

const section = (name: string) => screen.getByRole('region', { name });

describe('BillingPage', () => {
  it('shows the plan, its status and period end, the credits and their history', async () => {
    renderBilling({
      plan: 'tier_1',
      usage: { balance: 299, credits_used: 1, max_credits: 300 },
      ledger: [
        { id: 'l2', delta: -1, reason: 'Assistant reply', created_at: '2026-06-03T15:05:00.000Z' },
        {
          id: 'l1',
          delta: 300,
          reason: 'Changed to the Starter plan',
          created_at: '2026-06-01T09:00:00.000Z',
        },
      ],
    });

    expect(screen.getByRole('heading', { name: 'Billing', level: 1 })).toBeTruthy();
    const plan = section('Current plan');
    expect(await within(plan).findByText('Starter')).toBeTruthy();
    expect(within(plan).getByText('Active')).toBeTruthy();
    expect(within(plan).getByText('Jul 1, 2026')).toBeTruthy();
    expect(await within(section('Credits')).findByText('1 / 300')).toBeTruthy();

    const rows = await within(section('Credit history')).findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DateReasonChange',
      expect.stringMatching(/^Jun 3, 2026.*Assistant reply−1$/),
      expect.stringMatching(/^Jun 1, 2026.*Changed to the Starter plan\+300$/),
    ]);
  });

  it('shows the empty and the failed history', async () => {
    const first = renderBilling();
    expect(await screen.findByText('No credit activity yet')).toBeTruthy();
    first.unmount();

    renderBilling({ routes: { [`GET ${BILLING_PATHS.ledger}`]: serverError } });
    expect(await screen.findByText('Failed to load credit history')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says when the plan cannot be loaded', async () => {
    renderBilling({ routes: { [`GET ${BILLING_PATHS.current}`]: serverError } });
    expect(await screen.findByText(ERR.loadSubscription)).toBeTruthy();
  });

  it('confirms a plan changed on return from the provider, and the banner can be dismissed', async () => {
    const { router } = renderBilling({ plan: 'tier_2' }, '/billing?changed=tier_2');
    const banner = await screen.findByText('You are now on the Professional plan.');
    expect(banner).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText('You are now on the Professional plan.')).toBeNull();
  });

  it('says a cancelled checkout changed nothing', async () => {
    renderBilling({}, '/billing?checkout=cancelled');
    expect(await screen.findByText('Checkout was cancelled. Your plan has not changed.')).toBeTruthy();
  });

  it('waits for the plan after a successful checkout', async () => {
    renderBilling({ plan: 'free' }, '/billing?checkout=success');
    expect(await screen.findByText(/Your payment went through/)).toBeTruthy();
  });
});
