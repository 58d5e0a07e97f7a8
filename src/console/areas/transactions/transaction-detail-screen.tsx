import { useCurrentScope } from '@console/app/current-scope';
import { useHoldKeys } from '@console/commands/key-queue';
import { useRecordOpened } from '@console/commands/recent-records';
import { RECORD_COMMAND_IDS } from '@console/commands/record-command-ids';
import { useRegisterCommands } from '@console/commands/registry';
import type { Command } from '@console/commands/types';
import { useSession } from '@console/session/session-provider';
import { NotFoundPage } from '@console/shell/not-found-page';
import { listLocation } from '@console/table/list-memory';
import { Button } from '@console/ui/button';
import { DetailsLoadError } from '@console/ui/empty-state';
import { PageHeader } from '@console/ui/page-header';
import { LoadingBlock } from '@console/ui/spinner';
import { Tooltip } from '@console/ui/tooltip';
import type { TransactionDetail } from '@domain/contract/transactions';
import type { TransactionType } from '@domain/enums';
import { refundButtonState } from '@domain/refunds';
import { useParams } from 'wouter';
import { RefundModals } from './refund-modal';
import { type TransactionScope, transactionsListPath } from './transaction-paths';
import { useTransactionDetail } from './transaction-queries';
import {
  AuthorizationSection,
  CardSection,
  ErrorSection,
  FraudScoreSection,
  HistorySection,
  MainSection,
  OrderSection,
  ProviderSection,
  RecurrenceSection,
  RiskAlertSection,
  RouteSection,
  ShopperSection,
} from './transaction-sections';
import { type RefundFlow, useRefundFlow } from './use-refund-flow';
import './transactions.css';

// The transaction detail (spec 3, section 2.2) at account and merchant level: every section, the history linking to
// related transactions, and the Refund button, command and modal.

/** The palette's 'Refund a transaction…' opens the transaction and runs this same command. */
export const TRANSACTION_COMMAND_IDS = { refund: RECORD_COMMAND_IDS.refundTransaction } as const;
/** The refund command's keys; the Refund button's tooltip shows the first. */
export const REFUND_KEYS = ['r'] as const;

/** The transaction types that carry the risk-alert and recurrence boxes (spec 3, section 2.2: payments). */
const PAYMENT_TYPES: readonly TransactionType[] = ['PAYMENT', 'RECURRENCE'];

/** 'Refund' in the palette and on `r`, registered only while a refund may be started. */
function useRefundCommand(transaction: TransactionDetail | undefined, enabled: boolean, refund: RefundFlow) {
  const { open } = refund;
  const commands: Command[] =
    transaction && enabled
      ? [
          {
            id: TRANSACTION_COMMAND_IDS.refund,
            title: 'Refund',
            group: 'Actions',
            keys: REFUND_KEYS,
            scope: 'page',
            keywords: ['refund', 'partial refund', 'money back', 'return payment'],
            run: () => open(transaction),
          },
        ]
      : [];
  useRegisterCommands(commands, [transaction, enabled, open]);
}

function RefundButton({
  transaction,
  state,
  onRefund,
}: {
  transaction: TransactionDetail;
  state: ReturnType<typeof refundButtonState>;
  onRefund: (transaction: TransactionDetail) => void;
}) {
  if (!state.visible) return null;
  // aria-disabled rather than disabled: a disabled button can neither be focused nor hovered, and then nobody could
  // read why the refund is blocked.
  return (
    <Tooltip content={state.tooltip ?? 'Refund this payment'} keys={state.enabled ? REFUND_KEYS[0] : undefined}>
      <Button
        variant="primary"
        aria-disabled={state.enabled ? undefined : true}
        onClick={() => {
          if (state.enabled) onRefund(transaction);
        }}
      >
        Refund
      </Button>
    </Tooltip>
  );
}

function TransactionDetailView({ accountId, merchantId, transactionId }: TransactionScope & { transactionId: string }) {
  const { grants } = useSession();
  const query = useTransactionDetail(accountId, transactionId);
  useRecordOpened('TRANSACTION', query.data ? transactionId : undefined);
  const refund = useRefundFlow(accountId);
  const transaction = query.data;
  const scope: TransactionScope = { accountId, merchantId };
  const buttonState = transaction
    ? refundButtonState(transaction, grants, refund.inFlight)
    : { visible: false, enabled: false, tooltip: null };
  useRefundCommand(transaction, buttonState.visible && buttonState.enabled, refund);
  // An `r` typed (or a refund asked for by the palette) while the transaction loads waits for its Refund command.
  useHoldKeys(query.isPending);

  const back = { href: listLocation(transactionsListPath(scope)), label: 'Back to transactions' };
  // A merchant's path only shows that merchant's transactions.
  if (transaction && merchantId && transaction.merchantId !== merchantId) return <NotFoundPage />;

  return (
    <div className="screen transaction-detail">
      <PageHeader
        title="Transaction Detail"
        subtitle={transaction ? <span className="mono">{transaction.transactionId}</span> : undefined}
        back={back}
        actions={
          transaction ? <RefundButton transaction={transaction} state={buttonState} onRefund={refund.open} /> : null
        }
      />
      {transaction ? (
        <div className="detail-sections transaction-detail__sections">
          <MainSection transaction={transaction} />
          <ProviderSection transaction={transaction} />
          <CardSection transaction={transaction} />
          <AuthorizationSection transaction={transaction} />
          <ShopperSection transaction={transaction} />
          <RouteSection transaction={transaction} />
          <OrderSection transaction={transaction} />
          <ErrorSection transaction={transaction} />
          <FraudScoreSection transaction={transaction} />
          {PAYMENT_TYPES.includes(transaction.transactionType) ? (
            <>
              <RiskAlertSection transaction={transaction} />
              <RecurrenceSection transaction={transaction} scope={scope} />
            </>
          ) : null}
          <HistorySection transaction={transaction} scope={scope} />
        </div>
      ) : query.isError ? (
        <DetailsLoadError onRetry={() => void query.refetch()} />
      ) : (
        <LoadingBlock label="Loading transaction…" />
      )}
      <RefundModals actor={refund.actor} />
    </div>
  );
}

/** /accounts/{accountId}/transactions/{transactionId} and .../merchants/{merchantId}/transactions/detail/{id}. */
export function TransactionDetailScreen() {
  const { accountId, merchantId } = useCurrentScope();
  const { transactionId } = useParams<{ transactionId?: string }>();
  if (!accountId || !transactionId) return null;
  // Keyed by the transaction: a history link to another one starts a fresh refund flow and scroll position.
  return (
    <TransactionDetailView
      key={transactionId}
      accountId={accountId}
      merchantId={merchantId}
      transactionId={transactionId.toLowerCase()}
    />
  );
}
