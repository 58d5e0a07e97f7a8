import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import type { Db } from './types';

// Read replicas (issue 27): PostgreSQL's own streaming replication, with the routing of reads done here.
//
// - Lists, details, exports, counters, the dashboard and the backtest read from a replica; writes, reads inside a
//   write's transaction, and whatever decides access (the session, the caller's accounts and features) stay on the
//   primary.
// - Read-your-writes: every session keeps the primary's WAL position after its latest write (sessions.write_lsn, set
//   before the write's answer leaves). Its reads go to a replica only once the replica has replayed that far; the
//   replica's position is read by a check every CHECK_INTERVAL_MS, and only grows, so a position known a moment ago
//   is a safe lower bound. No fixed delay anywhere: at worst a read goes to the primary for one interval more.
// - A replica that does not answer, is no longer a standby, or lags more than the bound is skipped until a check
//   finds it well again. A statement that fails because the replica went away runs again on the primary.
//
// Positions are bytes from 0/0 (pg_lsn - '0/0'), which fit a JavaScript number for the first 9 petabytes of WAL.

export const DEFAULT_MAX_LAG_MS = 5_000;
const CHECK_INTERVAL_MS = 200;
/** A replica that cannot connect in this long is treated as down: the primary answers instead of waiting. */
const CONNECT_TIMEOUT_MS = 2_000;

const LSN = `(pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::bigint`;
const REPLAY_LSN = `(coalesce(pg_last_wal_replay_lsn(), '0/0') - '0/0'::pg_lsn)::bigint`;

export interface ReplicaStatus {
  /** host:port/database, without credentials. */
  name: string;
  up: boolean;
  /** How long the oldest primary position it has not replayed has been waiting, in milliseconds. */
  lagMs: number;
  replayLsn: number;
  /** Whether reads may go to it now: up and within the lag bound. */
  serving: boolean;
}

export interface Reads {
  /** Whether any replica is configured. */
  readonly enabled: boolean;
  /** Where the reads of a session whose latest write is at `writeLsn` go: a replica that has replayed it, or the primary. */
  after(writeLsn: number | null | undefined): Db;
  /** For background work: a replica that has replayed up to `lsn` (as last checked, or asked now), or the primary. */
  reaching(lsn: number): Promise<Db>;
  /** The primary's WAL position now: remembered after a write. */
  primaryLsn(): Promise<number>;
  status(): ReplicaStatus[];
  close(): Promise<void>;
}

/** Without replicas every read goes to the primary. */
export function primaryOnly(primary: Db): Reads {
  return {
    enabled: false,
    after: () => primary,
    reaching: async () => primary,
    primaryLsn: async () => 0,
    status: () => [],
    close: async () => undefined,
  };
}

/** Errors that say the replica is gone or going: the work runs again on the primary, and the replica is skipped. */
export function replicaUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // 08: connection exceptions; 57P01-3: shutting down, crashed, not accepting connections yet; 53300: full.
    if (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND'].includes(code)) return true;
  }
  return (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
      message,
    )
  );
}

/** A hot standby cancels a query whose rows its replay must remove: the primary answers it. The replica stays. */
function recoveryConflict(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '40001' && typeof message === 'string' && message.includes('conflict with recovery');
}

interface Failover {
  primary: pg.Pool;
  /** Whether `error` sends the work to the primary (marking the replica down when it is gone). */
  shouldRetry(error: unknown): boolean;
}

/**
 * A replica's pool whose statements and connections fall back to the primary when the replica fails them. Drizzle
 * sends every statement outside a transaction through `query`, and takes a connection with `connect` for one; a
 * statement inside a transaction on the replica that fails is not run again here (it is the caller's to retry).
 */
class ReplicaPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly failover: Failover,
  ) {
    super(config);
    // An idle connection whose server went away emits 'error' on the pool: without a listener the process would end.
    this.on('error', (error) => failover.shouldRetry(error));
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; drizzle uses the promise forms.
  override query(...args: any[]): any {
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    const run = (pool: pg.Pool) => (pg.Pool.prototype.query as any).apply(pool, args);
    if (typeof args[args.length - 1] === 'function') return run(this);
    return (run(this) as Promise<unknown>).catch((error: unknown) => {
      if (!this.failover.shouldRetry(error)) throw error;
      return run(this.failover.primary);
    });
  }

  // biome-ignore lint/suspicious/noExplicitAny: as above.
  override connect(...args: any[]): any {
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    if (args.length > 0) return (pg.Pool.prototype.connect as any).apply(this, args);
    return super.connect().catch((error: unknown) => {
      if (!this.failover.shouldRetry(error)) throw error;
      return this.failover.primary.connect();
    });
  }
}

interface Replica {
  name: string;
  pool: ReplicaPool;
  /** A connection of its own for the checks, so a check never waits behind the reads. */
  probe: pg.Pool;
  db: Db;
  up: boolean;
  replayLsn: number;
  lagMs: number;
}

