import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { type Database, openDatabase } from '@server/db/client';
import { exportFiles, transactions } from '@server/db/schema';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl } from './helpers/prepared-databases';
import { type Replica, startReplica } from './helpers/replica';
import {
  authHeader,
  buildTestApp,
  createAccount,
  createMerchant,
  createTestDatabase,
  signedInAs,
  type TestApp,
} from './helpers/test-app';
import { createPaymentsWorld, DAY_MS, insertTransaction, type PaymentsWorld } from './helpers/transaction-fixtures';
import { csvLinesOfZip } from './helpers/unzip';

// Read replicas (issue 27), against a real streaming replica of the test PostgreSQL (helpers/replica.ts). What a user
// notices: a list shows what the replica holds (asserted by pausing its replay and writing on the primary behind the
// API's back), a user's own write shows at once in their next read, in this API process or another, a replica too
// far behind is skipped, and a replica stopped in the middle of a stream of requests costs none of them.

const PG = process.env.TEST_DATABASE_URL;
/** Building the copy of the whole test cluster (pg_basebackup) takes a while on a busy 2-core machine. */
const HOOK_TIMEOUT = 300_000;

/** Polls `check` until it holds: what a user would wait for, never a fixed time. */
async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(!PG)('read replicas', () => {
  let replica: Replica;
  let primary: Database;
  /** Two API processes' worth of app on the primary and the replica: a patient one and one that skips at 400 ms. */
  let patient: TestApp;
  let strict: TestApp;
  let world: PaymentsWorld;
  let databaseName = '';
  let writer = '';
  let reader = '';

  const openWithReplica = async (name: string, maxLagMs: number) =>
    openDatabase({
      url: databaseUrl(PG!, name),
      poolSize: 5,
      replicas: { urls: [replica.url(name)], maxLagMs },
    });

  /** Until the replica has replayed everything the primary holds now, as `app`'s process sees it. */
  const caughtUp = async (app: TestApp) => {
    const target = await app.database.reads.primaryLsn();
    await until(() => {
      const [status] = app.database.reads.status();
      return status?.serving === true && status.replayLsn >= target;
    }, 'the replica caught up');
  };

  const listIds = async (app: TestApp, token: string) => {
    const response = await app.app.inject({
      method: 'GET',
      url: `/api/account/${world.accountId}/transaction?limit=100`,
      headers: authHeader(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { items: { transactionId: string }[] }).items.map((item) => item.transactionId);
  };

  beforeAll(async () => {
    primary = await createTestDatabase();
    const { rows } = (await primary.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    databaseName = rows[0]!.name;
    const setUp = await buildTestApp({ database: primary });
    const account = await createAccount(setUp.db);
    const merchant = await createMerchant(setUp.db, account.id);
    world = await createPaymentsWorld(setUp.db, account.id, merchant.id);
    for (let day = 1; day <= 5; day++) {
      await insertTransaction(setUp.db, world, { createdAt: new Date(Date.now() - day * DAY_MS) });
    }
    writer = (await signedInAs(setUp, 'ADMINISTRATOR', account)).token;
    reader = (await signedInAs(setUp, 'MANAGER', account)).token;
    await setUp.close();

    replica = await startReplica(PG!);
    patient = await buildTestApp({ database: await openWithReplica(databaseName, 60_000) });
    strict = await buildTestApp({ database: await openWithReplica(databaseName, 400) });
    await caughtUp(patient);
    await caughtUp(strict);
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    for (const app of [patient, strict]) {
      await app?.close();
      await app?.database.close();
    }
    await replica?.remove();
    await primary?.close();
  }, HOOK_TIMEOUT);

  it('serves lists and exports from the replica: a write it has not replayed is not in them yet', async () => {
    await caughtUp(patient);
    await replica.pause();
    try {
      // Written on the primary behind the API's back: no session's position covers it.
      const hidden = await insertTransaction(primary.db, world, { createdAt: new Date(Date.now() - DAY_MS / 2) });
      expect(await listIds(patient, reader)).not.toContain(hidden.id);

      const exported = await patient.app.inject({
        method: 'GET',
        url: `/api/account/${world.accountId}/transaction/export?timeZone=UTC`,
        headers: authHeader(reader),
      });
      expect(exported.statusCode, exported.body).toBe(200);
      const [, ...rows] = csvLinesOfZip(exported.body);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.some((row) => row.startsWith(hidden.id))).toBe(false);

      const detail = await patient.app.inject({
        method: 'GET',
        url: `/api/account/${world.accountId}/transaction/${hidden.id}`,
        headers: authHeader(reader),
      });
      expect(detail.statusCode).toBe(404);
      await replica.resume();
      await until(async () => (await listIds(patient, reader)).includes(hidden.id), 'the list shows the replayed row');
    } finally {
      await replica.resume();
    }
  });

  it("reads a user's own write back at once, in this process and another, while the replica is behind", async () => {
    await caughtUp(patient);
    const [paid] = await primary.db
      .select({ id: transactions.id, merchantId: transactions.merchantId })
      .from(transactions)
      .where(eq(transactions.accountId, world.accountId))
      .limit(1);
    await replica.pause();
    try {
      const refund = await patient.app.inject({
        method: 'POST',
        url: `/api/account/${world.accountId}/transaction/${paid!.id}/refund`,
        headers: { ...authHeader(writer), 'idempotency-key': crypto.randomUUID() },
        payload: { amount: 1_000, currency: 'EUR', reason: 'DUPLICATED_PAYMENT', merchantId: paid!.merchantId },
      });
      expect(refund.statusCode, refund.body).toBe(201);
      const refundId = (refund.json() as { data: { transactionId: string } }).data.transactionId;

      // The writer sees it at once, here and through the other process (its position is in its session).
      expect(await listIds(patient, writer)).toContain(refundId);
      expect(await listIds(strict, writer)).toContain(refundId);
      // Another user still reads the replica, which has not replayed it.
      expect(await listIds(patient, reader)).not.toContain(refundId);
    } finally {
      await replica.resume();
    }
  });

  it('takes 20 parallel writes of one session on PostgreSQL, and the writer reads every one back at once', async () => {
    await caughtUp(patient);
    const paid = await insertTransaction(primary.db, world, { createdAt: new Date(Date.now() - DAY_MS / 5) });
    await caughtUp(patient);
    await replica.pause();
    try {
      // Each answer records the session's write position in the same session row: the updates queue, none is lost.
      const refunds = await Promise.all(
        Array.from({ length: 20 }, () =>
          patient.app.inject({
            method: 'POST',
            url: `/api/account/${world.accountId}/transaction/${paid.id}/refund`,
            headers: { ...authHeader(writer), 'idempotency-key': crypto.randomUUID() },
            payload: { amount: 100, currency: 'EUR', reason: 'DUPLICATED_PAYMENT', merchantId: world.merchantId },
          }),
        ),
      );
      expect(refunds.map((refund) => refund.statusCode)).toEqual(Array(20).fill(201));
      const ids = refunds.map((refund) => (refund.json() as { data: { transactionId: string } }).data.transactionId);
      const listed = await listIds(patient, writer);
      expect(ids.filter((id) => !listed.includes(id))).toEqual([]);
      expect((await listIds(patient, reader)).filter((id) => ids.includes(id))).toEqual([]);
    } finally {
      await replica.resume();
    }
  });

  it('skips a replica that lags past the bound, and serves from it again once it caught up', async () => {
    await caughtUp(strict);
    await replica.pause();
    try {
      const late = await insertTransaction(primary.db, world, { createdAt: new Date(Date.now() - DAY_MS / 3) });
      // The strict process gives up on the replica once the write has waited past its 400 ms bound; the patient
      // one still reads it.
      await until(() => strict.database.reads.status()[0]?.serving === false, 'the strict process skips the replica');
      expect(strict.database.reads.status()[0]?.lagMs).toBeGreaterThan(400);
      expect(await listIds(strict, reader)).toContain(late.id);
      expect(await listIds(patient, reader)).not.toContain(late.id);
    } finally {
      await replica.resume();
    }
    await until(() => strict.database.reads.status()[0]?.serving === true, 'the replica serves again');
  });

  it('answers every request while the replica stops and starts again', async () => {
    await caughtUp(patient);
    const answers: number[] = [];
    let stopped = false;
    const traffic = Array.from({ length: 4 }, async () => {
      for (let turn = 0; turn < 40; turn++) {
        const response = await patient.app.inject({
          method: 'GET',
          url: `/api/account/${world.accountId}/transaction?limit=50`,
          headers: authHeader(reader),
        });
        answers.push(response.statusCode);
        // Stopped while the others are mid-request.
        if (answers.length === 30 && !stopped) {
          stopped = true;
          await replica.stop();
        }
      }
    });
    await Promise.all(traffic);
    expect(stopped).toBe(true);
    expect(answers).toHaveLength(160);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    expect(patient.database.reads.status()[0]?.up).toBe(false);

    const health = await patient.app.inject({ method: 'GET', url: '/api/health' });
    // Its state, not its address: the call answers anyone.
    const { replicas } = health.json() as { replicas: Record<string, unknown>[] };
    expect(replicas).toHaveLength(1);
    expect(replicas[0]).toMatchObject({ serving: false });
    expect(Object.keys(replicas[0]!).sort()).toEqual(['lagMs', 'serving']);

    await replica.start();
    await until(() => patient.database.reads.status()[0]?.serving === true, 'the replica serves again');
    expect(await listIds(patient, reader)).toHaveLength(await listIds(patient, writer).then((ids) => ids.length));
  });

  it('builds an e-mailed export on a replica that holds everything before the ask, else on the primary', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ops-replica-exports-'));
    const database = await openWithReplica(databaseName, 60_000);
    const config = loadConfig({}, { logLevel: 'silent', serveConsole: false, dataDir: dir });
    // Two rows and more go by e-mail: the demo's few transactions are enough.
    const app = await buildApp({ config, database, exports: { directLimit: 2, dir } });
    await app.ready();
    const ask = async () => {
      const asked = await app.inject({
        method: 'GET',
        url: `/api/account/${world.accountId}/transaction/export?timeZone=UTC&forceEmailExport=true`,
        headers: authHeader(reader),
      });
      expect(asked.statusCode, asked.body).toBe(204);
    };
    const built = async () => {
      expect(await app.jobWorker.runDue()).toBe(1);
      const [record] = await primary.db.select().from(exportFiles).orderBy(desc(exportFiles.createdAt)).limit(1);
      expect(record?.status).toBe('ready');
      const file = await app.inject({ method: 'GET', url: `/api/export/${record!.id}`, headers: authHeader(reader) });
      expect(file.statusCode).toBe(200);
      return csvLinesOfZip(file.body).slice(1);
    };
    try {
      // Replayed up to the ask, then paused: a row written after the ask is not in the file (read on the replica).
      await caughtUp(patient);
      await ask();
      const askedAt = await database.reads.primaryLsn();
      await until(() => (database.reads.status()[0]?.replayLsn ?? 0) >= askedAt, 'the replica replayed the ask');
      await replica.pause();
      const late = await insertTransaction(primary.db, world, { createdAt: new Date(Date.now() - DAY_MS / 4) });
      const first = await built();
      expect(first.length).toBeGreaterThan(2);
      expect(first.some((row) => row.startsWith(late.id))).toBe(false);

      // Still paused, so behind this ask: the primary builds it, with the row written before the ask.
      await ask();
      const second = await built();
      expect(second.some((row) => row.startsWith(late.id))).toBe(true);
    } finally {
      await replica.resume();
      await app.close();
      await database.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('backtests on the replica with the same answer as the primary, and on the primary when the replica is down', async () => {
    await caughtUp(patient);
    const backtest = (app: TestApp) =>
      app.app.inject({
        method: 'POST',
        url: `/api/merchant/${world.merchantId}/routing-backtest`,
        headers: authHeader(writer),
        payload: { window: { preset: '30d' } },
      });
    const onReplica = await backtest(patient);
    expect(onReplica.statusCode, onReplica.body).toBe(200);
    await replica.stop();
    try {
      const onPrimary = await backtest(patient);
      expect(onPrimary.statusCode, onPrimary.body).toBe(200);
      expect(onPrimary.json()).toEqual(onReplica.json());
    } finally {
      await replica.start();
    }
  });
});
