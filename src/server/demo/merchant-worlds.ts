import { createRouter } from '@domain/routing';
import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { accounts, acquirers, merchants, mids, routes, serverSettings, solutions, transactions } from '../db/schema';
import { DEMO_CREDENTIALS_KEY } from '../db/seed/generator';
import { SUBSCRIPTION_POOL, type Subscription } from '../db/seed/payments-orders';
import type { MerchantWorld, PaymentsMerchant, WorldMid, WorldRoute } from '../db/seed/payments-world';

// The demo generator's merchant worlds (db/seed/payments-world.ts) rebuilt from the database as it is now: the MIDs
// and routes users may have edited since the seed, and where each merchant's orders left off. Live demo traffic
// (live-traffic.ts) places its orders with the generator's own code on these.

const DAY_MS = 86_400_000;

/** Whether the database holds the generated demo world (the seed records its sign-ins): only then is there traffic. */
export async function holdsDemoWorld(db: Queryable): Promise<boolean> {
  const [setting] = await db
    .select({ key: serverSettings.key })
    .from(serverSettings)
    .where(eq(serverSettings.key, DEMO_CREDENTIALS_KEY));
  return setting !== undefined;
}

/** The merchants that traffic can be routed for: those with a route. */
export async function routedMerchantIds(db: Queryable): Promise<string[]> {
  const rows = await db.selectDistinct({ merchantId: routes.merchantId }).from(routes).orderBy(routes.merchantId);
  return rows.map((row) => row.merchantId);
}

/**
 * When the latest order was placed (ms), or null without any: where live traffic fills on from. One index probe per
 * account (the lists' account and creation-date index), not a scan of the table.
 */
export async function latestOrderAt(db: Queryable): Promise<number | null> {
  const result = await db.execute(sql`
    select (extract(epoch from max(latest.created_at)) * 1000)::float8 as "latestMs"
    from ${accounts} a
    cross join lateral (
      select t.created_at from ${transactions} t
      where t.account_id = a.id
      order by t.created_at desc nulls first
      limit 1
    ) latest`);
  const [row] = (result as unknown as { rows: { latestMs: number | null }[] }).rows;
  return row?.latestMs ?? null;
}

/** The shop's host, as the seed derives it: www.<host> is the checkout. */
function hostOf(corporateUrl: string): string {
  try {
    return new URL(corporateUrl).hostname.replace(/^www\./, '');
  } catch {
    return (
      corporateUrl
        .replace(/^[a-z]+:\/\//i, '')
        .replace(/^www\./, '')
        .split('/')[0] ?? corporateUrl
    );
  }
}

/** The worlds of these merchants as the database holds them now; a merchant without a route has none. */
export async function loadMerchantWorlds(db: Queryable, merchantIds: readonly string[]): Promise<MerchantWorld[]> {
  if (merchantIds.length === 0) return [];
  const ids = [...merchantIds];
  const [merchantRows, midRows, routeRows] = await Promise.all([
    db.select().from(merchants).where(inArray(merchants.id, ids)),
    db
      .select({ mid: mids, acquirerName: acquirers.prettyName, solutionName: solutions.prettyName })
      .from(mids)
      .innerJoin(acquirers, eq(acquirers.id, mids.acquirerId))
      .innerJoin(solutions, eq(solutions.id, mids.solutionId))
      .where(inArray(mids.merchantId, ids)),
    db.select().from(routes).where(inArray(routes.merchantId, ids)),
  ]);
  return merchantRows.flatMap((row): MerchantWorld[] => {
    const merchantRoutes: WorldRoute[] = routeRows.filter((route) => route.merchantId === row.id);
    if (merchantRoutes.length === 0) return [];
    const merchant: PaymentsMerchant = {
      id: row.id,
      accountId: row.accountId,
      prettyName: row.prettyName,
      dba: row.dba,
      country: row.country,
      mccCode: row.mccCode,
      host: hostOf(row.corporateUrl),
      createdAt: row.createdAt,
    };
    const merchantMids = midRows
      .filter(({ mid }) => mid.merchantId === row.id)
      .map(({ mid, acquirerName, solutionName }): WorldMid => ({ ...mid, acquirerName, solutionName }));
    const lastSetUp = Math.max(...merchantRoutes.map((route) => route.createdAt.getTime()));
    return [
      {
        merchant,
        mids: merchantMids,
        routes: merchantRoutes,
        router: createRouter(merchantRoutes, merchantMids),
        liveFrom: new Date(lastSetUp + DAY_MS),
      },
    ];
  });
}

/**
 * Where a merchant's orders left off: its highest order number since the start of the UTC day of `since` (an order
 * reference carries its day, so numbers only need to be new within one) and its latest successful initial payments,
 * oldest first, which live renewals charge again.
 */
export async function loadResumeState(
  db: Queryable,
  merchantId: string,
  since: number,
): Promise<{ sequence: number; subscriptions: Subscription[] }> {
  const dayStart = new Date(Math.floor(since / DAY_MS) * DAY_MS);
  const [numbered] = await db
    .select({
      sequence: sql<number>`coalesce(max(split_part(${transactions.referenceOrderId}, '-', 3)::int), 0)::int`,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.merchantId, merchantId),
        gte(transactions.createdAt, dayStart),
        isNull(transactions.parentId),
        // The generator's references: PREFIX-YYMMDD-NUMBER.
        sql`${transactions.referenceOrderId} ~ '^[^-]+-[0-9]{6}-[0-9]{1,9}$'`,
      ),
    );
  const initial = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.merchantId, merchantId),
        eq(transactions.transactionType, 'PAYMENT'),
        eq(transactions.category, 'INITIAL'),
        eq(transactions.status, 'SUCCESS'),
      ),
    )
    .orderBy(desc(transactions.createdAt))
    .limit(SUBSCRIPTION_POOL);
  const subscriptions = initial.reverse().map(
    (row): Subscription => ({
      id: row.id,
      amount: row.amount,
      currency: row.currency,
      orderUrl: row.orderUrl,
      customTag: row.customTag,
      payer: {
        paymentMethod: row.paymentMethod,
        cardBrand: row.cardBrand,
        cardBin: row.cardBin,
        cardLast4: row.cardLast4,
        cardCountry: row.cardCountry,
        cardHolder: row.cardHolder,
        cardExpiry: row.cardExpiry,
        cardTokenUpdatedAt: row.cardTokenUpdatedAt,
        cardType: row.cardType,
        cardSegment: row.cardSegment,
        cardBank: row.cardBank,
        cardZipCode: row.cardZipCode,
        shopperEmail: row.shopperEmail,
        shopperIp: row.shopperIp,
        shopperIpCountry: row.shopperIpCountry,
        shopperDeviceType: row.shopperDeviceType,
        shopperBrowser: row.shopperBrowser,
      },
    }),
  );
  return { sequence: numbered?.sequence ?? 0, subscriptions };
}
