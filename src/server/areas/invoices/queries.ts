import type { ListResponse } from '@domain/contract/common';
import { INVOICE_DEFAULT_ORDER, type InvoiceDetail, type InvoiceListQuery } from '@domain/contract/invoices';
import { isIdentifier } from '@domain/ids';
import { type InvoiceStatus, minorToAmount } from '@domain/invoices';
import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { invoices } from '../../db/schema';
import { keysetOrder, type SortKeys } from '../../lib/export/keyset';
import { cappedCount, containsPattern, idStartsWith, pageWindow } from '../../lib/list';

// The invoices list and detail (spec 3, sections 2.12, 3 "Invoice", 7 and 9): always within one account, which the
// routes have already checked the caller reaches. The list's default order (issuing date, newest first, then the id)
// and its status filter read the two indexes of migration 0031; the number search reads the trigram index.

export const INVOICE_SORT_KEYS: SortKeys = {
  issuingDate: { expression: invoices.issuingDate, type: 'date' },
  dueDate: { expression: invoices.dueDate, type: 'date' },
  number: { expression: sql`lower(${invoices.number})`, type: 'text' },
  amount: { expression: invoices.amount, type: 'bigint' },
  status: { expression: invoices.status, type: 'text' },
  createdDate: { expression: invoices.createdAt, type: 'timestamptz' },
};

export type InvoiceRow = typeof invoices.$inferSelect;

export function toInvoiceDetail(row: InvoiceRow): InvoiceDetail {
  return {
    invoiceId: row.id,
    accountId: row.accountId,
    status: row.status as InvoiceStatus,
    number: row.number,
    issuingDate: row.issuingDate,
    dueDate: row.dueDate,
    timePeriodFrom: row.timePeriodFrom,
    timePeriodTo: row.timePeriodTo,
    paymentsAmount: row.paymentsCount,
    amount: minorToAmount(row.amount),
    currency: row.currency as InvoiceDetail['currency'],
    money: { amount: row.amount, currency: row.currency },
    documentName: row.documentName,
    documentSize: row.documentSize,
    error: row.error,
    createdDate: row.createdAt.toISOString(),
    modifiedDate: row.modifiedAt.toISOString(),
    version: row.version,
  };
}

/**
 * The list's filters: search (searchType ID: the invoice id starts with it; TEXT, the default: the number contains
 * it), the time period (invoices whose period overlaps the range) and the statuses.
 */
export function invoiceListWhere(accountId: string, query: Omit<InvoiceListQuery, 'page' | 'limit' | 'order'>): SQL {
  const conditions: (SQL | undefined)[] = [eq(invoices.accountId, accountId)];
  if (query.search) {
    conditions.push(
      query.searchType === 'ID'
        ? (idStartsWith(invoices.id, query.search) ?? sql`false`)
        : sql`lower(${invoices.number}) like ${containsPattern(query.search)}`,
    );
  }
  if (query.timePeriodFrom) conditions.push(gte(invoices.timePeriodTo, query.timePeriodFrom));
  if (query.timePeriodTo) conditions.push(lte(invoices.timePeriodFrom, query.timePeriodTo));
  if (query.status?.length) conditions.push(inArray(invoices.status, query.status));
  return and(...conditions)!;
}

/** GET /account/{accountId}/invoice: one page and the capped total. */
export async function listInvoices(
  db: Queryable,
  accountId: string,
  query: InvoiceListQuery,
): Promise<ListResponse<InvoiceDetail>> {
  const where = invoiceListWhere(accountId, query);
  const { orderBy } = keysetOrder(query.order, INVOICE_SORT_KEYS, INVOICE_DEFAULT_ORDER, invoices.id);
  const window = pageWindow(query);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(...orderBy)
      .limit(window.limit)
      .offset(window.offset),
    cappedCount(db, db.select({ one: sql`1` }).from(invoices).where(where).$dynamic()),
  ]);
  return { count: rows.length, total, items: rows.map(toInvoiceDetail) };
}

/** The account's invoice; undefined for an unknown id or another account's invoice. `lock` locks it for the transaction. */
export async function invoiceRow(
  db: Queryable,
  accountId: string,
  invoiceId: string,
  lock = false,
): Promise<InvoiceRow | undefined> {
  if (!isIdentifier(invoiceId)) return undefined;
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.accountId, accountId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}
