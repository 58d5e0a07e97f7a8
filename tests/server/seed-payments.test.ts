import { midSave } from '@domain/contract/mids';
import { REFUND_AVAILABILITY, type RefundAvailability, TRANSACTION_TYPES } from '@domain/enums';
import { riskLevel, riskScore } from '@domain/format';
import { customConfigSchema } from '@domain/mids';
import { type RefundChild, refundAvailabilityOf } from '@domain/refunds';
import { badConfigOf } from '@domain/routes';
import { createRouter, type RoutingOrder } from '@domain/routing';
import type { Database, Db } from '@server/db/client';
import {
  accounts,
  acquirers,
  merchantListItems,
  merchants,
  mids,
  routes,
  solutions,
  transactionHistory,
  transactions,
  userActivity,
} from '@server/db/schema';
import { scatter48 } from '@server/db/seed/payments-orders';
import { loadSecretBox } from '@server/lib/secret-box';
import { templateOf } from '@server/payments/acquirer-templates';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoWorld, openDemoWorld, WORLD_HOOK_TIMEOUT, WORLD_NOW } from './helpers/demo-world';

// The payments of the demo world: MIDs and routes per merchant, and a few months of orders pushed through the routing
// engine, ending at the seed's "now", with every refund-availability state of spec 3 section 4 present.

const NOW = WORLD_NOW;
const DAY_MS = 86_400_000;

let worlds: DemoWorld[];
let first: Database;
let second: Database;
let otherSeed: Database;
type Row = typeof transactions.$inferSelect;
let rows: Row[];
let byId: Map<string, Row>;
let childrenOf: Map<string, Row[]>;

/** A digest of every row of the payments tables, so two worlds compare in one value each. */
async function fingerprint(db: Db) {
  const digest = async (table: string, order: string) => {
    const result = await db.execute(
      // Sealed credentials differ on every run (a fresh IV and key each time): what they hold is compared elsewhere.
      sql.raw(`select md5(coalesce(string_agg((to_jsonb(t) - 'custom_secrets')::text, '|' order by ${order}), '')) as digest, count(*)::int as n
               from ${table} t`),
    );
    return (result as unknown as { rows: { digest: string; n: number }[] }).rows[0];
  };
  return {
    mids: await digest('mids', 'id'),
    routes: await digest('routes', 'id'),
    transactions: await digest('transactions', 'id'),
    history: await digest('transaction_history', 'id'),
  };
}

beforeAll(async () => {
  worlds = await Promise.all([openDemoWorld('seed1'), openDemoWorld('seed1-again'), openDemoWorld('seed2')]);
  [first, second, otherSeed] = worlds.map((world) => world.database) as [Database, Database, Database];
  rows = await first.db.select().from(transactions).orderBy(asc(transactions.createdAt), asc(transactions.id));
  byId = new Map(rows.map((row) => [row.id, row]));
  childrenOf = new Map();
  for (const row of rows) {
    if (!row.parentId) continue;
    childrenOf.set(row.parentId, [...(childrenOf.get(row.parentId) ?? []), row]);
  }
}, WORLD_HOOK_TIMEOUT);

afterAll(async () => {
  await Promise.all((worlds ?? []).map((world) => world.close()));
});

const isRefund = (row: Row) => row.transactionType === 'REFUND' || row.transactionType === 'PARTIAL_REFUND';
const isPaymentAttempt = (row: Row) => row.transactionType === 'PAYMENT' || row.transactionType === 'RECURRENCE';

