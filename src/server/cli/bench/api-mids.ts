import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountProviders, acquirers, merchants, solutions } from '../../db/schema';
import { createRandom } from '../../db/seed/random';
import { describeLatency, round } from './stats';
import { timeRequests } from './timing';
import type { Measurement } from './types';

// The MIDs list (issue 13: first page p95 <= 25 ms for a merchant with 5,000 MIDs, on PostgreSQL). The fixture's
// account gets a provider with three solutions and one merchant with that many MIDs, with varied variables.

export const BENCH_MIDS = 5_000;
const REQUESTS = 200;
const BUDGET = { op: '<=', value: 25, unit: 'ms' } as const;

const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'PLN'];
const COUNTRIES = ['ES', 'FR', 'IT', 'DE', 'GB', 'PT', 'NL', 'US', 'CA', 'MX'];
const BRANDS = ['VISA', 'MC', 'AMEX', 'DISCOVER', 'MAESTRO'];

/** Inserts the MIDs in one INSERT ... SELECT FROM unnest; answers the merchant that holds them. */
export async function seedMids(db: Db, accountId: string): Promise<string> {
  const [acquirer] = await db
    .insert(acquirers)
    .values({ prettyName: 'Adyen', description: 'Bench acquirer' })
    .onConflictDoUpdate({ target: acquirers.prettyName, set: { description: 'Bench acquirer' } })
    .returning({ id: acquirers.id });
  await db.insert(accountProviders).values({ accountId, acquirerId: acquirer!.id }).onConflictDoNothing();
  const solutionRows = await db
    .insert(solutions)
    .values(
      ['Cards EU', 'Cards UK', 'Recurring'].map((prettyName) => ({ accountId, acquirerId: acquirer!.id, prettyName })),
    )
    .returning({ id: solutions.id });
  const [merchant] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(sql`${merchants.accountId} = ${accountId}`)
    .limit(1);
  const random = createRandom(20_261_125).fork('bench-mids');
  const pick = (values: readonly string[], most: number) => random.sample(values, random.int(0, most));
  const now = Date.now();
  const columns = {
    description: [] as string[],
    acquirerMid: [] as string[],
    solution: [] as string[],
    force: [] as (string | null)[],
    currency: [] as string[],
    country: [] as string[],
    brand: [] as string[],
    edited: [] as string[],
  };
  for (let n = 0; n < BENCH_MIDS; n++) {
    columns.description.push(`Adyen ${random.pick(['EU', 'UK', 'US', 'LATAM'])} cards ${n}`);
    columns.acquirerMid.push(`ADY-${String(100_000_000 + n)}`);
    columns.solution.push(random.pick(solutionRows).id);
    columns.force.push(random.pick([null, 'REQUIRED_3DS', 'NO_3DS', 'PREFERRED_3DS']));
    // Arrays travel as text ('{EUR,USD}') inside the unnest: one column of text[] per MID.
    columns.currency.push(`{${pick(CURRENCIES, 2).join(',')}}`);
    columns.country.push(`{${pick(COUNTRIES, 3).join(',')}}`);
    columns.brand.push(`{${pick(BRANDS, 2).join(',')}}`);
    columns.edited.push(new Date(now - Math.floor(random.next() * 365 * 86_400_000)).toISOString());
  }
  await db.execute(sql`
    insert into mids (
      account_id, merchant_id, description, mid_acquirer_id, acquirer_id, solution_id, force_3ds,
      currency, issuer_country, card_brand, created_at, updated_at
    )
    select ${accountId}::uuid, ${merchant!.id}::uuid, t.description, t.acquirer_mid, ${acquirer!.id}::uuid, t.solution,
      t.force, t.currency::text[], t.country::text[], t.brand::text[], t.edited, t.edited
    from unnest(
      ${sql.param(columns.description)}::text[], ${sql.param(columns.acquirerMid)}::text[],
      ${sql.param(columns.solution)}::uuid[], ${sql.param(columns.force)}::text[], ${sql.param(columns.currency)}::text[],
      ${sql.param(columns.country)}::text[], ${sql.param(columns.brand)}::text[], ${sql.param(columns.edited)}::timestamptz[]
    ) as t(description, acquirer_mid, solution, force, currency, country, brand, edited)
  `);
  return merchant!.id;
}

const midsUrl = (merchantId: string, query: string) => `/merchant/${merchantId}/mid?page=1&limit=50${query}`;

export const midListFirstPage: Measurement = {
  name: `MIDs list (${BENCH_MIDS.toLocaleString('en')} MIDs), first page p95`,
  group: 'api',
  budget: BUDGET,
  async run(context) {
    const fixture = await context.api();
    const summary = await timeRequests(fixture, () => midsUrl(fixture.midMerchantId, ''), REQUESTS);
    return { value: round(summary.p95), unit: 'ms', detail: `${describeLatency(summary)}, ${fixture.kind}` };
  },
};

export const midListFilteredPage: Measurement = {
  name: `MIDs list (${BENCH_MIDS.toLocaleString('en')} MIDs), filtered first page p95`,
  group: 'api',
  budget: BUDGET,
  async run(context) {
    const fixture = await context.api();
    const filters = ['&currency[]=GBP', '&issuerCountry[]=MX&cardBrand[]=AMEX', '&force3ds[]=NULL', '&search=latam'];
    const label = (index: number) => filters[index % filters.length]!;
    const summary = await timeRequests(
      fixture,
      (index) => midsUrl(fixture.midMerchantId, label(index)),
      REQUESTS,
      label,
    );
    return { value: round(summary.p95), unit: 'ms', detail: `${describeLatency(summary)}; ${summary.byLabel}` };
  },
};

// The simulator (issue 14: p95 <= 20 ms for a merchant with 200 routes): the routes spread over the bench MIDs.
export const BENCH_ROUTES = 200;

export async function seedRoutes(db: Db, accountId: string, merchantId: string): Promise<void> {
  await db.execute(sql`
    insert into routes (account_id, merchant_id, description, priority, weight, mid_id, currency, created_at, updated_at)
    select ${accountId}::uuid, ${merchantId}::uuid, 'Route ' || n, 1 + n % 10, 10 + n % 90, m.id,
      case when n % 3 = 0 then array['EUR']::text[] when n % 3 = 1 then array['GBP', 'USD']::text[] else '{}'::text[] end,
      now(), now()
    from generate_series(1, ${BENCH_ROUTES}) as n
    join lateral (select id from mids where merchant_id = ${merchantId}::uuid order by id offset n limit 1) m on true
  `);
}

export const simulationP95: Measurement = {
  name: `Simulator (${BENCH_ROUTES} routes), one order p95`,
  group: 'api',
  budget: { op: '<=', value: 20, unit: 'ms' },
  async run(context) {
    const fixture = await context.api();
    const orders = [
      { currency: 'EUR', issuerCountry: 'ES', cardBrand: 'VISA' },
      { currency: 'GBP', issuerCountry: 'GB', cardBrand: 'MC', binCode: '522222' },
      { currency: 'USD', issuerCountry: 'MX', cardBrand: 'AMEX' },
    ];
    const label = (index: number) => orders[index % orders.length]!.currency;
    const summary = await timeRequests(
      fixture,
      (index) => ({
        method: 'POST' as const,
        url: `/merchant/${fixture.midMerchantId}/simulation`,
        payload: { order: orders[index % orders.length] },
      }),
      REQUESTS,
      label,
    );
    return { value: round(summary.p95), unit: 'ms', detail: `${describeLatency(summary)}; ${summary.byLabel}` };
  },
};
