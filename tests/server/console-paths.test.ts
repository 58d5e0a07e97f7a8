import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_YET_SERVED, servedRoutesOf } from '../support/served-routes';
import { buildTestApp, type TestApp } from './helpers/test-app';

// Every call written in the console's source is one the server serves, by method and path, as its OpenAPI document
// says. The console tests check the calls they make at run time (tests/console/served-check.ts); this reads the
// source, so a call no test makes is checked too.

const CONSOLE_DIR = join(import.meta.dirname, '../../src/console');
const CALL = /\bapi\.(get|post|put|patch|delete)\(\s*(['`])([^'`]*)\2/g;
/** A table's export or a file download: `{ path: '/...', base?: ... }` or a `path={`/...`}` prop, fetched with GET. */
const DESCRIPTOR = /\bpath(?::\s*|=\{)(['`])(\/[^'`]*)\1/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

interface WrittenCall {
  where: string;
  method: string;
  path: string;
  base: 'api' | 'activity' | 'analytics';
  /** The names of an inline `query: { ... }` the call passes, when it spreads nothing into it. */
  queryNames?: string[];
}

/**
 * The names of the `query: { ... }` object literal in the options that follow a call (`source` from the call's
 * path on); undefined when there is none, or when it spreads another object whose names this cannot see.
 */
function inlineQueryNames(source: string): string[] | undefined {
  const options = /^[^)]*?\bquery:\s*\{/.exec(source.slice(0, 400));
  if (!options) return undefined;
  let depth = 1;
  let end = options[0].length;
  while (end < source.length && depth > 0) {
    if (source[end] === '{') depth++;
    if (source[end] === '}') depth--;
    end++;
  }
  const body = source.slice(options[0].length, end - 1);
  if (body.includes('...')) return undefined;
  // Top-level entries only: `name: value` or the shorthand `name`.
  return body
    .replace(/\{[^{}]*\}|\([^()]*\)|\[[^[\]]*\]/g, '')
    .split(',')
    .map((entry) => /^\s*['"]?([A-Za-z_$][\w$]*)/.exec(entry)?.[1])
    .filter((name): name is string => name !== undefined);
}

function writtenCalls(): WrittenCall[] {
  return sourceFiles(CONSOLE_DIR).flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    const where = relative(CONSOLE_DIR, file);
    // The options that follow a call (or surround a descriptor) name its base when it is not the API's.
    const baseNear = (index: number) =>
      (/\bbase:\s*'(activity|analytics)'/.exec(source.slice(index, index + 300))?.[1] ?? 'api') as WrittenCall['base'];
    const calls = [...source.matchAll(CALL)]
      // A path built by a helper (`${path}/...`) is checked where the tests make the call (served-check.ts).
      .filter((match) => match[3]!.startsWith('/'))
      .map((match) => ({
        where,
        method: match[1]!.toUpperCase(),
        path: match[3]!,
        base: baseNear(match.index),
        queryNames: inlineQueryNames(source.slice(match.index + match[0].length)),
      }));
    const descriptors = [...source.matchAll(DESCRIPTOR)]
      // Console screen paths (the router's) are not API calls.
      .filter(
        (match) => !/\b(href|to|navigate|location)\b/.test(source.slice(Math.max(0, match.index - 40), match.index)),
      )
      .map((match) => ({ where, method: 'GET', path: match[2]!, base: baseNear(match.index) }));
    return [...calls, ...descriptors];
  });
}

/** Stands for an interpolated value in a written path. */
const ANY = '\u0000';

function segmentsFit(template: string, url: string): boolean {
  const wanted = template.split('/');
  const written = url.split('/');
  return (
    wanted.length === written.length &&
    wanted.every((segment, index) => {
      const value = written[index]!;
      if (/^\{[^}]+\}$/.test(segment)) return value !== '';
      return value === segment || value === ANY;
    })
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the calls the console makes', () => {
  it('are all served by the server (its OpenAPI document), except the gaps named with their issue', () => {
    const served = servedRoutesOf((t.app as unknown as { swagger(): Parameters<typeof servedRoutesOf>[0] }).swagger());
    const routes = [...served, ...NOT_YET_SERVED];
    // A segment written as `${...}` (an id, or a list's kind) may be any value: the call is served when some route
    // fits it segment by segment, a parameter of the route matching anything and a written value matching itself.
    const isServed = (method: string, url: string) =>
      routes.some((route) => route.method === method && segmentsFit(route.path, url));
    const bases = {
      api: t.config.runtime.apiBase,
      activity: t.config.runtime.userActivityBase,
      analytics: t.config.runtime.analyticsBase,
    };
    const calls = writtenCalls();
    // The scan finds the calls: the sign-in, a list, a refund and an export at least.
    expect(calls.length).toBeGreaterThan(40);
    const unserved = calls
      .map((call) => ({ ...call, url: `${bases[call.base]}${call.path.replace(/\$\{[^}]*\}/g, ANY).split('?')[0]}` }))
      .filter((call) => !isServed(call.method, call.url))
      .map((call) => `${call.method} ${call.url} (${call.where})`);
    expect(unserved).toEqual([]);
  });

  it('send only query names the server takes, where the call writes them inline (the server refuses others)', () => {
    const served = servedRoutesOf((t.app as unknown as { swagger(): Parameters<typeof servedRoutesOf>[0] }).swagger());
    const bases = {
      api: t.config.runtime.apiBase,
      activity: t.config.runtime.userActivityBase,
      analytics: t.config.runtime.analyticsBase,
    };
    const parameters = (template: string) => (template.match(/\{/g) ?? []).length;
    const inline = writtenCalls().filter((call) => call.queryNames !== undefined);
    // The scan finds the pick lists and the palette's searches at least.
    expect(inline.length).toBeGreaterThan(8);
    const refused = inline.flatMap((call) => {
      const url = `${bases[call.base]}${call.path.replace(/\$\{[^}]*\}/g, ANY).split('?')[0]}`;
      // A literal segment wins over a parameter, as in the router.
      const route = served
        .filter((candidate) => candidate.method === call.method && segmentsFit(candidate.path, url))
        .sort((a, b) => parameters(a.path) - parameters(b.path))[0];
      const unknown = (call.queryNames ?? []).filter((name) => route && !route.query?.includes(name));
      return unknown.length > 0 ? [`${call.method} ${url} with ${unknown.join(', ')} (${call.where})`] : [];
    });
    expect(refused).toEqual([]);
  });

  it('names only real gaps: each listed gap is still unserved', () => {
    const served = servedRoutesOf((t.app as unknown as { swagger(): Parameters<typeof servedRoutesOf>[0] }).swagger());
    const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
    const servedKeys = new Set(served.map(key));
    expect(NOT_YET_SERVED.filter((gap) => servedKeys.has(key(gap)))).toEqual([]);
  });
});
