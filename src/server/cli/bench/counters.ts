import { performance } from 'node:perf_hooks';
import { counterRangeDays } from '@domain/limits';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client';
import type { ApiFixture } from './api-fixture';
import { describeLatency, round } from './stats';
import { type BenchRequest, timeRequests } from './timing';
import type { Measurement } from './types';

// Issue 16 and design.md section 5: "every counter call p95 <= 10 ms on 10,000,000 transactions on PostgreSQL", read
// from the daily sales rollup. Each of the five counter calls is timed through the real app (sign-in, validation,
// tenant and scope checks, serialisation), on the merchant and provider solution with the most successful sales, a
// month wide where the call takes a range.
//
// Where the rollup comes from:
// - BENCH_COUNTERS_URL names a dedicated PostgreSQL database (created when missing, e.g. postgres://…/bench_counters).
//   A database without transactions is filled once by the demo generator with BENCH_COUNTERS_TRANSACTIONS (default
//   10,000,000) transactions, exactly as `npm run seed -- --reset --transactions 10000000` does (orders routed by the
//   routing engine; the bulk load rebuilds the rollup from the raw table at the end); later runs reuse it, and a
//   database seeded with that command serves as it is.
// - Without it, the demo data on PGlite in memory: the same calls on a few thousand transactions, not the budget's
//   ten million.
//
// The app's clock is set to the newest day of the rollup, so 'today' and 'this month' hold sales however long ago the
// database was filled.

const BUDGET = { op: '<=', value: 10, unit: 'ms' } as const;
const REQUESTS = 200;
const TEN_MILLION = 10_000_000;
const BENCH_USER = { email: 'bench.counters@ops.example', password: 'Bench-password-1!' };
const SALE = sql`transaction_type in ('PAYMENT', 'RECURRENCE') and status = 'SUCCESS'`;

type Log = (line: string) => void;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const count = (value: number) => value.toLocaleString('en');

/** The calls measured, in the order the counters screen makes them. */
const CALLS = ['psp', 'counter', 'mids', 'midCounter', 'descriptors'] as const;
type Call = (typeof CALLS)[number];

