import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { accounts, roles, serverSettings, userAccounts, users } from '../schema';
import {
  DEMO_CREDENTIALS_KEY,
  DEMO_PASSWORD,
  type DemoCredential,
  type DemoData,
  generateDemoData,
  syncRoles,
} from './generator';

/** The seed number from the environment (SEED), 1 when unset or not a whole number. */
export function seedFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.SEED);
  return env.SEED && Number.isSafeInteger(value) ? value : 1;
}

/**
 * The demo sign-ins as the database holds them now: the e-mails recorded at generation, each with its current role
 * and account, leaving out users that were since removed or deactivated.
 */
export async function readDemoCredentials(db: Db): Promise<DemoCredential[]> {
  const [setting] = await db.select().from(serverSettings).where(eq(serverSettings.key, DEMO_CREDENTIALS_KEY));
  if (!setting) return [];
  const emails = JSON.parse(setting.value) as string[];
  if (emails.length === 0) return [];
  const rows = await db
    .select({
      email: users.email,
      userType: users.userType,
      status: users.status,
      role: roles.name,
      shortId: sql<string | null>`(
        select ${accounts.shortId} from ${userAccounts}
        join ${accounts} on ${accounts.id} = ${userAccounts.accountId}
        where ${userAccounts.userId} = ${users.id}
        order by ${accounts.shortId} limit 1)`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      inArray(
        sql`lower(${users.email})`,
        emails.map((email) => email.toLowerCase()),
      ),
    );
  const byEmail = new Map(rows.map((row) => [row.email.toLowerCase(), row]));
  return emails.flatMap((email) => {
    const row = byEmail.get(email.toLowerCase());
    if (row?.status !== 'ACTIVE') return [];
    return [{ role: row.role, accountId: row.userType === 'INTERNAL' ? null : row.shortId, email: row.email }];
  });
}

/**
 * The moment the demo world ends at: the start of the current hour (UTC), so a fresh start shows payments and activity
 * up to now and never after it. The same seed in the same hour gives the same data; tests pass a fixed date instead.
 */
export function demoBaseDate(now = new Date()): Date {
  return new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
}

/**
 * `npm start` calls this after migrating: an empty database (no users) gets the demo world; otherwise the
 * credentials are read back so they can be printed on every start.
 */
export async function ensureDemoData(
  db: Db,
  seed = seedFromEnv(),
  baseDate = demoBaseDate(),
  options: { disputeTemplatesDir?: string; invoiceDocumentsDir?: string } = {},
): Promise<DemoData> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) await syncRoles(db, randomUUID);
  if (count === 0) {
    const { password, credentials } = await generateDemoData(db, { seed, baseDate, ...options });
    return { password, credentials };
  }
  return { password: DEMO_PASSWORD, credentials: await readDemoCredentials(db) };
}
