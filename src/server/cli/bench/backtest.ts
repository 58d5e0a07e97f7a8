import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { ApiFixture } from './api-fixture';
import {
  ensureBenchUsers,
  type Log,
  openBacktestFixture,
  rowsOf,
  type SignedIn,
  signedInApp,
  WINDOW_DAYS,
} from './backtest-fixture';
import { describeLatency, round } from './stats';
import { type BenchRequest, timeRequests } from './timing';
import type { Measurement } from './types';

// design.md section 5: "Routing backtest: p95 <= 1 s for 1M payments of one merchant in a 30-day window (aggregate
// first, route groups)", and issue 15: <= 100 ms on the demo data, memory growth < 100 MB. Through the real app
// (sign-in, validation, both aggregations, routing, serialisation), with drafts that change something every time.
// The data: backtest-fixture.ts.

const REQUESTS = 60;
const DEMO_REQUESTS = 200;

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
 * Drafts a routing change would send, cycled through: as it is, the busiest route at weight 0 (the example),
 * without it, and a new top-priority route for one currency.
 */
export async function draftsFor(database: Database, merchantId: string) {
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
    const signedIn = await signedInApp(database, [{ email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD }]);
    app = signedIn.app;
    const windows = [{ preset: '30d' }, { preset: '90d' }];
    const request = (index: number): BenchRequest => ({
      method: 'POST',
      url: `/merchant/${busiest.merchant_id}/routing-backtest`,
      payload: { window: windows[index % 2], ...drafts[Math.floor(index / 2) % drafts.length]!.draft },
    });
    const summary = await timeRequests(asApi(signedIn.clients[0]!), request, DEMO_REQUESTS);
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

interface MillionRun {
  summary: Awaited<ReturnType<typeof timeRequests>>;
  rssGrowthMb: number;
  heapGrowthMb: number;
  detail: string;
  notes: string[];
}

async function runMillion(log: Log): Promise<MillionRun> {
  const fixture = await openBacktestFixture(log);
  const { database, merchantId, window, notes } = fixture;
  let app: FastifyInstance | undefined;
  try {
    const users = await ensureBenchUsers(database);
    const drafts = await draftsFor(database, merchantId);
    const signedIn = await signedInApp(database, users);
    app = signedIn.app;
    const client = signedIn.clients[0]!;
    const request = (index: number): BenchRequest => ({
      method: 'POST',
      url: `/merchant/${merchantId}/routing-backtest`,
      payload: { window, ...drafts[index % drafts.length]!.draft },
    });
    const weightZero = request(1) as { url: string; payload: unknown };
    const probe = await client.post(weightZero.url, weightZero.payload);
    if (probe.status !== 200) throw new Error(`the backtest answered ${probe.status}: ${probe.body.slice(0, 200)}`);
    const answer = JSON.parse(probe.body) as { total: { payments: number }; moved: { payments: number } };
    notes.push(
      `${answer.total.payments.toLocaleString('en')} payments in the window, ${Math.round(answer.moved.payments).toLocaleString('en')} moved by the weight-0 draft; table ${fixture.tableRows.toLocaleString('en')} rows`,
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
      summary = await timeRequests(asApi(client), request, REQUESTS, (index) => drafts[index % 4]!.label);
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
    await fixture.close();
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
