import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openReplicas, primaryOnly, type Reads, type ReplicaOptions } from './replicas';
import * as schema from './schema';
import type { Db } from './types';

export type { Db, Queryable, Schema, Tx } from './types';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded client, for PGlite only (tests dump a prepared world from it). */
  pglite?: PGlite;
  /** Where reads go: the read replicas of DATABASE_READ_URL when they hold the reader's writes, else `db`. */
  reads: Reads;
  /** Applies the migrations not yet applied; several processes starting at once apply each exactly once. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process of this database runs its own start-up work (migrations, the demo world): a
   * PostgreSQL session advisory lock held on a connection of its own. PGlite is one process's, so it just runs.
   */
  whileStartingUp<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The advisory lock key of start-up work (an arbitrary constant: 'ops-console:start-up' hashed once). */
const START_UP_LOCK = 7_204_719_306_221_881n;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  /** A PostgreSQL connection string; without it the embedded PGlite is used. */
  url?: string | undefined;
  /** Folder for PGlite's files; 'memory' keeps everything in RAM (tests). */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** A PGlite data folder dumped earlier (`dumpDataDir`) to start from, with 'memory': tests copy a prepared world. */
  loadDataDir?: Blob;
  /** Read replicas of the PostgreSQL at `url` (db/replicas.ts). */
  replicas?: Omit<ReplicaOptions, 'poolSize'>;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // Dates travel as ISO strings with offsets; timestamptz values come back as Date objects.
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const holding = new AsyncLocalStorage<true>();
    const whileStartingUp = async <T>(work: () => Promise<T>): Promise<T> => {
      // A call inside the work (migrate within the start-up) runs under the lock already held.
      if (holding.getStore()) return work();
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [START_UP_LOCK.toString()]);
        try {
          return await holding.run(true, work);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [START_UP_LOCK.toString()]);
        }
      } finally {
        client.release();
      }
    };
    const reads = options.replicas?.urls.length
      ? await openReplicas(db, pool, { ...options.replicas, poolSize: options.poolSize ?? 10 })
      : primaryOnly(db);
    return {
      db,
      kind: 'postgres',
      reads,
      // Drizzle's migrator reads what is applied, then applies the rest: two processes at once would both apply the
      // first missing one (and one would fail on 'already exists'), so the read and the writes run under the lock.
      migrate: () => whileStartingUp(() => migratePg(drizzlePg(pool, { schema }), { migrationsFolder })),
      whileStartingUp,
      close: async () => {
        await reads.close();
        await pool.end();
      },
    };
  }
  if (options.replicas?.urls.length) throw new Error('Read replicas (DATABASE_READ_URL) need DATABASE_URL');
  const dataDir = options.dataDir ?? '.data';
  if (dataDir !== 'memory') mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the name searches' trigram indexes (migration 0002); PGlite only has the extensions it is given.
  const extensions = { pg_trgm };
  const client =
    dataDir === 'memory'
      ? new PGlite({ extensions, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) })
      : new PGlite(`${dataDir}/pglite`, { extensions });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    reads: primaryOnly(db),
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    whileStartingUp: (work) => work(),
    close: () => client.close(),
  };
}
