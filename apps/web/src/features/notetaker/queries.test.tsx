import { MEETING_PATHS, QUERY_STALE_MS } from '@knap/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenManager } from '../../lib/token-manager';
import { calledRoutes, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { meetingKeys, useMeetings } from './queries';

function MeetingCount() {
  const meetings = useMeetings();
  return <p>{meetings.data ? `${meetings.data.length} meetings` : 'loading'}</p>;
}

/** A screen that shows the meetings while open, as the panel and /calendar-permissions do. */
function Screen() {
  const [isOpen, setIsOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(!isOpen)}>
        Toggle
      </button>
      {isOpen ? <MeetingCount /> : null}
    </>
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  tokenManager.setAccessToken('token');
});
afterEach(() => tokenManager.clear());

describe('useMeetings', () => {
  it('fetches afresh when a screen showing the meetings opens, though a fresh list is cached', async () => {
    const fetchMock = mockFetch({ [`GET ${MEETING_PATHS.list}`]: () => jsonResponse([]) });
    const listed = () => calledRoutes(fetchMock).filter((r) => r.startsWith(`GET ${MEETING_PATHS.list}`));
    const { queryClient } = renderRoutes([{ path: '/', element: <Screen /> }], '/');
    // The app's five minutes of freshness (SPEC §9), under which a mount alone would not fetch.
    queryClient.setQueryDefaults(meetingKeys.all, { staleTime: QUERY_STALE_MS });
    expect(await screen.findByText('0 meetings')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    // Fetched a moment ago, as /calendar-permissions leaves the list before a calendar connects.
    expect(queryClient.getQueryState(meetingKeys.list())?.isInvalidated).toBe(false);
    expect(listed()).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    await vi.waitFor(() => expect(listed()).toHaveLength(2));
  });
});
