import type { Account, AccountSolution, Provider } from '@domain/contract/accounts';
import type { ListQuery } from '@domain/contract/common';
import { isIdentifier, looksLikeIdPrefix } from '@domain/ids';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { accountProviders, accounts, acquirers, merchants, solutions } from '../../db/schema';
import { containsPattern, idStartsWith, prefixPattern } from '../../lib/list';
import { notFound } from '../../plugins/errors';

// Spelled out with table names: drizzle leaves columns unqualified in single-table selects, which would make the
// correlation compare merchants with themselves.
export const merchantCount = sql<number>`(select count(*)::int from merchants where merchants.account_id = accounts.id)`;

/** Account users linked to the account (provider staff links do not count: they come and go with the staff). */
export const accountUserCount = sql<number>`(
  select count(*)::int from user_accounts
  join users on users.id = user_accounts.user_id
  where user_accounts.account_id = accounts.id and users.user_type = 'ACCOUNT' and users.status <> 'DELETED'
)`;

/** Payments were made on the solution (in its account, as every read of transactions names one). */
const solutionCarriedPayments = sql<boolean>`exists (select 1 from transactions
  where transactions.account_id = solutions.account_id and transactions.solution_id = solutions.id)`;

/**
 * A MID uses the solution, or payments did (their MID may have moved on; the record of them stays). The outer
 * `solutions` row is named in full: drizzle prints `${solutions.id}` as a bare "id" in a one-table select, which
 * inside these subqueries would mean mids.id or transactions.id.
 */
export const solutionInUse = sql<boolean>`(
  exists (select 1 from mids where mids.solution_id = solutions.id)
  or ${solutionCarriedPayments}
)`;

/** Sortable contract fields of the accounts list. */
export const ACCOUNT_SORTABLE = {
  prettyName: sql`lower(${accounts.prettyName})`,
  shortId: accounts.shortId,
  createdAt: accounts.createdAt,
  merchantCount,
};

/**
 * Search by name (contains) or by short ID / identifier (prefix); searchType narrows it to one of the two. Without
 * searchType the identifier is only tried for text that looks like one, so a name search stays on its indexes.
 */
export function accountSearch(search: string | undefined, searchType: ListQuery['searchType']): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const byShortId = sql`lower(${accounts.shortId}) like ${prefixPattern(text)}`;
  const byIdentifier = idStartsWith(accounts.id, text);
  const byName = sql`lower(${accounts.prettyName}) like ${containsPattern(text)}`;
  if (searchType === 'ID') return or(byShortId, byIdentifier)!;
  if (searchType === 'TEXT') return byName;
  // A whole identifier is never part of a name or short ID.
  if (byIdentifier && isIdentifier(text)) return byIdentifier;
  return or(byName, byShortId, looksLikeIdPrefix(text) ? byIdentifier : undefined);
}

/** The accounts with the given ids, with providers and solutions, in the order of `ids`. */
export async function loadAccounts(db: Queryable, ids: readonly string[]): Promise<Account[]> {
  if (ids.length === 0) return [];
  const list = [...ids];
  const [rows, providerRows, solutionRows] = await Promise.all([
    db
      .select({
        id: accounts.id,
        shortId: accounts.shortId,
        prettyName: accounts.prettyName,
        image: accounts.image,
        hasChargebacksFeature: accounts.hasChargebacksFeature,
        version: accounts.version,
        createdAt: accounts.createdAt,
        merchantCount,
        userCount: accountUserCount,
      })
      .from(accounts)
      .where(inArray(accounts.id, list)),
    db
      .select({ accountId: accountProviders.accountId, acquirerId: acquirers.id, prettyName: acquirers.prettyName })
      .from(accountProviders)
      .innerJoin(acquirers, eq(acquirers.id, accountProviders.acquirerId))
      .where(inArray(accountProviders.accountId, list))
      .orderBy(asc(acquirers.prettyName)),
    db
      .select({
        id: solutions.id,
        accountId: solutions.accountId,
        acquirerId: solutions.acquirerId,
        prettyName: solutions.prettyName,
        usedByMid: solutionInUse,
      })
      .from(solutions)
      .where(inArray(solutions.accountId, list))
      .orderBy(asc(solutions.createdAt), asc(solutions.prettyName)),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return list.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    // A provider is in use while any of its solutions is: removing it would remove them.
    const providers = providerRows
      .filter((provider) => provider.accountId === id)
      .map((provider) => {
        const own = solutionRows
          .filter((solution) => solution.accountId === id && solution.acquirerId === provider.acquirerId)
          .map((solution) => ({ id: solution.id, prettyName: solution.prettyName, usedByMid: solution.usedByMid }));
        return {
          acquirerId: provider.acquirerId,
          prettyName: provider.prettyName,
          usedByMid: own.some((solution) => solution.usedByMid),
          solutions: own,
        };
      });
    return [
      {
        accountId: row.id,
        shortId: row.shortId,
        prettyName: row.prettyName,
        image: row.image,
        hasChargebacksFeature: row.hasChargebacksFeature,
        providers,
        merchantCount: Number(row.merchantCount),
        userCount: Number(row.userCount),
        version: row.version,
        createdAt: row.createdAt.toISOString(),
      },
    ];
  });
}

