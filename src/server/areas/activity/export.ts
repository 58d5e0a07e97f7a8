import { accountParams } from '@domain/contract/accounts';
import { type ActivityExportQuery, activityExportQuery } from '@domain/contract/activity';
import { PERMISSIONS as P } from '@domain/permissions';
import { and, sql } from 'drizzle-orm';
import { merchants, userActivity } from '../../db/schema';
import { countUpTo } from '../../lib/export/count';
import { dateHeader } from '../../lib/export/csv';
import { defineExport } from '../../lib/export/definition';
import { epochMs, keysetBatches, keysetOrder, packedLoader } from '../../lib/export/keyset';
import { assertAccountAccess } from '../../plugins/auth';
import { ACTIVITY_DEFAULT_ORDER, ACTIVITY_SORT_KEYS, activityWhere, merchantOfEntry } from './queries';

/** One audit entry as the file shows it. */
interface ActivityExportRow {
  date: Date;
  actionType: string;
  resourceType: string;
  resourceId: string;
  userName: string | null;
  userEmail: string | null;
  merchantLegalName: string | null;
}

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** The audit log's export: the list's rows (same filters, search and order) as CSV. */
export const activityExport = defineExport<{ accountId: string }, ActivityExportQuery, ActivityExportRow>({
  source: 'useractivity',
  fileLabel: 'user-activity',
  format: 'csv',
  permission: P.userActivityRead,
  params: accountParams,
  query: activityExportQuery,
  scope: (auth, params) => ({ accountId: assertAccountAccess(auth, params.accountId) }),
  columns: [
    { header: ({ timeZone }) => dateHeader('Date', timeZone), value: (row) => row.date },
    { header: 'Action', value: (row) => row.actionType },
    { header: 'Resource type', value: (row) => row.resourceType },
    { header: 'Resource ID', value: (row) => row.resourceId },
    { header: 'User', value: (row) => row.userName },
    { header: 'E-mail', value: (row) => row.userEmail },
    { header: 'Merchant', value: (row) => row.merchantLegalName },
  ],
  rows(db, { params, query }) {
    const where = activityWhere(params.accountId, query);
    const order = keysetOrder(query.order, ACTIVITY_SORT_KEYS, ACTIVITY_DEFAULT_ORDER, userActivity.id);
    const load = packedLoader<ActivityExportRow>(db, order, {
      values: [
        epochMs(userActivity.date),
        userActivity.actionType,
        userActivity.resourceType,
        userActivity.resourceId,
        userActivity.userName,
        userActivity.userEmail,
        merchants.merchantLegalName,
      ],
      select: (fields, after) =>
        db.select(fields).from(userActivity).leftJoin(merchants, merchantOfEntry).where(and(where, after)).$dynamic(),
      toRow: ([date, actionType, resourceType, resourceId, userName, userEmail, merchantLegalName]) => ({
        date: new Date(date as number),
        actionType: String(actionType),
        resourceType: String(resourceType),
        resourceId: String(resourceId),
        userName: text(userName),
        userEmail: text(userEmail),
        merchantLegalName: text(merchantLegalName),
      }),
    });
    return {
      count: (cap) => countUpTo(db, db.select({ one: sql`1` }).from(userActivity).where(where).$dynamic(), cap),
      batches: (size) => keysetBatches(order, size, load),
    };
  },
});
