import type { Cycle } from './subscriptions-kpis';

// When a subscription's charges fall due (spec 3, section 3 "Plan": basicSettings.cycle and the retry sequence).

const DAY_MS = 86_400_000;

/** The moment one cycle after `from`: days and weeks exactly, months and years on the same day of the month (the
 * month's last day when it has fewer), at the same time of day, in UTC. */
export function addCycle(from: Date, cycle: Cycle, cycles = 1): Date {
  if (cycle.unit === 'DAY') return new Date(from.getTime() + cycle.time * cycles * DAY_MS);
  if (cycle.unit === 'WEEK') return new Date(from.getTime() + cycle.time * cycles * 7 * DAY_MS);
  const months = cycle.time * cycles * (cycle.unit === 'YEAR' ? 12 : 1);
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  );
}

/** A step of the plan's retry sequence: a RENEWAL or MAINTENANCE charge `time` days after the failed due date. */
export interface RetryStep {
  type: 'RENEWAL' | 'MAINTENANCE';
  time: number;
  unit?: 'DAY';
}

/**
 * When the charge after a declined one falls due: the retry sequence's next step counted from the cycle's due date,
 * or null when the sequence is exhausted (`failures` declined charges in the cycle so far, the first being the
 * renewal itself), which cancels the subscription (HARD_DECLINE).
 */
export function nextRetry(
  dueAt: Date,
  failures: number,
  sequence: readonly RetryStep[] | null,
): { at: Date; type: RetryStep['type'] } | null {
  const step = sequence?.[failures - 1];
  if (!step) return null;
  return { at: new Date(dueAt.getTime() + step.time * DAY_MS), type: step.type };
}
