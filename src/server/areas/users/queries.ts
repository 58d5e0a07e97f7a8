import type { User, UserListQuery } from '@domain/contract/users';
import { type AnyColumn, and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { accounts, roles, userAccounts, users } from '../../db/schema';
import { type SortKeys, sortableOf } from '../../lib/export/keyset';
import { containsPattern, idStartsWith } from '../../lib/list';
import type { AuthContext } from '../../plugins/auth';

// Reads of the users area. The list's where-builder, sortable map and loader are exported so that the users CSV
// export filters, orders and shapes rows exactly like the list.

export type UserViewer = Pick<AuthContext, 'isProviderStaff' | 'accountIds'>;

/**
 * Sortable contract fields of the users list. Every expression reads `users` only (the role name is a subquery), so
 * any select `from(users)` can order by them. Never-active users sort as the oldest: last under the default
 * `-lastActivity`, first when ascending.
 */
export const USER_SORT_KEYS: SortKeys = {
  firstName: { expression: sql`lower(${users.firstName})`, type: 'text' },
  lastName: { expression: sql`lower(${users.lastName})`, type: 'text' },
  email: { expression: sql`lower(${users.email})`, type: 'text' },
  jobTitle: { expression: sql`lower(${users.jobTitle})`, type: 'text' },
  userType: { expression: users.userType, type: 'text' },
  status: { expression: users.status, type: 'text' },
  lastActivity: { expression: sql`coalesce(${users.lastActivity}, '-infinity'::timestamptz)`, type: 'timestamptz' },
  createdAt: { expression: users.createdAt, type: 'timestamptz' },
  role: {
    expression: sql`(select lower(${roles.prettyName}) from ${roles} where ${roles.id} = ${users.roleId})`,
    type: 'text',
  },
};
export const USER_SORTABLE = sortableOf(USER_SORT_KEYS);

export const USER_DEFAULT_ORDER = '-lastActivity';

/** Users linked to at least one of the accounts. */
function linkedToAny(accountIds: readonly string[]): SQL {
  if (accountIds.length === 0) return sql`false`;
  return sql`exists (select 1 from ${userAccounts} where ${userAccounts.userId} = ${users.id} and ${inArray(
    userAccounts.accountId,
    [...accountIds],
  )})`;
}

/**
 * The tenant boundary for users: account users see the account users of their account, never provider staff;
 * provider staff see the users of their linked accounts and every provider-staff user.
 */
export function visibleUsers(viewer: UserViewer): SQL {
  const ofMyAccounts = and(eq(users.userType, 'ACCOUNT'), linkedToAny(viewer.accountIds))!;
  return viewer.isProviderStaff ? or(eq(users.userType, 'INTERNAL'), ofMyAccounts)! : ofMyAccounts;
}

/** The same rule as visibleUsers, for one loaded user and its account links. */
export function canSeeUser(viewer: UserViewer, target: { userType: string; accountIds: readonly string[] }): boolean {
  if (target.userType === 'INTERNAL') return viewer.isProviderStaff;
  return target.accountIds.some((accountId) => viewer.accountIds.includes(accountId));
}

const contains = (column: SQL | AnyColumn, text: string) => sql`lower(${column}) like ${containsPattern(text)}`;
/** A contain-match filter, or nothing for an empty value. */
const containsFilter = (column: AnyColumn, value: string | undefined) =>
  value?.trim() ? contains(column, value.trim()) : undefined;

/** searchType ID matches the identifier's start; TEXT (or none) matches names and e-mail anywhere. */
function userSearch(search: string | undefined, searchType: UserListQuery['searchType']): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  if (searchType === 'ID') return idStartsWith(users.id, text) ?? sql`false`;
  return or(
    contains(users.firstName, text),
    contains(users.lastName, text),
    contains(sql`${users.firstName} || ' ' || ${users.lastName}`, text),
    contains(users.email, text),
  );
}

