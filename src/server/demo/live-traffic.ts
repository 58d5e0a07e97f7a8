import { randomInt } from 'node:crypto';
import type { Db } from '../db/client';
import { transactionHistory, transactions } from '../db/schema';
import { type GeneratedOrder, MerchantTraffic, NoRouteError } from '../db/seed/payments-orders';
import type { MerchantWorld } from '../db/seed/payments-world';
import { createRandom } from '../db/seed/random';
import { lockChargeable, writeSubscriptionOrders } from '../db/seed/subscriptions';
import {
  latestOrderAt,
  loadDueSubscriptions,
  loadMerchantWorlds,
  loadResumeState,
  routedMerchantIds,
} from './merchant-worlds';

// Live demo traffic (issue 16): `npm start` on a demo database keeps placing orders, a few a minute across the demo
// merchants, so 'Sales today' moves, limits fill and alerts fire while a user watches. Each order is made by the demo
// generator's own code (MerchantTraffic.liveOrder) on the merchant's MIDs and routes as the database holds them now:
// the routing engine picks the route and MID, the issuer approves or declines, a decline is retried on the fallback
// MID. The rows are written at the current time, so the sales rollup's triggers count them at once, and every batch
// asks for a limit-alerts check. Subscriptions follow their plans: a successful initial payment starts one, and the
// renewals charge the active subscriptions that have fallen due (as the database holds them at each batch, so a pause
// or a cancellation is followed), retried on the plan's sequence and cancelled (HARD_DECLINE) when it runs out; the
// subscription rows, their attempts and the KPI rollup are written in the orders' transaction, and a charge of a
// subscription that stopped being active meanwhile is not placed. Tests and scripts place orders with `drive`.

/** How often the running traffic places the orders due since its last batch (at most this long, at least 1 s). */
const MAX_TICK_MS = 10_000;
/** After a pause the traffic fills at most this far back: the demo world ends at the hour it was seeded in. */
const MAX_CATCH_UP_MS = 3_600_000;
/** Rows per INSERT statement, well within PostgreSQL's 65,535 parameters at 57 columns a row. */
const INSERT_ROWS = 500;
/**
 * Orders per transaction when a batch is large (the catch-up after a pause can be an hour of orders). The embedded
 * database runs on the server's own thread: one long transaction would keep every request waiting until it ends.
 */
const ORDERS_PER_TRANSACTION = 100;
/** Transaction-id streams of MerchantTraffic: 0 to 4095. */
const STREAMS = 4096;

export interface DrivenOrders {
  /** Orders placed (an order is one payment, or a declined one and its retry on the fallback MID). */
  orders: number;
  /** Transaction rows written. */
  transactions: number;
  /** Orders that ended in a successful payment or recurrence: the sales limits count. */
  successes: number;
  /** Orders no route of the merchant's current routing serves: not placed. */
  unrouted: number;
}

export interface DemoTrafficDeps {
  db: Db;
  now: () => number;
  log: { error(details: object, message: string): void };
  /** Called once each batch has committed: the limit-alerts check runs soon after the sales that cross a limit. */
  afterSales(): Promise<void>;
}

export interface DemoTraffic {
  /** Places `count` orders of one merchant now, through its routes; throws when the merchant has no route. */
  drive(merchantId: string, count: number): Promise<DrivenOrders>;
  /** Keeps placing `ratePerMinute` orders a minute across the merchants with routes, from where the data ends. */
  start(ratePerMinute: number): void;
  /** Stops placing orders and waits for the batch in hand. */
  stop(): Promise<void>;
}

interface PlannedOrder {
  merchantId: string;
  at: number;
}

const SALE_TYPES = new Set(['PAYMENT', 'RECURRENCE']);

