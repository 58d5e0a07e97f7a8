import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, Queryable } from './client';

// Long statements that must stop when nobody waits for them any more (the routing backtest's aggregation, issue 23).
// On PostgreSQL such a statement runs on a connection of its own, taken from the pool for the whole piece of work, so
// its backend is known and pg_cancel_backend can stop it mid-statement. PGlite runs one statement at a time inside
// this very process: there is nothing to cancel, the work stops between its statements.

/** The pool behind a PostgreSQL Db; undefined on PGlite. */
export function poolOf(db: Db): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/** How many connections the pool holds (PGlite: one, it runs one statement at a time). */
export function poolSize(db: Db): number {
  return poolOf(db)?.options.max ?? 1;
}

export type Row = Record<string, unknown>;

export interface DedicatedConnection {
  db: Db;
  /**
   * Runs `statement` in `tx` (a transaction of this connection) and hands its rows to `take` one at a time. On
   * PostgreSQL they are taken as they arrive, a network read at a time, and none is kept: a result is otherwise held
   * whole until its last row. PGlite answers all at once.
   */
  rows(tx: Queryable, statement: SQL, take: (row: Row) => void): Promise<void>;
  /**
   * Stops the statement the connection runs now, if any (PostgreSQL; a no-op on PGlite). The connection goes back
   * to the pool only once every cancel asked for has been sent, so a cancel never reaches another caller's statement.
   */
  cancel(): Promise<void>;
}

/**
 * A Db over each pooled connection, made once: without the schema, whose relations drizzle would work out again for
 * every piece of work (tens of milliseconds), so statements (execute, and the query builder) only.
 */
const statementsOnly = new WeakMap<pg.PoolClient, Db>();

/** Runs `work` on a connection of its own (the pool's; on PGlite the one database). */
export async function withDedicatedConnection<T>(
  db: Db,
  work: (connection: DedicatedConnection) => Promise<T>,
): Promise<T> {
  const pool = poolOf(db);
  if (!pool) {
    return work({
      db,
      async rows(tx, statement, take) {
        for (const row of ((await tx.execute(statement)) as unknown as { rows: Row[] }).rows) take(row);
      },
      cancel: async () => undefined,
    });
  }
  const client = await pool.connect();
  let connectionDb = statementsOnly.get(client);
  if (!connectionDb) {
    connectionDb = drizzle(client) as unknown as Db;
    statementsOnly.set(client, connectionDb);
  }
  const backendPid = (client as unknown as { processID: number }).processID;
  const cancels: Promise<void>[] = [];
  let released = false;
  let failed = false;
  try {
    return await work({
      db: connectionDb,
      rows: (_tx, statement, take) => streamRows(client, statement, take),
      cancel() {
        if (released) return Promise.resolve();
        const sent = cancelBackend(client, backendPid);
        cancels.push(sent);
        return sent;
      },
    });
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    await Promise.allSettled(cancels);
    released = true;
    // A connection whose work failed (a cancelled statement among others) is closed rather than reused.
    client.release(failed);
  }
}

const dialect = new PgDialect();

/** The statement's rows handed over as the driver reads them (a 'row' listener: the driver then keeps none). */
function streamRows(client: pg.PoolClient, statement: SQL, take: (row: Row) => void): Promise<void> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return new Promise((resolve, reject) => {
    let failed: unknown;
    const query = client.query(new pg.Query({ text, values: params as unknown[] }));
    query.on('row', (row: Row) => {
      if (failed !== undefined) return;
      try {
        take(row);
      } catch (error) {
        failed = error;
      }
    });
    query.on('error', reject);
    query.on('end', () => (failed === undefined ? resolve() : reject(failed)));
  });
}

/**
 * pg_cancel_backend from a connection opened for it, outside the pool: the pool may be busy with the very work being
 * cancelled, and a cancel must not wait behind it. It goes to the server of `connection` itself: a read replica's
 * pool hands out a primary's connection when the replica is down (db/replicas.ts).
 */
async function cancelBackend(connection: pg.PoolClient, backendPid: number): Promise<void> {
  const { user, password, host, port, database, ssl } = (
    connection as unknown as { connectionParameters: pg.ClientConfig }
  ).connectionParameters;
  const client = new pg.Client({ user, password, host, port, database, ssl });
  try {
    await client.connect();
    await client.query('select pg_cancel_backend($1)', [backendPid]);
  } catch {
    // The backend ended already, or the server is unreachable: there is nothing left to stop.
  } finally {
    await client.end().catch(() => undefined);
  }
}
