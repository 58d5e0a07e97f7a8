import type { DataColumn } from '@console/table/types';
import { StatusBadge } from '@console/ui/badge';
import { BreakableText } from '@console/ui/breakable-text';
import { CheckCircleIcon, ErrorIcon } from '@console/ui/icons';
import type { SubscriptionLastPayment, SubscriptionListItem } from '@domain/contract/subscriptions';
import { countryName } from '@domain/countries';
import type { SubscriptionStatus } from '@domain/enums';
import { formatDateTime, formatMinorMoney } from '@domain/format';
import { displayedSubscriptionStatus, subscriptionStatusLabel } from '@domain/subscriptions';

// The subscriptions list's columns (spec 3, section 2.10) in the spec's order. Status is a badge in the spec's tone
// (active success, paused warning, cancelled error; FULFILLED shown as active); Last Attempt is the amount with an
// accepted or rejected icon whose name is read with it; Attempt Date is the list's sort field (lastAttemptDate).

const dash = <span className="text-muted">—</span>;

/** The subscription's status as a badge; FULFILLED reads and looks like ACTIVE. */
export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  return <StatusBadge status={displayedSubscriptionStatus(status)} label={subscriptionStatusLabel(status)} />;
}

/** Only a successful charge is accepted; every other outcome of the attempt is rejected. */
export const isAcceptedPayment = (payment: { status: string }) => payment.status === 'SUCCESS';

/** An amount with the accepted or rejected icon, named for screen readers ('12,00 EUR, accepted'). */
export function AttemptAmount({ payment }: { payment: Pick<SubscriptionLastPayment, 'amount' | 'status'> }) {
  const accepted = isAcceptedPayment(payment);
  const Icon = accepted ? CheckCircleIcon : ErrorIcon;
  return (
    <span className={`subscription-attempt subscription-attempt--${accepted ? 'accepted' : 'rejected'}`}>
      <Icon />
      <span>{formatMinorMoney(payment.amount.amount, payment.amount.currency)}</span>
      <span className="visually-hidden">{accepted ? ', accepted' : ', rejected'}</span>
    </span>
  );
}

/** An identifier that may wrap after each hyphen, copied whole. */
function IdText({ value }: { value: string }) {
  return <span className="mono subscription-id">{value.replace(/-/g, '-\u200b')}</span>;
}

const column = (px: number, share: number) => `minmax(${px}px, ${share}fr)`;

export const SUBSCRIPTION_COLUMNS: readonly DataColumn<SubscriptionListItem>[] = [
  {
    id: 'subscriptionId',
    header: 'Subscription ID',
    width: column(150, 1.2),
    cell: (row) => <IdText value={row.subscriptionId} />,
  },
  {
    id: 'email',
    header: 'Email',
    width: column(160, 1.4),
    cell: (row) => (row.email ? <BreakableText text={row.email} /> : dash),
  },
  {
    id: 'status',
    header: 'Status',
    width: column(100, 0.6),
    cell: (row) => <SubscriptionStatusBadge status={row.status} />,
  },
  { id: 'plan', header: 'Plan', width: column(120, 1), cell: (row) => row.plan.prettyName },
  {
    id: 'country',
    header: 'Country',
    width: column(90, 0.7),
    cell: (row) => (row.country ? <span title={countryName(row.country)}>{countryName(row.country)}</span> : dash),
  },
  { id: 'cycle', header: 'Cycle', align: 'end', width: column(64, 0.3), cell: (row) => row.cycle },
  {
    id: 'lastAttempt',
    header: 'Last Attempt',
    align: 'end',
    width: column(120, 0.8),
    cell: (row) => (row.lastPayment ? <AttemptAmount payment={row.lastPayment} /> : dash),
  },
  {
    id: 'lastAttemptDate',
    header: 'Attempt Date',
    sortField: 'lastAttemptDate',
    width: column(130, 0.9),
    cell: (row) => (row.lastPayment ? formatDateTime(row.lastPayment.date) : dash),
  },
];
