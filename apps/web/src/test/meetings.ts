// Meetings, notes and the meeting bot as tests see them, plus a stand-in for the bot's websocket.
import type { TMeeting, TMeetingNotes, TParticipant } from '@knap/contracts';

export function makeMeeting(overrides: Partial<TMeeting> = {}): TMeeting {
  return {
    meeting_id: 'm1',
    meeting_title: 'Quarterly review',
    start_time: '2026-03-10T15:00:00.000Z',
    end_time: '2026-03-10T16:00:00.000Z',
    meeting_url: 'https://meet.example/abc',
    transcript_available: false,
    notes_available: false,
    user_private_meeting: false,
    bot_status: null,
    bot_error: null,
    participants: [],
    ...overrides,
  };
}

export function makeParticipant(overrides: Partial<TParticipant> = {}): TParticipant {
  return { name: 'Ann Henderson', email: 'ann@client.example', response_status: 'accepted', ...overrides };
}

export function makeNotes(overrides: Partial<TMeetingNotes> = {}): TMeetingNotes {
  return { meeting: makeMeeting(), notes_status: 'none', notes: null, transcript: null, ...overrides };
}

/** A WebSocket that connects when the test says so and records what the page sends. */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  readonly sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  static get latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no websocket was opened');
    return socket;
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close() {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.();
  }

  /** The server accepts the connection. */
  open() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.();
  }

  /** The server pushes a message. */
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

export function statusUpdate(status: string, errorMessage: string | null = null) {
  return {
    type: 'status_update',
    status: { status, isActive: status === 'active', lastActivity: null, errorMessage },
  };
}
