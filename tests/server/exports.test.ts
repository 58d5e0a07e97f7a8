import { existsSync, readdirSync } from 'node:fs';
import { activityDetail, activityList } from '@domain/contract/activity';
import { exportStatus } from '@domain/contract/exports';
import { emailOutbox, exportFiles, jobs, roles, users } from '@server/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBulkEntries, insertEntry } from './helpers/activity-fixtures';
import { buildExportTestApp, type ExportTestApp } from './helpers/export-app';
import {
  type AccountRow,
  authHeader,
  createAccount,
  createMerchant,
  createUser,
  type MerchantRow,
  signIn,
  type UserRow,
} from './helpers/test-app';

// The one export flow (spec 1, section 4) on the audit log's export: 200 with the file up to 10,000 rows, 406 or an
// e-mailed file (204) up to 100,000, 422 above; the file filtered by the caller's tenant, in the caller's time zone,
// with formulas defused; every export audited.

let t: ExportTestApp;
let north: AccountRow;
let south: AccountRow;
let bulk: AccountRow;
let shop: MerchantRow;
let southShop: MerchantRow;
const tokens: Record<string, string> = {};
const people: Record<string, UserRow> = {};

const EXPORT = (accountId: string, query = '') =>
  `/api/audit/account/${accountId}/useractivity/export${query ? `?${query}` : ''}`;
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: authHeader(token) });
const MADRID = 'timeZone=Europe%2FMadrid';
const HEADER = 'Date (Europe/Madrid),Action,Resource type,Resource ID,User,E-mail,Merchant';
const dataLines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(1, -1);

async function signInAs(key: string, role: string, account: AccountRow) {
  const user = await createUser(t.db, { role, type: 'ACCOUNT', accountIds: [account.id], firstName: key });
  people[key] = user;
  tokens[key] = (await signIn(t.app, { email: user.email, accountId: account.shortId })).token;
}

beforeAll(async () => {
  t = await buildExportTestApp();
  north = await createAccount(t.db, { prettyName: 'Northwind' });
  south = await createAccount(t.db, { prettyName: 'Southwind' });
  bulk = await createAccount(t.db, { prettyName: 'Bulkwind' });
  shop = await createMerchant(t.db, north.id, { merchantLegalName: 'Acme, "Best" S.L.' });
  southShop = await createMerchant(t.db, south.id, { merchantLegalName: 'South Shop S.L.' });
  await signInAs('admin', 'ADMINISTRATOR', north);
  await signInAs('viewer', 'VIEWER', north);
  await signInAs('southAdmin', 'ADMINISTRATOR', south);
  await signInAs('bulkAdmin', 'ADMINISTRATOR', bulk);
  await signInAs('bulkManager', 'MANAGER', bulk);

  await insertEntry(t.db, {
    accountId: north.id,
    actionType: 'INSERT',
    resourceType: 'MERCHANT',
    resourceId: '+cmd|calc',
    merchantId: shop.id,
    userName: '=HYPERLINK("http://evil.example")',
    userEmail: '@evil.example',
    date: '2026-01-05T13:05:09.000Z',
  });
  await insertEntry(t.db, {
    accountId: north.id,
    actionType: 'UPDATE',
    resourceType: 'MERCHANT',
    resourceId: shop.id,
    merchantId: shop.id,
    userName: 'Bob Jones',
    userEmail: 'bob@north.example',
    date: '2026-07-10T08:00:00.000Z',
  });
  await insertEntry(t.db, {
    accountId: north.id,
    actionType: 'DELETE',
    resourceType: 'ROUTE',
    resourceId: 'route-1',
    userName: '-2+3',
    userEmail: '\tbob@x.example',
    date: '2026-03-01T00:30:00.000Z',
  });
  await insertEntry(t.db, {
    accountId: south.id,
    actionType: 'INSERT',
    resourceType: 'MERCHANT',
    resourceId: southShop.id,
    merchantId: southShop.id,
    userName: 'South Person',
    date: '2026-02-01T00:00:00.000Z',
  });
  await insertBulkEntries(t.db, { accountId: bulk.id, count: 10_001 });
});

afterAll(() => t.close());

