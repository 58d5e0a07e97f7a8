import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { ensureBenchUser, openDedicated, prepare, signedIn } from './counters';
import { describeLatency, round } from './stats';
import { type BenchRequest, timeRequests } from './timing';
import type { Measurement } from './types';

// Issue 17 and design.md section 5: "dashboard KPIs p95 <= 10 ms for a month on 10,000,000 transactions on
// PostgreSQL", read from the dashboard rollup. Each call is timed through the real app (sign-in, validation, tenant
// check, conversion, serialisation) for a whole month (the last one before the newest day) in GBP, so every amount is
// converted: the KPIs of the busiest account without filters, of its busiest merchant, of the account filtered by two
// solutions and an issuer country, and the merchant's daily chart.
//
// The data is the counters' (bench/counters.ts): BENCH_COUNTERS_URL, a dedicated PostgreSQL database filled once
// with 10,000,000 demo transactions, or else the demo data on PGlite in memory. The app's clock is the newest day.

const BUDGET = { op: '<=', value: 10, unit: 'ms' } as const;
const REQUESTS = 200;

type Log = (line: string) => void;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const count = (value: number) => value.toLocaleString('en');

const CALLS = ['account', 'merchant', 'filtered', 'chart'] as const;
type Call = (typeof CALLS)[number];

interface DashboardRun {
  summaries: Record<Call, Awaited<ReturnType<typeof timeRequests>>>;
  scope: Record<Call, string>;
  source: string;
  notes: string[];
}

interface Scope {
  accountId: string;
  merchantId: string;
  solutions: string[];
  country: string;
  now: number;
  month: { from: string; to: string };
  described: Record<Call, string>;
}

/** The account with the most rollup rows last month, its busiest merchant, two of its solutions and a country. */
async function pickScope(database: Database): Promise<Scope> {
  const { db } = database;
  const [newest] = rowsOf<{ day: string }>(await db.execute(sql`select max(day)::text as day from dashboard_rollup`));
  if (!newest?.day) throw new Error('the dashboard rollup is empty');
  const now = Date.parse(`${newest.day}T12:00:00.000Z`);
  const first = new Date(now);
  const month = {
    from: new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() - 1, 1)).toISOString().slice(0, 10),
    to: new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 0)).toISOString().slice(0, 10),
  };
  const inMonth = sql`day between ${month.from}::date and ${month.to}::date`;
  const [account] = rowsOf<{ account_id: string; rows: string; payments: string }>(
    await db.execute(sql`
      select account_id, count(*) as rows, sum(count) filter (where error_code is null) as payments
      from dashboard_rollup where grain = 0 and ${inMonth} group by 1 order by 2 desc limit 1`),
  );
  if (!account) throw new Error('the dashboard rollup holds nothing last month');
  const [merchant] = rowsOf<{ merchant_id: string; rows: string }>(
    await db.execute(sql`
      select merchant_id, count(*) as rows from dashboard_rollup
      where account_id = ${account.account_id}::uuid and grain = 1 and ${inMonth} group by 1 order by 2 desc limit 1`),
  );
  const solutions = rowsOf<{ name: string }>(
    await db.execute(sql`
      select s.pretty_name as name from dashboard_rollup d join solutions s on s.id = d.solution_id
      where d.account_id = ${account.account_id}::uuid and d.grain = 2 and ${inMonth}
      group by 1 order by sum(d.count) desc limit 2`),
  ).map((row) => row.name);
  const [country] = rowsOf<{ country: string }>(
    await db.execute(sql`
      select issuer_country as country from dashboard_rollup
      where account_id = ${account.account_id}::uuid and grain = 4 and ${inMonth} and issuer_country is not null
      group by 1 order by sum(count) desc limit 1`),
  );
  const wide = `${month.from} to ${month.to}`;
  return {
    accountId: account.account_id,
    merchantId: merchant!.merchant_id,
    solutions,
    country: country?.country ?? 'ES',
    now,
    month,
    described: {
      account: `the busiest account, ${wide}: ${count(Number(account.payments))} transactions in ${count(Number(account.rows))} rows at its grain, and the month before`,
      merchant: `its busiest merchant (${count(Number(merchant!.rows))} rows at its grain), ${wide}`,
      filtered: `the account, solutions '${solutions.join("', '")}', issuer country ${country?.country ?? 'ES'}, ${wide}`,
      chart: `the busiest merchant's daily sales, ${wide}`,
    },
  };
}

function requestsOf(scope: Scope): Record<Call, (index: number) => BenchRequest> {
  const base = `/account/${scope.accountId}`;
  const range = `creationDateFrom=${scope.month.from}&creationDateTo=${scope.month.to}&currency=GBP`;
  const solutions = scope.solutions.map((name) => `&solution[]=${encodeURIComponent(name)}`).join('');
  return {
    account: () => `${base}/transactions-kpis?${range}`,
    merchant: () => `${base}/transactions-kpis?${range}&merchantId=${scope.merchantId}`,
    filtered: () => `${base}/transactions-kpis?${range}${solutions}&issuerCountry=${scope.country}`,
    chart: () => `${base}/transactions-chart?${range}&merchantId=${scope.merchantId}`,
  };
}

async function runDashboard(log: Log): Promise<DashboardRun> {
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
    log(`dashboard: ${where}`);
    const { source, notes } = await prepare(database, Boolean(dedicatedUrl), log);
    if (database.kind === 'postgres')
      await database.db.execute(sql.raw('vacuum (analyze) dashboard_rollup, dashboard_totals'));
    const [size] = rowsOf<{ rows: string }>(
      await database.db.execute(sql`select count(*) as rows from dashboard_rollup`),
    );
    const scope = await pickScope(database);
    await ensureBenchUser(database, scope.accountId);
    const session = await signedIn(database, scope.now);
    app = session.app;
    const requests = requestsOf(scope);
    const summaries = {} as DashboardRun['summaries'];
    for (const call of CALLS) summaries[call] = await timeRequests(session.api, requests[call], REQUESTS);
    return {
      summaries,
      scope: scope.described,
      source: `${source}; dashboard rollup of ${count(Number(size?.rows ?? 0))} rows (${where})`,
      notes,
    };
  } finally {
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
  }
}

let shared: Promise<DashboardRun> | undefined;
let logLine: Log = (line) => console.log(`  ${line}`);

/** Lets bench.ts route the fixture's progress lines through its own log. */
export function setDashboardLog(log: Log): void {
  logLine = log;
}

function dashboardCall(call: Call, name: string): Measurement {
  return {
    name: `Dashboard: ${name}, p95`,
    group: 'dashboard',
    budget: BUDGET,
    async run() {
      shared ??= runDashboard(logLine);
      const run = await shared;
      const summary = run.summaries[call];
      return {
        value: round(summary.p95),
        unit: 'ms',
        detail: `${describeLatency(summary)}; ${run.scope[call]}`,
        ...(call === CALLS[0] ? { notes: [run.source, ...run.notes] } : {}),
      };
    },
  };
}

export const DASHBOARD_MEASUREMENTS: readonly Measurement[] = [
  dashboardCall('account', 'KPIs of an account for a month'),
  dashboardCall('merchant', 'KPIs of a merchant for a month'),
  dashboardCall('filtered', 'KPIs filtered by solutions and country'),
  dashboardCall('chart', "a merchant's daily sales chart"),
];
