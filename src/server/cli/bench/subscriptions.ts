import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ensureBenchUser, signedIn } from './counters';
import { describeLatency, type LatencySummary, round, summarize } from './stats';
import { openSubscriptionsFixture, type SubscriptionsFixture } from './subscriptions-fixture';
import { type BenchRequest, timeRequests } from './timing';
import type { Measurement } from './types';

// Issue 24 and design.md section 5: on 1 M subscriptions with 10 M attempts (PostgreSQL), the subscriptions list's
// first page p95 <= 25 ms, the overview's KPIs <= 10 ms (read from the rollup), and a cancel, pause or resume round trip
// <= 50 ms on the server plus the sandbox platform's delay. Each call is timed through the real app (sign-in,
// validation, tenant check, serialisation) on the bench merchant, which holds nine in ten subscriptions.
//
// The data is bench/subscriptions-fixture.ts's: BENCH_SUBSCRIPTIONS_URL (a dedicated database, generated once and
// reused), a throwaway database on DATABASE_URL or TEST_DATABASE_URL's server, or 20,000 subscriptions on PGlite.
// The actions run with the sandbox platform's delay at 0, so they measure the server's part (claim, platform call,
// the write with its audit entry and the rollup's triggers); the configured delay (2 s by default) adds to it as is.
// The actions pause and resume subscriptions of the bench merchant and cancel a few, which are then put back as they
// were (the rollup follows by its triggers), so the fixture stays reusable; their audit entries stay.

const LIST_BUDGET = { op: '<=', value: 25, unit: 'ms' } as const;
const KPI_BUDGET = { op: '<=', value: 10, unit: 'ms' } as const;
const ACTION_BUDGET = { op: '<=', value: 50, unit: 'ms' } as const;
const REQUESTS = 200;
/** Subscriptions paused and resumed (two actions each); of them, CANCELLED_COUNT are also cancelled and restored. */
const ACTION_SUBSCRIPTIONS = 60;
const CANCELLED_COUNT = 20;
const WARM_UP = 5;

type Log = (line: string) => void;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const count = (value: number) => value.toLocaleString('en');

const CALLS = ['list', 'filtered', 'kpis', 'actions'] as const;
type Call = (typeof CALLS)[number];

interface SubscriptionsRun {
  summaries: Record<Call, LatencySummary>;
  described: Record<Call, string>;
  source: string;
  notes: string[];
}

/** The newest attempt's moment: the app's clock, so "this month" is the data's. */
async function dataNow(fixture: SubscriptionsFixture): Promise<number> {
  const [row] = rowsOf<{ at: string | null }>(
    await fixture.database.db.execute(
      sql`select max(last_attempt_at)::text as at from subscriptions where merchant_id = ${fixture.merchantId}::uuid`,
    ),
  );
  return row?.at ? Date.parse(row.at) : Date.now();
}

function listRequests(
  fixture: SubscriptionsFixture,
  now: number,
): Record<'list' | 'filtered', (i: number) => BenchRequest> {
  const base = `/merchant/${fixture.merchantId}/subscription`;
  const weekAgo = new Date(now - 7 * 86_400_000).toISOString();
  const filtered = [
    '?status[]=ACTIVE',
    '?status[]=PAUSED&status[]=CANCELLED',
    `?planId[]=${fixture.planIds[0]}`,
    '?country[]=ES',
    `?lastAttemptDateFrom=${encodeURIComponent(weekAgo)}&lastAttemptDateTo=${encodeURIComponent(new Date(now).toISOString())}`,
    '?order=lastAttemptDate&status[]=ACTIVE',
  ];
  return {
    list: () => base,
    filtered: (index) => `${base}${filtered[index % filtered.length]}`,
  };
}

function kpiRequests(fixture: SubscriptionsFixture, now: number): (index: number) => BenchRequest {
  const today = new Date(now);
  const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)).toISOString();
  const endOfDay = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 23, 59, 59, 999),
  ).toISOString();
  const plans = ['', ...fixture.planIds.map((id) => `&planId=${id}`)];
  const base = `/merchant/${fixture.merchantId}/subscriptions-kpis?currency=EUR&dateFrom=${encodeURIComponent(monthStart)}&dateTo=${encodeURIComponent(endOfDay)}`;
  return (index) => `${base}${plans[index % plans.length]}`;
}

