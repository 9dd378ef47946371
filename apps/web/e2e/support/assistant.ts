// Page object for the assistant in the chat screen, and the operator seeding its specs need.
import { ASSISTANT_PATHS, AUTH_PATHS, USER_PATHS } from '@knap/contracts';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { apiAs, registerViaApi, type TestAccount, verifyViaApi } from './accounts';
import { ChatScreen } from './chat';

/** The e2e server's platform operator (OPERATOR_EMAILS in playwright.config.ts). */
export const OPERATOR: TestAccount = {
  email: 'operator@e2e.example',
  password: 'e2e operator password 1',
  name: 'E2E Operator',
};

export class AssistantScreen extends ChatScreen {
  readonly stopButton: Locator;
  readonly retryButton: Locator;
  readonly suggestions: Locator;
  readonly checklist: Locator;
  readonly alert: Locator;
  readonly upgradeButton: Locator;

  constructor(page: Page) {
    super(page);
    this.stopButton = page.getByRole('button', { name: 'Stop', exact: true });
    this.retryButton = page.getByRole('button', { name: 'Retry', exact: true });
    this.suggestions = page.getByRole('group', { name: 'Suggestions' });
    this.checklist = page.getByRole('list', { name: 'Checklist' });
    this.alert = page.getByRole('alert');
    this.upgradeButton = page.getByRole('button', { name: 'Upgrade', exact: true });
  }

  /** The approval card of a tool call, by the tool's human name. */
  approvalCard(tool = 'Send email'): Locator {
    return this.messages.getByRole('region', { name: tool });
  }

  /** The assistant's replies (the user's messages are right-aligned bubbles starting 'You:'). */
  get replies(): Locator {
    return this.messages.getByRole('listitem').filter({ hasText: /^Assistant:/ });
  }

  /**
   * Presses Stop once. Stop disables itself (pointer-events: none) as soon as it is pressed, so
   * Playwright's check of the click's later events can find the composer under the pointer and
   * retry a click that already landed, waiting on a button that stays disabled: no retry here.
   */
  async stop(): Promise<void> {
    await expect(this.stopButton).toBeEnabled();
    await this.stopButton.click({ force: true });
  }

  /** No reply is being written: Send is back in place of Stop. */
  async expectIdle(): Promise<void> {
    await expect(this.stopButton).toHaveCount(0);
    await expect(this.sendButton).toBeVisible();
  }
}

/** The operator's API client: registered on first use, signed in after that. */
export async function operatorApi(request: APIRequestContext) {
  let res = await request.post(AUTH_PATHS.login, {
    data: { email: OPERATOR.email, password: OPERATOR.password },
  });
  if (!res.ok()) {
    // An operator's address counts only once it is proven: registered, then verified by its link.
    const registered = await registerViaApi(request, OPERATOR).catch(() => null);
    if (registered) await verifyViaApi(request, registered);
    res = await request.post(AUTH_PATHS.login, {
      data: { email: OPERATOR.email, password: OPERATOR.password },
    });
  }
  expect(res.ok(), await res.text()).toBe(true);
  const api = apiAs(request, (await res.json()).access_token);
  // Another worker may be registering it at the same moment: wait until its address is proven.
  await expect
    .poll(
      async () =>
        ((await (await api.get(USER_PATHS.me)).json()) as { email_verified: boolean }).email_verified,
    )
    .toBe(true);
  return api;
}

/** Takes every credit the account has, so the assistant refuses its next message. */
export async function exhaustCredits(request: APIRequestContext, accessToken: string): Promise<void> {
  const me = await apiAs(request, accessToken).get(USER_PATHS.me);
  const { uuid } = (await me.json()) as { uuid: string };
  const usage = await apiAs(request, accessToken).get(ASSISTANT_PATHS.creditsUsage(uuid));
  const { balance } = (await usage.json()) as { balance: number };
  const operator = await operatorApi(request);
  const res = await operator.post(ASSISTANT_PATHS.creditsSubtract, {
    user_uuid: uuid,
    num_credits: balance,
    reason: 'e2e',
  });
  expect(res.ok(), await res.text()).toBe(true);
  expect(((await res.json()) as { balance: number }).balance).toBe(0);
}
