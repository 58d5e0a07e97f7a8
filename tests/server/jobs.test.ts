import type { Database } from '@server/db/client';
import { jobs } from '@server/db/schema';
import { createJobQueue, type JobQueue } from '@server/jobs/queue';
import {
  createJobWorker,
  type JobContext,
  type JobHandler,
  type JobWorker,
  PermanentJobError,
} from '@server/jobs/worker';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClock, createTestDatabase, type TestClock } from './helpers/test-app';

// The background job queue on the `jobs` table: enqueue in a transaction, claim with SKIP LOCKED, retry with backoff,
// fail after the maximum attempts, wake up on enqueue, stop cleanly.

let database: Database;
let clock: TestClock;
let queue: JobQueue;
const workers: JobWorker[] = [];
const quiet = { error: () => undefined, warn: () => undefined };

function worker(handlers: Record<string, JobHandler>, options: Parameters<typeof createJobWorker>[1] = {}) {
  const created = createJobWorker({ db: database.db, queue, now: clock.now, handlers, log: quiet }, options);
  workers.push(created);
  return created;
}

async function jobRow(id: string) {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

const enqueue = (kind: string, payload: unknown, options?: Parameters<JobQueue['enqueue']>[3]) =>
  database.db.transaction((tx) => queue.enqueue(tx, kind, payload, options));

beforeAll(async () => {
  database = await createTestDatabase();
});

beforeEach(async () => {
  clock = createClock(Date.parse('2026-03-01T10:00:00.000Z'));
  queue = createJobQueue(clock.now);
  await database.db.delete(jobs);
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((each) => each.stop()));
});

afterAll(() => database.close());

