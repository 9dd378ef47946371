// axe-core on every screen of apps/web/src/app/routes.tsx, at 1440x900 and 390x844, light and dark:
// any serious or critical violation fails. One signed-in browser context per worker (a refresh
// token rotates on each load, so the context, not a copied storage state, is what is reused) and one
// page load per screen and size, audited in both themes; each test lists what it found.
import { KNAP_GATED_ROUTES } from '@knap/contracts';
import { type BrowserContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import { newAccount, signUpViaApi } from './support/accounts';
import { type AxeInclude, seriousViolations } from './support/axe';
import { chatSeeder } from './support/chat';
import { HostPage, hostPageUrl } from './support/widget';

const VIEWPORTS = { desktop: { width: 1440, height: 900 }, mobile: { width: 390, height: 844 } } as const;
const THEMES = ['light', 'dark'] as const;

interface Screen {
  name: string;
  path: string;
  /** What shows once the screen has loaded (a heading, a form). */
  ready: (page: Page) => Locator;
  /** Only this part of the page is audited (the widget's frame, not its host's own page). */
  include?: AxeInclude;
  /** Opens what the screen shows on top of itself (a dialog's tab). */
  open?: (page: Page) => Promise<void>;
}

const main = (page: Page) => page.locator('main').first();

const signedInScreens = (chatId: string): Screen[] => [
  { name: 'new chat', path: '/chat', ready: (page) => page.getByRole('textbox', { name: 'Message' }) },
  {
    name: 'chat with messages',
    path: `/chat?id=${chatId}`,
    ready: (page) => page.getByRole('list', { name: 'Messages' }),
  },
  ...(['Account', 'Subscription'] as const).map(
    (tab): Screen => ({
      name: `settings: ${tab}`,
      path: '/chat',
      ready: (page) => page.getByRole('textbox', { name: 'Message' }),
      open: async (page) => {
        const menuButton = page.getByRole('button', { name: 'Open menu' });
        if (await menuButton.isVisible()) await menuButton.click();
        await page.getByRole('button', { name: 'Settings', exact: true }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Account' });
        await dialog.getByRole('tab', { name: tab }).click();
        await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      },
    }),
  ),
  ...[
    'knaps',
    'request-knap',
    'library',
    'onboarding',
    'connections',
    'billing',
    'billing/checkout?plan=tier_1',
    'newsletter-generator',
    'quarterly-newsletter',
    'first-impressions',
    'client-review',
    'client-review/new',
    'financial-plan',
    'calendar-permissions',
    'notetaker',
    'verify-email',
    'invitation',
    'admin',
    'no-such-page',
    ...Object.keys(KNAP_GATED_ROUTES),
  ].map((path): Screen => ({ name: path, path: `/${path}`, ready: main })),
];

const signedOutScreens: Screen[] = [
  {
    name: 'sign in',
    path: '/signin',
    ready: (page) => page.getByRole('button', { name: 'Sign in', exact: true }),
  },
  {
    name: 'create account',
    path: '/signin',
    ready: (page) => page.getByRole('tab', { name: 'Create account' }),
    open: async (page) => {
      await page.getByRole('tab', { name: 'Create account' }).click();
    },
  },
  { name: 'auth callback', path: '/auth/callback', ready: (page) => page.locator('body') },
  { name: 'sevanta', path: '/sevanta', ready: (page) => page.locator('body') },
  {
    name: 'widget on its host page',
    path: `${hostPageUrl()}/?open=true`,
    ready: (page) => new HostPage(page).signInHeading,
    // The loader's panel lives in the <knap-widget> element's shadow root.
    include: { fromShadowDom: ['knap-widget', 'iframe[title="Knap Studio assistant"]'] },
  },
];

/**
 * One load of the screen, then axe in each theme: the app follows the system's colour scheme, so
 * switching it re-themes the loaded page (half the loads of one page per theme).
 */
async function audit(page: Page, screen: Screen): Promise<string[]> {
  await page.goto(screen.path);
  // The machine the suite runs on is shared: a first screen may take a while.
  await expect(screen.ready(page)).toBeVisible({ timeout: 30_000 });
  await screen.open?.(page);
  const found: string[] = [];
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    // Let colour transitions finish before contrast is measured.
    await page.waitForTimeout(300);
    for (const line of await seriousViolations(page, screen.include)) found.push(`${theme}: ${line}`);
  }
  return found;
}

const test = base.extend<object, { signedIn: { context: BrowserContext; chatId: string } }>({
  signedIn: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      const page = await context.newPage();
      const account = await signUpViaApi(page, newAccount('Alex Accessible'));
      const seed = chatSeeder(page, account.accessToken);
      const chat = await seed.createChat('Retirement income plan');
      await seed.addMessage(chat.id, 'user', 'How should Jordan draw down their IRA?');
      await seed.addMessage(
        chat.id,
        'assistant',
        '**Start with required distributions**, then:\n\n- Roth last\n- Taxable first',
      );
      await page.close();
      await use({ context, chatId: chat.id });
      await context.close();
    },
    { scope: 'worker' },
  ],
});

// axe's contrast checks walk every text node: on a busy machine one screen takes tens of seconds.
test.describe.configure({ timeout: 120_000 });

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`${viewportName}, light and dark`, () => {
    // The chat id is known once the worker has seeded it; the list of screens is not.
    for (const screen of signedInScreens('{chat}')) {
      test(`signed in: ${screen.name}`, async ({ signedIn }) => {
        const page = await signedIn.context.newPage();
        await page.setViewportSize(viewport);
        const found = await audit(page, {
          ...screen,
          path: screen.path.replace('{chat}', signedIn.chatId),
        });
        await page.close();
        expect(found, found.join('\n')).toEqual([]);
      });
    }
    for (const screen of signedOutScreens) {
      test(`signed out: ${screen.name}`, async ({ browser, baseURL }) => {
        const context = await browser.newContext({ viewport, baseURL });
        const found = await audit(await context.newPage(), screen);
        await context.close();
        expect(found, found.join('\n')).toEqual([]);
      });
    }
  });
}
