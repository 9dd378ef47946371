import {
  CONNECTION_PATHS,
  MEETING_BOT_PATHS,
  MEETING_PATHS,
  SIDEBAR_REFRESH_MS,
  type TConnectionSummary,
  type TMeeting,
} from '@knap/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenManager } from '../../../lib/token-manager';
import {
  calledRoutes,
  type FetchHandler,
  heldResponse,
  jsonResponse,
  mockFetch,
} from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { FakeWebSocket, makeMeeting, makeParticipant } from '../../../test/meetings';
import { renderRoutes } from '../../../test/render';
import { initialAuthState, useAuthStore } from '../../auth/store';
import { resetBotStatus } from '../bot-status-store';
import { NotetakerPanel } from './notetaker-panel';

// 1:00 PM on Tuesday 10 March 2026 in New York (EDT, UTC-4).
const NOW = new Date('2026-03-10T17:00:00Z');

interface Api {
  meetings?: TMeeting[];
  connections?: TConnectionSummary[];
  routes?: Record<string, FetchHandler>;
}

function panelApi({ meetings = [], connections = [], routes = {} }: Api = {}) {
  return mockFetch({
    [`GET ${MEETING_PATHS.list}`]: () => jsonResponse(meetings),
    [`GET ${CONNECTION_PATHS.userConnections}`]: () => jsonResponse(connections),
    [`GET ${MEETING_BOT_PATHS.status}`]: () =>
      jsonResponse({ meeting_notetaker_enabled: true, service_active: true, status: 'idle' }),
    ...routes,
  });
}

function renderPanel() {
  const onBack = vi.fn();
  const onNavigate = vi.fn();
  const view = renderRoutes(
    [
      { path: '/chat', element: <NotetakerPanel onBack={onBack} onNavigate={onNavigate} isDesktop /> },
      { path: '/notetaker', element: <p>Meeting screen</p> },
    ],
    '/chat',
  );
  return { ...view, onBack, onNavigate };
}

/** 'Budget' today, whose privacy change waits for the test to answer it. */
function budgetWithHeldChange() {
  const meeting = makeMeeting({
    meeting_id: 'm1',
    meeting_title: 'Budget',
    start_time: '2026-03-10T19:00:00Z',
  });
  const change = heldResponse();
  panelApi({ meetings: [meeting], routes: { [`PUT ${MEETING_PATHS.privateToggle('m1')}`]: change.handler } });
  return { meeting, change };
}

const row = async (title: string) => (await screen.findByRole('listitem', { name: title })) as HTMLElement;
const group = (title: string) => screen.getByRole('region', { name: title });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  vi.stubGlobal('WebSocket', FakeWebSocket);
  FakeWebSocket.instances = [];
  vi.spyOn(console, 'error').mockImplementation(() => {});
  resetBotStatus();
  tokenManager.setAccessToken('token');
  useAuthStore.setState({ status: 'authenticated', user: makeUser({ timezone: 'America/New_York' }) });
});

afterEach(() => {
  vi.useRealTimers();
  tokenManager.clear();
  useAuthStore.setState(initialAuthState);
  toast.dismiss();
});

