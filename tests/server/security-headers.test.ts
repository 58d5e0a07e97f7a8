import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_DOCS_STYLE_HASH } from '@server/plugins/security-headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/test-app';

// Security headers (issue 11): the console's page had no Content-Security-Policy, no frame protection, no
// Referrer-Policy and no nosniff, so another origin could frame the sign-in form.

let t: TestApp;
let consoleDir: string;

beforeAll(async () => {
  consoleDir = mkdtempSync(join(tmpdir(), 'ops-console-'));
  writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await buildTestApp({ configOverrides: { serveConsole: true, consoleDir } });
});

afterAll(async () => {
  await t?.close();
  rmSync(consoleDir, { recursive: true, force: true });
});

/** The policy as a map of directive to its sources. */
function policyOf(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('security headers', () => {
  it.each(['/', '/login', '/accounts/00000000-0000-4000-8000-000000000000/merchants'])(
    'the console page at %s gets the strict policy and cannot be framed',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      const policy = policyOf(response.headers['content-security-policy']);
      expect(Object.fromEntries(policy)).toEqual({
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'object-src': ["'none'"],
      });
      // Nothing inline and nothing from elsewhere, in any directive.
      for (const sources of policy.values()) {
        expect(sources).not.toContain("'unsafe-inline'");
        expect(sources).not.toContain("'unsafe-eval'");
        expect(sources).not.toContain('*');
      }
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('an API answer in JSON carries the same headers', async () => {
    for (const response of [await get('/api/health'), await get('/api/unknown'), await get('/config.json')]) {
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(policyOf(response.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('the OpenAPI page loads its scripts and styles from this origin only, under the same policy', async () => {
    const page = await get('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const policy = policyOf(page.headers['content-security-policy']);
    const consolePolicy = policyOf((await get('/')).headers['content-security-policy']);
    // The console's policy, plus the hash of the one stylesheet inside swagger-ui's logo: still no 'unsafe-inline'.
    expect(Object.fromEntries(policy)).toEqual({
      ...Object.fromEntries(consolePolicy),
      'style-src': ["'self'", API_DOCS_STYLE_HASH],
    });
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    // No inline script in the page: every script it names is a file under /api/docs/static.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const sources = [...page.body.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      const script = await get(new URL(source, 'http://localhost/api/docs/').pathname);
      expect(script.statusCode, source).toBe(200);
      expect(script.headers['content-type'], source).toMatch(/javascript/);
    }
    expect((await get('/api/docs/json')).json()).toMatchObject({ openapi: expect.any(String) });
  });
});
