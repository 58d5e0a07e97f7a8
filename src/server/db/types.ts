import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

// The database types, in a module of their own so that what client.ts opens (db/replicas.ts) can use them too.

export type Schema = typeof schema;
/** The one database type the server codes against, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database or an open transaction. */
export type Queryable = Db | Tx;
