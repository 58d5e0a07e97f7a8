import { formatInteger } from '@domain/format';
import { effectiveLimits, type LimitPair } from '@domain/limits';

/**
 * A limit pair as read in a table: '3.000 a month, 100 a day', the one not given derived on a 30-day month as the
 * limits are applied; a dash when there is no limit.
 */
export function LimitPairText(pair: LimitPair) {
  const { total, daily } = effectiveLimits(pair);
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
