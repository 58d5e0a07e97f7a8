import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type BacktestFixture,
  ensureBenchUsers,
  type Log,
  openBacktestFixture,
  rowsOf,
  signedInApp,
} from './backtest-fixture';
import { describeLatency, type LatencySummary, round, summarize } from './stats';
import type { Measurement } from './types';

// Issue 23: a backtest must not hold the API. A plain GET (one merchant), timed one after the other while ten users
// each run backtests back to back with a large draft: 500 temporary routes naming 5,000 BINs the saved routes do not,
// as large as the bounds let through (the first answer tells if they refuse it). On PostgreSQL the backtest fixture's
// million payments, on PGlite its 100,000. The issue's own draft (500 routes x 250 BINs, 1.2 MB) is sent once too.

const USERS = 10;
/** How long the GETs are timed under load: at least MIN_GETS of them, unless that takes over MAX_SECONDS. */
const LOAD_SECONDS = 10;
const MIN_GETS = 20;
const MAX_SECONDS = 120;
/** p95 of a plain GET with ten backtests running. */
const BUDGET = { op: '<=', value: 100, unit: 'ms' } as const;

/** `routes` temporary routes, each naming `bins` BINs no saved route names (the fixture's BINs are 400001-400010). */
function largeDraft(midIds: readonly string[], routes: number, bins: number) {
  return Array.from({ length: routes }, (_, index) => ({
    routeDescription: `Bench load ${index + 1}`,
    midId: midIds[index % midIds.length]!,
    priority: 1 + (index % 10),
    weight: 10 + (index % 9) * 10,
    binCode: Array.from({ length: bins }, (_, bin) => String(500_000 + index * bins + bin)),
  }));
}

interface LoadRun {
  idle: LatencySummary;
  loaded: LatencySummary;
  backtests: Map<number, number>;
  issueDraft: { status: number; ms: number; bytes: number };
  detail: string;
  notes: string[];
}

async function runLoad(fixture: BacktestFixture, log: Log): Promise<LoadRun> {
  const { database, accountId, merchantId, window } = fixture;
  let app: FastifyInstance | undefined;
  try {
    const users = await ensureBenchUsers(database, USERS + 1);
    const signedIn = await signedInApp(database, users);
    app = signedIn.app;
    const [getter, ...runners] = signedIn.clients as [(typeof signedIn.clients)[number], ...typeof signedIn.clients];
    const midIds = rowsOf<{ id: string }>(
      await database.db.execute(sql`select id from mids where merchant_id = ${merchantId}::uuid order by id`),
    ).map((row) => row.id);
    const url = `/merchant/${merchantId}/routing-backtest`;
    const payload = { window, temporaryRoutes: largeDraft(midIds, 500, 10) };
    const issuePayload = { window, temporaryRoutes: largeDraft(midIds, 500, 250) };
    const getUrl = `/account/${accountId}/merchant/${merchantId}`;

    const timeGets = async (until: () => boolean) => {
      const samples: number[] = [];
      const cap = performance.now() + MAX_SECONDS * 1000;
      while ((samples.length < MIN_GETS && performance.now() < cap) || !until()) {
        const response = await getter.get(getUrl);
        if (response.status !== 200) throw new Error(`GET ${getUrl} answered ${response.status}`);
        samples.push(response.ms);
      }
      return summarize(samples);
    };
    // Warm: the GET, and one backtest of the large draft.
    await timeGets(() => true);
    const first = await runners[0]!.post(url, payload);
    log(`backtest load: the large draft answered ${first.status} in ${round(first.ms)} ms (${database.kind})`);
    const idle = await timeGets(() => true);

    const backtests = new Map<number, number>();
    let stop = false;
    const loops = runners.map(async (runner) => {
      while (!stop) {
        const response = await runner.post(url, payload);
        backtests.set(response.status, (backtests.get(response.status) ?? 0) + 1);
      }
    });
    const deadline = performance.now() + LOAD_SECONDS * 1000;
    let loaded: LatencySummary;
    try {
      loaded = await timeGets(() => performance.now() > deadline);
    } finally {
      stop = true;
      await Promise.all(loops);
    }

    const bytes = Buffer.byteLength(JSON.stringify(issuePayload));
    const issue = await runners[0]!.post(url, issuePayload);
    return {
      idle,
      loaded,
      backtests,
      issueDraft: { status: issue.status, ms: issue.ms, bytes },
      detail: `${describeLatency(loaded)}; idle p95 ${round(idle.p95)} ms; ${database.kind}`,
      notes: [
        `backtests answered under load: ${[...backtests].map(([status, count]) => `${count} x ${status}`).join(', ')}`,
        `the issue's draft (500 routes x 250 BINs, ${round(bytes / 1024 / 1024, 2)} MB) answered ${issue.status} in ${round(issue.ms)} ms`,
        ...fixture.notes,
      ],
    };
  } finally {
    await app?.close().catch(() => undefined);
  }
}

let logLine: Log = (line) => console.log(`  ${line}`);

/** Lets bench.ts route the fixtures' progress lines through its own log. */
export function setBacktestLoadLog(log: Log): void {
  logLine = log;
}

function loadMeasurement(name: string, pglite: boolean): Measurement {
  return {
    name,
    group: 'backtest',
    budget: BUDGET,
    async run() {
      const fixture = await openBacktestFixture(logLine, { pglite });
      if (!pglite && fixture.database.kind !== 'postgres') {
        await fixture.close();
        throw new Error('needs PostgreSQL: BENCH_BACKTEST_URL, DATABASE_URL or TEST_DATABASE_URL');
      }
      try {
        const run = await runLoad(fixture, logLine);
        return { value: round(run.loaded.p95), unit: 'ms', detail: run.detail, notes: run.notes };
      } finally {
        await fixture.close();
      }
    },
  };
}

export const BACKTEST_LOAD_MEASUREMENTS: readonly Measurement[] = [
  loadMeasurement('Plain GET p95 while ten users run backtests, PostgreSQL', false),
  loadMeasurement('Plain GET p95 while ten users run backtests, PGlite', true),
];
