import { inject } from 'vitest';
import { createRouteFinder, NOT_YET_SERVED, refusedQueryNames } from '../support/served-routes';

// Every stubbed server call of a console test is checked against the routes the real server serves
// (served-routes.global.ts), query names included: setup.ts fails the test that made a call the server does not
// serve, or sent a query name the server refuses (issue 23: it answers 400 instead of ignoring it).

const findRoute = createRouteFinder([...inject('servedRoutes'), ...NOT_YET_SERVED]);
const unserved: string[] = [];

export function noteServerCall(method: string, url: URL): void {
  const route = findRoute(method, url.pathname);
  if (!route) {
    unserved.push(`${method.toUpperCase()} ${url.pathname}`);
    return;
  }
  const refused = refusedQueryNames(route, url.searchParams);
  if (refused.length > 0) unserved.push(`${method.toUpperCase()} ${url.pathname} with ${refused.join(', ')}`);
}

export function takeUnservedCalls(): string[] {
  return unserved.splice(0);
}
