import { BILLING_DETAIL, BILLING_PATHS, type TLocalCheckout } from '@knap/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calledRoutes, type FetchHandler, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { CheckoutPage } from './checkout-page';
import { billingKeys } from './queries';
import { billingApi, signedInForEachTest, subscriptionOn, TEST_USER, TIERS } from './test-api';

signedInForEachTest();

const CHECKOUT: TLocalCheckout = {
  id: 's1',
  tier: TIERS[2]!,
  current_plan: 'free',
  expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
  completed: false,
};

function renderCheckout(routes: Record<string, FetchHandler>, path = '/billing/checkout?session=s1') {
  const fetchMock = mockFetch(
    billingApi({
      routes: { [`GET ${BILLING_PATHS.localCheckout('s1')}`]: () => jsonResponse(CHECKOUT), ...routes },
    }),
  );
  const view = renderRoutes(
    [
      { path: '/billing/checkout', element: <CheckoutPage /> },
      { path: '/billing', element: <p>Billing screen</p> },
      { path: '/chat', element: <p>Chat screen</p> },
    ],
    path,
  );
  return { fetchMock, ...view };
}

describe('CheckoutPage', () => {
  it('shows the plan change and confirms it', async () => {
    const { fetchMock, queryClient } = renderCheckout({
      [`POST ${BILLING_PATHS.localConfirm('s1')}`]: () => jsonResponse(subscriptionOn('tier_2')),
    });
    queryClient.setQueryData(billingKeys.subscription(), subscriptionOn('free'));
    queryClient.setQueryData(billingKeys.credits(TEST_USER.uuid), {
      balance: 20,
      credits_used: 0,
      max_credits: 20,
    });

    expect(await screen.findByRole('heading', { name: 'Confirm your plan change' })).toBeTruthy();
    expect(screen.getAllByText('Professional')).toHaveLength(2);
    expect(screen.getByText('$79/month')).toBeTruthy();
    expect(screen.getByText('1,000 credits / month')).toBeTruthy();
    expect(await screen.findByText('Free')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { name: 'You are now on the Professional plan' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to chat' }).getAttribute('href')).toBe('/chat');
    expect(calledRoutes(fetchMock)).toContain(`POST ${BILLING_PATHS.localConfirm('s1')}`);
    expect(queryClient.getQueryData(billingKeys.subscription())).toEqual(subscriptionOn('tier_2'));
    // The new plan's credits are fetched afresh wherever they show next.
    await waitFor(() =>
      expect(queryClient.getQueryState(billingKeys.credits(TEST_USER.uuid))?.isInvalidated).toBe(true),
    );
  });

  it("'Cancel' goes back to chat without confirming", async () => {
    const { router, fetchMock } = renderCheckout({});
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/chat');
    expect(calledRoutes(fetchMock)).not.toContain(`POST ${BILLING_PATHS.localConfirm('s1')}`);
  });

  it('says when the checkout has expired, was confirmed already, or is not found', async () => {
    const expired = { ...CHECKOUT, expires_at: new Date(Date.now() - 1000).toISOString() };
    const first = renderCheckout({
      [`GET ${BILLING_PATHS.localCheckout('s1')}`]: () => jsonResponse(expired),
    });
    expect(await screen.findByRole('heading', { name: 'This checkout has expired' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    first.unmount();

    const second = renderCheckout({
      [`GET ${BILLING_PATHS.localCheckout('s1')}`]: () => jsonResponse({ ...CHECKOUT, completed: true }),
    });
    expect(
      await screen.findByRole('heading', { name: 'This plan change was already confirmed' }),
    ).toBeTruthy();
    second.unmount();

    renderCheckout({
      [`GET ${BILLING_PATHS.localCheckout('s1')}`]: () =>
        jsonResponse({ detail: BILLING_DETAIL.checkoutNotFound }, 404),
    });
    expect(await screen.findByRole('heading', { name: 'Checkout not found' })).toBeTruthy();
  });

  it('without a session shows not found', async () => {
    renderCheckout({}, '/billing/checkout');
    expect(await screen.findByRole('heading', { name: 'Checkout not found' })).toBeTruthy();
  });

  it('shows the expired state when the server refuses the confirmation as expired', async () => {
    renderCheckout({
      [`POST ${BILLING_PATHS.localConfirm('s1')}`]: () =>
        jsonResponse({ detail: BILLING_DETAIL.checkoutExpired }, 410),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'This checkout has expired' })).toBeTruthy();
  });

  it('keeps the page and says why when confirming fails otherwise', async () => {
    renderCheckout({
      [`POST ${BILLING_PATHS.localConfirm('s1')}`]: () => jsonResponse({ detail: 'Database is busy' }, 503),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Database is busy');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
  });
});
