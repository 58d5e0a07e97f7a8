import { isIdentifier, looksLikeIdPrefix } from '@domain/ids';
import { and, asc, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { accounts, merchantNameWords, merchants, userAccounts } from '../../db/schema';
import { containsPattern, escapeLike, idStartsWith, prefixPattern } from '../../lib/list';

// The palette's search (issue 12: p95 <= 16 ms of server time on 200,000 merchants in 2,000 accounts, at any length
// of text). Merchants are found in tiers, each an index-bounded query that stops when the page is full:
//   1. a whole identifier, by key;
//   2. names that start with the text (btree in C collation: ordered, so LIMIT reads only what it returns);
//   3. names with a later word that starts with it (merchant_name_words, a btree read in word order);
//   4. identifiers that start with it (primary key range);
//   5. from three characters on, names and legal names that merely contain it (trigram indexes).
// Within each tier the current account comes first, then the others. One or two characters never look for
// "contains": it would match most of the table and mean little to the user.

export interface MerchantHitRow {
  id: string;
  accountId: string;
  prettyName: string;
  merchantLegalName: string;
  accountName: string;
}

/** Who is searching: an account user searches their one account; provider staff their linked accounts. */
export interface SearchScope {
  userId: string;
  accountIds: readonly string[];
}

type AccountColumn = typeof merchants.accountId | typeof merchantNameWords.accountId | typeof accounts.id;

/**
 * The accounts the caller may search. Provider staff may be linked to thousands: they are read from the links in the
 * query itself, rather than sent as thousands of parameters with every query.
 */
const inAccounts = (column: AccountColumn, scope: SearchScope): SQL =>
  scope.accountIds.length === 1
    ? sql`${column} = ${scope.accountIds[0]}::uuid`
    : sql`${column} in (select ${userAccounts.accountId} from ${userAccounts} where ${userAccounts.userId} = ${scope.userId}::uuid)`;

/** The name in the index's form: lower case, compared byte-wise, so LIKE 'abc%' and ORDER BY share one btree. */
const nameKey = sql`(lower(${merchants.prettyName}) collate "C")`;

const merchantColumns = {
  id: merchants.id,
  accountId: merchants.accountId,
  prettyName: merchants.prettyName,
  merchantLegalName: merchants.merchantLegalName,
  accountName: accounts.prettyName,
};

interface TierQuery {
  where: SQL;
  /** Matches a later word of the name (merchant_name_words) that starts with this pattern, read in word order. */
  words?: string;
  /** Ordered by the index (names); otherwise the rows found are sorted by name here. */
  ordered: boolean;
}

export async function searchMerchants(
  db: Queryable,
  text: string,
  scope: SearchScope,
  limit: number,
  currentAccountId: string | undefined,
): Promise<MerchantHitRow[]> {
  const { accountIds } = scope;
  const found: MerchantHitRow[] = [];
  const seen = new Set<string>();
  const tiers: TierQuery[] = [];
  const typed = text.length;
  if (isIdentifier(text)) {
    tiers.push({ where: sql`${merchants.id} = ${text}::uuid`, ordered: false });
  } else {
    tiers.push({ where: sql`${nameKey} like ${prefixPattern(text)}`, ordered: true });
    tiers.push({ words: prefixPattern(text), where: sql`true`, ordered: true });
    const byId = looksLikeIdPrefix(text) ? idStartsWith(merchants.id, text) : undefined;
    if (byId) tiers.push({ where: byId, ordered: false });
    if (typed >= 3) {
      tiers.push({
        where: sql`(lower(${merchants.prettyName}) like ${containsPattern(text)} or lower(${merchants.merchantLegalName}) like ${containsPattern(text)})`,
        ordered: false,
      });
    }
  }
  // The current account first, then every other account the caller may search.
  const scopes: ((column: AccountColumn) => SQL)[] =
    currentAccountId && accountIds.includes(currentAccountId) && accountIds.length > 1
      ? [
          (column) => sql`${column} = ${currentAccountId}::uuid`,
          (column) => and(inAccounts(column, scope), sql`${column} <> ${currentAccountId}::uuid`)!,
        ]
      : [(column) => inAccounts(column, scope)];

  for (const tier of tiers) {
    for (const inScope of scopes) {
      const room = limit - found.length;
      if (room <= 0) return found;
      const already = [...seen];
      const notYet = already.length ? notInArray(merchants.id, already) : undefined;
      const rows = tier.words
        ? await db
            .select(merchantColumns)
            .from(merchantNameWords)
            .innerJoin(merchants, eq(merchants.id, merchantNameWords.merchantId))
            .innerJoin(accounts, eq(accounts.id, merchants.accountId))
            .where(
              and(
                // One account: its (account, word) index. Many: the word index in order, each row's account checked.
                inScope(accountIds.length === 1 ? merchantNameWords.accountId : merchants.accountId),
                sql`(${merchantNameWords.word} collate "C") like ${tier.words}`,
                notYet,
              ),
            )
            .orderBy(sql`(${merchantNameWords.word} collate "C")`, asc(merchantNameWords.merchantId))
            // A name may have two such words: read a few more and keep each merchant once.
            .limit(room * 2)
        : tier.ordered
          ? await db
              .select(merchantColumns)
              .from(merchants)
              .innerJoin(accounts, eq(accounts.id, merchants.accountId))
              .where(and(inScope(merchants.accountId), tier.where, notYet))
              .orderBy(nameKey, asc(merchants.id))
              .limit(room)
          : (
              await db
                .select(merchantColumns)
                .from(merchants)
                .innerJoin(accounts, eq(accounts.id, merchants.accountId))
                .where(and(inScope(merchants.accountId), tier.where, notYet))
                .limit(room)
            ).sort((a, b) => a.prettyName.localeCompare(b.prettyName));
      for (const row of rows) {
        if (seen.has(row.id) || found.length >= limit) continue;
        seen.add(row.id);
        found.push(row);
      }
    }
  }
  return found;
}

export interface AccountHitRow {
  id: string;
  prettyName: string;
  shortId: string;
}

/**
 * Accounts by short ID, identifier or name: a caller has at most a few thousand, so one query ranks them all. As
 * for merchants, one or two characters match the start of the name or of a word, never its middle.
 */
export async function searchAccounts(
  db: Queryable,
  text: string,
  scope: SearchScope,
  limit: number,
): Promise<AccountHitRow[]> {
  const typed = text.length;
  const prefix = prefixPattern(text);
  const wordStart = `% ${escapeLike(text)}%`;
  const wholeId = isIdentifier(text);
  const byId = looksLikeIdPrefix(text) ? idStartsWith(accounts.id, text) : undefined;
  const rank = sql<number>`case
    when lower(${accounts.shortId}) = ${text} ${wholeId ? sql`or ${accounts.id} = ${text}::uuid` : sql``} then 0
    when lower(${accounts.prettyName}) like ${prefix} then 1
    when lower(${accounts.prettyName}) like ${wordStart} then 2
    when lower(${accounts.shortId}) like ${prefix} ${byId ? sql`or ${byId}` : sql``} then 3
    else 4 end`;
  const match = wholeId
    ? byId
    : sql`(lower(${accounts.prettyName}) like ${typed >= 3 ? containsPattern(text) : prefix}
        or lower(${accounts.prettyName}) like ${wordStart}
        or lower(${accounts.shortId}) like ${prefix}
        ${byId ? sql`or ${byId}` : sql``})`;
  return db
    .select({ id: accounts.id, prettyName: accounts.prettyName, shortId: accounts.shortId })
    .from(accounts)
    .where(and(inAccounts(accounts.id, scope), match))
    .orderBy(rank, sql`lower(${accounts.prettyName})`, asc(accounts.id))
    .limit(limit);
}