describe('direct export (up to 10,000 rows)', () => {
  // EXPORT entries are left out by the filter: every export adds one to the account's log.
  const onlyChanges = 'resourceType[]=MERCHANT&resourceType[]=ROUTE';

  it("answers the list's rows as CSV: BOM, header row, the caller's zone, quoting and formulas defused", async () => {
    const response = await get(EXPORT(north.id, `${onlyChanges}&${MADRID}`), tokens.admin!);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="user-activity-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z\.csv"/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-encoding']).toBeUndefined();
    expect(response.body).toBe(
      [
        `\uFEFF${HEADER}`,
        // Summer time in Madrid is UTC+2, winter time UTC+1.
        `10/07/2026 10:00:00,UPDATE,MERCHANT,${shop.id},Bob Jones,bob@north.example,"Acme, ""Best"" S.L."`,
        `01/03/2026 01:30:00,DELETE,ROUTE,route-1,'-2+3,'\tbob@x.example,`,
        `05/01/2026 14:05:09,INSERT,MERCHANT,'+cmd|calc,"'=HYPERLINK(""http://evil.example"")",'@evil.example,"Acme, ""Best"" S.L."`,
        '',
      ].join('\r\n'),
    );
  });

  it('writes dates in UTC when no zone is given', async () => {
    const response = await get(EXPORT(north.id, `${onlyChanges}&order=date`), tokens.admin!);
    const csv = response.body.replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')[0]).toBe('Date (UTC),Action,Resource type,Resource ID,User,E-mail,Merchant');
    expect(dataLines(response.body).map((line) => line.slice(0, 19))).toEqual([
      '05/01/2026 13:05:09',
      '01/03/2026 00:30:00',
      '10/07/2026 08:00:00',
    ]);
  });

  it("applies the list's filters, search and order", async () => {
    const updates = await get(EXPORT(north.id, `actionType=UPDATE&${MADRID}`), tokens.admin!);
    expect(dataLines(updates.body)).toHaveLength(1);
    expect(dataLines(updates.body)[0]).toContain(',UPDATE,MERCHANT,');
    const searched = await get(EXPORT(north.id, `search=bob&searchType=TEXT&order=date`), tokens.admin!);
    expect(dataLines(searched.body).map((line) => line.split(',')[3])).toEqual(['route-1', shop.id]);
    const userCells = async (order: string) => {
      const response = await get(EXPORT(north.id, `merchantId[]=${shop.id}&order=${order}`), tokens.admin!);
      return dataLines(response.body).map((line) => line.split(',')[4]);
    };
    const ascending = await userCells('user');
    expect(ascending).toHaveLength(2);
    expect(ascending).toContain('Bob Jones');
    expect(await userCells('-user')).toEqual([...ascending].reverse());
  });

  it("never holds another tenant's rows, and refuses another tenant's account and callers without the permission", async () => {
    const response = await get(EXPORT(north.id), tokens.admin!);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('South Person');
    expect(response.body).not.toContain(southShop.id);
    expect((await get(EXPORT(north.id), tokens.southAdmin!)).statusCode).toBe(404);
    expect((await get(EXPORT(south.id), tokens.admin!)).statusCode).toBe(404);
    expect((await get(EXPORT(north.id), tokens.viewer!)).statusCode).toBe(403);
    const theirs = await get(EXPORT(southShop.accountId), tokens.southAdmin!);
    expect(dataLines(theirs.body).filter((line) => line.includes(',MERCHANT,'))).toHaveLength(1);
  });

  it('refuses an unknown time zone and reversed dates', async () => {
    const zone = await get(EXPORT(north.id, 'timeZone=Mars%2FOlympus'), tokens.admin!);
    expect(zone.statusCode).toBe(400);
    expect(zone.json()).toMatchObject({ fields: { timeZone: 'Unknown time zone' } });
    const dates = await get(
      EXPORT(north.id, 'dateFrom=2026-02-01T00:00:00.000Z&dateTo=2026-01-01T00:00:00.000Z'),
      tokens.admin!,
    );
    expect(dates.statusCode).toBe(400);
    expect(dates.json()).toMatchObject({ fields: { dateTo: 'The indicated dates are not correct' } });
  });

  it('records every export in the audit log: who, which filters, how many rows, which format', async () => {
    const response = await get(EXPORT(north.id, `actionType=DELETE&${MADRID}`), tokens.admin!);
    expect(response.statusCode).toBe(200);
    const fileName = /filename="([^"]+)"/.exec(String(response.headers['content-disposition']))![1];
    const listed = await get(`/api/audit/account/${north.id}/useractivity?resourceType=EXPORT`, tokens.admin!);
    const entries = activityList.parse(listed.json()).items;
    const detailOf = async (id: string) =>
      activityDetail.parse((await get(`/api/audit/useractivity/${id}`, tokens.admin!)).json());
    const details = await Promise.all(entries.map((entry) => detailOf(entry.userActivityId)));
    const entry = details.find((detail) => detail.version?.fileName === fileName);
    expect(entry).toMatchObject({
      actionType: 'INSERT',
      resourceType: 'EXPORT',
      accountId: north.id,
      user: { email: people.admin!.email },
      oldVersion: null,
      version: {
        source: 'useractivity',
        format: 'csv',
        delivery: 'download',
        rowCount: 1,
        timeZone: 'Europe/Madrid',
        filters: { actionType: ['DELETE'] },
      },
    });
  });
});

