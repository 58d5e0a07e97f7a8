import type { Queryable } from '../db/client';
import { jobs } from '../db/schema';

// The background job queue on our own `jobs` table (pg-boss wants its own pool and schema, and does not run on
// PGlite). Enqueueing is an insert, so it belongs to the caller's transaction: a rolled-back request leaves no job.

export interface EnqueueOptions {
  /** Attempts before the job is marked failed; 3 unless given. */
  maxAttempts?: number;
  /** Not before this instant (ms since epoch); now unless given. */
  runAt?: number;
}

export interface JobQueue {
  /** Adds a job in the caller's transaction; call `wake()` once that transaction has committed. */
  enqueue(tx: Queryable, kind: string, payload: unknown, options?: EnqueueOptions): Promise<string>;
  /** Tells this process's worker a job is waiting, so it does not sleep until its next poll. */
  wake(): void;
  /** The worker's wake-up hook; one listener. */
  onWake(listener: (() => void) | undefined): void;
}

export const DEFAULT_MAX_ATTEMPTS = 3;

export function createJobQueue(now: () => number): JobQueue {
  let listener: (() => void) | undefined;
  return {
    async enqueue(tx, kind, payload, options = {}) {
      const [row] = await tx
        .insert(jobs)
        .values({
          kind,
          payload,
          maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          runAt: new Date(options.runAt ?? now()),
        })
        .returning({ id: jobs.id });
      return row!.id;
    },
    wake() {
      listener?.();
    },
    onWake(next) {
      listener = next;
    },
  };
}
