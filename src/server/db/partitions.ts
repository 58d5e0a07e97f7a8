import { sql } from 'drizzle-orm';
import type { Database, Queryable } from './client';

// The monthly partitions of `transactions` and `transaction_history` (migration 0038): making them ahead, listing
// them, and archiving a month. Where the server has pg_partman, it makes them (`run_maintenance`); elsewhere (PGlite,
// or PostgreSQL without the extension) `transaction_partitions_ensure()` does, and a DEFAULT partition holds rows past
// the made months until ensure moves them into theirs.

export const PARTITIONED_TABLES = ['transactions', 'transaction_history'] as const;
/** Months made past the current one: a process that stops for three months still finds its month on start. */
export const MONTHS_AHEAD = 4;
export const ARCHIVE_SCHEMA = 'archive';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The schema pg_partman is installed in, or null without it. */
export async function partmanSchema(db: Queryable): Promise<string | null> {
  const [row] = rowsOf<{ schema: string }>(
    await db.execute(
      sql`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_partman'`,
    ),
  );
  return row?.schema ?? null;
}

/**
 * Makes the months that are due (MONTHS_AHEAD past now) for both tables; answers how the partitions are made. Safe
 * to run from several processes at once: pg_partman and ensure both take the table's lock to attach a partition,
 * and a month made meanwhile is skipped.
 */
export async function maintainPartitions(db: Queryable): Promise<'pg_partman' | 'ensure'> {
  const schema = await partmanSchema(db);
  if (schema) {
    for (const table of PARTITIONED_TABLES) {
      await db.execute(
        sql`select ${sql.identifier(schema)}.run_maintenance(p_parent_table := ${`public.${table}`}, p_analyze := false)`,
      );
    }
    return 'pg_partman';
  }
  await db.execute(sql`select transaction_partitions_ensure(now() - interval '1 month', ${MONTHS_AHEAD})`);
  return 'ensure';
}

/**
 * Runs `maintainPartitions` every `intervalMs` in this process (each process of a database may: both ways of making
 * partitions take a lock and skip the months made), until the returned stop is called. `npm start` runs it once
 * itself before serving.
 */
export function startPartitionMaintenance(
  db: Queryable,
  log: { error(details: object, message: string): void },
  intervalMs = 6 * 3600_000,
): () => void {
  const run = () => maintainPartitions(db).catch((error) => log.error({ err: error }, 'partition maintenance failed'));
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

export interface PartitionInfo {
  table: string;
  name: string;
  /** 'YYYY-MM'; 'older' for the catch-all of rows before the first month, 'default' for rows past the made months. */
  month: string;
  /** The planner's estimate (pg_class.reltuples; -1 before the first ANALYZE reads as 0). */
  estimatedRows: number;
}

/** The partitions of both tables, oldest first. */
export async function listPartitions(db: Queryable): Promise<PartitionInfo[]> {
  const rows = rowsOf<{ table: string; name: string; estimated: string }>(
    await db.execute(sql`
      select p.relname as "table", c.relname as name, greatest(c.reltuples, 0)::bigint as estimated
      from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent
      where p.relname in ('transactions', 'transaction_history') and p.relnamespace = 'public'::regnamespace
      order by p.relname, c.relname`),
  );
  return rows.map((row) => {
    const month = /_p(\d{4})_(\d{2})$/.exec(row.name);
    return {
      table: row.table,
      name: row.name,
      month: row.name.endsWith('_default')
        ? 'default'
        : month?.[1] === '1970'
          ? 'older'
          : `${month?.[1]}-${month?.[2]}`,
      estimatedRows: Number(row.estimated),
    };
  });
}

export interface ArchivedMonth {
  month: string;
  /** The partitions moved to the `archive` schema, e.g. archive.transactions_p2025_11. */
  tables: string[];
  /** Time the detach itself took (both tables). */
  detachMs: number;
}

/**
 * Takes a month out of the live tables: each table's partition is detached (CONCURRENTLY where no DEFAULT partition
 * exists, so lists, details and refunds keep running; PostgreSQL refuses it beside a DEFAULT partition) and moved to
 * the `archive` schema, where it can be dumped and dropped. Its ids stay in `transaction_keys`: chargebacks and
 * renewals keep naming its payments, its ids and refund keys are never reused, and its details answer 'not found'.
 * Runs outside any transaction (DETACH ... CONCURRENTLY cannot run in one).
 */
export async function archiveMonth(database: Database, month: string): Promise<ArchivedMonth> {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new Error(`Month must be YYYY-MM, not '${month}'`);
  const { db } = database;
  const current = new Date().toISOString().slice(0, 7);
  if (month >= current) throw new Error(`Only a past month can be archived (${month} is not before ${current})`);
  const suffix = `_p${month.replace('-', '_')}`;
  const partitions = await listPartitions(db);
  const present = partitions.filter((partition) => partition.name.endsWith(suffix));
  if (present.length === 0) throw new Error(`No partition holds ${month}: it was never made, or is archived already`);
  const concurrently = !partitions.some((partition) => partition.month === 'default');
  await db.execute(sql`create schema if not exists ${sql.identifier(ARCHIVE_SCHEMA)}`);
  let detachMs = 0;
  for (const partition of present) {
    const started = performance.now();
    await db.execute(
      sql`alter table ${sql.identifier(partition.table)} detach partition ${sql.identifier(partition.name)} ${sql.raw(concurrently ? 'concurrently' : '')}`,
    );
    detachMs += performance.now() - started;
    await db.execute(sql`alter table ${sql.identifier(partition.name)} set schema ${sql.identifier(ARCHIVE_SCHEMA)}`);
  }
  return { month, tables: present.map((partition) => `${ARCHIVE_SCHEMA}.${partition.name}`), detachMs };
}
