import { randomUUID } from 'node:crypto';
import type { Db } from '@server/db/client';
import { userActivity } from '@server/db/schema';
import { sql } from 'drizzle-orm';

// Audit entries for the activity and export tests, written straight to the table with chosen dates.

export interface EntryInput {
  accountId: string | null;
  actionType: 'INSERT' | 'UPDATE' | 'DELETE';
  resourceType: string;
  resourceId?: string;
  merchantId?: string | null;
  userName?: string | null;
  userEmail?: string | null;
  userId?: string | null;
  date: string;
  oldValue?: unknown;
  newValue?: unknown;
}

export async function insertEntry(db: Db, input: EntryInput) {
  const [row] = await db
    .insert(userActivity)
    .values({
      accountId: input.accountId,
      actionType: input.actionType,
      resourceType: input.resourceType,
      resourceId: input.resourceId ?? randomUUID(),
      merchantId: input.merchantId ?? null,
      userName: input.userName === undefined ? 'Alice Smith' : input.userName,
      userEmail: input.userEmail === undefined ? 'alice@north.example' : input.userEmail,
      userId: input.userId ?? null,
      date: new Date(input.date),
      oldValue: input.oldValue ?? null,
      newValue: input.newValue ?? null,
    })
    .returning();
  return row!;
}

/**
 * `count` MERCHANT updates of one account, one second apart going back from `latest`, made with generate_series so
 * 100,000 rows take a moment. Resource ids are 'bulk-<n>', n = 1 being the latest.
 */
export async function insertBulkEntries(
  db: Db,
  input: { accountId: string; count: number; latest?: string; userName?: string },
): Promise<void> {
  const latest = input.latest ?? '2026-02-01T12:00:00.000Z';
  await db.execute(sql`
    insert into user_activity (action_type, resource_type, resource_id, user_name, user_email, account_id, date, new_value)
    select 'UPDATE', 'MERCHANT', 'bulk-' || n, ${input.userName ?? 'Bulk Writer'}, 'bulk@north.example',
      ${input.accountId}::uuid, ${latest}::timestamptz - make_interval(secs => n - 1), jsonb_build_object('n', n)
    from generate_series(1, ${input.count}::int) as n
  `);
}
