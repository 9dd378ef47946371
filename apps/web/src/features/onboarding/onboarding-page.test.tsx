import {
  MEETING_BOT_PATHS,
  ONBOARDING_PATHS,
  type OnboardingStepId,
  type TOnboarding,
  type TOnboardingStep,
  type TOnboardingUpdate,
  USER_PATHS,
} from '@knap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_CLASSES } from '../../components/ui/page';
import { tokenManager } from '../../lib/token-manager';
import { calledRoutes, heldResponse, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { makeOnboarding } from '../../test/onboarding';
import { renderRoutes } from '../../test/render';
import { initialAuthState, useAuthStore } from '../auth/store';
import { EXAMPLE_QUESTIONS, ONBOARDING_COPY } from './copy';
import { OnboardingPage } from './onboarding-page';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }),
}));

/** The zone the browser says it is in, for these tests. */
const BROWSER_ZONE = 'Asia/Tokyo';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone: BROWSER_ZONE };
  });
  tokenManager.setAccessToken('token');
  useAuthStore.setState({
    status: 'authenticated',
    user: makeUser({ name: 'Ada Lovelace', timezone: 'America/New_York' }),
  });
});

afterEach(() => {
  tokenManager.clear();
  useAuthStore.setState(initialAuthState);
});

function ChatProbe() {
  const location = useLocation();
  return <p>Chat with: {(location.state as { prompt?: string } | null)?.prompt ?? 'nothing'}</p>;
}

const routes = [
  { path: '/onboarding', element: <OnboardingPage /> },
  { path: '/chat', element: <ChatProbe /> },
  { path: '/calendar-permissions', element: <p>Calendar permissions</p> },
  { path: '/connections', element: <p>Connections</p> },
];

/** A server that keeps the guide's state: GET answers it, PUT applies skips, confirmation, dismissal. */
function onboardingServer(initial: TOnboarding) {
  let state = initial;
  const puts: TOnboardingUpdate[] = [];
  const setStatus = (id: OnboardingStepId, status: TOnboardingStep['status']) => {
    state = makeOnboarding(
      Object.fromEntries(state.steps.map((s) => [s.id, s.id === id ? status : s.status])),
      {
        dismissed_at: state.dismissed_at,
      },
    );
  };
  return {
    puts,
    setStatus,
    get state() {
      return state;
    },
    routes: {
      [`GET ${ONBOARDING_PATHS.state}`]: () => jsonResponse(state),
      [`PUT ${ONBOARDING_PATHS.state}`]: async (request: Request) => {
        const body = (await request.json()) as TOnboardingUpdate;
        puts.push(body);
        for (const [id, skipped] of Object.entries(body.skip ?? {}))
          setStatus(id as OnboardingStepId, skipped ? 'skipped' : 'todo');
        if (body.profile_confirmed) setStatus('profile', 'done');
        if (body.dismissed)
          state = { ...state, dismissed_at: '2026-11-20T10:00:00.000Z', show_banner: false };
        return jsonResponse(state);
      },
    },
  };
}

const card = (name: string) => screen.findByRole('listitem', { name });