describe('between 10,000 and 100,000 rows', () => {
  const bulkQuery = `resourceType=MERCHANT&${MADRID}`;
  let exportId: string;

  it('answers 406 without forceEmailExport, and queues nothing', async () => {
    const response = await get(EXPORT(bulk.id, bulkQuery), tokens.bulkAdmin!);
    expect(response.statusCode).toBe(406);
    expect(response.json()).toMatchObject({ error: 'export-too-big' });
    expect(await t.db.select().from(jobs)).toEqual([]);
    expect(await t.db.select().from(exportFiles)).toEqual([]);
  });

  it('answers 204 with forceEmailExport and queues the build, audited', async () => {
    const response = await get(EXPORT(bulk.id, `${bulkQuery}&forceEmailExport=true`), tokens.bulkAdmin!);
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');
    const [record] = await t.db.select().from(exportFiles);
    expect(record).toMatchObject({
      userId: people.bulkAdmin!.id,
      accountId: bulk.id,
      source: 'useractivity',
      status: 'queued',
      format: 'csv',
    });
    exportId = record!.id;
    expect(await t.db.select({ kind: jobs.kind, status: jobs.status }).from(jobs)).toEqual([
      { kind: 'export', status: 'queued' },
    ]);
    const audit = await get(`/api/audit/account/${bulk.id}/useractivity?resourceType=EXPORT`, tokens.bulkAdmin!);
    const [entry] = activityList.parse(audit.json()).items;
    expect(entry).toMatchObject({ resourceId: exportId, actionType: 'INSERT' });
    const detail = activityDetail.parse(
      (await get(`/api/audit/useractivity/${entry!.userActivityId}`, tokens.bulkAdmin!)).json(),
    );
    expect(detail.version).toMatchObject({
      delivery: 'email',
      rowCount: 10_001,
      filters: { resourceType: ['MERCHANT'] },
    });
  });

  it('builds the file in the background and e-mails the user a link to it', async () => {
    expect(await t.app.jobWorker.runDue()).toBe(1);
    const [record] = await t.db.select().from(exportFiles).where(eq(exportFiles.id, exportId));
    expect(record).toMatchObject({ status: 'ready', rowCount: 10_001 });
    expect(record!.expiresAt!.getTime() - record!.readyAt!.getTime()).toBe(72 * 3600_000);
    expect(readdirSync(t.exportsDir)).toEqual([record!.storedName]);
    const [job] = await t.db.select().from(jobs);
    expect(job).toMatchObject({ status: 'done', attempts: 1 });

    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'export'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: people.bulkAdmin!.email, subject: 'Your export is ready' });
    expect(mails[0]!.links).toEqual([
      { label: 'Download the export', url: `${t.config.publicUrl}/exports/${exportId}` },
    ]);
    expect(mails[0]!.textBody).toContain('10,001 records');
  });

  it('tells its owner the file is ready', async () => {
    const response = await get(`/api/export/${exportId}/status`, tokens.bulkAdmin!);
    expect(response.statusCode).toBe(200);
    const status = exportStatus.parse(response.json());
    expect(status).toMatchObject({ exportId, status: 'ready', rowCount: 10_001 });
    expect(status.fileName).toMatch(/^user-activity-.+\.csv$/);
  });

  it('gives the same rows to its owner as an attachment', async () => {
    const response = await get(`/api/export/${exportId}`, tokens.bulkAdmin!);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [record] = await t.db.select().from(exportFiles).where(eq(exportFiles.id, exportId));
    expect(response.headers['content-disposition']).toContain(`filename="${record!.fileName}"`);
    expect(response.body.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
    const lines = dataLines(response.body);
    expect(lines).toHaveLength(10_001);
    // Newest first, in Madrid time (UTC+1 in February), only the account's merchant updates.
    expect(lines[0]).toBe('01/02/2026 13:00:00,UPDATE,MERCHANT,bulk-1,Bulk Writer,bulk@north.example,');
    expect(lines[10_000]).toContain(',bulk-10001,');
    expect(lines.every((line) => line.includes(',UPDATE,MERCHANT,bulk-'))).toBe(true);
    expect(new Set(lines.map((line) => line.split(',')[3])).size).toBe(10_001);
  });

  it('is 404 for anybody else, of the same account or another', async () => {
    for (const token of [tokens.bulkManager!, tokens.admin!]) {
      expect((await get(`/api/export/${exportId}`, token)).statusCode).toBe(404);
      expect((await get(`/api/export/${exportId}/status`, token)).statusCode).toBe(404);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/export/${exportId}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('expires after 72 hours: 410, and the file is removed', async () => {
    t.clock.advance(72 * 3600_000 + 1_000);
    // The clock moved past the session too: sign in again.
    const token = (await signIn(t.app, { email: people.bulkAdmin!.email, accountId: bulk.shortId })).token;
    const status = exportStatus.parse((await get(`/api/export/${exportId}/status`, token)).json());
    expect(status.status).toBe('expired');
    const response = await get(`/api/export/${exportId}`, token);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({ error: 'link-expired' });
    expect(readdirSync(t.exportsDir)).toEqual([]);
    tokens.bulkAdmin = token;
  });

  it("checks the user's permissions again when the job runs", async () => {
    const token = (await signIn(t.app, { email: people.bulkManager!.email, accountId: bulk.shortId })).token;
    const response = await get(EXPORT(bulk.id, `${bulkQuery}&forceEmailExport=true`), token);
    expect(response.statusCode).toBe(204);
    const [viewer] = await t.db.select().from(roles).where(eq(roles.name, 'VIEWER'));
    await t.db.update(users).set({ roleId: viewer!.id }).where(eq(users.id, people.bulkManager!.id));

    expect(await t.app.jobWorker.runDue()).toBe(1);
    const [record] = await t.db.select().from(exportFiles).where(eq(exportFiles.userId, people.bulkManager!.id));
    expect(record).toMatchObject({ status: 'failed', storedName: null });
    expect(record!.error).toContain('no longer has the permission');
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'export'), eq(jobs.status, 'failed')));
    // A lost permission is not retried.
    expect(job).toMatchObject({ attempts: 1 });
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.subject, 'Export failed'));
    expect(mail).toMatchObject({ toAddress: people.bulkManager!.email });
    expect(existsSync(t.exportsDir) ? readdirSync(t.exportsDir) : []).toEqual([]);
  });
});

describe('above 100,000 rows', () => {
  it('refuses the export with a clear message, e-mailed or not', async () => {
    const huge = await createAccount(t.db, { prettyName: 'Hugewind' });
    await signInAs('hugeAdmin', 'ADMINISTRATOR', huge);
    await insertBulkEntries(t.db, { accountId: huge.id, count: 100_001 });
    for (const force of ['false', 'true']) {
      const response = await get(EXPORT(huge.id, `forceEmailExport=${force}`), tokens.hugeAdmin!);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        error: 'export-too-large',
        message: 'Exports are limited to 100,000 records. Narrow the filters and try again.',
      });
    }
    // Narrowed below the limit, the same account exports (by e-mail).
    const narrowed = await get(
      EXPORT(huge.id, 'dateFrom=2026-02-01T00:00:00.000Z&forceEmailExport=true'),
      tokens.hugeAdmin!,
    );
    expect(narrowed.statusCode).toBe(204);
    // 100,001 rows written and counted three times: 7 s on PostgreSQL, 25 s on PGlite on a busy machine, 33 s once
    // beside the end-to-end suite.
  }, 120_000);
});
