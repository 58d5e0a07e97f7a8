import type {
  TransactionDetail,
  TransactionExportQuery,
  TransactionHistoryEntry,
  TransactionListItem,
  TransactionListQuery,
} from '@domain/contract/transactions';
import { TRANSACTION_DEFAULT_ORDER } from '@domain/contract/transactions';
import type {
  AlertType,
  CardBrand,
  PaymentMethod,
  RecurrenceType,
  RefundReason,
  TransactionStatus,
  TransactionType,
} from '@domain/enums';
import { isIdentifier } from '@domain/ids';
import {
  REFUNDABLE_TYPES,
  type RefundChild,
  type RefundFacts,
  refundAvailabilityOf,
  refundableRemaining,
} from '@domain/refunds';
import { type AnyColumn, and, asc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgTable, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { acquirers, merchants, mids, routes, solutions, transactionHistory, transactions } from '../../db/schema';
import type { SortKeys } from '../../lib/export/keyset';
import { escapeLike, idPrefixRange, idStartsWith, prefixPattern } from '../../lib/list';
import { createdSince, findTransactionKey, isTransaction, type TransactionKey } from './keys';

// Reads of the transactions area. The list's where-builder and sort keys are exported so that the ZIP export filters
// and orders exactly like the list. Every filter is a plain condition on `transactions` (names are resolved through
// small subqueries), so the planner can walk the (account, creation date) indexes in order and stop after a page.

/**
 * Sortable contract fields. The tiebreaker (the id) sorts in the key's direction, as the export's keyset does, so
 * the list and its export order rows the same way.
 */
export const TRANSACTION_SORT_KEYS: SortKeys = {
  creationDate: { expression: transactions.createdAt, type: 'timestamptz' },
  amount: { expression: transactions.amount, type: 'bigint' },
};
export { TRANSACTION_DEFAULT_ORDER };

/** The filters the list and the export share. */
export type TransactionFilters = Omit<Partial<TransactionListQuery>, 'page' | 'limit' | 'order'> &
  Partial<Pick<TransactionExportQuery, 'solution'>>;

/**
 * searchType ID: the transaction id by prefix (a range on the primary key), or else the acquirer's own id exactly.
 * searchType TEXT: an e-mail (text with '@') by prefix, otherwise the merchant's order reference by prefix, as typed
 * or upper-cased (references are usually upper case). Without searchType, id-like text is an ID search.
 */
export function transactionSearch(
  search: string | undefined,
  searchType: TransactionListQuery['searchType'],
): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const type = searchType ?? (idPrefixRange(text) ? 'ID' : 'TEXT');
  if (type === 'ID') return idStartsWith(transactions.id, text) ?? eq(transactions.providerTransactionId, text);
  if (text.includes('@')) return sql`lower(${transactions.shopperEmail}) like ${prefixPattern(text)}`;
  const patterns = [...new Set([text, text.toUpperCase()])].map((value) => `${escapeLike(value)}%`);
  const conditions = patterns.map((pattern) => sql`${transactions.referenceOrderId} like ${pattern}`);
  return conditions.length === 1 ? conditions[0] : sql`(${sql.join(conditions, sql` or `)})`;
}

/**
 * riskScore[]=From&riskScore[]=To on the shown scale: the raw score times 100, truncated, between From and To. So the
 * raw score is at least From/100 and below (To+1)/100 (at most 1 for To = 100). Exact on numeric(5,4).
 */
export function riskScoreRange(range: readonly number[] | undefined): SQL | undefined {
  if (range?.length !== 2) return undefined;
  const [from, to] = range as [number, number];
  const low = (from / 100).toFixed(2);
  const upper =
    to >= 100
      ? sql`${transactions.riskScore} <= 1`
      : sql`${transactions.riskScore} < ${((to + 1) / 100).toFixed(2)}::numeric`;
  return sql`(${transactions.riskScore} >= ${low}::numeric and ${upper})`;
}

const anyOf = <T extends string>(column: Parameters<typeof inArray>[0], values: readonly T[] | undefined) =>
  values?.length ? inArray(column, [...values]) : undefined;

/**
 * The account's transactions narrowed by the list's filters (spec 3, section 2.1). The account is named whatever else
 * is (issue 27): one merchant (the merchant-level list) or one MID is read through the (account, merchant, date) and
 * (account, MID, date) indexes, page and capped count alike, index-only; another account's merchant or MID finds none.
 */
