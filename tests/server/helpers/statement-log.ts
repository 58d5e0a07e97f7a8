import type { Database } from '@server/db/client';
import type pg from 'pg';

// Every statement the server sends to its database, as the driver receives it: the text and the bound values. The
// log sits under Drizzle, on the client the Database was opened with (the PGlite instance and its transactions, or the
// node-postgres pool's connections), so statements built by hand, streamed rows and transactions are all in it.

export interface LoggedStatement {
  text: string;
  params: unknown[];
}

export interface StatementLog {
  readonly statements: LoggedStatement[];
  /** Stops recording; the statements recorded so far stay. */
  stop(): void;
}

type QueryArgs = [textOrConfig: unknown, values?: unknown, ...rest: unknown[]];

/** `query(text, values)`, `query({ text, values })` or `query(new pg.Query(...))`: the text and the values. */
function statementOf([textOrConfig, values]: QueryArgs): LoggedStatement | undefined {
  if (typeof textOrConfig === 'string') return { text: textOrConfig, params: Array.isArray(values) ? values : [] };
  const config = textOrConfig as { text?: unknown; values?: unknown } | null;
  if (typeof config?.text !== 'string') return undefined;
  const params = Array.isArray(values) ? values : Array.isArray(config.values) ? config.values : [];
  return { text: config.text, params };
}

export function recordStatements(database: Database): StatementLog {
  const statements: LoggedStatement[] = [];
  let recording = true;
  const wrapped = new WeakSet<object>();
  const wrapQuery = (target: { query: (...args: QueryArgs) => unknown }) => {
    if (wrapped.has(target)) return;
    wrapped.add(target);
    const query = target.query.bind(target);
    target.query = (...args: QueryArgs) => {
      const statement = recording ? statementOf(args) : undefined;
      if (statement) statements.push(statement);
      return query(...args);
    };
  };

  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.pglite) {
    const pglite = database.pglite;
    wrapQuery(pglite as never);
    const transaction = pglite.transaction.bind(pglite);
    pglite.transaction = (work) =>
      transaction((tx) => {
        wrapQuery(tx as never);
        return work(tx);
      });
  } else {
    const pool = client as pg.Pool;
    const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
    // Every statement runs on a connection taken from the pool (pool.query takes one too), in either calling form.
    (pool as { connect: unknown }).connect = (
      callback?: (error: Error, client: pg.PoolClient, done: unknown) => void,
    ) => {
      if (callback)
        return connect((error: Error, connection: pg.PoolClient, done: unknown) => {
          if (connection) wrapQuery(connection as never);
          callback(error, connection, done);
        });
      return (connect() as Promise<pg.PoolClient>).then((connection) => {
        wrapQuery(connection as never);
        return connection;
      });
    };
  }
  return {
    statements,
    stop: () => {
      recording = false;
    },
  };
}
