import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '@server/db/client';
import { chargebackAgents, chargebacks, transactions } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { DAY_MS, insertTransaction, type PaymentsWorld, type TransactionInput } from './transaction-fixtures';

// Dispute cases for the chargebacks tests: each on a payment of its own (or a given one) of the world's merchant,
// written straight to the table like the demo generator writes them.

export type CaseRow = typeof chargebacks.$inferSelect;
export type AgentRow = typeof chargebackAgents.$inferSelect;

export async function createAgent(db: Db, accountId: string, name: string): Promise<AgentRow> {
  const [row] = await db.insert(chargebackAgents).values({ accountId, name }).returning();
  return row!;
}

export interface CaseInput extends Partial<typeof chargebacks.$inferInsert> {
  notificationDate: Date;
  /** The disputed payment's columns, when the case makes its own payment. */
  payment?: Omit<TransactionInput, 'createdAt'> & { createdAt?: Date };
}

/**
 * A case (a TO_DO chargeback for 'Not as described', due 30 days after notification unless told) for its payment's
 * amount, with the payment's order id and e-mail as the notification carries them.
 */
export async function insertCase(db: Db, world: PaymentsWorld, input: CaseInput): Promise<CaseRow> {
  const { payment: paymentInput, ...values } = input;
  const payment = values.paymentTransactionId
    ? (await db.select().from(transactions).where(eq(transactions.id, values.paymentTransactionId)))[0]!
    : await insertTransaction(db, world, {
        ...paymentInput,
        createdAt: paymentInput?.createdAt ?? new Date(input.notificationDate.getTime() - 10 * DAY_MS),
      });
  const assigned = Boolean(values.agentId) || values.assignedToOthers === true;
  const [row] = await db
    .insert(chargebacks)
    .values({
      id: randomUUID(),
      accountId: world.accountId,
      merchantId: world.merchantId,
      paymentTransactionId: payment.id,
      orderId: payment.referenceOrderId,
      customerEmail: payment.shopperEmail ?? null,
      caseId: `CB-${randomBytes(4).toString('hex').toUpperCase()}`,
      disputeId: randomBytes(6).toString('hex'),
      operation: 'CHARGEBACK',
      status: 'TO_DO',
      reason: 'NotAsDescribed',
      reasonCode: '13.3',
      reasonProcessor: '13.3 Not as Described or Defective Merchandise/Services',
      amount: payment.amount,
      currency: payment.currency,
      expirationDate: new Date(input.notificationDate.getTime() + 30 * DAY_MS),
      agentAssignedAt: assigned ? input.notificationDate : null,
      createdAt: input.notificationDate,
      updatedAt: input.notificationDate,
      ...values,
    })
    .returning();
  return row!;
}
