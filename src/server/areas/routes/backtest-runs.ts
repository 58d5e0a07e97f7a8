import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { type DedicatedConnection, poolOf, poolSize, type Row, withDedicatedConnection } from '../../db/connections';
import { backtestRuns } from '../../db/schema';

// One running backtest per user, whichever API process runs it, and no work left behind by a client that went away
// (issue 23).
// - A run takes the user's row of backtest_runs, then stops the run it replaced: in this process by aborting that run's
//   signal; on PostgreSQL also by cancelling (pg_cancel_backend) every statement another run of the user still runs, in
//   any process: they carry the application_name 'backtest <user> <run>' while they run.
// - The aggregation runs in slices, each a READ ONLY transaction on a connection of its own, at most half the pool at
//   once in a process, so the other calls always find a connection. Aborting a run (the client closed the connection,
//   or a newer run replaced it) cancels the statements its slices run (PostgreSQL) or stops it before its next slice
//   (PGlite runs one statement at a time in this very process: its slices are short).
// - A slice ends by taking the user's guard lock (shared) and checking that the row still names its run. A canceller
//   holds that lock exclusively while it looks the statements up and signals them, so a backend it signals is still
//   in the slice it saw, never in another caller's statement after the slice committed.
// - With read replicas the slices read on one (db/replicas.ts) and the check runs on the primary just after: another
//   process's newer run cannot cancel a replica's statement, so the older run stops at the end of its slice instead.

/** The reason of a run whose client closed the connection: nobody reads its answer. */
export class BacktestCancelled extends Error {
  constructor() {
    super('The client closed the connection');
    this.name = 'BacktestCancelled';
  }
}

/** The reason of a run that a newer run of the same user replaced. */
export class BacktestSuperseded extends Error {
  constructor() {
    super('A newer backtest of the same user replaced this one');
    this.name = 'BacktestSuperseded';
  }
}

/**
 * A signal aborted when the client goes away before the answer is sent (the console cancels a backtest it no longer
 * wants by aborting its fetch). The response's 'close' tells: the request's own 'close' fires as soon as its body has
 * been read, connection or not.
 */
export function signalOnDisconnect(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  const closed = () => {
    if (!response.writableEnded) controller.abort(new BacktestCancelled());
  };
  // Gone already (while the body was read or the caller was checked): 'close' will not come again.
  if (response.destroyed) closed();
  else response.once('close', closed);
  return controller.signal;
}

export interface BacktestRun {
  /** Aborted when the client goes away (BacktestCancelled) or a newer run of the user replaces this one. */
  readonly signal: AbortSignal;
  /**
   * Runs `statement` as one slice of the run (a READ ONLY transaction on a connection of its own, stopped with the
   * run), handing its rows to `take` one at a time as they arrive. It reads on `source` (a read replica, or the
   * primary by default).
   */
  slice(statement: SQL, take: (row: Row) => void, source?: Db): Promise<void>;
  /** Stops the run's other work (a slice failed: the rest is of no use). */
  stop(reason: unknown): void;
  /** Ends the run; throws BacktestSuperseded when a newer run replaced it meanwhile (maybe in another process). */
  end(): Promise<void>;
  /** Gives the user's row up after a failure. */
  abandon(): Promise<void>;
}

export interface BacktestRuns {
  start(userId: string, disconnected: AbortSignal): Promise<BacktestRun>;
  /**
   * Waits for the next turn of the event loop handed to the process's backtests: they take turns, one per turn of the
   * loop, so that between two every other request gets its share however many backtests run. Each slice begins one.
   */
  turn(): Promise<void>;
}

/** Advisory lock namespace (the first key; the second is the user's) of the cancel guard. */
const GUARD_LOCK = sql`hashtext('routing-backtest-guard')`;
/** The query_canceled SQLSTATE: pg_cancel_backend stopped the statement. */
const QUERY_CANCELED = '57014';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const hex = (id: string) => id.replaceAll('-', '');
/** At most 63 characters: the user's id whole, the run's first 80 bits (enough to tell a user's runs apart). */
const applicationName = (userId: string, runId: string) => `backtest ${hex(userId)} ${hex(runId).slice(0, 20)}`;

function isQueryCanceled(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === QUERY_CANCELED) return true;
  }
  return false;
}

/** Waiters in arrival order; a waiter whose run is aborted leaves the queue. */
function createPermits(count: number) {
  let free = count;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else free += 1;
  };
  return {
    async acquire(signal: AbortSignal): Promise<() => void> {
      signal.throwIfAborted();
      if (free > 0) {
        free -= 1;
        return release;
      }
      await new Promise<void>((resolve, reject) => {
        const granted = () => {
          signal.removeEventListener('abort', aborted);
          resolve();
        };
        const aborted = () => {
          waiting.splice(waiting.indexOf(granted), 1);
          reject(signal.reason);
        };
        waiting.push(granted);
        signal.addEventListener('abort', aborted, { once: true });
      });
      return release;
    },
  };
}

