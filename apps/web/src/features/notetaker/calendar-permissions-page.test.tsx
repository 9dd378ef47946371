import { CONNECTION_PATHS, MEETING_PATHS } from '@knap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenManager } from '../../lib/token-manager';
import { connectionsApi } from '../../test/connections';
import { calledRoutes, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { makeMeeting } from '../../test/meetings';
import { renderRoutes } from '../../test/render';
import { CalendarPermissionsPage } from './calendar-permissions-page';

function renderPage() {
  return renderRoutes(
    [
      { path: '/calendar-permissions', element: <CalendarPermissionsPage /> },
      { path: '/notetaker', element: <p>meeting page</p> },
    ],
    '/calendar-permissions',
  );
}

/** The connections the page reads, and no meetings unless a test lists some. */
const pageApi = (options: Parameters<typeof connectionsApi>[0] = {}) =>
  connectionsApi({
    ...options,
    routes: { [`GET ${MEETING_PATHS.list}`]: () => jsonResponse([]), ...options.routes },
  });

const button = (name: string) => screen.findByRole('button', { name }) as Promise<HTMLButtonElement>;

beforeEach(() => tokenManager.setAccessToken('token'));
afterEach(() => tokenManager.clear());

describe('CalendarPermissionsPage', () => {
  it('explains the need and disables calendars the server has not configured', async () => {
    mockFetch(pageApi());
    renderPage();

    expect(screen.getByRole('heading', { name: 'Connect your calendar', level: 1 })).toBeTruthy();
    expect(screen.getByText(/needs access to your calendar/)).toBeTruthy();
    await waitFor(async () => expect((await button('Connect Google Calendar')).disabled).toBe(true));
    expect((await button('Connect Microsoft Calendar')).disabled).toBe(true);
    expect(
      await screen.findByText('Ask your administrator to configure Google Calendar on the server'),
    ).toBeTruthy();
    expect(
      screen.getByText('Ask your administrator to configure Outlook Calendar on the server'),
    ).toBeTruthy();
  });

  it('connects a configured calendar with the same popup flow', async () => {
    const popup = {
      closed: false,
      opener: window,
      location: { href: '' },
      document: document.implementation.createHTMLDocument(''),
      close: vi.fn(),
      focus: vi.fn(),
    };
    vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    const fetchMock = mockFetch(
      pageApi({
        states: {
          microsoft_calendar_read: { status: 'not_connected' },
          google_calendar_read: { status: 'connected', email: 'ada@example.com' },
        },
        routes: {
          [`POST ${CONNECTION_PATHS.start}`]: () =>
            jsonResponse({ url: '/api/connections/authorize?state=s' }),
        },
      }),
    );
    renderPage();

    expect(await screen.findByText('Connected as ada@example.com')).toBeTruthy();
    const microsoft = await button('Connect Microsoft Calendar');
    await waitFor(() => expect(microsoft.disabled).toBe(false));
    await userEvent.click(microsoft);

    await waitFor(() =>
      expect(popup.location.href).toBe(`${window.location.origin}/api/connections/authorize?state=s`),
    );
    const index = calledRoutes(fetchMock).indexOf(`POST ${CONNECTION_PATHS.start}`);
    expect(JSON.parse(String(fetchMock.mock.calls[index]?.[1]?.body))).toEqual({
      type: 'microsoft_calendar_read',
      mode: 'normal',
    });
    popup.closed = true;
  });

  it('without a calendar, adds a meeting by name and opens it for its transcript', async () => {
    const bodies: unknown[] = [];
    mockFetch(
      pageApi({
        routes: {
          [`POST ${MEETING_PATHS.list}`]: async (req: Request) => {
            bodies.push(await req.json());
            return jsonResponse(
              makeMeeting({ meeting_id: 'm-7', meeting_title: 'Walk-in', start_time: null, end_time: null }),
            );
          },
        },
      }),
    );
    const { router } = renderPage();

    const add = await button('Add meeting');
    expect(add.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Meeting title'), '  Walk-in  ');
    await userEvent.click(add);
    await waitFor(() => expect(router.state.location.search).toBe('?meeting_id=m-7'));
    expect(bodies).toEqual([{ title: 'Walk-in' }]);
  });

  it('lists the meetings added for a transcript, and still offers a calendar', async () => {
    mockFetch(
      pageApi({
        states: { google_calendar_read: { status: 'not_connected' } },
        routes: {
          [`GET ${MEETING_PATHS.list}`]: () =>
            jsonResponse([
              makeMeeting({
                meeting_id: 'm-up',
                meeting_title: 'Walk-in with Ann',
                start_time: '2026-03-10T15:00:00.000Z',
                end_time: null,
                transcript_available: true,
                notes_available: true,
              }),
            ]),
        },
      }),
    );
    renderPage();

    const list = await screen.findByRole('region', { name: 'Your meetings' });
    const link = within(list).getByRole('link', { name: 'Walk-in with Ann' });
    expect(link.getAttribute('href')).toBe('/notetaker?meeting_id=m-up');
    expect(screen.getByRole('heading', { name: 'Connect your calendar', level: 1 })).toBeTruthy();
    await waitFor(async () => expect((await button('Connect Google Calendar')).disabled).toBe(false));
  });

  it('shows why a meeting could not be added', async () => {
    mockFetch(
      pageApi({
        routes: { [`POST ${MEETING_PATHS.list}`]: () => jsonResponse({ detail: 'Title is too long' }, 422) },
      }),
    );
    renderPage();
    await userEvent.type(await screen.findByLabelText('Meeting title'), 'Walk-in');
    await userEvent.click(await button('Add meeting'));
    expect(await screen.findByText('Title is too long')).toBeTruthy();
  });
});
