import { createRouter } from '@domain/routing';
import { addCycle } from '@domain/subscription-cycles';
import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import {
  accounts,
  acquirers,
  merchants,
  mids,
  routes,
  serverSettings,
  solutions,
  subscriptionAttempts,
  subscriptions,
  transactions,
} from '../db/schema';
import { DEMO_CREDENTIALS_KEY } from '../db/seed/generator';
import type { Subscription } from '../db/seed/payments-orders';
import type { MerchantWorld, PaymentsMerchant, WorldMid, WorldRoute } from '../db/seed/payments-world';
import { loadWorldPlans } from '../db/seed/subscription-plans';

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
  const [merchantRows, midRows, routeRows, plansByMerchant] = await Promise.all([
    db.select().from(merchants).where(inArray(merchants.id, ids)),
    db
      .select({ mid: mids, acquirerName: acquirers.prettyName, solutionName: solutions.prettyName })
      .from(mids)
      .innerJoin(acquirers, eq(acquirers.id, mids.acquirerId))
      .innerJoin(solutions, eq(solutions.id, mids.solutionId))
      .where(inArray(mids.merchantId, ids)),
    db.select().from(routes).where(inArray(routes.merchantId, ids)),
    loadWorldPlans(db, ids),
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
        plans: plansByMerchant.get(row.id) ?? [],
      },
    ];
  });
}

/**
 * Where a merchant's orders left off: its highest order number since the start of the UTC day of `since` (an order
 * reference carries its day, so numbers only need to be new within one).
 */
export async function loadResumeState(
  db: Queryable,
  merchant: Pick<PaymentsMerchant, 'id' | 'accountId'>,
  since: number,
): Promise<{ sequence: number }> {
  const dayStart = new Date(Math.floor(since / DAY_MS) * DAY_MS);
  const [numbered] = await db
    .select({
      sequence: sql<number>`coalesce(max(split_part(${transactions.referenceOrderId}, '-', 3)::int), 0)::int`,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.accountId, merchant.accountId),
        eq(transactions.merchantId, merchant.id),
        gte(transactions.createdAt, dayStart),
        isNull(transactions.parentId),
        // The generator's references: PREFIX-YYMMDD-NUMBER.
        sql`${transactions.referenceOrderId} ~ '^[^-]+-[0-9]{6}-[0-9]{1,9}$'`,
      ),
    );
  return { sequence: numbered?.sequence ?? 0 };
}

/** Subscriptions charged per merchant and batch at most: a backlog (the app was stopped) is worked off over batches. */
const DUE_PER_BATCH = 50;

/**
 * A merchant's active subscriptions whose next charge has fallen due by `until`, the longest due first, as the
 * generator charges them: the plan (as the database holds it now), the initial payment's card and shopper, and where
 * the current cycle's retries stand (declined charges of the next cycle so far).
 */
export async function loadDueSubscriptions(
  db: Queryable,
  world: MerchantWorld,
  until: number,
): Promise<Subscription[]> {
  if (world.plans.length === 0) return [];
  const plansById = new Map(world.plans.map((plan) => [plan.id, plan]));
  const rows = await db
    .select({
      subscriptionId: subscriptions.id,
      planId: subscriptions.planId,
      amount: subscriptions.amount,
      currency: subscriptions.currency,
      cycle: subscriptions.cycle,
      nextChargeAt: subscriptions.nextChargeAt,
      startedAt: subscriptions.createdAt,
      initial: transactions,
      // The next cycle's declined orders so far (one holds the payment and its retry on the fallback MID).
      failures: sql<number>`(select count(distinct t.root_id)::int from ${subscriptionAttempts} a
        join ${transactions} t on t.account_id = a.account_id and t.id = a.transaction_id
        where a.account_id = ${subscriptions.accountId} and a.subscription_id = ${subscriptions.id}
          and a.cycle = ${subscriptions.cycle} + 1
          and a.type in ('RENEWAL', 'MAINTENANCE'))`,
    })
    .from(subscriptions)
    .innerJoin(
      transactions,
      and(eq(transactions.accountId, subscriptions.accountId), eq(transactions.id, subscriptions.initialTransactionId)),
    )
    .where(
      and(
        eq(subscriptions.accountId, world.merchant.accountId),
        eq(subscriptions.merchantId, world.merchant.id),
        eq(subscriptions.status, 'ACTIVE'),
        lte(subscriptions.nextChargeAt, new Date(until)),
      ),
    )
    .orderBy(asc(subscriptions.nextChargeAt))
    .limit(DUE_PER_BATCH);
  return rows.flatMap((row): Subscription[] => {
    const plan = plansById.get(row.planId);
    if (!plan || !row.nextChargeAt) return [];
    const sequence = plan.retrySequence ?? [];
    const initial = row.initial;
    return [
      {
        id: initial.id,
        subscriptionId: row.subscriptionId,
        accountId: world.merchant.accountId,
        amount: row.amount,
        currency: row.currency,
        orderUrl: initial.orderUrl,
        customTag: initial.customTag,
        plan,
        startedAt: row.startedAt.getTime(),
        cycle: row.cycle,
        dueAt: addCycle(row.startedAt, plan.cycle, row.cycle).getTime(),
        failures: row.failures,
        nextAt: row.nextChargeAt.getTime(),
        nextType: row.failures === 0 ? 'RENEWAL' : (sequence[row.failures - 1]?.type ?? 'RENEWAL'),
        end: null,
        cardFailsFrom: null,
        payer: {
          paymentMethod: initial.paymentMethod,
          cardBrand: initial.cardBrand,
          cardBin: initial.cardBin,
          cardLast4: initial.cardLast4,
          cardCountry: initial.cardCountry,
          cardHolder: initial.cardHolder,
          cardExpiry: initial.cardExpiry,
          cardTokenUpdatedAt: initial.cardTokenUpdatedAt,
          cardType: initial.cardType,
          cardSegment: initial.cardSegment,
          cardBank: initial.cardBank,
          cardZipCode: initial.cardZipCode,
          shopperEmail: initial.shopperEmail,
          shopperIp: initial.shopperIp,
          shopperIpCountry: initial.shopperIpCountry,
          shopperDeviceType: initial.shopperDeviceType,
          shopperBrowser: initial.shopperBrowser,
        },
      },
    ];
  });
}
