import { MEETING_DETAIL, MEETING_PATHS, type TMeetingNotes } from '@knap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSidebarStore } from '../../app/shell/sidebar-store';
import { tokenManager } from '../../lib/token-manager';
import { calledRoutes, type FetchHandler, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { makeMeeting, makeNotes, makeParticipant } from '../../test/meetings';
import { renderRoutes } from '../../test/render';
import { initialAuthState, useAuthStore } from '../auth/store';
import { NotetakerPage } from './notetaker-page';

// 1:00 PM on Tuesday 10 March 2026 in New York.
const NOW = new Date('2026-03-10T17:00:00Z');

const READY: TMeetingNotes = makeNotes({
  meeting: makeMeeting({
    meeting_title: 'Quarterly review',
    start_time: '2026-03-09T14:00:00Z',
    end_time: '2026-03-09T15:00:00Z',
    transcript_available: true,
    notes_available: true,
    bot_status: 'done',
    participants: [makeParticipant({ name: '', email: 'ann.henderson@client.example' })],
  }),
  notes_status: 'ready',
  notes: {
    summary: 'Reviewed the portfolio. <img src=x onerror="alert(1)"> **not bold**',
    decisions: ['Rebalance to 60/40'],
    action_items: [
      { text: 'Send the rebalancing proposal', owner: 'Advisor' },
      { text: 'Check the 529 plan', owner: null },
    ],
    client_facts: [
      { category: 'goals', fact: 'Retire at 60' },
      { category: 'family', fact: 'Two children in college' },
      { category: 'goals', fact: 'Buy a lake house' },
    ],
  },
  transcript: 'Advisor: Good morning, Ann.\nAnn Henderson: Morning! Shall we start?',
});

function pageApi(routes: Record<string, FetchHandler>) {
  return mockFetch(routes);
}

function renderPage(path: string) {
  return renderRoutes([{ path: '/notetaker', element: <NotetakerPage /> }], path);
}

const notesRoute = (handler: FetchHandler) => ({ [`GET ${MEETING_PATHS.notes('m1')}`]: handler });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  tokenManager.setAccessToken('token');
  useAuthStore.setState({ status: 'authenticated', user: makeUser({ timezone: 'America/New_York' }) });
  useSidebarStore.setState({ panel: 'menu', overlayRequest: null });
});

afterEach(() => {
  vi.useRealTimers();
  tokenManager.clear();
  useAuthStore.setState(initialAuthState);
});

