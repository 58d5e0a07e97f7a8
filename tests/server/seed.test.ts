import { merchantSave } from '@domain/contract/merchants';
import { ROLE_NAMES } from '@domain/enums';
import type { Database, Db } from '@server/db/client';
import { accounts, acquirers, merchants, roles, solutions, userAccounts, userActivity, users } from '@server/db/schema';
import { ensureDemoData } from '@server/db/seed/ensure';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, DEMO_STEPS, generateDemoData } from '@server/db/seed/generator';
import { resetDatabase } from '@server/db/seed/reset';
import { recordActivity } from '@server/lib/audit';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoWorld, openDemoWorld, WORLD_HOOK_TIMEOUT } from './helpers/demo-world';
import { buildTestApp, signIn, type TestApp } from './helpers/test-app';

let firstWorld: DemoWorld;
let secondWorld: DemoWorld;
let first: Database;
let second: Database;

/** What a user of the console would see of the demo world: ids, names, keys, e-mails. */
async function snapshot(db: Db) {
  return {
    accounts: await db
      .select({
        id: accounts.id,
        shortId: accounts.shortId,
        name: accounts.prettyName,
        cb: accounts.hasChargebacksFeature,
      })
      .from(accounts)
      .orderBy(asc(accounts.id)),
    solutions: await db
      .select({ id: solutions.id, name: solutions.prettyName })
      .from(solutions)
      .orderBy(asc(solutions.id)),
    merchants: await db
      .select({
        id: merchants.id,
        name: merchants.prettyName,
        vat: merchants.vatNumber,
        key: merchants.privateKey,
        created: merchants.createdAt,
      })
      .from(merchants)
      .orderBy(asc(merchants.id)),
    users: await db
      .select({ id: users.id, email: users.email, name: users.firstName, status: users.status })
      .from(users)
      .orderBy(asc(users.id)),
  };
}

const countOf = async (db: Db, table: typeof users | typeof accounts | typeof merchants | typeof userActivity) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

// A start seeds an empty database through ensureDemoData (the first world); the same seed and day give the same
// world (the second, from a generator run of its own).
beforeAll(async () => {
  [firstWorld, secondWorld] = await Promise.all([openDemoWorld('seed1'), openDemoWorld('seed1-again')]);
  first = firstWorld.database;
  second = secondWorld.database;
}, WORLD_HOOK_TIMEOUT);

afterAll(async () => {
  await Promise.all([firstWorld?.close(), secondWorld?.close()]);
});

