import { describe, expect, it } from 'vitest';
import {
  type BotEvent,
  type BotState,
  botDot,
  botStatusText,
  INITIAL_BOT_STATE,
  isBotBusy,
  reduceBotState,
} from './bot-status';

const run = (state: BotState, ...events: BotEvent[]) => events.reduce(reduceBotState, state);
const enabledIdle: BotState = { enabled: true, status: 'idle', errorMessage: null };
const disabledIdle: BotState = { enabled: false, status: 'idle', errorMessage: null };

describe('reduceBotState (SPEC §4 Bot status)', () => {
  it('takes the HTTP status as it is', () => {
    expect(run(INITIAL_BOT_STATE, { type: 'loaded', enabled: true, status: 'active' })).toEqual({
      enabled: true,
      status: 'active',
      errorMessage: null,
    });
  });

  it('toggling on sets starting; success returns to idle with the server’s enabled', () => {
    const starting = run(disabledIdle, { type: 'toggle', enabled: true });
    expect(starting).toEqual({ enabled: true, status: 'starting', errorMessage: null });
    expect(isBotBusy(starting)).toBe(true);

    expect(run(starting, { type: 'toggled', enabled: true })).toEqual(enabledIdle);
    // The server has the last word on the flag.
    expect(run(starting, { type: 'toggled', enabled: false })).toEqual(disabledIdle);
  });

  it('toggling off sets stopping; success returns to idle', () => {
    const stopping = run(enabledIdle, { type: 'toggle', enabled: false });
    expect(stopping).toEqual({ enabled: false, status: 'stopping', errorMessage: null });
    expect(run(stopping, { type: 'toggled', enabled: false })).toEqual(disabledIdle);
  });

  it('a failure becomes error with the message and reverts the flag', () => {
    expect(
      run(
        disabledIdle,
        { type: 'toggle', enabled: true },
        { type: 'toggleFailed', message: 'Failed to start bot: down' },
      ),
    ).toEqual({ enabled: false, status: 'error', errorMessage: 'Failed to start bot: down' });
    expect(
      run(
        enabledIdle,
        { type: 'toggle', enabled: false },
        { type: 'toggleFailed', message: 'Failed to stop bot: no' },
      ),
    ).toEqual({ enabled: true, status: 'error', errorMessage: 'Failed to stop bot: no' });
  });

  it('ignores a second toggle, pushes and loads while starting or stopping', () => {
    const starting = run(disabledIdle, { type: 'toggle', enabled: true });
    expect(run(starting, { type: 'toggle', enabled: false })).toBe(starting);
    expect(run(starting, { type: 'pushed', status: 'active', errorMessage: null })).toBe(starting);
    expect(run(starting, { type: 'loaded', enabled: false, status: 'idle' })).toBe(starting);
    expect(run(starting, { type: 'loadFailed', message: 'x' })).toBe(starting);
  });

  it('ignores a late answer when no toggle is on its way', () => {
    expect(run(enabledIdle, { type: 'toggled', enabled: false })).toBe(enabledIdle);
    expect(run(enabledIdle, { type: 'toggleFailed', message: 'x' })).toBe(enabledIdle);
  });

  it('takes live status pushes and keeps the enabled flag', () => {
    const active = run(enabledIdle, { type: 'pushed', status: 'active', errorMessage: null });
    expect(active).toEqual({ enabled: true, status: 'active', errorMessage: null });
    expect(run(active, { type: 'pushed', status: 'error', errorMessage: 'Bot crashed' })).toEqual({
      enabled: true,
      status: 'error',
      errorMessage: 'Bot crashed',
    });
  });

  it('an error can be toggled out of', () => {
    const failed = run(
      disabledIdle,
      { type: 'toggle', enabled: true },
      { type: 'toggleFailed', message: 'x' },
    );
    expect(run(failed, { type: 'toggle', enabled: true })).toEqual({
      enabled: true,
      status: 'starting',
      errorMessage: null,
    });
  });

  it('shows a failed status load as an error', () => {
    expect(run(enabledIdle, { type: 'loadFailed', message: 'An error occurred' })).toEqual({
      enabled: true,
      status: 'error',
      errorMessage: 'An error occurred',
    });
  });
});

describe('botStatusText', () => {
  it('has the texts of SPEC §4 word for word', () => {
    expect(botStatusText(disabledIdle)).toBe('Not joining new meetings');
    expect(botStatusText({ ...disabledIdle, status: 'active' })).toBe('Not joining new meetings');
    expect(botStatusText({ ...enabledIdle, status: 'starting' })).toBe('Starting...');
    expect(botStatusText({ ...enabledIdle, status: 'active' })).toBe('In meeting');
    expect(botStatusText({ ...disabledIdle, status: 'stopping' })).toBe('Stopping...');
    expect(botStatusText({ ...enabledIdle, status: 'error', errorMessage: 'Bot crashed' })).toBe(
      'Bot crashed',
    );
    expect(botStatusText({ ...enabledIdle, status: 'error' })).toBe('Error');
    expect(botStatusText({ ...disabledIdle, status: 'error', errorMessage: 'Failed to start bot: x' })).toBe(
      'Failed to start bot: x',
    );
    expect(botStatusText(enabledIdle)).toBe('Auto-join new meetings');
  });
});

describe('botDot', () => {
  it('is grey when disabled, green idle, amber busy, red active (pulsing) or on error', () => {
    expect(botDot(disabledIdle)).toEqual({ tone: 'grey', pulsing: false });
    expect(botDot(enabledIdle)).toEqual({ tone: 'green', pulsing: false });
    expect(botDot({ ...enabledIdle, status: 'starting' })).toEqual({ tone: 'amber', pulsing: false });
    expect(botDot({ ...disabledIdle, status: 'stopping' })).toEqual({ tone: 'amber', pulsing: false });
    expect(botDot({ ...enabledIdle, status: 'active' })).toEqual({ tone: 'red', pulsing: true });
    expect(botDot({ ...enabledIdle, status: 'error' })).toEqual({ tone: 'red', pulsing: false });
  });
});