describe('NotetakerPage', () => {
  it('asks to choose a meeting when none is given, and shows the meetings panel', async () => {
    const fetchMock = pageApi({});
    renderPage('/notetaker');

    expect(screen.getByRole('heading', { name: 'No meeting selected', level: 1 })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show meetings' }));
    expect(useSidebarStore.getState().panel).toBe('meetings');
    expect(useSidebarStore.getState().overlayRequest).toEqual({ isOpen: true });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Meeting not found' for a meeting that is not the user's, without asking twice", async () => {
    const fetchMock = pageApi(
      notesRoute(
        () =>
          new Response(JSON.stringify({ detail: 'Meeting not found' }), {
            status: 404,
            statusText: 'Not Found',
          }),
      ),
    );
    renderPage('/notetaker?meeting_id=m1');

    expect(await screen.findByRole('heading', { name: 'Meeting not found', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show meetings' })).toBeTruthy();
    expect(calledRoutes(fetchMock).filter((r) => r.includes('/notes'))).toHaveLength(1);
    expect(console.error).toHaveBeenCalledWith('Failed to fetch meeting notes: Not Found');
  });

  it('offers Try again when the meeting cannot be loaded', async () => {
    let fail = true;
    pageApi(
      notesRoute(() =>
        fail ? new Response('{}', { status: 500, statusText: 'Internal Server Error' }) : jsonResponse(READY),
      ),
    );
    renderPage('/notetaker?meeting_id=m1');

    // A server error is tried once more (SPEC §9) before it shows.
    const alert = await screen.findByRole('alert', undefined, { timeout: 3000 });
    expect(within(alert).getByText('Could not load this meeting.')).toBeTruthy();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Quarterly review', level: 1 })).toBeTruthy();
  });

  it('shows the meeting, its notes and its transcript, all as plain text', async () => {
    pageApi(notesRoute(() => jsonResponse(READY)));
    const { container } = renderPage('/notetaker?meeting_id=m1');

    expect(await screen.findByRole('heading', { name: 'Quarterly review', level: 1 })).toBeTruthy();
    expect(screen.getByText('Yesterday · 10:00 AM – 11:00 AM')).toBeTruthy();
    expect(screen.getByText('The notetaker recorded this meeting.')).toBeTruthy();

    const participants = screen.getByRole('region', { name: 'Participants' });
    expect(within(participants).getByText('Ann.henderson')).toBeTruthy();
    expect(within(participants).getByRole('img', { name: 'Accepted' })).toBeTruthy();

    const notes = screen.getByRole('region', { name: 'Notes' });
    expect(
      within(notes)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Summary', 'Decisions', 'Action items', 'Client facts']);
    expect(
      within(notes).getByText('Reviewed the portfolio. <img src=x onerror="alert(1)"> **not bold**'),
    ).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(within(notes).getByText('Rebalance to 60/40')).toBeTruthy();
    expect(within(notes).getByText('Owner: Advisor')).toBeTruthy();
    expect(within(notes).getByText('Check the 529 plan').textContent).toBe('Check the 529 plan');
    // Grouped by category, in the categories' order.
    expect([...notes.querySelectorAll('dt, dd')].map((el) => el.textContent)).toEqual([
      'Family',
      'Two children in college',
      'Goals',
      'Retire at 60',
      'Buy a lake house',
    ]);

    const transcript = within(screen.getByRole('region', { name: 'Transcript' })).getByRole('region', {
      name: 'Transcript text',
    });
    const lines = within(transcript).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Advisor:Good morning, Ann.',
      'Ann Henderson:Morning! Shall we start?',
    ]);
    expect(transcript.tabIndex).toBe(0);
  });

  it('puts a failed bot in plain words', async () => {
    pageApi(
      notesRoute(() =>
        jsonResponse(
          makeNotes({
            meeting: makeMeeting({
              bot_status: 'failed',
              bot_error: 'The meeting host did not let the bot in',
            }),
          }),
        ),
      ),
    );
    renderPage('/notetaker?meeting_id=m1');
    expect(
      await screen.findByText(
        'The notetaker could not record this meeting: The meeting host did not let the bot in',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('No notes yet. Upload a transcript and notes will be written from it.'),
    ).toBeTruthy();
    expect(screen.getByText('No transcript yet.')).toBeTruthy();
  });

  it('says when the notes could not be written', async () => {
    pageApi(notesRoute(() => jsonResponse(makeNotes({ notes_status: 'failed', transcript: 'Ann: Hi' }))));
    renderPage('/notetaker?meeting_id=m1');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Notes could not be written from this transcript. Upload it again to retry.',
    );
  });

  describe('Upload transcript', () => {
    it('uploads the file, shows Writing notes... and polls until the notes are ready', async () => {
      const sent: unknown[] = [];
      let stored = makeNotes();
      pageApi({
        ...notesRoute(() => jsonResponse(stored)),
        [`PUT ${MEETING_PATHS.transcript('m1')}`]: async (req) => {
          sent.push(await req.json());
          stored = makeNotes({ notes_status: 'generating', transcript: 'Ann: Hello there' });
          setTimeout(() => {
            stored = READY;
          }, 50);
          return jsonResponse(stored);
        },
      });
      renderPage('/notetaker?meeting_id=m1');
      await screen.findByText('No transcript yet.');

      const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Ann>Hello there';
      await userEvent.upload(screen.getByLabelText('Transcript file'), new File([vtt], 'call.vtt'));

      expect(await screen.findByRole('status', { name: 'Writing notes...' })).toBeTruthy();
      expect(sent).toEqual([{ format: 'vtt', content: vtt }]);
      expect(screen.getByText('Hello there')).toBeTruthy();

      expect(await screen.findByText('Rebalance to 60/40', undefined, { timeout: 4000 })).toBeTruthy();
      expect(screen.queryByRole('status', { name: 'Writing notes...' })).toBeNull();
    });

    it('refuses other file types without asking the server', async () => {
      const fetchMock = pageApi(notesRoute(() => jsonResponse(makeNotes())));
      renderPage('/notetaker?meeting_id=m1');
      await screen.findByText('No transcript yet.');

      await userEvent.upload(screen.getByLabelText('Transcript file'), new File(['x'], 'call.pdf'), {
        applyAccept: false,
      });

      expect((await screen.findByRole('alert')).textContent).toBe('Choose a .vtt, .srt or .txt file.');
      expect(calledRoutes(fetchMock)).not.toContain(`PUT ${MEETING_PATHS.transcript('m1')}`);
    });

    it("shows the server's reason when it refuses the transcript", async () => {
      pageApi({
        ...notesRoute(() => jsonResponse(makeNotes())),
        [`PUT ${MEETING_PATHS.transcript('m1')}`]: () =>
          jsonResponse({ detail: MEETING_DETAIL.webvttHeaderMissing }, 422),
      });
      renderPage('/notetaker?meeting_id=m1');
      await screen.findByText('No transcript yet.');

      await userEvent.upload(screen.getByLabelText('Transcript file'), new File(['hello'], 'call.vtt'));

      expect((await screen.findByRole('alert')).textContent).toBe(MEETING_DETAIL.webvttHeaderMissing);
      expect(screen.getByRole('button', { name: 'Upload transcript' })).toBeTruthy();
    });

    it('opens the file picker from the keyboard', async () => {
      pageApi(notesRoute(() => jsonResponse(makeNotes())));
      renderPage('/notetaker?meeting_id=m1');
      const button = await screen.findByRole('button', { name: 'Upload transcript' });
      const input = screen.getByLabelText('Transcript file') as HTMLInputElement;
      const click = vi.spyOn(input, 'click').mockImplementation(() => {});
      expect(input.accept).toBe('.vtt,.srt,.txt');
      expect(input.tabIndex).toBe(-1);

      button.focus();
      await userEvent.keyboard('{Enter}');

      expect(click).toHaveBeenCalledTimes(1);
    });
  });

  it('waits for the meeting while it loads', async () => {
    pageApi(notesRoute(() => new Promise<Response>(() => {})));
    renderPage('/notetaker?meeting_id=m1');
    await waitFor(() => expect(screen.getByRole('status', { name: 'Loading meeting' })).toBeTruthy(), {
      timeout: 2000,
    });
  });
});
