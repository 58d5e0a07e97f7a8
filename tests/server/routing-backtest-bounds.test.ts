import { once } from 'node:events';
import { request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BACKTEST_LIMITS, backtestResult, tooManyNewValues } from '@domain/contract/backtest';
import { buildApp } from '@server/app';
import { BacktestSuperseded, createBacktestRuns } from '@server/areas/routes/backtest-runs';
import { backtestRuns, routes } from '@server/db/schema';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type AccountRow,
  authHeader,
  buildTestApp,
  createAccount,
  createMerchant,
  type MerchantRow,
  signedInAs,
  type TestApp,
} from './helpers/test-app';
import { createPaymentsWorld, DAY_MS, insertTransaction, type PaymentsWorld } from './helpers/transaction-fixtures';

// The routing backtest's bounds (issue 23): the work a request may ask for (a draft's size and the values it adds),
// one running backtest per user (a new one replaces the last, in this process or another), and a client that goes
// away leaves no statement running. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL, where the statements
// themselves are cancelled mid-way.

const NOW = Date.parse('2026-03-10T09:00:00.000Z');
const PG = process.env.TEST_DATABASE_URL;

let t: TestApp;
let account: AccountRow;
let merchant: MerchantRow;
let world: PaymentsWorld;
let admin: Awaited<ReturnType<typeof signedInAs>>;
let colleague: Awaited<ReturnType<typeof signedInAs>>;

const url = `/api/merchant/{merchant}/routing-backtest`;
const pathOf = () => url.replace('{merchant}', merchant.id);
const post = (payload: object, token = admin.token, app: FastifyInstance = t.app) =>
  app.inject({ method: 'POST', url: pathOf(), headers: authHeader(token), payload });
const window = { preset: '30d' } as const;
/** A draft row naming these BINs. */
const row = (index: number, binCode: string[]) => ({
  routeDescription: `Draft ${index}`,
  midId: world.mids.adyen,
  priority: 10,
  weight: 50,
  binCode,
});
/** `count` BINs from `first` on, as 6 digits. */
const bins = (first: number, count: number) => Array.from({ length: count }, (_, index) => String(first + index));
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const never = () => new AbortController().signal;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  account = await createAccount(t.db, { prettyName: 'Backtest bounds' });
  merchant = await createMerchant(t.db, account.id);
  world = await createPaymentsWorld(t.db, account.id, merchant.id);
  for (let n = 0; n < 20; n++) {
    await insertTransaction(t.db, world, {
      createdAt: new Date(NOW - DAY_MS - n * 60_000),
      status: n % 4 ? 'SUCCESS' : 'DECLINED',
      cardBin: String(400_000 + n),
    });
  }
  admin = await signedInAs(t, 'ADMINISTRATOR', account);
  colleague = await signedInAs(t, 'ADMINISTRATOR', account);
});

afterAll(() => t.close());

describe('the work one request may ask for', () => {
  it('refuses a body over 1 MB with 413: the draft of 500 routes naming 250 BINs each', async () => {
    const payload = {
      window,
      temporaryRoutes: Array.from({ length: 500 }, (_, index) => row(index, bins(100_000 + index * 250, 250))),
    };
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeGreaterThan(BACKTEST_LIMITS.bodyBytes);
    const response = await post(payload);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      statusCode: 413,
      error: 'backtest-too-large',
      message: 'The draft is too large to backtest: at most 1 MB of draft routes',
    });
  });

  it('refuses a draft naming over 5,000 values the saved routes do not (400, on the draft field)', async () => {
    // 21 rows of 250 new BINs: 5,250 values in about 60 KB.
    const payload = {
      window,
      temporaryRoutes: Array.from({ length: 21 }, (_, index) => row(index, bins(100_000 + index * 250, 250))),
    };
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'backtest-too-large',
      message: tooManyNewValues(5_250),
      fields: { temporaryRoutes: tooManyNewValues(5_250) },
    });
    // As many as the bound, or edited copies of saved routes (their values are named already), are backtested.
    const atTheBound = await post({ window, temporaryRoutes: payload.temporaryRoutes.slice(0, 20) });
    expect(atTheBound.statusCode, atTheBound.body.slice(0, 200)).toBe(200);

    const saved = await t.db
      .insert(routes)
      .values(
        payload.temporaryRoutes.map((draft) => ({
          accountId: account.id,
          merchantId: merchant.id,
          description: draft.routeDescription,
          midId: draft.midId,
          priority: 1,
          weight: 10,
          binCode: draft.binCode,
        })),
      )
      .returning({ id: routes.id });
    try {
      const edited = payload.temporaryRoutes.map((draft, index) => ({
        ...draft,
        routeId: saved[index]!.id,
        weight: 0,
      }));
      const response = await post({ window, temporaryRoutes: edited });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(backtestResult.parse(response.json()).total.payments).toBe(20);
    } finally {
      await t.db.delete(routes).where(
        inArray(
          routes.id,
          saved.map((route) => route.id),
        ),
      );
    }
  });
});

