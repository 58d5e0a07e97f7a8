import { addDays, daysIn, eachDay } from '@domain/dashboard';
import { type TotalsPart, totalsParts } from '@server/db/periods';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// How a period is read from a totals table's day and month rows (dashboard, counters; db/periods.ts). Whatever parts are chosen, their
// signed sum must count every day of the period once and no other day; the choice only decides how many rows a read
// touches.

/** How many times the parts count `day`: a month part counts every day of its month. */
function timesCounted(parts: readonly TotalsPart[], day: string): number {
  let times = 0;
  for (const part of parts) {
    const covers = part.wholeMonth ? day.slice(0, 7) === part.from.slice(0, 7) : day >= part.from && day <= part.to;
    if (covers) times += part.sign;
  }
  return times;
}

const dayArb = fc.integer({ min: 0, max: 3 * 365 }).map((offset) => addDays('2025-01-01', offset));

describe('a dashboard period read from day and month rows', () => {
  it('counts every day of the period once and no other day, for any period and any today', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: 0, max: 399 }), dayArb, (from, length, today) => {
        const range = { from, to: addDays(from, length) };
        const parts = totalsParts(range, today);
        const around = { from: addDays(`${from.slice(0, 8)}01`, -1), to: addDays(range.to, 32) };
        for (const day of eachDay(around)) {
          expect(timesCounted(parts, day)).toBe(day >= range.from && day <= range.to ? 1 : 0);
        }
      }),
    );
  });

  it('reads a whole month as its one row', () => {
    expect(totalsParts({ from: '2026-02-01', to: '2026-02-28' }, '2026-03-17')).toEqual([
      { wholeMonth: true, from: '2026-02-01', to: '2026-02-01', sign: 1 },
    ]);
  });

  it('reads this month as the month less the days still to come, which hold nothing', () => {
    expect(totalsParts({ from: '2026-03-01', to: '2026-03-17' }, '2026-03-17')).toEqual([
      { wholeMonth: true, from: '2026-03-01', to: '2026-03-01', sign: 1 },
      { wholeMonth: false, from: '2026-03-18', to: '2026-03-31', sign: -1 },
    ]);
  });

  it('reads a few days as those days, and the months a long period covers as months', () => {
    expect(totalsParts({ from: '2026-03-11', to: '2026-03-17' }, '2026-03-17')).toEqual([
      { wholeMonth: false, from: '2026-03-11', to: '2026-03-17', sign: 1 },
    ]);
    const parts = totalsParts({ from: '2026-01-03', to: '2026-03-17' }, '2026-03-17');
    expect(parts).toEqual([
      { wholeMonth: true, from: '2026-01-01', to: '2026-01-01', sign: 1 },
      { wholeMonth: false, from: '2026-01-01', to: '2026-01-02', sign: -1 },
      { wholeMonth: true, from: '2026-02-01', to: '2026-02-01', sign: 1 },
      { wholeMonth: true, from: '2026-03-01', to: '2026-03-01', sign: 1 },
      { wholeMonth: false, from: '2026-03-18', to: '2026-03-31', sign: -1 },
    ]);
    // 74 days of day rows become 3 month rows and 2 past days.
    expect(daysIn({ from: '2026-01-03', to: '2026-03-17' })).toBe(74);
  });
});
