import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PAYMENT_TYPES } from '@domain/dashboard';
import { addDays, dueDateFor, type InvoiceStatus, minorToAmount } from '@domain/invoices';
import { type SQL, sql } from 'drizzle-orm';
import { generateInvoicePdf } from '../../lib/pdf';
import type { Queryable } from '../client';
import { invoices } from '../schema';
import type { Random } from './random';
import type { GeneratorStep, SeedContext, SeededAccount } from './seed-types';

// The demo's invoices (issue 25), written after the payments they bill. Every account gets a monthly invoice for each
// of the last 12 calendar months up to the current one (months that ended before the account existed left out),
// issued on the first day of the month after its period and due 10 days later. The newest (the current month's,
// issued next month) is a DRAFT; the others follow their age: last month's PENDING (OVERDUE on some accounts once
// due), then OVERDUE or PAID, CLAIMED on some accounts, PAID for the older ones, and one CANCELLED per account, so
// the demo shows every status. The number of payments is the real count of the account's successful payments in the
// period (read from the transactions just written); the amount is a monthly platform fee plus a per-payment fee. Each
// PDF is a real document drawn by pdf-lib (lib/pdf.ts), written under its generated name when the seed is given the
// documents folder (DATA_DIR/invoice-documents); the rows are the same either way.

export interface DemoInvoice {
  id: string;
  accountId: string;
  status: InvoiceStatus;
  number: string;
  issuingDate: string;
  dueDate: string;
  timePeriodFrom: string;
  timePeriodTo: string;
  paymentsCount: number;
  amount: number;
  currency: string;
  storedName: string;
  createdAt: Date;
}

export const DEMO_INVOICE_MONTHS = 12;
const CURRENCIES = ['EUR', 'EUR', 'USD', 'GBP'] as const;

/** 'YYYY-MM-01' of the month `offset` months from the month of `date` (UTC). */
function monthStart(date: Date, offset: number): string {
  const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1));
  return first.toISOString().slice(0, 10);
}

/** The status of the invoice `age` months old (0: the current month's) of the account at `index`. */
export function demoInvoiceStatus(age: number, index: number, dueDate: string, today: string): InvoiceStatus {
  const cancelledAge = 4 + (index % 6);
  if (age === 0) return 'DRAFT';
  if (age === cancelledAge) return 'CANCELLED';
  if (age === 1) return dueDate < today && index % 2 === 1 ? 'OVERDUE' : 'PENDING';
  if (age === 2) return index % 2 === 0 ? 'OVERDUE' : 'PAID';
  if (age === 3) return index % 2 === 1 ? 'CLAIMED' : 'PAID';
  return 'PAID';
}

/** Successful payments per account and month from the transactions (the dashboard's payment types). */
async function paymentCounts(db: Queryable, accountIds: readonly string[], from: string, to: string) {
  const types = sql`${sql.param([...PAYMENT_TYPES])}::text[]`;
  const result = await db.execute(sql`
    select account_id, to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM-DD') as month,
      count(*)::int as payments
    from transactions
    where account_id = any(${sql.param([...accountIds])}::uuid[])
      and status = 'SUCCESS' and transaction_type = any(${types})
      and created_at >= ${from}::date and created_at < ${to}::date
    group by 1, 2`);
  const counts = new Map<string, number>();
  for (const row of (result as unknown as { rows: { account_id: string; month: string; payments: number }[] }).rows) {
    counts.set(`${row.account_id} ${row.month}`, Number(row.payments));
  }
  return counts;
}

