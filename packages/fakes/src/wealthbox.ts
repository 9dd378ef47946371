// The Wealthbox CRM API on loopback (contacts, notes), trusting the tokens of an OIDC fake.
import { type FakeServer, sendJson, startFakeServer } from './http.js';
import type { FakeOidc } from './oidc.js';

export interface FakeWealthboxContact {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  birth_date?: string;
}

export interface FakeWealthbox extends FakeServer {
  contacts: FakeWealthboxContact[];
  notes: Array<{ id: number; contact_id: number; content: string; created_at: string }>;
}

export async function startFakeWealthbox(oidc: FakeOidc): Promise<FakeWealthbox> {
  const contacts: FakeWealthboxContact[] = [];
  const notes: FakeWealthbox['notes'] = [];
  const toApi = (c: FakeWealthboxContact) => ({
    id: c.id,
    first_name: c.first_name,
    last_name: c.last_name,
    name: `${c.first_name} ${c.last_name}`,
    email_addresses: [{ address: c.email, principal: true }],
    birth_date: c.birth_date ?? null,
  });
  const server = await startFakeServer((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !oidc.userOf(token)) return sendJson(res, 401, { error: 'unauthorized' });
    if (url.pathname === '/v1/contacts' && req.method === 'GET') {
      const name = (url.searchParams.get('name') ?? '').toLowerCase();
      const found = contacts.filter((c) => `${c.first_name} ${c.last_name}`.toLowerCase().includes(name));
      return sendJson(res, 200, { contacts: found.map(toApi), meta: { total_count: found.length } });
    }
    const contactMatch = /^\/v1\/contacts\/(\d+)$/.exec(url.pathname);
    if (contactMatch && req.method === 'GET') {
      const c = contacts.find((x) => x.id === Number(contactMatch[1]));
      return c ? sendJson(res, 200, toApi(c)) : sendJson(res, 404, { error: 'not found' });
    }
    if (url.pathname === '/v1/notes' && req.method === 'GET') {
      const id = Number(url.searchParams.get('resource_id'));
      const list = notes
        .filter((n) => n.contact_id === id)
        .map((n) => ({ id: n.id, content: n.content, created_at: n.created_at }));
      return sendJson(res, 200, { status_updates: list, meta: { total_count: list.length } });
    }
    if (url.pathname === '/v1/notes' && req.method === 'POST') {
      const input = JSON.parse(body || '{}') as {
        content?: string;
        linked_to?: Array<{ id: number; type: string }>;
      };
      const contactId = input.linked_to?.find((l) => l.type === 'Contact')?.id;
      if (!input.content || !contactId)
        return sendJson(res, 422, { error: 'content and linked_to are required' });
      const note = {
        id: notes.length + 1,
        contact_id: contactId,
        content: input.content,
        created_at: new Date().toISOString(),
      };
      notes.push(note);
      return sendJson(res, 200, { id: note.id, content: note.content, created_at: note.created_at });
    }
    return sendJson(res, 404, { error: 'not found' });
  });
  return { ...server, contacts, notes };
}
