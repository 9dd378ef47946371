// The assistant in an open chat, through the chat screen, with fetch answering like our API: SSE
// replies from the completion endpoint and the stored chat from the chat endpoint.
import {
  ASSISTANT_PATHS,
  CHAT_PATHS,
  DETAIL,
  DOCUMENT_PATHS,
  ERR,
  type TChat,
  type TMessage,
  type TReplyMetadata,
  type TTodoItem,
} from '@knap/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenManager } from '../../../lib/token-manager';
import { type FetchHandler, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { controlledUiStream, textReply, uiStreamResponse } from '../../../test/ui-stream';
import { mockUploads } from '../../../test/upload-mock';
import { initialAuthState, useAuthStore } from '../../auth/store';
import { ChatPage } from '../chat-page';

const AT = '2026-03-03T15:00:00.000Z';
const EMAIL = { to: 'anna@example.com', subject: 'Following up', body: 'Hi Anna,\n\nThanks for today.' };

function chat(overrides: Partial<TChat> = {}): TChat {
  return {
    id: 'c1',
    user_id: 'user-1',
    title: 'Henderson review',
    messages: [],
    created_at: AT,
    updated_at: AT,
    metadata: null,
    out_of_tokens: false,
    unread: false,
    ...overrides,
  };
}

function row(id: string, role: TMessage['role'], content: string, extra: Partial<TMessage> = {}): TMessage {
  return { id, chat_id: 'c1', role, content, timestamp: AT, metadata: null, state: null, ...extra };
}

/** A stored reply waiting for approval to send an email, as the server keeps it. */
function pendingEmailReply(): TMessage {
  const metadata: TReplyMetadata = {
    message_type: 'tool_updates',
    append_mode: 'checkpoint',
    steps: [{ tool: 'send_email', resultSummary: 'Waiting for approval' }],
    parts: [
      { type: 'step-start' },
      {
        type: 'tool-send_email',
        toolCallId: 'call-1',
        state: 'approval-requested',
        input: EMAIL,
        approval: { id: 'approval-1' },
      },
    ],
    approvals: [
      { tool_call_uuid: 'call-1', tool: 'send_email', input: EMAIL, credit_cost: 1, status: 'pending' },
    ],
  };
  return row('r1', 'assistant', '', { metadata });
}

/** The chat endpoint answers with `server.chat`, which tests change as the server would. */
function serve(initial: TChat, routes: Record<string, FetchHandler> = {}) {
  const server = { chat: initial, requests: [] as Array<{ route: string; body: unknown }> };
  const record =
    (route: string, handler: FetchHandler): FetchHandler =>
    async (req) => {
      server.requests.push({
        route,
        body: await req
          .clone()
          .json()
          .catch(() => null),
      });
      return handler(req);
    };
  const fetchMock = mockFetch({
    [`GET ${CHAT_PATHS.chat('c1')}`]: () => jsonResponse(server.chat),
    [`PUT ${CHAT_PATHS.markRead('c1')}`]: () => jsonResponse({ success: true }),
    [`POST ${ASSISTANT_PATHS.suggestions}`]: () => jsonResponse({ suggestions: [] }),
    [`GET ${DOCUMENT_PATHS.limits}`]: () =>
      jsonResponse({
        max_bytes: 20 * 1024 * 1024,
        max_pages: 500,
        max_cells: 200_000,
        kinds: ['pdf', 'csv'],
      }),
    ...Object.fromEntries(Object.entries(routes).map(([route, handler]) => [route, record(route, handler)])),
  });
  const bodiesOf = (route: string) => server.requests.filter((r) => r.route === route).map((r) => r.body);
  return { server, fetchMock, bodiesOf };
}

const COMPLETION = `POST ${ASSISTANT_PATHS.completion}`;

/** The completion refused once (409, a reply in progress), then answered with `text`. */
function refusedOnce(text: string): FetchHandler {
  let calls = 0;
  return () => {
    calls += 1;
    return calls === 1
      ? jsonResponse({ detail: DETAIL.replyInProgress }, 409)
      : uiStreamResponse(textReply('r1', [text]));
  };
}
const STOP = `POST ${ASSISTANT_PATHS.stopCompletion}`;
const APPROVAL = `POST ${ASSISTANT_PATHS.toolApproval}`;

const openSettings = vi.fn();

/** The chat screen inside a stand-in shell that offers Settings, like the app shell does. */
function renderChat(path = '/chat?id=c1') {
  return renderRoutes(
    [
      {
        element: <Outlet context={{ openSettings }} />,
        children: [{ path: '/chat', element: <ChatPage /> }],
      },
    ],
    path,
  );
}

const composer = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
const messages = () => screen.getByRole('list', { name: 'Messages' });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  openSettings.mockReset();
  tokenManager.setAccessToken('token');
  useAuthStore.setState({ status: 'authenticated', user: makeUser({ name: 'Ada Lovelace' }) });
});