describe('job queue', () => {
  it('runs a job with its payload once and marks it done', async () => {
    const seen: { payload: unknown; job: JobContext }[] = [];
    const runner = worker({ greet: { run: async (payload, job) => void seen.push({ payload, job }) } });
    const id = await enqueue('greet', { name: 'Ada' });
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(seen).toEqual([{ payload: { name: 'Ada' }, job: { id, kind: 'greet', attempt: 1, maxAttempts: 3 } }]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, lastError: null, lockedUntil: null });
  });

  it('leaves no job behind when the enqueuing transaction rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await queue.enqueue(tx, 'greet', {});
        throw new Error('the request failed');
      }),
    ).rejects.toThrow('the request failed');
    expect(await database.db.select().from(jobs)).toEqual([]);
  });

  it('waits for runAt, and claims only the kinds it handles', async () => {
    const ran: string[] = [];
    const runner = worker({ later: { run: async () => void ran.push('later') } });
    const later = await enqueue('later', {}, { runAt: clock.now() + 60_000 });
    const other = await enqueue('someone-else', {});
    expect(await runner.runDue()).toBe(0);
    clock.advance(60_000);
    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual(['later']);
    expect((await jobRow(later)).status).toBe('done');
    expect((await jobRow(other)).status).toBe('queued');
  });

  it('retries a failing job with growing backoff, then marks it failed with the error and says so once', async () => {
    const failures: string[] = [];
    let calls = 0;
    const runner = worker(
      {
        flaky: {
          run: async () => {
            calls += 1;
            throw new Error(`attempt ${calls} broke`);
          },
          failed: async (_payload, error, job) => void failures.push(`${job.attempt}: ${error.message}`),
        },
      },
      { backoffMs: (attempt) => attempt * 1_000 },
    );
    const id = await enqueue('flaky', {}, { maxAttempts: 3 });

    expect(await runner.runDue()).toBe(1);
    const afterFirst = await jobRow(id);
    expect(afterFirst).toMatchObject({ status: 'queued', attempts: 1, lastError: 'attempt 1 broke' });
    expect(afterFirst.runAt.getTime()).toBe(clock.now() + 1_000);
    expect(await runner.runDue()).toBe(0);

    clock.advance(1_000);
    expect(await runner.runDue()).toBe(1);
    expect((await jobRow(id)).runAt.getTime()).toBe(clock.now() + 2_000);
    clock.advance(1_999);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);

    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'attempt 3 broke' });
    expect(failures).toEqual(['3: attempt 3 broke']);
    clock.advance(3_600_000);
    expect(await runner.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('fails at once on a PermanentJobError', async () => {
    const failures: string[] = [];
    const runner = worker({
      doomed: {
        run: async () => {
          throw new PermanentJobError('no longer allowed');
        },
        failed: async (_payload, error) => void failures.push(error.message),
      },
    });
    const id = await enqueue('doomed', {});
    expect(await runner.runDue()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'no longer allowed' });
    expect(failures).toEqual(['no longer allowed']);
  });

  it('claims again a job whose worker vanished, once its lease has passed', async () => {
    const ran: number[] = [];
    const runner = worker({ lost: { run: async (_payload, job) => void ran.push(job.attempt) } }, { leaseMs: 60_000 });
    const id = await enqueue('lost', {});
    // As if another process had claimed it and died.
    await database.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: new Date(clock.now() + 60_000) })
      .where(eq(jobs.id, id));
    expect(await runner.runDue()).toBe(0);
    clock.advance(60_001);
    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual([2]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('gives up a job lost on its last attempt without running it again', async () => {
    const failures: string[] = [];
    const runner = worker({
      lost: { run: async () => undefined, failed: async (_payload, error) => void failures.push(error.message) },
    });
    const id = await enqueue('lost', {}, { maxAttempts: 1 });
    await database.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: new Date(clock.now() - 1) })
      .where(eq(jobs.id, id));
    expect(await runner.runDue()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', lastError: 'The job did not finish in time' });
    expect(failures).toEqual(['The job did not finish in time']);
  });

  it('never runs a job twice when several workers claim at once', async () => {
    const ran: string[] = [];
    const handler: JobHandler = {
      run: async (payload) => {
        ran.push((payload as { n: string }).n);
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    };
    const ids = await Promise.all(Array.from({ length: 12 }, (_, n) => enqueue('count', { n: String(n) })));
    const runners = [worker({ count: handler }), worker({ count: handler }), worker({ count: handler })];
    const counts = await Promise.all(runners.map((each) => each.runDue()));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(12);
    expect([...ran].sort()).toEqual(ids.map((_, n) => String(n)).sort());
    const [{ done } = { done: 0 }] = await database.db
      .select({ done: sql<number>`count(*)::int` })
      .from(jobs)
      .where(eq(jobs.status, 'done'));
    expect(done).toBe(12);
  });

  it('wakes at once when this process enqueues, without waiting for its poll', async () => {
    let resolveRan: (value: unknown) => void = () => undefined;
    const ran = new Promise((resolve) => {
      resolveRan = resolve;
    });
    const runner = worker({ wake: { run: async (payload) => resolveRan(payload) } }, { pollIntervalMs: 60_000 });
    runner.start();
    expect(runner.started).toBe(true);
    // Let the worker find the queue empty and fall asleep for its (long) poll interval.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await enqueue('wake', { at: 'once' });
    queue.wake();
    const outcome = await Promise.race([ran, new Promise((resolve) => setTimeout(() => resolve('slept'), 2_000))]);
    expect(outcome).toEqual({ at: 'once' });
  });

  it('stops: waits for the job in hand, then claims nothing more', async () => {
    let release: () => void = () => undefined;
    let startedJob: () => void = () => undefined;
    const inHand = new Promise<void>((resolve) => {
      startedJob = resolve;
    });
    let runs = 0;
    const runner = worker(
      {
        slow: {
          run: () =>
            new Promise<void>((resolve) => {
              runs += 1;
              release = resolve;
              startedJob();
            }),
        },
      },
      { pollIntervalMs: 10 },
    );
    const first = await enqueue('slow', {});
    runner.start();
    await inHand;
    const stopping = runner.stop();
    let stopped = false;
    void stopping.then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await jobRow(first)).status).toBe('done');
    const second = await enqueue('slow', {});
    queue.wake();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toBe(1);
    expect((await jobRow(second)).status).toBe('queued');
  });

  it('removes finished jobs once they are a week old', async () => {
    const runner = worker({ old: { run: async () => undefined } });
    const [recent, old, failed, queued] = await Promise.all([
      enqueue('old', {}),
      enqueue('old', {}),
      enqueue('old', {}),
      enqueue('old', {}, { runAt: clock.now() + 3600_000 }),
    ]);
    const finishedAgo = (id: string, status: string, days: number) =>
      database.db
        .update(jobs)
        .set({ status, finishedAt: new Date(clock.now() - days * 86_400_000) })
        .where(eq(jobs.id, id));
    await finishedAgo(recent!, 'done', 6);
    await finishedAgo(old!, 'done', 8);
    await finishedAgo(failed!, 'failed', 8);
    expect(await runner.runDue()).toBe(0);
    const left = (await database.db.select({ id: jobs.id }).from(jobs)).map((row) => row.id).sort();
    expect(left).toEqual([recent, queued].sort());
  });
});
