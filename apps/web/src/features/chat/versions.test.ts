import type { TMessage } from '@knap/contracts';
import { describe, expect, it } from 'vitest';
import { currentRows, followersOf, versionsOf } from './versions';

const row = (id: string, role: 'user' | 'assistant', more: Partial<TMessage> = {}): TMessage => ({
  id,
  chat_id: 'c',
  role,
  content: id,
  timestamp: '2026-11-26T00:00:00Z',
  metadata: null,
  state: null,
  variant_of: null,
  superseded_by: null,
  ...more,
});

// Asked u1, answered a1, regenerated a1b; asked u2, answered a2; then u1 edited into u1b, answered b1.
const rows = [
  row('u1', 'user', { superseded_by: 'u1b' }),
  row('a1', 'assistant', { superseded_by: 'a1b' }),
  row('a1b', 'assistant', { variant_of: 'a1', superseded_by: 'u1b' }),
  row('u2', 'user', { superseded_by: 'u1b' }),
  row('a2', 'assistant', { superseded_by: 'u1b' }),
  row('u1b', 'user', { variant_of: 'u1' }),
  row('b1', 'assistant'),
];

describe('message versions', () => {
  it('reads the conversation as the rows no version replaced', () => {
    expect(currentRows(rows).map((r) => r.id)).toEqual(['u1b', 'b1']);
  });

  it('lists the versions of a message, oldest first', () => {
    expect(versionsOf(rows, rows[5]!).map((r) => r.id)).toEqual(['u1', 'u1b']);
    expect(versionsOf(rows, rows[2]!).map((r) => r.id)).toEqual(['a1', 'a1b']);
    expect(versionsOf(rows, rows[6]!).map((r) => r.id)).toEqual(['b1']);
  });

  it('shows an earlier version with what followed it until it was replaced', () => {
    const edits = versionsOf(rows, rows[5]!);
    expect(followersOf(rows, edits, 0).map((r) => r.id)).toEqual(['a1b', 'u2', 'a2']);
    expect(followersOf(rows, edits, 1)).toEqual([]);
    const replies = versionsOf(rows, rows[2]!);
    expect(followersOf(rows, replies, 0)).toEqual([]);
  });
});
