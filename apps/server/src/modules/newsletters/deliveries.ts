// A newsletter's emails, sent by the background job `newsletters.send` rather than inside the
// request. The send request writes one pending row per recipient (newsletter_deliveries) and the
// newsletter's status 'sending' in one transaction; the job takes pending rows oldest first, sends
// each through the studio's email service (supervision and audit as for any email), and marks the
// row sent or failed right after its own send. When a newsletter has no pending row left, the job
// writes its report (`last_send`) and status, as the send inside the request used to.
//
// Resumable: a crash leaves rows pending, and the next run (after a restart, within seconds) sends
// those only. A run takes each row (`claimed_at`) just before sending it, so runs on other servers
// leave it alone; a row taken by a run that died mid-send is taken again after CLAIM_LEASE_MS, so the
// one email in flight at a crash may go twice (at least once), and no other does.
import {
  EMAIL_CONNECTION_TYPES,
  firstNameOf,
  newsletterPlainText,
  personalize,
  type TNewsletterSendProgress,
  type TNewsletterSendReport,
} from '@knap/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { mapWithLimit } from '../../platform/concurrency.js';
import type { NewsletterDeliveriesTable, NewslettersTable } from '../../platform/db/schema.js';
import { parseStored } from '../../platform/db/stored-json.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { sendEmail } from '../email/service.js';
import * as repo from './repo.js';

/** What the sends log to: failed emails (warn) and failed runs (error). */
export type SendLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;

export const NEWSLETTER_SEND_JOB = 'newsletters.send';
/** Short, so the rows a crash left pending go out soon after a restart. */
export const NEWSLETTER_SEND_EVERY_MS = 5_000;
/** Emails of one newsletter in flight at once: far quicker than one by one, gentle on the mail API. */
export const NEWSLETTER_SENDS_AT_ONCE = 4;
/** Rows one batch takes; a run goes on batch after batch, at most MAX_BATCHES of them. */
const BATCH = 50;
const MAX_BATCHES = 20;
/** A row taken this long ago and still pending: its run died mid-send, so another takes it. */
export const CLAIM_LEASE_MS = 5 * 60_000;
export const SEND_STOPPED = 'The send was stopped before this email went';

/** What the job needs of a send, kept on the newsletter (`pending_send`) while it is 'sending'. */
const ZPendingSend = z.object({
  /** The subject and Markdown body as they were when the user approved the send. */
  subject: z.string(),
  body: z.string(),
  connection_type: z.enum(EMAIL_CONNECTION_TYPES),
  /** The status to go back to when no email of the send was delivered. */
  previous_status: z.enum(['draft', 'sent']),
});
export type PendingSend = z.infer<typeof ZPendingSend>;
const pendingSendOf = (text: string) => parseStored(ZPendingSend, text, 'newsletters.pending_send');

type Delivery = NewsletterDeliveriesTable;

/** The send's progress, while the newsletter is 'sending'. */
export async function progressOf(
  deps: AppDeps,
  row: Pick<NewslettersTable, 'id' | 'status'>,
): Promise<TNewsletterSendProgress | null> {
  if (row.status !== 'sending') return null;
  const counts = await repo.countDeliveries(deps.db.db, row.id);
  return { total: counts.pending + counts.sent + counts.failed, sent: counts.sent, failed: counts.failed };
}

/**
 * Starts the job now rather than at its next tick (fire and forget). A run already under way may
 * have looked for rows before these were written: then one more run picks them up.
 */
export function startSending(deps: AppDeps, log: SendLog, newsletterId: string): void {
  const run = () => deps.jobs.runNow(NEWSLETTER_SEND_JOB);
  void run()
    .then(async () => {
      if ((await repo.sendingNewsletters(deps.db.db, [newsletterId])).length) await run();
    })
    .catch((err: unknown) =>
      log.error(
        { err, newsletterId },
        'newsletter send run failed or timed out: the job picks the rest up at its next tick',
      ),
    );
}

