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

/**
 * A column at least `px` wide that takes a share of the spare width in proportion to that minimum. Proportional
 * shares keep every column at or above its minimum whenever the minimums fit, so the row fits a 1440-pixel screen
 * without scrolling sideways (equal shares let the grid hand one column more than the space it has).
 */
const atLeast = (px: number) => `minmax(${px}px, ${(px / 100).toFixed(2)}fr)`;

/** What a dropdown in a cell takes besides its text: the cell's padding, the select's padding, chevron and border. */
const CELL_SELECT_CHROME_PX = 60;
/** The agent column never narrows below this, nor widens for more than this much text. */
const AGENT_COLUMN_MIN_PX = 135;
const AGENT_TEXT_MAX_PX = 240;
/** Where nothing is laid out (a test's document): a generous width per character of the dropdown's 12 px text. */
const ESTIMATED_CHAR_PX = 7.5;

/**
 * The rendered width of the widest label in the font of a cell's dropdown, measured once in a hidden probe. Measured,
 * not counted, because letters differ in width ('Wm' against 'il').
 */
export function widestCellLabelPx(labels: readonly string[]): number {
  const estimate = Math.max(0, ...labels.map((label) => label.length)) * ESTIMATED_CHAR_PX;
  if (typeof document === 'undefined' || labels.length === 0) return estimate;
  const probe = document.createElement('span');
  probe.className = 'chargeback-control__probe';
  probe.setAttribute('aria-hidden', 'true');
  document.body.append(probe);
  let widest = 0;
  for (const label of labels) {
    probe.textContent = label;
    widest = Math.max(widest, probe.getBoundingClientRect().width);
  }
  probe.remove();
  return widest > 0 ? Math.ceil(widest) : estimate;
}

/**
 * The agent column is as wide as the widest name its dropdown offers (up to 240 px of text), so an agent's whole name
 * shows ('Tomás Müller', not 'Tomás Mülle'). A fixed pixel width, so the header and every row share the same track.
 */
export function agentColumnWidth(agentLabels: readonly string[]): string {
  const text = Math.min(AGENT_TEXT_MAX_PX, widestCellLabelPx(agentLabels));
  return atLeast(Math.max(AGENT_COLUMN_MIN_PX, text + CELL_SELECT_CHROME_PX));
}

/**
 * The columns for one account (the controls write to its cases), with the agent column fitted to the labels of the
 * agent dropdown. Build once per account and agent list (useMemo).
 */
export function chargebackColumns(accountId: string, agentLabels: readonly string[]): DataColumn<ChargebackListItem>[] {
  return [
    {
      id: 'case',
      header: 'Case',
      width: atLeast(150),
      cell: (item) => <CaseCell item={item} />,
    },
    {
      id: 'amount',
      header: 'Amount',
      sortField: 'amount',
      align: 'end',
      width: atLeast(95),
      cell: (item) => <span className="chargeback-amount">{formatMinorMoney(item.amount, item.currency)}</span>,
    },
    {
      id: 'agent',
      header: 'Agent',
      width: agentColumnWidth(agentLabels),
      cell: (item) => <AgentControl accountId={accountId} item={item} label={`Agent of case ${caseName(item)}`} />,
    },
    {
      id: 'status',
      header: 'Status',
      width: atLeast(130),
      cell: (item) => <StatusControl accountId={accountId} item={item} label={`Status of case ${caseName(item)}`} />,
    },
    {
      id: 'fraudType',
      header: 'Fraud type',
      width: atLeast(125),
      cell: (item) => (
        <FraudTypeControl accountId={accountId} item={item} label={`Fraud type of case ${caseName(item)}`} />
      ),
    },
    {
      id: 'reason',
      header: 'Reason',
      width: atLeast(130),
      cell: (item) => <Reason item={item} />,
    },
    {
      id: 'notificationDate',
      header: 'Notification date',
      sortField: 'notificationDate',
      width: atLeast(140),
      cell: (item) => formatDate(item.notificationDate),
    },
    {
      id: 'expirationDate',
      header: 'Expiration date',
      sortField: 'expirationDate',
      width: atLeast(140),
      cell: (item) => <ExpirationDate value={item.expirationDate} />,
    },
  ];
}