afterEach(() => {
  tokenManager.clear();
  useAuthStore.setState(initialAuthState);
});

// The open chat is its own lazy chunk: load it once up front, so the first test's one-second
// waits are not spent transforming it on a busy machine.
beforeAll(() => import('./chat-conversation'), 60_000);

describe('a reply streaming in', () => {
  it('shows the text as it arrives, with Stop instead of Send, then the stored reply', async () => {
    const stream = controlledUiStream();
    const { server, bodiesOf } = serve(chat(), { [COMPLETION]: () => stream.response });
    renderChat();
    // The file's first render loads the open chat's lazy chunk, the slowest part on a busy machine.
    await screen.findByRole('heading', { name: 'Henderson review' }, { timeout: 5000 });

    await userEvent.type(composer(), 'What changed since March?{Enter}');

    expect(await within(messages()).findByText('What changed since March?')).toBeTruthy();
    expect(bodiesOf(COMPLETION)).toEqual([
      { chat_id: 'c1', message: { content: 'What changed since March?' } },
    ]);
    expect(composer().value).toBe('');
    expect(composer().readOnly).toBe(true);
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();

    stream.push(...textReply('r1', ['Two', ' accounts', ' moved.']).slice(0, 4));
    expect(await within(messages()).findByText('Two')).toBeTruthy();
    stream.push({ type: 'text-delta', id: 't1', delta: ' accounts' });
    expect(await within(messages()).findByText('Two accounts')).toBeTruthy();

    server.chat = chat({
      messages: [
        row('u1', 'user', 'What changed since March?'),
        row('r1', 'assistant', 'Two accounts moved.'),
      ],
    });
    stream.push({ type: 'text-delta', id: 't1', delta: ' moved.' }, { type: 'text-end', id: 't1' });
    stream.push({ type: 'finish-step' }, { type: 'finish', finishReason: 'stop' });
    stream.end();

    expect(await within(messages()).findByText('Two accounts moved.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Send message' })).toBeTruthy();
    expect(composer().readOnly).toBe(false);
    // The stored rows replaced the streamed ones: one user message, one reply.
    await waitFor(() => expect(within(messages()).getAllByRole('listitem')).toHaveLength(2));
  });

  it('shows tool steps live and the stored summary once the reply is stored', async () => {
    const rmdInput = { age: 75, priorYearEndBalance: 500000 };
    const stream = controlledUiStream();
    const { server } = serve(chat(), { [COMPLETION]: () => stream.response });
    renderChat();
    await screen.findByRole('heading', { name: 'Henderson review' });

    await userEvent.type(composer(), 'RMD at 75 on 500,000?{Enter}');
    stream.push(
      { type: 'start', messageId: 'r1' },
      { type: 'start-step' },
      {
        type: 'tool-input-available',
        toolCallId: 'call-1',
        toolName: 'required_minimum_distribution',
        input: rmdInput,
      },
    );

    const steps = await screen.findByRole('list', { name: 'Tool steps' });
    expect(within(steps).getByText('Required minimum distribution')).toBeTruthy();
    expect(within(steps).getByText('Running…')).toBeTruthy();

    stream.push({ type: 'tool-output-available', toolCallId: 'call-1', output: { distribution: 20325.2 } });
    expect(await within(steps).findByText(/Done/)).toBeTruthy();

    server.chat = chat({
      messages: [
        row('u1', 'user', 'RMD at 75 on 500,000?'),
        row('r1', 'assistant', 'It is 20,325.20.', {
          metadata: {
            message_type: 'tool_updates',
            steps: [{ tool: 'required_minimum_distribution', resultSummary: 'RMD 20,325.20' }],
            parts: [
              { type: 'step-start' },
              {
                type: 'tool-required_minimum_distribution',
                toolCallId: 'call-1',
                state: 'output-available',
                input: rmdInput,
                output: { distribution: 20325.2 },
              },
              { type: 'step-start' },
              { type: 'text', text: 'It is 20,325.20.', state: 'done' },
            ],
          },
        }),
      ],
    });
    stream.push(...textReply('r1', ['It is 20,325.20.']).slice(1));
    stream.end();

    expect(await within(messages()).findByText('It is 20,325.20.')).toBeTruthy();
    // Folded once the reply is done; opening it shows the server's summary.
    const toggle = await screen.findByRole('button', { name: /Used 1 tool/ });
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
    await userEvent.click(toggle);
    expect(await screen.findByText(/RMD 20,325\.20/)).toBeTruthy();
  });

  it('renders a stored todo list as a checklist in its place', async () => {
    const todos: TTodoItem[] = [
      { text: 'Review the goals', status: 'done' },
      { text: 'Run the projection', status: 'in_progress' },
      { text: 'Draft recommendations', status: 'pending' },
    ];
    serve(
      chat({
        messages: [
          row('u1', 'user', 'Make a plan for the Henderson review'),
          row('r1', 'assistant', "Here's the plan as a checklist.", {
            metadata: { message_type: 'tool_updates', steps: [{ tool: 'update_todo_list' }] },
          }),
          row('t1', 'assistant', '- [x] Review the goals', {
            metadata: { message_type: 'todo_progress', append_mode: 'tool_step', todos },
          }),
        ],
      }),
    );
    renderChat();

    const checklist = await screen.findByRole('list', { name: 'Checklist' });
    const items = within(checklist).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Review the goals (done)',
      'Run the projection (in progress)',
      'Draft recommendations (to do)',
    ]);
    // SPEC §4: the reply (a tool-output message) goes to the end; the checklist keeps its place.
    const order = within(messages())
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === messages())
      .map((li) => li.textContent);
    expect(order[0]).toContain('Make a plan');
    expect(order[1]).toContain('Review the goals');
    expect(order[2]).toContain("Here's the plan");
  });
  it('follows a reply the server is still writing (opened mid-reply) until it is stored', async () => {
    const { server } = serve(
      chat({ messages: [row('u1', 'user', 'Hi'), row('r1', 'assistant', 'Half', { state: 'streaming' })] }),
    );
    renderChat();

    expect(within(await screen.findByRole('list', { name: 'Messages' })).getByText('Half')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    expect(composer().readOnly).toBe(true);

    server.chat = chat({ messages: [row('u1', 'user', 'Hi'), row('r1', 'assistant', 'Half and whole.')] });

    expect(await within(messages()).findByText('Half and whole.', {}, { timeout: 3000 })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Send message' })).toBeTruthy();
  });
});

