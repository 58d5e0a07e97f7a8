import { type RefundRequestInput, refundResponse, transactionDetail } from '@domain/contract/transactions';
import { newIdempotencyKey } from '@domain/refunds';
import { jobs, transactionHistory, transactions, userActivity } from '@server/db/schema';
import { SANDBOX_SETTLEMENT_DELAY_MS } from '@server/payments/sandbox-acquirer';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountRow,
  authHeader,
  buildTestApp,
  createAccount,
  createMerchant,
  createUser,
  signIn,
  type TestApp,
  uniqueEmail,
} from './helpers/test-app';
import { createPaymentsWorld, DAY_MS, insertTransaction, type PaymentsWorld } from './helpers/transaction-fixtures';

// POST /account/{accountId}/transaction/{transactionId}/refund (spec 3, sections 4, 5 and 7; design.md section 6):
// every outcome of the sandbox acquirer, the refusals with the spec's texts, the idempotency key (a replay answers
// what was answered first, another body under the same key is refused), the audit entry and the history event, the
// permission and the tenant boundary.

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const at = (daysAgo: number) => new Date(NOW - daysAgo * DAY_MS);

let t: TestApp;
let north: AccountRow;
let south: AccountRow;
let world: PaymentsWorld;
let southWorld: PaymentsWorld;
const tokens = { admin: '', viewer: '', support: '', staff: '', south: '' };
let adminEmail = '';

type Payment = Awaited<ReturnType<typeof insertTransaction>>;
const payment = (input: Partial<Payment> = {}, target = world) =>
  insertTransaction(t.db, target, { createdAt: at(3), amount: 10_000, ...input });

interface RefundOptions {
  key?: string | null;
  token?: string;
  accountId?: string;
}

