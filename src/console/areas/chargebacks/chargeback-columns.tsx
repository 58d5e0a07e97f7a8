import type { DataColumn } from '@console/table/types';
import { Badge } from '@console/ui/badge';
import { RefundIcon, RepeatIcon } from '@console/ui/icons';
import { Tooltip } from '@console/ui/tooltip';
import { chargebackReasonLabel, isChargebackExpired } from '@domain/chargebacks';
import type { ChargebackListItem } from '@domain/contract/chargebacks';
import { DISPUTE_OPERATION_LABELS } from '@domain/enums';
import { browserTimeZone, formatDate, formatMinorMoney } from '@domain/format';
import type { ReactNode } from 'react';
import { AgentControl, FraudTypeControl, StatusControl } from './chargeback-controls';
import { CASE_ICON_TEXTS, caseName, EXPIRED_MARK } from './chargeback-labels';

// The queue's columns (spec 3, section 2.3): the case data with the second-chargeback and refund icons, the agent,
// status and fraud-type controls, the parsed reason (the processor's own words as its tooltip) and the dates, the
// expired ones marked. Notification date, expiration date and amount sort (CHARGEBACK_SORT_FIELDS).
// The row holds what triage decides on and fits a 1440-pixel screen without scrolling sideways: the type shows as a
// Retrieval badge on the exceptions (most cases are chargebacks), and the customer and order live in the case detail
// and in the search rather than in two more columns.

const dash = <span className="text-muted">—</span>;

function CaseIcon({ icon, name, tooltip }: { icon: ReactNode; name: string; tooltip: string }) {
  return (
    <Tooltip content={tooltip}>
      <span role="img" aria-label={name} className="chargeback-case__icon">
        {icon}
      </span>
    </Tooltip>
  );
}

function CaseCell({ item }: { item: ChargebackListItem }) {
  return (
    <span className="chargeback-case">
      <span className="chargeback-case__first">
        <span className="mono">{item.caseId ?? dash}</span>
        {item.hasPreviousChargebacks ? <CaseIcon icon={<RepeatIcon />} {...CASE_ICON_TEXTS.secondChargeback} /> : null}
        {item.hasRefund ? <CaseIcon icon={<RefundIcon />} {...CASE_ICON_TEXTS.refund} /> : null}
      </span>
      <span className="chargeback-case__second">
        {item.operation === 'RETRIEVAL' ? <Badge tone="info">{DISPUTE_OPERATION_LABELS.RETRIEVAL}</Badge> : null}
        <span className="chargeback-case__dispute">Dispute {item.disputeId ?? '-'}</span>
      </span>
    </span>
  );
}

function Reason({ item }: { item: ChargebackListItem }) {
  const label = chargebackReasonLabel(item.reason.parsed);
  if (!item.reason.processor) return <span className="chargeback-queue-reason">{label}</span>;
  return (
    <Tooltip content={item.reason.processor}>
      <span className="chargeback-queue-reason">{label}</span>
    </Tooltip>
  );
}

/** Expired: the expiration date is before the start of the viewer's today (a case expiring today is still open). */
function ExpirationDate({ value }: { value: string | null }) {
  if (!value) return dash;
  const expired = isChargebackExpired(value, Date.now(), browserTimeZone());
  return (
    <span className={expired ? 'chargeback-date chargeback-date--expired' : 'chargeback-date'}>
      {formatDate(value)}
      {expired ? <Badge tone="neutral">{EXPIRED_MARK}</Badge> : null}
    </span>
  );
}

/** The columns for one account (the controls write to its cases). Build once per account (useMemo). */
export function chargebackColumns(accountId: string): DataColumn<ChargebackListItem>[] {
  return [
    {
      id: 'case',
      header: 'Case',
      width: 'minmax(165px, 1fr)',
      cell: (item) => <CaseCell item={item} />,
    },
    {
      id: 'amount',
      header: 'Amount',
      sortField: 'amount',
      align: 'end',
      width: 'minmax(95px, 0.5fr)',
      cell: (item) => <span className="chargeback-amount">{formatMinorMoney(item.amount, item.currency)}</span>,
    },
    {
      id: 'agent',
      header: 'Agent',
      width: 'minmax(135px, 0.8fr)',
      cell: (item) => <AgentControl accountId={accountId} item={item} label={`Agent of case ${caseName(item)}`} />,
    },
    {
      id: 'status',
      header: 'Status',
      width: 'minmax(130px, 0.7fr)',
      cell: (item) => <StatusControl accountId={accountId} item={item} label={`Status of case ${caseName(item)}`} />,
    },
    {
      id: 'fraudType',
      header: 'Fraud type',
      width: 'minmax(130px, 0.8fr)',
      cell: (item) => (
        <FraudTypeControl accountId={accountId} item={item} label={`Fraud type of case ${caseName(item)}`} />
      ),
    },
    {
      id: 'reason',
      header: 'Reason',
      width: 'minmax(135px, 1fr)',
      cell: (item) => <Reason item={item} />,
    },
    {
      id: 'notificationDate',
      header: 'Notification date',
      sortField: 'notificationDate',
      width: 'minmax(140px, 0.6fr)',
      cell: (item) => formatDate(item.notificationDate),
    },
    {
      id: 'expirationDate',
      header: 'Expiration date',
      sortField: 'expirationDate',
      width: 'minmax(140px, 0.7fr)',
      cell: (item) => <ExpirationDate value={item.expirationDate} />,
    },
  ];
}
