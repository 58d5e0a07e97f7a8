import { randomUUID } from 'node:crypto';
import { archiveMonth, listPartitions, maintainPartitions } from '@server/db/partitions';
import { transactionKeys, transactions } from '@server/db/schema';
import { withoutSecondaryStructures } from '@server/db/seed/payments';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCase } from './helpers/chargeback-fixtures';
import { buildExportTestApp, type ExportTestApp } from './helpers/export-app';
import { partitionsRead } from './helpers/plan-scope';
import { type LoggedStatement, recordStatements } from './helpers/statement-log';
import { authHeader, createAccount, createMerchant, signedInAs } from './helpers/test-app';
import { createPaymentsWorld, insertTransaction, type PaymentsWorld } from './helpers/transaction-fixtures';

// Monthly partitions of transactions and their history (migration 0038), on the engine the suite runs on (PGlite,
// or PostgreSQL with pg_partman when TEST_DATABASE_URL is set). Every statement the API runs for a list, a detail, a
// refund and an export is run again under EXPLAIN ANALYZE, and the partitions whose scans ran are counted: a row read
// by id is read in its own month, a date range reads its months, a page reads the months of its rows.

const MONTH_PARTITION = /^transactions_p(\d{4})_(\d{2})$/;
const monthName = (date: Date) =>
  `transactions_p${date.getUTCFullYear()}_${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
/** The 15th at noon, `back` months before the current month. */
const midMonth = (back: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 15, 12));
};

let t: ExportTestApp;
let world: PaymentsWorld;
let token = '';
/** One payment per month, from six months back to this one (this month's an hour ago). */
const payments: { id: string; createdAt: Date }[] = [];

beforeAll(async () => {
  t = await buildExportTestApp();
  const account = await createAccount(t.db, { prettyName: 'Partitioned' });
  const merchant = await createMerchant(t.db, account.id, { prettyName: 'Monthly Shop' });
  world = await createPaymentsWorld(t.db, account.id, merchant.id);
  for (let back = 6; back >= 0; back--) {
    const createdAt = back === 0 ? new Date(Date.now() - 3_600_000) : midMonth(back);
    for (let index = 0; index < 3; index++) {
      const row = await insertTransaction(t.db, world, { createdAt, midId: world.mids.instant });
      if (index === 0) payments.push({ id: row.id, createdAt });
    }
  }
  token = (await signedInAs(t, 'ADMINISTRATOR', account)).token;
  // Fresh statistics, as autovacuum would give a real database: the plans are those of a live table.
  await t.db.execute(sql`analyze transactions, transaction_history, transaction_keys`);
});

afterAll(() => t?.close());

/** Runs the call and answers the partitions each statement on the two tables read, with the statement's text. */
async function partitionsOfCall(call: () => Promise<{ statusCode: number; body: string }>, status = 200) {
  const log = recordStatements(t.database);
  let answer: { statusCode: number; body: string };
  try {
    answer = await call();
  } finally {
    log.stop();
  }
  expect(answer.statusCode, answer.body).toBe(status);
  const reads: { text: string; partitions: string[] }[] = [];
  const seen = new Set<string>();
  for (const statement of log.statements as LoggedStatement[]) {
    if (!/^\s*\(?\s*select\b/i.test(statement.text) || !/"?transaction(s|_history)"?/.test(statement.text)) continue;
    const key = `${statement.text}\u0000${JSON.stringify(statement.params)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    reads.push({ text: statement.text, partitions: await partitionsRead(t.database, statement) });
  }
  return reads;
}

const get = (url: string) => () => t.app.inject({ method: 'GET', url: `/api${url}`, headers: authHeader(token) });
const months = (partitions: string[]) => partitions.filter((name) => MONTH_PARTITION.test(name));

