import { StatusBadge } from '@console/ui/badge';
import { Button } from '@console/ui/button';
import { DetailSection } from '@console/ui/detail-section';
import { Modal } from '@console/ui/modal';
import type { SubscriptionAttempt, SubscriptionCycle } from '@domain/contract/subscriptions';
import { SUBSCRIPTION_ATTEMPT_TYPE_LABELS, TRANSACTION_STATUS_LABELS } from '@domain/enums';
import { formatDateTime } from '@domain/format';
import { historyPage, historyPageCount, retryModalAttempts } from '@domain/subscriptions';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { AttemptAmount } from './subscription-columns';
import { attemptTransactionPath, type SubscriptionScope } from './subscription-paths';

// The detail's History (spec 3, sections 2.10 and 9): the cycles newest first, 5 a page, each with its number, its
// latest attempt and a button opening the retry modal, which lists the cycle's attempts without the
// INFORMATION_REQUESTED ones. Without cycles: 'There are no sequences for this Subscription'.

export const NO_SEQUENCES_TEXT = 'There are no sequences for this Subscription';

function AttemptStatus({ attempt }: { attempt: SubscriptionAttempt }) {
  return <StatusBadge status={attempt.status} label={TRANSACTION_STATUS_LABELS[attempt.status]} />;
}

function RetryModal({
  scope,
  cycle,
  onClose,
}: {
  scope: SubscriptionScope;
  cycle: SubscriptionCycle;
  onClose: () => void;
}) {
  const attempts = retryModalAttempts(cycle.attempts);
  return (
    <Modal
      open
      onClose={onClose}
      title={`Cycle ${cycle.cycle} attempts`}
      width={760}
      footer={
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {attempts.length === 0 ? (
        <p className="text-muted">There are no attempts in this cycle.</p>
      ) : (
        <div className="subscription-history">
          <table className="subscription-history__table" aria-label={`Attempts of cycle ${cycle.cycle}`}>
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
                <th scope="col" className="subscription-history__amount">
                  Amount
                </th>
                <th scope="col">Date</th>
                <th scope="col">Transaction ID</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {attempts.map((attempt, index) => (
                <tr key={attempt.transactionId ?? `${attempt.type}-${attempt.createdAt}-${index}`}>
                  <td>{SUBSCRIPTION_ATTEMPT_TYPE_LABELS[attempt.type]}</td>
                  <td>
                    <AttemptStatus attempt={attempt} />
                  </td>
                  <td className="subscription-history__amount">
                    <AttemptAmount payment={{ amount: attempt.money, status: attempt.status }} />
                  </td>
                  <td>{formatDateTime(attempt.createdAt)}</td>
                  <td>
                    {attempt.transactionId ? (
                      <Link className="mono" href={attemptTransactionPath(scope, attempt.transactionId)}>
                        {attempt.transactionId}
                      </Link>
                    ) : (
                      <span className="text-muted">—</span>
                    )}
                  </td>
                  <td>
                    {attempt.error ? (
                      <span className="subscription-history__error">
                        <span className="mono">{attempt.error.code}</span> {attempt.error.message ?? ''}
                      </span>
                    ) : (
                      <span className="text-muted">—</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}

function CycleRow({ cycle, onOpen }: { cycle: SubscriptionCycle; onOpen: () => void }) {
  const attempts = retryModalAttempts(cycle.attempts);
  const latest = attempts[attempts.length - 1];
  return (
    <tr>
      <th scope="row">Cycle {cycle.cycle}</th>
      <td>{latest ? SUBSCRIPTION_ATTEMPT_TYPE_LABELS[latest.type] : '—'}</td>
      <td>{latest ? <AttemptStatus attempt={latest} /> : '—'}</td>
      <td className="subscription-history__amount">
        {latest ? <AttemptAmount payment={{ amount: latest.money, status: latest.status }} /> : '—'}
      </td>
      <td>{latest ? formatDateTime(latest.createdAt) : '—'}</td>
      <td>
        <Button size="sm" onClick={onOpen} aria-label={`Attempts (${attempts.length}) of cycle ${cycle.cycle}`}>
          Attempts ({attempts.length})
        </Button>
      </td>
    </tr>
  );
}

export function SubscriptionHistory({
  scope,
  cycles,
  exportButton,
}: {
  scope: SubscriptionScope;
  /** Newest first, as the detail answers them. */
  cycles: readonly SubscriptionCycle[];
  exportButton: ReactNode;
}) {
  const [page, setPage] = useState(1);
  const [openCycle, setOpenCycle] = useState<SubscriptionCycle | null>(null);
  const pages = historyPageCount(cycles.length);
  const shown = historyPage(cycles, Math.min(page, pages));

  return (
    <DetailSection title="History" wide>
      <div className="subscription-history__toolbar">{exportButton}</div>
      {cycles.length === 0 ? (
        <p className="text-muted">{NO_SEQUENCES_TEXT}</p>
      ) : (
        <>
          <div className="subscription-history">
            <table className="subscription-history__table" aria-label="Cycles">
              <thead>
                <tr>
                  <th scope="col">Cycle</th>
                  <th scope="col">Last attempt</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="subscription-history__amount">
                    Amount
                  </th>
                  <th scope="col">Date</th>
                  <th scope="col">
                    <span className="visually-hidden">Attempts</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((cycle) => (
                  <CycleRow key={cycle.cycle} cycle={cycle} onOpen={() => setOpenCycle(cycle)} />
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 ? (
            <nav className="subscription-history__pages" aria-label="History pages">
              <Button size="sm" disabled={page <= 1} onClick={() => setPage((value) => value - 1)}>
                Previous
              </Button>
              <span aria-live="polite">
                Page {Math.min(page, pages)} of {pages}
              </span>
              <Button size="sm" disabled={page >= pages} onClick={() => setPage((value) => value + 1)}>
                Next
              </Button>
            </nav>
          ) : null}
        </>
      )}
      {openCycle ? <RetryModal scope={scope} cycle={openCycle} onClose={() => setOpenCycle(null)} /> : null}
    </DetailSection>
  );
}
