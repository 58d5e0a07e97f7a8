import { uuid } from '@domain/contract/common';
import {
  type SubscriptionCycleExportQuery,
  type SubscriptionExportQuery,
  subscriptionCycleExportQuery,
  subscriptionExportQuery,
} from '@domain/contract/subscriptions';
import {
  SUBSCRIPTION_ATTEMPT_TYPE_LABELS,
  type SubscriptionAttemptType,
  type SubscriptionStatus,
  TRANSACTION_STATUS_LABELS,
  type TransactionStatus,
} from '@domain/enums';
import { PERMISSIONS as P } from '@domain/permissions';
import { subscriptionStatusLabel } from '@domain/subscriptions';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { subscriptionAttempts, subscriptions } from '../../db/schema';
import { countUpTo } from '../../lib/export/count';
import { dateHeader } from '../../lib/export/csv';
import { defineExport, type ExportColumn, type ExportRows } from '../../lib/export/definition';
import { epochMs, keysetBatches, keysetOrder, packedLoader } from '../../lib/export/keyset';
import { assertAccountAccess } from '../../plugins/auth';
import { majorAmount } from '../transactions/export';
import {
  subscriptionListColumns as c,
  SUBSCRIPTION_DEFAULT_ORDER,
  SUBSCRIPTION_SORT_KEYS,
  type SubscriptionFilters,
  type SubscriptionScope,
  subscriptionWhere,
} from './queries';

// The subscriptions' exports (spec 3, section 7; spec 1: subscriptions export ZIP), through the one export engine:
// the list's (its filters and order) and one subscription's history (every attempt of every cycle).

const label = <T extends string>(labels: Record<T, string>, code: string) => labels[code as T] ?? code;
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** One subscription as the file shows it: the list's columns, with the screens' words. */
interface SubscriptionExportRow {
  subscriptionId: string;
  email: string | null;
  status: string;
  plan: string;
  planId: string;
  country: string | null;
  cycle: number;
  /** In the currency's major unit ('1234.50'), a number a spreadsheet can add up. */
  amount: string;
  currency: string;
  attemptStatus: string;
  attemptDate: Date;
}

const columns: readonly ExportColumn<SubscriptionExportRow>[] = [
  { header: 'Subscription ID', value: (row) => row.subscriptionId },
  { header: 'Email', value: (row) => row.email },
  { header: 'Status', value: (row) => row.status },
  { header: 'Plan', value: (row) => row.plan },
  { header: 'Plan ID', value: (row) => row.planId },
  { header: 'Country', value: (row) => row.country },
  { header: 'Cycle', value: (row) => row.cycle },
  { header: 'Last Attempt', value: (row) => row.amount },
  { header: 'Currency', value: (row) => row.currency },
  { header: 'Last Attempt Status', value: (row) => row.attemptStatus },
  { header: ({ timeZone }) => dateHeader('Attempt Date', timeZone), value: (row) => row.attemptDate },
];

function subscriptionRows(
  db: Queryable,
  scope: SubscriptionScope,
  query: SubscriptionFilters,
): ExportRows<SubscriptionExportRow> {
  const where = subscriptionWhere(scope, query);
  const order = keysetOrder(query.order, SUBSCRIPTION_SORT_KEYS, SUBSCRIPTION_DEFAULT_ORDER, subscriptions.id);
  const load = packedLoader<SubscriptionExportRow>(db, order, {
    values: [
      c.id,
      c.email,
      c.status,
      c.planName,
      c.planId,
      c.country,
      c.cycle,
      c.lastAttemptAmount,
      c.lastAttemptCurrency,
      c.lastAttemptStatus,
      epochMs(c.lastAttemptAt),
    ],
    select: (fields, after) => db.select(fields).from(subscriptions).where(and(where, after)).$dynamic(),
    toRow: ([id, email, status, plan, planId, country, cycle, amount, currency, attemptStatus, attemptAt]) => ({
      subscriptionId: String(id),
      email: text(email),
      status: subscriptionStatusLabel(String(status) as SubscriptionStatus),
      plan: String(plan ?? ''),
      planId: String(planId),
      country: text(country),
      cycle: Number(cycle),
      amount: majorAmount(Number(amount), String(currency)),
      currency: String(currency),
      attemptStatus: label<TransactionStatus>(TRANSACTION_STATUS_LABELS, String(attemptStatus)),
      attemptDate: new Date(attemptAt as number),
    }),
  });
  return {
    count: (cap) => countUpTo(db, db.select({ one: sql`1` }).from(subscriptions).where(where).$dynamic(), cap),
    batches: (size) => keysetBatches(order, size, load),
  };
}