/** Restricts a query to the accounts a caller may see. */
export const visibleAccounts = (accountIds: readonly string[]): SQL =>
  accountIds.length === 0 ? sql`false` : inArray(accounts.id, [...accountIds]);

export interface ProviderOptions {
  /** 'In use' counts this merchant's MIDs only; with fromTransactions, its payments only. */
  merchantId?: string;
  /** Only the providers and solutions that carried payments (the transactions list's filters). */
  fromTransactions?: boolean;
  withSolutions?: boolean;
}

/** GET /account/{accountId}/acquirer: the account's providers, each with its solutions and what uses them. */
export async function loadAccountProviders(
  db: Queryable,
  accountId: string,
  options: ProviderOptions = {},
): Promise<Provider[]> {
  const merchant = options.merchantId;
  const used = merchant
    ? sql<boolean>`exists (select 1 from mids where mids.solution_id = solutions.id and mids.merchant_id = ${merchant})`
    : solutionInUse;
  const carried = merchant
    ? sql<boolean>`exists (select 1 from transactions where transactions.account_id = solutions.account_id
        and transactions.solution_id = solutions.id and transactions.merchant_id = ${merchant})`
    : solutionCarriedPayments;
  const [providerRows, solutionRows] = await Promise.all([
    db
      .select({ acquirerId: acquirers.id, prettyName: acquirers.prettyName })
      .from(accountProviders)
      .innerJoin(acquirers, eq(acquirers.id, accountProviders.acquirerId))
      .where(eq(accountProviders.accountId, accountId))
      .orderBy(asc(acquirers.prettyName)),
    db
      .select({ id: solutions.id, acquirerId: solutions.acquirerId, prettyName: solutions.prettyName, usedByMid: used })
      .from(solutions)
      .where(and(eq(solutions.accountId, accountId), options.fromTransactions ? carried : undefined))
      .orderBy(asc(solutions.createdAt), asc(solutions.prettyName)),
  ]);
  return providerRows.flatMap((provider) => {
    const own = solutionRows
      .filter((solution) => solution.acquirerId === provider.acquirerId)
      .map((solution) => ({
        id: solution.id,
        prettyName: solution.prettyName,
        usedByMid: Boolean(solution.usedByMid),
      }));
    if (options.fromTransactions && own.length === 0) return [];
    return [
      {
        ...provider,
        usedByMid: own.some((solution) => solution.usedByMid),
        solutions: options.withSolutions === false ? [] : own,
      },
    ];
  });
}

/** GET /account/{accountId}/solution: every solution of the account, with its provider. */
export async function loadAccountSolutions(db: Queryable, accountId: string): Promise<AccountSolution[]> {
  const rows = await db
    .select({
      id: solutions.id,
      prettyName: solutions.prettyName,
      usedByMid: solutionInUse,
      acquirerId: acquirers.id,
      acquirerPrettyName: acquirers.prettyName,
    })
    .from(solutions)
    .innerJoin(acquirers, eq(acquirers.id, solutions.acquirerId))
    .where(eq(solutions.accountId, accountId))
    .orderBy(asc(acquirers.prettyName), asc(solutions.prettyName));
  return rows.map((row) => ({ ...row, usedByMid: Boolean(row.usedByMid) }));
}

/** A merchant filter names one of the account's merchants; any other answers 404, like an unknown one. */
export async function assertMerchantOfAccount(db: Queryable, accountId: string, merchantId: string): Promise<void> {
  const [found] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.id, merchantId), eq(merchants.accountId, accountId)));
  if (!found) throw notFound();
}
