import type { RequestClient } from './timing';

export type { Injected } from './timing';

import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { ROLE_DEFINITIONS } from '@domain/roles';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { hashPassword } from '../../areas/auth/passwords';
import { type Database, type Db, openDatabase } from '../../db/client';
import { accounts, merchants, roles, userAccounts, users } from '../../db/schema';
import { createRandom } from '../../db/seed/random';
import { seedMids, seedRoutes } from './api-mids';

// One seeded world shared by every API measurement: a database (a throwaway PostgreSQL database, or PGlite in
// memory), one account with a generated merchants table, a provider administrator, and the app signed in as them.

export const DEFAULT_ROWS = { postgres: 200_000, pglite: 50_000 } as const;
/** Accounts the provider admin is linked to: the palette searches them all (issue 12). */
const SEARCH_ACCOUNTS = 2_000;
const BATCH = 10_000;
const ADMIN = { email: 'bench.admin@ops.example', password: 'Bench-password-1!' };

const words = (text: string) => text.trim().split(/\s+/);

/** Name parts: 40 x 40 x 12 combinations, so a word matches about 1 merchant in 40 and a pair 1 in 1,600. */
const ADJECTIVES =
  words(`Blue Golden Silver Northern Southern Eastern Western Royal Urban Rapid Bright Quiet Green Red Crystal Iron Cedar Maple Coastal Alpine
  Sunny Lucky Prime Grand Little Modern Classic Happy Smart Swift Velvet Amber Ocean Desert Polar Noble Bold Clever Fresh Wild`);
const NOUNS =
  words(`Harbor Falcon River Summit Garden Bridge Forest Meadow Canyon Lantern Anchor Compass Orchard Beacon Island Valley Pioneer Voyage Harvest Atlas
  Phoenix Comet Pebble Willow Badger Otter Heron Fox Lynx Raven Tiger Panda Dolphin Eagle Wolf Bear Stone Spark Wave Crown`);
const KINDS = words('Coffee Books Games Travel Fashion Electronics Pharmacy Bakery Sports Pets Studio Market');
/** A name only a few merchants carry, so a search can also be selective (1 in 10,000). */
const RARE = 'Zephyrine';
const CITIES = words(
  `Berlin:DE Paris:FR Madrid:ES Rome:IT Lisbon:PT Vienna:AT Warsaw:PL Dublin:IE Amsterdam:NL Prague:CZ London:GB Athens:GR`,
).map((pair) => pair.split(':') as [string, string]);
const MCC = words('5812 5942 5945 4722 5651 5732 5912 5462 5941 5995 7333 5411');

export interface ApiFixture extends RequestClient {
  kind: Database['kind'];
  rows: number;
  accountId: string;
  /** Ids of a random sample of merchants, for the pasted-id searches. */
  merchantIds: string[];
  /** A merchant of the account with BENCH_MIDS MIDs (api-mids.ts). */
  midMerchantId: string;
  /** Words that occur in merchant names, from common to rare. */
  searchTerms: string[];
  setupSeconds: number;
  close(): Promise<void>;
}

interface Throwaway {
  url: string;
  drop(): Promise<void>;
}

