import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client';
import type { ApiFixture, Injected } from './api-fixture';
import { describeLatency, round } from './stats';
import { type BenchRequest, timeRequests } from './timing';
import type { Measurement } from './types';

// design.md section 5: "Routing backtest: p95 <= 1 s for 1M payments of one merchant in a 30-day window (aggregate
// first, route groups)", and issue 15: <= 100 ms on the demo data, memory growth < 100 MB. Through the real app
// (sign-in, validation, both aggregations, routing, serialisation), with drafts that change something every time.
//
// Where the million comes from:
// - BENCH_BACKTEST_URL names a dedicated database (created when missing, e.g. postgres://…/bench_backtest): the
//   fixture is generated there once and reused by later runs.
// - Otherwise a throwaway database on DATABASE_URL or TEST_DATABASE_URL's server, generated for the run and dropped.
// - Without PostgreSQL, PGlite in memory gets 100,000 payments (BENCH_BACKTEST_PAYMENTS to change it): the budget is
//   written for the million on PostgreSQL.

const REQUESTS = 60;
const DEMO_REQUESTS = 200;
const MILLION = 1_000_000;
const PGLITE_PAYMENTS = 100_000;
const DAY_MS = 86_400_000;
const WINDOW_DAYS = 30;
const BENCH_MERCHANT = 'Backtest bench merchant';
const BENCH_USER = { email: 'bench.backtest@ops.example', password: 'Bench-password-1!' };

type Log = (line: string) => void;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface SignedIn {
  post(url: string, payload: unknown): Promise<Injected>;
}

