import { formatInteger, formatPercent } from '@domain/format';
import { usageLevel, usagePercent } from '@domain/limits';

export interface UsageBarProps {
  /** The bar's accessible name ('Sales today against the daily limit'). */
  label: string;
  sales: number;
  /** The limit in force; null draws no bar. */
  limit: number | null;
  size?: 'md' | 'sm';
}

/**
 * Sales against a limit (spec 3, section 2.6): green up to 80 %, amber above 80 %, red above 100 %. The colour is
 * never the only cue: the percentage is written beside the bar and read out with it.
 */
export function UsageBar({ label, sales, limit, size = 'md' }: UsageBarProps) {
  if (limit === null || limit <= 0) {
    return <p className={`usage usage--none usage--${size}`}>No limit</p>;
  }
  const used = (sales / limit) * 100;
  const fill = usagePercent(sales, limit);
  const level = usageLevel(sales, limit);
  const over = level === 'over' ? ', over the limit' : '';
  return (
    <div className={`usage usage--${level} usage--${size}`}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(fill)}
        aria-valuetext={`${formatPercent(used)}: ${formatInteger(sales)} of ${formatInteger(limit)}${over}`}
        className="usage__track"
      >
        <div className="usage__fill" style={{ width: `${fill}%` }} />
      </div>
      <span className="usage__percent" aria-hidden="true">
        {formatPercent(used)}
      </span>
    </div>
  );
}
