import type { MidDetail, MidListItem, MidListQuery } from '@domain/contract/mids';
import type { Force3ds } from '@domain/enums';
import { isIdentifier } from '@domain/ids';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { acquirers, mids, routes, solutions, transactions } from '../../db/schema';
import { criteriaOverlaps } from '../../lib/criteria';
import type { SortKeys } from '../../lib/export/keyset';
import { containsPattern, idStartsWith, type PageWindow } from '../../lib/list';
import { templateOf } from '../../payments/acquirer-templates';

// The MIDs list and detail (spec 2, sections 2.3, 3 "MID" and 7 "MIDs"): always within one merchant, which the
// routes have already checked belongs to the caller.

export const MID_SORT_KEYS: SortKeys = {
  description: { expression: sql`lower(${mids.description})`, type: 'text' },
  midAcquirerId: { expression: sql`lower(${mids.midAcquirerId})`, type: 'text' },
  acquirer: { expression: sql`lower(${acquirers.prettyName})`, type: 'text' },
  solution: { expression: sql`lower(${solutions.prettyName})`, type: 'text' },
  force3ds: { expression: sql`coalesce(${mids.force3ds}, 'NULL')`, type: 'text' },
  modifiedDate: { expression: mids.updatedAt, type: 'timestamptz' },
};

type MidFilters = Omit<MidListQuery, 'page' | 'limit' | 'order' | 'searchType'>;

export function midListWhere(merchantId: string, query: MidFilters): SQL {
  const conditions: (SQL | undefined)[] = [eq(mids.merchantId, merchantId)];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(
        sql`lower(${mids.description}) like ${pattern}`,
        sql`lower(${mids.midAcquirerId}) like ${pattern}`,
        idStartsWith(mids.id, query.search),
      ),
    );
  }
  if (query.midId) conditions.push(idStartsWith(mids.id, query.midId) ?? sql`false`);
  if (query.acquirerId?.length) conditions.push(inArray(mids.acquirerId, query.acquirerId));
  if (query.acquirerDescription) {
    conditions.push(sql`lower(${acquirers.prettyName}) like ${containsPattern(query.acquirerDescription)}`);
  }
  if (query.midDescription) {
    conditions.push(sql`lower(${mids.description}) like ${containsPattern(query.midDescription)}`);
  }
  if (query.force3ds?.length) {
    conditions.push(inArray(sql`coalesce(${mids.force3ds}, 'NULL')`, query.force3ds));
  }
  conditions.push(...criteriaOverlaps(mids, query));
  return and(...conditions)!;
}

export const midColumns = {
  midId: mids.id,
  description: mids.description,
  midAcquirerId: mids.midAcquirerId,
  acquirerId: mids.acquirerId,
  acquirerName: acquirers.prettyName,
  acquirerDescription: acquirers.description,
  solutionId: mids.solutionId,
  solutionName: solutions.prettyName,
  enable: mids.enable,
  force3ds: mids.force3ds,
  currency: mids.currency,
  issuerCountry: mids.issuerCountry,
  cardBrand: mids.cardBrand,
  url: mids.url,
  customTag: mids.customTag,
  binCode: mids.binCode,
  updatedAt: mids.updatedAt,
};

/** MIDs joined with their acquirer and solution: the list, the export and the count read the same rows. */
export function selectMids<T extends Record<string, unknown>>(db: Queryable, fields: T) {
  return db
    .select(fields as never)
    .from(mids)
    .innerJoin(acquirers, eq(acquirers.id, mids.acquirerId))
    .innerJoin(solutions, eq(solutions.id, mids.solutionId));
}

type MidRow = { [K in keyof typeof midColumns]: (typeof midColumns)[K]['_']['data'] };

