// Who writes each streaming reply, and whether that process still lives. Every server instance
// holds a lease (a row in server_instances, renewed every HEARTBEAT_MS); each reply row names its
// writer. A reply whose writer lost its lease, or whose writer was a process on this host that is
// gone, died with it: it is marked interrupted at once, so the user can retry it.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerInstancesTable } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { markDeadRepliesInterrupted } from '../chats/service.js';
import * as repo from './repo.js';

declare module '../../platform/deps.js' {
  interface AppDeps {
    /** This server instance as the writer of the replies it streams (its lease in server_instances). */
    replyWriter: ReplyWriter;
  }
}

/** How often an instance renews its lease. */
export const HEARTBEAT_MS = 2_000;
/** A lease not renewed for this long is lost: its replies count as interrupted. */
export const LEASE_MS = 10_000;
/** Rows of replies from before writers were recorded: interrupted once quiet this long. */
const LEGACY_QUIET_MS = 2 * 60_000;

export interface ReplyWriter {
  readonly id: string;
  readonly host: string;
  readonly pid: number;
  /** When this process started (wall clock): an older row with our host and pid is a former life. */
  readonly processStarted: number;
  heartbeat?: NodeJS.Timeout;
}

export function createReplyWriter(): ReplyWriter {
  return {
    id: randomUUID(),
    host: os.hostname(),
    pid: process.pid,
    processStarted: Date.now() - process.uptime() * 1000,
  };
}

/** Takes the lease, marks the replies of dead writers interrupted, and keeps the lease renewed. */
export async function startReplyWriter(deps: AppDeps, log: FastifyBaseLogger): Promise<void> {
  const me = deps.replyWriter;
  const register = () => {
    const now = new Date().toISOString();
    return repo.registerInstance(deps.db.db, {
      id: me.id,
      host: me.host,
      pid: me.pid,
      started_at: new Date(me.processStarted).toISOString(),
      heartbeat_at: now,
    });
  };
  await register();
  await interruptDeadWriters(deps);
  const beat = async () => {
    try {
      if (!(await repo.renewInstance(deps.db.db, me.id, new Date().toISOString()))) await register();
    } catch (err) {
      log.warn({ err }, 'could not renew the reply writer lease');
    }
  };
  me.heartbeat = setInterval(beat, HEARTBEAT_MS).unref();
}

/** Gives the lease back (the process stops after its replies ended). */
export async function stopReplyWriter(deps: AppDeps): Promise<void> {
  clearInterval(deps.replyWriter.heartbeat);
  await repo.deleteInstances(deps.db.db, [deps.replyWriter.id]).catch(() => undefined);
}

/**
 * Marks interrupted the streaming replies (of one chat, or all) whose writer is dead, and forgets
 * the dead instances. Answers how many replies it marked.
 */
export async function interruptDeadWriters(deps: AppDeps, chatId?: string): Promise<number> {
  const instances = await repo.listInstances(deps.db.db);
  const now = Date.now();
  const dead = instances.filter((row) => isDead(deps.replyWriter, row, now));
  const live = instances.filter((row) => !dead.includes(row)).map((row) => row.id);
  const marked = await markDeadRepliesInterrupted(deps, {
    liveWriters: [...new Set([deps.replyWriter.id, ...live])],
    quietMs: LEGACY_QUIET_MS,
    ...(chatId ? { chatId } : {}),
  });
  if (!chatId)
    await repo.deleteInstances(
      deps.db.db,
      dead.map((row) => row.id),
    );
  return marked;
}

/**
 * Dead: the lease ran out, or the process was on this host and is gone (a former life of this
 * process's pid, or a pid that no longer runs) — known at once, without waiting for the lease.
 */
function isDead(me: ReplyWriter, row: ServerInstancesTable, now: number): boolean {
  if (row.id === me.id) return false;
  if (now - Date.parse(row.heartbeat_at) > LEASE_MS) return true;
  if (row.host !== me.host) return false;
  if (row.pid === me.pid) return Date.parse(row.started_at) < me.processStarted - 1000;
  return !processRuns(row.pid);
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