describe('NotetakerPanel', () => {
  it("has the 'Notetaker' header with a Back button", async () => {
    panelApi();
    const { onBack } = renderPanel();
    expect(screen.getByRole('heading', { name: 'Notetaker', level: 2 })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state when no meeting is listed', async () => {
    // Only a meeting next week and one without start or transcript: nothing to list.
    panelApi({
      meetings: [
        makeMeeting({ meeting_id: 'later', start_time: '2026-03-17T15:00:00Z' }),
        makeMeeting({ meeting_id: 'no-start', start_time: null }),
      ],
    });
    renderPanel();
    expect(await screen.findByText('No meetings found')).toBeTruthy();
    expect(screen.getByText('Your recent meetings will appear here')).toBeTruthy();
  });

  it('groups meetings as Tomorrow, Today and Past Meetings, in that order', async () => {
    panelApi({
      meetings: [
        makeMeeting({
          meeting_id: 'p',
          meeting_title: 'Last week review',
          start_time: '2026-03-03T20:05:00Z',
        }),
        makeMeeting({
          meeting_id: 't2',
          meeting_title: 'Afternoon call',
          start_time: '2026-03-10T19:00:00Z',
        }),
        makeMeeting({ meeting_id: 'tm', meeting_title: 'Planning', start_time: '2026-03-11T14:00:00Z' }),
        makeMeeting({ meeting_id: 't1', meeting_title: 'Morning call', start_time: '2026-03-10T13:05:00Z' }),
      ],
    });
    renderPanel();
    await row('Planning');

    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Tomorrow', 'Today', 'Past Meetings']);
    const titles = (name: string) =>
      within(group(name))
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(titles('Tomorrow')).toEqual(['Planning']);
    expect(titles('Today')).toEqual(['Morning call', 'Afternoon call']);
    expect(titles('Past Meetings')).toEqual(['Last week review']);
    expect(within(await row('Morning call')).getByText('9:05 AM')).toBeTruthy();
    expect(within(await row('Last week review')).getByText('March 3rd')).toBeTruthy();
    expect(within(await row('Last week review')).getByText('3:05 PM')).toBeTruthy();
  });

  it('shows a row’s title or Untitled Meeting, No time, Yesterday, Recording and the badges', async () => {
    panelApi({
      meetings: [
        makeMeeting({
          meeting_id: 'live',
          meeting_title: 'Live now',
          start_time: '2026-03-10T16:30:00Z',
          bot_status: 'in_call_recording',
        }),
        makeMeeting({
          meeting_id: 'y',
          meeting_title: null,
          start_time: '2026-03-09T20:00:00Z',
          transcript_available: true,
          notes_available: true,
        }),
        makeMeeting({
          meeting_id: 'n',
          meeting_title: 'Hallway chat',
          start_time: null,
          transcript_available: true,
        }),
      ],
    });
    renderPanel();

    const live = await row('Live now');
    expect(within(live).getByText('Recording')).toBeTruthy();
    expect(within(live).queryByText('Transcript')).toBeNull();

    const untitled = await row('Untitled Meeting');
    expect(within(untitled).getByText('Yesterday')).toBeTruthy();
    expect(within(untitled).getByText('4:00 PM')).toBeTruthy();
    expect(within(untitled).getByText('Transcript')).toBeTruthy();
    expect(within(untitled).getByText('Notes')).toBeTruthy();
    expect(within(untitled).queryByText('Recording')).toBeNull();

    const noTime = await row('Hallway chat');
    expect(within(noTime).getByText('No time')).toBeTruthy();
    expect(within(noTime).getByText('Transcript')).toBeTruthy();
    expect(within(noTime).queryByText('Notes')).toBeNull();
  });

  it('has the Bot toggle on upcoming meetings only', async () => {
    panelApi({
      meetings: [
        makeMeeting({ meeting_id: 'on', meeting_title: 'Bot joins', start_time: '2026-03-10T19:00:00Z' }),
        makeMeeting({
          meeting_id: 'off',
          meeting_title: 'Private talk',
          start_time: '2026-03-11T19:00:00Z',
          user_private_meeting: true,
        }),
        makeMeeting({ meeting_id: 'past', meeting_title: 'Done deal', start_time: '2026-03-09T19:00:00Z' }),
      ],
    });
    renderPanel();

    const on = within(await row('Bot joins'));
    expect(on.getByText('Bot On')).toBeTruthy();
    expect(on.getByRole('switch', { name: 'Notetaker bot for Bot joins' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    const off = within(await row('Private talk'));
    expect(off.getByText('Bot Off')).toBeTruthy();
    expect(off.getByRole('switch').getAttribute('aria-checked')).toBe('false');
    expect(within(await row('Done deal')).queryByRole('switch')).toBeNull();
  });

  it('turns the bot off for a meeting with one request at a time', async () => {
    const { meeting, change } = budgetWithHeldChange();
    renderPanel();

    const toggle = within(await row('Budget')).getByRole('switch');
    await userEvent.click(toggle);
    expect(within(await row('Budget')).getByText('Bot Off')).toBeTruthy();
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(toggle);
    expect(change.bodies).toEqual([{ user_private_meeting: true }]);

    act(() => change.release(jsonResponse({ ...meeting, user_private_meeting: true })));
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(within(await row('Budget')).getByText('Bot Off')).toBeTruthy();
  });

  it('keeps a change on its way when the panel closes and opens again', async () => {
    const { meeting, change } = budgetWithHeldChange();
    const { router } = renderPanel();
    await userEvent.click(within(await row('Budget')).getByRole('switch'));

    await act(() => router.navigate('/notetaker'));
    expect(screen.queryByRole('listitem', { name: 'Budget' })).toBeNull();
    await act(() => router.navigate('/chat'));

    const toggle = within(await row('Budget')).getByRole('switch') as HTMLButtonElement;
    expect(toggle.disabled).toBe(true);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(toggle);
    expect(change.bodies).toEqual([{ user_private_meeting: true }]);
    act(() => change.release(jsonResponse({ ...meeting, user_private_meeting: true })));
    await waitFor(() => expect(toggle.disabled).toBe(false));
  });

  it('puts the toggle back and says so when the change fails', async () => {
    panelApi({
      meetings: [
        makeMeeting({ meeting_id: 'm1', meeting_title: 'Budget', start_time: '2026-03-10T19:00:00Z' }),
      ],
      routes: {
        [`PUT ${MEETING_PATHS.privateToggle('m1')}`]: () =>
          new Response(JSON.stringify({ detail: 'Meeting not found' }), {
            status: 404,
            statusText: 'Not Found',
          }),
      },
    });
    renderPanel();

    await userEvent.click(within(await row('Budget')).getByRole('switch'));

    expect(await screen.findByText('Could not change the bot for Budget')).toBeTruthy();
    expect(screen.getByText('Meeting not found')).toBeTruthy();
    const toggle = within(await row('Budget')).getByRole('switch');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(within(await row('Budget')).getByText('Bot On')).toBeTruthy();
    expect(console.error).toHaveBeenCalledWith('Failed to toggle meeting privacy: Not Found');
  });

  it('opens the meeting when its row is clicked', async () => {
    panelApi({
      meetings: [
        makeMeeting({ meeting_id: 'a b', meeting_title: 'Review', start_time: '2026-03-10T19:00:00Z' }),
      ],
    });
    const { router, onNavigate } = renderPanel();

    await userEvent.click(await screen.findByRole('link', { name: 'Review' }));

    expect(router.state.location.pathname).toBe('/notetaker');
    expect(new URLSearchParams(router.state.location.search).get('meeting_id')).toBe('a b');
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });

  describe('participants popover', () => {
    it('lists name (or the capitalised e-mail name), e-mail and response', async () => {
      panelApi({
        meetings: [
          makeMeeting({
            meeting_title: 'Review',
            participants: [
              makeParticipant({
                name: 'Ann Henderson',
                email: 'ann@client.example',
                response_status: 'accepted',
              }),
              makeParticipant({ name: '', email: 'bob.stone@client.example', response_status: 'declined' }),
              makeParticipant({ name: 'Cy', email: 'cy@x.example', response_status: 'tentativelyAccepted' }),
              makeParticipant({ name: 'Di', email: 'di@x.example', response_status: 'needsAction' }),
            ],
          }),
        ],
      });
      renderPanel();

      await userEvent.click(within(await row('Review')).getByRole('button', { name: '4 participant(s)' }));

      const popover = await screen.findByRole('dialog', { name: 'Meeting Participants' });
      expect(within(popover).getByRole('heading', { name: 'Meeting Participants' })).toBeTruthy();
      const items = within(popover).getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual([
        'Ann Hendersonann@client.example✓',
        'Bob.stonebob.stone@client.example✗',
        'Cycy@x.example?',
        'Didi@x.example-',
      ]);
      expect(within(items[1]!).getByRole('img', { name: 'Declined' })).toBeTruthy();
      expect(within(popover).queryByText(/Response status/)).toBeNull();

      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Meeting Participants' })).toBeNull());
    });

    it('adds the legend above five participants', async () => {
      const people = (n: number) =>
        Array.from({ length: n }, (_, i) => makeParticipant({ name: `P${i}`, email: `p${i}@x.example` }));
      panelApi({
        meetings: [
          makeMeeting({ meeting_id: 'five', meeting_title: 'Five', participants: people(5) }),
          makeMeeting({ meeting_id: 'six', meeting_title: 'Six', participants: people(6) }),
        ],
      });
      renderPanel();

      await userEvent.click(within(await row('Five')).getByRole('button', { name: '5 participant(s)' }));
      let popover = await screen.findByRole('dialog', { name: 'Meeting Participants' });
      expect(within(popover).queryByText(/Response status/)).toBeNull();
      await userEvent.keyboard('{Escape}');

      await userEvent.click(within(await row('Six')).getByRole('button', { name: '6 participant(s)' }));
      popover = await screen.findByRole('dialog', { name: 'Meeting Participants' });
      expect(
        within(popover).getByText('Response status: ✓ Accepted, ✗ Declined, ? Maybe, - No response'),
      ).toBeTruthy();
    });
  });

  it('shows a failed load with Try again, and logs it', async () => {
    let fail = true;
    panelApi({
      routes: {
        [`GET ${MEETING_PATHS.list}`]: () =>
          fail
            ? new Response('{}', { status: 503, statusText: 'Service Unavailable' })
            : jsonResponse([makeMeeting({ meeting_title: 'Back again' })]),
      },
    });
    renderPanel();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your meetings.');
    expect(console.error).toHaveBeenCalledWith('Failed to fetch meetings: Service Unavailable');

    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Back again' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for the first page of meetings and refreshes every 45 seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    const urls: string[] = [];
    panelApi({
      routes: {
        [`GET ${MEETING_PATHS.list}`]: (req) => {
          urls.push(new URL(req.url).search);
          return jsonResponse([]);
        },
      },
    });
    renderPanel();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(urls).toEqual(['?limit=50&offset=0']);

    await act(() => vi.advanceTimersByTimeAsync(SIDEBAR_REFRESH_MS - 200));
    expect(urls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(urls).toHaveLength(2);
  });

  it('asks nothing of the bot when no calendar is connected', async () => {
    const fetchMock = panelApi();
    renderPanel();
    expect(await screen.findByRole('button', { name: 'Connect Calendar' })).toBeTruthy();
    expect(calledRoutes(fetchMock)).not.toContain(`GET ${MEETING_BOT_PATHS.status}`);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });
});
