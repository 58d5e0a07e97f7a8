import type { DataColumn } from '@console/table/types';
import { Badge } from '@console/ui/badge';
import { RefundIcon, RepeatIcon } from '@console/ui/icons';
import { Tooltip } from '@console/ui/tooltip';
import { chargebackReasonLabel, chargebackStatusOptions, isChargebackExpired } from '@domain/chargebacks';
import type { ChargebackListItem } from '@domain/contract/chargebacks';
import { DISPUTE_OPERATION_LABELS } from '@domain/enums';
import { browserTimeZone, formatDate, formatMinorMoney } from '@domain/format';
import type { ReactNode } from 'react';
import { AgentControl, FraudTypeControl, StatusControl } from './chargeback-controls';
import { CASE_ICON_TEXTS, caseName, EXPIRED_MARK } from './chargeback-labels';

// The queue's columns (spec 3, section 2.3): the case data with the second-chargeback and refund icons, the agent,
// status and fraud-type controls, the parsed reason (the processor's own words in its tooltip) and the dates, the
// expired ones marked. Notification date, expiration date and amount sort (CHARGEBACK_SORT_FIELDS).
// The row holds what triage decides on and fits a 1280-pixel window with the side bar open without scrolling
// sideways: the columns' minimums, with the table's checkbox (40) and menu (48) columns, stay within 981 px (1280
// less the side bar, 232, the screen's padding, 2 x 24, the table's border, 2, and a classic scroll bar, 17). The
// type shows as a Retrieval badge on the exceptions (most cases are chargebacks), the customer and order live in the
// case detail and in the search, and text that can be long (the dispute id, the fraud type, the reason, a long agent
// name) is cut with its whole text in a tooltip until the window gives it room.

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
  const dispute = `Dispute ${item.disputeId ?? '-'}`;
  return (
    <span className="chargeback-case">
      <span className="chargeback-case__first">
        <span className="mono">{item.caseId ?? dash}</span>
        {item.hasPreviousChargebacks ? <CaseIcon icon={<RepeatIcon />} {...CASE_ICON_TEXTS.secondChargeback} /> : null}
        {item.hasRefund ? <CaseIcon icon={<RefundIcon />} {...CASE_ICON_TEXTS.refund} /> : null}
      </span>
      <span className="chargeback-case__second">
        {item.operation === 'RETRIEVAL' ? <Badge tone="info">{DISPUTE_OPERATION_LABELS.RETRIEVAL}</Badge> : null}
        <span className="chargeback-case__dispute" title={dispute}>
          {dispute}
        </span>
      </span>
    </span>
  );
}

/** The parsed reason, cut to its column; the tooltip holds it whole and the processor's own words. */
function Reason({ item }: { item: ChargebackListItem }) {
  const label = chargebackReasonLabel(item.reason.parsed);
  const { processor } = item.reason;
  return (
    <Tooltip
      content={
        processor ? (
          <span className="chargeback-queue-reason__tooltip">
            <span>{label}</span>
            <span>{processor}</span>
          </span>
        ) : (
          label
        )
      }
    >
      <span className="chargeback-queue-reason">{label}</span>
    </Tooltip>
  );
}

/**
 * Expired: the expiration date is before the start of the viewer's today (a case expiring today is still open). The
 * mark sits beside the date where the column has room and under it where it has not.
 */
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
 * A column at least `px` wide that takes `share` parts of the width the window has to spare. A column gets the larger
 * of its minimum and its share, so the columns whose text is cut (larger shares) widen first.
 */
const column = (px: number, share: number) => `minmax(${px}px, ${share.toFixed(2)}fr)`;

/** The queue's cells are compact (DataTable `compact`): 8 px of padding each side. */
const CELL_PADDING_PX = 16;
/** What a dropdown in a cell takes besides its text: its padding, chevron and border (.chargeback-control .select). */
const SELECT_CHROME_PX = 30;
/** Room for a cell's dropdown and its widest label, at least `minPx` and with at most `maxTextPx` of text. */
const selectColumnPx = (textPx: number, minPx: number, maxTextPx: number) =>
  Math.max(minPx, Math.min(maxTextPx, textPx) + SELECT_CHROME_PX + CELL_PADDING_PX);

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

/** The agent column never narrows below this. */
const AGENT_COLUMN_MIN_PX = 120;
/**
 * Agent names up to this width show whole at 1280 pixels; a longer one is cut there (its dropdown's tooltip holds it)
 * and shows whole once the window is wide enough, since the column's share is its whole name's width.
 */
const AGENT_TEXT_FIT_PX = 100;
/** The share of the column's whole width is capped, so one very long name does not take all the spare width. */
const AGENT_TEXT_MAX_PX = 240;

/**
 * The agent column: as wide as the widest name its dropdown offers, within the queue's budget at 1280 pixels, and
 * widening towards the whole name ('Tomás Müller-Hernández') as the window allows. A width in pixels and parts, so the
 * header and every row share the same track.
 */
export function agentColumnWidth(agentLabels: readonly string[]): string {
  const text = widestCellLabelPx(agentLabels);
  const whole = selectColumnPx(text, AGENT_COLUMN_MIN_PX, AGENT_TEXT_MAX_PX);
  return column(selectColumnPx(text, AGENT_COLUMN_MIN_PX, AGENT_TEXT_FIT_PX), whole / 100);
}

/** The status column fits the widest status in its dropdown ('Not disputed'); a read-only badge is narrower. */
function statusColumnWidth(): string {
  const px = selectColumnPx(widestCellLabelPx(chargebackStatusOptions.map((option) => option.label)), 100, 120);
  return column(px, px / 100);
}

/**
 * The columns for one account (the controls write to its cases), with the agent column fitted to the labels of the
 * agent dropdown. Build once per account and agent list (useMemo). Minimums hold the content that must show whole
 * (a case id with both icons, an amount in the thousands, a date, a header cut onto two lines); the shares hand the
 * spare width mostly to the fraud type and the reason, whose labels are the longest.
 */
export function chargebackColumns(accountId: string, agentLabels: readonly string[]): DataColumn<ChargebackListItem>[] {
  return [
    {
      id: 'case',
      header: 'Case',
      width: column(134, 1.4),
      cell: (item) => <CaseCell item={item} />,
    },
    {
      id: 'amount',
      header: 'Amount',
      sortField: 'amount',
      align: 'end',
      width: column(100, 1),
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
      width: statusColumnWidth(),
      cell: (item) => <StatusControl accountId={accountId} item={item} label={`Status of case ${caseName(item)}`} />,
    },
    {
      id: 'fraudType',
      header: 'Fraud type',
      width: column(110, 2.3),
      cell: (item) => (
        <FraudTypeControl accountId={accountId} item={item} label={`Fraud type of case ${caseName(item)}`} />
      ),
    },
    {
      id: 'reason',
      header: 'Reason',
      width: column(100, 2.3),
      cell: (item) => <Reason item={item} />,
    },
    {
      id: 'notificationDate',
      header: 'Notification date',
      sortField: 'notificationDate',
      width: column(96, 1.1),
      cell: (item) => formatDate(item.notificationDate),
    },
    {
      id: 'expirationDate',
      header: 'Expiration date',
      sortField: 'expirationDate',
      width: column(92, 1.4),
      cell: (item) => <ExpirationDate value={item.expirationDate} />,
    },
  ];
}
