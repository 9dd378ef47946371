import { CHAT_PATHS } from '@knap/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tokenManager } from '../../../lib/token-manager';
import { calledRoutes, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { ChatSearchField, ChatSearchResults } from './chat-search';

function Searcher() {
  const [q, setQ] = useState('');
  return (
    <>
      <ChatSearchField value={q} onChange={setQ} />
      {q.trim() ? <ChatSearchResults query={q} /> : <p>History</p>}
    </>
  );
}

describe('chat search', () => {
  beforeEach(() => tokenManager.setAccessToken('token'));
  afterEach(() => tokenManager.clear());

  it('searches after typing stops, shows titles with plain-text snippets, and Escape clears it', async () => {
    const fetchMock = mockFetch({
      [`GET ${CHAT_PATHS.search}`]: (request) =>
        new URL(request.url).searchParams.get('q') === 'roth'
          ? jsonResponse({
              results: [
                {
                  chat_id: 'c1',
                  title: 'Henderson review',
                  updated_at: '2026-11-22T09:00:00Z',
                  snippet: '…the <b>Roth</b> conversion…',
                },
              ],
            })
          : jsonResponse({ results: [] }),
    });
    renderRoutes([{ path: '*', element: <Searcher /> }], '/chat');
    const box = screen.getByRole('searchbox', { name: 'Search chats' });
    await userEvent.type(box, 'roth');
    const link = await screen.findByRole('link', { name: /Henderson review/ });
    expect(link.getAttribute('href')).toBe('/chat?id=c1');
    // The snippet is text: markup in it is shown, never rendered.
    expect(screen.getByText('…the <b>Roth</b> conversion…')).toBeTruthy();
    // One request for the whole word, not one per keystroke.
    expect(calledRoutes(fetchMock).filter((r) => r === `GET ${CHAT_PATHS.search}`)).toHaveLength(1);

    await userEvent.clear(box);
    await userEvent.type(box, 'nothing');
    expect(await screen.findByText('No chats match “nothing”.')).toBeTruthy();
    await userEvent.type(box, '{Escape}');
    await waitFor(() => expect(screen.getByText('History')).toBeTruthy());
  });
});
