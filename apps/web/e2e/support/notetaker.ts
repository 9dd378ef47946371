// Page objects for the sidebar's notetaker panel and the meeting screen (/notetaker?meeting_id=),
// named by what a user sees, plus API seeding for notetaker specs.
import { MEETING_PATHS, type TMeeting, type TMeetingNotes } from '@knap/contracts';
import { expect, type Locator, type Page } from '@playwright/test';
import { apiAs } from './accounts';

/** The group headings of SPEC §2, in the order the panel shows them. */
export const MEETING_GROUPS = ['Tomorrow', 'Today', 'Past Meetings'] as const;
export type MeetingGroupName = (typeof MEETING_GROUPS)[number];

/** One meeting in the panel: its title link opens it, plus participants, badges and the bot toggle. */
export class MeetingRow {
  readonly link: Locator;
  readonly participantsButton: Locator;
  readonly botToggle: Locator;
  readonly recording: Locator;
  readonly transcriptBadge: Locator;
  readonly notesBadge: Locator;

  constructor(
    readonly root: Locator,
    readonly title: string,
  ) {
    this.link = root.getByRole('link', { name: title, exact: true });
    this.participantsButton = root.getByRole('button', { name: /participant\(s\)$/ });
    this.botToggle = root.getByRole('switch', { name: `Notetaker bot for ${title}` });
    this.recording = root.getByText('Recording', { exact: true });
    this.transcriptBadge = root.getByText('Transcript', { exact: true });
    this.notesBadge = root.getByText('Notes', { exact: true });
  }

  /** 'Bot On' or 'Bot Off', as the caption beside the toggle reads. */
  botCaption(state: 'Bot On' | 'Bot Off'): Locator {
    return this.root.getByText(state, { exact: true });
  }

  async open(): Promise<void> {
    await this.link.click();
  }

  async openParticipants(): Promise<ParticipantsPopover> {
    await this.participantsButton.click();
    const popover = new ParticipantsPopover(this.root.page());
    await expect(popover.root).toBeVisible();
    return popover;
  }
}

/** 'Meeting Participants': who was invited and how they answered. */
export class ParticipantsPopover {
  readonly root: Locator;
  readonly heading: Locator;
  readonly participants: Locator;
  readonly legend: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog', { name: 'Meeting Participants' });
    this.heading = this.root.getByRole('heading', { name: 'Meeting Participants' });
    this.participants = this.root.getByRole('listitem');
    this.legend = this.root.getByText(/^Response status:/);
  }

  participant(nameOrEmail: string): Locator {
    return this.participants.filter({ hasText: nameOrEmail });
  }

  /** The response mark of a participant: 'Accepted', 'Declined', 'Maybe' or 'No response'. */
  response(nameOrEmail: string, mark: 'Accepted' | 'Declined' | 'Maybe' | 'No response'): Locator {
    return this.participant(nameOrEmail).getByRole('img', { name: mark });
  }

  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await expect(this.root).toBeHidden();
  }
}

/** The bot card at the top of the panel. */
export class BotCard {
  readonly root: Locator;
  readonly autoJoin: Locator;
  readonly connectCalendarButton: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: 'Notetaker bot' });
    this.autoJoin = this.root.getByRole('switch', { name: 'Auto-join meetings' });
    this.connectCalendarButton = page.getByRole('button', { name: 'Connect Calendar' });
  }

  /** The status line, e.g. 'Auto-join new meetings', 'Starting...' or an error. */
  status(text: string | RegExp): Locator {
    return this.root.getByText(text);
  }

  connectedTo(email: string): Locator {
    return this.root.getByText(`Connected to ${email}`, { exact: true });
  }
}

/** Main menu → Notetaker: the sidebar's panel of meetings. */
export class NotetakerPanel {
  readonly mainMenu: Locator;
  readonly menuButton: Locator;
  readonly heading: Locator;
  readonly backButton: Locator;
  readonly botCard: BotCard;
  readonly emptyTitle: Locator;
  readonly emptyBody: Locator;
  readonly loadError: Locator;