describe('the demo data generator', () => {
  let generated: Awaited<ReturnType<typeof ensureDemoData>>;

  beforeAll(() => {
    generated = firstWorld.generated;
  });

  it('builds the same world from the same seed', async () => {
    const [a, b] = await Promise.all([snapshot(first.db), snapshot(second.db)]);
    expect(a.accounts.length).toBeGreaterThanOrEqual(3);
    expect(b).toEqual(a);
  });

  it('creates accounts with 6-digit short IDs, providers and solutions, one without chargebacks', async () => {
    const rows = await first.db.select().from(accounts);
    for (const account of rows) expect(account.shortId).toMatch(/^\d{6}$/);
    expect(rows.some((account) => !account.hasChargebacksFeature)).toBe(true);
    const perAccount = await first.db
      .select({ accountId: solutions.accountId, n: sql<number>`count(distinct ${solutions.acquirerId})::int` })
      .from(solutions)
      .groupBy(solutions.accountId);
    expect(perAccount).toHaveLength(rows.length);
    for (const row of perAccount) expect(row.n).toBeGreaterThanOrEqual(2);
    expect(await first.db.select().from(acquirers)).toHaveLength(8);
  });

  it('gives every account 4 to 8 merchants with legal and contact data and live API keys', async () => {
    const rows = await first.db.select().from(merchants);
    const perAccount = new Map<string, number>();
    for (const merchant of rows) perAccount.set(merchant.accountId, (perAccount.get(merchant.accountId) ?? 0) + 1);
    expect(perAccount.size).toBe(await countOf(first.db, accounts));
    for (const count of perAccount.values()) {
      expect(count).toBeGreaterThanOrEqual(4);
      expect(count).toBeLessThanOrEqual(8);
    }
    for (const merchant of rows) {
      expect(merchant.merchantLegalName.startsWith(merchant.prettyName)).toBe(true);
      expect(merchant.vatNumber).toMatch(/^[A-Z]{2}/);
      expect(merchant.mccCode).toMatch(/^\d{4}$/);
      expect(merchant.email).toMatch(/^[^@]+@[^@]+\.example$/);
      expect(merchant.corporateUrl).toMatch(/^https:\/\//);
      expect(merchant.publicKey).toMatch(/^pk_live_\w{24}$/);
      expect(merchant.privateKey).toMatch(/^sk_live_\w{40}$/);
    }
    expect(new Set(rows.map((merchant) => merchant.country)).size).toBeGreaterThanOrEqual(3);
    expect(rows.some((merchant) => merchant.webhooksNotificationsUrl === null)).toBe(true);
    // Every demo merchant is one the merchant form accepts: editing one field never trips over another.
    const refused = rows.flatMap((merchant) => {
      const form = Object.fromEntries(Object.entries(merchant).map(([key, value]) => [key, value ?? ''])) as Record<
        string,
        unknown
      >;
      delete form.version;
      const parsed = merchantSave.safeParse(form);
      return parsed.success ? [] : [`${merchant.prettyName}: ${parsed.error.issues.map((issue) => issue.path).join()}`];
    });
    expect(refused).toEqual([]);
  });

  it('links the provider administrator to every account and has one active user per role in the first account', async () => {
    const admin = generated.credentials.find((credential) => credential.email === DEMO_ADMIN_EMAIL);
    expect(admin).toEqual({ role: 'PROVIDER_ADMINISTRATOR', accountId: null, email: DEMO_ADMIN_EMAIL });
    const [adminRow] = await first.db.select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
    const links = await first.db.select().from(userAccounts).where(eq(userAccounts.userId, adminRow!.id));
    expect(links).toHaveLength(await countOf(first.db, accounts));

    const firstAccountId = generated.credentials.find((credential) => credential.accountId !== null)!.accountId;
    const roleUsers = generated.credentials.filter((credential) => credential.accountId === firstAccountId);
    expect(roleUsers.map((credential) => credential.role)).toEqual([...ROLE_NAMES]);
    expect(roleUsers.find((credential) => credential.role === 'ADMINISTRATOR')!.email).toMatch(
      /^administrator@\w+\.example$/,
    );

    const invited = await first.db.select().from(users).where(eq(users.status, 'INVITED'));
    expect(invited.length).toBeGreaterThanOrEqual(1);
    expect(invited[0]!.passwordHash).toBeNull();
    expect(generated.credentials.map((credential) => credential.email)).not.toContain(invited[0]!.email);
  });

  it('writes the audit history of the demo world (checked in seed-activity.test.ts)', async () => {
    expect(await countOf(first.db, userActivity)).toBeGreaterThan(0);
  });

  it('answers ensureDemoData on a seeded database with the same credentials, adding nothing', async () => {
    const before = await snapshot(first.db);
    const again = await ensureDemoData(first.db, 1);
    expect(again).toEqual(generated);
    expect(again.password).toBe(DEMO_PASSWORD);
    expect(await snapshot(first.db)).toEqual(before);
  });

  it('hands out credentials that sign in with the demo password', async () => {
    const t: TestApp = await buildTestApp({ database: first });
    try {
      for (const credential of generated.credentials) {
        const session = await signIn(t.app, {
          email: credential.email,
          password: DEMO_PASSWORD,
          ...(credential.accountId ? { accountId: credential.accountId } : {}),
        });
        expect(session.isProviderStaff).toBe(credential.accountId === null);
        if (credential.accountId)
          expect(session.accounts.map((account) => account.shortId)).toEqual([credential.accountId]);
      }
    } finally {
      await t.close();
    }
  });
});

describe('resetDatabase', () => {
  it('drops everything, the append-only audit log included, and a new seed builds a different world', async () => {
    const seedOne = await snapshot(second.db);
    await recordActivity(second.db, { actor: null, actionType: 'INSERT', resourceType: 'ACCOUNT', resourceId: 'x' });
    await resetDatabase(second);
    expect(await countOf(second.db, users)).toBe(0);
    expect(await countOf(second.db, userActivity)).toBe(0);
    expect(await second.db.select().from(roles)).toEqual([]);

    // The steps up to the users make the accounts; the rest of the world is checked in the other seed tests.
    const steps = DEMO_STEPS.slice(0, DEMO_STEPS.findIndex((step) => step.name === 'users') + 1);
    await generateDemoData(second.db, { seed: 2, steps });
    const seedTwo = await snapshot(second.db);
    expect(seedTwo.accounts.length).toBeGreaterThanOrEqual(3);
    expect(seedTwo.accounts.map((account) => account.id)).not.toEqual(seedOne.accounts.map((account) => account.id));
  });
});
