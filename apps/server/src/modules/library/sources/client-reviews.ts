// Client reviews as Library items: each opens in the review editor and deletes through the service
// (so the owner check and legal hold apply). Listed by adding it to LIBRARY_SOURCES.

import { deleteReview, listReviews } from '../../client-reviews/service.js';
import type { LibrarySource } from '../library-source.js';

export const clientReviewsSource: LibrarySource = {
  kind: 'review',
  list: async (deps, user) =>
    (await listReviews(deps, user.id)).map((review) => ({
      id: review.id,
      kind: 'review' as const,
      title: `${review.period_label} — ${review.client_name}`,
      client: review.client_name,
      summary: review.status === 'sent' ? 'Sent' : 'Draft',
      created_at: review.created_at,
      updated_at: review.updated_at,
      open_path: `/client-review/${encodeURIComponent(review.id)}`,
      download_path: null,
      deletable: true,
    })),
  remove: async (deps, user, id) => {
    await deleteReview(deps, user.id, id);
    return true;
  },
};
