// First-impressions briefings as Library items: each opens on the first-impressions screen and
// deletes through the service (so the owner check and legal hold apply). Listed in LIBRARY_SOURCES.

import { plural } from '@knap/contracts';
import { briefingTitleOf, deleteBriefing, listBriefings } from '../../first-impressions/service.js';
import type { LibrarySource } from '../library-source.js';

export const briefingsSource: LibrarySource = {
  kind: 'briefing',
  list: async (deps, user) =>
    (await listBriefings(deps, user.id)).map((b) => ({
      id: b.id,
      kind: 'briefing' as const,
      title: `Briefing — ${briefingTitleOf(b)}`,
      client: briefingTitleOf(b),
      summary:
        [
          b.company,
          b.source_count === 0 ? 'Nothing known beforehand' : `${plural(b.source_count, 'source')} found`,
        ]
          .filter(Boolean)
          .join(' · ') || null,
      created_at: b.created_at,
      updated_at: b.updated_at,
      open_path: `/first-impressions?id=${encodeURIComponent(b.id)}`,
      download_path: null,
      deletable: true,
    })),
  remove: async (deps, user, id) => {
    await deleteBriefing(deps, user.id, id);
    return true;
  },
};
