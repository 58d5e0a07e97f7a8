import type { DataColumn } from '@console/table/types';
import { Badge } from '@console/ui/badge';
import { TwoLines } from '@console/ui/two-lines';
import type { TransactionListItem } from '@domain/contract/transactions';
import { PAYMENT_METHOD_LABELS, RECURRENCE_TYPE_LABELS, TRANSACTION_TYPE_LABELS } from '@domain/enums';
import { formatDateTime, formatMinorMoney } from '@domain/format';
import { RiskScore, TransactionStatusBadge } from './transaction-parts';

// The columns of the transactions list (spec 3, section 2.1), in the spec's order except the creation date, which
// comes second: it is the default sort and what people scan first, and it would sit off screen at the end. Only the creation date and the
// amount sort: they are the index-backed sort fields of the list call (TRANSACTION_SORT_FIELDS).

const dash = <span className="text-muted">—</span>;

const BEFORE_MERCHANT: DataColumn<TransactionListItem>[] = [
  {
    id: 'transactionId',
    header: 'Transaction ID',
    width: 'minmax(300px, 1.2fr)',
    cell: (transaction) => <span className="mono transaction-id">{transaction.transactionId}</span>,
  },
  {
    id: 'creationDate',
    header: 'Creation date',
    sortField: 'creationDate',
    width: 'minmax(160px, 0.7fr)',
    cell: (transaction) => formatDateTime(transaction.creationDate),
  },
  {
    id: 'status',
    header: 'Status',
    width: 'minmax(130px, 0.6fr)',
    cell: (transaction) => <TransactionStatusBadge status={transaction.status} />,
  },
  {
    id: 'transactionType',
    header: 'Type',
    width: 'minmax(150px, 0.7fr)',
    cell: (transaction) => (
      <span className="transaction-type">
        {TRANSACTION_TYPE_LABELS[transaction.transactionType]}
        {transaction.isFallback ? <Badge tone="accent">Fallback</Badge> : null}
      </span>
    ),
  },
  {
    id: 'category',
    header: 'Category',
    width: 'minmax(110px, 0.5fr)',
    cell: (transaction) => (transaction.category ? RECURRENCE_TYPE_LABELS[transaction.category] : dash),
  },
  {
    id: 'amount',
    header: 'Amount',
    sortField: 'amount',
    align: 'end',
    width: 'minmax(140px, 0.6fr)',
    cell: (transaction) => (
      <span className="transaction-amount">
        {formatMinorMoney(transaction.money.amount, transaction.money.currency)}
      </span>
    ),
  },
  {
    id: 'order',
    header: 'Order',
    width: 'minmax(200px, 1fr)',
    cell: (transaction) => <TwoLines first={transaction.order.url} second={transaction.order.referenceOrderId} />,
  },
  {
    id: 'provider',
    header: 'Provider',
    width: 'minmax(170px, 0.8fr)',
    cell: (transaction) => (
      <TwoLines first={transaction.provider.paymentGateway.prettyName} second={transaction.provider.solution} />
    ),
  },
  {
    id: 'paymentMethod',
    header: 'Payment method',
    width: 'minmax(130px, 0.6fr)',
    cell: (transaction) => PAYMENT_METHOD_LABELS[transaction.paymentMethod],
  },
  {
    id: 'cardCountry',
    header: 'Card country',
    width: 'minmax(110px, 0.4fr)',
    cell: (transaction) => transaction.source.cardCountry ?? dash,
  },
  {
    id: 'riskScore',
    header: 'Fraud score',
    width: 'minmax(130px, 0.5fr)',
    headerHint: 'The risk score times 100: Low 0-30, Medium 31-70, High 71-90, Critical 91-100.',
    cell: (transaction) => <RiskScore value={transaction.siftData.riskScore} />,
  },
];

const MERCHANT_COLUMN: DataColumn<TransactionListItem> = {
  id: 'merchant',
  header: 'Merchant',
  width: 'minmax(150px, 0.8fr)',
  cell: (transaction) => transaction.merchant.prettyName,
};

const AFTER_MERCHANT: DataColumn<TransactionListItem>[] = [
  {
    id: 'route',
    header: 'Route',
    width: 'minmax(150px, 0.8fr)',
    cell: (transaction) => transaction.route?.description ?? dash,
  },
  {
    id: 'mid',
    header: 'MID',
    width: 'minmax(150px, 0.8fr)',
    cell: (transaction) => transaction.merchant.description ?? transaction.midId ?? dash,
  },
];

/** Every column at account level. */
export const ACCOUNT_COLUMNS = [...BEFORE_MERCHANT, MERCHANT_COLUMN, ...AFTER_MERCHANT];
/** Inside a merchant every row is that merchant's, so its column would only repeat the page's subject. */
export const MERCHANT_COLUMNS = [...BEFORE_MERCHANT, ...AFTER_MERCHANT];
