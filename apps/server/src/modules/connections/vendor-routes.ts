// SPEC §7 Wealth-CRM vendor calls, for the web app (the assistant uses the same functions as tools).
import { z } from 'zod';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import * as wealthbox from './systems/wealthbox.js';

const ZContact = z.object({ id: z.number(), name: z.string(), email: z.string().nullable() });
const ZNote = z.object({ id: z.number(), content: z.string(), created_at: z.string() });

export async function vendorRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/api/vendor/wealthbox/clients/search',
    {
      schema: {
        querystring: z.object({ q: z.string().trim().min(1).max(200) }),
        response: { 200: z.object({ clients: z.array(ZContact) }) },
      },
    },
    async (req) => ({ clients: await wealthbox.searchContacts(deps, authOf(req).user.id, req.query.q) }),
  );
  app.get(
    '/api/vendor/wealthbox/contacts/:contactId/with-notes',
    {
      schema: {
        params: z.object({ contactId: z.coerce.number().int().positive() }),
        response: { 200: z.object({ contact: ZContact, notes: z.array(ZNote) }) },
      },
    },
    (req) => wealthbox.contactWithNotes(deps, authOf(req).user.id, req.params.contactId),
  );
  app.post(
    '/api/vendor/wealthbox/notes',
    {
      schema: {
        body: z.object({
          contact_id: z.number().int().positive(),
          content: z.string().trim().min(1).max(10_000),
        }),
        response: { 200: ZNote },
      },
    },
    (req) => wealthbox.addNote(deps, authOf(req).user.id, req.body.contact_id, req.body.content),
  );
}