/** Pauses and resumes ACTION_SUBSCRIPTIONS active subscriptions, cancels CANCELLED_COUNT, and puts those back. */
async function timeActions(
  fixture: SubscriptionsFixture,
  app: FastifyInstance,
  headers: Record<string, string>,
  apiBase: string,
): Promise<LatencySummary> {
  const { db } = fixture.database;
  const picked = rowsOf<{ id: string; version: number; next_charge_at: string | null }>(
    await db.execute(sql`
      select id, version, next_charge_at::text from subscriptions
      where merchant_id = ${fixture.merchantId}::uuid and status = 'ACTIVE'
      order by last_attempt_at desc, id limit ${ACTION_SUBSCRIPTIONS}`),
  );
  if (picked.length === 0) throw new Error('the bench merchant has no active subscription');
  const samples: number[] = [];
  let done = 0;
  const act = async (id: string, body: Record<string, unknown>) => {
    const begin = performance.now();
    const response = await app.inject({
      method: 'PATCH',
      url: `${apiBase}/merchant/${fixture.merchantId}/subscription/${id}`,
      headers,
      payload: body,
    });
    const ms = performance.now() - begin;
    if (response.statusCode !== 204)
      throw new Error(`PATCH ${body.action} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
    if (done++ >= WARM_UP) samples.push(ms);
  };
  for (const row of picked) await act(row.id, { action: 'PAUSE', version: row.version });
  for (const row of picked) await act(row.id, { action: 'RESUME', version: row.version + 1 });
  const cancelled = picked.slice(0, CANCELLED_COUNT);
  try {
    for (const row of cancelled)
      await act(row.id, { action: 'CANCEL', reasonDetails: 'Other: bench', version: row.version + 2 });
  } finally {
    // Back as they were, for the next run on a reused fixture (the rollup follows by its triggers).
    for (const row of cancelled)
      await db.execute(sql`
        update subscriptions set status = 'ACTIVE', cancellation_reason = null, cancellation_reason_details = null,
          cancelled_at = null, next_charge_at = ${row.next_charge_at}::timestamptz, version = version + 1
        where id = ${row.id}::uuid and status = 'CANCELLED'`);
  }
  return summarize(samples);
}

async function runSubscriptions(log: Log): Promise<SubscriptionsRun> {
  const fixture = await openSubscriptionsFixture(log);
  let app: FastifyInstance | undefined;
  try {
    if (fixture.database.kind === 'postgres')
      await fixture.database.db.execute(sql.raw('vacuum (analyze) subscriptions, subscription_kpis'));
    const now = await dataNow(fixture);
    await ensureBenchUser(fixture.database, fixture.accountId);
    const session = await signedIn(fixture.database, now, { sandboxPlatform: { delayMs: 0, mode: 'confirm' } });
    app = session.app;
    const lists = listRequests(fixture, now);
    const summaries = {} as SubscriptionsRun['summaries'];
    summaries.list = await timeRequests(session.api, lists.list, REQUESTS);
    summaries.filtered = await timeRequests(session.api, lists.filtered, REQUESTS);
    summaries.kpis = await timeRequests(session.api, kpiRequests(fixture, now), REQUESTS);
    summaries.actions = await timeActions(fixture, app, session.headers, session.apiBase);
    const size = `${count(fixture.subscriptions)} subscriptions, ${count(fixture.attempts)} attempts`;
    return {
      summaries,
      described: {
        list: `the bench merchant's first page of 50, default order (${size})`,
        filtered: 'first pages filtered by status, plan, country, attempt date, and in ascending order',
        kpis: "this month in EUR, all plans and each plan, from the rollup (the console's default call)",
        actions: `${ACTION_SUBSCRIPTIONS} pauses, ${ACTION_SUBSCRIPTIONS} resumes, ${CANCELLED_COUNT} cancels through PATCH, sandbox delay 0 (add SANDBOX_PLATFORM_DELAY_MS, 2,000 ms by default)`,
      },
      source: `${fixture.source}; ${size}`,
      notes: fixture.notes,
    };
  } finally {
    await app?.close().catch(() => undefined);
    await fixture.close();
  }
}

let shared: Promise<SubscriptionsRun> | undefined;
let logLine: Log = (line) => console.log(`  ${line}`);

/** Lets bench.ts route the fixture's progress lines through its own log. */
export function setSubscriptionsLog(log: Log): void {
  logLine = log;
}

function subscriptionsCall(call: Call, name: string, budget: Measurement['budget']): Measurement {
  return {
    name: `Subscriptions: ${name}, p95`,
    group: 'subscriptions',
    ...(budget ? { budget } : {}),
    async run() {
      shared ??= runSubscriptions(logLine);
      const run = await shared;
      const summary = run.summaries[call];
      return {
        value: round(summary.p95),
        unit: 'ms',
        detail: `${describeLatency(summary)}; ${run.described[call]}`,
        ...(call === CALLS[0] ? { notes: [run.source, ...run.notes] } : {}),
      };
    },
  };
}

export const SUBSCRIPTION_MEASUREMENTS: readonly Measurement[] = [
  subscriptionsCall('list', 'list first page', LIST_BUDGET),
  subscriptionsCall('filtered', 'list first page with filters', LIST_BUDGET),
  subscriptionsCall('kpis', 'overview KPIs for this month', KPI_BUDGET),
  subscriptionsCall('actions', 'cancel/pause/resume round trip on the server', ACTION_BUDGET),
];
