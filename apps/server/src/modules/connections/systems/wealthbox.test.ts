import {
  type FakeLlm,
  type FakeOidc,
  type FakeWealthbox,
  startFakeOidc,
  startFakeOpenAI,
  startFakeWealthbox,
} from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideApproval, lastMessage } from '../../../testing/assistant.js';
import { connectViaOAuth } from '../../../testing/connections.js';
import { fakeLlm } from '../../../testing/llm.js';
import { createTestApp, type TestApp, testEngine } from '../../../testing/test-app.js';
import { as, type SignedInUser, signUp } from '../../../testing/users.js';

describe(`Wealthbox through the connection (${testEngine()})`, () => {
  let auth: FakeOidc;
  let api: FakeWealthbox;
  let llm: FakeLlm;
  let t: TestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    auth = await startFakeOidc({ user: { sub: 'w', email: 'advisor@firm.example', name: 'A' } });
    api = await startFakeWealthbox(auth);
    llm = await startFakeOpenAI();
    api.contacts.push(
      { id: 11, first_name: 'Ann', last_name: 'Henderson', email: 'ann@henderson.example' },
      { id: 12, first_name: 'Bob', last_name: 'Smith', email: 'bob@smith.example' },
    );
    api.notes.push({
      id: 1,
      contact_id: 11,
      content: 'Prefers morning calls',
      created_at: '2026-11-01T10:00:00.000Z',
    });
    const { config: llmConfig, model } = fakeLlm(llm);
    t = await createTestApp({
      config: {
        oauthProviders: { wealthbox: auth.endpoints },
        apis: { wealthbox: api.url },
        llm: llmConfig,
      },
      llm: model,
    });
    user = await signUp(t);
  });
  afterAll(async () => {
    await t.close();
    for (const f of [api, auth, llm]) await f.close();
  });

  it('answers 409 before Wealthbox is connected', async () => {
    const res = await as(t, user)({ method: 'GET', url: '/api/vendor/wealthbox/clients/search?q=ann' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Wealthbox is not connected' });
  });

  it('searches clients, reads a contact with notes, and adds a note', async () => {
    await connectViaOAuth(t, user, 'wealthbox');
    const call = as(t, user);
    const search = await call({ method: 'GET', url: '/api/vendor/wealthbox/clients/search?q=hender' });
    expect(search.json()).toEqual({
      clients: [{ id: 11, name: 'Ann Henderson', email: 'ann@henderson.example' }],
    });
    const withNotes = await call({ method: 'GET', url: '/api/vendor/wealthbox/contacts/11/with-notes' });
    expect(withNotes.json()).toMatchObject({
      contact: { id: 11 },
      notes: [{ content: 'Prefers morning calls' }],
    });
    expect(
      (await call({ method: 'GET', url: '/api/vendor/wealthbox/contacts/99/with-notes' })).statusCode,
    ).toBe(404);
    expect(
      (await call({ method: 'GET', url: '/api/vendor/wealthbox/contacts/abc/with-notes' })).statusCode,
    ).toBe(422);
    const added = await call({
      method: 'POST',
      url: '/api/vendor/wealthbox/notes',
      payload: { contact_id: 12, content: 'Sent the Q4 plan' },
    });
    expect(added.json()).toMatchObject({ content: 'Sent the Q4 plan' });
    expect(api.notes.at(-1)).toMatchObject({ contact_id: 12, content: 'Sent the Q4 plan' });
  });

  it('the assistant reads freely but adds a note only after approval', async () => {
    const call = as(t, user);
    llm.enqueue(
      { toolCalls: [{ name: 'wealthbox_search_contacts', arguments: { query: 'Henderson' } }] },
      {
        toolCalls: [
          { name: 'wealthbox_add_note', arguments: { contact_id: 11, content: 'Reviewed RMD options' } },
        ],
      },
      { text: 'Noted in Wealthbox.' },
    );
    const chatId = (await call({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id;
    await call({
      method: 'POST',
      url: '/api/chat/completion',
      payload: { chat_id: chatId, message: { content: 'Log the RMD talk for Ann' } },
    });
    const pending = await lastMessage(call, chatId);
    expect(pending.metadata.steps[0]).toEqual({
      tool: 'wealthbox_search_contacts',
      resultSummary: '1 contacts',
    });
    expect(pending.metadata.approvals[0]).toMatchObject({
      tool: 'wealthbox_add_note',
      status: 'pending',
      input: { contact_id: 11 },
      // The card says what will change, in the CRM's words, before anything is written.
      preview: {
        system: 'Wealthbox',
        action: 'Add a note to Ann Henderson',
        fields: [
          { label: 'Contact', value: 'Ann Henderson <ann@henderson.example>' },
          { label: 'Note', value: 'Reviewed RMD options' },
        ],
      },
    });
    const before = api.notes.length;
    // Only an email's fields may be edited before approving: a note is approved as it is.
    const edited = await call({
      method: 'POST',
      url: '/api/chat/tool-approval',
      payload: {
        chat_id: chatId,
        message_id: pending.id,
        tool_call_uuid: pending.metadata.approvals[0].tool_call_uuid,
        approve: true,
        input: { content: 'Something else' },
      },
    });
    expect(edited.statusCode).toBe(422);
    expect(edited.json()).toEqual({ detail: 'This action cannot be edited: approve or deny it as it is' });
    expect(pending.metadata.approvals[0].editable_fields).toBeUndefined();
    await decideApproval(call, chatId, pending, true);
    await call({ method: 'POST', url: '/api/chat/completion', payload: { chat_id: chatId } });
    expect(api.notes.length).toBe(before + 1);
    expect(api.notes.at(-1)).toMatchObject({ contact_id: 11, content: 'Reviewed RMD options' });
    const done = await lastMessage(call, chatId);
    expect(done.content).toContain('Noted in Wealthbox.');
    // The preview stays with the decided approval.
    expect(done.metadata.approvals[0]).toMatchObject({
      status: 'approved',
      preview: { action: 'Add a note to Ann Henderson' },
    });
  });
});