describe('approvals', () => {
  it('shows the action in readable form with its cost; Approve records it, then continues the run', async () => {
    const { server, bodiesOf } = serve(
      chat({ messages: [row('u1', 'user', 'Email Anna'), pendingEmailReply()] }),
      {
        [APPROVAL]: () => jsonResponse({ tool_call_uuid: 'call-1', status: 'approved' }),
        [COMPLETION]: () => {
          const reply = pendingEmailReply();
          const [stepStart] = reply.metadata!.parts!;
          server.chat = chat({
            messages: [
              row('u1', 'user', 'Email Anna'),
              row('r1', 'assistant', 'Sent. It is in your outbox.', {
                metadata: {
                  ...reply.metadata,
                  parts: [
                    stepStart!,
                    {
                      type: 'tool-send_email',
                      toolCallId: 'call-1',
                      input: EMAIL,
                      state: 'output-available',
                      approval: { id: 'approval-1', approved: true },
                      output: { to: EMAIL.to },
                    },
                    { type: 'step-start' },
                    { type: 'text', text: 'Sent. It is in your outbox.', state: 'done' },
                  ],
                },
              }),
            ],
          });
          return uiStreamResponse([
            { type: 'start', messageId: 'r1' },
            { type: 'tool-output-available', toolCallId: 'call-1', output: { to: EMAIL.to } },
            ...textReply('r1', ['Sent.', ' It is in your outbox.']).slice(1),
          ]);
        },
      },
    );
    renderChat();

    const card = await screen.findByRole('region', { name: 'Send email' });
    const terms = within(card)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(card)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(terms).toEqual(['To', 'Subject', 'Body']);
    expect(values).toEqual([EMAIL.to, EMAIL.subject, EMAIL.body]);
    expect(within(card).getByText('Cost: 1 credit')).toBeTruthy();
    expect(within(card).getByText('Needs your approval')).toBeTruthy();

    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));

    expect(await within(messages()).findByText('Sent. It is in your outbox.')).toBeTruthy();
    expect(bodiesOf(APPROVAL)).toEqual([
      { chat_id: 'c1', message_id: 'r1', tool_call_uuid: 'call-1', approve: true },
    ]);
    expect(bodiesOf(COMPLETION)).toEqual([{ chat_id: 'c1' }]);
    expect(within(screen.getByRole('region', { name: 'Send email' })).getByText('Approved')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('Deny records the denial and the run goes on', async () => {
    const { bodiesOf } = serve(chat({ messages: [row('u1', 'user', 'Email Anna'), pendingEmailReply()] }), {
      [APPROVAL]: () => jsonResponse({ tool_call_uuid: 'call-1', status: 'denied' }),
      [COMPLETION]: () =>
        uiStreamResponse([
          { type: 'start', messageId: 'r1' },
          { type: 'tool-output-denied', toolCallId: 'call-1' },
          ...textReply('r1', ["Understood — I didn't send it."]).slice(1),
        ]),
    });
    renderChat();

    const card = await screen.findByRole('region', { name: 'Send email' });
    await userEvent.click(within(card).getByRole('button', { name: 'Deny' }));

    expect(await within(messages()).findByText("Understood — I didn't send it.")).toBeTruthy();
    expect(bodiesOf(APPROVAL)).toEqual([
      { chat_id: 'c1', message_id: 'r1', tool_call_uuid: 'call-1', approve: false },
    ]);
    expect(bodiesOf(COMPLETION)).toEqual([{ chat_id: 'c1' }]);
    expect(within(card).getByText('Denied')).toBeTruthy();
  });

  it.each([
    [
      'the server’s detail',
      () => jsonResponse({ detail: DETAIL.approvalAlreadyDecided }, 409),
      DETAIL.approvalAlreadyDecided,
    ],
    ['else the text', () => new Response('Upstream is down', { status: 502 }), 'Upstream is down'],
    ['else the fallback', () => new Response('', { status: 500 }), ERR.toolApprovalFallback],
    [
      'the fallback when the server cannot be reached',
      () => Promise.reject(new TypeError('Failed to fetch')),
      ERR.toolApprovalFallback,
    ],
  ])('shows %s when the decision fails, and keeps the card actionable', async (_name, answer, text) => {
    const { bodiesOf } = serve(chat({ messages: [row('u1', 'user', 'Email Anna'), pendingEmailReply()] }), {
      [APPROVAL]: answer as FetchHandler,
    });
    renderChat();

    const card = await screen.findByRole('region', { name: 'Send email' });
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));

    expect((await within(card).findByRole('alert')).textContent).toBe(text);
    expect((within(card).getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(false);
    expect(bodiesOf(COMPLETION)).toEqual([]);
  });

  it('shows what will change in the outside system when the server looked it up', async () => {
    const reply = pendingEmailReply();
    const preview = {
      system: 'Wealthbox',
      action: 'Add a note to Ann Henderson',
      fields: [
        { label: 'Contact', value: 'Ann Henderson <ann@henderson.example>' },
        { label: 'Note', value: 'Reviewed RMD options' },
      ],
    };
    const approvals = reply.metadata!.approvals!.map((a) => ({ ...a, preview }));
    serve(
      chat({
        messages: [row('u1', 'user', 'Log it'), { ...reply, metadata: { ...reply.metadata, approvals } }],
      }),
    );
    renderChat();

    const card = await screen.findByRole('region', { name: 'Send email' });
    expect(card.textContent).toContain('Wealthbox · Add a note to Ann Henderson');
    expect(
      within(card)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Contact', 'Note']);
    expect(
      within(card)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['Ann Henderson <ann@henderson.example>', 'Reviewed RMD options']);
  });

  it('disables both buttons while the decision is being recorded', async () => {
    let answer: (response: Response) => void = () => {};
    serve(chat({ messages: [row('u1', 'user', 'Email Anna'), pendingEmailReply()] }), {
      [APPROVAL]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderChat();

    const card = await screen.findByRole('region', { name: 'Send email' });
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));

    await waitFor(() =>
      expect((within(card).getByRole('button', { name: 'Deny' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect((within(card).getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true);
    answer(jsonResponse({ detail: DETAIL.approvalAlreadyDecided }, 409));
    expect(await within(card).findByRole('alert')).toBeTruthy();
  });
});

describe('Stop', () => {
  /** Opens the chat, asks, and shows the first words of the reply the stream writes. */
  async function showReplyBeingWritten(stream: ReturnType<typeof controlledUiStream>) {
    renderChat();
    await screen.findByRole('heading', { name: 'Henderson review' });
    await userEvent.type(composer(), 'Tell me everything{Enter}');
    stream.push(...textReply('r1', ['Well,', ' first']).slice(0, 5));
    expect(await within(messages()).findByText('Well, first')).toBeTruthy();
  }

  it('asks the server to stop; its stream then ends with the reply kept', async () => {
    const stream = controlledUiStream();
    const { server, bodiesOf } = serve(chat(), {
      [COMPLETION]: () => stream.response,
      [STOP]: () => {
        queueMicrotask(() => {
          server.chat = chat({
            messages: [row('u1', 'user', 'Tell me everything'), row('r1', 'assistant', 'Well, first')],
          });
          stream.push({ type: 'abort', reason: 'stopped by the user' });
          stream.end();
        });
        return jsonResponse({ stopped: true });
      },
    });
    await showReplyBeingWritten(stream);

    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));

    expect(await screen.findByRole('button', { name: 'Send message' })).toBeTruthy();
    expect(bodiesOf(STOP)).toEqual([{ chat_id: 'c1' }]);
    expect(within(messages()).getByText('Well, first')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('ends the local stream when the server has nothing to stop', async () => {
    const stream = controlledUiStream();
    const { bodiesOf } = serve(chat(), {
      [COMPLETION]: () => stream.response,
      [STOP]: () => jsonResponse({ stopped: false }),
    });
    renderChat();
    await screen.findByRole('heading', { name: 'Henderson review' });
    await userEvent.type(composer(), 'Hello{Enter}');
    stream.push(...textReply('r1', ['Hi']).slice(0, 4));
    await within(messages()).findByText('Hi');

    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));

    expect(await screen.findByRole('button', { name: 'Send message' })).toBeTruthy();
    expect(bodiesOf(STOP)).toEqual([{ chat_id: 'c1' }]);
  });
  it('says so when the server could not stop the reply, keeps it streaming, and Stop works again', async () => {
    const stream = controlledUiStream();
    let stops = 0;
    const { bodiesOf } = serve(chat(), {
      [COMPLETION]: () => stream.response,
      [STOP]: () => {
        stops += 1;
        if (stops === 1) return jsonResponse({ detail: DETAIL.stopNotDelivered }, 503);
        queueMicrotask(() => {
          stream.push({ type: 'abort', reason: 'stopped by the user' });
          stream.end();
        });
        return jsonResponse({ stopped: true });
      },
    });
    await showReplyBeingWritten(stream);

    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect((await screen.findByRole('alert')).textContent).toBe(DETAIL.stopNotDelivered);
    stream.push({ type: 'text-delta', id: 't1', delta: ', second' });
    expect(await within(messages()).findByText('Well, first, second')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByRole('button', { name: 'Send message' })).toBeTruthy();
    expect(bodiesOf(STOP)).toEqual([{ chat_id: 'c1' }, { chat_id: 'c1' }]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('failures and Retry', () => {
  it('shows a reply that failed mid-way inline; Retry asks for a new one with retry: true', async () => {
    let calls = 0;
    const { server, bodiesOf } = serve(chat(), {
      [COMPLETION]: () => {
        calls += 1;
        if (calls === 1) {
          server.chat = chat({
            messages: [
              row('u1', 'user', 'Summarise the account'),
              row('r1', 'assistant', 'The account', {
                state: 'failed',
                metadata: { error: DETAIL.modelFailed },
              }),
            ],
          });
          return uiStreamResponse([
            ...textReply('r1', ['The', ' account']).slice(0, 5),
            { type: 'error', errorText: DETAIL.modelFailed },
          ]);
        }
        server.chat = chat({
          messages: [row('u1', 'user', 'Summarise the account'), row('r2', 'assistant', 'All is well.')],
        });
        return uiStreamResponse(textReply('r2', ['All is well.']));
      },
    });
    renderChat();
    await screen.findByRole('heading', { name: 'Henderson review' });

    await userEvent.type(composer(), 'Summarise the account{Enter}');

    expect((await screen.findByRole('alert')).textContent).toBe(DETAIL.modelFailed);
    // The partial text is kept.
    expect(within(messages()).getByText('The account')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await within(messages()).findByText('All is well.')).toBeTruthy();
    expect(bodiesOf(COMPLETION)).toEqual([
      { chat_id: 'c1', message: { content: 'Summarise the account' } },
      { chat_id: 'c1', retry: true },
    ]);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(within(messages()).queryByText('The account')).toBeNull();
  });

  it.each([
    ['interrupted', 'This reply was interrupted.'],
    ['failed', DETAIL.modelFailed],
  ] as const)('offers Retry for a stored %s reply', async (state, text) => {
    const { bodiesOf } = serve(
      chat({ messages: [row('u1', 'user', 'Hello'), row('r1', 'assistant', 'Partial', { state })] }),
      { [COMPLETION]: () => uiStreamResponse(textReply('r2', ['Fresh reply'])) },
    );
    renderChat();

    expect((await screen.findByRole('alert')).textContent).toBe(text);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await within(messages()).findByText('Fresh reply')).toBeTruthy();
    expect(bodiesOf(COMPLETION)).toEqual([{ chat_id: 'c1', retry: true }]);
  });

  it('gives a refused message back to the composer, says why, and Retry sends it again', async () => {
    const { bodiesOf } = serve(chat(), { [COMPLETION]: refusedOnce('Here you go.') });
    renderChat();
    await screen.findByRole('heading', { name: 'Henderson review' });

    await userEvent.type(composer(), 'Are you there?{Enter}');

    expect((await screen.findByRole('alert')).textContent).toBe(DETAIL.replyInProgress);
    expect(composer().value).toBe('Are you there?');
    expect(within(messages()).queryByText('Are you there?')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await within(messages()).findByText('Here you go.')).toBeTruthy();
    expect(composer().value).toBe('');
    expect(bodiesOf(COMPLETION)).toEqual([
      { chat_id: 'c1', message: { content: 'Are you there?' } },
      { chat_id: 'c1', message: { content: 'Are you there?' } },
    ]);
  });
});

describe('files on a message', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the attached files with the message, and Retry after a refusal sends them again', async () => {
    const { bodiesOf } = serve(chat(), { [COMPLETION]: refusedOnce('From your statement.') });
    mockUploads();
    renderChat();
    await screen.findByRole('heading', { name: 'Henderson review' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Attach files' }).title).toBe(
        'PDF or CSV files, up to 20 MB each',
      ),
    );

    await userEvent.upload(
      document.querySelector('input[type="file"]') as HTMLInputElement,
      new File(['%PDF-1.7'], 'Q3 statement.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('Attached')).toBeTruthy();
    await userEvent.type(composer(), 'What is the allocation?{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(DETAIL.replyInProgress);

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await within(messages()).findByText('From your statement.')).toBeTruthy();
    const sent = { chat_id: 'c1', message: { content: 'What is the allocation?', document_ids: ['doc-1'] } };
    expect(bodiesOf(COMPLETION)).toEqual([sent, sent]);
    const chips = within(messages()).getByRole('list', { name: 'Attached files' });
    expect(within(chips).getByRole('link', { name: 'Q3 statement.pdf' })).toBeTruthy();
  });
});

describe('out of credits', () => {
  it('shows the server’s text with Upgrade (opening Settings) on a 402, and keeps the draft', async () => {
    // A chat with history stays open (a refused first message is the next test's case).
    const history = [row('u0', 'user', 'Hello'), row('a0', 'assistant', 'Hi, Ada.')];
    const { server } = serve(chat({ messages: history }), {
      [COMPLETION]: () => {
        server.chat = chat({ messages: history, out_of_tokens: true });
        return jsonResponse({ detail: DETAIL.outOfCredits }, 402);
      },
    });
    renderChat();
    await screen.findByRole('heading', { name: 'Henderson review' });

    await userEvent.type(composer(), 'One more question{Enter}');

    expect((await screen.findByRole('alert')).textContent).toBe(DETAIL.outOfCredits);
    expect(composer().value).toBe('One more question');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(openSettings).toHaveBeenCalledTimes(1);
  });

  it('a refused first message goes back to the welcome screen, where Upgrade opens Settings', async () => {
    const { server } = serve(chat(), {
      [COMPLETION]: () => {
        server.chat = chat({ out_of_tokens: true });
        return jsonResponse({ detail: DETAIL.outOfCredits }, 402);
      },
    });
    renderChat();
    await screen.findByRole('heading', { name: 'Henderson review' });

    await userEvent.type(composer(), 'One more question{Enter}');

    // The chat had nothing stored, so the server removed it: the welcome screen comes back (wait for
    // it, else the Upgrade found may be the open chat's, gone before the click).
    await screen.findByRole('heading', { name: 'Hello, Ada' });
    expect((await screen.findByRole('alert')).textContent).toBe(DETAIL.outOfCredits);
    expect(composer().value).toBe('One more question');

    await userEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(openSettings).toHaveBeenCalledTimes(1);
  });

  it('shows the banner when the open chat ran out of credits before', async () => {
    serve(
      chat({ out_of_tokens: true, messages: [row('u1', 'user', 'Hi'), row('r1', 'assistant', 'Hello')] }),
    );
    renderChat();

    expect((await screen.findByRole('alert')).textContent).toBe(DETAIL.outOfCredits);
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeTruthy();
  });
});

describe('suggestions', () => {
  const SIX = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'].map((content) => ({ content }));

  it('shows 3 shuffled suggestions on an empty chat; picking one sends it', async () => {
    const { bodiesOf } = serve(chat(), {
      [`POST ${ASSISTANT_PATHS.suggestions}`]: () => jsonResponse({ suggestions: SIX }),
      [COMPLETION]: () => uiStreamResponse(textReply('r1', ['Sure.'])),
    });
    renderChat();

    const group = await screen.findByRole('group', { name: 'Suggestions' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons).toHaveLength(3);
    for (const button of buttons) expect(SIX.map((s) => s.content)).toContain(button.textContent);

    await userEvent.click(buttons[0]!);

    expect(await within(messages()).findByText('Sure.')).toBeTruthy();
    expect(bodiesOf(COMPLETION)).toEqual([{ chat_id: 'c1', message: { content: buttons[0]!.textContent } }]);
    expect(bodiesOf(`POST ${ASSISTANT_PATHS.suggestions}`)).toEqual([{ tool_types: [] }]);
  });
});

describe('message actions', () => {
  const FEEDBACK = (id: string) => `PUT ${CHAT_PATHS.feedback(id)}`;
  /** The open chat's messages, once shown (the first open in a run loads its chunks). */
  const openMessages = async () =>
    within(await screen.findByRole('list', { name: 'Messages' }, { timeout: 5000 }));

  it('copies a reply as plain words or as Markdown, and says so', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    serve(
      chat({ messages: [row('u1', 'user', 'Plan it'), row('r1', 'assistant', '## Plan\n\n- **Call** Ann')] }),
    );
    renderChat();
    await (await openMessages()).findByText('Plan it');

    const reply = within(messages()).getAllByRole('group', { name: 'Message actions' })[1]!;
    fireEvent.click(within(reply).getByRole('button', { name: 'Copy as text' }));
    // The Markdown parser loads on the first copy.
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('Plan\n\nCall Ann'), { timeout: 5000 });
    expect(within(reply).getByRole('status').textContent).toBe('Copied');

    fireEvent.click(within(reply).getByRole('button', { name: 'Copy as Markdown' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('## Plan\n\n- **Call** Ann'));
  });

  it('regenerates the latest reply and switches between its versions', async () => {
    const { server, bodiesOf } = serve(
      chat({
        messages: [row('u1', 'user', 'Explain a Roth conversion'), row('r1', 'assistant', 'First answer.')],
      }),
      {
        [COMPLETION]: () => {
          server.chat = chat({
            messages: [
              row('u1', 'user', 'Explain a Roth conversion'),
              row('r1', 'assistant', 'First answer.', { superseded_by: 'r2' }),
              row('r2', 'assistant', 'Second answer.', { variant_of: 'r1' }),
            ],
          });
          return uiStreamResponse(textReply('r2', ['Second answer.']));
        },
      },
    );
    renderChat();
    await (await openMessages()).findByText('First answer.');

    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(await within(messages()).findByText('Second answer.')).toBeTruthy();
    expect(bodiesOf(COMPLETION)).toEqual([{ chat_id: 'c1', regenerate: true }]);
    expect((await screen.findByLabelText('Version 2 of 2')).textContent).toBe('2/2');

    await userEvent.click(screen.getByRole('button', { name: 'Previous version' }));
    expect(within(messages()).getByText('First answer.')).toBeTruthy();
    expect(within(messages()).queryByText('Second answer.')).toBeNull();
    expect(screen.getByLabelText('Version 1 of 2').textContent).toBe('1/2');
    // An earlier version is read, not answered again.
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Next version' }));
    expect(within(messages()).getByText('Second answer.')).toBeTruthy();
  });

  it('edits a sent message in place: Esc cancels, Enter sends it as a new version', async () => {
    const { server, bodiesOf } = serve(
      chat({ messages: [row('u1', 'user', 'Plan for 2026'), row('r1', 'assistant', 'About 2026.')] }),
      {
        [COMPLETION]: () => {
          server.chat = chat({
            messages: [
              row('u1', 'user', 'Plan for 2026', { superseded_by: 'u2' }),
              row('r1', 'assistant', 'About 2026.', { superseded_by: 'u2' }),
              row('u2', 'user', 'Plan for 2030', { variant_of: 'u1' }),
              row('r2', 'assistant', 'About 2030.'),
            ],
          });
          return uiStreamResponse(textReply('r2', ['About 2030.']));
        },
      },
    );
    renderChat();
    await (await openMessages()).findByText('About 2026.');

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Edit your message' })).toBeNull();
    expect(bodiesOf(COMPLETION)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Edit your message' });
    await userEvent.clear(editor);
    await userEvent.type(editor, 'Plan for 2030{Enter}');
    expect(await within(messages()).findByText('About 2030.')).toBeTruthy();
    expect(bodiesOf(COMPLETION)).toEqual([
      { chat_id: 'c1', message: { content: 'Plan for 2030' }, edit_of: 'u1' },
    ]);
    // The earlier version and its reply stay reachable.
    await userEvent.click(await screen.findByRole('button', { name: 'Previous version' }));
    expect(within(messages()).getByText('Plan for 2026')).toBeTruthy();
    expect(within(messages()).getByText('About 2026.')).toBeTruthy();
  });

  it('rates a reply, adds a note, and takes the rating back', async () => {
    const { bodiesOf } = serve(
      chat({ messages: [row('u1', 'user', 'Rate this'), row('r1', 'assistant', 'Rated answer.')] }),
      {
        [FEEDBACK('r1')]: async (req) => {
          const body = (await req.json()) as { rating: string; note?: string };
          return jsonResponse({ rating: body.rating, note: body.note ?? null, updated_at: AT });
        },
        [`DELETE ${CHAT_PATHS.feedback('r1')}`]: () => jsonResponse({ success: true }),
      },
    );
    renderChat();
    await (await openMessages()).findByText('Rated answer.');

    await userEvent.click(screen.getByRole('button', { name: 'Good reply' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Good reply' }).getAttribute('aria-pressed')).toBe('true'),
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'What made it so? (optional)' }), 'Clear');
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() =>
      expect(bodiesOf(FEEDBACK('r1'))).toEqual([{ rating: 'up' }, { rating: 'up', note: 'Clear' }]),
    );
    expect(await screen.findByText('Thanks for your feedback')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Good reply' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Good reply' }).getAttribute('aria-pressed')).toBe('false'),
    );
  });

  it('marks a stopped reply and continues it', async () => {
    const stopped = row('r1', 'assistant', 'The first half', { metadata: { stopped: true } });
    const { server, bodiesOf } = serve(chat({ messages: [row('u1', 'user', 'Tell me'), stopped] }), {
      [COMPLETION]: () => {
        server.chat = chat({
          messages: [
            row('u1', 'user', 'Tell me'),
            stopped,
            row('r2', 'assistant', 'and the rest.', { metadata: { resumes: 'r1' } }),
          ],
        });
        return uiStreamResponse(textReply('r1', ['and the rest.']));
      },
    });
    renderChat();
    await (await openMessages()).findByText('The first half');
    expect(screen.getByText('Stopped')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await within(messages()).findByText('and the rest.')).toBeTruthy();
    expect(bodiesOf(COMPLETION)).toEqual([{ chat_id: 'c1', resume: true }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull());
  });
});