async function signedInApp(database: Database, email: string, password: string) {
  const [{ buildApp }, { loadConfig }] = await Promise.all([import('../../app'), import('../../config')]);
  const config = loadConfig({}, { logLevel: 'silent', serveConsole: false, accessTokenTtlSeconds: 3600 });
  const app = await buildApp({ config, database });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: `${config.runtime.apiBase}/user/admin/login`,
    payload: { username: email, password },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body.slice(0, 200)}`);
  const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
  const client: SignedIn = {
    async post(url, payload) {
      const begin = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: `${config.runtime.apiBase}${url}`,
        headers,
        payload: payload as object,
      });
      return { status: response.statusCode, body: response.body, ms: performance.now() - begin };
    },
  };
  return { app, client };
}

/** timeRequests only calls `post`. */
const asApi = (client: SignedIn) => client as unknown as ApiFixture;

interface RouteRow {
  id: string;
  description: string;
  mid_id: string;
  fallback_mid_id: string | null;
  priority: number;
  weight: number;
  currency: string[];
  issuer_country: string[];
  card_brand: string[];
  url: string[];
  custom_tag: string[];
  bin_code: string[];
}

/**
 * Drafts a routing change would send, cycled through: as it is, the busiest route at weight 0 (the issue's example),
 * without it, and a new top-priority route for one currency.
 */
async function draftsFor(database: Database, merchantId: string) {
  const routes = rowsOf<RouteRow>(
    await database.db.execute(sql`
      select r.id, r.description, r.mid_id, r.fallback_mid_id, r.priority, r.weight, r.currency, r.issuer_country,
        r.card_brand, r.url, r.custom_tag, r.bin_code
      from routes r where r.merchant_id = ${merchantId}::uuid and r.weight > 0
      order by r.priority desc, r.weight desc, r.id`),
  );
  if (routes.length === 0) throw new Error('the measured merchant has no routes');
  const busiest = routes[0]!;
  const other = routes.find((route) => route.mid_id !== busiest.mid_id) ?? busiest;
  const row = (route: RouteRow, change: Record<string, unknown>) => ({
    routeId: route.id,
    routeDescription: route.description,
    midId: route.mid_id,
    fallbackMidId: route.fallback_mid_id,
    priority: route.priority,
    weight: route.weight,
    currency: route.currency,
    issuerCountry: route.issuer_country,
    cardBrand: route.card_brand,
    url: route.url,
    customTag: route.custom_tag,
    binCode: route.bin_code,
    ...change,
  });
  return [
    { label: 'as is', draft: {} },
    { label: 'weight 0', draft: { temporaryRoutes: [row(busiest, { weight: 0 })] } },
    { label: 'removed', draft: { removedRouteIds: [busiest.id] } },
    {
      label: 'new route',
      draft: {
        temporaryRoutes: [
          { routeDescription: 'Bench EUR', midId: other.mid_id, priority: 10, weight: 100, currency: ['EUR'] },
        ],
      },
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// The demo data on PGlite.

interface DemoRun {
  summary: Awaited<ReturnType<typeof timeRequests>>;
  detail: string;
}

async function runDemo(log: Log): Promise<DemoRun> {
  const started = performance.now();
  const [{ openDatabase }, { generateDemoData, DEMO_ADMIN_EMAIL, DEMO_PASSWORD }, { demoBaseDate }] = await Promise.all(
    [import('../../db/client'), import('../../db/seed/generator'), import('../../db/seed/ensure')],
  );
  const database = await openDatabase({ dataDir: 'memory' });
  let app: FastifyInstance | undefined;
  try {
    await database.migrate();
    await generateDemoData(database.db, { seed: 1, baseDate: demoBaseDate() });
    log(`backtest: demo data generated in ${round((performance.now() - started) / 1000)} s`);
    const [busiest] = rowsOf<{ merchant_id: string; payments: number }>(
      await database.db.execute(sql`
        select merchant_id, count(*)::int as payments from transactions
        where transaction_type in ('PAYMENT', 'RECURRENCE') and not is_fallback and parent_id is null
          and created_at >= now() - interval '30 days'
        group by merchant_id order by count(*) desc limit 1`),
    );
    if (!busiest) throw new Error('the demo data holds no payments');
    const drafts = await draftsFor(database, busiest.merchant_id);
    const signedIn = await signedInApp(database, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
    app = signedIn.app;
    const windows = [{ preset: '30d' }, { preset: '90d' }];
    const request = (index: number): BenchRequest => ({
      method: 'POST',
      url: `/merchant/${busiest.merchant_id}/routing-backtest`,
      payload: { window: windows[index % 2], ...drafts[Math.floor(index / 2) % drafts.length]!.draft },
    });
    const summary = await timeRequests(asApi(signedIn.client), request, DEMO_REQUESTS);
    return {
      summary,
      detail: `busiest merchant, ${busiest.payments.toLocaleString('en')} payments in 30 days, 30 and 90 days, PGlite`,
    };
  } finally {
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// A million payments.

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

async function ensureBenchUser(database: Database) {
  const { hashPassword } = await import('../../areas/auth/passwords');
  const { accounts, roles, userAccounts, users } = await import('../../db/schema');
  const { db } = database;
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'PROVIDER_ADMINISTRATOR'));
  await db
    .insert(users)
    .values({
      email: BENCH_USER.email,
      firstName: 'Bench',
      lastName: 'Backtest',
      userType: 'INTERNAL',
      roleId: role!.id,
      status: 'ACTIVE',
      passwordHash: await hashPassword(BENCH_USER.password),
    })
    .onConflictDoNothing();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, BENCH_USER.email));
  const accountRows = await db.select({ id: accounts.id }).from(accounts);
  await db
    .insert(userAccounts)
    .values(accountRows.map((account) => ({ userId: user!.id, accountId: account.id })))
    .onConflictDoNothing();
}

/** Runs `statement` on the server's maintenance database. */
async function onServer(url: string, statement: string, values: unknown[] = []) {
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

interface MillionRun {
  summary: Awaited<ReturnType<typeof timeRequests>>;
  rssGrowthMb: number;
  heapGrowthMb: number;
  detail: string;
  notes: string[];
}

async function runMillion(log: Log): Promise<MillionRun> {
  const { openDatabase } = await import('../../db/client');
  const dedicated = process.env.BENCH_BACKTEST_URL || undefined;
  const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
  const requested = Number(process.env.BENCH_BACKTEST_PAYMENTS ?? '');
  let drop: (() => Promise<void>) | undefined;
  let database: Database;
  let source: string;
  if (dedicated) {
    const name = new URL(dedicated).pathname.slice(1);
    const found = await onServer(dedicated, 'select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await onServer(dedicated, `CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    database = await openDatabase({ url: dedicated, poolSize: 4 });
    source = `dedicated database ${name}`;
  } else if (serverUrl) {
    const name = `ops_bench_bt_${Math.random().toString(36).slice(2, 10)}`;
    await onServer(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString(), poolSize: 4 });
    drop = () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined);
    source = `throwaway database ${name}`;
  } else {
    database = await openDatabase({ dataDir: 'memory' });
    source = 'PGlite in memory';
  }
  const payments =
    Number.isInteger(requested) && requested > 0 ? requested : database.kind === 'postgres' ? MILLION : PGLITE_PAYMENTS;
  let app: FastifyInstance | undefined;
  try {
    await database.migrate();
    const notes: string[] = [];
    let [merchant] = rowsOf<{ id: string }>(
      await database.db.execute(sql`select id from merchants where pretty_name = ${BENCH_MERCHANT} limit 1`),
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
      merchant = { id: merchantId };
    } else {
      notes.push(`fixture reused (${source})`);
    }
    await ensureBenchUser(database);
    // The window: the 30 days up to the newest payment, so a fixture made days ago still fills it.
    const [span] = rowsOf<{ last: string; rows: number }>(
      await database.db.execute(sql`
        select max(created_at) filter (where not is_fallback and parent_id is null) as last,
          (select count(*)::int from transactions) as rows
        from transactions where merchant_id = ${merchant.id}::uuid`),
    );
    const to = new Date(new Date(span!.last).getTime() + 1);
    const window = { from: new Date(to.getTime() - WINDOW_DAYS * DAY_MS).toISOString(), to: to.toISOString() };
    const drafts = await draftsFor(database, merchant.id);
    const signedIn = await signedInApp(database, BENCH_USER.email, BENCH_USER.password);
    app = signedIn.app;
    const request = (index: number): BenchRequest => ({
      method: 'POST',
      url: `/merchant/${merchant!.id}/routing-backtest`,
      payload: { window, ...drafts[index % drafts.length]!.draft },
    });
    const weightZero = request(1) as { url: string; payload: unknown };
    const probe = await signedIn.client.post(weightZero.url, weightZero.payload);
    if (probe.status !== 200) throw new Error(`the backtest answered ${probe.status}: ${probe.body.slice(0, 200)}`);
    const answer = JSON.parse(probe.body) as { total: { payments: number }; moved: { payments: number } };
    notes.push(
      `${answer.total.payments.toLocaleString('en')} payments in the window, ${Math.round(answer.moved.payments).toLocaleString('en')} moved by the weight-0 draft; table ${span!.rows.toLocaleString('en')} rows`,
    );

    global.gc?.();
    const before = process.memoryUsage();
    let rssPeak = before.rss;
    let heapPeak = before.heapUsed;
    const sampler = setInterval(() => {
      const usage = process.memoryUsage();
      rssPeak = Math.max(rssPeak, usage.rss);
      heapPeak = Math.max(heapPeak, usage.heapUsed);
    }, 5);
    let summary: Awaited<ReturnType<typeof timeRequests>>;
    try {
      summary = await timeRequests(asApi(signedIn.client), request, REQUESTS, (index) => drafts[index % 4]!.label);
    } finally {
      clearInterval(sampler);
    }
    return {
      summary,
      rssGrowthMb: (rssPeak - before.rss) / 1024 / 1024,
      heapGrowthMb: (heapPeak - before.heapUsed) / 1024 / 1024,
      detail: `${answer.total.payments.toLocaleString('en')} payments in ${WINDOW_DAYS} days, ${database.kind}`,
      notes,
    };
  } finally {
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    await drop?.().catch((error: unknown) => log(`backtest: clean-up: ${String(error)}`));
  }
}

