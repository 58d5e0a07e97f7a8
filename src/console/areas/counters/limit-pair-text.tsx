import { formatInteger } from '@domain/format';
import type { LimitsInForce } from '@domain/limits';

/**
 * Limits in force as read in a table: '3.000 a month, 100 a day' (the counters' answers carry them derived already);
 * a dash when there is no limit.
 */
export function LimitPairText({ total, daily }: LimitsInForce) {
  if (total === null || daily === null) {
    return (
      <span>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">No limit</span>
      </span>
    );
  }
  return (
    <span className="limit-pair">
      {formatInteger(total)} a month, {formatInteger(daily)} a day
    </span>
  );
}