/** The merchant and its account, as the route resolved them for the caller (merchantOfCaller). */
const merchantExportParams = z.object({ merchantId: uuid, accountId: uuid });

/** GET /merchant/{merchantId}/subscription/export: the list's filters and order, a ZIP holding a CSV. */
export const subscriptionsExport = defineExport<
  z.infer<typeof merchantExportParams>,
  SubscriptionExportQuery,
  SubscriptionExportRow
>({
  source: 'subscriptions',
  fileLabel: 'subscriptions',
  format: 'zip',
  permission: P.subscriptionExport,
  params: merchantExportParams,
  query: subscriptionExportQuery,
  scope: (auth, params) => ({ accountId: assertAccountAccess(auth, params.accountId), merchantId: params.merchantId }),
  columns,
  rows: (db, { params, query }) => subscriptionRows(db, params, query),
});

// The history: one subscription's attempts, cycles newest first and each cycle's attempts in order (the detail's
// History). A subscription has tens of attempts, a few hundred at most, so they are read in one go and handed over in
// the engine's batches.

interface AttemptExportRow {
  cycle: number;
  type: string;
  status: string;
  transactionId: string | null;
  midId: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  amount: string;
  currency: string;
  createdAt: Date;
}

const attemptColumns: readonly ExportColumn<AttemptExportRow>[] = [
  { header: 'Cycle', value: (row) => row.cycle },
  { header: 'Type', value: (row) => row.type },
  { header: 'Status', value: (row) => row.status },
  { header: 'Transaction ID', value: (row) => row.transactionId },
  { header: 'MID ID', value: (row) => row.midId },
  { header: 'Error code', value: (row) => row.errorCode },
  { header: 'Error message', value: (row) => row.errorMessage },
  { header: 'Amount', value: (row) => row.amount },
  { header: 'Currency', value: (row) => row.currency },
  { header: ({ timeZone }) => dateHeader('Date', timeZone), value: (row) => row.createdAt },
];

const cycleExportParams = merchantExportParams.extend({ subscriptionId: uuid });

function attemptRows(db: Queryable, params: z.infer<typeof cycleExportParams>): ExportRows<AttemptExportRow> {
  const a = subscriptionAttempts;
  // Bound to the merchant and its account through the subscription, so a queued build cannot read another tenant's.
  const where = and(
    eq(a.accountId, params.accountId),
    eq(a.subscriptionId, params.subscriptionId),
    sql`exists (select 1 from ${subscriptions} where ${subscriptions.id} = ${a.subscriptionId}
      and ${subscriptions.merchantId} = ${params.merchantId} and ${subscriptions.accountId} = ${params.accountId})`,
  );
  return {
    count: (cap) => countUpTo(db, db.select({ one: sql`1` }).from(a).where(where).$dynamic(), cap),
    async *batches(size) {
      const rows = await db.select().from(a).where(where).orderBy(desc(a.cycle), asc(a.createdAt), asc(a.id));
      for (let start = 0; start < rows.length; start += size) {
        yield rows.slice(start, start + size).map((row) => ({
          cycle: row.cycle,
          type: label<SubscriptionAttemptType>(SUBSCRIPTION_ATTEMPT_TYPE_LABELS, row.type),
          status: label<TransactionStatus>(TRANSACTION_STATUS_LABELS, row.status),
          transactionId: row.transactionId,
          midId: row.midId,
          errorCode: row.errorCode,
          errorMessage: row.errorMessage,
          amount: majorAmount(Number(row.amount), row.currency),
          currency: row.currency,
          createdAt: row.createdAt,
        }));
      }
    },
  };
}

/** GET /merchant/{merchantId}/subscription/{subscriptionId}/cycle/export: the history, a ZIP holding a CSV. */
export const subscriptionCyclesExport = defineExport<
  z.infer<typeof cycleExportParams>,
  SubscriptionCycleExportQuery,
  AttemptExportRow
>({
  source: 'subscription-cycles',
  fileLabel: 'subscription-history',
  format: 'zip',
  permission: P.subscriptionExport,
  params: cycleExportParams,
  query: subscriptionCycleExportQuery,
  scope: (auth, params) => ({ accountId: assertAccountAccess(auth, params.accountId), merchantId: params.merchantId }),
  columns: attemptColumns,
  rows: (db, { params }) => attemptRows(db, params),
});
