import { rmSync, writeFileSync } from 'node:fs';
import { accountParams } from '@domain/contract/accounts';
import { activityExportQuery } from '@domain/contract/activity';
import { exportStatus } from '@domain/contract/exports';
import { activityExport } from '@server/areas/activity/export';
import { exportFiles, jobs } from '@server/db/schema';
import { requireAuth } from '@server/plugins/auth';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBulkEntries } from './helpers/activity-fixtures';
import { buildExportTestApp, type ExportTestApp } from './helpers/export-app';
import { type AccountRow, authHeader, createAccount, createUser, signIn } from './helpers/test-app';
import { unzip } from './helpers/unzip';

// The export engine with small limits (3 rows direct, 6 by e-mail) and a ZIP variant of the audit log's export: the
// base64 ZIP answer, the limits, and the background build retrying after a failure.

const zipExport = { ...activityExport, source: 'useractivity-zip', format: 'zip' as const };

let t: ExportTestApp;
let token: string;
const accounts: Record<string, AccountRow> = {};

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: authHeader(token) });
const zipUrl = (account: AccountRow, query = '') => `/api/test/account/${account.id}/zip${query ? `?${query}` : ''}`;
const csvUrl = (account: AccountRow, query = '') =>
  `/api/audit/account/${account.id}/useractivity/export${query ? `?${query}` : ''}`;
const csvOfZip = (base64: string) => {
  const entries = unzip(Buffer.from(base64, 'base64'));
  expect(entries).toHaveLength(1);
  return { name: entries[0]!.name, csv: entries[0]!.content.toString('utf8') };
};

beforeAll(async () => {
  t = await buildExportTestApp({
    exports: { directLimit: 3, emailLimit: 6, batchSize: 2 },
    register: async (app, auth) => {
      app.exportService.register(zipExport);
      await app.register(
        async (scope) => {
          requireAuth(scope, auth);
          scope.get('/account/:accountId/zip', async (request, reply) => {
            const input = {
              params: accountParams.parse(request.params),
              query: activityExportQuery.parse(request.query),
            };
            await app.exportService.send(request, reply, zipExport, input);
          });
        },
        { prefix: '/api/test' },
      );
    },
  });
  for (const [name, rows] of [
    ['three', 3],
    ['four', 4],
    ['seven', 7],
  ] as const) {
    accounts[name] = await createAccount(t.db, { prettyName: name });
    await insertBulkEntries(t.db, { accountId: accounts[name]!.id, count: rows });
  }
  const admin = await createUser(t.db, {
    role: 'PROVIDER_ADMINISTRATOR',
    type: 'INTERNAL',
    accountIds: Object.values(accounts).map((account) => account.id),
  });
  token = (await signIn(t.app, { email: admin.email })).token;
});

afterAll(() => t.close());

describe('ZIP exports', () => {
  it('answer a zip holding the CSV, as base64 text, with the same rows as the CSV export', async () => {
    // Each export adds an EXPORT entry to the log; the filter keeps the files comparable.
    const query = 'resourceType=MERCHANT&timeZone=America%2FNew_York';
    const response = await get(zipUrl(accounts.three!, query));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['x-content-encoding']).toBe('base64');
    const fileName = /filename="([^"]+)"/.exec(String(response.headers['content-disposition']))![1]!;
    expect(fileName).toMatch(/^user-activity-.+\.zip$/);
    expect(response.body).toMatch(/^[A-Za-z0-9+/]+=*$/);

    const { name, csv } = csvOfZip(response.body);
    expect(name).toBe(fileName.replace(/\.zip$/, '.csv'));
    const direct = await get(csvUrl(accounts.three!, query));
    expect(csv).toBe(direct.body);
    expect(csv.split('\r\n')).toHaveLength(5);
    // 12:00 UTC is 07:00 in New York in winter; batches of 2 rows resume exactly after the last row.
    expect(csv.split('\r\n')[1]).toBe('01/02/2026 07:00:00,UPDATE,MERCHANT,bulk-1,Bulk Writer,bulk@north.example,');
    expect(csv.split('\r\n')[3]).toContain(',bulk-3,');
  });

  it('apply the limits of the engine: 406 above the direct limit, 422 above the e-mail limit', async () => {
    const tooBig = await get(zipUrl(accounts.four!));
    expect(tooBig.statusCode).toBe(406);
    expect(tooBig.json()).toMatchObject({ error: 'export-too-big' });
    const tooLarge = await get(zipUrl(accounts.seven!, 'forceEmailExport=true'));
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json()).toMatchObject({
      error: 'export-too-large',
      message: 'Exports are limited to 6 records. Narrow the filters and try again.',
    });
  });
});

describe('e-mailed ZIP exports', () => {
  let exportId: string;

  it('retry a failed build with backoff, then succeed', async () => {
    // A file where the exports folder should be: building fails until it is gone.
    writeFileSync(t.exportsDir, 'in the way');
    const response = await get(zipUrl(accounts.four!, 'resourceType=MERCHANT&forceEmailExport=true'));
    expect(response.statusCode).toBe(204);
    const [record] = await t.db.select().from(exportFiles);
    exportId = record!.id;

    expect(await t.app.jobWorker.runDue()).toBe(1);
    const [failedOnce] = await t.db.select().from(jobs);
    expect(failedOnce).toMatchObject({ status: 'queued', attempts: 1 });
    expect(failedOnce!.lastError).toMatch(/EEXIST|ENOTDIR/);
    expect((await t.db.select().from(exportFiles))[0]).toMatchObject({ status: 'queued' });
    // Not due again before its backoff.
    expect(await t.app.jobWorker.runDue()).toBe(0);

    rmSync(t.exportsDir);
    t.clock.advance(10_000);
    expect(await t.app.jobWorker.runDue()).toBe(1);
    expect((await t.db.select().from(jobs))[0]).toMatchObject({ status: 'done', attempts: 2 });
    expect((await t.db.select().from(exportFiles).where(eq(exportFiles.id, exportId)))[0]).toMatchObject({
      status: 'ready',
      rowCount: 4,
      format: 'zip',
    });
  });

  it('are downloaded as base64 zips too', async () => {
    const response = await get(`/api/export/${exportId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-content-encoding']).toBe('base64');
    expect(response.headers['content-type']).toBe('application/zip');
    const { csv } = csvOfZip(response.body);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('\uFEFFDate (UTC),Action,Resource type,Resource ID,User,E-mail,Merchant');
    expect(lines.slice(1, -1).map((line) => line.split(',')[3])).toEqual(['bulk-1', 'bulk-2', 'bulk-3', 'bulk-4']);
  });

  it('are built at once by a running worker, woken by the request', async () => {
    t.app.jobWorker.start();
    try {
      const response = await get(zipUrl(accounts.four!, 'resourceType=MERCHANT&forceEmailExport=true'));
      expect(response.statusCode).toBe(204);
      const [latest] = await t.db.select().from(exportFiles).orderBy(desc(exportFiles.createdAt)).limit(1);
      // The worker polls every 5 s; only the wake-up gets the file built within 2 s.
      const deadline = Date.now() + 2_000;
      let status = '';
      while (Date.now() < deadline) {
        status = exportStatus.parse((await get(`/api/export/${latest!.id}/status`)).json()).status;
        if (status === 'ready') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(status).toBe('ready');
    } finally {
      await t.app.jobWorker.stop();
    }
  });
});
