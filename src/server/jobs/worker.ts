import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import type { JobQueue } from './queue';

// The worker: claims one due job at a time with FOR UPDATE SKIP LOCKED (several processes on one PostgreSQL never
// run a job twice; on PGlite, a single connection, the claim is one atomic statement), runs its handler, and retries
// failures with exponential backoff up to the job's maximum attempts. It sleeps between polls, wakes at once when
// this process enqueues, and never keeps the process alive by itself.

/** A failure that retrying cannot fix (the user lost access, the request is invalid): the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface JobContext {
  id: string;
  kind: string;
  /** 1 for the first run. */
  attempt: number;
  maxAttempts: number;
}

export interface JobHandler {
  run(payload: unknown, job: JobContext): Promise<void>;
  /** Called once when the job is given up: its last attempt failed, or it threw a PermanentJobError. */
  failed?(payload: unknown, error: Error, job: JobContext): Promise<void>;
}

export interface JobWorkerOptions {
  /** How often the table is asked for due jobs (retries, jobs enqueued by other processes). */
  pollIntervalMs?: number;
  /** How long a claimed job is reserved; past it, the job is presumed lost with its worker and claimed again. */
  leaseMs?: number;
  /** Wait before attempt `attempt + 1` after attempt `attempt` failed. */
  backoffMs?: (attempt: number) => number;
  /** How long finished (done or failed) jobs are kept before an idle worker removes them. */
  keepFinishedMs?: number;
}

export interface JobWorker {
  start(): void;
  /** Stops polling and waits for the job in hand to finish. */
  stop(): Promise<void>;
  /** Runs due jobs one after another until none is left; resolves with how many ran (tests, scripts). */
  runDue(): Promise<number>;
  readonly started: boolean;
}

interface Logger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface JobWorkerDeps {
  db: Db;
  queue: JobQueue;
  now: () => number;
  handlers: Readonly<Record<string, JobHandler>>;
  log: Logger;
}

const DEFAULTS = {
  pollIntervalMs: 5_000,
  leaseMs: 15 * 60_000,
  backoffMs: (attempt: number) => Math.min(10_000 * 2 ** (attempt - 1), 10 * 60_000),
  keepFinishedMs: 7 * 86_400_000,
} satisfies Required<JobWorkerOptions>;

/** An idle worker removes old finished jobs at most this often. */
const PURGE_INTERVAL_MS = 3600_000;

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 2_000) || 'Unknown error';

export function createJobWorker(deps: JobWorkerDeps, options: JobWorkerOptions = {}): JobWorker {
  const settings = { ...DEFAULTS, ...options };
  const { db, now, handlers, log } = deps;
  const kinds = Object.keys(handlers);
  let started = false;
  let loop: Promise<void> | undefined;
  let wakeSleeper: (() => void) | undefined;
  /** A wake-up that came while the worker was busy: the next sleep is skipped so the job is not left waiting. */
  let woken = false;

  /** Claims the oldest due job of a kind this worker handles, or a running one whose lease has passed. */
  async function claim() {
    if (kinds.length === 0) return undefined;
    const at = new Date(now()).toISOString();
    const due = sql`(
      select ${jobs.id} from ${jobs}
      where ${inArray(jobs.kind, kinds)} and (
        (${jobs.status} = 'queued' and ${jobs.runAt} <= ${at}::timestamptz)
        or (${jobs.status} = 'running' and ${jobs.lockedUntil} < ${at}::timestamptz)
      )
      order by ${jobs.runAt}
      limit 1
      for update skip locked
    )`;
    const [job] = await db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: new Date(now() + settings.leaseMs),
      })
      .where(eq(jobs.id, due))
      .returning();
    return job;
  }

  async function finish(id: string, values: Partial<typeof jobs.$inferInsert>) {
    await db
      .update(jobs)
      .set({ lockedUntil: null, ...values })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'running')));
  }

  async function giveUp(job: typeof jobs.$inferSelect, context: JobContext, error: Error) {
    await finish(job.id, { status: 'failed', lastError: messageOf(error), finishedAt: new Date(now()) });
    try {
      await handlers[job.kind]?.failed?.(job.payload, error, context);
    } catch (failure) {
      log.error({ err: failure, jobId: job.id }, 'job failure handler failed');
    }
  }

  let lastPurge = Number.NEGATIVE_INFINITY;
  async function purgeFinished() {
    if (now() - lastPurge < PURGE_INTERVAL_MS) return;
    lastPurge = now();
    await db
      .delete(jobs)
      .where(
        and(
          inArray(jobs.status, ['done', 'failed']),
          lt(jobs.finishedAt, new Date(now() - settings.keepFinishedMs)),
          inArray(jobs.kind, kinds),
        ),
      );
  }

  /** Runs one due job; false when there was none (the worker then tidies up). */
  async function runOne(): Promise<boolean> {
    const job = await claim();
    if (!job) {
      await purgeFinished();
      return false;
    }
    const context: JobContext = { id: job.id, kind: job.kind, attempt: job.attempts, maxAttempts: job.maxAttempts };
    const handler = handlers[job.kind]!;
    if (job.attempts > job.maxAttempts) {
      // Claimed again after its worker vanished on the last attempt.
      await giveUp(job, context, new Error('The job did not finish in time'));
      return true;
    }
    try {
      await handler.run(job.payload, context);
      await finish(job.id, { status: 'done', lastError: null, finishedAt: new Date(now()) });
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown));
      if (error instanceof PermanentJobError || job.attempts >= job.maxAttempts) {
        log.warn({ err: error, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
        await giveUp(job, context, error);
      } else {
        log.warn({ err: error, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed; will retry');
        await finish(job.id, {
          status: 'queued',
          lastError: messageOf(error),
          runAt: new Date(now() + settings.backoffMs(job.attempts)),
        });
      }
    }
    return true;
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken) {
        woken = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      // A sleeping worker must not keep the process (or a test run) alive.
      timer.unref();
      function done() {
        clearTimeout(timer);
        wakeSleeper = undefined;
        resolve();
      }
      wakeSleeper = done;
    });

  async function run() {
    while (started) {
      let ran = false;
      try {
        ran = await runOne();
      } catch (error) {
        // The database may be briefly unreachable; the next poll tries again.
        log.error({ err: error }, 'job worker could not claim a job');
      }
      if (ran) woken = false;
      else if (started) await sleep(settings.pollIntervalMs);
    }
  }

  return {
    get started() {
      return started;
    },
    start() {
      if (started) return;
      started = true;
      deps.queue.onWake(() => {
        if (wakeSleeper) wakeSleeper();
        else woken = true;
      });
      loop = run();
    },
    async stop() {
      if (!started) return;
      started = false;
      deps.queue.onWake(undefined);
      wakeSleeper?.();
      await loop;
      loop = undefined;
    },
    async runDue() {
      let count = 0;
      while (await runOne()) count += 1;
      return count;
    },
  };
}
