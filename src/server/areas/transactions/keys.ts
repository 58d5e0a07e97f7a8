import { and, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { transactionKeys, transactions } from '../../db/schema';
import type { Queryable } from '../../db/types';

// `transactions` is partitioned by month of creation (migration 0038): a statement that names a transaction's
// creation time reads one month, one that names only its id reads every month (ids are random). Reading one
// transaction by id therefore takes two statements: the registry (`transaction_keys`) says when it was created, then
// the read names that time, and the planner keeps only its month. A transaction's children and the other attempts of
// its order are never older than it (refunds, chargebacks, retries and renewals come after), so "created at or after
// this" bounds their reads too.

export interface TransactionKey {
  id: string;
  accountId: string;
  createdAt: Date;
}

export const transactionKeyColumns = {
  id: transactionKeys.id,
  accountId: transactionKeys.accountId,
  createdAt: transactionKeys.createdAt,
};

/** The registry row of a transaction of the account, or undefined when the account has none with this id. */
export async function findTransactionKey(
  db: Queryable,
  accountId: string,
  id: string,
): Promise<TransactionKey | undefined> {
  const [key] = await db
    .select(transactionKeyColumns)
    .from(transactionKeys)
    .where(and(eq(transactionKeys.id, id), eq(transactionKeys.accountId, accountId)))
    .limit(1);
  return key;
}

/**
 * The registry row that holds a refund idempotency key, in any account. Keys are unique across accounts, and a key
 * another account used is refused, so this look-up names no account (tests/server/account-scope.test.ts lists it).
 */
export async function findKeyOfIdempotencyKey(db: Queryable, idempotencyKey: string) {
  const [key] = await db
    .select(transactionKeyColumns)
    .from(transactionKeys)
    .where(eq(transactionKeys.idempotencyKey, idempotencyKey))
    .limit(1);
  return key;
}

/**
 * The time window of a creation time read back from the database: a JavaScript date holds milliseconds, the column
 * microseconds, so equality could miss; the millisecond that holds it is exact enough to keep one month.
 */
function createdWithin(column: AnyPgColumn, at: Date): SQL {
  return and(gte(column, at), lt(column, new Date(at.getTime() + 1)))!;
}

/** The condition that reads exactly this transaction, in its month. */
export function isTransaction(key: TransactionKey): SQL {
  return and(
    eq(transactions.id, key.id),
    eq(transactions.accountId, key.accountId),
    createdWithin(transactions.createdAt, key.createdAt),
  )!;
}

/**
 * Joins a transaction to its registry row, exactly (both times come from the database): from the registry, a nested
 * loop then reads each transaction in its own month only.
 */
export const joinsItsKey: SQL = and(
  eq(transactions.id, transactionKeys.id),
  eq(transactions.accountId, transactionKeys.accountId),
  eq(transactions.createdAt, transactionKeys.createdAt),
)!;

/** Created at or after this time: the bound of a transaction's children and its order's other attempts. */
export function createdSince(column: AnyPgColumn, at: Date): SQL {
  return gte(column, at);
}
