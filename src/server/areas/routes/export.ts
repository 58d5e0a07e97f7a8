import { uuid } from '@domain/contract/common';
import { ROUTE_DEFAULT_ORDER, type RouteExportQuery, routeExportQuery } from '@domain/contract/routes';
import { PERMISSIONS as P } from '@domain/permissions';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { routes } from '../../db/schema';
import { countUpTo } from '../../lib/export/count';
import { dateHeader } from '../../lib/export/csv';
import { defineExport } from '../../lib/export/definition';
import { epochMs, keysetBatches, keysetOrder, packedLoader } from '../../lib/export/keyset';
import { assertAccountAccess } from '../../plugins/auth';
import { type JoinedRoute, ROUTE_SORT_KEYS, routeColumns, routeListWhere, selectRoutes } from './queries';

/** The merchant and the account it belongs to, as the route resolved them for the caller (merchantOfCaller). */
const exportParams = z.object({ merchantId: uuid, accountId: uuid });

const joined = (values: readonly string[]) => values.join('; ');

/**
 * The routes list's export (spec 2, section 7: CSV) through the one export engine, bound to the merchant and its
 * account, with the list's filters and order.
 */
export const routesExport = defineExport<z.infer<typeof exportParams>, RouteExportQuery, JoinedRoute>({
  source: 'routes',
  fileLabel: 'routes',
  format: 'csv',
  permission: P.routeExport,
  params: exportParams,
  query: routeExportQuery,
  scope: (auth, params) => ({ accountId: assertAccountAccess(auth, params.accountId), merchantId: params.merchantId }),
  columns: [
    { header: 'Route ID', value: (row) => row.routeId },
    { header: 'Description', value: (row) => row.routeDescription },
    { header: 'Priority', value: (row) => row.priority },
    { header: 'Weight', value: (row) => row.weight },
    { header: 'MID', value: (row) => row.midDescription },
    { header: 'MID Solution', value: (row) => row.midAcquirerId },
    { header: 'Fallback MID', value: (row) => row.fallbackDescription },
    { header: 'Currency', value: (row) => joined(row.currency) },
    { header: 'Issuer country', value: (row) => joined(row.issuerCountry) },
    { header: 'Card brand', value: (row) => joined(row.cardBrand) },
    { header: 'URL', value: (row) => joined(row.url) },
    { header: 'Custom tag', value: (row) => joined(row.customTag) },
    { header: 'BIN code', value: (row) => joined(row.binCode) },
    { header: ({ timeZone }) => dateHeader('Edited', timeZone), value: (row) => row.updatedAt },
  ],
  rows(db, { params, query }) {
    const where = and(routeListWhere(params.merchantId, query), eq(routes.accountId, params.accountId))!;
    const order = keysetOrder(query.order, ROUTE_SORT_KEYS, ROUTE_DEFAULT_ORDER, routes.id);
    const load = packedLoader<JoinedRoute>(db, order, {
      values: Object.values(routeColumns).map((column) => (column === routes.updatedAt ? epochMs(column) : column)),
      select: (fields, after) => selectRoutes(db, fields).where(and(where, after)).$dynamic(),
      toRow: (values) => {
        const row = Object.fromEntries(
          Object.keys(routeColumns).map((key, index) => [key, values[index]]),
        ) as JoinedRoute;
        return { ...row, updatedAt: new Date(row.updatedAt as unknown as number) };
      },
    });
    return {
      count: (cap) => countUpTo(db, selectRoutes(db, { one: sql`1` }).where(where).$dynamic(), cap),
      batches: (size) => keysetBatches(order, size, load),
    };
  },
});