/** The account's demo invoices, newest first, with the payment counts of their periods. */
function planInvoices(
  ctx: Pick<SeedContext, 'baseDate'>,
  rng: Random,
  account: SeededAccount,
  index: number,
  counts: Map<string, number>,
): DemoInvoice[] {
  const today = ctx.baseDate.toISOString().slice(0, 10);
  const currency = CURRENCIES[index % CURRENCIES.length]!;
  // A platform fee of 49 to 149 a month and 8 to 15 cents a payment, fixed per account.
  const monthlyFee = rng.pick([4900, 7900, 9900, 14900]);
  const perPayment = rng.int(8, 15);
  const invoicesOf: DemoInvoice[] = [];
  for (let age = 0; age < DEMO_INVOICE_MONTHS; age++) {
    const timePeriodFrom = monthStart(ctx.baseDate, -age);
    const issuingDate = monthStart(ctx.baseDate, -age + 1);
    const timePeriodTo = addDays(issuingDate, -1);
    if (timePeriodTo < account.createdAt.toISOString().slice(0, 10)) break;
    const paymentsCount = counts.get(`${account.id} ${timePeriodFrom}`) ?? 0;
    const dueDate = dueDateFor(issuingDate);
    // Drafts are prepared a few days before the base date; the others were created a few days before issuing.
    const createdAt =
      age === 0
        ? new Date(ctx.baseDate.getTime() - rng.int(1, 72) * 3_600_000)
        : new Date(Date.parse(`${issuingDate}T00:00:00Z`) - rng.int(24, 96) * 3_600_000);
    invoicesOf.push({
      id: rng.uuid(),
      accountId: account.id,
      status: demoInvoiceStatus(age, index, dueDate, today),
      number: `INV${account.shortId}${timePeriodFrom.slice(0, 4)}${timePeriodFrom.slice(5, 7)}`,
      issuingDate,
      dueDate,
      timePeriodFrom,
      timePeriodTo,
      paymentsCount,
      amount: monthlyFee + paymentsCount * perPayment,
      currency,
      storedName: `${rng.uuid()}.pdf`,
      createdAt: new Date(Math.min(createdAt.getTime(), ctx.baseDate.getTime() - 60_000)),
    });
  }
  return invoicesOf;
}

const array = (values: readonly unknown[], type: string): SQL => sql`${sql.param(values)}::${sql.raw(type)}[]`;

export const invoicesStep: GeneratorStep = {
  name: 'invoices',
  async run(ctx, rng) {
    if (ctx.accounts.length === 0) return;
    const from = monthStart(ctx.baseDate, -(DEMO_INVOICE_MONTHS - 1));
    const to = monthStart(ctx.baseDate, 1);
    const counts = await paymentCounts(
      ctx.db,
      ctx.accounts.map((account) => account.id),
      from,
      to,
    );
    const planned = ctx.accounts.flatMap((account, index) =>
      planInvoices(ctx, rng.fork(account.id), account, index, counts),
    );
    const dir = ctx.invoiceDocumentsDir;
    if (dir) await mkdir(dir, { recursive: true });
    const sizes: number[] = [];
    for (const invoice of planned) {
      const account = ctx.accounts.find((candidate) => candidate.id === invoice.accountId)!;
      const bytes = await generateInvoicePdf({
        accountName: account.prettyName,
        number: invoice.number,
        issuingDate: invoice.issuingDate,
        dueDate: invoice.dueDate,
        timePeriodFrom: invoice.timePeriodFrom,
        timePeriodTo: invoice.timePeriodTo,
        paymentsAmount: invoice.paymentsCount,
        amount: minorToAmount(invoice.amount),
        currency: invoice.currency,
      });
      sizes.push(bytes.byteLength);
      if (dir) await writeFile(join(dir, invoice.storedName), bytes);
    }
    const column = <K extends keyof DemoInvoice>(key: K) => planned.map((invoice) => invoice[key]);
    await ctx.db.execute(sql`
      insert into ${invoices} (id, account_id, status, number, issuing_date, due_date, time_period_from, time_period_to,
        payments_count, amount, currency, document_stored_name, document_name, document_size, created_at, modified_at,
        version)
      select r.id, r.account_id, r.status, r.number, r.issuing_date, r.due_date, r.time_period_from, r.time_period_to,
        r.payments_count, r.amount, r.currency, r.stored_name, 'invoice-' || r.number || '.pdf', r.size, r.created_at,
        r.created_at, 1
      from unnest(${array(column('id'), 'uuid')}, ${array(column('accountId'), 'uuid')},
        ${array(column('status'), 'text')}, ${array(column('number'), 'text')},
        ${array(column('issuingDate'), 'date')}, ${array(column('dueDate'), 'date')},
        ${array(column('timePeriodFrom'), 'date')}, ${array(column('timePeriodTo'), 'date')},
        ${array(column('paymentsCount'), 'integer')}, ${array(column('amount'), 'bigint')},
        ${array(column('currency'), 'text')}, ${array(column('storedName'), 'text')}, ${array(sizes, 'integer')},
        ${array(
          planned.map((invoice) => invoice.createdAt.toISOString()),
          'timestamptz',
        )})
        as r(id, account_id, status, number, issuing_date, due_date, time_period_from, time_period_to, payments_count,
          amount, currency, stored_name, size, created_at)`);
    ctx.invoicesCreated = planned.length;
  },
};