export function transactionListWhere(accountId: string, query: TransactionFilters): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(transactions.accountId, accountId),
    anyOf(transactions.cardCountry, query.issuerCountry),
    anyOf(transactions.status, query.status),
    anyOf(transactions.transactionType, query.transactionType),
    anyOf(transactions.category, query.category),
    anyOf(transactions.currency, query.currency),
    anyOf(transactions.orderUrl, query.url),
    anyOf(transactions.paymentMethod, query.paymentMethod),
    anyOf(transactions.merchantId, query.merchantId),
    anyOf(transactions.routeId, query.routeId),
    anyOf(transactions.midId, query.midId),
    query.paymentGateway?.length
      ? sql`${transactions.acquirerId} in (select ${acquirers.id} from ${acquirers} where ${inArray(
          acquirers.prettyName,
          query.paymentGateway,
        )})`
      : undefined,
    query.solution?.length
      ? sql`${transactions.solutionId} in (select ${solutions.id} from ${solutions} where ${and(
          eq(solutions.accountId, accountId),
          inArray(solutions.prettyName, query.solution),
        )})`
      : undefined,
    anyOf(transactions.errorCode, query.errorCode),
    query.isFallback === undefined ? undefined : eq(transactions.isFallback, query.isFallback),
    query.creationDateFrom ? gte(transactions.createdAt, new Date(query.creationDateFrom)) : undefined,
    query.creationDateTo ? lte(transactions.createdAt, new Date(query.creationDateTo)) : undefined,
    riskScoreRange(query.riskScore),
    transactionSearch(query.search, query.searchType),
  ];
  return and(...conditions)!;
}

/**
 * The name of the row a transaction points at, as a scalar subquery on that table's primary key. Subqueries rather
 * than joins: a six-table join costs the planner about 3 ms per call on PostgreSQL (join order search), a subquery
 * next to nothing, and the 50 probes of a page cost the same either way.
 */
const nameOf = <T extends string | boolean | null>(
  table: PgTable,
  column: AnyColumn,
  key: AnyColumn,
  reference: AnyColumn,
) => sql<T>`(select ${column} from ${table} where ${key} = ${reference})`;

/** The columns a list row is made of: the transaction and the names of its merchant, MID, route and provider. */
export const transactionListColumns = {
  id: transactions.id,
  merchantId: transactions.merchantId,
  transactionType: transactions.transactionType,
  status: transactions.status,
  category: transactions.category,
  amount: transactions.amount,
  currency: transactions.currency,
  createdAt: transactions.createdAt,
  isFallback: transactions.isFallback,
  orderUrl: transactions.orderUrl,
  referenceOrderId: transactions.referenceOrderId,
  orderConcept: transactions.orderConcept,
  routeId: transactions.routeId,
  routeDescription: nameOf<string | null>(routes, routes.description, routes.id, transactions.routeId),
  providerTransactionId: transactions.providerTransactionId,
  solutionName: nameOf<string | null>(solutions, solutions.prettyName, solutions.id, transactions.solutionId),
  acquirerName: nameOf<string | null>(acquirers, acquirers.prettyName, acquirers.id, transactions.acquirerId),
  merchantName: nameOf<string>(merchants, merchants.prettyName, merchants.id, transactions.merchantId),
  midId: transactions.midId,
  midDescription: nameOf<string | null>(mids, mids.description, mids.id, transactions.midId),
  paymentMethod: transactions.paymentMethod,
  cardCountry: transactions.cardCountry,
  riskScore: transactions.riskScore,
};

/** `select(columns).from(transactions)`: every name is a subquery of the columns, so there is nothing to join. */
export function selectTransactions<T extends SelectedFields>(db: Queryable, columns: T) {
  return db.select(columns).from(transactions).$dynamic();
}

/** A list row as the database gives it. */
export type TransactionListRow = Awaited<ReturnType<typeof loadListPage>>[number];

/**
 * One page of the list, in `orderBy`, with the names each row shows. The page's keys are picked first (an index-only
 * walk past the offset) and only its rows are read and named: projecting every skipped row would cost five subquery
 * probes each, 70 ms at page 200 on ten million rows instead of 5. The second read names each row's account and
 * creation time as values: the table is partitioned by month (migration 0038), and the planner then keeps only the
 * months the page's rows are in (a subquery would leave it every month, to join by hash on a busy table).
 */
