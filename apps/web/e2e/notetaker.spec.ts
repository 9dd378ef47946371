// The notetaker (issue 7) against the real server, the built-in bot simulator and the Microsoft
// fakes Playwright starts next to it (packages/fakes/src/serve.ts seeds an Outlook calendar with a
// meeting starting in 10 minutes, one tomorrow and one yesterday): connect the calendar, see the
// meetings grouped, toggle a meeting's bot and the notetaker, upload a transcript, read the notes.
import { MEETING_BOT_PATHS } from '@knap/contracts';
import { expect, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { collectCspErrors } from './support/app';
import { MeetingScreen, NotetakerPanel, notetakerSeeder } from './support/notetaker';

const VTT = [
  'WEBVTT',
  '',
  '00:00:01.000 --> 00:00:05.000',
  '<v Pat Advisor>Thanks for coming in, Ann. How is the family?</v>',
  '',
  '00:00:05.000 --> 00:00:11.000',
  '<v Ann Henderson>Our daughter starts college next fall. I want to retire at 62.</v>',
  '',
  '00:00:11.000 --> 00:00:16.000',
  '<v Pat Advisor>We agreed to roll the old 401(k) into your IRA. I will send the forms on Monday.</v>',
].join('\n');

test('connect a calendar, see meetings grouped, toggle bots, upload a transcript and read the notes', async ({
  page,
}) => {
  const cspErrors = collectCspErrors(page);
  // The bot card's live status socket: the CSP's connect-src 'self' covers ws: to our own host.
  // Open once the app has sent its token, the socket's first message.
  const socketOpened = page
    .waitForEvent('websocket', (ws) => new URL(ws.url()).pathname === MEETING_BOT_PATHS.ws)
    .then((ws) => ws.waitForEvent('framesent'));
  const account = await signUpViaApi(page);
  const seed = notetakerSeeder(page, account.accessToken);
  await page.goto('/chat');
  const panel = new NotetakerPanel(page);

  // No calendar yet: the Notetaker item explains and offers to connect one.
  await panel.menuButton.click();
  await expect(page).toHaveURL(/\/calendar-permissions$/);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect Microsoft Calendar' }).click();
  const popup = await popupOpened;
  await popup.waitForEvent('close');

  // Back in the app: the chat route with the meetings panel, the calendar's meetings in it.
  await expect(page).toHaveURL(/\/chat/);
  await expect(panel.heading).toBeVisible();
  await expect(panel.botCard.connectedTo('advisor@outlook.example')).toBeVisible();
  await socketOpened;
  expect(cspErrors).toEqual([]);
  const henderson = panel.meeting('Henderson annual review');
  await expect(henderson.root).toBeVisible();
  await expect(panel.meeting('Prospect intro: the Parks', 'Tomorrow').root).toBeVisible();
  await expect(panel.meeting('Estate planning call', 'Past Meetings').root).toBeVisible();
  await expect(henderson.participantsButton).toHaveText('3 participant(s)');

  const people = await henderson.openParticipants();
  await expect(people.response('Ann Henderson', 'Accepted')).toBeVisible();
  await expect(people.response('bob.henderson@henderson.example', 'Declined')).toBeVisible();
  await expect(people.participant('Bob.henderson')).toBeVisible();
  await people.close();

  // The privacy toggle: Bot Off makes the meeting private on the server, Bot On undoes it.
  await expect(henderson.botCaption('Bot On')).toBeVisible();
  await henderson.botToggle.click();
  await expect(henderson.botCaption('Bot Off')).toBeVisible();
  await expect
    .poll(async () => (await seed.meetings()).find((m) => m.meeting_title === 'Henderson annual review'))
    .toMatchObject({ user_private_meeting: true });
  await henderson.botToggle.click();
  await expect(henderson.botCaption('Bot On')).toBeVisible();

  // The notetaker: off, then on; the simulator books a bot for the meeting starting soon.
  await expect(panel.botCard.status('Not joining new meetings')).toBeVisible();
  await panel.botCard.autoJoin.click();
  await expect(panel.botCard.status('Auto-join new meetings')).toBeVisible();
  await expect(panel.botCard.autoJoin).toBeChecked();
  await expect
    .poll(
      async () =>
        (await seed.meetings()).find((m) => m.meeting_title === 'Henderson annual review')?.bot_status,
    )
    .toBe('scheduled');

  // The meeting's page: upload a transcript, the notes are written from it.
  await henderson.open();
  await expect(page).toHaveURL(/\/notetaker\?meeting_id=/);
  const screen = new MeetingScreen(page);
  await expect(screen.heading).toHaveText('Henderson annual review');
  await screen.upload.choose('henderson.vtt', VTT);
  await expect(screen.notesPart('Summary')).toBeVisible();
  // A decision, and (it names an account) a client fact too.
  await expect(screen.notes.getByText('We agreed to roll the old 401(k) into your IRA.')).toHaveCount(2);
  // The advisor's commitment is an action item, with its owner.
  await expect(
    screen.notes.getByRole('listitem').filter({ hasText: 'I will send the forms on Monday.' }),
  ).toContainText('Owner: Pat Advisor');
  await expect(screen.transcriptLine(/Ann Henderson.*retire at 62/)).toBeVisible();
});

test('no calendar: add a meeting by name, a wrong file is refused, a transcript gives notes', async ({
  page,
}) => {
  const account = await signUpViaApi(page);
  const seed = notetakerSeeder(page, account.accessToken);
  await page.goto('/calendar-permissions');
  await page.getByLabel('Meeting title').fill('Walk-in with the Parks');
  await page.getByRole('button', { name: 'Add meeting' }).click();
  await expect(page).toHaveURL(/\/notetaker\?meeting_id=/);
  const screen = new MeetingScreen(page);
  await expect(screen.heading).toHaveText('Walk-in with the Parks');

  await screen.upload.choose('notes.vtt', 'this is not WebVTT');
  await expect(screen.upload.error).toContainText('WEBVTT');
  expect((await seed.meetings())[0]).toMatchObject({ transcript_available: false });

  await screen.upload.choose('walk-in.txt', 'Jin Park: We decided to open a 529 plan for our son.');
  await expect(screen.notesPart('Summary')).toBeVisible();
  await expect(screen.transcriptLine(/Jin Park.*529 plan/)).toBeVisible();
});
