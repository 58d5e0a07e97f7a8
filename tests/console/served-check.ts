import { inject } from 'vitest';
import { createServedCheck, NOT_YET_SERVED } from '../support/served-routes';

// Every stubbed server call of a console test is checked against the routes the real server serves
// (served-routes.global.ts); setup.ts fails the test that made a call the server does not serve.

const isServed = createServedCheck([...inject('servedRoutes'), ...NOT_YET_SERVED]);
const unserved: string[] = [];

export function noteServerCall(method: string, url: URL): void {
  if (!isServed(method, url.pathname)) unserved.push(`${method.toUpperCase()} ${url.pathname}`);
}

export function takeUnservedCalls(): string[] {
  return unserved.splice(0);
}