export async function loadListPage(
  db: Queryable,
  where: SQL,
  orderBy: SQL[],
  window: { limit: number; offset: number },
) {
  const keys = await db
    .select({ id: transactions.id, accountId: transactions.accountId, createdAt: transactions.createdAt })
    .from(transactions)
    .where(where)
    .orderBy(...orderBy)
    .limit(window.limit)
    .offset(window.offset);
  if (keys.length === 0) return [];
  return db
    .select(transactionListColumns)
    .from(transactions)
    .where(or(...keys.map(isTransaction)))
    .orderBy(...orderBy);
}

/** A stored numeric comes back as a number (mode 'number'); PGlite and node-postgres agree after this. */
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export function toListItem(row: TransactionListRow): TransactionListItem {
  return {
    transactionId: row.id,
    transactionType: row.transactionType as TransactionType,
    status: row.status as TransactionStatus,
    category: (row.category as RecurrenceType | null) ?? null,
    money: { amount: Number(row.amount), currency: row.currency },
    creationDate: row.createdAt.toISOString(),
    isFallback: row.isFallback,
    order: { url: row.orderUrl, referenceOrderId: row.referenceOrderId, concept: row.orderConcept },
    route: row.routeId ? { id: row.routeId, description: row.routeDescription ?? '' } : null,
    provider: {
      transactionId: row.providerTransactionId,
      solution: row.solutionName ?? '',
      paymentGateway: { prettyName: row.acquirerName ?? '' },
    },
    merchant: {
      id: row.merchantId,
      prettyName: row.merchantName,
      midId: row.midId,
      description: row.midDescription,
    },
    paymentMethod: row.paymentMethod as PaymentMethod,
    source: { cardCountry: row.cardCountry },
    siftData: { riskScore: numberOrNull(row.riskScore) },
    merchantId: row.merchantId,
    routeId: row.routeId,
    midId: row.midId,
  };
}

/** The caller may only name transactions by identifier; anything else cannot exist. */
export const transactionIdOrNull = (value: string) => (isIdentifier(value) ? value.toLowerCase() : null);

// ---- Detail ----

const detailColumns = {
  ...transactionListColumns,
  rootId: transactions.rootId,
  updatedAt: transactions.updatedAt,
  recurrenceParentId: transactions.recurrenceParentId,
  refundReason: transactions.refundReason,
  errorCode: transactions.errorCode,
  errorMessage: transactions.errorMessage,
  errorProviderMessage: transactions.errorProviderMessage,
  cardBrand: transactions.cardBrand,
  cardBin: transactions.cardBin,
  cardLast4: transactions.cardLast4,
  cardHolder: transactions.cardHolder,
  cardExpiry: transactions.cardExpiry,
  cardTokenUpdatedAt: transactions.cardTokenUpdatedAt,
  cardType: transactions.cardType,
  cardSegment: transactions.cardSegment,
  cardBank: transactions.cardBank,
  cardZipCode: transactions.cardZipCode,
  threeDsSent: transactions.threeDsSent,
  threeDsVersion: transactions.threeDsVersion,
  eci: transactions.eci,
  eciDescription: transactions.eciDescription,
  avs: transactions.avs,
  authorizationId: transactions.authorizationId,
  shopperStatement: transactions.shopperStatement,
  shopperEmail: transactions.shopperEmail,
  shopperIp: transactions.shopperIp,
  shopperIpCountry: transactions.shopperIpCountry,
  shopperDeviceType: transactions.shopperDeviceType,
  shopperBrowser: transactions.shopperBrowser,
  alertType: transactions.alertType,
  alertStatus: transactions.alertStatus,
  alertCaid: transactions.alertCaid,
  providerBlocksSameDay: nameOf<boolean | null>(mids, mids.providerBlocksSameDay, mids.id, transactions.midId),
};

/** Types the detail calls payments: they carry the recurrence and risk-alert boxes. */
const PAYMENT_TYPES: readonly string[] = ['PAYMENT', 'RECURRENCE'];
const REFUND_TYPE_CODES = ['REFUND', 'PARTIAL_REFUND'];

/** The card number as the console may show it: first six and last four digits. */
function maskedCardNumber(bin: string | null, last4: string | null): string | null {
  if (!bin && !last4) return null;
  return `${bin ?? ''}******${last4 ?? ''}`;
}