/** One run of the job: pending rows batch by batch, then the report of each send that is done. */
export async function runNewsletterSends(deps: AppDeps, log: SendLog) {
  let sent = 0;
  let failed = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const staleBefore = new Date(deps.clock.now().getTime() - CLAIM_LEASE_MS).toISOString();
    const batch = await repo.claimableDeliveries(deps.db.db, staleBefore, BATCH);
    if (!batch.length) break;
    const sends = new Map<string, { send: PendingSend; text: string }>();
    for (const n of await repo.sendingNewsletters(deps.db.db, [
      ...new Set(batch.map((d) => d.newsletter_id)),
    ])) {
      if (!n.pending_send) continue;
      const send = pendingSendOf(n.pending_send);
      sends.set(n.id, { send, text: newsletterPlainText(send.body) });
    }
    const outcomes = await mapWithLimit(batch, NEWSLETTER_SENDS_AT_ONCE, (d) =>
      deliver(deps, log, d, staleBefore, sends.get(d.newsletter_id) ?? null),
    );
    sent += outcomes.filter((o) => o === 'sent').length;
    failed += outcomes.filter((o) => o === 'failed').length;
  }
  const finished = await finishSends(deps);
  return { sent, failed, finished };
}

/** Sends one row's email, if this run can take the row, and records what became of it. */
async function deliver(
  deps: AppDeps,
  log: SendLog,
  d: Delivery,
  staleBefore: string,
  job: { send: PendingSend; text: string } | null,
): Promise<'sent' | 'failed' | 'skipped'> {
  const db = deps.db.db;
  if (!(await repo.claimDelivery(db, d.id, staleBefore, deps.clock.now().toISOString()))) return 'skipped';
  const done = (values: Pick<Delivery, 'status' | 'delivered_to' | 'error'>) =>
    repo.finishDelivery(db, d.id, { ...values, updated_at: deps.clock.now().toISOString() });
  if (!job) {
    await done({ status: 'failed', delivered_to: null, error: SEND_STOPPED });
    return 'failed';
  }
  const firstName = firstNameOf(d.name);
  try {
    const result = await sendEmail(deps, d.user_id, {
      fields: {
        to: d.email,
        subject: personalize(job.send.subject, firstName),
        body: personalize(job.text, firstName),
        connection_type: job.send.connection_type,
      },
      file: null,
    });
    await done({ status: 'sent', delivered_to: result.delivered_to, error: null });
    return 'sent';
  } catch (err) {
    if (!(err instanceof HttpError)) log.warn({ err }, 'newsletter email failed');
    await done({
      status: 'failed',
      delivered_to: null,
      error: err instanceof HttpError ? err.detail : 'The email could not be sent',
    });
    return 'failed';
  }
}

/** Writes the report and status of each send with no pending row left; how many it finished. */
async function finishSends(deps: AppDeps): Promise<number> {
  let finished = 0;
  for (const n of await repo.sendingNewsletters(deps.db.db)) if (await finishSend(deps, n.id)) finished++;
  return finished;
}

async function finishSend(deps: AppDeps, newsletterId: string): Promise<boolean> {
  return deps.db.db.transaction().execute(async (trx) => {
    const [n] = await repo.sendingNewsletters(trx, [newsletterId]);
    if (!n?.pending_send) return false;
    const deliveries = await repo.listDeliveries(trx, newsletterId);
    if (deliveries.some((d) => d.status === 'pending')) return false;
    const send = pendingSendOf(n.pending_send);
    const now = deps.clock.now().toISOString();
    const report: TNewsletterSendReport = {
      sent_at: now,
      connection_type: send.connection_type,
      results: deliveries.map((d) => ({
        email: d.email,
        name: d.name,
        delivered_to: d.status === 'sent' ? d.delivered_to : null,
        error: d.status === 'sent' ? null : (d.error ?? 'The email could not be sent'),
      })),
    };
    const delivered = report.results.filter((r) => r.delivered_to !== null).length;
    return repo.finishSending(trx, newsletterId, {
      last_send: JSON.stringify(report),
      pending_send: null,
      ...(delivered > 0
        ? { status: 'sent' as const, sent_at: now, sent_count: delivered }
        : { status: send.previous_status }),
      updated_at: now,
    });
  });
}