  constructor(readonly page: Page) {
    this.mainMenu = page.getByRole('navigation', { name: 'Main menu' });
    this.menuButton = this.mainMenu.getByRole('button', { name: 'Notetaker', exact: true });
    this.heading = page.getByRole('heading', { name: 'Notetaker', exact: true, level: 2 });
    this.backButton = page.getByRole('button', { name: 'Back', exact: true });
    this.botCard = new BotCard(page);
    this.emptyTitle = page.getByText('No meetings found', { exact: true });
    this.emptyBody = page.getByText('Your recent meetings will appear here', { exact: true });
    this.loadError = page.getByRole('alert').filter({ hasText: 'Could not load your meetings.' });
  }

  /** Main menu → Notetaker, with a calendar connected: the panel opens in place. */
  async open(): Promise<void> {
    await this.menuButton.click();
    await expect(this.heading).toBeVisible();
  }

  group(name: MeetingGroupName): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  /** The group headings on screen, top to bottom. */
  groupHeadings(): Locator {
    return this.page
      .getByRole('heading', { level: 3 })
      .filter({ hasText: /^(Tomorrow|Today|Past Meetings)$/ });
  }

  meeting(title: string, group?: MeetingGroupName): MeetingRow {
    const scope = group ? this.group(group) : this.page;
    return new MeetingRow(scope.getByRole('listitem', { name: title, exact: true }), title);
  }
}

/** /notetaker?meeting_id=: one meeting with its notes, transcript and the upload. */
export class MeetingScreen {
  readonly heading: Locator;
  readonly participants: Locator;
  readonly notes: Locator;
  readonly transcript: Locator;
  readonly transcriptText: Locator;
  readonly upload: TranscriptUpload;
  readonly writingNotes: Locator;
  readonly notFound: Locator;
  readonly noMeeting: Locator;
  readonly showMeetingsButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.participants = page.getByRole('region', { name: 'Participants' });
    this.notes = page.getByRole('region', { name: 'Notes' });
    this.transcript = page.getByRole('region', { name: 'Transcript', exact: true });
    this.transcriptText = page.getByRole('region', { name: 'Transcript text' });
    this.upload = new TranscriptUpload(page);
    this.writingNotes = page.getByRole('status', { name: 'Writing notes...' });
    this.notFound = page.getByRole('heading', { name: 'Meeting not found', level: 1 });
    this.noMeeting = page.getByRole('heading', { name: 'No meeting selected', level: 1 });
    this.showMeetingsButton = page.getByRole('button', { name: 'Show meetings' });
  }

  async goto(meetingId: string): Promise<void> {
    await this.page.goto(`/notetaker?meeting_id=${encodeURIComponent(meetingId)}`);
  }

  /** A part of the notes: 'Summary', 'Decisions', 'Action items' or 'Client facts'. */
  notesPart(title: 'Summary' | 'Decisions' | 'Action items' | 'Client facts'): Locator {
    return this.notes.getByRole('heading', { name: title, level: 3 });
  }

  /** A transcript line, e.g. 'Ann Henderson:Good morning.' (speaker and words). */
  transcriptLine(text: string | RegExp): Locator {
    return this.transcriptText.getByRole('listitem').filter({ hasText: text });
  }
}

/** 'Upload transcript': the button and the file it sends. */
export class TranscriptUpload {
  readonly button: Locator;
  readonly fileInput: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.button = page.getByRole('button', { name: 'Upload transcript' });
    this.fileInput = page.getByLabel('Transcript file');
    this.error = page.getByRole('region', { name: 'Transcript', exact: true }).getByRole('alert');
  }

  /** Chooses a transcript file the way the picker would (name decides the format). */
  async choose(name: string, content: string): Promise<void> {
    await this.fileInput.setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(content) });
  }
}

/** Meetings and transcripts through the API as the account, for specs that need them. */
export function notetakerSeeder(page: Page, accessToken: string) {
  const api = apiAs(page.request, accessToken);
  return {
    async meetings(): Promise<TMeeting[]> {
      const res = await api.get(MEETING_PATHS.list);
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as TMeeting[];
    },
    async uploadTranscript(meetingId: string, content: string): Promise<TMeetingNotes> {
      const res = await api.put(MEETING_PATHS.transcript(meetingId), { content });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as TMeetingNotes;
    },
  };
}
