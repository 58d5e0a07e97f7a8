import { randomUUID } from 'node:crypto';
import type { Db } from '@server/db/client';
import { acquirers, mids, routes, solutions, transactionHistory, transactions } from '@server/db/schema';
import { and, eq } from 'drizzle-orm';

// Payments for the transactions and refunds tests: one merchant's MIDs on a real-looking acquirer and on each
// solution of the sandbox acquirer (so every refund outcome can be reached on purpose), a route, and transactions
// written straight to the table with their history events.

export const DAY_MS = 86_400_000;

export interface PaymentsWorld {
  accountId: string;
  merchantId: string;
  routeId: string;
  /** MID ids: 'adyen' answers refunds by the amount's cents; the sandbox ones by their solution. */
  mids: Record<'adyen' | 'instant' | 'delayed' | 'fails' | 'sameDay', string>;
}

async function acquirerId(db: Db, name: string): Promise<string> {
  const [row] = await db
    .insert(acquirers)
    .values({ prettyName: name })
    .onConflictDoUpdate({ target: acquirers.prettyName, set: { prettyName: name } })
    .returning({ id: acquirers.id });
  return row!.id;
}

export async function createPaymentsWorld(db: Db, accountId: string, merchantId: string): Promise<PaymentsWorld> {
  const adyen = await acquirerId(db, 'Adyen');
  const sandbox = await acquirerId(db, 'Sandbox Acquirer');
  const mid = async (acquirer: string, solutionName: string, extra: Partial<typeof mids.$inferInsert> = {}) => {
    // Solutions belong to the account: a second merchant of the account shares them.
    await db
      .insert(solutions)
      .values({ accountId, acquirerId: acquirer, prettyName: solutionName })
      .onConflictDoNothing();
    const [solution] = await db
      .select({ id: solutions.id })
      .from(solutions)
      .where(
        and(
          eq(solutions.accountId, accountId),
          eq(solutions.acquirerId, acquirer),
          eq(solutions.prettyName, solutionName),
        ),
      );
    const solutionId = solution!.id;
    const [row] = await db
      .insert(mids)
      .values({
        accountId,
        merchantId,
        description: `${solutionName} MID`,
        midAcquirerId: `MID-${randomUUID().slice(0, 8)}`,
        acquirerId: acquirer,
        solutionId,
        ...extra,
      })
      .returning({ id: mids.id });
    return row!.id;
  };
  const world: PaymentsWorld['mids'] = {
    adyen: await mid(adyen, 'Cards EU'),
    instant: await mid(sandbox, 'Instant'),
    delayed: await mid(sandbox, 'Delayed'),
    fails: await mid(sandbox, 'Always Fails'),
    sameDay: await mid(adyen, 'Cards Same Day', { providerBlocksSameDay: true }),
  };
  const [route] = await db
    .insert(routes)
    .values({ accountId, merchantId, description: 'Main route', priority: 10, weight: 100, midId: world.adyen })
    .returning({ id: routes.id });
  return { accountId, merchantId, routeId: route!.id, mids: world };
}

export type TransactionInput = Partial<typeof transactions.$inferInsert> & { createdAt: Date };

/** A transaction of the world's merchant (a successful card payment on the adyen MID unless told), with its event. */
export async function insertTransaction(db: Db, world: PaymentsWorld, input: TransactionInput) {
  const id = input.id ?? randomUUID();
  const midId = input.midId === undefined ? world.mids.adyen : input.midId;
  const [mid] = midId
    ? await db.select({ acquirerId: mids.acquirerId, solutionId: mids.solutionId }).from(mids).where(eq(mids.id, midId))
    : [];
  const values: typeof transactions.$inferInsert = {
    id,
    rootId: input.parentId ?? id,
    accountId: world.accountId,
    merchantId: world.merchantId,
    transactionType: 'PAYMENT',
    status: 'SUCCESS',
    category: 'ONE-OFF',
    amount: 10_000,
    currency: 'EUR',
    paymentMethod: 'CARD',
    orderUrl: 'https://shop.example',
    referenceOrderId: `ORD-${id.slice(0, 8).toUpperCase()}`,
    acquirerId: mid?.acquirerId ?? null,
    solutionId: mid?.solutionId ?? null,
    providerTransactionId: `adye_${id.replaceAll('-', '').slice(0, 20)}`,
    midId,
    routeId: world.routeId,
    cardBrand: 'VISA',
    cardBin: '411111',
    cardLast4: '1111',
    cardCountry: 'ES',
    cardHolder: 'Ana Garcia',
    cardExpiry: '12/29',
    threeDsSent: true,
    threeDsVersion: '2.2.0',
    eci: '05',
    eciDescription: 'Authenticated',
    authorizationId: 'A1B2C3',
    shopperEmail: 'ana.garcia@mail.example',
    shopperIp: '81.0.0.1',
    shopperIpCountry: 'ES',
    shopperDeviceType: 'DESKTOP',
    shopperBrowser: 'Firefox',
    riskScore: 0.1234,
    updatedAt: input.createdAt,
    ...input,
  };
  await db.insert(transactions).values(values);
  await db.insert(transactionHistory).values({
    accountId: values.accountId,
    rootId: values.rootId,
    transactionId: id,
    transactionCreatedAt: input.createdAt,
    transactionType: values.transactionType,
    status: values.status,
    isFallback: values.isFallback ?? false,
    occurredAt: input.createdAt,
  });
  return { ...values, id, createdAt: input.createdAt };
}
