import type { ApiClient } from '@console/api/client';
import { useApi, useSession } from '@console/session/session-provider';
import type { ListQueryParams } from '@console/table/types';
import { useDebounced } from '@console/ui/use-debounced';
import { midList } from '@domain/contract/mids';
import {
  type RouteList,
  type RouteMid,
  type RouteSaveInput,
  type RouteUpdateInput,
  type RoutingLintRequestInput,
  routeDetail,
  routeList,
  routeMidList,
  routesCreated,
  routingLintResult,
  type SimulationRequestInput,
  type SimulationResult,
  simulationResult,
} from '@domain/contract/routes';
import { can, PERMISSIONS as P } from '@domain/permissions';
import type { RoutingCriteria } from '@domain/routing-criteria';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { midListQueryKey } from '../mids/mid-paths';

// The routes area's calls (spec 2, section 7 "Routes" and "Simulation"): the list, one route, the wizard's MID pick
// list, the simulation, the routing lint (issue 28), and the writes, through the one API client. Screens and the
// wizard's actors call these and never write a path themselves.

export const routeListQueryKey = (merchantId: string) => ['route-list', merchantId] as const;
export const routeQueryKey = (merchantId: string, routeId: string) => ['route', merchantId, routeId] as const;
/**
 * Under the routes list's key, so whatever refreshes the list (a save, a duplicate, a delete: each invalidates
 * routeListQueryKey) checks the routing again too.
 */
export const routingLintQueryKey = (merchantId: string) => [...routeListQueryKey(merchantId), 'routing-lint'] as const;

/** The MID filter's options change rarely; a minute keeps the routes list on one request for them. */
const MID_OPTIONS_STALE_MS = 60_000;
/** The largest page the list convention allows: the MID filter lists one page of names. */
const MID_OPTIONS_LIMIT = 500;

/** GET /merchant/{merchantId}/route: one page of the routes table. */
export function fetchRoutePage(
  api: ApiClient,
  merchantId: string,
  query: ListQueryParams,
  signal: AbortSignal,
): Promise<RouteList> {
  return api.get(`/merchant/${merchantId}/route`, { query, schema: routeList, signal });
}

/** GET /merchant/{merchantId}/route/{routeId}: the detail and the wizard's edit read the same cache entry. */
export function useRoute(merchantId: string | undefined, routeId: string) {
  const api = useApi();
  return useQuery({
    queryKey: routeQueryKey(merchantId ?? '', routeId),
    queryFn: ({ signal }) => api.get(`/merchant/${merchantId}/route/${routeId}`, { schema: routeDetail, signal }),
    enabled: merchantId !== undefined && routeId !== '',
  });
}

/**
 * GET /merchant/{merchantId}/routing-lint: the saved routes that can never take a payment, and why (issue 28). A side
 * check of the routes list: its failures are answered on the list (a muted line), never with the not-found page or the
 * server-error message, so the list stays usable without it.
 */
