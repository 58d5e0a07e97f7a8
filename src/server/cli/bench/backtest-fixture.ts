import { performance } from 'node:perf_hooks';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client';
import type { Injected } from './api-fixture';
import { round } from './stats';

// The routing backtest bench's data (design.md section 5: 1M payments of one merchant in a 30-day window) and its
// signed-in app. Where the million comes from:
// - BENCH_BACKTEST_URL names a dedicated database (created when missing, e.g. postgres://…/bench_backtest): the
//   fixture is generated there once and reused by later runs.
// - Otherwise a throwaway database on DATABASE_URL or TEST_DATABASE_URL's server, generated for the run and dropped.
// - Without PostgreSQL, PGlite in memory gets 100,000 payments (BENCH_BACKTEST_PAYMENTS to change it): the budget is
//   written for the million on PostgreSQL.

const MILLION = 1_000_000;
const PGLITE_PAYMENTS = 100_000;
export const DAY_MS = 86_400_000;
export const WINDOW_DAYS = 30;
const BENCH_MERCHANT = 'Backtest bench merchant';
const BENCH_USER = { email: 'bench.backtest@ops.example', password: 'Bench-password-1!' };

export type Log = (line: string) => void;
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface BenchUser {
  email: string;
  password: string;
}

export interface SignedIn {
  get(url: string): Promise<Injected>;
  post(url: string, payload: unknown): Promise<Injected>;
}