describe('one running backtest per user', () => {
  it('a new run of the user stops the one before it; another user runs side by side; an ended run leaves no row', async () => {
    const runs = createBacktestRuns(t.db);
    const first = await runs.start(admin.user.id, never());
    const other = await runs.start(colleague.user.id, never());
    const second = await runs.start(admin.user.id, never());

    expect(first.signal.reason).toBeInstanceOf(BacktestSuperseded);
    const answers: unknown[] = [];
    const take = (row: Record<string, unknown>) => answers.push(row.answer);
    await expect(first.slice(sql`select 42 as answer`, take)).rejects.toBeInstanceOf(BacktestSuperseded);
    await expect(first.end()).rejects.toBeInstanceOf(BacktestSuperseded);
    expect(other.signal.aborted).toBe(false);
    await second.slice(sql`select 42 as answer`, take);
    expect(answers).toEqual([42]);
    await second.end();
    await other.end();
    expect(await t.db.select().from(backtestRuns)).toEqual([]);
  });

  it('a run replaced from another process finds out in its next slice', async () => {
    // Two processes: each its own registry of runs, one database.
    const processA = createBacktestRuns(t.db);
    const processB = createBacktestRuns(t.db);
    const first = await processA.start(admin.user.id, never());
    const second = await processB.start(admin.user.id, never());
    await expect(first.slice(sql`select 42 as answer`, () => undefined)).rejects.toBeInstanceOf(BacktestSuperseded);
    await expect(first.end()).rejects.toBeInstanceOf(BacktestSuperseded);
    await second.end();
  });
});

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL: statements held on a lock of the payments table, so that a backtest is surely mid-way.

/** The user's backtest statements running now (the application_name its slices carry). */
async function runningStatements(userId?: string) {
  const name = userId ? `backtest ${userId.replaceAll('-', '')} %` : 'backtest %';
  const rows = rowsOf<{ state: string; waiting: string | null }>(
    await t.db.execute(sql`
      select state, wait_event_type as waiting from pg_stat_activity
      where datname = current_database() and application_name like ${name}`),
  );
  return rows;
}

/** Holds every read of the payments until the returned function is called. */
async function holdPayments(): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const held = t.db.transaction(async (tx) => {
    await tx.execute(sql`lock table transactions in access exclusive mode`);
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await held;
  };
}

const blockedOnPayments = (userId: string) =>
  vi.waitFor(
    async () => {
      const rows = await runningStatements(userId);
      expect(rows.some((row) => row.state === 'active' && row.waiting === 'Lock')).toBe(true);
    },
    { timeout: 10_000, interval: 20 },
  );

describe.skipIf(!PG)('on PostgreSQL, statements stopped mid-way', () => {
  it("a newer run in another process cancels the first one's statements: its client gets 409 at once", async () => {
    const otherApp = await buildApp({ config: t.config, database: t.database, now: t.clock.now });
    const release = await holdPayments();
    try {
      const first = post({ window });
      await blockedOnPayments(admin.user.id);
      const second = post({ window }, admin.token, otherApp);
      // Answered while the payments are still held: its statements were cancelled, not finished.
      const replaced = await first;
      expect(replaced.statusCode).toBe(409);
      expect(replaced.json()).toMatchObject({ error: 'backtest-superseded' });
      await release();
      expect((await second).statusCode).toBe(200);
    } finally {
      await release();
      await otherApp.close();
    }
  });

  it("a draft refused for its size leaves the user's running backtest alone", async () => {
    const release = await holdPayments();
    try {
      const running = post({ window });
      await blockedOnPayments(admin.user.id);
      const tooMany = Array.from({ length: 21 }, (_, index) => row(index, bins(100_000 + index * 250, 250)));
      expect((await post({ window, temporaryRoutes: tooMany })).statusCode).toBe(400);
      await release();
      expect((await running).statusCode).toBe(200);
    } finally {
      await release();
    }
  });

  it('a client that goes away leaves no statement running', async () => {
    const app = await buildApp({ config: t.config, database: t.database, now: t.clock.now });
    let answered!: (status: number) => void;
    const answer = new Promise<number>((resolve) => {
      answered = resolve;
    });
    let response!: ServerResponse;
    app.addHook('preHandler', async (_request, reply) => {
      response = reply.raw;
    });
    // onResponse never runs for a closed connection; onSend does, once the handler has given up.
    app.addHook('onSend', async (_request, reply, payload) => {
      answered(reply.statusCode);
      return payload;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const release = await holdPayments();
    try {
      const { port } = app.server.address() as AddressInfo;
      const client = httpRequest({
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: pathOf(),
        headers: { ...authHeader(admin.token), 'content-type': 'application/json' },
      });
      client.on('error', () => undefined);
      client.end(JSON.stringify({ window }));
      await blockedOnPayments(admin.user.id);
      const closed = once(response, 'close');
      client.destroy();
      await closed;
      // The handler gives up only once every statement of the run has stopped, payments still held.
      expect(await answer).toBe(499);
      expect(await runningStatements()).toEqual([]);
    } finally {
      await release();
      await app.close();
    }
  });
});