function refund(paid: Payment, body: Partial<RefundRequestInput> = {}, options: RefundOptions = {}) {
  const key = options.key === undefined ? newIdempotencyKey() : options.key;
  return t.app.inject({
    method: 'POST',
    url: `/api/account/${options.accountId ?? paid.accountId}/transaction/${paid.id}/refund`,
    headers: { ...authHeader(options.token ?? tokens.admin), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: {
      amount: 2_500,
      currency: paid.currency,
      reason: 'DUPLICATED_PAYMENT',
      merchantId: paid.merchantId,
      ...body,
    },
  });
}

const detail = async (paid: Payment, token = tokens.admin) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/account/${paid.accountId}/transaction/${paid.id}`,
    headers: authHeader(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return transactionDetail.parse(response.json());
};

const refundsOf = (paymentId: string) =>
  t.db
    .select()
    .from(transactions)
    .where(eq(transactions.parentId, paymentId))
    .orderBy(asc(transactions.createdAt), asc(transactions.id));

const auditOf = (resourceId: string) => t.db.select().from(userActivity).where(eq(userActivity.resourceId, resourceId));

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  north = await createAccount(t.db, { prettyName: 'Northwind' });
  south = await createAccount(t.db, { prettyName: 'Southwind' });
  world = await createPaymentsWorld(t.db, north.id, (await createMerchant(t.db, north.id)).id);
  southWorld = await createPaymentsWorld(t.db, south.id, (await createMerchant(t.db, south.id)).id);
  const user = (role: string, accountId: string) =>
    createUser(t.db, { role, type: 'ACCOUNT', accountIds: [accountId], firstName: 'Rita', lastName: role });
  const admin = await user('PAYMENTS_SPECIALIST', north.id);
  adminEmail = admin.email;
  const viewer = await user('VIEWER', north.id);
  const support = await user('SUPPORT', north.id);
  const southManager = await user('MANAGER', south.id);
  const staff = await createUser(t.db, {
    role: 'PROVIDER_ADMINISTRATOR',
    type: 'INTERNAL',
    accountIds: [north.id, south.id],
    email: uniqueEmail('staff').replace(/@.*/, '@ops.example'),
  });
  tokens.admin = (await signIn(t.app, { email: admin.email, accountId: north.shortId })).token;
  tokens.viewer = (await signIn(t.app, { email: viewer.email, accountId: north.shortId })).token;
  tokens.support = (await signIn(t.app, { email: support.email, accountId: north.shortId })).token;
  tokens.south = (await signIn(t.app, { email: southManager.email, accountId: south.shortId })).token;
  tokens.staff = (await signIn(t.app, { email: staff.email })).token;
});

afterAll(() => t.close());

describe('the outcomes', () => {
  it('refunds part of a payment at once: the child transaction, its history event and its audit entry', async () => {
    const paid = await payment();
    const key = newIdempotencyKey();
    const response = await refund(paid, { amount: 2_500, reason: 'PRICE_TOO_HIGH' }, { key });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['idempotent-replayed']).toBeUndefined();
    const { data } = refundResponse.parse(response.json());
    expect(data).toEqual({
      transactionId: expect.any(String),
      parentTransactionId: paid.id,
      transactionType: 'PARTIAL_REFUND',
      transactionStatus: 'SUCCESS',
      money: { amount: 2_500, currency: 'EUR' },
      reason: 'PRICE_TOO_HIGH',
      error: null,
    });

    const [stored] = await refundsOf(paid.id);
    expect(stored).toMatchObject({
      id: data.transactionId,
      rootId: paid.id,
      accountId: north.id,
      merchantId: paid.merchantId,
      transactionType: 'PARTIAL_REFUND',
      status: 'SUCCESS',
      amount: 2_500,
      currency: 'EUR',
      refundReason: 'PRICE_TOO_HIGH',
      idempotencyKey: key,
      midId: paid.midId,
      createdAt: new Date(NOW),
    });
    expect(stored!.providerTransactionId).toMatch(/^sbx_/);

    const [entry] = await auditOf(data.transactionId);
    expect(entry).toMatchObject({
      actionType: 'INSERT',
      resourceType: 'TRANSACTION',
      accountId: north.id,
      merchantId: paid.merchantId,
      userEmail: adminEmail,
      oldValue: null,
    });
    expect(entry!.newValue).toMatchObject({
      transactionType: 'PARTIAL_REFUND',
      parentTransactionId: paid.id,
      status: 'SUCCESS',
      amount: 2_500,
      currency: 'EUR',
      reason: 'PRICE_TOO_HIGH',
    });

    const after = await detail(paid);
    expect(after).toMatchObject({ refundable: 'AVAILABLE', maxRefundAmountAvailable: 7_500 });
    expect(after.transactionHistory.map((event) => [event.transactionId, event.transactionType, event.status])).toEqual(
      [
        [paid.id, 'PAYMENT', 'SUCCESS'],
        [data.transactionId, 'PARTIAL_REFUND', 'SUCCESS'],
      ],
    );
  });

  it('refunds the rest in full, then refuses more with the fully-refunded text', async () => {
    const paid = await payment();
    expect((await refund(paid, { amount: 4_000 })).statusCode).toBe(201);
    const rest = await refund(paid, { amount: 6_000, fullRefund: true, maxRefundAmountAvailable: 6_000 });
    expect(rest.statusCode, rest.body).toBe(201);
    // The last of several refunds is partial: only a refund of the whole payment is a REFUND.
    expect(refundResponse.parse(rest.json()).data.transactionType).toBe('PARTIAL_REFUND');
    expect(await detail(paid)).toMatchObject({ refundable: 'FULL_REFUNDED', maxRefundAmountAvailable: 0 });

    const more = await refund(paid, { amount: 1 });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ error: 'refund-not-allowed', message: 'This transaction was fully refunded' });

    const whole = await payment({ amount: 3_000 });
    const full = await refund(whole, { amount: 3_000, fullRefund: true });
    expect(refundResponse.parse(full.json()).data.transactionType).toBe('REFUND');
  });

  it('answers in process for an asynchronous acquirer, blocks other refunds, and settles later', async () => {
    const paid = await payment({ midId: world.mids.delayed });
    const key = newIdempotencyKey();
    const response = await refund(paid, { amount: 3_000 }, { key });
    expect(response.statusCode, response.body).toBe(201);
    const { data } = refundResponse.parse(response.json());
    expect(data).toMatchObject({ transactionStatus: 'IN_PROCESS', error: null });
    expect(await detail(paid)).toMatchObject({ refundable: 'IN_PROCESS', maxRefundAmountAvailable: 7_000 });

    const second = await refund(paid, { amount: 1_000 });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('The refund cannot be sent because it is already in progress');

    t.clock.advance(SANDBOX_SETTLEMENT_DELAY_MS);
    try {
      expect(await t.app.jobWorker.runDue()).toBeGreaterThanOrEqual(1);
    } finally {
      t.clock.set(NOW);
    }
    const [settled] = await refundsOf(paid.id);
    expect(settled!.status).toBe('SUCCESS');
    expect(await detail(paid)).toMatchObject({ refundable: 'AVAILABLE', maxRefundAmountAvailable: 7_000 });

    // A replay answers what was answered first, not the settlement since.
    const replay = await refund(paid, { amount: 3_000 }, { key });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(refundResponse.parse(replay.json()).data).toEqual(data);
  });

  it("answers the acquirer's failure with its code and message, and keeps the amount refundable", async () => {
    const paid = await payment({ midId: world.mids.fails });
    const response = await refund(paid, { amount: 2_000 });
    expect(response.statusCode).toBe(201);
    const { data } = refundResponse.parse(response.json());
    expect(data).toMatchObject({ transactionStatus: 'FAILED', error: { code: '1401', message: 'Refund Rejected' } });
    const [stored] = await refundsOf(paid.id);
    expect(stored).toMatchObject({ status: 'FAILED', errorCode: '1401', errorMessage: 'Refund Rejected' });
    expect(await detail(paid)).toMatchObject({ refundable: 'AVAILABLE', maxRefundAmountAvailable: 10_000 });
    const refundDetail = await detail({ ...paid, id: data.transactionId });
    expect(refundDetail.error).toMatchObject({ code: '1401', message: 'Refund Rejected' });
  });

  it('refunds a payment with a completed chargeback (allowed, with its note)', async () => {
    const paid = await payment();
    await insertTransaction(t.db, world, {
      createdAt: at(1),
      parentId: paid.id,
      transactionType: 'CHARGEBACK',
      amount: 10_000,
    });
    expect((await detail(paid)).refundable).toBe('CHARGEBACK_APPLIED');
    expect((await refund(paid, { amount: 1_000 })).statusCode).toBe(201);
  });
});

describe('refusals', () => {
  it("refuses more than remains with the spec's message, counting earlier refunds", async () => {
    const paid = await payment();
    expect((await refund(paid, { amount: 2_500 })).statusCode).toBe(201);
    const over = await refund(paid, { amount: 7_501 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      error: 'refund-amount-exceeded',
      message: 'The amount cannot exceed 75,00 EUR',
      fields: { amount: 'The amount cannot exceed 75,00 EUR' },
    });
    expect(await refundsOf(paid.id)).toHaveLength(1);
    expect((await refund(paid, { amount: 7_500 })).statusCode).toBe(201);
  });

  it('never trusts the maximum the console showed', async () => {
    const paid = await payment({ amount: 5_000 });
    const response = await refund(paid, { amount: 6_000, maxRefundAmountAvailable: 999_999 });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('The amount cannot exceed 50,00 EUR');
  });

  it('refuses a full refund whose amount is no longer what remains', async () => {
    const paid = await payment();
    // The console filled 100,00 when the modal opened; a pending refund of 20,00 failed since... or succeeded.
    expect((await refund(paid, { amount: 2_000 })).statusCode).toBe(201);
    const stale = await refund(paid, { amount: 5_000, fullRefund: true });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'refund-amount-changed' });
    expect(stale.json().message).toContain('80,00 EUR');
    expect(await refundsOf(paid.id)).toHaveLength(1);
  });

  it('refuses payments whose availability does not allow a refund, with the reason', async () => {
    const cases: [Partial<Payment>, string][] = [
      [{ status: 'DECLINED' }, 'Only successful payments can be refunded'],
      [{ transactionType: 'RDR' }, 'The refund cannot be sent because the payment already received an RDR.'],
      [
        { alertType: 'RDR', alertStatus: 'SUCCESS' },
        'The refund cannot be sent because the payment already received an RDR.',
      ],
      [
        { midId: world.mids.sameDay, createdAt: new Date(NOW - 3_600_000) },
        'This refund is blocked as a PSP requirement until tomorrow. Please, try from now on.',
      ],
    ];
    for (const [input, message] of cases) {
      const paid = await payment(input);
      const response = await refund(paid, { amount: 100 });
      expect(response.statusCode, JSON.stringify(input)).toBe(409);
      expect(response.json()).toMatchObject({ error: 'refund-not-allowed', message });
      expect(await refundsOf(paid.id)).toEqual([]);
    }
    // A refund is no payment.
    const paid = await payment();
    const child = await refund(paid, { amount: 100 });
    const childId = refundResponse.parse(child.json()).data.transactionId;
    const ofRefund = await refund({ ...paid, id: childId }, { amount: 50 });
    expect(ofRefund.statusCode).toBe(409);
  });

  it('validates the body with the contract and against the payment', async () => {
    const paid = await payment();
    const zero = await refund(paid, { amount: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fields.amount).toBe('Value must be greater than 0');
    const noReason = await refund(paid, { reason: undefined });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toHaveProperty('reason');
    const currency = await refund(paid, { currency: 'USD' });
    expect(currency.statusCode).toBe(400);
    expect(currency.json().fields.currency).toBe("Refunds are made in the payment's currency (EUR)");
    const merchant = await refund(paid, { merchantId: southWorld.merchantId });
    expect(merchant.statusCode).toBe(400);
    expect(merchant.json().fields).toHaveProperty('merchantId');
    expect(await refundsOf(paid.id)).toEqual([]);
  });

  it('needs an idempotency key', async () => {
    const paid = await payment();
    const missing = await refund(paid, {}, { key: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('idempotency-key');
    const malformed = await refund(paid, {}, { key: 'short' });
    expect(malformed.statusCode).toBe(400);
    expect(missing.json().error).toBe('form-not-validated');
    expect(await refundsOf(paid.id)).toEqual([]);
  });
});

describe('the idempotency key', () => {
  it('answers a replay with the first answer and refunds once', async () => {
    const paid = await payment();
    const key = newIdempotencyKey();
    const first = await refund(paid, { amount: 1_234 }, { key });
    expect(first.statusCode).toBe(201);
    const second = await refund(paid, { amount: 1_234 }, { key });
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    // The console's shown maximum is advice, not part of the request a key is bound to.
    const third = await refund(paid, { amount: 1_234, maxRefundAmountAvailable: 8_766 }, { key });
    expect(third.json()).toEqual(first.json());
    const refunds = await refundsOf(paid.id);
    expect(refunds).toHaveLength(1);
    expect(await auditOf(refunds[0]!.id)).toHaveLength(1);
    expect(
      await t.db.select().from(transactionHistory).where(eq(transactionHistory.transactionId, refunds[0]!.id)),
    ).toHaveLength(1);
  });

  it('replays a failed answer as a failure, without asking the acquirer again', async () => {
    const paid = await payment({ midId: world.mids.fails });
    const key = newIdempotencyKey();
    const first = await refund(paid, { amount: 1_000 }, { key });
    const again = await refund(paid, { amount: 1_000 }, { key });
    expect(again.json()).toEqual(first.json());
    expect(again.json().data.transactionStatus).toBe('FAILED');
    expect(await refundsOf(paid.id)).toHaveLength(1);
  });

  it('refuses the same key with another body, for another payment, or from another account', async () => {
    const paid = await payment();
    const key = newIdempotencyKey();
    expect((await refund(paid, { amount: 1_000 }, { key })).statusCode).toBe(201);

    const otherAmount = await refund(paid, { amount: 1_001 }, { key });
    expect(otherAmount.statusCode).toBe(422);
    expect(otherAmount.json()).toMatchObject({ error: 'idempotency-key-reused' });
    const otherReason = await refund(paid, { amount: 1_000, reason: 'OTHER' }, { key });
    expect(otherReason.statusCode).toBe(422);

    const another = await payment();
    expect((await refund(another, { amount: 1_000 }, { key })).statusCode).toBe(422);
    expect(await refundsOf(another.id)).toEqual([]);

    const southPayment = await payment({}, southWorld);
    const fromSouth = await refund(southPayment, { amount: 1_000 }, { key, token: tokens.south });
    expect(fromSouth.statusCode).toBe(422);
    // Nothing of north's refund is revealed to south.
    expect(fromSouth.body).not.toContain(paid.id);
    expect(await refundsOf(paid.id)).toHaveLength(1);
  });

  it('lets a replay through even once the payment is fully refunded', async () => {
    const paid = await payment({ amount: 2_000 });
    const key = newIdempotencyKey();
    const first = await refund(paid, { amount: 2_000, fullRefund: true }, { key });
    expect(first.statusCode).toBe(201);
    const replay = await refund(paid, { amount: 2_000, fullRefund: true }, { key });
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
  });
});

describe('the OpenAPI document', () => {
  it('describes the refund call with its idempotency key and its answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const call = response.json().paths['/api/account/{accountId}/transaction/{transactionId}/refund'].post;
    expect(call.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'idempotency-key', required: true })]),
    );
    expect(Object.keys(call.responses)).toEqual(expect.arrayContaining(['201', '409', '422']));
  });
});

describe('who may refund', () => {
  it('needs the refund permission', async () => {
    const paid = await payment();
    expect((await refund(paid, {}, { token: tokens.viewer })).statusCode).toBe(403);
    expect((await refund(paid, {}, { token: tokens.support })).statusCode).toBe(403);
    expect(await refundsOf(paid.id)).toEqual([]);
    expect((await refund(paid, {}, { token: tokens.staff })).statusCode).toBe(201);
  });

  it("answers 404 for another tenant's payment, whichever account the path names", async () => {
    const southPayment = await payment({}, southWorld);
    expect((await refund(southPayment, {}, { accountId: south.id })).statusCode).toBe(404);
    expect((await refund(southPayment, {}, { accountId: north.id })).statusCode).toBe(404);
    const unknown = await refund(
      { ...southPayment, id: '00000000-0000-4000-8000-000000000000' },
      {},
      {
        accountId: north.id,
      },
    );
    expect(unknown.statusCode).toBe(404);
    expect(await refundsOf(southPayment.id)).toEqual([]);
    expect((await refund(southPayment, {}, { token: tokens.south })).statusCode).toBe(201);
  });

  it('leaves no job behind for a refused refund', async () => {
    const paid = await payment({ midId: world.mids.delayed, amount: 1_000 });
    const before = await t.db.select().from(jobs);
    expect((await refund(paid, { amount: 1_001 })).statusCode).toBe(422);
    expect(await t.db.select().from(jobs)).toHaveLength(before.length);
    expect(
      await t.db
        .select()
        .from(userActivity)
        .where(and(eq(userActivity.resourceType, 'TRANSACTION'), eq(userActivity.merchantId, paid.merchantId)))
        .then((rows) =>
          rows.filter((row) => (row.newValue as { parentTransactionId?: string })?.parentTransactionId === paid.id),
        ),
    ).toEqual([]);
  });
});