/** Creates `ops_bench_<random>` on the server of `adminUrl`; drop() removes it even with connections left open. */
async function createThrowawayDatabase(adminUrl: string): Promise<Throwaway> {
  const name = `ops_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export async function seedFoundation(db: Db): Promise<{ accountId: string; adminId: string }> {
  await db.insert(roles).values(
    ROLE_DEFINITIONS.map((role) => ({
      name: role.name,
      prettyName: role.prettyName,
      isInternal: role.internal,
      allAllowed: role.allAllowed ?? false,
      permissions: [...role.permissions],
    })),
  );
  const [account] = await db
    .insert(accounts)
    .values({ shortId: 'BENCH', prettyName: 'Bench account' })
    .returning({ id: accounts.id });
  const [role] = await db.select({ id: roles.id }).from(roles).where(sql`${roles.name} = 'PROVIDER_ADMINISTRATOR'`);
  const [admin] = await db
    .insert(users)
    .values({
      email: ADMIN.email,
      firstName: 'Bench',
      lastName: 'Admin',
      userType: 'INTERNAL',
      roleId: role!.id,
      status: 'ACTIVE',
      passwordHash: await hashPassword(ADMIN.password),
    })
    .returning({ id: users.id });
  await db.insert(userAccounts).values({ userId: admin!.id, accountId: account!.id });
  return { accountId: account!.id, adminId: admin!.id };
}

/** The other accounts of the search budget (issue 12: 2,000 accounts in all), each linked to the provider admin. */
export async function seedOtherAccounts(db: Db, adminId: string, count: number): Promise<string[]> {
  const rows = await db
    .insert(accounts)
    .values(
      Array.from({ length: count }, (_, index) => ({
        shortId: String(200_000 + index),
        prettyName: `${ADJECTIVES[index % ADJECTIVES.length]} ${KINDS[index % KINDS.length]} Group ${index + 1}`,
      })),
    )
    .returning({ id: accounts.id });
  await db.insert(userAccounts).values(rows.map((row) => ({ userId: adminId, accountId: row.id })));
  return rows.map((row) => row.id);
}

/**
 * Inserts `rows` merchants in batches, each one INSERT ... SELECT FROM unnest(arrays): far faster than VALUES lists.
 * With several accounts, half the merchants go to the first (the lists' account) and the rest are spread evenly.
 */
export async function seedMerchants(db: Db, account: string | readonly string[], rows: number): Promise<void> {
  const accountIds = typeof account === 'string' ? [account] : account;
  const accountOf = (n: number) =>
    accountIds.length === 1 || n % 2 === 0
      ? accountIds[0]!
      : accountIds[1 + (Math.floor(n / 2) % (accountIds.length - 1))]!;
  const random = createRandom(20_240_601).fork('bench-merchants');
  const now = Date.now();
  const twoYears = 2 * 365 * 24 * 3600 * 1000;
  for (let start = 0; start < rows; start += BATCH) {
    const size = Math.min(BATCH, rows - start);
    const names: string[] = [];
    const slugs: string[] = [];
    const cities: string[] = [];
    const countries: string[] = [];
    const mccs: string[] = [];
    const created: string[] = [];
    const publicKeys: string[] = [];
    const privateKeys: string[] = [];
    const owners: string[] = [];
    for (let index = 0; index < size; index++) {
      const n = start + index;
      owners.push(accountOf(n));
      const name =
        n % 10_000 === 7
          ? `${RARE} ${random.pick(KINDS)}`
          : `${random.pick(ADJECTIVES)} ${random.pick(NOUNS)} ${random.pick(KINDS)}`;
      const [city, country] = random.pick(CITIES);
      names.push(name);
      slugs.push(`${name.toLowerCase().replaceAll(' ', '-')}-${n}`);
      cities.push(city);
      countries.push(country);
      mccs.push(random.pick(MCC));
      created.push(new Date(now - Math.floor(random.next() * twoYears)).toISOString());
      publicKeys.push(`pk_${random.alphanumeric(32)}`);
      privateKeys.push(`sk_${random.alphanumeric(40)}`);
    }
    await db.execute(sql`
      insert into merchants (
        account_id, pretty_name, merchant_legal_name, vat_number, corporate_url, dba, mcc_code, street, city,
        zip_code, country, email, phone, support_url, support_email, support_phone, webhooks_notifications_url,
        public_key, private_key, created_at, updated_at
      )
      select
        t.account, t.name, t.name || ' Ltd', t.country || lpad((${start}::int + t.n)::text, 9, '0'),
        'https://' || t.slug || '.example', t.name, t.mcc, (t.n % 200 + 1)::text || ' Market Street', t.city,
        lpad((t.n % 99999)::text, 5, '0'), t.country, 'billing@' || t.slug || '.example', '+44 20 7946 0' || lpad((t.n % 1000)::text, 3, '0'),
        'https://' || t.slug || '.example/support', 'support@' || t.slug || '.example', null,
        'https://' || t.slug || '.example/webhooks', t.pk, t.sk, t.created, t.created
      from unnest(
        ${sql.param(names)}::text[], ${sql.param(slugs)}::text[], ${sql.param(cities)}::text[],
        ${sql.param(countries)}::text[], ${sql.param(mccs)}::text[], ${sql.param(created)}::timestamptz[],
        ${sql.param(publicKeys)}::text[], ${sql.param(privateKeys)}::text[], ${sql.param(owners)}::uuid[]
      ) with ordinality as t(name, slug, city, country, mcc, created, pk, sk, account, n)
    `);
  }
}

export async function createApiFixture(
  requestedRows: number | undefined,
  log: (line: string) => void,
): Promise<ApiFixture> {
  const started = performance.now();
  const adminUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
  let throwaway: Throwaway | undefined;
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  const cleanUp = async () => {
    await app?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await throwaway?.drop();
  };
  const onSignal = () => {
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    if (adminUrl) {
      throwaway = await createThrowawayDatabase(adminUrl);
      database = await openDatabase({ url: throwaway.url, poolSize: 4 });
    } else {
      database = await openDatabase({ dataDir: 'memory' });
    }
    const rows = requestedRows ?? DEFAULT_ROWS[database.kind];
    log(`database: ${database.kind}${throwaway ? ` (${new URL(throwaway.url).pathname.slice(1)})` : ' (in memory)'}`);
    await database.migrate();
    const { accountId, adminId } = await seedFoundation(database.db);
    const seedStarted = performance.now();
    const others = await seedOtherAccounts(database.db, adminId, SEARCH_ACCOUNTS - 1);
    await seedMerchants(database.db, [accountId, ...others], rows);
    const midMerchantId = await seedMids(database.db, accountId);
    await seedRoutes(database.db, accountId, midMerchantId);
    // As autovacuum would soon after a bulk load: GIN indexes (trigram) keep new rows in a pending list, read in full
    // by every search until a vacuum merges it.
    await database.db.execute(sql`vacuum analyze`);
    log(
      `seeded ${rows.toLocaleString('en')} merchants in ${Math.round((performance.now() - seedStarted) / 100) / 10} s`,
    );

    // Merchants of the lists' account: 'one merchant by id' reads them under that account.
    const sample = await database.db
      .select({ id: merchants.id })
      .from(merchants)
      .where(sql`${merchants.accountId} = ${accountId}`)
      .orderBy(sql`random()`)
      .limit(50);
    const merchantIds = sample.map((row) => row.id);

    // Imported here, not at the top: the console measurement must still run when the API does not build.
    const [{ buildApp }, { loadConfig }] = await Promise.all([import('../../app'), import('../../config')]);
    const config = loadConfig({}, { logLevel: 'silent', serveConsole: false, accessTokenTtlSeconds: 3600 });
    app = await buildApp({ config, database });
    await app.ready();

    const login = await app.inject({
      method: 'POST',
      url: `${config.runtime.apiBase}/user/admin/login`,
      payload: { username: ADMIN.email, password: ADMIN.password },
    });
    if (login.statusCode !== 200) {
      throw new Error(
        `sign-in failed: POST /user/admin/login answered ${login.statusCode} ${login.body.slice(0, 200)}`,
      );
    }
    const { token } = login.json() as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const instance = app;
    const kind = database.kind;

    return {
      kind,
      rows,
      accountId,
      merchantIds,
      midMerchantId,
      searchTerms: ['Harbor', 'Golden Falcon', 'Bakery', 'Swift Otter Pets', RARE],
      setupSeconds: (performance.now() - started) / 1000,
      async get(url) {
        const begin = performance.now();
        const response = await instance.inject({ method: 'GET', url: `${config.runtime.apiBase}${url}`, headers });
        const ms = performance.now() - begin;
        return { status: response.statusCode, body: response.body, ms };
      },
      async post(url, payload) {
        const begin = performance.now();
        const response = await instance.inject({
          method: 'POST',
          url: `${config.runtime.apiBase}${url}`,
          headers,
          payload: payload as object,
        });
        const ms = performance.now() - begin;
        return { status: response.statusCode, body: response.body, ms };
      },
      async close() {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
        await cleanUp();
      },
    };
  } catch (error) {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanUp().catch(() => undefined);
    throw error;
  }
}
