import {
  ROUTE_DEFAULT_ORDER,
  type RouteIdSearchItem,
  type RouteList,
  type RouteListItem,
  type RouteListQuery,
  type RouteMid,
} from '@domain/contract/routes';
import { isIdentifier } from '@domain/ids';
import { midAcceptsRoute } from '@domain/routes';
import type { RoutingCriteria } from '@domain/routing-criteria';
import { and, asc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { acquirers, merchants, mids, routes } from '../../db/schema';
import { criteriaOverlaps } from '../../lib/criteria';
import { keysetOrder, type SortKeys } from '../../lib/export/keyset';
import { cappedCount, containsPattern, idStartsWith, type PageWindow, pageWindow } from '../../lib/list';

// The routes' reads (spec 2, sections 2.4, 3 "Route" and 7 "Routes"): the list, the detail, the wizard's MID pick list
// and the palette's search by id. Each takes a merchant (or the accounts) the handler has already checked belongs to
// the caller.

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

/** A route joined with its MID and fallback MID, as the list, the detail and the export read it. */
export type JoinedRoute = { [K in keyof typeof routeColumns]: (typeof routeColumns)[K]['_']['data'] };

function fallbackOf(row: JoinedRoute): RouteMid | null {
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

export function toRouteListItem(row: JoinedRoute): RouteListItem {
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
  const rows = (await (window ? query.limit(window.limit).offset(window.offset) : query)) as unknown as JoinedRoute[];
  return rows.map(toRouteListItem);
}

export async function loadRouteDetail(db: Queryable, merchantId: string, routeId: string) {
  if (!isIdentifier(routeId)) return undefined;
  const [row] = (await selectRoutes(db, routeColumns).where(
    and(eq(routes.id, routeId), eq(routes.merchantId, merchantId)),
  )) as unknown as JoinedRoute[];
  return row ? { ...toRouteListItem(row), version: row.version } : undefined;
}

/** limit=0 (the list variant of section 7) answers every route, up to this many. */
const ALL_ROUTES = 10_000;

/** GET /merchant/{merchantId}/route: a page in the asked order (every route with limit=0) and the capped total. */
export async function listRoutes(db: Queryable, merchantId: string, query: RouteListQuery): Promise<RouteList> {
  const where = routeListWhere(merchantId, query);
  const { orderBy } = keysetOrder(query.order, ROUTE_SORT_KEYS, ROUTE_DEFAULT_ORDER, routes.id);
  const window = query.limit === 0 ? { limit: ALL_ROUTES, offset: 0 } : pageWindow(query);
  const [items, total] = await Promise.all([
    loadRoutePage(db, where, orderBy, window),
    cappedCount(db, selectRoutes(db, { one: sql`1` }).where(where).$dynamic()),
  ]);
  return { count: items.length, total, items };
}

/**
 * The route wizard's MID pick list: the merchant's enabled MIDs that take every order the variables let through
 * (routing rule 7, `midAcceptsRoute`), by description.
 */
export async function routeMidPickList(
  db: Queryable,
  merchantId: string,
  variables: RoutingCriteria,
): Promise<RouteMid[]> {
  const rows = await db
    .select({ mid: mids, acquirerName: acquirers.prettyName })
    .from(mids)
    .innerJoin(acquirers, eq(acquirers.id, mids.acquirerId))
    .where(and(eq(mids.merchantId, merchantId), eq(mids.enable, true)))
    .orderBy(asc(mids.description), asc(mids.id));
  return rows
    .filter(({ mid }) => midAcceptsRoute(mid, variables))
    .map(({ mid, acquirerName }) => ({
      id: mid.id,
      description: mid.description,
      midAcquirerId: mid.midAcquirerId,
      acquirerName,
      enable: mid.enable,
      synchronous: mid.synchronous,
    }));
}

/** GET /route/search: the routes of these accounts whose id starts with the text (the palette's Find route). */
export async function findRoutesById(
  db: Queryable,
  accountIds: readonly string[],
  text: string,
  limit: number,
): Promise<RouteIdSearchItem[]> {
  const byId = idStartsWith(routes.id, text);
  if (!byId || accountIds.length === 0) return [];
  return db
    .select({
      routeId: routes.id,
      routeDescription: routes.description,
      accountId: routes.accountId,
      merchantId: routes.merchantId,
      merchantName: merchants.prettyName,
    })
    .from(routes)
    .innerJoin(merchants, eq(merchants.id, routes.merchantId))
    .where(and(byId, inArray(routes.accountId, [...accountIds])))
    .orderBy(asc(routes.id))
    .limit(limit);
}
