// Streaming replies' checkpoints, written together (issue 23). Each streaming reply is saved every
// CHECKPOINT_MS (assistant/reply-run.ts) so a crash loses at most that much of it. One statement per
// reply per checkpoint was, under load, the busiest use of PostgreSQL's pool (a connection checked
// out per checkpoint, 400 a second at 100 streams, while new replies waited for one) and a commit
// each on SQLite. Here every checkpoint that arrives while the loop is busy, or while the previous
// write is under way, goes into the next write: one statement for all of them (a group commit).
// At most one write is under way at a time; a reply's newer checkpoint replaces its older one not
// yet written; each caller's promise settles when the write that holds its checkpoint does.
import type { Db } from '../../platform/db/index.js';
import * as repo from './repo.js';

declare module '../../platform/deps.js' {
  interface AppDeps {
    /** Streaming replies' checkpoints, batched per app (chats/service.ts checkpointMessage). */
    checkpoints: CheckpointWriter;
  }
}

/** What a checkpoint writes to a streaming reply's row. */
export interface Checkpoint {
  content: string;
  metadata: string;
  updated_at: string;
}

interface Pending extends Checkpoint {
  settle: Array<{ resolve: () => void; reject: (err: unknown) => void }>;
}

export interface CheckpointWriter {
  /** Saves a streaming reply's row as it is now; resolves once it is stored. */
  write(messageId: string, checkpoint: Checkpoint): Promise<void>;
}

export function createCheckpointWriter(db: Db): CheckpointWriter {
  let pending = new Map<string, Pending>();
  let scheduled = false;
  let writing = false;

  const flush = async () => {
    scheduled = false;
    if (writing || pending.size === 0) return;
    writing = true;
    const batch = pending;
    pending = new Map();
    try {
      await repo.checkpointMessages(
        db.db,
        [...batch].map(([id, { content, metadata, updated_at }]) => ({ id, content, metadata, updated_at })),
      );
      for (const p of batch.values()) for (const s of p.settle) s.resolve();
    } catch (err) {
      for (const p of batch.values()) for (const s of p.settle) s.reject(err);
    } finally {
      writing = false;
      schedule();
    }
  };
  // After the I/O callbacks of this turn of the loop, so the checkpoints they bring go together.
  const schedule = () => {
    if (scheduled || writing || pending.size === 0) return;
    scheduled = true;
    setImmediate(() => void flush());
  };

  return {
    write(messageId, checkpoint) {
      return new Promise<void>((resolve, reject) => {
        const earlier = pending.get(messageId);
        pending.set(messageId, { ...checkpoint, settle: [...(earlier?.settle ?? []), { resolve, reject }] });
        schedule();
      });
    },
  };
}