interface CountersRun {
  summaries: Record<Call, Awaited<ReturnType<typeof timeRequests>>>;
  /** What each call read, for the detail column. */
  scope: Record<Call, string>;
  source: string;
  notes: string[];
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

export async function openDedicated(url: string): Promise<Database> {
  const { openDatabase } = await import('../../db/client');
  const name = new URL(url).pathname.slice(1);
  const found = await onServer(url, 'select 1 from pg_database where datname = $1', [name]);
  if (found.rowCount === 0) await onServer(url, `CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  return openDatabase({ url, poolSize: 4 });
}

/** The demo generator's world with `transactions` transactions (the seed command's load), or its demo size. */
async function generate(database: Database, transactions: number | undefined, log: Log) {
  const [{ generateDemoData }, { demoBaseDate }] = await Promise.all([
    import('../../db/seed/generator'),
    import('../../db/seed/ensure'),
  ]);
  const started = performance.now();
  await generateDemoData(database.db, {
    seed: 1,
    baseDate: demoBaseDate(),
    ...(transactions === undefined ? {} : { transactions }),
    onProgress: (message) => log(`counters: ${message} (${Math.round((performance.now() - started) / 1000)} s)`),
  });
  return round((performance.now() - started) / 1000);
}

export async function ensureBenchUser(database: Database, accountId: string) {
  const { hashPassword } = await import('../../areas/auth/passwords');
  const { roles, userAccounts, users } = await import('../../db/schema');
  const { db } = database;
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'PROVIDER_ADMINISTRATOR'));
  if (!role) throw new Error('the database has no PROVIDER_ADMINISTRATOR role: was it seeded?');
  await db
    .insert(users)
    .values({
      email: BENCH_USER.email,
      firstName: 'Bench',
      lastName: 'Counters',
      userType: 'INTERNAL',
      roleId: role.id,
      status: 'ACTIVE',
      passwordHash: await hashPassword(BENCH_USER.password),
    })
    .onConflictDoNothing();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, BENCH_USER.email));
  await db.insert(userAccounts).values({ userId: user!.id, accountId }).onConflictDoNothing();
}

/** The database, filled when it is empty; answers where the data came from. */
export async function prepare(
  database: Database,
  dedicated: boolean,
  log: Log,
): Promise<{ source: string; notes: string[] }> {
  const { db } = database;
  await database.migrate();
  const notes: string[] = [];
  const [held] = rowsOf<{ rows: string }>(await db.execute(sql`select count(*) as rows from accounts`));
  if (Number(held?.rows ?? 0) === 0) {
    const requested = Number(process.env.BENCH_COUNTERS_TRANSACTIONS ?? '');
    const target = !dedicated ? undefined : Number.isInteger(requested) && requested > 0 ? requested : TEN_MILLION;
    log(`counters: generating the demo world${target ? ` with ${count(target)} transactions` : ''}`);
    const seconds = await generate(database, target, log);
    notes.push(`generated by the demo generator in ${seconds} s`);
    if (target) {
      log('counters: vacuuming');
      await db.execute(sql.raw('vacuum (analyze) transactions, transaction_history, sales_rollup'));
    }
  } else {
    notes.push('data reused');
  }
  const [rollup] = rowsOf<{ rows: string }>(await db.execute(sql`select count(*) as rows from sales_rollup`));
  if (Number(rollup?.rows ?? 0) === 0) {
    const { rebuildSalesRollup } = await import('../../db/sales-rollup');
    log('counters: the rollup is empty; rebuilding it from the transactions');
    await rebuildSalesRollup(db);
  }
  if (database.kind === 'postgres') {
    const [visibility] = rowsOf<{ pages: number; visible: number }>(
      await db.execute(
        sql`select relpages as pages, relallvisible as visible from pg_class where relname = 'sales_rollup'`,
      ),
    );
    // The seed rebuilds the rollup in its own transaction and vacuums only the raw tables: until autovacuum comes by,
    // the rollup has no statistics and no visibility map (index-only scans would visit every row), as no database
    // in service has for long.
    if (!visibility || visibility.pages === 0 || visibility.visible / visibility.pages < 0.5) {
      log('counters: vacuuming the rollup (no statistics or visibility map yet)');
      await db.execute(sql.raw('vacuum (analyze) sales_rollup'));
    }
  }
  // What the counters read: small, and filled by the rebuild or by a migration the database may just have run.
  if (database.kind === 'postgres') await db.execute(sql.raw('vacuum (analyze) limit_sales'));
  const [sizes] = rowsOf<{ transactions: string; rollup: string }>(
    await db.execute(sql`select (select count(*) from transactions) as transactions,
      (select count(*) from sales_rollup) as rollup`),
  );
  const transactions = Number(sizes!.transactions);
  const source = `${count(transactions)} transactions (demo generator), rollup of ${count(Number(sizes!.rollup))} rows, ${database.kind}`;
  if (database.kind === 'pglite') notes.push('PGlite demo data: the budget is written for 10,000,000 on PostgreSQL');
  else if (transactions < TEN_MILLION) notes.push(`fewer than the budget's ${count(TEN_MILLION)} transactions`);
  return { source, notes };
}

interface Scope {
  accountId: string;
  merchantId: string;
  pspId: string;
  midId: string;
  now: number;
  /** The month the range calls read: the last whole month before the newest day. */
  month: { from: string; to: string };
  descriptorParts: string[];
  described: Record<Call, string>;
}

/** The merchant and solution with the most successful sales in the counters' three months, and its busiest MID. */
async function pickScope(database: Database): Promise<Scope> {
  const { db } = database;
  const [newest] = rowsOf<{ day: string }>(await db.execute(sql`select max(day)::text as day from sales_rollup`));
  if (!newest?.day) throw new Error('the sales rollup is empty');
  const now = Date.parse(`${newest.day}T12:00:00.000Z`);
  const since = counterRangeDays('twoMonthsAgo', new Date(now)).from;
  const month = counterRangeDays('lastMonth', new Date(now));
  const [busiest] = rowsOf<{ account_id: string; merchant_id: string; solution_id: string; sales: string }>(
    await db.execute(sql`
      select account_id, merchant_id, solution_id, sum(count) as sales from sales_rollup
      where day >= ${since}::date and solution_id is not null and ${SALE}
      group by 1, 2, 3 order by 4 desc limit 1`),
  );
  if (!busiest) throw new Error('the rollup holds no successful sales in the last three months');
  const inMonth = sql`merchant_id = ${busiest.merchant_id}::uuid and solution_id = ${busiest.solution_id}::uuid
    and day between ${month.from}::date and ${month.to}::date and ${SALE}`;
  const [mid] = rowsOf<{ mid_id: string; sales: string; days: number }>(
    await db.execute(sql`
      select mid_id, sum(count) as sales, count(distinct day)::int as days from sales_rollup
      where ${inMonth} and mid_id is not null group by 1 order by 2 desc limit 1`),
  );
  if (!mid) throw new Error('the busiest solution had no sales last month');
  const [shape] = rowsOf<{ rows: string; sales: string; mids: string; descriptors: string; sample: string | null }>(
    await db.execute(sql`
      select count(*) as rows, sum(count) as sales, count(distinct mid_id) as mids,
        count(distinct (mid_id, card_brand, descriptor)) filter (where descriptor is not null) as descriptors,
        max(descriptor) as sample
      from sales_rollup where ${inMonth}`),
  );
  // A broad and a narrow search: the descriptor's first three characters, and its last four.
  const sample = shape?.sample ?? 'SHOP';
  const descriptorParts = [sample.slice(0, 3), sample.slice(-4)];
  const monthWide = `${month.from} to ${month.to}: ${count(Number(shape!.sales))} sales in ${count(Number(shape!.rows))} rollup rows`;
  return {
    accountId: busiest.account_id,
    merchantId: busiest.merchant_id,
    pspId: busiest.solution_id,
    midId: mid.mid_id,
    now,
    month,
    descriptorParts,
    described: {
      psp: 'the busiest merchant',
      counter: `its busiest solution, ${count(Number(busiest.sales))} sales in three months, today ${newest.day}`,
      mids: `${count(Number(shape!.mids))} MIDs, ${monthWide}`,
      midCounter: `its busiest MID, ${count(Number(mid.sales))} sales on ${mid.days} days`,
      descriptors: `${count(Number(shape!.descriptors))} descriptor rows (search '${descriptorParts.join("', '")}', four sorts), ${monthWide}`,
    },
  };
}

export async function signedIn(
  database: Database,
  now: number,
  overrides: Partial<import('../../config').ServerConfig> = {},
) {
  const [{ buildApp }, { loadConfig }] = await Promise.all([import('../../app'), import('../../config')]);
  const config = loadConfig({}, { logLevel: 'silent', serveConsole: false, accessTokenTtlSeconds: 3600, ...overrides });
  const app = await buildApp({ config, database, now: () => now });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: `${config.runtime.apiBase}/user/admin/login`,
    payload: { username: BENCH_USER.email, password: BENCH_USER.password },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body.slice(0, 200)}`);
  const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
  const api = {
    async get(url: string) {
      const begin = performance.now();
      const response = await app.inject({ method: 'GET', url: `${config.runtime.apiBase}${url}`, headers });
      return { status: response.statusCode, body: response.body, ms: performance.now() - begin };
    },
  };
  // timeRequests only calls `get`.
  return { app, api: api as unknown as ApiFixture, headers, apiBase: config.runtime.apiBase };
}

/** Each call's URLs, cycled through by the timed requests. */
function requestsOf(scope: Scope): Record<Call, (index: number) => BenchRequest> {
  const base = `/merchant/${scope.merchantId}`;
  const psp = `${base}/psp/${scope.pspId}`;
  const range = `from=${scope.month.from}&to=${scope.month.to}`;
  const descriptorQueries = [
    '',
    `&descriptor=${encodeURIComponent(scope.descriptorParts[0]!)}`,
    `&descriptor=${encodeURIComponent(scope.descriptorParts[1]!)}&order=descriptor`,
    `&brand[]=VISA&midId[]=${scope.midId}&order=-mid`,
  ];
  return {
    psp: () => `${base}/psp`,
    counter: () => `${psp}/counter`,
    mids: () => `${psp}/mid?${range}`,
    midCounter: () => `${psp}/mid/${scope.midId}/counter?${range}`,
    descriptors: (index) => `${psp}/descriptor?${range}${descriptorQueries[index % descriptorQueries.length]}`,
  };
}

async function runCounters(log: Log): Promise<CountersRun> {
  const dedicatedUrl = process.env.BENCH_COUNTERS_URL || undefined;
  let database: Database;
  if (dedicatedUrl) {
    database = await openDedicated(dedicatedUrl);
  } else {
    const { openDatabase } = await import('../../db/client');
    database = await openDatabase({ dataDir: 'memory' });
  }
  let app: FastifyInstance | undefined;
  try {
    const where = dedicatedUrl ? `database ${new URL(dedicatedUrl).pathname.slice(1)}` : 'PGlite in memory';
    log(`counters: ${where}`);
    const { source, notes } = await prepare(database, Boolean(dedicatedUrl), log);
    const scope = await pickScope(database);
    await ensureBenchUser(database, scope.accountId);
    const session = await signedIn(database, scope.now);
    app = session.app;
    const requests = requestsOf(scope);
    const summaries = {} as CountersRun['summaries'];
    for (const call of CALLS) summaries[call] = await timeRequests(session.api, requests[call], REQUESTS);
    return { summaries, scope: scope.described, source: `${source} (${where})`, notes };
  } finally {
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
  }
}

let shared: Promise<CountersRun> | undefined;
let logLine: Log = (line) => console.log(`  ${line}`);

/** Lets bench.ts route the fixture's progress lines through its own log. */
export function setCountersLog(log: Log): void {
  logLine = log;
}

function counterCall(call: Call, name: string): Measurement {
  return {
    name: `Counters: ${name}, p95`,
    group: 'counters',
    budget: BUDGET,
    async run() {
      shared ??= runCounters(logLine);
      const run = await shared;
      const summary = run.summaries[call];
      return {
        value: round(summary.p95),
        unit: 'ms',
        detail: `${describeLatency(summary)}; ${run.scope[call]}`,
        // The data's origin is said once, under the first line.
        ...(call === CALLS[0] ? { notes: [run.source, ...run.notes] } : {}),
      };
    },
  };
}

export const COUNTER_MEASUREMENTS: readonly Measurement[] = [
  counterCall('psp', 'provider solutions'),
  counterCall('counter', 'KPI counters'),
  counterCall('mids', 'MIDs with a month of sales'),
  counterCall('midCounter', "a MID's daily sales for a month"),
  counterCall('descriptors', 'descriptors of a month'),
];
