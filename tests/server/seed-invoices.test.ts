import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { invoiceDetail } from '@domain/contract/invoices';
import { PAYMENT_TYPES } from '@domain/dashboard';
import { dueDateFor, INVOICE_STATUSES } from '@domain/invoices';
import { toInvoiceDetail } from '@server/areas/invoices/queries';
import { accounts, invoices, transactions } from '@server/db/schema';
import { DEMO_INVOICE_MONTHS, demoInvoiceStatus } from '@server/db/seed/invoices';
import { checkPdf } from '@server/lib/pdf';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoWorld, openDemoWorld, WORLD_HOOK_TIMEOUT, WORLD_NOW } from './helpers/demo-world';

// The demo invoices (src/server/db/seed/invoices.ts): a year of monthly invoices per account ending with the current
// month, every status across the demo, the payments count each one states equal to the account's successful payments
// in its period, every row valid under the contract, and each PDF a real document that passes the upload check.

let world: DemoWorld;
let rows: (typeof invoices.$inferSelect)[];

beforeAll(async () => {
  world = await openDemoWorld('seed1');
  rows = await world.db.select().from(invoices).orderBy(asc(invoices.accountId), asc(invoices.issuingDate));
}, WORLD_HOOK_TIMEOUT);
afterAll(async () => world?.close());

const currentMonth = WORLD_NOW.toISOString().slice(0, 8);

describe('demo invoices', () => {
  it('gives every account monthly invoices up to the current month, the newest a draft', async () => {
    const all = await world.db.select({ id: accounts.id, createdAt: accounts.createdAt }).from(accounts);
    expect(all.length).toBeGreaterThan(0);
    for (const account of all) {
      const own = rows.filter((row) => row.accountId === account.id);
      expect(own.length, account.id).toBeGreaterThanOrEqual(Math.min(DEMO_INVOICE_MONTHS, 6));
      expect(own.length, account.id).toBeLessThanOrEqual(DEMO_INVOICE_MONTHS);
      const newest = own.at(-1)!;
      expect(newest.timePeriodFrom.startsWith(currentMonth)).toBe(true);
      expect(newest.status).toBe('DRAFT');
      expect(own.filter((row) => row.status === 'DRAFT')).toHaveLength(1);
      // Consecutive calendar months, each issued the day after its period.
      for (const [index, row] of own.entries()) {
        expect(row.timePeriodFrom.endsWith('-01')).toBe(true);
        expect(row.dueDate).toBe(dueDateFor(row.issuingDate));
        if (index > 0) expect(own[index - 1]!.issuingDate).toBe(row.timePeriodFrom);
      }
    }
  });

  it('shows every status across the demo, by age', () => {
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(INVOICE_STATUSES));
    expect(demoInvoiceStatus(0, 3, '2026-01-01', '2026-03-01')).toBe('DRAFT');
    expect(demoInvoiceStatus(11, 0, '2025-01-01', '2026-03-01')).toBe('PAID');
  });

  it("states the real count of the account's successful payments in each period", async () => {
    for (const row of rows) {
      const [counted] = await world.db
        .select({ count: sql<number>`count(*)::int` })
        .from(transactions)
        .where(
          and(
            eq(transactions.accountId, row.accountId),
            eq(transactions.status, 'SUCCESS'),
            inArray(transactions.transactionType, [...PAYMENT_TYPES]),
            gte(transactions.createdAt, new Date(`${row.timePeriodFrom}T00:00:00Z`)),
            lt(transactions.createdAt, new Date(`${row.issuingDate}T00:00:00Z`)),
          ),
        );
      expect(row.paymentsCount, `${row.number}`).toBe(Number(counted!.count));
    }
    expect(rows.some((row) => row.paymentsCount > 0)).toBe(true);
  });

  it('answers every invoice valid under the contract, with a unique number per account', () => {
    for (const row of rows) {
      expect(invoiceDetail.safeParse(toInvoiceDetail(row)).error?.issues ?? []).toEqual([]);
      expect(row.number).toMatch(/^[A-Za-z0-9]{1,20}$/);
    }
    const keys = rows.map((row) => `${row.accountId} ${row.number.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('writes each PDF, a real document that opens and passes the upload check', async () => {
    for (const row of rows) {
      const bytes = await readFile(join(world.invoicesDir, row.documentStoredName));
      expect(bytes.length).toBe(row.documentSize);
      expect(await checkPdf(bytes)).toEqual({ ok: true, pages: 1 });
    }
    const sample = await PDFDocument.load(await readFile(join(world.invoicesDir, rows[0]!.documentStoredName)));
    expect(sample.getTitle()).toBe(`Invoice ${rows[0]!.number}`);
  });
});
