import { sql } from 'drizzle-orm';
import type { Database } from '../client';

/**
 * Drops everything and migrates again. Dropping the schemas (not truncating) is required: the audit log refuses
 * TRUNCATE and DELETE by trigger, by design.
 */
export async function resetDatabase(database: Database): Promise<void> {
  const { db } = database;
  await db.execute(sql`drop schema if exists drizzle cascade`);
  // pg_partman's registrations of the partitioned tables (migration 0038), and the archived months.
  await db.execute(sql`drop schema if exists partman cascade`);
  await db.execute(sql`drop schema if exists archive cascade`);
  await db.execute(sql`drop schema if exists public cascade`);
  await db.execute(sql`create schema public`);
  // A recreated schema loses the default grant; restore it so other roles behave as on a fresh database.
  await db.execute(sql`grant all on schema public to public`);
  await database.migrate();
}
