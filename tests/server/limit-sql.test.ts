import { CARD_BRANDS } from '@domain/enums';
import { hasLimit, limitCardBrandOf } from '@domain/limits';
import { hasLimitSql, limitCardBrandSql } from '@server/db/limit-sql';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/test-app';

// The limits' rules as SQL (src/server/db/limit-sql.ts) give what the domain's functions give, on every edge: the
// limit-alerts job and the counters read through the SQL, the services and the console through the functions.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(() => t.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('the limits rules in SQL', () => {
  it('hasLimit: a limit has a value when either Monthly or Daily is given', async () => {
    const pairs = [
      { total: null, daily: null },
      { total: 100, daily: null },
      { total: null, daily: 5 },
      { total: 100, daily: 5 },
    ];
    const values = sql.join(
      pairs.map((pair, index) => sql`(${index}::int, ${pair.total}::int, ${pair.daily}::int)`),
      sql`, `,
    );
    const result = await t.db.execute(
      sql`select l.n, ${hasLimitSql(sql`l`)} as has from (values ${values}) as l(n, total, daily) order by l.n`,
    );
    expect(rowsOf<{ has: boolean }>(result).map((row) => row.has)).toEqual(pairs.map(hasLimit));
  });

  it('limitCardBrandOf: Visa, Mastercard, and Others for every other brand, an unknown one and none', async () => {
    const brands = [...CARD_BRANDS, 'PAYPAL', 'visa', ''] as (string | null)[];
    brands.push(null);
    const values = sql.join(
      brands.map((brand, index) => sql`(${index}::int, ${brand}::text)`),
      sql`, `,
    );
    const result = await t.db.execute(
      sql`select ${limitCardBrandSql(sql`b.card_brand`)} as brand from (values ${values}) as b(n, card_brand) order by b.n`,
    );
    const grouped = rowsOf<{ brand: string }>(result).map((row) => row.brand);
    expect(grouped).toEqual(brands.map(limitCardBrandOf));
    expect(new Set(grouped)).toEqual(new Set(['VISA', 'MC', 'OTHERS']));
  });
});