describe('monthly partitions', () => {
  it('are made for the months around now, on this engine', async () => {
    const made = await maintainPartitions(t.db);
    expect(made).toBe(t.database.kind === 'postgres' ? 'pg_partman' : 'ensure');
    const names = (await listPartitions(t.db)).map((partition) => partition.name);
    for (const back of [12, 6, 0, -4]) expect(names).toContain(monthName(midMonth(back)));
    // A DEFAULT partition only where pg_partman is absent (it stops DETACH CONCURRENTLY and the newest-first walk).
    expect(names.includes('transactions_default')).toBe(t.database.kind !== 'postgres');
  });

  it('reads a transaction detail by id in its own month only', async () => {
    const old = payments[0]!;
    const reads = await partitionsOfCall(get(`/account/${world.accountId}/transaction/${old.id}`));
    const row = reads.find((read) => /"transactions"\."id" = \$1/.test(read.text) && /limit/i.test(read.text));
    expect(row?.partitions).toEqual([monthName(old.createdAt)]);
    // Its children and its order's history: never a month before the payment's.
    for (const read of reads) {
      for (const name of months(read.partitions)) expect(name >= monthName(old.createdAt), read.text).toBe(true);
    }
  });

  it("locks a payment for its refund in the payment's month only", async () => {
    const old = payments[1]!;
    const reads = await partitionsOfCall(
      () =>
        t.app.inject({
          method: 'POST',
          url: `/api/account/${world.accountId}/transaction/${old.id}/refund`,
          headers: { ...authHeader(token), 'idempotency-key': randomUUID() },
          payload: { amount: 100, currency: 'EUR', reason: 'DUPLICATED_PAYMENT', merchantId: world.merchantId },
        }),
      201,
    );
    const lock = reads.find((read) => /for update/i.test(read.text));
    expect(lock?.partitions).toEqual([monthName(old.createdAt)]);
  });

  it("reads a date range's months only, for the list page, its count and its rows", async () => {
    const month = midMonth(3);
    const from = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1)).toISOString();
    const to = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1) - 1).toISOString();
    const reads = await partitionsOfCall(
      get(`/account/${world.accountId}/transaction?page=1&limit=50&creationDateFrom=${from}&creationDateTo=${to}`),
    );
    expect(reads.length).toBeGreaterThanOrEqual(2);
    for (const read of reads) expect(read.partitions, read.text).toEqual([monthName(month)]);
  });

  it("reads a page's rows in the months of its rows", async () => {
    const reads = await partitionsOfCall(get(`/account/${world.accountId}/transaction?page=1&limit=50`));
    const rows = reads.find((read) => /"transactions"\."id" = \$\d+ and/.test(read.text));
    // The seven months that hold payments; not the empty months, the months ahead or the catch-alls.
    expect(rows?.partitions).toEqual([6, 5, 4, 3, 2, 1, 0].map((back) => monthName(midMonth(back))).sort());
  });

  it("exports a date range from that range's months only", async () => {
    const month = midMonth(2);
    const from = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1)).toISOString();
    const to = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1) - 1).toISOString();
    const reads = await partitionsOfCall(
      get(`/account/${world.accountId}/transaction/export?timeZone=UTC&creationDateFrom=${from}&creationDateTo=${to}`),
    );
    expect(reads.length).toBeGreaterThanOrEqual(1);
    for (const read of reads) expect(read.partitions, read.text).toEqual([monthName(month)]);
  });

  it("reads the chargeback queue's payments in their own months", async () => {
    const disputed = [payments[3]!, payments[5]!];
    for (const payment of disputed) {
      await insertCase(t.db, world, { paymentTransactionId: payment.id, notificationDate: new Date() });
    }
    const reads = await partitionsOfCall(get(`/account/${world.accountId}/chargeback?page=1&limit=50`));
    const page = reads.find((read) => /"payment_transaction_id"/.test(read.text) && /"shopper_ip"/.test(read.text));
    // Each case's payment in its month, and its refunds in the months since: none before the oldest payment's.
    const oldest = monthName(disputed[0]!.createdAt);
    expect(page?.partitions).toEqual(expect.arrayContaining(disputed.map((payment) => monthName(payment.createdAt))));
    expect(months(page!.partitions).filter((name) => name < oldest)).toEqual([]);
    expect(page?.partitions).not.toContain('transactions_p1970_01');
  });

  it("finds a pasted id through the registry and reads that transaction's month only", async () => {
    const old = payments[2]!;
    const reads = await partitionsOfCall(get(`/transaction/search?q=${old.id}&limit=10`));
    expect(reads.map((read) => read.partitions)).toEqual([[monthName(old.createdAt)]]);
  });

  it('archives a past month: its rows leave the tables, its ids stay registered, and its details answer 404', async () => {
    const old = payments[0]!;
    const month = old.createdAt.toISOString().slice(0, 7);
    const archived = await archiveMonth(t.database, month);
    expect(archived.tables.sort()).toEqual(
      [`archive.transaction_history_p${month.replace('-', '_')}`, `archive.${monthName(old.createdAt)}`].sort(),
    );
    expect(await t.db.select().from(transactions).where(eq(transactions.id, old.id))).toEqual([]);
    expect(await t.db.select().from(transactionKeys).where(eq(transactionKeys.id, old.id))).toHaveLength(1);
    const detail = await get(`/account/${world.accountId}/transaction/${old.id}`)();
    expect(detail.statusCode).toBe(404);
    const counted = await t.db.execute(sql.raw(`select count(*)::int as n from archive.${monthName(old.createdAt)}`));
    const [archivedRows] = (counted as unknown as { rows: { n: number }[] }).rows;
    expect(archivedRows?.n).toBe(3);
    await expect(archiveMonth(t.database, month)).rejects.toThrow(/No partition holds/);
    await expect(archiveMonth(t.database, new Date().toISOString().slice(0, 7))).rejects.toThrow(/Only a past month/);
  });

  it('gets every index back on every month after a bulk load (the seed of millions and the bench drop and rebuild them)', async () => {
    const indexes = async () =>
      (
        (await t.db.execute(sql`
          select c.relname as "table", count(*)::int as n, bool_and(i.indisvalid) as valid
          from pg_index i join pg_class c on c.oid = i.indrelid
          where c.relname like 'transactions%' or c.relname like 'transaction_history%'
          group by c.relname order by c.relname`)) as unknown as {
          rows: { table: string; n: number; valid: boolean }[];
        }
      ).rows;
    const before = await indexes();
    expect(before.length).toBeGreaterThan(10);
    await withoutSecondaryStructures(t.db, async () => {});
    expect(await indexes()).toEqual(before);
    expect(before.every((row) => row.valid)).toBe(true);
  });
});
