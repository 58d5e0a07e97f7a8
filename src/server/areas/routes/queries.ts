import type { RouteListItem, RouteListQuery, RouteMid } from '@domain/contract/routes';
import { isIdentifier } from '@domain/ids';
import { and, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { acquirers, mids, routes } from '../../db/schema';
import { criteriaOverlaps } from '../../lib/criteria';
import type { SortKeys } from '../../lib/export/keyset';
import { containsPattern, idStartsWith, type PageWindow } from '../../lib/list';

// The routes list and detail (spec 2, sections 2.4, 3 "Route" and 7 "Routes"), always within one merchant, which the
// routes have already checked belongs to the caller.

export const ROUTE_SORT_KEYS: SortKeys = {
  routeDescription: { expression: sql`lower(${routes.description})`, type: 'text' },
  priority: { expression: routes.priority, type: 'integer' },
  weight: { expression: routes.weight, type: 'integer' },
  modifiedDate: { expression: routes.updatedAt, type: 'timestamptz' },
};

const fallbackMids = alias(mids, 'fallback_mids');
const fallbackAcquirers = alias(acquirers, 'fallback_acquirers');

type RouteFilters = Omit<RouteListQuery, 'page' | 'limit' | 'order' | 'searchType'>;

/** Weight bands of ten: 0 is 0-9 ... 90 is 90-100 (100 belongs to the last band). */
const inWeightBands = (bands: readonly number[]) =>
  or(...bands.map((band) => sql`${routes.weight} between ${band} and ${band === 90 ? 100 : band + 9}`));

export function routeListWhere(merchantId: string, query: RouteFilters): SQL {
  const conditions: (SQL | undefined)[] = [eq(routes.merchantId, merchantId)];
  if (query.search) {
    conditions.push(
      or(
        sql`lower(${routes.description}) like ${containsPattern(query.search)}`,
        idStartsWith(routes.id, query.search),
      ),
    );
  }
  if (query.routeId) conditions.push(idStartsWith(routes.id, query.routeId) ?? sql`false`);
  if (query.routeDescription) {
    conditions.push(sql`lower(${routes.description}) like ${containsPattern(query.routeDescription)}`);
  }
  if (query.midId?.length) conditions.push(inArray(routes.midId, query.midId));
  if (query.weight?.length) conditions.push(inWeightBands(query.weight));
  if (query.priority?.length) conditions.push(inArray(routes.priority, query.priority));
  if (query.fallbackRoute !== undefined) {
    conditions.push(query.fallbackRoute ? isNotNull(routes.fallbackMidId) : isNull(routes.fallbackMidId));
  }
  conditions.push(...criteriaOverlaps(routes, query));
  return and(...conditions)!;
}

export const routeColumns = {
  routeId: routes.id,
  routeDescription: routes.description,
  priority: routes.priority,
  weight: routes.weight,
  currency: routes.currency,
  issuerCountry: routes.issuerCountry,
  cardBrand: routes.cardBrand,
  url: routes.url,
  customTag: routes.customTag,
  binCode: routes.binCode,
  updatedAt: routes.updatedAt,
  version: routes.version,
  midId: mids.id,
  midDescription: mids.description,
  midAcquirerId: mids.midAcquirerId,
  midAcquirerName: acquirers.prettyName,
  midEnable: mids.enable,
  midSynchronous: mids.synchronous,
  fallbackId: fallbackMids.id,
  fallbackDescription: fallbackMids.description,
  fallbackAcquirerId: fallbackMids.midAcquirerId,
  fallbackAcquirerName: fallbackAcquirers.prettyName,
  fallbackEnable: fallbackMids.enable,
  fallbackSynchronous: fallbackMids.synchronous,
};

/** Routes joined with their MID and fallback MID (and their acquirers): the list, export and count read these. */
export function selectRoutes<T extends Record<string, unknown>>(db: Queryable, fields: T) {
  return db
    .select(fields as never)
    .from(routes)
    .innerJoin(mids, eq(mids.id, routes.midId))
    .innerJoin(acquirers, eq(acquirers.id, mids.acquirerId))
    .leftJoin(fallbackMids, eq(fallbackMids.id, routes.fallbackMidId))
    .leftJoin(fallbackAcquirers, eq(fallbackAcquirers.id, fallbackMids.acquirerId));
}

export type RouteRow = { [K in keyof typeof routeColumns]: (typeof routeColumns)[K]['_']['data'] };

function fallbackOf(row: RouteRow): RouteMid | null {
  if (!row.fallbackId) return null;
  return {
    id: row.fallbackId,
    description: row.fallbackDescription ?? '',
    midAcquirerId: row.fallbackAcquirerId ?? '',
    acquirerName: row.fallbackAcquirerName ?? '',
    enable: row.fallbackEnable ?? false,
    synchronous: row.fallbackSynchronous ?? false,
  };
}

export function toRouteListItem(row: RouteRow): RouteListItem {
  return {
    routeId: row.routeId,
    routeDescription: row.routeDescription,
    priority: row.priority,
    weight: row.weight,
    mid: {
      id: row.midId,
      description: row.midDescription,
      midAcquirerId: row.midAcquirerId,
      acquirerName: row.midAcquirerName,
      enable: row.midEnable,
      synchronous: row.midSynchronous,
    },
    fallbackMid: fallbackOf(row),
    currency: row.currency,
    issuerCountry: row.issuerCountry,
    cardBrand: row.cardBrand,
    url: row.url,
    customTag: row.customTag,
    binCode: row.binCode,
    modifiedDate: row.updatedAt.toISOString(),
  };
}

export async function loadRoutePage(db: Queryable, where: SQL, orderBy: SQL[], window: PageWindow | null) {
  const query = selectRoutes(db, routeColumns)
    .where(where)
    .orderBy(...orderBy)
    .$dynamic();
  const rows = (await (window ? query.limit(window.limit).offset(window.offset) : query)) as unknown as RouteRow[];
  return rows.map(toRouteListItem);
}

export async function loadRouteDetail(db: Queryable, merchantId: string, routeId: string) {
  if (!isIdentifier(routeId)) return undefined;
  const [row] = (await selectRoutes(db, routeColumns).where(
    and(eq(routes.id, routeId), eq(routes.merchantId, merchantId)),
  )) as unknown as RouteRow[];
  return row ? { ...toRouteListItem(row), version: row.version } : undefined;
}