describe('the demo payments', () => {
  it('are the same from the same seed', async () => {
    const [a, b] = await Promise.all([fingerprint(first.db), fingerprint(second.db)]);
    expect(a.transactions!.n).toBeGreaterThan(5_000);
    expect(a.history!.n).toBeGreaterThanOrEqual(a.transactions!.n);
    expect(b).toEqual(a);
  });

  it('give every account a few thousand transactions over the last months, none after the seed’s now', async () => {
    const accountIds = (await first.db.select({ id: accounts.id }).from(accounts)).map((account) => account.id);
    for (const accountId of accountIds) {
      const own = rows.filter((row) => row.accountId === accountId);
      expect(own.length).toBeGreaterThanOrEqual(2_600);
      expect(own.length).toBeLessThanOrEqual(3_400);
      // Recent traffic: the list's first page is today's.
      expect(own.some((row) => NOW.getTime() - row.createdAt.getTime() < DAY_MS)).toBe(true);
    }
    for (const row of rows) {
      expect(row.createdAt.getTime()).toBeLessThan(NOW.getTime());
      expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 121 * DAY_MS);
      expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
      expect(row.updatedAt.getTime()).toBeLessThan(NOW.getTime());
    }
  });

  it('gives every MID fields the MID form accepts: its template filled, credentials sealed, never in clear', async () => {
    const box = await loadSecretBox(first.db, undefined);
    const midRows = await first.db
      .select({ mid: mids, acquirer: acquirers.prettyName })
      .from(mids)
      .innerJoin(acquirers, eq(acquirers.id, mids.acquirerId));
    const refused = midRows.flatMap(({ mid, acquirer }) => {
      const secrets = mid.customSecrets ? box.open(mid.customSecrets, mid.id) : {};
      const config = { ...mid.customConfig, ...secrets };
      const form = midSave.safeParse({ ...mid, force3ds: mid.force3ds ?? 'NULL', customConfig: config });
      const template = customConfigSchema(templateOf(acquirer)).safeParse(config);
      const inClear = Object.values(secrets).some((value) => JSON.stringify(mid.customConfig).includes(value));
      return form.success && template.success && !inClear ? [] : [`${mid.description} (${acquirer})`];
    });
    expect(refused).toEqual([]);
    expect(midRows.filter(({ mid }) => mid.customSecrets !== null).length).toBeGreaterThan(midRows.length / 2);
  });

  it('builds routes the route rules accept: MIDs of the merchant that take the route’s variables', async () => {
    const midRows = await first.db.select().from(mids);
    const routeRows = await first.db.select().from(routes);
    const midById = new Map(midRows.map((mid) => [mid.id, mid]));
    const refused = routeRows.flatMap((route) => {
      const mid = midById.get(route.midId);
      const fallback = route.fallbackMidId ? midById.get(route.fallbackMidId) : null;
      const wrongMerchant =
        mid?.merchantId !== route.merchantId || (fallback && fallback.merchantId !== route.merchantId);
      const asynchronous = fallback && !(mid?.synchronous && fallback.synchronous);
      const bad = mid
        ? (badConfigOf(route, mid, fallback) ?? (asynchronous ? 'fallback with an asynchronous MID' : null))
        : 'no MID';
      return wrongMerchant || bad ? [`${route.description}: ${bad ?? 'another merchant'}`] : [];
    });
    expect(refused).toEqual([]);
  });

  it('send every order through a route and MID the routing engine could choose', async () => {
    const midRows = await first.db.select().from(mids);
    const routeRows = await first.db.select().from(routes);
    const routers = new Map<string, ReturnType<typeof createRouter>>();
    for (const merchantId of new Set(midRows.map((mid) => mid.merchantId))) {
      routers.set(
        merchantId,
        createRouter(
          routeRows.filter((route) => route.merchantId === merchantId),
          midRows.filter((mid) => mid.merchantId === merchantId),
        ),
      );
    }
    const routeById = new Map(routeRows.map((route) => [route.id, route]));
    const midById = new Map(midRows.map((mid) => [mid.id, mid]));
    let fallbacks = 0;
    for (const row of rows) {
      if (!isPaymentAttempt(row)) {
        // A refund, chargeback, retrieval or RDR runs on its payment's route and MID.
        const parent = byId.get(row.parentId!)!;
        expect([row.midId, row.routeId]).toEqual([parent.midId, parent.routeId]);
        continue;
      }
      const order: RoutingOrder = {
        currency: row.currency,
        issuerCountry: row.cardCountry,
        cardBrand: row.cardBrand,
        url: row.orderUrl,
        customTag: row.customTag,
        binCode: row.cardBin,
      };
      const serving = routers
        .get(row.merchantId)!
        .distribution(order)
        .serving.map((share) => share.id);
      expect(serving, `route of ${row.id}`).toContain(row.routeId);
      const route = routeById.get(row.routeId!)!;
      expect(row.acquirerId).toBe(midById.get(row.midId!)!.acquirerId);
      expect(row.solutionId).toBe(midById.get(row.midId!)!.solutionId);
      if (!row.isFallback) {
        expect(row.midId).toBe(route.midId);
        continue;
      }
      // A fallback retry: the route's fallback MID, both MIDs synchronous, after the first MID declined.
      fallbacks += 1;
      expect(row.midId).toBe(route.fallbackMidId);
      expect(midById.get(route.midId)!.synchronous && midById.get(row.midId!)!.synchronous).toBe(true);
      const firstAttempt = byId.get(row.rootId)!;
      expect(firstAttempt).toMatchObject({
        status: 'DECLINED',
        midId: route.midId,
        routeId: route.id,
        isFallback: false,
      });
      expect(firstAttempt.createdAt.getTime()).toBeLessThan(row.createdAt.getTime());
    }
    expect(fallbacks).toBeGreaterThan(0);
  });

  it('never refund more than the payment, and refund only successful payments after a day', () => {
    let partiallyRefunded = 0;
    for (const row of rows) {
      const refunds = (childrenOf.get(row.id) ?? []).filter(isRefund);
      if (refunds.length === 0) continue;
      expect(isPaymentAttempt(row) && row.status === 'SUCCESS').toBe(true);
      const held = refunds
        .filter(
          (refund) => refund.status === 'SUCCESS' || refund.status === 'IN_PROCESS' || refund.status === 'PENDING',
        )
        .reduce((sum, refund) => sum + refund.amount, 0);
      expect(held, `refunds of ${row.id}`).toBeLessThanOrEqual(row.amount);
      if (held > 0 && held < row.amount) partiallyRefunded += 1;
      for (const refund of refunds) {
        expect(refund.amount).toBeGreaterThan(0);
        expect(refund.currency).toBe(row.currency);
        expect(refund.transactionType).toBe(refund.amount === row.amount ? 'REFUND' : 'PARTIAL_REFUND');
        expect(refund.refundReason).not.toBeNull();
        expect(refund.createdAt.getTime() - row.createdAt.getTime()).toBeGreaterThanOrEqual(DAY_MS);
        if (refund.status === 'FAILED') expect(refund.errorCode).not.toBeNull();
      }
    }
    expect(partiallyRefunded).toBeGreaterThan(0);
  });

  it('hold every refund-availability state, in every account', async () => {
    const blocking = new Map(
      (await first.db.select({ id: mids.id, blocks: mids.providerBlocksSameDay }).from(mids)).map((mid) => [
        mid.id,
        mid.blocks,
      ]),
    );
    const seen = new Map<string, Set<RefundAvailability>>();
    for (const row of rows) {
      const children = childrenOf.get(row.id) ?? [];
      const refundable = refundAvailabilityOf({
        transactionType: row.transactionType as (typeof TRANSACTION_TYPES)[number],
        status: row.status as RefundChild['status'],
        amount: row.amount,
        refunds: children.filter(isRefund).map((refund) => ({
          status: refund.status as RefundChild['status'],
          amount: refund.amount,
        })),
        chargebackApplied: children.some(
          (child) => child.transactionType === 'CHARGEBACK' && child.status === 'SUCCESS',
        ),
        rdrReceived: row.alertType === 'RDR' || children.some((child) => child.transactionType === 'RDR'),
        providerBlocksSameDay: blocking.get(row.midId ?? '') ?? false,
        creationDate: row.createdAt,
        now: NOW,
      });
      const states = seen.get(row.accountId) ?? new Set();
      states.add(refundable);
      seen.set(row.accountId, states);
    }
    expect(seen.size).toBeGreaterThanOrEqual(3);
    for (const [accountId, states] of seen)
      expect([...states].sort(), accountId).toEqual([...REFUND_AVAILABILITY].sort());
  });

  it('mix statuses, types, categories, cards, countries, currencies, risk bands, 3-D Secure and errors', () => {
    const values = (pick: (row: Row) => unknown) => new Set(rows.map(pick));
    for (const status of ['SUCCESS', 'DECLINED', 'FAILED', 'ABANDONED', 'PREVENTED', 'REVERSED', 'IN_PROCESS']) {
      expect(values((row) => row.status)).toContain(status);
    }
    expect([...values((row) => row.transactionType)].sort()).toEqual([...TRANSACTION_TYPES].sort());
    expect([...values((row) => row.category)].sort()).toEqual(['INITIAL', 'MAINTENANCE', 'ONE-OFF', 'RENEWAL']);
    expect(values((row) => row.cardBrand).size).toBeGreaterThanOrEqual(8);
    expect(values((row) => row.cardCountry).size).toBeGreaterThanOrEqual(10);
    expect(values((row) => row.currency).size).toBeGreaterThanOrEqual(4);
    expect(values((row) => row.paymentMethod).size).toBe(5);
    const scored = rows.filter((row) => row.riskScore !== null);
    expect(new Set(scored.map((row) => riskLevel(riskScore(row.riskScore!))))).toEqual(
      new Set(['Low', 'Medium', 'High', 'Critical']),
    );
    expect(values((row) => row.threeDsSent)).toEqual(new Set([true, false, null]));
    expect(rows.some((row) => row.isFallback)).toBe(true);
    expect(rows.some((row) => row.recurrenceParentId !== null)).toBe(true);
    for (const row of rows) {
      expect(Number.isSafeInteger(row.amount) && row.amount > 0).toBe(true);
      if (row.status === 'DECLINED' || row.status === 'FAILED' || row.status === 'PREVENTED') {
        expect(row.errorCode, row.id).toMatch(/^\d{4}$/);
        expect(row.errorMessage).not.toBeNull();
      }
      if (isPaymentAttempt(row) && row.status === 'SUCCESS') expect(row.authorizationId).toMatch(/^[A-Z0-9]{6}$/);
      if (row.cardBin) expect(row.cardBin).toMatch(/^\d{6}$/);
      if (row.recurrenceParentId) {
        const parent = byId.get(row.recurrenceParentId)!;
        expect(parent).toMatchObject({ category: 'INITIAL', status: 'SUCCESS', cardLast4: row.cardLast4 });
        expect(parent.createdAt.getTime()).toBeLessThan(row.createdAt.getTime());
      }
    }
  });

  it('keep a history per transaction, filed under its order', async () => {
    const events = await first.db
      .select()
      .from(transactionHistory)
      .orderBy(asc(transactionHistory.occurredAt), asc(transactionHistory.id));
    const byTransaction = new Map<string, (typeof events)[number][]>();
    for (const event of events) {
      byTransaction.set(event.transactionId, [...(byTransaction.get(event.transactionId) ?? []), event]);
    }
    for (const row of rows) {
      const own = byTransaction.get(row.id);
      expect(own, row.id).toBeDefined();
      const last = own!.at(-1)!;
      expect(last.status).toBe(row.status);
      expect(last.occurredAt.getTime()).toBe(row.updatedAt.getTime());
      for (const event of own!) expect(event.rootId).toBe(row.rootId);
    }
    // A refund confirmed later went through IN_PROCESS first.
    expect([...byTransaction.values()].some((own) => own.length === 2 && own[0]!.status === 'IN_PROCESS')).toBe(true);
  });

  it('set up MIDs and routes the way the route wizard allows, each one in the audit log', async () => {
    const midRows = await first.db.select().from(mids);
    const routeRows = await first.db.select().from(routes);
    const synchronous = new Map(midRows.map((mid) => [mid.id, mid.synchronous]));
    for (const route of routeRows) {
      expect(route.priority).toBeGreaterThanOrEqual(1);
      expect(route.priority).toBeLessThanOrEqual(10);
      expect(route.description.length).toBeLessThanOrEqual(100);
      if (route.fallbackMidId) {
        expect(synchronous.get(route.midId) && synchronous.get(route.fallbackMidId)).toBe(true);
      }
    }
    const merchantIds = (await first.db.select({ id: merchants.id }).from(merchants)).map((merchant) => merchant.id);
    for (const merchantId of merchantIds) {
      expect(midRows.filter((mid) => mid.merchantId === merchantId).length).toBeGreaterThanOrEqual(4);
      // A catch-all route, so no order is left without one.
      const catchAll = routeRows.find(
        (route) =>
          route.merchantId === merchantId &&
          route.weight > 0 &&
          [route.currency, route.issuerCountry, route.cardBrand, route.url, route.customTag, route.binCode].every(
            (list) => list.length === 0,
          ),
      );
      expect(catchAll, merchantId).toBeDefined();
    }
    // Every rule of the engine shows: weight 0, a disabled MID, an asynchronous MID.
    expect(routeRows.some((route) => route.weight === 0)).toBe(true);
    expect(midRows.some((mid) => !mid.enable)).toBe(true);
    expect(midRows.some((mid) => !mid.synchronous)).toBe(true);
    expect(midRows.some((mid) => mid.providerBlocksSameDay)).toBe(true);

    const audited = await first.db
      .select({ type: userActivity.resourceType, id: userActivity.resourceId, userId: userActivity.userId })
      .from(userActivity)
      .where(sql`${userActivity.resourceType} in ('MID', 'ROUTE') and ${userActivity.actionType} = 'INSERT'`);
    expect(new Set(audited.map((entry) => entry.id))).toEqual(
      new Set([...midRows.map((mid) => mid.id), ...routeRows.map((route) => route.id)]),
    );
    expect(audited.every((entry) => entry.userId !== null)).toBe(true);
  });

  it("list every URL and custom tag that MIDs and routes use in the merchant's My Lists, each in the audit log", async () => {
    const [midRows, routeRows, items] = await Promise.all([
      first.db.select().from(mids),
      first.db.select().from(routes),
      first.db.select().from(merchantListItems),
    ]);
    const listed = new Set(items.map((item) => `${item.merchantId}|${item.list}|${item.prettyName}`));
    const used = [...midRows, ...routeRows].flatMap((row) => [
      ...row.url.map((url) => `${row.merchantId}|URL|${url}`),
      ...row.customTag.map((tag) => `${row.merchantId}|TAG|${tag}`),
    ]);
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((key) => !listed.has(key))).toEqual([]);
    // Unused items too, so a delete can succeed in the demo.
    expect(items.length).toBeGreaterThan(new Set(used).size);
    const audited = await first.db
      .select({ id: userActivity.resourceId })
      .from(userActivity)
      .where(sql`${userActivity.resourceType} in ('URL', 'TAG') and ${userActivity.actionType} = 'INSERT'`);
    const auditedIds = new Set(audited.map((entry) => entry.id));
    expect(items.filter((item) => !auditedIds.has(item.id))).toEqual([]);
  });

  it('give the sandbox account successful payments on every sandbox MID, so each refund answer can be tried', async () => {
    const sandboxMids = await first.db
      .select({ id: mids.id, solution: solutions.prettyName })
      .from(mids)
      .innerJoin(acquirers, eq(acquirers.id, mids.acquirerId))
      .innerJoin(solutions, eq(solutions.id, mids.solutionId))
      .where(eq(acquirers.prettyName, 'Sandbox Acquirer'));
    expect(sandboxMids.length).toBeGreaterThanOrEqual(2);
    for (const mid of sandboxMids) {
      const refundable = rows.filter(
        (row) =>
          row.midId === mid.id &&
          row.transactionType === 'PAYMENT' &&
          row.status === 'SUCCESS' &&
          !childrenOf.has(row.id) &&
          NOW.getTime() - row.createdAt.getTime() > DAY_MS,
      );
      expect(refundable.length, mid.solution).toBeGreaterThan(0);
    }
  });

  it('name transactions with ids unique by construction, however many a run makes', () => {
    // The ids end in a scramble of each merchant's transaction counter: merchants 0 and 4095, first and far counters.
    const inputs = [0, 4095].flatMap((stream) =>
      [0, 2 ** 35].flatMap((start) => Array.from({ length: 50_000 }, (_, n) => stream * 2 ** 36 + start + n)),
    );
    const outputs = new Set(inputs.map(scatter48));
    expect(outputs.size).toBe(inputs.length);
    expect([...outputs].every((value) => Number.isInteger(value) && value >= 0 && value < 2 ** 48)).toBe(true);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    // Prefixes spread evenly, as the palette's prefix search expects: every first hex digit is used.
    expect(new Set(rows.map((row) => row.id[0])).size).toBe(16);
  });

  it('differ with another seed', async () => {
    const [before, after] = await Promise.all([fingerprint(first.db), fingerprint(otherSeed.db)]);
    expect(after.transactions!.n).toBeGreaterThan(5_000);
    expect(after.transactions!.digest).not.toBe(before.transactions!.digest);
  });
});
