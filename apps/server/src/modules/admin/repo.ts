// SQL for organization administration: members and their roles.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

/** Members of the organizations, by name or email containing `q`, by name. */
export function members(db: Q, organizationIds: string[], q: string, limit = 500) {
  let query = db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .innerJoin('organizations', 'organizations.id', 'memberships.organization_id')
    .select([
      'users.id as user_id',
      'users.name',
      'users.email',
      'organizations.id as organization_id',
      'organizations.org_name',
      'memberships.role',
      'users.last_seen',
    ])
    .where('memberships.organization_id', 'in', organizationIds);
  const term = q.trim().toLowerCase();
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((e) =>
      e.or([
        e(e.fn('lower', ['users.name']), 'like', sql<string>`${pattern} escape '\\'`),
        e(e.fn('lower', ['users.email']), 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  return query.orderBy('users.name').orderBy('users.email').limit(limit).execute();
}

/**
 * Sets a member's role in one organization; refuses (false) to leave the organization without an
 * admin. One transaction, so two admins demoting each other at once cannot both succeed.
 */
export async function setRole(db: Q, organizationId: string, userId: string, role: 'admin' | 'member') {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('memberships')
      .set({ role })
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .execute();
    const admins = await trx
      .selectFrom('memberships')
      .select((e) => e.fn.countAll().as('n'))
      .where('organization_id', '=', organizationId)
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    if (Number(admins.n) === 0) throw new LastAdmin();
    return true;
  });
}

export class LastAdmin extends Error {}

/** A chat of one of the users, or undefined (another organization's chat looks like no chat). */
export const chatOfUsers = (db: Q, userIds: string[], chatId: string) =>
  db
    .selectFrom('chats')
    .innerJoin('users', 'users.id', 'chats.user_id')
    .select([
      'chats.id',
      'chats.title',
      'chats.created_at',
      'chats.updated_at',
      'chats.user_id',
      'users.name',
      'users.email',
    ])
    .where('chats.id', '=', chatId)
    .where('chats.user_id', 'in', userIds.length ? userIds : [''])
    .executeTakeFirst();

export const approvalsOfChat = (db: Q, chatId: string) =>
  db
    .selectFrom('tool_approvals')
    .select(['id', 'tool_name', 'status', 'created_at', 'decided_at'])
    .where('chat_id', '=', chatId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const organizationsById = (db: Q, ids: string[]) =>
  db
    .selectFrom('organizations')
    .select(['id', 'org_name', 'account_label'])
    .where('id', 'in', ids.length ? ids : [''])
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export async function setAccountLabel(db: Q, organizationId: string, label: string | null) {
  await db
    .updateTable('organizations')
    .set({ account_label: label })
    .where('id', '=', organizationId)
    .execute();
}

export interface DailyCount {
  day: string;
  n: number;
}

const day = sql<string>`substr(created_at, 1, 10)`;

/**
 * The users' activity per UTC day since `fromIso`: chats started, assistant replies, tool calls
 * and credits spent. Grouped in SQL, so a busy organization sends back a few hundred rows.
 */
export async function dailyUsage(db: Q, userIds: string[], fromIso: string) {
  const ids = userIds.length ? userIds : [''];
  const chats = db
    .selectFrom('chats')
    .select([day.as('day'), (e) => e.fn.countAll<number>().as('n')])
    .where('user_id', 'in', ids)
    .where('created_at', '>=', fromIso)
    .groupBy(day);
  const completions = db
    .selectFrom('messages')
    .innerJoin('chats', 'chats.id', 'messages.chat_id')
    .select([
      sql<string>`substr(messages.created_at, 1, 10)`.as('day'),
      (e) => e.fn.countAll<number>().as('n'),
    ])
    .where('chats.user_id', 'in', ids)
    .where('messages.role', '=', 'assistant')
    .where('messages.created_at', '>=', fromIso)
    .groupBy(sql`substr(messages.created_at, 1, 10)`);
  const toolCalls = db
    .selectFrom('audit_log')
    .select([sql<string>`substr(at, 1, 10)`.as('day'), (e) => e.fn.countAll<number>().as('n')])
    .where('user_id', 'in', ids)
    .where('action', '=', 'tool.called')
    .where('at', '>=', fromIso)
    .groupBy(sql`substr(at, 1, 10)`);
  const credits = db
    .selectFrom('credit_ledger')
    .select([day.as('day'), (e) => sql<number>`coalesce(sum(${e.ref('delta')}), 0)`.as('n')])
    .where('user_id', 'in', ids)
    // Spent on replies and tools (each debit names what it paid for); an admin's removal is not use.
    .where('delta', '<', 0)
    .where('ref', 'is not', null)
    .where('created_at', '>=', fromIso)
    .groupBy(day);
  const [c, m, t, k] = await Promise.all([chats, completions, toolCalls, credits].map((q) => q.execute()));
  const numbers = (rows: Array<{ day: string; n: number | string }> | undefined): DailyCount[] =>
    (rows ?? []).map((r) => ({ day: r.day, n: Number(r.n) }));
  return { chats: numbers(c), completions: numbers(m), toolCalls: numbers(t), credits: numbers(k) };
}

/**
 * The users' ratings of replies since `fromIso`: how many up and down, and the newest notes with
 * who wrote them (never the replies they were about).
 */
export async function feedbackSince(db: Q, userIds: string[], fromIso: string, notes: number) {
  const ids = userIds.length ? userIds : [''];
  const [counts, recent] = await Promise.all([
    db
      .selectFrom('message_feedback')
      .select(['rating', (e) => e.fn.countAll<number>().as('n')])
      .where('user_id', 'in', ids)
      .where('updated_at', '>=', fromIso)
      .groupBy('rating')
      .execute(),
    db
      .selectFrom('message_feedback')
      .innerJoin('users', 'users.id', 'message_feedback.user_id')
      .select([
        'message_feedback.rating',
        'message_feedback.note',
        'message_feedback.updated_at',
        'users.name',
        'users.email',
      ])
      .where('message_feedback.user_id', 'in', ids)
      .where('message_feedback.updated_at', '>=', fromIso)
      .where('message_feedback.note', 'is not', null)
      .orderBy('message_feedback.updated_at', 'desc')
      .limit(notes)
      .execute(),
  ]);
  const count = (rating: string) => Number(counts.find((c) => c.rating === rating)?.n ?? 0);
  return { up: count('up'), down: count('down'), recent };
}
