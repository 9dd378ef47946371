// Accessibility: axe-core checks screens as a signed-in admin with some data (the demo model writes
// what the model would), at a desktop and a phone size, in light and dark, and fails on any serious
// or critical violation. To check another screen, add a row to SCREENS: where it is and, if it needs
// more than loading, what to do first to reach the state worth checking.
import { randomUUID } from 'node:crypto';
import { ADMIN_PATHS, USER_PATHS } from '@knap/contracts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiAs, joinFirm, registerViaApi, signUpViaApi, type TestAccount } from './support/accounts';
import { seriousViolations } from './support/axe';

/** Seeded once per test: what the rows of SCREENS may point at. */
interface Seeded {
  memberChatId: string;
}

interface Screen {
  name: string;
  /** The path to open; a function when it names seeded data. */
  path: string | ((seeded: Seeded) => string);
  /** What shows once the screen has loaded (and, for steps, reached the state to check). */
  ready: (page: Page) => Promise<void>;
  /** Steps on the screen before it is checked. */
  act?: (page: Page) => Promise<void>;
}

const PROSPECTS_CSV = [
  'name,email,company,title,industry,city',
  'Ann Henderson,ann@henderson.example,Henderson Engineering,Owner,Engineering,Austin',
  'Bob Smith,bob@smith.example,Smith Marine,CEO,Retail,Miami',
  'Cara Lee,cara@lee.example,Lee Dental,Dentist,Healthcare,Denver',
].join('\n');

const SCREENS: Screen[] = [
  {
    name: 'prospecting results',
    path: '/prospecting',
    act: async (page) => {
      await page.getByRole('radio', { name: 'A CSV file' }).check();
      await page
        .getByLabel('CSV file', { exact: true })
        .setInputFiles({ name: 'prospects.csv', mimeType: 'text/csv', buffer: Buffer.from(PROSPECTS_CSV) });
      await page.getByRole('button', { name: 'Load prospects' }).click();
      await page.getByRole('button', { name: 'Rank prospects' }).click({ timeout: 30_000 });
    },
    ready: (page) =>
      expect(page.getByText(/ann@henderson\.example/).first()).toBeVisible({ timeout: 30_000 }),
  },
  {
    name: 'financial plan',
    path: '/financial-plan',
    act: async (page) => {
      await page.getByRole('button', { name: 'New plan' }).click();
      await page.getByRole('button', { name: 'Add goal' }).click();
    },
    ready: (page) => expect(page.getByRole('textbox', { name: 'Client name' })).toBeVisible(),
  },
  {
    name: 'connections',
    path: '/connections',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    name: 'not found',
    path: '/no-such-screen',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    name: 'admin chat view',
    path: ({ memberChatId }) => `/admin/chat/${memberChatId}`,
    ready: (page) => expect(page.getByText('Prepare the review')).toBeVisible(),
  },
];

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/** An admin of a firm with a member whose chat has a reply with a task list, and the Prospecting knap. */
async function seed(page: Page, request: APIRequestContext): Promise<Seeded> {
  const domain = `a11y-${randomUUID().slice(0, 8)}.example`;
  const account = (local: string, name: string): TestAccount => ({
    email: `${local}@${domain}`,
    password: 'e2e password 123',
    name,
  });
  const admin = await signUpViaApi(page, account('ada', 'Ada Admin'));
  // The member signs up outside the browser, which stays signed in as the admin.
  const member = await registerViaApi(request, account('bo', 'Bo Advisor'));
  await joinFirm(request, admin, member);
  // Nobody grants their own knaps: the member, made an admin too, grants the admin Prospecting.
  const adminApi = apiAs(request, admin.accessToken);
  const memberApi = apiAs(request, member.accessToken);
  const idOf = async (api: typeof adminApi) => (await (await api.get(USER_PATHS.me)).json()).id as string;
  const promoted = await adminApi.put(ADMIN_PATHS.memberRole(await idOf(memberApi)), { role: 'admin' });
  expect(promoted.ok(), await promoted.text()).toBe(true);
  const granted = await memberApi.put(ADMIN_PATHS.memberKnap(await idOf(adminApi), 'Prospecting'));
  expect(granted.ok(), await granted.text()).toBe(true);

  const chat = await (
    await memberApi.post('/api/chat/chats', { title: 'Henderson review', initial_message: 'review' })
  ).json();
  await memberApi.post(`/api/chat/chats/${chat.id}/messages`, {
    role: 'user',
    content: 'What do I need before the Henderson review?',
  });
  await memberApi.post(`/api/chat/chats/${chat.id}/messages`, {
    role: 'assistant',
    content:
      'Prepare the review:\n\n- [x] Pull the statements\n- [ ] Update the plan\n\n| Item | Due |\n|---|---|\n| Plan | Friday |',
  });
  return { memberChatId: chat.id };
}

for (const viewport of VIEWPORTS) {
  test(`no serious or critical violations at ${viewport.width}px, light and dark`, async ({
    page,
    request,
  }) => {
    test.setTimeout(360_000);
    await page.setViewportSize(viewport);
    const seeded = await seed(page, request);
    const found: string[] = [];
    for (const screen of SCREENS) {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(typeof screen.path === 'function' ? screen.path(seeded) : screen.path);
      await screen.act?.(page);
      await screen.ready(page);
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        // Let colour transitions finish before contrast is measured.
        await page.waitForTimeout(300);
        for (const line of await seriousViolations(page)) found.push(`${screen.name} (${theme}): ${line}`);
      }
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}
