import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/test-app';

// The console as `npm start` serves it: the printed address (/) and every client-side route give the console's page,
// assets are files, and the API keeps its JSON 404.

const PAGE = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script>';

let t: TestApp;
let consoleDir: string;

beforeAll(async () => {
  consoleDir = mkdtempSync(join(tmpdir(), 'ops-console-'));
  writeFileSync(join(consoleDir, 'index.html'), PAGE);
  mkdirSync(join(consoleDir, 'assets'));
  writeFileSync(join(consoleDir, 'assets', 'app.js'), 'console.log("console");');
  t = await buildTestApp({ configOverrides: { serveConsole: true, consoleDir } });
});

afterAll(async () => {
  await t?.close();
  rmSync(consoleDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the console page', () => {
  it.each(['/', '/some/deep/link', '/accounts/00000000-0000-4000-8000-000000000000/merchants?page=2', '/mailbox'])(
    'GET %s answers the console page',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(PAGE);
    },
  );

  it('serves the assets as files, and a missing asset is a 404, not the page', async () => {
    const asset = await get('/assets/app.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.body).toBe('console.log("console");');

    const missing = await get('/assets/missing.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, error: 'resource-not-found' });
  });

  it('answers an unknown API path with the JSON 404, never the page', async () => {
    for (const url of ['/api/unknown', '/api/unknown/deeper?x=1', '/api']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ statusCode: 404, error: 'resource-not-found' });
    }
  });

  it('still answers the runtime settings and the API beside the page', async () => {
    expect((await get('/config.json')).json()).toMatchObject({ apiBase: '/api' });
    expect((await get('/api/health')).json()).toMatchObject({ ok: true });
  });
});
