import type { DataColumn } from '@console/table/types';
import { StatusBadge } from '@console/ui/badge';
import type { RiskAlertListItem } from '@domain/contract/risk-alerts';
import type { AlertType } from '@domain/enums';
import { formatDateTime, formatMinorMoney } from '@domain/format';
import {
  ALERT_CARD_BRAND_LABELS,
  ALERT_STATUS_LABELS,
  ALERT_TYPE_DESCRIPTIONS,
  ALERT_TYPE_LABELS,
} from '@domain/risk-alerts';
import { Fragment } from 'react';

// The risk alerts list's columns (spec 3, section 2.9) in the spec's order: Type with its tooltip, Status, the three
// identifiers the search finds, the descriptor, amount, card brand and the two dates, which are the list's sort
// fields (RISK_ALERT_SORT_FIELDS). Identifiers are whole (people paste them elsewhere) and wrap at their hyphens, so
// the row stays narrow without cutting them.

const dash = <span className="text-muted">—</span>;

/** The programmes the Type tooltip explains: the five the spec names. */
export const EXPLAINED_ALERT_TYPES: readonly AlertType[] = [
  'RDR',
  'ETHOCA',
  'VERIFI_CDRN',
  'ORDER_INSIGHT',
  'COMPELLING_EVIDENCE',
];

/**
 * One paragraph per programme, led by its name as the Type column shows it, in bold: 'Ethoca (Mastercard): what it
 * does', 'RDR – Rapid Dispute Resolution (Visa): ...' where the description spells the name out.
 */
function TypeHint() {
  return (
    <span className="risk-alert-types">
      {EXPLAINED_ALERT_TYPES.map((type) => {
        const label = ALERT_TYPE_LABELS[type];
        const text = ALERT_TYPE_DESCRIPTIONS[type];
        const split = text.indexOf(': ');
        const name = split > 0 ? text.slice(0, split) : '';
        const heading = name.startsWith(label) ? name : name ? `${label} – ${name}` : label;
        return (
          <span key={type} className="risk-alert-types__item">
            <strong>{heading}</strong>
            {split > 0 ? text.slice(split) : `: ${text}`}
          </span>
        );
      })}
    </span>
  );
}

/** An identifier that may wrap after each hyphen (a UUID on two lines), copied whole. */
export function IdText({ value }: { value: string }) {
  const parts = value.split('-');
  return (
    <span className="mono risk-alert-id">
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one identifier never move
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? (
            <>
              -<wbr />
            </>
          ) : null}
        </Fragment>
      ))}
    </span>
  );
}

/** '05 Mar 2025, 10:15' as the date over its time, so the two date columns stay narrow. */
function DateAndTime({ value }: { value: string }) {
  const [date, time] = formatDateTime(value).split(', ');
  return (
    <span className="risk-alert-date">
      <span>
        {date}
        {time ? <span className="visually-hidden">, </span> : null}
      </span>
      {time ? <span className="risk-alert-date__time">{time}</span> : null}
    </span>
  );
}

/** A cell that is cut to its column, whole in its title. */
const Cut = ({ text }: { text: string }) => (
  <span className="risk-alert-cut" title={text}>
    {text}
  </span>
);

/**
 * A column at least `px` wide that takes `share` parts of the width to spare. The minimums fit the list beside the
 * side bar in a 1440-pixel window (compact cells, 8 px of padding a side): a UUID on two lines (.risk-alert-id), a
 * date and its time on two, the longest status badge ('Previously refunded') and 'Compelling Evidence' on two lines;
 * the descriptor is cut (its title holds it). Narrower windows scroll the table sideways.
 */
const column = (px: number, share: number) => `minmax(${px}px, ${share}fr)`;
const ID_PX = 146;
const DATE_PX = 96;

export const RISK_ALERT_COLUMNS: readonly DataColumn<RiskAlertListItem>[] = [
  {
    id: 'type',
    header: 'Type',
    width: column(98, 1),
    headerHint: <TypeHint />,
    cell: (alert) => <span className="risk-alert-wrap">{ALERT_TYPE_LABELS[alert.type]}</span>,
  },
  {
    id: 'status',
    header: 'Status',
    width: column(140, 0.6),
    cell: (alert) => <StatusBadge status={alert.status} label={ALERT_STATUS_LABELS[alert.status]} />,
  },
  {
    id: 'transactionId',
    header: 'Transaction ID',
    width: column(ID_PX, 1.2),
    cell: (alert) => <IdText value={alert.transactionId} />,
  },
  {
    id: 'descriptor',
    header: 'Descriptor',
    width: column(140, 1.4),
    cell: (alert) => (alert.descriptor ? <Cut text={alert.descriptor} /> : dash),
  },
  {
    id: 'caid',
    header: 'CAID',
    width: column(104, 0.8),
    cell: (alert) => <span className="mono risk-alert-caid">{alert.caid}</span>,
  },
  {
    id: 'midId',
    header: 'MID ID',
    width: column(ID_PX, 1.2),
    cell: (alert) => (alert.midId ? <IdText value={alert.midId} /> : dash),
  },
  {
    id: 'amount',
    header: 'Amount',
    align: 'end',
    width: column(100, 0.8),
    cell: (alert) => (
      <span className="risk-alert-amount">{formatMinorMoney(alert.money.amount, alert.money.currency)}</span>
    ),
  },
  {
    id: 'paymentMethod',
    header: 'Card brand',
    width: column(88, 0.5),
    cell: (alert) => ALERT_CARD_BRAND_LABELS[alert.paymentMethod],
  },
  {
    id: 'creationDate',
    header: 'Creation Date',
    sortField: 'creationDate',
    width: column(DATE_PX, 0.9),
    cell: (alert) => <DateAndTime value={alert.creationDate} />,
  },
  {
    id: 'lastUpdateDate',
    header: 'Last Changes',
    sortField: 'lastUpdateDate',
    width: column(DATE_PX, 0.9),
    cell: (alert) => <DateAndTime value={alert.lastUpdateDate} />,
  },
];
