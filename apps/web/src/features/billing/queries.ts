// Query keys and hooks of plans, subscriptions and credits. Every change of plan invalidates the
// subscription, the credits and the credit history.
import {
  ERR,
  FALLBACK_MAX_CREDITS,
  type PlanTier,
  QUERY_RETRY,
  type TCreditsUsage,
  TOAST,
  type TSubscription,
} from '@knap/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../auth/store';
import {
  cancelSubscription,
  confirmLocalCheckout,
  createCheckoutSession,
  getBillingPortalUrl,
  getCreditLedger,
  getCreditsUsage,
  getLocalCheckout,
  getSubscription,
  listTiers,
} from './api';
import { BILLING_COPY } from './copy';
import { openPendingTab } from './new-tab';

export const billingKeys = {
  all: ['billing'] as const,
  subscription: () => [...billingKeys.all, 'subscription'] as const,
  tiers: () => [...billingKeys.all, 'tiers'] as const,
  /** Prefix of every user's usage; `credits(uuid)` is one user's. */
  credits: (userUuid?: string) =>
    userUuid === undefined
      ? ([...billingKeys.all, 'credits'] as const)
      : ([...billingKeys.all, 'credits', userUuid] as const),
  ledger: () => [...billingKeys.all, 'ledger'] as const,
  checkout: (id: string) => [...billingKeys.all, 'checkout', id] as const,
};

/** Tabs of the app tell each other on this channel that the plan (and so the credits) changed. */
const PLAN_CHANNEL = 'knap-plan';

