import { describe, expect, it } from 'vitest';
import { CONNECTIONS_FINISHED, parseConnectionsFinished, readConnectionsFinished } from './window-messages';

const finished = { type: CONNECTIONS_FINISHED, scope: 'google_drive_read', status: 'connected', message: '' };

describe('connections-finished messages', () => {
  it('are read from the current origin', () => {
    expect(readConnectionsFinished({ origin: window.location.origin, data: finished })).toEqual(finished);
  });

  it('are ignored from foreign, look-alike and opaque origins', () => {
    for (const origin of ['https://evil.example', `${window.location.origin}.evil.example`, 'null', '']) {
      expect(readConnectionsFinished({ origin, data: finished }), origin).toBeNull();
    }
  });

  it('must have the connections-finished shape', () => {
    for (const data of [
      null,
      'CONNECTIONS_FINISHED',
      { type: 'AUTH_COMPLETE' },
      { type: CONNECTIONS_FINISHED },
      { type: CONNECTIONS_FINISHED, scope: '' },
      { type: CONNECTIONS_FINISHED, scope: 42 },
      { type: CONNECTIONS_FINISHED, scope: 'dropbox', status: 'maybe' },
      { type: CONNECTIONS_FINISHED, scope: 'dropbox', message: { html: '<b>' } },
      { type: CONNECTIONS_FINISHED, scope: 'x'.repeat(501) },
    ]) {
      expect(parseConnectionsFinished(data), JSON.stringify(data)).toBeNull();
    }
  });

  it('default to connected with no message (the older shape had only the scope)', () => {
    expect(parseConnectionsFinished({ type: CONNECTIONS_FINISHED, scope: 'dropbox' })).toEqual({
      type: CONNECTIONS_FINISHED,
      scope: 'dropbox',
      status: 'connected',
      message: '',
    });
  });
});