const allNull = (...values: unknown[]) => values.every((value) => value === null || value === undefined);

/** What refund availability is derived from: the payment's refunds, chargebacks and RDRs (its children). */
export interface PaymentChildren {
  refunds: RefundChild[];
  chargebackApplied: boolean;
  rdrReceived: boolean;
}

/**
 * The children of a payment through the parent index, in the months since the payment. Under the payment's row lock
 * they cannot change.
 */
export async function loadPaymentChildren(db: Queryable, payment: TransactionKey): Promise<PaymentChildren> {
  const children = await db
    .select({ transactionType: transactions.transactionType, status: transactions.status, amount: transactions.amount })
    .from(transactions)
    .where(
      and(
        eq(transactions.accountId, payment.accountId),
        eq(transactions.parentId, payment.id),
        createdSince(transactions.createdAt, payment.createdAt),
      ),
    );
  return {
    refunds: children
      .filter((child) => REFUND_TYPE_CODES.includes(child.transactionType))
      .map((child) => ({ status: child.status as TransactionStatus, amount: Number(child.amount) })),
    chargebackApplied: children.some((child) => child.transactionType === 'CHARGEBACK' && child.status === 'SUCCESS'),
    rdrReceived: children.some((child) => child.transactionType === 'RDR'),
  };
}

export interface RefundState {
  refundable: TransactionDetail['refundable'];
  /** Minor units still refundable; 0 for anything that is not a successful payment. */
  maxRefundAmountAvailable: number;
  facts: RefundFacts;
}

/** Availability and remaining amount of a transaction (src/domain/refunds.ts decides; this gathers the facts). */
export function refundStateOf(
  payment: {
    transactionType: string;
    status: string;
    amount: number;
    createdAt: Date;
    alertType: string | null;
    providerBlocksSameDay: boolean | null;
  },
  children: PaymentChildren,
  now: number,
): RefundState {
  const facts: RefundFacts = {
    transactionType: payment.transactionType as TransactionType,
    status: payment.status as TransactionStatus,
    amount: Number(payment.amount),
    refunds: children.refunds,
    chargebackApplied: children.chargebackApplied,
    rdrReceived: children.rdrReceived || payment.alertType === 'RDR',
    providerBlocksSameDay: payment.providerBlocksSameDay ?? false,
    creationDate: payment.createdAt,
    now: new Date(now),
  };
  const refundable = refundAvailabilityOf(facts);
  const isSuccessfulPayment = REFUNDABLE_TYPES.includes(facts.transactionType) && facts.status === 'SUCCESS';
  return {
    refundable,
    maxRefundAmountAvailable: isSuccessfulPayment ? refundableRemaining(facts.amount, facts.refunds) : 0,
    facts,
  };
}

/**
 * The related transactions of an order (first attempt, fallback retry, refunds, chargebacks, retrievals, RDR): every
 * transaction filed in the history under the root, with its current status and its last activity, oldest first. Read
 * in the months since the root was created (`root`, the first attempt's registry row).
 */
export async function loadHistory(
  db: Queryable,
  root: TransactionKey,
  self: TransactionHistoryEntry,
): Promise<TransactionHistoryEntry[]> {
  const { accountId } = root;
  const events = db
    .select({
      transactionId: transactionHistory.transactionId,
      lastActivity: sql<Date>`max(${transactionHistory.occurredAt})`.as('last_activity'),
    })
    .from(transactionHistory)
    .where(
      and(
        eq(transactionHistory.accountId, accountId),
        eq(transactionHistory.rootId, root.id),
        createdSince(transactionHistory.transactionCreatedAt, root.createdAt),
      ),
    )
    .groupBy(transactionHistory.transactionId)
    .as('events');
  const related = alias(transactions, 'related');
  const rows = await db
    .select({
      transactionId: related.id,
      status: related.status,
      transactionType: related.transactionType,
      isFallback: related.isFallback,
      amount: related.amount,
      currency: related.currency,
      lastActivity: events.lastActivity,
    })
    .from(events)
    .innerJoin(
      related,
      and(
        eq(related.id, events.transactionId),
        eq(related.accountId, accountId),
        createdSince(related.createdAt, root.createdAt),
      ),
    )
    .orderBy(asc(events.lastActivity), asc(related.id));
  const entries: TransactionHistoryEntry[] = rows.map((row) => ({
    transactionId: row.transactionId,
    status: row.status as TransactionStatus,
    transactionType: row.transactionType as TransactionType,
    // A raw aggregate comes back as text on some drivers.
    lastActivity: new Date(row.lastActivity).toISOString(),
    isFallback: row.isFallback,
    money: { amount: Number(row.amount), currency: row.currency },
  }));
  // A transaction without history events (data from elsewhere) still lists itself.
  if (!entries.some((entry) => entry.transactionId === self.transactionId)) {
    entries.push(self);
    entries.sort(
      (a, b) => a.lastActivity.localeCompare(b.lastActivity) || a.transactionId.localeCompare(b.transactionId),
    );
  }
  return entries;
}