/**
 * Where the users list (and its export) looks: the caller's visible users, narrowed by the query's filters. Account
 * filters only ever match accounts the caller may see. Deleted users stay out unless the status filter names them.
 */
export function userListWhere(viewer: UserViewer, query: Partial<UserListQuery>): SQL {
  const userId = query.userId?.trim();
  const accountName = query.accountName?.trim();
  const conditions: (SQL | undefined)[] = [
    visibleUsers(viewer),
    userId ? (idStartsWith(users.id, userId) ?? sql`false`) : undefined,
    containsFilter(users.firstName, query.firstName),
    containsFilter(users.lastName, query.lastName),
    containsFilter(users.jobTitle, query.jobTitle),
    containsFilter(users.email, query.email),
    query.accountId?.length
      ? linkedToAny(query.accountId.filter((accountId) => viewer.accountIds.includes(accountId)))
      : undefined,
    accountName
      ? sql`exists (select 1 from ${userAccounts} inner join ${accounts} on ${accounts.id} = ${userAccounts.accountId}
          where ${userAccounts.userId} = ${users.id}
          and ${viewer.accountIds.length ? inArray(userAccounts.accountId, [...viewer.accountIds]) : sql`false`}
          and lower(${accounts.prettyName}) like ${containsPattern(accountName)})`
      : undefined,
    query.userType?.length ? inArray(users.userType, query.userType) : undefined,
    query.status?.length ? inArray(users.status, query.status) : sql`${users.status} <> 'DELETED'`,
    userSearch(query.search, query.searchType),
  ];
  return and(...conditions)!;
}

/** A user row with what the contract needs, before the caller's view narrows the accounts. */
export interface LoadedUser {
  user: typeof users.$inferSelect;
  role: typeof roles.$inferSelect;
  /** Every linked account, by name. */
  links: { accountId: string; shortId: string; prettyName: string }[];
}

/** Users by id with their role and account links, in the order of `ids`; unknown ids are skipped. */
export async function loadUserRows(db: Queryable, ids: readonly string[]): Promise<LoadedUser[]> {
  if (ids.length === 0) return [];
  const [rows, links] = await Promise.all([
    db
      .select({ user: users, role: roles })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(inArray(users.id, [...ids])),
    db
      .select({
        userId: userAccounts.userId,
        accountId: accounts.id,
        shortId: accounts.shortId,
        prettyName: accounts.prettyName,
      })
      .from(userAccounts)
      .innerJoin(accounts, eq(accounts.id, userAccounts.accountId))
      .where(inArray(userAccounts.userId, [...ids]))
      .orderBy(asc(sql`lower(${accounts.prettyName})`), asc(accounts.id)),
  ]);
  const byId = new Map(rows.map((row) => [row.user.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const own = links
      .filter((link) => link.userId === id)
      .map(({ accountId, shortId, prettyName }) => ({ accountId, shortId, prettyName }));
    return [{ ...row, links: own }];
  });
}

/** The contract's user as the viewer sees it: only the linked accounts the viewer may see are listed. */
export function toUser({ user, role, links }: LoadedUser, viewer: UserViewer): User {
  return {
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    jobTitle: user.jobTitle,
    userType: user.userType as User['userType'],
    role: { id: role.id, name: role.name, prettyName: role.prettyName, internal: role.isInternal },
    status: user.status as User['status'],
    lastActivity: user.lastActivity?.toISOString() ?? null,
    accountId: user.userType === 'ACCOUNT' ? (links[0]?.accountId ?? null) : null,
    accountsList: links.filter((link) => viewer.accountIds.includes(link.accountId)),
    createdAt: user.createdAt.toISOString(),
    version: user.version,
  };
}

/** Users by id, shaped for the viewer, in the order of `ids`. Callers pass ids the viewer may see. */
export async function loadUsers(db: Queryable, ids: readonly string[], viewer: UserViewer): Promise<User[]> {
  return (await loadUserRows(db, ids)).map((row) => toUser(row, viewer));
}
