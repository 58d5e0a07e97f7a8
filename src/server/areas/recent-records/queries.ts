import type { RecentRecord } from '@domain/contract/recent-records';
import type { Grants } from '@domain/permissions';
import {
  canReachRecentKind,
  RECENT_RECORD_LIMITS,
  type RecentRecordFields,
  type RecentRecordKind,
  recentRecordLabel,
} from '@domain/recent-records';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import {
  accounts,
  chargebacks,
  merchants,
  mids,
  recentRecords,
  routes,
  transactionKeys,
  transactions,
} from '../../db/schema';
import { isTransaction, joinsItsKey, transactionKeyColumns } from '../transactions/keys';

// Reads of the recent records. A user holds at most RECENT_RECORD_LIMITS.kept rows, so the list reads them all in
// one statement, each joined to its record by primary key, and decides here what the caller may still reach: the
// account among the caller's accounts now, the kind's permissions now, the record still there (and a case's account
// still with the chargebacks feature). Labels come from the record's current fields, so a rename shows at once.

/** Who is asking, as the routes know it. */
export interface RecentReader extends Grants {
  userId: string;
  accountIds: readonly string[];
}

const ofKind = (kind: RecentRecordKind, id: AnyPgColumn) =>
  sql`${recentRecords.kind} = ${kind} and ${id} = ${recentRecords.recordId}`;
/** A payment or a case is joined in the row's account, as every read of them names one (issue 27). */
const ofKindInAccount = (kind: RecentRecordKind, id: AnyPgColumn, accountId: AnyPgColumn) =>
  sql`${ofKind(kind, id)} and ${accountId} = ${recentRecords.accountId}`;

export async function listRecentRecords(db: Queryable, reader: RecentReader): Promise<RecentRecord[]> {
  const rows = await db
    .select({
      kind: recentRecords.kind,
      id: recentRecords.recordId,
      accountId: recentRecords.accountId,
      merchantId: recentRecords.merchantId,
      openedAt: recentRecords.openedAt,
      accountName: accounts.prettyName,
      chargebacksFeature: accounts.hasChargebacksFeature,
      merchantName: merchants.prettyName,
      transactionType: transactions.transactionType,
      amount: transactions.amount,
      currency: transactions.currency,
      referenceOrderId: transactions.referenceOrderId,
      caseFound: chargebacks.id,
      caseId: chargebacks.caseId,
      disputeId: chargebacks.disputeId,
      midDescription: mids.description,
      midAcquirerId: mids.midAcquirerId,
      routeDescription: routes.description,
    })
    .from(recentRecords)
    .innerJoin(accounts, eq(accounts.id, recentRecords.accountId))
    .leftJoin(merchants, eq(merchants.id, recentRecords.merchantId))
    // Through the registry, whose creation time keeps each transaction's read to its month (migration 0038).
    .leftJoin(transactionKeys, ofKindInAccount('TRANSACTION', transactionKeys.id, transactionKeys.accountId))
    .leftJoin(transactions, joinsItsKey)
    .leftJoin(chargebacks, ofKindInAccount('CHARGEBACK', chargebacks.id, chargebacks.accountId))
    .leftJoin(mids, ofKind('MID', mids.id))
    .leftJoin(routes, ofKind('ROUTE', routes.id))
    .where(eq(recentRecords.userId, reader.userId))
    .orderBy(desc(recentRecords.openedAt), recentRecords.kind, recentRecords.recordId)
    .limit(RECENT_RECORD_LIMITS.kept);

  const accountIds = new Set(reader.accountIds);
  const items: RecentRecord[] = [];
  for (const row of rows) {
    if (items.length >= RECENT_RECORD_LIMITS.listed) break;
    const kind = row.kind as RecentRecordKind;
    if (!accountIds.has(row.accountId) || !canReachRecentKind(reader, kind)) continue;
    // Every kind but a merchant belongs to one; a merchant's row names itself.
    if (row.merchantId && row.merchantName === null) continue;
    const fields = fieldsOf(kind, row);
    if (!fields) continue;
    items.push({
      kind,
      id: row.id,
      accountId: row.accountId,
      ...(row.merchantId ? { merchantId: row.merchantId } : {}),
      label: recentRecordLabel(fields),
      accountName: row.accountName,
      ...(row.merchantName !== null ? { merchantName: row.merchantName } : {}),
      openedAt: row.openedAt.toISOString(),
    });
  }
  return items;
}

