import { accountParams } from '@domain/contract/accounts';
import { uuid } from '@domain/contract/common';
import {
  type AccountRiskAlertExportQuery,
  accountRiskAlertExportQuery,
  type RiskAlertExportQuery,
  riskAlertExportQuery,
} from '@domain/contract/risk-alerts';
import type { AlertCardBrand, AlertStatus, AlertType } from '@domain/enums';
import { PERMISSIONS as P } from '@domain/permissions';
import { ALERT_CARD_BRAND_LABELS, ALERT_STATUS_LABELS, ALERT_TYPE_LABELS } from '@domain/risk-alerts';
import { and, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { transactionAlerts } from '../../db/schema';
import { countUpTo } from '../../lib/export/count';
import { dateHeader } from '../../lib/export/csv';
import { defineExport, type ExportColumn, type ExportRows } from '../../lib/export/definition';
import { epochMs, keysetBatches, keysetOrder, packedLoader } from '../../lib/export/keyset';
import { assertAccountAccess } from '../../plugins/auth';
import { majorAmount } from '../transactions/export';
import {
  riskAlertColumns as c,
  RISK_ALERT_DEFAULT_ORDER,
  RISK_ALERT_SORT_KEYS,
  type RiskAlertFilters,
  type RiskAlertScope,
  riskAlertWhere,
} from './queries';

/** One alert as the file shows it: the list's columns, with the screens' words. */
interface RiskAlertExportRow {
  type: string;
  status: string;
  transactionId: string;
  descriptor: string | null;
  caid: string;
  midId: string | null;
  /** In the currency's major unit ('1234.50'), a number a spreadsheet can add up. */
  amount: string;
  currency: string;
  cardBrand: string;
  creationDate: Date;
  lastUpdateDate: Date;
}

const label = <T extends string>(labels: Record<T, string>, code: string) => labels[code as T] ?? code;
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

const columns: readonly ExportColumn<RiskAlertExportRow>[] = [
  { header: 'Type', value: (row) => row.type },
  { header: 'Status', value: (row) => row.status },
  { header: 'Transaction ID', value: (row) => row.transactionId },
  { header: 'Descriptor', value: (row) => row.descriptor },
  { header: 'CAID', value: (row) => row.caid },
  { header: 'MID ID', value: (row) => row.midId },
  { header: 'Amount', value: (row) => row.amount },
  { header: 'Currency', value: (row) => row.currency },
  { header: 'Card brand', value: (row) => row.cardBrand },
  { header: ({ timeZone }) => dateHeader('Creation Date', timeZone), value: (row) => row.creationDate },
  { header: ({ timeZone }) => dateHeader('Last Changes', timeZone), value: (row) => row.lastUpdateDate },
];

/** The rows of either export: the list's where and order, read in keyset batches. */
function alertRows(
  db: Queryable,
  scope: RiskAlertScope,
  query: RiskAlertFilters & { order?: string | undefined },
): ExportRows<RiskAlertExportRow> {
  const where = riskAlertWhere(scope, query);
  const order = keysetOrder(query.order, RISK_ALERT_SORT_KEYS, RISK_ALERT_DEFAULT_ORDER, transactionAlerts.id);
  const load = packedLoader<RiskAlertExportRow>(db, order, {
    values: [
      c.type,
      c.status,
      c.transactionId,
      c.descriptor,
      c.caid,
      c.midId,
      c.amount,
      c.currency,
      c.cardBrand,
      epochMs(c.createdAt),
      epochMs(c.updatedAt),
    ],
    select: (fields, after) => db.select(fields).from(transactionAlerts).where(and(where, after)).$dynamic(),
    toRow: ([type, status, transactionId, descriptor, caid, midId, amount, currency, cardBrand, created, updated]) => ({
      type: label<AlertType>(ALERT_TYPE_LABELS, String(type)),
      status: label<AlertStatus>(ALERT_STATUS_LABELS, String(status)),
      transactionId: String(transactionId),
      descriptor: text(descriptor),
      caid: String(caid),
      midId: text(midId),
      amount: majorAmount(Number(amount), String(currency)),
      currency: String(currency),
      cardBrand: label<AlertCardBrand>(ALERT_CARD_BRAND_LABELS, String(cardBrand)),
      creationDate: new Date(created as number),
      lastUpdateDate: new Date(updated as number),
    }),
  });
  return {
    count: (cap) => countUpTo(db, db.select({ one: sql`1` }).from(transactionAlerts).where(where).$dynamic(), cap),
    batches: (size) => keysetBatches(order, size, load),
  };
}

/** The merchant and the account it belongs to, as the route resolved them for the caller (merchantOfCaller). */
const merchantExportParams = z.object({ merchantId: uuid, accountId: uuid });

/**
 * GET /merchant/{merchantId}/transactionalert/export (spec 3, section 7: ZIP), through the one export engine. The
 * account is checked again for a queued build, and the rows are bound to both the merchant and its account.
 */
export const riskAlertsExport = defineExport<
  z.infer<typeof merchantExportParams>,
  RiskAlertExportQuery,
  RiskAlertExportRow
>({
  source: 'transactionalerts',
  fileLabel: 'risk-alerts',
  format: 'zip',
  permission: P.transactionAlertExport,
  params: merchantExportParams,
  query: riskAlertExportQuery,
  scope: (auth, params) => ({ accountId: assertAccountAccess(auth, params.accountId), merchantId: params.merchantId }),
  columns,
  rows: (db, { params, query }) => alertRows(db, params, query),
});

/** GET /account/{accountId}/transactionalert/export: every merchant's alerts of the account, narrowed by merchantId[]. */
export const accountRiskAlertsExport = defineExport<
  { accountId: string },
  AccountRiskAlertExportQuery,
  RiskAlertExportRow
>({
  source: 'account-transactionalerts',
  fileLabel: 'risk-alerts',
  format: 'zip',
  permission: P.transactionAlertExport,
  params: accountParams,
  query: accountRiskAlertExportQuery,
  scope: (auth, params) => ({ accountId: assertAccountAccess(auth, params.accountId) }),
  columns,
  rows: (db, { params, query }) => alertRows(db, { accountId: params.accountId }, query),
});
