import { isChargebackExpired, showsFraudType } from '@domain/chargebacks';
import { accountParams } from '@domain/contract/accounts';
import {
  AGENT_OTHERS_NAME,
  AGENT_UNASSIGNED_NAME,
  type ChargebackExportQuery,
  chargebackExportQuery,
} from '@domain/contract/chargebacks';
import {
  CHARGEBACK_REASON_LABELS,
  CHARGEBACK_STATUS_LABELS,
  type ChargebackReason,
  type ChargebackStatus,
  DISPUTE_OPERATION_LABELS,
  type DisputeOperation,
  FRAUD_TYPE_LABELS,
  type FraudType,
} from '@domain/enums';
import { PERMISSIONS as P } from '@domain/permissions';
import { and, eq, sql } from 'drizzle-orm';
import { accounts, chargebacks } from '../../db/schema';
import { countUpTo } from '../../lib/export/count';
import { dateHeader } from '../../lib/export/csv';
import { defineExport } from '../../lib/export/definition';
import { epochMs, keysetBatches, keysetOrder, packedLoader } from '../../lib/export/keyset';
import { assertAccountAccess } from '../../plugins/auth';
import { majorAmount } from '../transactions/export';
import {
  CHARGEBACK_DEFAULT_ORDER,
  CHARGEBACK_SORT_KEYS,
  chargebackListColumns as c,
  chargebackListWhere,
  selectChargebacks,
} from './queries';

/** One case as the file shows it: the queue's columns, with the screens' labels. */
interface ChargebackExportRow {
  chargebackId: string;
  caseId: string | null;
  disputeId: string | null;
  operation: string;
  status: string;
  agent: string;
  fraudType: string | null;
  reason: string;
  processorReason: string | null;
  /** In the currency's major unit ('1234.50'), a number a spreadsheet can add up. */
  amount: string;
  currency: string;
  notificationDate: Date;
  expirationDate: Date;
  expired: boolean;
  hasPreviousChargebacks: boolean;
  hasRefund: boolean;
  psp: string | null;
  orderId: string | null;
  paymentId: string;
  customerName: string | null;
  customerEmail: string | null;
}

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const label = <T extends string>(labels: Record<T, string>, code: string) => labels[code as T] ?? code;

/**
 * The dispute queue's export (spec 3, section 7): the queue's filters and order as a ZIP holding one CSV, through the
 * one export engine. `now` decides 'Hide expired' and the Expired column, in the caller's zone, when the file is
 * built (an e-mailed file is built a little later than it is asked for).
 */
export function chargebacksExport(now: () => number) {
  return defineExport<{ accountId: string }, ChargebackExportQuery, ChargebackExportRow>({
    source: 'chargebacks',
    fileLabel: 'chargebacks',
    format: 'zip',
    permission: P.chargebackExport,
    params: accountParams,
    query: chargebackExportQuery,
    scope: (auth, params) => ({ accountId: assertAccountAccess(auth, params.accountId) }),
    columns: [
      { header: 'Chargeback ID', value: (row) => row.chargebackId },
      { header: 'Case ID', value: (row) => row.caseId },
      { header: 'Dispute ID', value: (row) => row.disputeId },
      { header: 'Type', value: (row) => row.operation },
      { header: 'Status', value: (row) => row.status },
      { header: 'Agent', value: (row) => row.agent },
      { header: 'Fraud type', value: (row) => row.fraudType },
      { header: 'Reason', value: (row) => row.reason },
      { header: 'Processor reason', value: (row) => row.processorReason },
      { header: 'Amount', value: (row) => row.amount },
      { header: 'Currency', value: (row) => row.currency },
      { header: ({ timeZone }) => dateHeader('Notification date', timeZone), value: (row) => row.notificationDate },
      { header: ({ timeZone }) => dateHeader('Expiration date', timeZone), value: (row) => row.expirationDate },
      { header: 'Expired', value: (row) => yesNo(row.expired) },
      { header: 'Second chargeback', value: (row) => yesNo(row.hasPreviousChargebacks) },
      { header: 'Refund', value: (row) => yesNo(row.hasRefund) },
      { header: 'PSP', value: (row) => row.psp },
      { header: 'Order ID', value: (row) => row.orderId },
      { header: 'Payment ID', value: (row) => row.paymentId },
      { header: 'Customer name', value: (row) => row.customerName },
      { header: 'Customer email', value: (row) => row.customerEmail },
    ],
    rows(db, { params, query }) {
      const at = now();
      // The list answers 404 for an account without the feature; a file built later must not hold its cases either.
      const enabled = sql`exists (select 1 from ${accounts} where ${and(
        eq(accounts.id, params.accountId),
        eq(accounts.hasChargebacksFeature, true),
      )})`;
      const where = and(chargebackListWhere(params.accountId, query, at), enabled)!;
      const order = keysetOrder(query.order, CHARGEBACK_SORT_KEYS, CHARGEBACK_DEFAULT_ORDER, chargebacks.id);
      const load = packedLoader<ChargebackExportRow>(db, order, {
        values: [
          c.id,
          c.caseId,
          c.disputeId,
          c.operation,
          c.status,
          c.agentName,
          c.assignedToOthers,
          c.fraudType,
          c.reason,
          c.reasonProcessor,
          c.amount,
          c.currency,
          epochMs(c.notificationDate),
          epochMs(c.expirationDate),
          c.hasPreviousChargebacks,
          c.hasRefund,
          c.psp,
          c.orderId,
          c.paymentId,
          c.customerName,
          c.customerEmail,
        ],
        select: (fields, after) => selectChargebacks(db, fields).where(and(where, after)).$dynamic(),
        toRow: ([
          chargebackId,
          caseId,
          disputeId,
          operation,
          status,
          agentName,
          others,
          fraudType,
          reason,
          processorReason,
          amount,
          currency,
          notified,
          expires,
          hasPreviousChargebacks,
          hasRefund,
          psp,
          orderId,
          paymentId,
          customerName,
          customerEmail,
        ]) => {
          const parsed = String(reason) as ChargebackReason;
          const expirationDate = new Date(expires as number);
          return {
            chargebackId: String(chargebackId),
            caseId: text(caseId),
            disputeId: text(disputeId),
            operation: label<DisputeOperation>(DISPUTE_OPERATION_LABELS, String(operation)),
            status: label<ChargebackStatus>(CHARGEBACK_STATUS_LABELS, String(status)),
            agent: text(agentName) ?? (others === true ? AGENT_OTHERS_NAME : AGENT_UNASSIGNED_NAME),
            fraudType:
              showsFraudType(parsed) && fraudType ? label<FraudType>(FRAUD_TYPE_LABELS, String(fraudType)) : null,
            reason: label<ChargebackReason>(CHARGEBACK_REASON_LABELS, parsed),
            processorReason: text(processorReason),
            amount: majorAmount(Number(amount), String(currency)),
            currency: String(currency),
            notificationDate: new Date(notified as number),
            expirationDate,
            expired: isChargebackExpired(expirationDate, at, query.timeZone),
            hasPreviousChargebacks: hasPreviousChargebacks === true,
            hasRefund: hasRefund === true,
            psp: text(psp),
            orderId: text(orderId),
            paymentId: String(paymentId),
            customerName: text(customerName),
            customerEmail: text(customerEmail),
          };
        },
      });
      return {
        count: (cap) => countUpTo(db, db.select({ one: sql`1` }).from(chargebacks).where(where).$dynamic(), cap),
        batches: (size) => keysetBatches(order, size, load),
      };
    },
  });
}