/** The transaction detail of spec 3, section 2.2, or undefined when the account has no such transaction. */
export async function loadTransactionDetail(
  db: Queryable,
  accountId: string,
  transactionId: string,
  now: number,
): Promise<TransactionDetail | undefined> {
  const id = transactionIdOrNull(transactionId);
  if (!id) return undefined;
  const key = await findTransactionKey(db, accountId, id);
  if (!key) return undefined;
  const [row] = await db.select(detailColumns).from(transactions).where(isTransaction(key)).limit(1);
  // Registered but not in the table: its month was archived.
  if (!row) return undefined;
  const item = toListItem(row);
  const children = REFUNDABLE_TYPES.includes(item.transactionType)
    ? await loadPaymentChildren(db, key)
    : { refunds: [], chargebackApplied: false, rdrReceived: false };
  const refund = refundStateOf(row, children, now);
  const self: TransactionHistoryEntry = {
    transactionId: item.transactionId,
    status: item.status,
    transactionType: item.transactionType,
    lastActivity: row.updatedAt.toISOString(),
    isFallback: item.isFallback,
    money: item.money,
  };
  const root = row.rootId === key.id ? key : await findTransactionKey(db, accountId, row.rootId);
  const history = root ? await loadHistory(db, root, self) : [self];
  const isPayment = PAYMENT_TYPES.includes(item.transactionType);
  const card = [row.cardBrand, row.cardBin, row.cardLast4, row.cardHolder, row.cardExpiry, row.cardCountry];
  const authorization = [row.eci, row.eciDescription, row.avs, row.authorizationId];
  const browser = [row.shopperDeviceType, row.shopperBrowser];
  const shopper = [row.shopperStatement, row.shopperEmail, row.shopperIp, row.shopperIpCountry, ...browser];

  return {
    ...item,
    refundReason: row.refundReason as RefundReason | null,
    error: row.errorCode
      ? { code: row.errorCode, message: row.errorMessage ?? '', providerMessage: row.errorProviderMessage }
      : null,
    card: allNull(...card, row.threeDsSent)
      ? null
      : {
          brand: row.cardBrand as CardBrand | null,
          country: row.cardCountry,
          holder: row.cardHolder,
          number: maskedCardNumber(row.cardBin, row.cardLast4),
          expiryDate: row.cardExpiry,
          tokenLastUpdateDate: row.cardTokenUpdatedAt?.toISOString() ?? null,
          type: row.cardType,
          segment: row.cardSegment,
          bank: row.cardBank,
          '3DSSent': row.threeDsSent ?? false,
          '3DVersion': row.threeDsVersion,
          zipCode: row.cardZipCode,
        },
    authorizationInfo: allNull(...authorization)
      ? null
      : { eci: row.eci, eciDescription: row.eciDescription, avs: row.avs, authorizationId: row.authorizationId },
    shopper: allNull(...shopper)
      ? null
      : {
          statement: row.shopperStatement,
          email: row.shopperEmail,
          ip: row.shopperIp,
          ipCountry: row.shopperIpCountry,
          browserInformation: allNull(...browser)
            ? null
            : { deviceType: row.shopperDeviceType, browser: row.shopperBrowser },
        },
    transactionHistory: history,
    recurrence: isPayment
      ? { parentTransactionId: row.recurrenceParentId, category: item.category ?? 'ONE-OFF' }
      : null,
    alert:
      isPayment && row.alertType
        ? {
            type: row.alertType as AlertType,
            status: (row.alertStatus ?? 'PENDING') as TransactionStatus,
            caid: row.alertCaid,
          }
        : null,
    refundable: refund.refundable,
    maxRefundAmountAvailable: refund.maxRefundAmountAvailable,
  };
}
