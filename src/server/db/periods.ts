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
 * Named periods' parts as a VALUES list `p(period, sign, whole_month, from_day, to_day)`, to join a totals table on
 * (`whole_month = p.whole_month and day between p.from_day and p.to_day`) and add `p.sign * count` up by `p.period`.
 * A row counts once per part it falls in: a day can be in one period and taken away from another's month.
 */
export function partsList(periods: Record<string, DayRange>, today: string): SQL {
  const values = Object.entries(periods).flatMap(([period, range]) =>
    totalsParts(range, today).map(
      (part) =>
        sql`(${period}::text, ${part.sign}::int, ${part.wholeMonth}::boolean, ${part.from}::date, ${part.to}::date)`,
    ),
  );
  return sql`(values ${sql.join(values, sql`, `)}) as p(period, sign, whole_month, from_day, to_day)`;
}

/**
 * One period's parts as expressions over a totals table's `whole_month` and `day` columns: `sign` is the row's sign in
 * the period's sum (0 outside it), `where` selects the rows of its parts. For sums of several periods in one row
 * (`sum(sign * count)` each); partsList when the periods are grouped by.
 */
export function partsOver(range: DayRange, today: string, columns: { wholeMonth: SQL; day: SQL }) {
  const conditions = totalsParts(range, today).map((part) => ({
    sign: part.sign,
    condition: part.wholeMonth
      ? sql`(${columns.wholeMonth} and ${columns.day} = ${part.from}::date)`
      : sql`(not ${columns.wholeMonth} and ${columns.day} between ${part.from}::date and ${part.to}::date)`,
  }));
  if (conditions.length === 0) return { sign: sql`0`, where: sql`false` };
  return {
    sign: sql`(case ${sql.join(
      conditions.map(({ sign, condition }) => sql`when ${condition} then ${sql.raw(String(sign))}`),
      sql` `,
    )} else 0 end)`,
    where: sql`(${sql.join(
      conditions.map(({ condition }) => condition),
      sql` or `,
    )})`,
  };
}
