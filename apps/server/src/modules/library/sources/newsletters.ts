// Newsletters as Library items: each opens in its screen and deletes through the service (so the
// owner check and legal hold apply). Listed by adding it to LIBRARY_SOURCES.

import type { UserRow } from '../../../platform/db/schema.js';
import type { AppDeps } from '../../../platform/deps.js';
import { HttpError } from '../../../platform/errors.js';
import { deleteNewsletter, listNewsletters } from '../../newsletters/service.js';
import type { LibrarySource } from '../library-source.js';

export const newslettersSource: LibrarySource = {
  kind: 'newsletter',
  list: async (deps: AppDeps, user: UserRow) =>
    (await listNewsletters(deps, user.id, undefined)).map((n) => ({
      id: n.id,
      kind: 'newsletter' as const,
      title: n.subject,
      client: null,
      summary:
        n.status === 'sent'
          ? `${n.label}; sent to ${n.sent_count} ${n.sent_count === 1 ? 'client' : 'clients'}`
          : `${n.label}; draft`,
      created_at: n.created_at,
      updated_at: n.updated_at,
      open_path: `/${n.kind === 'quarterly' ? 'quarterly-newsletter' : 'newsletter-generator'}?newsletter=${encodeURIComponent(n.id)}`,
      download_path: null,
      deletable: true,
    })),
  remove: async (deps, user, id) => {
    try {
      await deleteNewsletter(deps, user.id, id);
      return true;
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) return false;
      throw err;
    }
  },
};