type ListRow = {
  id: string;
  chargebacksFeature: boolean;
  merchantName: string | null;
  transactionType: string | null;
  amount: number | null;
  currency: string | null;
  referenceOrderId: string | null;
  caseFound: string | null;
  caseId: string | null;
  disputeId: string | null;
  midDescription: string | null;
  midAcquirerId: string | null;
  routeDescription: string | null;
};

/** The record's fields for its label; undefined when the record is gone (or, for a case, out of reach). */
function fieldsOf(kind: RecentRecordKind, row: ListRow): RecentRecordFields | undefined {
  switch (kind) {
    case 'TRANSACTION':
      return row.transactionType === null
        ? undefined
        : {
            kind,
            transactionType: row.transactionType,
            amount: row.amount ?? 0,
            currency: row.currency ?? '',
            referenceOrderId: row.referenceOrderId ?? '',
          };
    case 'CHARGEBACK':
      return row.caseFound === null || !row.chargebacksFeature
        ? undefined
        : { kind, id: row.id, caseId: row.caseId, disputeId: row.disputeId };
    case 'MID':
      return row.midDescription === null
        ? undefined
        : { kind, description: row.midDescription, midAcquirerId: row.midAcquirerId ?? '' };
    case 'ROUTE':
      return row.routeDescription === null ? undefined : { kind, description: row.routeDescription };
    case 'MERCHANT':
      return row.merchantName === null ? undefined : { kind, prettyName: row.merchantName };
  }
}

/**
 * Where a record among the caller's accounts belongs, read from the record itself: undefined when there is no such
 * record there.
 */
export interface RecordOwner {
  accountId: string;
  merchantId: string;
}

export async function ownerOfRecord(
  db: Queryable,
  kind: RecentRecordKind,
  id: string,
  accountIds: readonly string[],
): Promise<RecordOwner | undefined> {
  if (accountIds.length === 0) return undefined;
  switch (kind) {
    case 'TRANSACTION': {
      const [key] = await db
        .select(transactionKeyColumns)
        .from(transactionKeys)
        .where(and(eq(transactionKeys.id, id), inArray(transactionKeys.accountId, [...accountIds])));
      if (!key) return undefined;
      const [row] = await db
        .select({ accountId: transactions.accountId, merchantId: transactions.merchantId })
        .from(transactions)
        .where(isTransaction(key));
      return row;
    }
    case 'CHARGEBACK': {
      // A case is out of reach while its account has no chargebacks feature, as its detail call says.
      const [row] = await db
        .select({ accountId: chargebacks.accountId, merchantId: chargebacks.merchantId })
        .from(chargebacks)
        .innerJoin(accounts, and(eq(accounts.id, chargebacks.accountId), eq(accounts.hasChargebacksFeature, true)))
        .where(and(eq(chargebacks.id, id), inArray(chargebacks.accountId, [...accountIds])));
      return row;
    }
    case 'MID': {
      const [row] = await db
        .select({ accountId: mids.accountId, merchantId: mids.merchantId })
        .from(mids)
        .where(eq(mids.id, id));
      return row;
    }
    case 'ROUTE': {
      const [row] = await db
        .select({ accountId: routes.accountId, merchantId: routes.merchantId })
        .from(routes)
        .where(eq(routes.id, id));
      return row;
    }
    case 'MERCHANT': {
      const [row] = await db
        .select({ accountId: merchants.accountId, merchantId: merchants.id })
        .from(merchants)
        .where(eq(merchants.id, id));
      return row;
    }
  }
}
