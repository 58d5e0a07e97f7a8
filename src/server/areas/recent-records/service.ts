import type { RecentRecord, RecentRecordOpen } from '@domain/contract/recent-records';
import { canReachRecentKind, RECENT_RECORD_LIMITS } from '@domain/recent-records';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { recentRecords } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { listRecentRecords, ownerOfRecord, type RecentReader } from './queries';

// Opening a record (issue 26). The server finds the record's account and merchant itself (the client only names it),
// and refuses with 404 a record the caller could not open: no such record, another tenant's, or a kind the caller's
// role may not read, the same answer the record's detail call gives. Not audited: this is a read trail, not a change
// of configuration.

export type RecentDeps = Pick<AppDeps, 'db' | 'now'>;

export async function recordOpened(
  deps: RecentDeps,
  reader: RecentReader,
  input: RecentRecordOpen,
): Promise<RecentRecord> {
  const { db } = deps;
  if (!canReachRecentKind(reader, input.kind)) throw notFound();
  const owner = await ownerOfRecord(db, input.kind, input.id, reader.accountIds);
  if (!owner || !reader.accountIds.includes(owner.accountId)) throw notFound();
  const openedAt = new Date(deps.now());
  await db.transaction(async (tx) => {
    // One row per (user, kind, record), whatever the number of opens racing: the key decides, not a read.
    await tx
      .insert(recentRecords)
      .values({
        userId: reader.userId,
        kind: input.kind,
        recordId: input.id,
        accountId: owner.accountId,
        merchantId: owner.merchantId,
        openedAt,
      })
      .onConflictDoUpdate({
        target: [recentRecords.userId, recentRecords.kind, recentRecords.recordId],
        // Two opens out of order (clock skew between API processes) never move a row back in time.
        set: { openedAt: sql`greatest(${recentRecords.openedAt}, excluded.opened_at)` },
      });
    // Keep the newest RECENT_RECORD_LIMITS.kept of the user's rows.
    await tx.execute(sql`
      delete from ${recentRecords}
      where ${recentRecords.userId} = ${reader.userId}
        and (${recentRecords.kind}, ${recentRecords.recordId}) not in (
          select kind, record_id from ${recentRecords}
          where user_id = ${reader.userId}
          order by opened_at desc, kind, record_id
          limit ${RECENT_RECORD_LIMITS.kept}
        )`);
  });
  const [item] = (await listRecentRecords(db, reader)).filter(
    (record) => record.kind === input.kind && record.id === input.id,
  );
  // Deleted between the check and the read: as gone as if it had been deleted first.
  if (!item) throw notFound();
  return item;
}
