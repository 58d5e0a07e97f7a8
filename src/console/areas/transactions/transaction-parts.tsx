import { Badge, StatusBadge } from '@console/ui/badge';
import { TRANSACTION_STATUS_LABELS, type TransactionStatus } from '@domain/enums';
import { riskLevel, riskScore } from '@domain/format';
import { RISK_LEVEL_TEXT } from './transaction-labels';

// Small pieces the list and the detail show alike.

export function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  return <StatusBadge status={status} label={TRANSACTION_STATUS_LABELS[status]} />;
}

/**
 * The fraud score as the spec shows it: the raw value times 100, truncated, with its band (Low 0-30, Medium 31-70,
 * High 71-90, Critical 91-100). A dash when the transaction was never scored.
 */
export function RiskScore({ value, withDescription = false }: { value: number | null; withDescription?: boolean }) {
  if (value === null) return <span className="text-muted">—</span>;
  const score = riskScore(value);
  const level = riskLevel(score);
  const { tone, description } = RISK_LEVEL_TEXT[level];
  return (
    <span className="risk-score">
      <span className="risk-score__value">{score}</span>
      <Badge tone={tone} title={description}>
        {level}
      </Badge>
      {withDescription ? <span className="risk-score__description">{description}</span> : null}
    </span>
  );
}
