import { CACHE_BUSTER_PARAM } from '@domain/contract/common';

// The calls the server really serves, read from its OpenAPI document, so console tests can never stub a call the server
// does not answer (the MID and Route filters once called two paths that did not exist and a stub hid it).

export interface ServedRoute {
  method: string;
  /** An OpenAPI path template from the server's root, for example `/api/account/{accountId}`. */
  path: string;
  /**
   * The query names the call takes (its OpenAPI query parameters): the server refuses any other with a 400
   * (src/server/plugins/query-keys.ts). Unknown for a gap the server does not serve yet.
   */
  query?: readonly string[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function servedRoutesOf(document: OpenApiDocument): ServedRoute[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        query: ((operation as { parameters?: { in: string; name: string }[] }).parameters ?? [])
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => parameter.name),
      })),
  );
}

/**
 * Calls the console makes today that the server does not serve yet. Each names the issue that adds it; the console
 * asks for them quietly (the filters that use them stay hidden). An entry the server serves fails the check below,
 * so the list only shrinks.
 */
export const NOT_YET_SERVED: readonly ServedRoute[] = [];

function templateMatcher(template: string): RegExp {
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`);
}

/**
 * The route of `routes` that serves `method pathname`, or undefined. A literal segment wins over a parameter, as in
 * the router: of the templates that fit, the one with the fewest parameters.
 */
export function createRouteFinder(
  routes: readonly ServedRoute[],
): (method: string, pathname: string) => ServedRoute | undefined {
  const matchers = routes.map((route) => ({
    route,
    matches: templateMatcher(route.path),
    parameters: (route.path.match(/\{/g) ?? []).length,
  }));
  return (method, pathname) =>
    matchers
      .filter((matcher) => matcher.route.method === method.toUpperCase() && matcher.matches.test(pathname))
      .sort((a, b) => a.parameters - b.parameters)[0]?.route;
}

/** Answers whether `method pathname` is one of `routes`. */
export function createServedCheck(routes: readonly ServedRoute[]): (method: string, pathname: string) => boolean {
  const find = createRouteFinder(routes);
  return (method, pathname) => find(method, pathname) !== undefined;
}

/**
 * The names of `search` that `route` does not take, read as the server reads them (status[]=A is `status`); none when
 * the route's names are unknown.
 */
export function refusedQueryNames(route: ServedRoute, search: URLSearchParams): string[] {
  if (!route.query) return [];
  const names = new Set([...search.keys()].map((name) => name.replace(/\[\]$/, '')));
  return [...names].filter((name) => name !== CACHE_BUSTER_PARAM && !route.query!.includes(name));
}