export interface ReplicaOptions {
  urls: readonly string[];
  maxLagMs?: number;
  poolSize?: number;
  log?: { warn(object: object, message: string): void; info(object: object, message: string): void };
  now?: () => number;
}

function nameOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

const asNumber = (value: unknown) => Number(value ?? 0);
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Reads over the replicas at `options.urls`, checked until closed; `primary` and its pool answer what they cannot. */
export async function openReplicas(primary: Db, primaryPool: pg.Pool, options: ReplicaOptions): Promise<Reads> {
  const maxLagMs = options.maxLagMs ?? DEFAULT_MAX_LAG_MS;
  const now = options.now ?? Date.now;
  const log = options.log;
  /** The primary's positions at the recent checks, oldest first: how long a position has waited gives the lag. */
  const samples: { lsn: number; at: number }[] = [];

  const markDown = (replica: Replica, error: unknown) => {
    if (replica.up) log?.warn({ replica: replica.name, reason: reasonOf(error) }, 'read replica skipped');
    replica.up = false;
  };

  const replicas: Replica[] = options.urls.map((url) => {
    const replica = { name: nameOf(url), up: false, replayLsn: 0, lagMs: Number.POSITIVE_INFINITY } as Replica;
    replica.pool = new ReplicaPool(
      { connectionString: url, max: options.poolSize ?? 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS },
      {
        primary: primaryPool,
        shouldRetry(error) {
          if (replicaUnavailable(error)) {
            markDown(replica, error);
            return true;
          }
          return recoveryConflict(error);
        },
      },
    );
    replica.probe = new pg.Pool({
      connectionString: url,
      max: 1,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: CONNECT_TIMEOUT_MS,
    });
    replica.probe.on('error', (error) => markDown(replica, error));
    replica.db = drizzle(replica.pool, { schema }) as unknown as Db;
    return replica;
  });

  async function check(): Promise<void> {
    const at = now();
    const { rows } = await primaryPool.query<{ lsn: string }>(`select ${LSN} as lsn`);
    samples.push({ lsn: asNumber(rows[0]?.lsn), at });
    // Kept long enough to measure a lag just past the bound; the newest always stays.
    while (samples.length > 1 && samples[0]!.at < at - 2 * maxLagMs) samples.shift();
    await Promise.all(
      replicas.map(async (replica) => {
        try {
          const answer = await replica.probe.query<{ standby: boolean; lsn: string }>(
            `select pg_is_in_recovery() as standby, ${REPLAY_LSN} as lsn`,
          );
          const row = answer.rows[0];
          // A promoted replica no longer follows this primary: what it holds may never include the next write.
          if (!row?.standby) return markDown(replica, new Error('not a standby'));
          replica.replayLsn = Math.max(replica.replayLsn, asNumber(row.lsn));
          const waiting = samples.find((sample) => sample.lsn > replica.replayLsn);
          replica.lagMs = waiting ? at - waiting.at : 0;
          if (!replica.up) log?.info({ replica: replica.name }, 'read replica serving');
          replica.up = true;
        } catch (error) {
          markDown(replica, error);
        }
      }),
    );
  }

  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const loop = () => {
    timer = setTimeout(() => {
      check()
        .catch((error) => {
          if (!closed) log?.warn({ reason: reasonOf(error) }, 'read replica check failed');
        })
        .finally(() => {
          if (!closed) loop();
        });
    }, CHECK_INTERVAL_MS);
    timer.unref();
  };
  await check().catch((error) => log?.warn({ reason: reasonOf(error) }, 'read replica check failed'));
  loop();

  const serving = (replica: Replica) => replica.up && replica.lagMs <= maxLagMs;
  let turn = 0;
  const pick = (atLeast: number): Db | undefined => {
    const ready = replicas.filter((replica) => serving(replica) && replica.replayLsn >= atLeast);
    if (ready.length === 0) return undefined;
    turn = (turn + 1) % ready.length;
    return ready[turn]!.db;
  };
  const primaryLsn = async () =>
    asNumber((await primaryPool.query<{ lsn: string }>(`select ${LSN} as lsn`)).rows[0]?.lsn);

  return {
    enabled: true,
    after: (writeLsn) => pick(writeLsn ?? 0) ?? primary,
    async reaching(lsn) {
      const known = pick(lsn);
      if (known) return known;
      // The checks' positions may be a moment old: ask the replicas now.
      for (const replica of replicas.filter(serving)) {
        const answer = await replica.probe.query<{ lsn: string }>(`select ${REPLAY_LSN} as lsn`).catch(() => undefined);
        if (answer && asNumber(answer.rows[0]?.lsn) >= lsn) return replica.db;
      }
      return primary;
    },
    primaryLsn,
    status: () =>
      replicas.map((replica) => ({
        name: replica.name,
        up: replica.up,
        lagMs: replica.lagMs,
        replayLsn: replica.replayLsn,
        serving: serving(replica),
      })),
    async close() {
      closed = true;
      clearTimeout(timer);
      await Promise.all(replicas.flatMap((replica) => [replica.pool.end(), replica.probe.end()]));
    },
  };
}