describe('OnboardingPage', () => {
  it('shows each step with why, its status, progress and its action', async () => {
    const server = onboardingServer(makeOnboarding({ calendar: 'done', notetaker: 'skipped' }));
    mockFetch(server.routes);
    renderRoutes(routes, '/onboarding');

    expect(screen.getByRole('heading', { name: 'Set up Knap Studio' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading your setup' })).toBeTruthy();
    expect(await screen.findByText('1 of 5 done')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Setup progress' }).getAttribute('aria-valuenow')).toBe(
      '1',
    );
    const steps = within(screen.getByRole('list', { name: 'Setup steps' })).getAllByRole('heading');
    expect(steps.map((h) => h.textContent)).toEqual([
      'Your name and timezone',
      'Connect a calendar',
      'Connect a CRM',
      'Turn on the notetaker',
      'Try a first question',
    ]);

    const calendar = await card('Connect a calendar');
    expect(within(calendar).getByText('Done')).toBeTruthy();
    expect(within(calendar).getByText('Connected: Google Calendar.')).toBeTruthy();
    expect(within(calendar).queryByRole('button', { name: 'Skip' })).toBeNull();
    expect(within(calendar).queryByRole('link', { name: 'Connect a calendar' })).toBeNull();

    const crm = await card('Connect a CRM');
    expect(within(crm).getByText('To do')).toBeTruthy();
    expect(within(crm).getByText(/Wealthbox, Salesforce, Zoho, Copper or Sevanta/)).toBeTruthy();
    expect(within(crm).getByRole('link', { name: 'Connect a CRM' }).getAttribute('href')).toBe(
      '/connections',
    );

    const notetaker = await card('Turn on the notetaker');
    expect(within(notetaker).getByText('Skipped')).toBeTruthy();
    expect(within(notetaker).getByRole('button', { name: 'Undo skip' })).toBeTruthy();
  });

  it('skips a step and takes the skip back, stored on the server', async () => {
    const server = onboardingServer(makeOnboarding());
    mockFetch(server.routes);
    renderRoutes(routes, '/onboarding');

    const calendar = await card('Connect a calendar');
    expect(within(calendar).getByRole('link', { name: 'Connect a calendar' }).getAttribute('href')).toBe(
      '/calendar-permissions',
    );
    const crm = await card('Connect a CRM');
    const skip = within(crm).getByRole('button', { name: 'Skip' });
    expect(skip.getAttribute('aria-describedby')).toBe(within(crm).getByRole('heading').id);
    await userEvent.click(skip);
    expect(await within(crm).findByText('Skipped')).toBeTruthy();
    expect(server.puts).toEqual([{ skip: { crm: true } }]);

    await userEvent.click(within(crm).getByRole('button', { name: 'Undo skip' }));
    expect(await within(crm).findByText('To do')).toBeTruthy();
    expect(server.puts).toEqual([{ skip: { crm: true } }, { skip: { crm: false } }]);
  });

  it('sends one skip while it is on its way, and the button keeps focus', async () => {
    const server = onboardingServer(makeOnboarding());
    const held = heldResponse();
    mockFetch({ ...server.routes, [`PUT ${ONBOARDING_PATHS.state}`]: held.handler });
    renderRoutes(routes, '/onboarding');
    const crm = await card('Connect a CRM');
    const skip = within(crm).getByRole('button', { name: 'Skip' });
    skip.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(held.bodies).toEqual([{ skip: { crm: true } }]));
    expect(skip.getAttribute('aria-disabled')).toBe('true');
    await userEvent.keyboard('{Enter}');
    held.release(jsonResponse(makeOnboarding({ crm: 'skipped' })));
    expect(await within(crm).findByText('Skipped')).toBeTruthy();
    expect(held.bodies).toHaveLength(1);
    expect(document.activeElement).toBe(within(crm).getByRole('button', { name: 'Undo skip' }));
  });

  it('says why a skip failed and leaves the step as it was', async () => {
    const server = onboardingServer(makeOnboarding());
    mockFetch({
      ...server.routes,
      [`PUT ${ONBOARDING_PATHS.state}`]: () => jsonResponse({ detail: 'Database unavailable' }, 503),
    });
    renderRoutes(routes, '/onboarding');
    const crm = await card('Connect a CRM');
    await userEvent.click(within(crm).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Database unavailable'));
    expect(within(crm).getByText('To do')).toBeTruthy();
  });

  it('saves the name and the browser’s timezone through the users endpoints, then confirms', async () => {
    const server = onboardingServer(makeOnboarding());
    const userCalls: Array<[string, unknown]> = [];
    const fetchMock = mockFetch({
      ...server.routes,
      [`PUT ${USER_PATHS.name}`]: async (request) => {
        const body = await request.json();
        userCalls.push(['name', body]);
        return jsonResponse(body);
      },
      [`PUT ${USER_PATHS.timezone}`]: async (request) => {
        const body = await request.json();
        userCalls.push(['timezone', body]);
        return jsonResponse(body);
      },
    });
    renderRoutes(routes, '/onboarding');

    const profile = await card('Your name and timezone');
    const form = within(profile).getByRole('form', { name: 'Your name and timezone' });
    const name = within(form).getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    // The zone shown is the browser's (the app keeps the user's in step with it), not the stored one.
    expect(name.value).toBe('Ada Lovelace');
    expect(within(form).getByRole('status', { name: 'Timezone' }).textContent).toBe('Asia/Tokyo');
    expect(within(form).queryByRole('combobox')).toBeNull();

    // An empty name is caught before anything is sent.
    await userEvent.clear(name);
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Enter your name')).toBeTruthy();
    expect(calledRoutes(fetchMock).filter((r) => r.startsWith('PUT'))).toEqual([]);

    await userEvent.type(name, '  Ada King ');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(profile).findByText('Done')).toBeTruthy();
    expect(userCalls).toEqual([
      ['name', { name: 'Ada King' }],
      ['timezone', { timezone: BROWSER_ZONE }],
    ]);
    expect(server.puts).toEqual([{ profile_confirmed: true }]);
    expect(useAuthStore.getState().user).toMatchObject({ name: 'Ada King', timezone: BROWSER_ZONE });
    expect(within(profile).getByText('Ada King · Asia/Tokyo')).toBeTruthy();
    expect(document.activeElement).toBe(within(profile).getByRole('button', { name: 'Edit' }));
    expect(screen.getByText('1 of 5 done')).toBeTruthy();

    // Editing again and saving without changes only confirms.
    await userEvent.click(within(profile).getByRole('button', { name: 'Edit' }));
    await userEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.puts).toHaveLength(2));
    expect(userCalls).toHaveLength(2);
  });

  it('asks for a calendar before the notetaker: it has no meeting to join without one', async () => {
    mockFetch(onboardingServer(makeOnboarding()).routes);
    renderRoutes(routes, '/onboarding');
    const notetaker = await card('Turn on the notetaker');
    expect(within(notetaker).getByText(ONBOARDING_COPY.notetakerNeedsCalendar)).toBeTruthy();
    // The workspace screens' one page width.
    expect(screen.getByRole('heading', { level: 1 }).closest(`[class="${PAGE_CLASSES}"]`)).toBeTruthy();
    expect(within(notetaker).getByRole('link', { name: 'Connect a calendar' }).getAttribute('href')).toBe(
      '/calendar-permissions',
    );
    expect(within(notetaker).queryByRole('button', { name: 'Turn on the notetaker' })).toBeNull();
  });

  it('turns the notetaker on with the meeting bot toggle and reads the state again', async () => {
    const server = onboardingServer(makeOnboarding({ calendar: 'done' }));
    const toggles: unknown[] = [];
    mockFetch({
      ...server.routes,
      [`POST ${MEETING_BOT_PATHS.toggle}`]: async (request) => {
        toggles.push(await request.json());
        server.setStatus('notetaker', 'done');
        return jsonResponse({ enabled: true });
      },
    });
    renderRoutes(routes, '/onboarding');
    const notetaker = await card('Turn on the notetaker');
    await userEvent.click(within(notetaker).getByRole('button', { name: 'Turn on the notetaker' }));
    expect(await within(notetaker).findByText('Done')).toBeTruthy();
    expect(toggles).toEqual([{ enabled: true }]);
    expect(within(notetaker).queryByRole('button', { name: 'Turn on the notetaker' })).toBeNull();
  });

  it('starts a chat with an example question', async () => {
    mockFetch(onboardingServer(makeOnboarding()).routes);
    renderRoutes(routes, '/onboarding');
    const first = await card('Try a first question');
    const questions = within(within(first).getByRole('list', { name: 'Example questions' })).getAllByRole(
      'button',
    );
    expect(questions.map((b) => b.textContent)).toEqual([...EXAMPLE_QUESTIONS]);
    await userEvent.click(questions[1]!);
    expect(await screen.findByText(`Chat with: ${EXAMPLE_QUESTIONS[1]}`)).toBeTruthy();
  });

  it('skips the whole setup: the reminder is dismissed and the chat opens', async () => {
    const server = onboardingServer(makeOnboarding());
    mockFetch(server.routes);
    renderRoutes(routes, '/onboarding');
    await userEvent.click(await screen.findByRole('button', { name: 'Skip setup' }));
    expect(await screen.findByText('Chat with: nothing')).toBeTruthy();
    expect(server.puts).toEqual([{ dismissed: true }]);
    expect(toast.success).toHaveBeenCalled();
  });

  it('after a dismissal or with everything done, offers no Skip setup', async () => {
    mockFetch(onboardingServer(makeOnboarding({}, { dismissed_at: '2026-11-20T10:00:00.000Z' })).routes);
    const first = renderRoutes(routes, '/onboarding');
    expect(await screen.findByText(/The setup reminder is off/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Skip setup' })).toBeNull();
    first.unmount();

    const all = {
      profile: 'done',
      calendar: 'done',
      crm: 'skipped',
      notetaker: 'done',
      first_question: 'done',
    } as const;
    mockFetch(onboardingServer(makeOnboarding(all)).routes);
    renderRoutes(routes, '/onboarding');
    expect(await screen.findByText('You are all set')).toBeTruthy();
    expect(screen.getByText('4 of 5 done')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Skip setup' })).toBeNull();
  });

  it('says when the guide cannot be loaded, and Try again loads it', async () => {
    let fail = true;
    mockFetch({
      [`GET ${ONBOARDING_PATHS.state}`]: () =>
        fail ? jsonResponse({ detail: 'Database unavailable' }, 503) : jsonResponse(makeOnboarding()),
    });
    renderRoutes(routes, '/onboarding');
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('0 of 5 done')).toBeTruthy();
  });
});