function announcePlanChange() {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(PLAN_CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

/** What a plan change changes is fetched again in this tab. */
function invalidateAccountBillingHere(queryClient: QueryClient) {
  return Promise.all(
    [billingKeys.subscription(), billingKeys.credits(), billingKeys.ledger()].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** After a plan change: what it changed is fetched again, here and in the app's other tabs. */
export function invalidateAccountBilling(queryClient: QueryClient) {
  announcePlanChange();
  return invalidateAccountBillingHere(queryClient);
}

/**
 * Settings fetches the plan and the credits afresh when it opens (SPEC §2): they change in another
 * tab (checkout) or with every assistant reply.
 */
export function useRefreshAccountBilling() {
  const queryClient = useQueryClient();
  return useCallback(() => void invalidateAccountBilling(queryClient), [queryClient]);
}

/** How often, and how many times at most, a plan change the provider is still applying is polled. */
export const PLAN_POLL_MS = 2000;
const PLAN_POLL_MAX = 15;

/**
 * The user's subscription. `awaiting` (e.g. after Stripe's checkout, whose webhook changes the plan
 * a moment later) polls it until it says true, for about half a minute at most.
 */
export function useSubscription({ awaiting }: { awaiting?: (subscription: TSubscription) => boolean } = {}) {
  return useQuery({
    queryKey: billingKeys.subscription(),
    queryFn: getSubscription,
    refetchInterval: ({ state }) =>
      awaiting && state.data && !awaiting(state.data) && state.dataUpdateCount < PLAN_POLL_MAX
        ? PLAN_POLL_MS
        : false,
  });
}

export function useTiers() {
  return useQuery({ queryKey: billingKeys.tiers(), queryFn: listTiers });
}

/**
 * The credit history. The server opens a new user's credit account (with its first grant) on the
 * first usage read, so the page asks for the history once the usage is in (`enabled`).
 */
export function useCreditLedger({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: billingKeys.ledger(), queryFn: getCreditLedger, enabled });
}

export interface CreditsView extends TCreditsUsage {
  isLoading: boolean;
  /** SPEC §8 'Failed to load credits information': the numbers are the fallback then. */
  isError: boolean;
}

/**
 * The signed-in user's credits. When they cannot be loaded, SPEC §8's fallback shows: the balance
 * known before (0 if none), nothing used, SPEC §9's fallback maximum.
 */
export function useCredits(): CreditsView {
  const userUuid = useCurrentUser()?.uuid;
  const query = useQuery({
    queryKey: billingKeys.credits(userUuid ?? ''),
    queryFn: () => getCreditsUsage(userUuid!),
    enabled: Boolean(userUuid),
  });
  if (query.isError)
    return {
      balance: query.data?.balance ?? 0,
      credits_used: 0,
      max_credits: FALLBACK_MAX_CREDITS,
      isLoading: false,
      isError: true,
    };
  return {
    balance: query.data?.balance ?? 0,
    credits_used: query.data?.credits_used ?? 0,
    max_credits: query.data?.max_credits ?? FALLBACK_MAX_CREDITS,
    isLoading: query.isPending,
    isError: false,
  };
}

/**
 * While `isWaiting` (the assistant refused for lack of credits), the credits are read again when
 * another tab changes the plan (checkout) and when this window gets the focus back (Stripe's
 * checkout tab cannot tell us); `onCredits` runs once there are some.
 */
export function useCreditsComeBack(isWaiting: boolean, onCredits: () => void) {
  const queryClient = useQueryClient();
  const userUuid = useCurrentUser()?.uuid;
  const onCreditsRef = useRef(onCredits);
  onCreditsRef.current = onCredits;

  useEffect(() => {
    if (!isWaiting || !userUuid) return;
    let isOver = false;
    const check = async () => {
      try {
        const usage = await queryClient.fetchQuery({
          queryKey: billingKeys.credits(userUuid),
          queryFn: () => getCreditsUsage(userUuid),
          staleTime: 0,
        });
        if (!isOver && usage.balance > 0) onCreditsRef.current();
      } catch {
        // Not known yet: the next focus or plan change asks again.
      }
    };
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(PLAN_CHANNEL);
    const onPlanChanged = () => {
      void invalidateAccountBillingHere(queryClient);
      void check();
    };
    channel?.addEventListener('message', onPlanChanged);
    window.addEventListener('focus', check);
    return () => {
      isOver = true;
      channel?.close();
      window.removeEventListener('focus', check);
    };
  }, [isWaiting, userUuid, queryClient]);
}

/** Cancelling (also 'Downgrade' to free): SPEC §8's toasts either way. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (subscription) => {
      queryClient.setQueryData(billingKeys.subscription(), subscription);
      toast.success(TOAST.subscriptionCancelledTitle, { description: TOAST.subscriptionCancelledBody });
    },
    onError: (error) => {
      toast.error(ERR.cancelSubscription, { description: error.message });
    },
    onSettled: () => invalidateAccountBilling(queryClient),
  });
}

/**
 * 'Upgrade' and 'Switch': the checkout opens in a new tab (the local provider's confirmation page
 * or Stripe's checkout); `onOpened` runs once it has. `pendingPlan` is the tier being started.
 */
export function useStartCheckout({ onOpened }: { onOpened?: () => void } = {}) {
  const mutation = useMutation({
    mutationFn: ({ plan }: { plan: PlanTier; tab: ReturnType<typeof openPendingTab> }) =>
      createCheckoutSession(plan),
    onSuccess: ({ url }, { tab }) => {
      tab.go(url);
      onOpened?.();
    },
    onError: (error, { tab }) => {
      tab.close();
      toast.error(ERR.startCheckout, { description: error.message });
    },
  });
  const start = (plan: PlanTier) => mutation.mutate({ plan, tab: openPendingTab() });
  return { start, pendingPlan: mutation.isPending ? mutation.variables?.plan : undefined };
}

/** 'Billing portal': Stripe's portal, or the in-app /billing page on the local provider. */
export function useOpenBillingPortal({ onOpened }: { onOpened?: () => void } = {}) {
  const mutation = useMutation({
    mutationFn: (_tab: ReturnType<typeof openPendingTab>) => getBillingPortalUrl(),
    onSuccess: ({ url }, tab) => {
      tab.go(url);
      onOpened?.();
    },
    onError: (error, tab) => {
      tab.close();
      toast.error(BILLING_COPY.portalFailed, { description: error.message });
    },
  });
  return { open: () => mutation.mutate(openPendingTab()), isPending: mutation.isPending };
}

const isClientError = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/** The local provider's checkout; a missing or someone else's checkout is not asked for again. */
export function useLocalCheckout(id: string | null) {
  return useQuery({
    queryKey: billingKeys.checkout(id ?? ''),
    queryFn: () => getLocalCheckout(id!),
    enabled: Boolean(id),
    retry: (failureCount, error) => !isClientError(error) && failureCount < QUERY_RETRY,
  });
}

export function useConfirmCheckout(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => confirmLocalCheckout(id),
    onSuccess: (subscription) => {
      queryClient.setQueryData(billingKeys.subscription(), subscription);
    },
    onSettled: () => invalidateAccountBilling(queryClient),
  });
}
