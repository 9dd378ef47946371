// Knaps against the real server and its deterministic demo model: advanced planning from a
// recorded meeting to the roadmap email in the outbox, the knap gate, the knap list and requests.
// New e2e users get advanced planning only (KNAP_DEFAULTS in playwright.config.ts).
import { expect, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { CHAT_URL, collectCspErrors } from './support/app';
import {
  AdvancedPlanningScreen,
  HENDERSON_TRANSCRIPT,
  KnapsScreen,
  knapSeeder,
  RequestKnapScreen,
} from './support/knaps';

const CLIENT_EMAIL = 'ann@henderson.example';
/** The roadmap is named for its client and day (issue 27), not 'portfolio_roadmap.pdf'. */
const ROADMAP_FILE = /^Henderson — roadmap — \d{4}-\d{2}-\d{2}\.pdf$/;

test('advanced planning: from a meeting with notes to the roadmap email, approved and sent', async ({
  page,
}) => {
  const cspErrors = collectCspErrors(page);
  const account = await signUpViaApi(page);
  const seed = knapSeeder(page, account.accessToken);
  await seed.meetingWithNotes('Henderson annual review', CLIENT_EMAIL, HENDERSON_TRANSCRIPT);

  const planning = new AdvancedPlanningScreen(page);
  await planning.goto();
  await planning.expectOpen('Meeting notes');
  await expect(planning.stepButton('Send email')).toBeDisabled();
  await planning.meeting('Henderson annual review').check();
  await planning.advance('Meeting notes', 'Build client profile', 'Client profile');

  // The profile the demo model read from the notes, corrected by the advisor.
  await expect(planning.field('Client profile', 'Household')).toHaveValue('Ann Henderson household');
  await expect(planning.field('Client profile', 'Annual income')).toHaveValue('180,000');
  await planning.field('Client profile', 'Risk tolerance').selectOption('growth');
  await planning.step('Client profile').getByRole('button', { name: 'Add goal' }).click();
  const goals = planning.step('Client profile').getByLabel(/^Goal \d+$/);
  await goals.last().fill('Fund a family trip every year');
  await planning.advance('Client profile', 'Find gaps', 'Gap analysis');
  const stored = (await seed.component('client-profile')) as {
    enhanced_insights: { risk_tolerance: string; goals: string[] };
  };
  expect(stored.enhanced_insights.risk_tolerance).toBe('growth');
  expect(stored.enhanced_insights.goals).toContain('Fund a family trip every year');

  await expect(planning.gapCard('Wealth enhancement')).toContainText('A large cash balance is not invested');
  await expect(planning.gapCard('Charitable giving')).toContainText('No gaps');
  await planning.advance('Gap analysis', 'Build action plan', 'Action plan');

  const owner = planning.step('Action plan').getByLabel('Owner of action 2');
  await owner.fill('Estate attorney');
  await planning.advance('Action plan', 'Recommend portfolio', 'Portfolio');
  await expect(planning.allocation('US equities')).toBeVisible();
  await expect(planning.step('Portfolio').getByRole('region', { name: 'Disclosure' })).toContainText(
    'not investment advice',
  );
  await planning.advance('Portfolio', 'Draft client email', 'Send email');

  await expect(planning.field('Send email', 'To')).toHaveValue(CLIENT_EMAIL);
  await expect(planning.field('Send email', 'Subject')).toHaveValue('Your financial roadmap');
  await planning.field('Send email', 'Subject').fill('Your financial roadmap, Ann');
  await planning.step('Send email').getByRole('button', { name: 'Preview PDF' }).click();
  await expect(planning.pdfPreview).toBeVisible();
  // The preview frames a blob: URL of the PDF, which the CSP's frame-src allows.
  await planning.expectPdfPreviewLoaded();
  expect(cspErrors).toEqual([]);

  await planning.step('Send email').getByRole('button', { name: 'Send email' }).click();
  await expect(planning.approval.root).toBeVisible();
  await expect(planning.approval.field(CLIENT_EMAIL)).toBeVisible();
  await expect(planning.approval.field(ROADMAP_FILE)).toBeVisible();
  await planning.approval.sendButton.click();
  await expect(planning.approval.root).toBeHidden();
  await expect(planning.sent).toContainText('the email waits in your outbox');

  const [email] = await seed.outbox();
  expect(email).toMatchObject({
    to: CLIENT_EMAIL,
    subject: 'Your financial roadmap, Ann',
    attachment_filename: expect.stringMatching(ROADMAP_FILE),
  });
  // The advisor's 'growth' risk tolerance shaped the allocation the email names.
  expect(email!.body).toContain('US equities 55%');
  expect(email!.attachment_bytes).toBeGreaterThan(1000);
});

test('a user without the coaching knap is sent from /coaching to /chat', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/coaching');
  await expect(page).toHaveURL(CHAT_URL);
});

test('/knaps lists the knaps the user has, and asking for Prospecting shows it pending', async ({ page }) => {
  await signUpViaApi(page);
  const knaps = new KnapsScreen(page);
  await knaps.goto();
  await expect(knaps.yours.getByRole('listitem')).toHaveCount(1);
  await expect(knaps.yours.getByRole('listitem', { name: 'Advanced Planning' })).toBeVisible();
  for (const tag of ['Prospecting', 'Advisor Meeting Coaching', 'Outreach Recommendations'])
    await expect(knaps.requestLink(tag)).toBeVisible();

  await knaps.requestLink('Prospecting').click();
  const request = new RequestKnapScreen(page);
  await expect(request.heading).toBeVisible();
  await expect(request.knap).toHaveValue('Prospecting');
  await expect(request.requests.getByText('You have not asked for a knap yet.')).toBeVisible();
  await request.note.fill('To work through our conference leads');
  await request.requestButton.click();
  await expect(request.request('Prospecting')).toContainText('Pending');
  await expect(request.request('Prospecting')).toContainText('To work through our conference leads');

  // Asking twice is refused with the server's reason.
  await request.requestButton.click();
  await expect(request.error).toHaveText('You already asked for this knap; an operator will decide');

  await knaps.goto();
  await expect(knaps.card('Prospecting')).toContainText('Access requested');
  await knaps.yours.getByRole('link', { name: 'Open Advanced Planning' }).click();
  await expect(page).toHaveURL(/\/advanced-planning$/);
});