export function createDemoTraffic(deps: DemoTrafficDeps): DemoTraffic {
  const { db, now } = deps;
  // A fresh stream each process: transaction ids are drawn from it (MerchantTraffic.nextId), and a restart must not
  // draw the ids of the previous run again.
  const rng = createRandom(randomInt(2 ** 32));
  let nextStream = randomInt(STREAMS);
  const generators = new Map<string, MerchantTraffic>();

  /** Each merchant's generator, on its routing as it is now; created and resumed from the data on first use. */
  async function generatorsFor(
    merchantIds: readonly string[],
    since: number,
  ): Promise<Map<string, { traffic: MerchantTraffic; world: MerchantWorld }>> {
    const worlds = await loadMerchantWorlds(db, merchantIds);
    const found = new Map<string, { traffic: MerchantTraffic; world: MerchantWorld }>();
    for (const world of worlds) {
      let traffic = generators.get(world.merchant.id);
      if (traffic) {
        traffic.reroute(world);
      } else {
        traffic = new MerchantTraffic(rng.fork(world.merchant.id), world, new Date(since), nextStream);
        nextStream = (nextStream + 1) % STREAMS;
        traffic.resume(await loadResumeState(db, world.merchant, since));
        generators.set(world.merchant.id, traffic);
      }
      found.set(world.merchant.id, { traffic, world });
    }
    return found;
  }

  /** Generates the planned orders and writes them in one transaction. */
  async function place(plan: readonly PlannedOrder[]): Promise<DrivenOrders> {
    const result: DrivenOrders = { orders: 0, transactions: 0, successes: 0, unrouted: 0 };
    if (plan.length === 0) return result;
    const since = Math.min(...plan.map((order) => order.at));
    const traffic = await generatorsFor([...new Set(plan.map((order) => order.merchantId))], since);
    // The subscriptions each merchant's renewals may charge in this batch: those due by its last order.
    for (const [merchantId, { traffic: generator, world }] of traffic) {
      const until = Math.max(...plan.filter((order) => order.merchantId === merchantId).map((order) => order.at));
      generator.setDue(await loadDueSubscriptions(db, world, until));
    }
    const orders: GeneratedOrder[] = [];
    for (const { merchantId, at } of plan) {
      const generator = traffic.get(merchantId)?.traffic;
      let order: GeneratedOrder;
      try {
        if (!generator) throw new NoRouteError(merchantId);
        order = generator.liveOrder(at);
      } catch (error) {
        // A user may have narrowed the routes so that some orders find none: the platform would refuse those.
        if (!(error instanceof NoRouteError)) throw error;
        result.unrouted += 1;
        continue;
      }
      orders.push(order);
    }
    if (orders.length === 0) return result;
    let placed: GeneratedOrder[] = [];
    try {
      await db.transaction(async (tx) => {
        const chargeable = await lockChargeable(tx, orders);
        placed = orders.filter(
          (order) =>
            order.subscription?.kind !== 'charge' || chargeable.has(order.subscription.subscription.subscriptionId),
        );
        const rows = placed.flatMap((order) => order.transactions);
        const history = placed.flatMap((order) => order.history);
        for (let start = 0; start < rows.length; start += INSERT_ROWS) {
          await tx.insert(transactions).values(rows.slice(start, start + INSERT_ROWS));
        }
        for (let start = 0; start < history.length; start += INSERT_ROWS) {
          await tx.insert(transactionHistory).values(history.slice(start, start + INSERT_ROWS));
        }
        await writeSubscriptionOrders(tx, placed, now());
      });
    } catch (error) {
      // The generators now remember orders that were never written (a renewal could name one as its parent): they
      // start again from the data next time.
      for (const merchantId of traffic.keys()) generators.delete(merchantId);
      throw error;
    }
    for (const order of placed) {
      result.orders += 1;
      result.transactions += order.transactions.length;
      const last = order.transactions[order.transactions.length - 1]!;
      if (SALE_TYPES.has(last.transactionType) && last.status === 'SUCCESS') result.successes += 1;
    }
    if (result.transactions === 0) return result;
    await deps.afterSales();
    return result;
  }

  let running = false;
  let loop: Promise<void> | undefined;
  let wakeSleeper: (() => void) | undefined;
  /** The end of the last batch. */
  let placedUntil = 0;
  /** Fractions of an order carried to the next batch, so the rate holds exactly over time. */
  let carry = 0;

  /** The orders due since the last batch, evenly spread over that time, each for a merchant picked at random. */
  async function batch(ratePerMinute: number): Promise<void> {
    const to = now();
    const from = Math.min(to, Math.max(placedUntil, to - MAX_CATCH_UP_MS));
    carry += ((to - from) * ratePerMinute) / 60_000;
    const count = Math.floor(carry);
    carry -= count;
    placedUntil = to;
    if (count === 0) return;
    const merchantIds = await routedMerchantIds(db);
    if (merchantIds.length === 0) return;
    const plan = Array.from({ length: count }, (_, index) => ({
      merchantId: rng.pick(merchantIds),
      at: from + Math.round(((index + 1) * (to - from)) / count),
    }));
    for (let start = 0; start < plan.length && running; start += ORDERS_PER_TRANSACTION) {
      await place(plan.slice(start, start + ORDERS_PER_TRANSACTION));
      // Lets the requests that waited for this transaction run before the next one starts.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      // The traffic never keeps the process alive by itself.
      timer.unref();
      function done() {
        clearTimeout(timer);
        wakeSleeper = undefined;
        resolve();
      }
      wakeSleeper = done;
    });

  async function run(ratePerMinute: number): Promise<void> {
    const tickMs = Math.min(MAX_TICK_MS, Math.max(1_000, 60_000 / ratePerMinute));
    try {
      // The first batch fills on from where the data ends (the seed ends at the start of the hour it ran in).
      placedUntil = (await latestOrderAt(db)) ?? now();
    } catch (error) {
      deps.log.error({ err: error }, 'demo traffic could not read where the data ends');
      placedUntil = now();
    }
    while (running) {
      try {
        await batch(ratePerMinute);
      } catch (error) {
        // The database may be briefly unreachable, or a user changed a merchant mid-batch: the next batch tries again.
        deps.log.error({ err: error }, 'demo traffic could not place its orders');
      }
      if (running) await sleep(tickMs);
    }
  }

  return {
    async drive(merchantId, count) {
      const at = now();
      const result = await place(Array.from({ length: count }, () => ({ merchantId, at })));
      if (result.orders === 0 && result.unrouted === count && count > 0) {
        throw new Error(`Merchant ${merchantId} has no route that serves demo orders`);
      }
      return result;
    },
    start(ratePerMinute) {
      if (running || ratePerMinute <= 0) return;
      running = true;
      loop = run(ratePerMinute);
    },
    async stop() {
      running = false;
      wakeSleeper?.();
      await loop;
      loop = undefined;
    },
  };
}
