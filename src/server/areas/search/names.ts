import type { NameHit, NameSource } from '@domain/contract/search';
import { and, asc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { chargebackAgents, merchantNameWords, merchants, mids, plans, routes } from '../../db/schema';
import { containsPattern, escapeLike, prefixPattern } from '../../lib/list';

// Names for the query language's completion (issue 26: parse + completion <= 5 ms a keystroke on 200,000 merchants,
// PostgreSQL). One account at a time, in tiers that each stop at the limit: names that start with the text, names
// with a later word that starts with it, then (from three characters) names that merely contain it. Merchants are
// many, so each tier is an index range read in order (the palette search's indexes, queries.ts); MIDs, routes,
// plans and agents are a merchant's or an account's few, so one ranked query reads them.

export interface NameScope {
  accountId: string;
  /** MIDs, routes and plans of this merchant only (the transactions list narrowed to one merchant). */
  merchantId?: string;
}

/** Asked between tiers: the client left (a newer keystroke), so the rest is not worth reading. */
export type StillWanted = () => boolean;

const merchantNameKey = sql`(lower(${merchants.prettyName}) collate "C")`;

async function merchantNames(
  db: Queryable,
  text: string,
  scope: NameScope,
  limit: number,
  stillWanted: StillWanted,
): Promise<NameHit[]> {
  const found: NameHit[] = [];
  const seen = new Set<string>();
  const add = (rows: readonly NameHit[]) => {
    for (const row of rows) {
      if (seen.has(row.id) || found.length >= limit) continue;
      seen.add(row.id);
      found.push(row);
    }
  };
  const columns = { id: merchants.id, name: merchants.prettyName };
  const inAccount = eq(merchants.accountId, scope.accountId);
  // The (account, lower(name) collate "C", id) index: a range read in order, LIMIT reads only what it returns.
  add(
    await db
      .select(columns)
      .from(merchants)
      .where(and(inAccount, sql`${merchantNameKey} like ${prefixPattern(text)}`))
      .orderBy(merchantNameKey, asc(merchants.id))
      .limit(limit),
  );
  if (text === '' || found.length >= limit || !stillWanted()) return found;
  const notYet = () => (seen.size ? notInArray(merchants.id, [...seen]) : undefined);
  // The (account, word collate "C", merchant) index of merchant_name_words; a name may hold two such words.
  add(
    await db
      .select(columns)
      .from(merchantNameWords)
      .innerJoin(merchants, eq(merchants.id, merchantNameWords.merchantId))
      .where(
        and(
          eq(merchantNameWords.accountId, scope.accountId),
          sql`(${merchantNameWords.word} collate "C") like ${prefixPattern(text)}`,
          notYet(),
        ),
      )
      .orderBy(sql`(${merchantNameWords.word} collate "C")`, asc(merchantNameWords.merchantId))
      .limit((limit - found.length) * 2),
  );
  // One or two characters inside a name match most names and mean little to the user.
  if (text.length < 3 || found.length >= limit || !stillWanted()) return found;
  const contained = await db
    .select(columns)
    .from(merchants)
    .where(and(inAccount, sql`lower(${merchants.prettyName}) like ${containsPattern(text)}`, notYet()))
    .limit(limit - found.length);
  add(contained.sort((a, b) => a.name.localeCompare(b.name, 'en')));
  return found;
}

/** A small table's names in one query: starts, then a later word's start, then (3+ characters) contains. */
function rankedNames(
  db: Queryable,
  table: typeof mids | typeof routes | typeof plans | typeof chargebackAgents,
  idColumn: PgColumn,
  nameColumn: PgColumn,
  where: SQL | undefined,
  text: string,
  limit: number,
): Promise<NameHit[]> {
  const lower = sql`lower(${nameColumn})`;
  const wordStart = `% ${escapeLike(text.toLowerCase())}%`;
  const match =
    text === ''
      ? undefined
      : sql`(${lower} like ${prefixPattern(text)} or ${lower} like ${wordStart}${
          text.length >= 3 ? sql` or ${lower} like ${containsPattern(text)}` : sql``
        })`;
  const rank = sql`case when ${lower} like ${prefixPattern(text)} then 0 when ${lower} like ${wordStart} then 1 else 2 end`;
  return db
    .select({ id: sql<string>`${idColumn}`, name: sql<string>`${nameColumn}` })
    .from(table)
    .where(and(where, match))
    .orderBy(rank, lower, asc(idColumn))
    .limit(limit);
}

/**
 * A merchant's rows when one is named; otherwise those of the account's merchants (routes and plans are indexed by
 * merchant, so the account's merchants are read first rather than every row of the table).
 */
function ownedBy(merchantColumn: PgColumn, scope: NameScope): SQL {
  if (scope.merchantId) return eq(merchantColumn, scope.merchantId);
  return inArray(
    merchantColumn,
    sql`(select ${merchants.id} from ${merchants} where ${merchants.accountId} = ${scope.accountId}::uuid)`,
  );
}

export function searchNames(
  db: Queryable,
  source: NameSource,
  text: string,
  scope: NameScope,
  limit: number,
  stillWanted: StillWanted,
): Promise<NameHit[]> {
  switch (source) {
    case 'merchants':
      return merchantNames(db, text, scope, limit, stillWanted);
    case 'mids':
      return rankedNames(
        db,
        mids,
        mids.id,
        mids.description,
        and(eq(mids.accountId, scope.accountId), scope.merchantId ? eq(mids.merchantId, scope.merchantId) : undefined),
        text,
        limit,
      );
    case 'routes':
      return rankedNames(
        db,
        routes,
        routes.id,
        routes.description,
        and(eq(routes.accountId, scope.accountId), ownedBy(routes.merchantId, scope)),
        text,
        limit,
      );
    case 'plans':
      return rankedNames(
        db,
        plans,
        plans.id,
        plans.description,
        and(eq(plans.accountId, scope.accountId), ownedBy(plans.merchantId, scope)),
        text,
        limit,
      );
    case 'agents':
      return rankedNames(
        db,
        chargebackAgents,
        chargebackAgents.id,
        chargebackAgents.name,
        eq(chargebackAgents.accountId, scope.accountId),
        text,
        limit,
      );
  }
}