/** Turns of the event loop handed out one at a time, in the order they are asked for. */
function createTurns() {
  let last: Promise<void> = Promise.resolve();
  return (): Promise<void> => {
    const mine = last.then(() => nextTurn());
    last = mine;
    return mine;
  };
}

export function createBacktestRuns(db: Db): BacktestRuns {
  const onPostgres = poolOf(db) !== undefined;
  const nextTurnOfRuns = createTurns();
  // Half the pool: a process's backtests never leave the other calls waiting for a connection.
  const permits = createPermits(Math.max(1, Math.floor(poolSize(db) / 2)));
  const running = new Map<string, { runId: string; controller: AbortController }>();

  async function replaceRuns(userId: string, runId: string): Promise<void> {
    await db
      .insert(backtestRuns)
      .values({ userId, runId })
      .onConflictDoUpdate({ target: backtestRuns.userId, set: { runId, startedAt: sql`now()` } });
    if (!onPostgres) return;
    // Committed first: a slice that starts after this look-up finds the row replaced when it ends.
    const prefix = `backtest ${hex(userId)} `;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${GUARD_LOCK}, hashtext(${userId}))`);
      // Every run of the user but the one its row names now (a run started after this one must not be stopped).
      await tx.execute(sql`
        select pg_cancel_backend(a.pid) from pg_stat_activity a
        where a.application_name like ${`${prefix}%`} and a.pid <> pg_backend_pid()
          and a.application_name <> (
            select ${prefix} || left(replace(r.run_id::text, '-', ''), 20) from ${backtestRuns} r
            where r.user_id = ${userId}::uuid)`);
    });
  }

  return {
    turn: nextTurnOfRuns,
    async start(userId, disconnected) {
      const runId = randomUUID();
      const controller = new AbortController();
      const forward = () => controller.abort(disconnected.reason);
      if (disconnected.aborted) forward();
      else disconnected.addEventListener('abort', forward, { once: true });
      running.get(userId)?.controller.abort(new BacktestSuperseded());
      running.set(userId, { runId, controller });
      const { signal } = controller;
      const forget = () => {
        disconnected.removeEventListener('abort', forward);
        if (running.get(userId)?.runId === runId) running.delete(userId);
      };
      const connections = new Set<DedicatedConnection>();
      signal.addEventListener('abort', () => {
        for (const connection of connections) void connection.cancel();
      });
      const rowOfRun = and(eq(backtestRuns.userId, userId), eq(backtestRuns.runId, runId));
      const isCurrent = async () =>
        (await db.select({ runId: backtestRuns.runId }).from(backtestRuns).where(rowOfRun)).length > 0;

      try {
        await replaceRuns(userId, runId);
        signal.throwIfAborted();
      } catch (error) {
        forget();
        throw error;
      }

      const turn = async () => {
        await nextTurnOfRuns();
        signal.throwIfAborted();
      };

      return {
        signal,
        async slice(statement, take, source = db) {
          const release = await permits.acquire(signal);
          try {
            // A turn of its own: PGlite answers within the turn it is asked in, so slice after slice (of every
            // running backtest) would otherwise follow one another in promise callbacks, and no other request would
            // be read meanwhile.
            await turn();
            const stillCurrent = async (tx: Queryable) => {
              const ending = await tx.execute(sql`
                select pg_advisory_xact_lock_shared(${GUARD_LOCK}, hashtext(${userId})),
                  exists(select 1 from ${backtestRuns} where ${rowOfRun}) as current`);
              if (!rowsOf<{ current: boolean }>(ending)[0]?.current) throw new BacktestSuperseded();
            };
            await withDedicatedConnection(source, async (connection) => {
              connections.add(connection);
              try {
                signal.throwIfAborted();
                await connection.db.transaction(
                  async (tx) => {
                    // The planner cannot know that the collapsed values make few groups: with the default memory it
                    // would sort a million rows instead of hashing them. Compiling expressions (JIT) costs more than it
                    // saves here.
                    await tx.execute(sql`select set_config('application_name', ${applicationName(userId, runId)}, true),
                      set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`);
                    await connection.rows(tx, statement, take);
                    if (source === db) await stillCurrent(tx);
                  },
                  { accessMode: 'read only' },
                );
              } finally {
                connections.delete(connection);
              }
            });
            if (source !== db) await db.transaction(stillCurrent, { accessMode: 'read only' });
          } catch (error) {
            if (signal.aborted) throw signal.reason;
            // Cancelled by a newer run of the same user in another process (or by an administrator: then it is still
            // the user's run, and a failure).
            if (isQueryCanceled(error) && !(await isCurrent())) throw new BacktestSuperseded();
            throw error;
          } finally {
            release();
          }
        },
        stop(reason) {
          controller.abort(reason);
        },
        async end() {
          forget();
          const ended = await db.delete(backtestRuns).where(rowOfRun).returning({ runId: backtestRuns.runId });
          if (ended.length === 0) throw new BacktestSuperseded();
        },
        async abandon() {
          forget();
          await db.delete(backtestRuns).where(rowOfRun);
        },
      };
    },
  };
}
