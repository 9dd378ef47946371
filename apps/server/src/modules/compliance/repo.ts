// SQL for compliance: organization policies, legal holds, the email review queue, and the deletes
// retention makes.
import type { Kysely } from 'kysely';
import type { Database, EmailReviewsTable } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

export const findPolicy = (db: Q, organizationId: string) =>
  db
    .selectFrom('organization_policies')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();

export const allPolicies = (db: Q) => db.selectFrom('organization_policies').selectAll().execute();

export async function savePolicy(db: Q, row: Database['organization_policies']): Promise<void> {
  const { organization_id, ...rest } = row;
  await db
    .insertInto('organization_policies')
    .values(row)
    .onConflict((oc) => oc.column('organization_id').doUpdateSet(rest))
    .execute();
}

/** The organization a user belongs to (their first membership). */
export const organizationOf = async (db: Q, userId: string) =>
  (await db
    .selectFrom('memberships')
    .innerJoin('organizations', 'organizations.id', 'memberships.organization_id')
    .select(['organizations.id', 'organizations.org_name'])
    .where('memberships.user_id', '=', userId)
    .orderBy('memberships.created_at')
    .executeTakeFirst()) ?? null;

/** Members of an organization, except those on legal hold. */
export const membersNotHeld = async (db: Q, organizationId: string) =>
  (
    await db
      .selectFrom('memberships')
      .select('user_id')
      .where('organization_id', '=', organizationId)
      .where('user_id', 'not in', (eb) => eb.selectFrom('legal_holds').select('user_id'))
      .execute()
  ).map((r) => r.user_id);

// ---- The review queue ----

export async function insertReview(db: Q, row: EmailReviewsTable): Promise<void> {
  await db.insertInto('email_reviews').values(row).execute();
}

const reviewColumns = [
  'email_reviews.id',
  'email_reviews.user_id',
  'users.name as author_name',
  'users.email as author_email',
  'email_reviews.organization_id',
  'email_reviews.chat_id',
  'email_reviews.account',
  'email_reviews.to_address',
  'email_reviews.subject',
  'email_reviews.body',
  'email_reviews.attachment_filename',
  'email_reviews.status',
  'email_reviews.comment',
  'email_reviews.reviewer',
  'email_reviews.decided_at',
  'email_reviews.delivered_to',
  'email_reviews.created_at',
] as const;

const reviewsQuery = (db: Q) =>
  db
    .selectFrom('email_reviews')
    .innerJoin('users', 'users.id', 'email_reviews.user_id')
    .select(reviewColumns);

export type ReviewRow = Awaited<ReturnType<typeof findReview>> & {};

export const listReviews = (db: Q, organizationIds: string[], status: EmailReviewsTable['status']) =>
  reviewsQuery(db)
    .where('email_reviews.organization_id', 'in', organizationIds)
    .where('email_reviews.status', '=', status)
    .orderBy('email_reviews.created_at', status === 'pending' ? 'asc' : 'desc')
    .limit(200)
    .execute();

export const ownReviews = (db: Q, userId: string) =>
  reviewsQuery(db)
    .where('email_reviews.user_id', '=', userId)
    .orderBy('email_reviews.created_at', 'desc')
    .limit(100)
    .execute();

/** The author's reviews the Sent view lists itself (an approved one is listed as its delivery). */
export const ownUndeliveredReviews = (db: Q, userId: string, take: number) =>
  reviewsQuery(db)
    .where('email_reviews.user_id', '=', userId)
    .where('email_reviews.status', '!=', 'approved')
    .orderBy('email_reviews.created_at', 'desc')
    .orderBy('email_reviews.id', 'desc')
    .limit(take)
    .execute();

export const findOwnReview = (db: Q, userId: string, id: string) =>
  reviewsQuery(db)
    .where('email_reviews.user_id', '=', userId)
    .where('email_reviews.id', '=', id)
    .executeTakeFirst();

/** Who decided the author's reviews of these ids, and what they said. */
export const ownReviewDecisions = (db: Q, userId: string, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('email_reviews')
        .select(['id', 'status', 'reviewer', 'comment'])
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .execute();

export const findReview = (db: Q, organizationIds: string[], id: string) =>
  reviewsQuery(db)
    .where('email_reviews.organization_id', 'in', organizationIds)
    .where('email_reviews.id', '=', id)
    .executeTakeFirst();

export const reviewAttachment = (db: Q, id: string) =>
  db
    .selectFrom('email_reviews')
    .select(['attachment_filename', 'attachment_type', 'attachment'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** Records the decision if the email is still pending; false when someone decided first. */
export async function claimReview(
  db: Q,
  id: string,
  decision: Pick<EmailReviewsTable, 'status' | 'comment' | 'reviewer' | 'decided_at'>,
): Promise<boolean> {
  const res = await db
    .updateTable('email_reviews')
    .set(decision)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function updateReview(db: Q, id: string, patch: Partial<EmailReviewsTable>): Promise<void> {
  await db.updateTable('email_reviews').set(patch).where('id', '=', id).execute();
}

// ---- Retention ----

/** Clears transcripts of the users' meetings that ended before the cutoff; answers how many. */
export async function clearTranscripts(db: Q, userIds: string[], cutoffIso: string): Promise<number> {
  if (userIds.length === 0) return 0;
  const res = await db
    .updateTable('meetings')
    .set({ transcript: null })
    .where('user_id', 'in', userIds)
    .where('transcript', 'is not', null)
    .where((eb) => eb(eb.fn.coalesce('end_time', 'start_time', 'created_at'), '<', cutoffIso))
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function clearNotes(db: Q, userIds: string[], cutoffIso: string): Promise<number> {
  if (userIds.length === 0) return 0;
  const res = await db
    .updateTable('meetings')
    .set({ notes: null, notes_status: 'none' })
    .where('user_id', 'in', userIds)
    .where('notes', 'is not', null)
    .where((eb) => eb(eb.fn.coalesce('end_time', 'start_time', 'created_at'), '<', cutoffIso))
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function deletePdfs(db: Q, userIds: string[], cutoffIso: string): Promise<number> {
  if (userIds.length === 0) return 0;
  const res = await db
    .deleteFrom('pdfs')
    .where('user_id', 'in', userIds)
    .where('created_at', '<', cutoffIso)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Sent mail kept here: the outbox and decided reviews (a pending review is never deleted). */
export async function deleteEmails(db: Q, userIds: string[], cutoffIso: string): Promise<number> {
  if (userIds.length === 0) return 0;
  const outbox = await db
    .deleteFrom('outbox_emails')
    .where('user_id', 'in', userIds)
    .where('created_at', '<', cutoffIso)
    .executeTakeFirst();
  const reviews = await db
    .deleteFrom('email_reviews')
    .where('user_id', 'in', userIds)
    .where('status', '!=', 'pending')
    .where('created_at', '<', cutoffIso)
    .executeTakeFirst();
  return Number(outbox.numDeletedRows) + Number(reviews.numDeletedRows);
}