export function toMidListItem(row: MidRow): MidListItem {
  return {
    midId: row.midId,
    description: row.description,
    midAcquirerId: row.midAcquirerId,
    acquirer: { id: row.acquirerId, prettyName: row.acquirerName },
    solution: { id: row.solutionId, prettyName: row.solutionName },
    enable: row.enable,
    force3ds: (row.force3ds ?? 'NULL') as Force3ds,
    currency: row.currency,
    issuerCountry: row.issuerCountry,
    cardBrand: row.cardBrand,
    url: row.url,
    customTag: row.customTag,
    binCode: row.binCode,
    modifiedDate: row.updatedAt.toISOString(),
  };
}

export async function loadMidPage(db: Queryable, where: SQL, orderBy: SQL[], window: PageWindow) {
  const rows = (await selectMids(db, midColumns)
    .where(where)
    .orderBy(...orderBy)
    .limit(window.limit)
    .offset(window.offset)) as unknown as MidRow[];
  return rows.map(toMidListItem);
}

/** Routes that send payments to the MID, as their MID or their fallback, with the variables they send it. */
export async function routesUsing(db: Queryable, midId: string) {
  return db
    .select({
      routeId: routes.id,
      routeDescription: routes.description,
      currency: routes.currency,
      issuerCountry: routes.issuerCountry,
      cardBrand: routes.cardBrand,
      url: routes.url,
      customTag: routes.customTag,
      binCode: routes.binCode,
    })
    .from(routes)
    .where(or(eq(routes.midId, midId), eq(routes.fallbackMidId, midId)))
    .orderBy(asc(routes.description), asc(routes.id));
}

export async function hasTransactions(db: Queryable, accountId: string, midId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(transactions)
    .where(and(eq(transactions.accountId, accountId), eq(transactions.midId, midId)))
    .limit(1);
  return row !== undefined;
}

/** The MID's stored row, within the merchant; undefined for an unknown id or another merchant's MID. */
export async function midRow(db: Queryable, merchantId: string, midId: string) {
  if (!isIdentifier(midId)) return undefined;
  const [row] = await db
    .select()
    .from(mids)
    .where(and(eq(mids.id, midId), eq(mids.merchantId, merchantId)));
  return row;
}

/** Names of the credential fields the MID holds (their values stay sealed). */
export function storedSecretNames(
  acquirerName: string,
  sealed: string | null,
  open: (sealed: string) => Record<string, string>,
) {
  if (!sealed) return [];
  const held = open(sealed);
  return templateOf(acquirerName)
    .filter((field) => field.type === 'secret' && held[field.name])
    .map((field) => field.name);
}

export async function loadMidDetail(
  db: Queryable,
  merchantId: string,
  midId: string,
  open: (sealed: string, midId: string) => Record<string, string>,
): Promise<MidDetail | undefined> {
  if (!isIdentifier(midId)) return undefined;
  const [row] = (await selectMids(db, {
    ...midColumns,
    accountId: mids.accountId,
    merchantId: mids.merchantId,
    customConfig: mids.customConfig,
    customSecrets: mids.customSecrets,
    version: mids.version,
  }).where(and(eq(mids.id, midId), eq(mids.merchantId, merchantId)))) as unknown as (MidRow & {
    accountId: string;
    merchantId: string;
    customConfig: Record<string, string>;
    customSecrets: string | null;
    version: number;
  })[];
  if (!row) return undefined;
  const [using, used] = await Promise.all([routesUsing(db, midId), hasTransactions(db, row.accountId, midId)]);
  return {
    ...toMidListItem(row),
    merchantId: row.merchantId,
    acquirer: { id: row.acquirerId, prettyName: row.acquirerName, description: row.acquirerDescription },
    acquirerId: row.acquirerId,
    solutionId: row.solutionId,
    customConfig: row.customConfig,
    storedSecrets: storedSecretNames(row.acquirerName, row.customSecrets, (sealed) => open(sealed, midId)),
    hasTransactions: used,
    hasRoutes: using.length > 0,
    routes: using.map(({ routeId, routeDescription }) => ({ routeId, routeDescription })),
    version: row.version,
  };
}