let demoRun: Promise<DemoRun> | undefined;
let millionRun: Promise<MillionRun> | undefined;
let logLine: Log = (line) => console.log(`  ${line}`);

/** Lets bench.ts route the fixtures' progress lines through its own log. */
export function setBacktestLog(log: Log): void {
  logLine = log;
}

export const backtestDemoP95: Measurement = {
  name: 'Routing backtest, demo data, p95',
  group: 'backtest',
  budget: { op: '<=', value: 100, unit: 'ms' },
  async run() {
    demoRun ??= runDemo(logLine);
    const { summary, detail } = await demoRun;
    return { value: round(summary.p95), unit: 'ms', detail: `${describeLatency(summary)}; ${detail}` };
  },
};

export const backtestMillionP95: Measurement = {
  name: 'Routing backtest, 1M payments in 30 days, p95',
  group: 'backtest',
  budget: { op: '<=', value: 1_000, unit: 'ms' },
  async run() {
    millionRun ??= runMillion(logLine);
    const { summary, detail, notes } = await millionRun;
    return {
      value: round(summary.p95),
      unit: 'ms',
      detail: `${describeLatency(summary)}; ${detail}; ${summary.byLabel}`,
      notes,
    };
  },
};

export const backtestMemory: Measurement = {
  name: 'Routing backtest, 1M payments, memory growth',
  group: 'backtest',
  budget: { op: '<=', value: 100, unit: 'MB' },
  async run() {
    millionRun ??= runMillion(logLine);
    const { rssGrowthMb, heapGrowthMb } = await millionRun;
    return {
      value: round(rssGrowthMb),
      unit: 'MB',
      detail: `peak RSS over the timed requests; heap ${round(heapGrowthMb)} MB`,
    };
  },
};

export const BACKTEST_MEASUREMENTS: readonly Measurement[] = [backtestDemoP95, backtestMillionP95, backtestMemory];
