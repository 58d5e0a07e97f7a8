import { type UserExportQuery, userExportQuery } from '@domain/contract/users';
import { PERMISSIONS as P } from '@domain/permissions';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { accounts, roles, userAccounts, users } from '../../db/schema';
import { countUpTo } from '../../lib/export/count';
import { dateHeader } from '../../lib/export/csv';
import { defineExport } from '../../lib/export/definition';
import { epochMs, keysetBatches, keysetOrder, packedLoader } from '../../lib/export/keyset';
import { USER_DEFAULT_ORDER, USER_SORT_KEYS, userListWhere } from './queries';

/** One user as the file shows it. */
interface UserExportRow {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  jobTitle: string;
  role: string;
  userType: string;
  status: string;
  accounts: string;
  lastActivity: Date | null;
  createdAt: Date;
}

const noParams = z.object({});

/** The users list's export: the same visible users, filters, search and order as the list, as CSV. */
export const usersExport = defineExport<Record<string, never>, UserExportQuery, UserExportRow>({
  source: 'users',
  fileLabel: 'users',
  format: 'csv',
  permission: P.userRead,
  params: noParams,
  query: userExportQuery,
  // The rows are bounded by the list's own visibleUsers rule. Provider staff see users across their accounts, so
  // their export belongs to no one account (and only provider staff may fetch it later); an account user's export
  // belongs to their account.
  scope: (auth) => ({ accountId: auth.isProviderStaff ? null : (auth.accountIds[0] ?? null) }),
  columns: [
    { header: 'User ID', value: (row) => row.userId },
    { header: 'First name', value: (row) => row.firstName },
    { header: 'Last name', value: (row) => row.lastName },
    { header: 'E-mail', value: (row) => row.email },
    { header: 'Job title', value: (row) => row.jobTitle },
    { header: 'Role', value: (row) => row.role },
    { header: 'Type', value: (row) => row.userType },
    { header: 'Status', value: (row) => row.status },
    { header: 'Accounts', value: (row) => row.accounts },
    { header: ({ timeZone }) => dateHeader('Last activity', timeZone), value: (row) => row.lastActivity },
    { header: ({ timeZone }) => dateHeader('Created', timeZone), value: (row) => row.createdAt },
  ],
  rows(db, { auth, query }) {
    const where = userListWhere(auth, query);
    const order = keysetOrder(query.order, USER_SORT_KEYS, USER_DEFAULT_ORDER, users.id);
    // Only the accounts the caller may see are named, as in the list's Accounts column.
    const visibleAccounts = auth.accountIds.length
      ? sql`${userAccounts.accountId} in (${sql.join(
          auth.accountIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql`false`;
    const accountNames = sql`(select coalesce(string_agg(${accounts.prettyName}, ', ' order by lower(${accounts.prettyName})), '')
      from ${userAccounts} inner join ${accounts} on ${accounts.id} = ${userAccounts.accountId}
      where ${userAccounts.userId} = ${users.id} and ${visibleAccounts})`;
    const load = packedLoader<UserExportRow>(db, order, {
      values: [
        users.id,
        users.firstName,
        users.lastName,
        users.email,
        users.jobTitle,
        roles.prettyName,
        users.userType,
        users.status,
        accountNames,
        epochMs(users.lastActivity),
        epochMs(users.createdAt),
      ],
      select: (fields, after) =>
        db.select(fields).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(and(where, after)).$dynamic(),
      toRow: ([userId, firstName, lastName, email, jobTitle, role, userType, status, accountList, last, created]) => ({
        userId: String(userId),
        firstName: String(firstName),
        lastName: String(lastName),
        email: String(email),
        jobTitle: String(jobTitle ?? ''),
        role: String(role),
        userType: String(userType),
        status: String(status),
        accounts: String(accountList ?? ''),
        lastActivity: last === null ? null : new Date(last as number),
        createdAt: new Date(created as number),
      }),
    });
    return {
      count: (cap) => countUpTo(db, db.select({ one: sql`1` }).from(users).where(where).$dynamic(), cap),
      batches: (size) => keysetBatches(order, size, load),
    };
  },
});
