// The calls the server really serves, read from its OpenAPI document, so console tests can never stub a call the server
// does not answer (the MID and Route filters once called two paths that did not exist and a stub hid it).

export interface ServedRoute {
  method: string;
  /** An OpenAPI path template from the server's root, for example `/api/account/{accountId}`. */
  path: string;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function servedRoutesOf(document: OpenApiDocument): ServedRoute[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => METHODS.has(method))
      .map((method) => ({ method: method.toUpperCase(), path })),
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

/** Answers whether `method pathname` is one of `routes` (a literal segment wins over a parameter, as in the router). */
export function createServedCheck(routes: readonly ServedRoute[]): (method: string, pathname: string) => boolean {
  const matchers = routes.map((route) => ({ method: route.method, matches: templateMatcher(route.path) }));
  return (method, pathname) =>
    matchers.some((matcher) => matcher.method === method.toUpperCase() && matcher.matches.test(pathname));
}
