import { accountParams } from '@domain/contract/accounts';
import { type TransactionExportQuery, transactionExportQuery } from '@domain/contract/transactions';
import {
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  RECURRENCE_TYPE_LABELS,
  type RecurrenceType,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
  type TransactionStatus,
  type TransactionType,
} from '@domain/enums';
import { currencyExponent, riskScore as shownRiskScore } from '@domain/format';
import { PERMISSIONS as P } from '@domain/permissions';
import { and, sql } from 'drizzle-orm';
import { transactions } from '../../db/schema';
import { countUpTo } from '../../lib/export/count';
import { dateHeader } from '../../lib/export/csv';
import { defineExport } from '../../lib/export/definition';
import { epochMs, keysetBatches, keysetOrder, packedLoader } from '../../lib/export/keyset';
import { assertAccountAccess } from '../../plugins/auth';
import {
  transactionListColumns as c,
  selectTransactions,
  TRANSACTION_DEFAULT_ORDER,
  TRANSACTION_SORT_KEYS,
  transactionListWhere,
} from './queries';

/** One transaction as the file shows it: the list's columns, labels as the screens write them. */
interface TransactionExportRow {
  transactionId: string;
  status: string;
  transactionType: string;
  category: string;
  /** In the currency's major unit, with its decimals ('1234.50'): a number a spreadsheet can add up. */
  amount: string;
  currency: string;
  orderUrl: string | null;
  referenceOrderId: string;
  paymentGateway: string | null;
  solution: string | null;
  providerTransactionId: string | null;
  paymentMethod: string;
  cardCountry: string | null;
  riskScore: number | null;
  createdAt: Date;
  merchant: string;
  route: string | null;
  mid: string | null;
  isFallback: boolean;
}

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** Minor units as a plain decimal in the major unit, computed on the integer ('123450' EUR -> '1234.50'). */
export function majorAmount(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  if (exponent === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(minor))).padStart(exponent + 1, '0');
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

const label = <T extends string>(labels: Record<T, string>, code: string) => labels[code as T] ?? code;

/**
 * The transactions list's export (spec 3, section 7): the list's filters and order plus solution[], as a ZIP holding
 * one CSV, through the one export engine (10k rows in the answer, up to 100k e-mailed).
 */
export const transactionsExport = defineExport<{ accountId: string }, TransactionExportQuery, TransactionExportRow>({
  source: 'transactions',
  fileLabel: 'transactions',
  format: 'zip',
  permission: P.transactionExport,
  params: accountParams,
  query: transactionExportQuery,
  scope: (auth, params) => ({ accountId: assertAccountAccess(auth, params.accountId) }),
  columns: [
    { header: 'Transaction ID', value: (row) => row.transactionId },
    { header: 'Status', value: (row) => row.status },
    { header: 'Transaction type', value: (row) => row.transactionType },
    { header: 'Category', value: (row) => row.category },
    { header: 'Amount', value: (row) => row.amount },
    { header: 'Currency', value: (row) => row.currency },
    { header: 'URL', value: (row) => row.orderUrl },
    { header: 'Reference order ID', value: (row) => row.referenceOrderId },
    { header: 'Payment gateway', value: (row) => row.paymentGateway },
    { header: 'Solution', value: (row) => row.solution },
    { header: 'Provider transaction ID', value: (row) => row.providerTransactionId },
    { header: 'Payment method', value: (row) => row.paymentMethod },
    { header: 'Card country', value: (row) => row.cardCountry },
    { header: 'Fraud score', value: (row) => row.riskScore },
    { header: ({ timeZone }) => dateHeader('Creation date', timeZone), value: (row) => row.createdAt },
    { header: 'Merchant', value: (row) => row.merchant },
    { header: 'Route', value: (row) => row.route },
    { header: 'MID', value: (row) => row.mid },
    { header: 'Fallback', value: (row) => (row.isFallback ? 'Yes' : 'No') },
  ],
  rows(db, { params, query }) {
    const where = transactionListWhere(params.accountId, query);
    const order = keysetOrder(query.order, TRANSACTION_SORT_KEYS, TRANSACTION_DEFAULT_ORDER, transactions.id);
    const load = packedLoader<TransactionExportRow>(db, order, {
      values: [
        c.id,
        c.status,
        c.transactionType,
        c.category,
        c.amount,
        c.currency,
        c.orderUrl,
        c.referenceOrderId,
        c.acquirerName,
        c.solutionName,
        c.providerTransactionId,
        c.paymentMethod,
        c.cardCountry,
        c.riskScore,
        epochMs(c.createdAt),
        c.merchantName,
        c.routeDescription,
        c.midDescription,
        c.isFallback,
      ],
      select: (fields, after) => selectTransactions(db, fields).where(and(where, after)).$dynamic(),
      toRow: ([
        transactionId,
        status,
        transactionType,
        category,
        amount,
        currency,
        orderUrl,
        referenceOrderId,
        paymentGateway,
        solution,
        providerTransactionId,
        paymentMethod,
        cardCountry,
        risk,
        created,
        merchant,
        route,
        mid,
        isFallback,
      ]) => ({
        transactionId: String(transactionId),
        status: label<TransactionStatus>(TRANSACTION_STATUS_LABELS, String(status)),
        transactionType: label<TransactionType>(TRANSACTION_TYPE_LABELS, String(transactionType)),
        category: label<RecurrenceType>(RECURRENCE_TYPE_LABELS, String(category)),
        amount: majorAmount(Number(amount), String(currency)),
        currency: String(currency),
        orderUrl: text(orderUrl),
        referenceOrderId: String(referenceOrderId),
        paymentGateway: text(paymentGateway),
        solution: text(solution),
        providerTransactionId: text(providerTransactionId),
        paymentMethod: label<PaymentMethod>(PAYMENT_METHOD_LABELS, String(paymentMethod)),
        cardCountry: text(cardCountry),
        // The score as the screens show it: times 100, truncated.
        riskScore: risk === null || risk === undefined ? null : shownRiskScore(Number(risk)),
        createdAt: new Date(created as number),
        merchant: String(merchant),
        route: text(route),
        mid: text(mid),
        isFallback: isFallback === true,
      }),
    });
    return {
      count: (cap) => countUpTo(db, db.select({ one: sql`1` }).from(transactions).where(where).$dynamic(), cap),
      batches: (size) => keysetBatches(order, size, load),
    };
  },
});