/** The app on `database`, with each of `users` signed in (one session each). */
export async function signedInApp(database: Database, users: readonly BenchUser[]) {
  const [{ buildApp }, { loadConfig }] = await Promise.all([import('../../app'), import('../../config')]);
  const config = loadConfig({}, { logLevel: 'silent', serveConsole: false, accessTokenTtlSeconds: 3600 });
  const app = await buildApp({ config, database });
  await app.ready();
  const clients: SignedIn[] = [];
  for (const user of users) {
    const login = await app.inject({
      method: 'POST',
      url: `${config.runtime.apiBase}/user/admin/login`,
      payload: { username: user.email, password: user.password },
    });
    if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body.slice(0, 200)}`);
    const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
    const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
      const begin = performance.now();
      const response = await app.inject({
        method,
        url: `${config.runtime.apiBase}${url}`,
        headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return { status: response.statusCode, body: response.body, ms: performance.now() - begin };
    };
    clients.push({ get: (url) => call('GET', url), post: (url, payload) => call('POST', url, payload) });
  }
  return { app: app as FastifyInstance, clients };
}

/** The merchant's MIDs and routes: priority groups, currency, country, URL, tag and BIN criteria, fallbacks. */
async function seedBenchMerchant(database: Database, accountId: string): Promise<string> {
  const { db } = database;
  const { acquirers, merchants, mids, routes, solutions } = await import('../../db/schema');
  const { seedMerchants } = await import('./api-fixture');
  await seedMerchants(db, accountId, 2);
  const merchantRows = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.accountId, accountId));
  const [merchantId, otherId] = merchantRows.map((row) => row.id) as [string, string];
  await db.update(merchants).set({ prettyName: BENCH_MERCHANT }).where(eq(merchants.id, merchantId));
  const gateways = await db
    .insert(acquirers)
    .values([{ prettyName: 'Backtest Adyen' }, { prettyName: 'Backtest Stripe' }, { prettyName: 'Backtest Checkout' }])
    .onConflictDoUpdate({ target: acquirers.prettyName, set: { description: 'Bench acquirer' } })
    .returning({ id: acquirers.id });
  const solutionRows = await db
    .insert(solutions)
    .values(gateways.map((gateway) => ({ accountId, acquirerId: gateway.id, prettyName: 'Cards' })))
    .returning({ id: solutions.id, acquirerId: solutions.acquirerId });
  const midIds: string[] = [];
  for (const [merchant, names] of [
    [merchantId, ['Adyen EU', 'Adyen US', 'Stripe Global', 'Checkout EU', 'VIP desk', 'Local async']],
    [otherId, ['Other merchant MID']],
  ] as const) {
    for (const [index, description] of names.entries()) {
      const solution = solutionRows[index % solutionRows.length]!;
      const [mid] = await db
        .insert(mids)
        .values({
          accountId,
          merchantId: merchant,
          description,
          midAcquirerId: `BT-${index}-${merchant.slice(0, 6)}`,
          acquirerId: solution.acquirerId,
          solutionId: solution.id,
          synchronous: description !== 'Local async',
        })
        .returning({ id: mids.id });
      if (merchant === merchantId) midIds.push(mid!.id);
    }
  }
  const [adyenEu, adyenUs, stripe, checkout, vip, local] = midIds as [string, string, string, string, string, string];
  const premiumBins = Array.from({ length: 10 }, (_, index) => String(400_001 + index));
  const route = (
    description: string,
    priority: number,
    weight: number,
    midId: string,
    extra: Partial<typeof routes.$inferInsert> = {},
  ) => ({ accountId, merchantId, description, priority, weight, midId, ...extra });
  await db
    .insert(routes)
    .values([
      route('EU checkout', 10, 60, checkout, { url: ['www.shop.example/eu'], fallbackMidId: adyenEu }),
      route('EU checkout split', 10, 40, adyenEu, { url: ['www.shop.example/eu'] }),
      route('VIP', 9, 100, vip, { customTag: ['VIP'] }),
      route('Premium BINs', 8, 100, stripe, { binCode: premiumBins }),
      route('USD', 7, 70, adyenUs, { currency: ['USD'], fallbackMidId: stripe }),
      route('USD split', 7, 30, stripe, { currency: ['USD'] }),
      route('Southern Europe', 6, 50, adyenEu, { issuerCountry: ['ES', 'IT', 'PT'] }),
      route('Southern Europe split', 6, 50, checkout, { issuerCountry: ['ES', 'IT', 'PT'] }),
      route('Northern Europe', 5, 100, adyenEu, { issuerCountry: ['DE', 'FR', 'NL'], currency: ['EUR'] }),
      route('GBP', 4, 100, stripe, { currency: ['GBP'], fallbackMidId: adyenEu }),
      route('Local cards', 3, 100, local, { cardBrand: ['CARTEBLEU'] }),
      route('Default', 1, 60, adyenEu, { fallbackMidId: stripe }),
      route('Default split', 1, 40, stripe),
      route('Paused', 1, 0, checkout),
    ]);
  return merchantId;
}

/** First attempts in the window, plus rows that must not count: older payments, retries, refunds, another merchant. */
async function generatePayments(database: Database, merchantId: string, payments: number, log: Log) {
  const { db } = database;
  const chunk = 250_000;
  const windowSeconds = WINDOW_DAYS * 86_400 - 60;
  const insert = async (from: number, to: number, kind: 'first' | 'older' | 'retry' | 'other') => {
    // A multiplicative hash of n stands in for randomness, so a run is repeatable.
    await db.execute(sql`
      with refs as (
        select m.id as mid_id, m.acquirer_id, m.solution_id, m.merchant_id, m.account_id,
          row_number() over (partition by m.merchant_id order by m.description) - 1 as k,
          count(*) over (partition by m.merchant_id) as mids
        from mids m
        where m.merchant_id = ${kind === 'other' ? sql`(select id from merchants where account_id = (select account_id from merchants where id = ${merchantId}::uuid) and id <> ${merchantId}::uuid limit 1)` : sql`${merchantId}::uuid`}
      ), picked as (
        select n, gen_random_uuid() as id, (n::bigint * 2654435761) % 1000003 as h from generate_series(${from}::int, ${to}::int) as n
      )
      insert into transactions (id, root_id, account_id, merchant_id, transaction_type, status, category, amount,
        currency, payment_method, order_url, reference_order_id, custom_tag, acquirer_id, solution_id, mid_id,
        is_fallback, card_brand, card_bin, card_country, created_at, updated_at)
      select p.id, p.id, f.account_id, f.merchant_id,
        case when p.h % 10 = 0 then 'RECURRENCE' else 'PAYMENT' end,
        (array['SUCCESS','SUCCESS','SUCCESS','SUCCESS','SUCCESS','SUCCESS','SUCCESS','SUCCESS','SUCCESS','DECLINED','DECLINED','FAILED','ABANDONED','IN_PROCESS'])[1 + (p.h / 7) % 14],
        'ONE-OFF', 100 + (p.h * 31) % 50000, (array['EUR','EUR','EUR','USD','GBP','CHF'])[1 + (p.h / 3) % 6], 'CARD',
        (array['https://www.shop.example/checkout?order=', 'https://www.shop.example/checkout?order=',
          'https://www.shop.example/eu/checkout?order=', 'https://app.shop.example/subscribe?plan='])[1 + (p.h / 11) % 4] || p.n,
        'BT-' || p.n,
        (array[null, null, null, null, null, null, null, null, null, null, null, null, 'VIP', 'TRIAL', 'PROMO', 'B2B'])[1 + (p.h / 13) % 16],
        f.acquirer_id, f.solution_id, f.mid_id, ${kind === 'retry'},
        (array['VISA','VISA','VISA','MC','MC','AMEX','DISCOVER','CARTEBLEU'])[1 + (p.h / 17) % 8],
        (400000 + (p.h / 19) % 2000)::text,
        (array['ES','FR','DE','IT','GB','US','NL','PT','MX','BR','JP','SE'])[1 + (p.h / 23) % 12],
        now() - make_interval(secs => (${kind === 'older' ? WINDOW_DAYS * 86_400 + 3_600 : 60}::int + (p.h * 7919 + p.n) % ${windowSeconds}::int)::double precision),
        now()
      from picked p join refs f on f.k = p.h % f.mids`);
  };
  for (let start = 1; start <= payments; start += chunk) {
    const end = Math.min(payments, start + chunk - 1);
    await insert(start, end, 'first');
    log(`backtest: generated ${end.toLocaleString('en')} of ${payments.toLocaleString('en')} payments`);
  }
  const extra = Math.round(payments / 10);
  await insert(payments + 1, payments + extra, 'older');
  await insert(payments + extra + 1, payments + 2 * extra, 'retry');
  await insert(payments + 2 * extra + 1, payments + 3 * extra, 'other');
  // Refunds of some payments: children (parent_id) that never count.
  await db.execute(sql`
    insert into transactions (id, root_id, parent_id, account_id, merchant_id, transaction_type, status, category,
      amount, currency, payment_method, reference_order_id, mid_id, card_brand, card_bin, card_country, created_at, updated_at)
    select gen_random_uuid(), t.id, t.id, t.account_id, t.merchant_id, 'REFUND', 'SUCCESS', t.category, t.amount,
      t.currency, t.payment_method, t.reference_order_id, t.mid_id, t.card_brand, t.card_bin, t.card_country,
      t.created_at + interval '1 minute', t.created_at + interval '1 minute'
    from transactions t where t.merchant_id = ${merchantId}::uuid and t.status = 'SUCCESS' and t.reference_order_id like '%7'
    limit ${extra}`);
  log('backtest: analysing');
  await db.execute(sql.raw('vacuum analyze transactions'));
}

/** Provider administrators linked to every account, signed in by the measurements: `count` of them. */
export async function ensureBenchUsers(database: Database, count = 1): Promise<BenchUser[]> {
  const { hashPassword } = await import('../../areas/auth/passwords');
  const { accounts, roles, userAccounts, users } = await import('../../db/schema');
  const { db } = database;
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'PROVIDER_ADMINISTRATOR'));
  const wanted = Array.from({ length: count }, (_, index) => ({
    email: index === 0 ? BENCH_USER.email : BENCH_USER.email.replace('@', `.${index + 1}@`),
    password: BENCH_USER.password,
  }));
  const passwordHash = await hashPassword(BENCH_USER.password);
  await db
    .insert(users)
    .values(
      wanted.map((user, index) => ({
        email: user.email,
        firstName: 'Bench',
        lastName: `Backtest ${index + 1}`,
        userType: 'INTERNAL' as const,
        roleId: role!.id,
        status: 'ACTIVE' as const,
        passwordHash,
      })),
    )
    .onConflictDoNothing();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.email,
        wanted.map((user) => user.email),
      ),
    );
  const accountRows = await db.select({ id: accounts.id }).from(accounts);
  await db
    .insert(userAccounts)
    .values(rows.flatMap((user) => accountRows.map((account) => ({ userId: user.id, accountId: account.id }))))
    .onConflictDoNothing();
  return wanted;
}

/** Runs `statement` on the server's maintenance database. */
export async function onServer(url: string, statement: string, values: unknown[] = []) {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

export interface BacktestFixture {
  database: Database;
  /** Where the data lives, for the notes. */
  source: string;
  accountId: string;
  merchantId: string;
  /** The 30 days up to the newest payment, so a fixture made days ago still fills it. */
  window: { from: string; to: string };
  /** Rows of the transactions table (the window's payments and the rows that must not count). */
  tableRows: number;
  notes: string[];
  close(): Promise<void>;
}

/** The million (or PGlite's 100,000), generated when the database does not hold it yet. */
export async function openBacktestFixture(log: Log, options: { pglite?: boolean } = {}): Promise<BacktestFixture> {
  const { openDatabase } = await import('../../db/client');
  const dedicated = options.pglite ? undefined : process.env.BENCH_BACKTEST_URL || undefined;
  const serverUrl = options.pglite ? undefined : process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
  const requested = Number(process.env.BENCH_BACKTEST_PAYMENTS ?? '');
  let drop: (() => Promise<void>) | undefined;
  let database: Database;
  let source: string;
  // The pool `npm start` opens (10): backtests share it with every other call.
  if (dedicated) {
    const name = new URL(dedicated).pathname.slice(1);
    const found = await onServer(dedicated, 'select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await onServer(dedicated, `CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    database = await openDatabase({ url: dedicated });
    source = `dedicated database ${name}`;
  } else if (serverUrl) {
    const name = `ops_bench_bt_${Math.random().toString(36).slice(2, 10)}`;
    await onServer(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString() });
    drop = () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined);
    source = `throwaway database ${name}`;
  } else {
    database = await openDatabase({ dataDir: 'memory' });
    source = 'PGlite in memory';
  }
  const close = async () => {
    await database.close().catch(() => undefined);
    await drop?.().catch((error: unknown) => log(`backtest: clean-up: ${String(error)}`));
  };
  try {
    const payments =
      Number.isInteger(requested) && requested > 0
        ? requested
        : database.kind === 'postgres'
          ? MILLION
          : PGLITE_PAYMENTS;
    await database.migrate();
    const notes: string[] = [];
    let [merchant] = rowsOf<{ id: string; account_id: string }>(
      await database.db.execute(
        sql`select id, account_id from merchants where pretty_name = ${BENCH_MERCHANT} limit 1`,
      ),
    );
    if (!merchant) {
      const [used] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from accounts`));
      if (used && used.n > 0) throw new Error(`${source} holds other data: give the backtest bench an empty database`);
      const started = performance.now();
      log(`backtest: generating ${payments.toLocaleString('en')} payments in the ${source}`);
      const { seedFoundation } = await import('./api-fixture');
      const { accountId } = await seedFoundation(database.db);
      const merchantId = await seedBenchMerchant(database, accountId);
      await generatePayments(database, merchantId, payments, log);
      const seconds = round((performance.now() - started) / 1000);
      log(`backtest: fixture generated in ${seconds} s`);
      notes.push(`fixture generated in ${seconds} s (${source})`);
      merchant = { id: merchantId, account_id: accountId };
    } else {
      notes.push(`fixture reused (${source})`);
    }
    const [span] = rowsOf<{ last: string; rows: number }>(
      await database.db.execute(sql`
        select max(created_at) filter (where not is_fallback and parent_id is null) as last,
          (select count(*)::int from transactions) as rows
        from transactions where merchant_id = ${merchant.id}::uuid`),
    );
    const to = new Date(new Date(span!.last).getTime() + 1);
    return {
      database,
      source,
      accountId: merchant.account_id,
      merchantId: merchant.id,
      window: { from: new Date(to.getTime() - WINDOW_DAYS * DAY_MS).toISOString(), to: to.toISOString() },
      tableRows: span!.rows,
      notes,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
