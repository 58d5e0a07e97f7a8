import type { Account } from '@domain/contract/accounts';
import type { ListQuery } from '@domain/contract/common';
import { isIdentifier, looksLikeIdPrefix } from '@domain/ids';
import { asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { accountProviders, accounts, acquirers, solutions } from '../../db/schema';
import { containsPattern, idStartsWith, prefixPattern } from '../../lib/list';

// Spelled out with table names: drizzle leaves columns unqualified in single-table selects, which would make the
// correlation compare merchants with themselves.
export const merchantCount = sql<number>`(select count(*)::int from merchants where merchants.account_id = accounts.id)`;

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
        createdAt: accounts.createdAt,
        merchantCount,
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
      })
      .from(solutions)
      .where(inArray(solutions.accountId, list))
      .orderBy(asc(solutions.createdAt), asc(solutions.prettyName)),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return list.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    // usedByMid stays false until MIDs exist; the MIDs area fills it from its own table.
    const providers = providerRows
      .filter((provider) => provider.accountId === id)
      .map((provider) => ({
        acquirerId: provider.acquirerId,
        prettyName: provider.prettyName,
        usedByMid: false,
        solutions: solutionRows
          .filter((solution) => solution.accountId === id && solution.acquirerId === provider.acquirerId)
          .map((solution) => ({ id: solution.id, prettyName: solution.prettyName, usedByMid: false })),
      }));
    return [
      {
        accountId: row.id,
        shortId: row.shortId,
        prettyName: row.prettyName,
        image: row.image,
        hasChargebacksFeature: row.hasChargebacksFeature,
        providers,
        merchantCount: Number(row.merchantCount),
        createdAt: row.createdAt.toISOString(),
      },
    ];
  });
}

/** Restricts a query to the accounts a caller may see. */
export const visibleAccounts = (accountIds: readonly string[]): SQL =>
  accountIds.length === 0 ? sql`false` : inArray(accounts.id, [...accountIds]);
