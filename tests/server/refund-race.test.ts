import type { RefundRequestInput } from '@domain/contract/transactions';
import { newIdempotencyKey } from '@domain/refunds';
import { transactions, userActivity } from '@server/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  createAccount,
  createMerchant,
  createUser,
  signIn,
  type TestApp,
} from './helpers/test-app';
import { createPaymentsWorld, DAY_MS, insertTransaction, type PaymentsWorld } from './helpers/transaction-fixtures';

// Parallel refunds against one payment on a real PostgreSQL server (design.md section 6): whatever the interleaving,
// the refunds that went through (successful or still pending) never add up to more than the payment, a key sent many
// times at once refunds once, and one key cannot serve two payments. PGlite runs one transaction at a time, so only
// PostgreSQL can show a race; without TEST_DATABASE_URL this file is skipped.

const PG = process.env.TEST_DATABASE_URL;
const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const PARALLEL = 10;

let t: TestApp;
let world: PaymentsWorld;
let token = '';

type Payment = Awaited<ReturnType<typeof insertTransaction>>;

const payment = (input: Partial<Payment> = {}) =>
  insertTransaction(t.db, world, { createdAt: new Date(NOW - 3 * DAY_MS), amount: 10_000, ...input });

function refund(paid: Payment, body: Partial<RefundRequestInput>, key = newIdempotencyKey()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/account/${paid.accountId}/transaction/${paid.id}/refund`,
    headers: { ...authHeader(token), 'idempotency-key': key },
    payload: { amount: 1_000, currency: 'EUR', reason: 'DUPLICATED_PAYMENT', merchantId: paid.merchantId, ...body },
  });
}

/** Refunds stored against the payment that hold money: successful or waiting for the acquirer. */
async function heldRefunds(paymentId: string) {
  const rows = await t.db
    .select({ id: transactions.id, amount: transactions.amount, status: transactions.status })
    .from(transactions)
    .where(
      and(eq(transactions.parentId, paymentId), inArray(transactions.status, ['SUCCESS', 'IN_PROCESS', 'PENDING'])),
    );
  return { rows, sum: rows.reduce((total, row) => total + Number(row.amount), 0) };
}

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((count, response) => {
    count[response.statusCode] = (count[response.statusCode] ?? 0) + 1;
    return count;
  }, {});

describe.skipIf(!PG)('parallel refunds on PostgreSQL', () => {
  beforeAll(async () => {
    t = await buildTestApp({ now: NOW });
    const account = await createAccount(t.db);
    world = await createPaymentsWorld(t.db, account.id, (await createMerchant(t.db, account.id)).id);
    const user = await createUser(t.db, { role: 'PAYMENTS_SPECIALIST', type: 'ACCOUNT', accountIds: [account.id] });
    token = (await signIn(t.app, { email: user.email, accountId: account.shortId })).token;
  });

  afterAll(() => t?.close());

  it(`lets ${PARALLEL} parallel partial refunds take no more than the payment`, async () => {
    const paid = await payment();
    const responses = await Promise.all(Array.from({ length: PARALLEL }, () => refund(paid, { amount: 3_000 })));
    expect(statuses(responses)).toEqual({ 201: 3, 422: PARALLEL - 3 });
    for (const refused of responses.filter((response) => response.statusCode === 422)) {
      expect(refused.json().message).toBe('The amount cannot exceed 10,00 EUR');
    }
    const held = await heldRefunds(paid.id);
    expect(held.sum).toBe(9_000);
    expect(held.rows).toHaveLength(3);
    // One audit entry per refund that happened, none for the refused ones.
    const audited = await t.db
      .select({ id: userActivity.id })
      .from(userActivity)
      .where(inArray(userActivity.resourceId, [...held.rows.map((row) => row.id)]));
    expect(audited).toHaveLength(3);
  });

  it('lets one of many parallel full refunds through', async () => {
    const paid = await payment();
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () => refund(paid, { amount: 10_000, fullRefund: true })),
    );
    expect(statuses(responses)).toEqual({ 201: 1, 409: PARALLEL - 1 });
    expect((await heldRefunds(paid.id)).sum).toBe(10_000);
  });

  it('never exceeds the payment with parallel refunds of random amounts, over several rounds', async () => {
    for (let round = 0; round < 5; round++) {
      const paid = await payment({ amount: 10_000 + round });
      const amounts = Array.from({ length: PARALLEL }, (_, index) => 500 + ((index * 7_919 + round * 104_729) % 3_500));
      const responses = await Promise.all(amounts.map((amount) => refund(paid, { amount })));
      const held = await heldRefunds(paid.id);
      expect(held.sum).toBeLessThanOrEqual(10_000 + round);
      // Some amounts make the sandbox answer later (IN_PROCESS, held) or fail (FAILED, not held).
      const holding = responses.filter(
        (response) => response.statusCode === 201 && response.json().data.transactionStatus !== 'FAILED',
      );
      expect(held.sum).toBe(holding.reduce((total, response) => total + response.json().data.money.amount, 0));
      // Refusals are over-refunds, or refunds while another one waits for the acquirer.
      const pending = held.rows.some((row) => row.status === 'IN_PROCESS');
      for (const response of responses) {
        expect([201, 422, ...(pending ? [409] : [])]).toContain(response.statusCode);
      }
      // Whatever was refused did not fit: what remained when it was refused is at least what remains now.
      const remaining = 10_000 + round - held.sum;
      for (const [index, amount] of amounts.entries()) {
        if (responses[index]!.statusCode === 422) expect(amount).toBeGreaterThan(remaining);
      }
    }
  });

  it('holds a pending refund against parallel ones on an asynchronous acquirer', async () => {
    const paid = await payment({ midId: world.mids.delayed });
    const responses = await Promise.all(Array.from({ length: PARALLEL }, () => refund(paid, { amount: 2_000 })));
    expect(statuses(responses)).toEqual({ 201: 1, 409: PARALLEL - 1 });
    const held = await heldRefunds(paid.id);
    expect(held.rows.map((row) => row.status)).toEqual(['IN_PROCESS']);
  });

  it('refunds once for one key sent many times at once, and answers every copy alike', async () => {
    const paid = await payment();
    const key = newIdempotencyKey();
    const responses = await Promise.all(Array.from({ length: PARALLEL }, () => refund(paid, { amount: 4_000 }, key)));
    expect(statuses(responses)).toEqual({ 201: PARALLEL });
    const bodies = new Set(responses.map((response) => response.body));
    expect(bodies.size).toBe(1);
    expect(responses.filter((response) => response.headers['idempotent-replayed'] === 'true')).toHaveLength(
      PARALLEL - 1,
    );
    expect(await heldRefunds(paid.id)).toMatchObject({ sum: 4_000 });
  });

  it('lets one key serve one payment only, even when sent for two at once', async () => {
    const first = await payment();
    const second = await payment();
    const key = newIdempotencyKey();
    const responses = await Promise.all([
      refund(first, { amount: 1_000 }, key),
      refund(second, { amount: 1_000 }, key),
    ]);
    expect(statuses(responses)).toEqual({ 201: 1, 422: 1 });
    expect(responses.find((response) => response.statusCode === 422)!.json().error).toBe('idempotency-key-reused');
    expect((await heldRefunds(first.id)).sum + (await heldRefunds(second.id)).sum).toBe(1_000);
  });
});
