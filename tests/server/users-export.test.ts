import { userActivity } from '@server/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExportTestApp, type ExportTestApp } from './helpers/export-app';
import { type AccountRow, authHeader, createAccount, createUser, signIn, uniqueEmail } from './helpers/test-app';

// The users list's export goes through the one export flow: the same visible users, filters and order as the list,
// bounded by the caller's tenant, formulas defused, and audited.

let t: ExportTestApp;
let north: AccountRow;
let south: AccountRow;
let adminToken: string;
let staffToken: string;
let viewerToken: string;

const EXPORT = (query = '') => `/api/user/export?timeZone=UTC${query ? `&${query}` : ''}`;
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: authHeader(token) });
const lines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(0, -1);

beforeAll(async () => {
  t = await buildExportTestApp();
  north = await createAccount(t.db, { prettyName: 'Northwind' });
  south = await createAccount(t.db, { prettyName: 'Southwind' });
  const admin = await createUser(t.db, { role: 'ADMINISTRATOR', type: 'ACCOUNT', accountIds: [north.id] });
  const viewer = await createUser(t.db, { role: 'VIEWER', type: 'ACCOUNT', accountIds: [north.id] });
  const staff = await createUser(t.db, {
    role: 'PROVIDER_ADMINISTRATOR',
    type: 'INTERNAL',
    accountIds: [north.id, south.id],
    email: uniqueEmail('staff').replace(/@.*/, '@ops.example'),
  });
  await createUser(t.db, {
    role: 'MANAGER',
    type: 'ACCOUNT',
    accountIds: [north.id],
    firstName: '=HYPERLINK("http://evil.example")',
    lastName: 'Formula',
    password: null,
  });
  await createUser(t.db, { role: 'MANAGER', type: 'ACCOUNT', accountIds: [south.id], lastName: 'Southerner' });
  adminToken = (await signIn(t.app, { email: admin.email, accountId: north.shortId })).token;
  viewerToken = (await signIn(t.app, { email: viewer.email, accountId: north.shortId })).token;
  staffToken = (await signIn(t.app, { email: staff.email })).token;
});

afterAll(() => t.close());

describe('GET /user/export', () => {
  it("gives an account administrator their account's users only, formulas defused", async () => {
    const response = await get(EXPORT(), adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="users-.*\.csv"/);
    const [header, ...rows] = lines(response.body);
    expect(header).toBe(
      'User ID,First name,Last name,E-mail,Job title,Role,Type,Status,Accounts,Last activity (UTC),Created (UTC)',
    );
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.includes('Northwind') && !row.includes('Southwind'))).toBe(true);
    expect(response.body).not.toContain('Southerner');
    expect(response.body).not.toContain('@ops.example');
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });

  it('applies the list filters and order', async () => {
    const response = await get(EXPORT('status=INVITED&order=lastName'), adminToken);
    const rows = lines(response.body).slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('Formula');
    expect(rows[0]).toContain('INVITED');
  });

  it('gives provider staff the users of their accounts and the provider staff, naming every linked account', async () => {
    const response = await get(EXPORT('order=lastName'), staffToken);
    expect(response.statusCode).toBe(200);
    const rows = lines(response.body).slice(1);
    expect(rows).toHaveLength(5);
    const staffRow = rows.find((row) => row.includes('@ops.example'));
    expect(staffRow).toContain('"Northwind, Southwind"');
    expect(response.body).toContain('Southerner');
  });

  it('refuses a role without the users permission', async () => {
    const response = await get(EXPORT(), viewerToken);
    expect(response.statusCode).toBe(403);
  });

  it('leaves an EXPORT audit entry on the caller’s account', async () => {
    const entries = await t.db
      .select()
      .from(userActivity)
      .where(and(eq(userActivity.resourceType, 'EXPORT'), eq(userActivity.accountId, north.id)));
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries[0]!.newValue).toMatchObject({ source: 'users', delivery: 'download' });
  });
});
