import { addDays, type DayRange, daysIn } from '@domain/dashboard';
import { type SQL, sql } from 'drizzle-orm';

// How a period is read from a totals table that holds a row per day and one per whole calendar month: the dashboard's
// (migration 0021) and the counters' (0022). Each month the period touches is read as its day rows in the period, or
// as its month row less its day rows outside the period, whichever reads fewer days with data: a whole month is one
// row, "This month" near its end is the month less a few days that have none yet, and "Last 7 days" is seven days.
// Counts, converted amounts and missing-rate counts all subtract exactly, so either way gives the same sums.

/** The UTC day of a time: the `today` the functions below take. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Day rows from `from` to `to`, or (wholeMonth) the row of the month starting on `from`; added or taken away. */
export interface TotalsPart {
  wholeMonth: boolean;
  from: string;
  to: string;
  sign: 1 | -1;
}

const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;
const firstOfNextMonth = (day: string) => {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
};

/** Days of `range` that can hold data: none after `today`. */
const daysWithData = (range: DayRange, today: string): number => {
  const to = range.to < today ? range.to : today;
  return to < range.from ? 0 : daysIn({ from: range.from, to });
};

/** The parts whose signed sum is the period's total; `today` only steers the choice, never the sums. */
export function totalsParts(range: DayRange, today: string): TotalsPart[] {
  const parts: TotalsPart[] = [];
  for (let first = firstOfMonth(range.from); first <= range.to; first = firstOfNextMonth(first)) {
    const last = addDays(firstOfNextMonth(first), -1);
    const from = range.from > first ? range.from : first;
    const to = range.to < last ? range.to : last;
    const before = from > first ? { from: first, to: addDays(from, -1) } : undefined;
    const after = to < last ? { from: addDays(to, 1), to: last } : undefined;
    const outside = (before ? daysWithData(before, today) : 0) + (after ? daysWithData(after, today) : 0);
    // A month row costs about a day's rows; reading `outside` days instead of the period's pays off below this.
    if (before || after ? outside + 1 >= daysWithData({ from, to }, today) : false) {
      parts.push({ wholeMonth: false, from, to, sign: 1 });
      continue;
    }
    parts.push({ wholeMonth: true, from: first, to: first, sign: 1 });
    if (before) parts.push({ wholeMonth: false, ...before, sign: -1 });
    if (after) parts.push({ wholeMonth: false, ...after, sign: -1 });
  }
  return parts;
}

/**
 * The rows of a totals table in named periods, as a FROM item: the periods' parts as a VALUES list
 * `p(period, sign, whole_month, from_day, to_day)` joined to the table (under `alias`) on the rows each part reads.
 * Add `p.sign * count` up by `p.period`: a row counts once per part it falls in, so a day can be in one period and
 * taken away from another's month, and a row outside every part is never read.
 */
export function periodsFrom(table: SQL, alias: string, periods: Record<string, DayRange>, today: string): SQL {
  const values = Object.entries(periods).flatMap(([period, range]) =>
    totalsParts(range, today).map(
      (part) =>
        sql`(${period}::text, ${part.sign}::int, ${part.wholeMonth}::boolean, ${part.from}::date, ${part.to}::date)`,
    ),
  );
  const rows = sql.identifier(alias);
  // Every period has a day, so a month, so a part: the VALUES list is never empty.
  return sql`(values ${sql.join(values, sql`, `)}) as p(period, sign, whole_month, from_day, to_day)
    join ${table} ${rows} on ${rows}.whole_month = p.whole_month and ${rows}.day between p.from_day and p.to_day`;
}