export function useRoutingLint(merchantId: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: routingLintQueryKey(merchantId ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/merchant/${merchantId}/routing-lint`, {
        schema: routingLintResult,
        signal,
        notFoundIsAnswer: true,
        serverErrorIsAnswer: true,
      }),
    enabled: merchantId !== undefined,
  });
}

/** The draft's check waits for the priorities and weights to rest this long, so a moving slider asks once. */
const DRAFT_LINT_DEBOUNCE_MS = 300;

/**
 * POST /merchant/{merchantId}/routing-lint: the routing as it would be after saving the wizard's rows (issue 28), keyed
 * by the draft 300 ms after it last changed; a newer draft changes the key and react-query aborts the older call. The
 * last answer stays shown (placeholder) while the next one is asked. Like the GET, a side check: its failures are told
 * where it is shown, never globally.
 */
export function useDraftRoutingLint(merchantId: string | undefined, draft: RoutingLintRequestInput, enabled: boolean) {
  const api = useApi();
  const key = JSON.stringify([draft.temporaryRoutes ?? [], draft.removedRouteIds ?? []]);
  const askedKey = useDebounced(key, DRAFT_LINT_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: [...routingLintQueryKey(merchantId ?? ''), 'draft', askedKey],
    queryFn: ({ signal }) => {
      const [temporaryRoutes, removedRouteIds] = JSON.parse(askedKey) as [
        NonNullable<RoutingLintRequestInput['temporaryRoutes']>,
        NonNullable<RoutingLintRequestInput['removedRouteIds']>,
      ];
      return api.post(`/merchant/${merchantId}/routing-lint`, {
        body: { temporaryRoutes, removedRouteIds },
        schema: routingLintResult,
        signal,
        notFoundIsAnswer: true,
        serverErrorIsAnswer: true,
      });
    },
    enabled: merchantId !== undefined && enabled,
    placeholderData: keepPreviousData,
  });
  /** The draft on screen is not yet the one answered: still resting, asked, or answered for an older draft. */
  const settling = askedKey !== key || query.isFetching || query.isPlaceholderData;
  return { query, settling };
}

/** The routes list's MID filter: the merchant's MIDs by description (needs mid.read; without it, no filter). */
export function useRouteMidFilterOptions(merchantId: string | undefined) {
  const api = useApi();
  const { grants } = useSession();
  return useQuery({
    queryKey: [...midListQueryKey(merchantId ?? ''), 'pick-list'],
    queryFn: ({ signal }) =>
      api.get(`/merchant/${merchantId}/mid`, {
        query: { limit: MID_OPTIONS_LIMIT, order: 'description' },
        schema: midList,
        signal,
      }),
    enabled: merchantId !== undefined && can(grants, P.midRead),
    staleTime: MID_OPTIONS_STALE_MS,
    select: (list) => list.items.map((mid) => ({ value: mid.midId, label: mid.description })),
  });
}

/**
 * POST /merchant/{merchantId}/route-mid: the MIDs that take the chosen variables. The variables go in the body, since
 * a route may name hundreds of URLs, which no query string carries.
 */
export async function loadRouteMids(
  api: ApiClient,
  merchantId: string,
  variables: RoutingCriteria,
  signal?: AbortSignal,
): Promise<RouteMid[]> {
  const list = await api.post(`/merchant/${merchantId}/route-mid`, { body: variables, schema: routeMidList, signal });
  return list.items;
}

/** POST /merchant/{merchantId}/simulation: where one order would go, with the wizard's rows as temporary routes. */
export function simulateOrder(
  api: ApiClient,
  merchantId: string,
  request: SimulationRequestInput,
  signal?: AbortSignal,
): Promise<SimulationResult> {
  return api.post(`/merchant/${merchantId}/simulation`, { body: request, schema: simulationResult, signal });
}

/** POST /merchant/{merchantId}/routes: up to ten rows, all saved or none. */
export async function createRoutes(api: ApiClient, merchantId: string, routes: RouteSaveInput[]): Promise<void> {
  await api.post(`/merchant/${merchantId}/routes`, { body: { routes }, schema: routesCreated });
}

/** PUT /merchant/{merchantId}/route/{routeId} with the version the route was opened on (409 route-changed). */
export async function updateRoute(
  api: ApiClient,
  merchantId: string,
  routeId: string,
  route: RouteUpdateInput,
): Promise<void> {
  await api.put(`/merchant/${merchantId}/route/${routeId}`, { body: route });
}

/** POST /merchant/{merchantId}/route/{routeId}/duplicate: the same route at weight 0, 'Copy of …'. */
export async function duplicateRoute(api: ApiClient, merchantId: string, routeId: string): Promise<void> {
  await api.post(`/merchant/${merchantId}/route/${routeId}/duplicate`);
}

/** DELETE /merchant/{merchantId}/route/{routeId} (409 route-with-transactions once payments went through it). */
export async function deleteRoute(api: ApiClient, merchantId: string, routeId: string): Promise<void> {
  await api.delete(`/merchant/${merchantId}/route/${routeId}`);
}
