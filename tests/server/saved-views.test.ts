import { randomUUID } from 'node:crypto';
import { type SavedView, savedView, savedViewList } from '@domain/contract/saved-views';
import { SAVED_VIEW_LIMITS } from '@domain/saved-views';
import { savedViews, userActivity } from '@server/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountRow, authHeader, buildTestApp, createAccount, signedInAs, type TestApp } from './helpers/test-app';

// Saved views (issue 26): personal views for whoever may read the list, shared ones for view.share (audited), the
// tenant boundary (another account answers 404), versions on every edit and delete (409 when stale), names unique per
// list by constraint (parallel saves: one wins), one default per user and list, the bound of 100, and 400 for bodies,
// filters and query names the list does not take. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL, where
// the parallel saves really race.

let t: TestApp;
let account: AccountRow;
let other: AccountRow;

const TX = 'account/transactions';
const MID = randomUUID();

const body = (overrides: Record<string, unknown> = {}) => ({
  list: TX,
  name: 'Declined this month',
  query: 'status:declined created:this-month',
  filters: { status: ['DECLINED'], creationDate: ['this-month'] },
  search: '',
  sort: '-creationDate',
  pageSize: 100,
  columns: null,
  ...overrides,
});

const url = (accountId: string, rest = '') => `/api/account/${accountId}/saved-view${rest}`;

const create = (token: string, payload: object, accountId = account.id) =>
  t.app.inject({ method: 'POST', url: url(accountId), headers: authHeader(token), payload });

async function created(token: string, payload: object = body()): Promise<SavedView> {
  const response = await create(token, payload);
  expect(response.statusCode, response.body).toBe(201);
  return savedView.parse(response.json());
}

async function listed(token: string, query = '', accountId = account.id): Promise<SavedView[]> {
  const response = await t.app.inject({ method: 'GET', url: url(accountId, query), headers: authHeader(token) });
  expect(response.statusCode, response.body).toBe(200);
  return savedViewList.parse(response.json()).items;
}

const update = (token: string, view: SavedView, changes: Record<string, unknown> = {}, accountId = account.id) =>
  t.app.inject({
    method: 'PUT',
    url: url(accountId, `/${view.id}`),
    headers: authHeader(token),
    payload: {
      name: view.name,
      shared: view.shared,
      query: view.query,
      filters: view.filters,
      search: view.search,
      sort: view.sort,
      pageSize: view.pageSize,
      columns: view.columns,
      version: view.version,
      ...changes,
    },
  });

const remove = (token: string, view: Pick<SavedView, 'id' | 'version'>, accountId = account.id) =>
  t.app.inject({
    method: 'DELETE',
    url: url(accountId, `/${view.id}?version=${view.version}`),
    headers: authHeader(token),
  });

const setDefault = (token: string, list: string, viewId: string | null) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/account/${account.id}/saved-view-default`,
    headers: authHeader(token),
    payload: { list, viewId },
  });

const auditOf = (viewId: string) =>
  t.db
    .select({ actionType: userActivity.actionType, newValue: userActivity.newValue, oldValue: userActivity.oldValue })
    .from(userActivity)
    .where(and(eq(userActivity.resourceType, 'SAVED_VIEW'), eq(userActivity.resourceId, viewId)));

const uniqueName = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  t = await buildTestApp({ now: Date.parse('2026-11-20T10:00:00Z') });
  account = await createAccount(t.db, { prettyName: 'Blue Harbor' });
  other = await createAccount(t.db, { prettyName: 'Other Tenant' });
});

afterAll(async () => {
  await t.close();
});

describe('personal and shared views', () => {
  it('keeps a personal view for its owner alone, and shows a shared one to every user of the account', async () => {
    const viewer = await signedInAs(t, 'VIEWER', account);
    const colleague = await signedInAs(t, 'VIEWER', account);
    const admin = await signedInAs(t, 'ADMINISTRATOR', account);
    const personal = await created(viewer.token, body({ name: 'Mine' }));
    expect(personal).toMatchObject({
      list: TX,
      name: 'Mine',
      shared: false,
      isDefault: false,
      editable: true,
      filters: { status: ['DECLINED'], creationDate: ['this-month'] },
      sort: '-creationDate',
      pageSize: 100,
      columns: null,
      version: 1,
      owner: { id: viewer.user.id },
    });
    const shared = await created(admin.token, body({ name: 'Team declines', shared: true }));

    expect((await listed(viewer.token)).map((view) => view.name)).toEqual(['Mine', 'Team declines']);
    const seenByColleague = await listed(colleague.token);
    expect(seenByColleague.map((view) => view.id)).toEqual([shared.id]);
    expect(seenByColleague[0]).toMatchObject({ shared: true, editable: false });
    // Another user's personal view is not there for them: neither to edit nor to delete.
    expect((await update(colleague.token, personal, { name: 'Taken over' })).statusCode).toBe(404);
    expect((await remove(colleague.token, personal)).statusCode).toBe(404);
  });

  it('lets administrators and managers share views, and refuses viewers and payments specialists (403)', async () => {
    for (const role of ['ADMINISTRATOR', 'MANAGER', 'PROVIDER_ADMINISTRATOR']) {
      const { token } = await signedInAs(t, role, account);
      await created(token, body({ name: uniqueName(role), shared: true }));
    }
    for (const role of ['VIEWER', 'PAYMENTS_SPECIALIST']) {
      const { token } = await signedInAs(t, role, account);
      const response = await create(token, body({ name: uniqueName(role), shared: true }));
      expect(response.statusCode, role).toBe(403);
    }
  });

  it("refuses a shared view's edit and delete without view.share, and sharing one's own view", async () => {
    const admin = await signedInAs(t, 'ADMINISTRATOR', account);
    const viewer = await signedInAs(t, 'VIEWER', account);
    const shared = await created(admin.token, body({ name: uniqueName('Shared'), shared: true }));
    expect((await update(viewer.token, shared, { name: 'Renamed' })).statusCode).toBe(403);
    expect((await remove(viewer.token, shared)).statusCode).toBe(403);
    const own = await created(viewer.token, body({ name: uniqueName('Own') }));
    expect((await update(viewer.token, own, { shared: true })).statusCode).toBe(403);
    const renamed = await update(viewer.token, own, { name: 'Renamed own' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(savedView.parse(renamed.json())).toMatchObject({ name: 'Renamed own', version: 2 });
  });

  it("needs the list's read permission: support has no invoices, so no invoice views (403) and none listed", async () => {
    const admin = await signedInAs(t, 'ADMINISTRATOR', account);
    const support = await signedInAs(t, 'SUPPORT', account);
    const invoices = await created(
      admin.token,
      body({ list: 'account/invoices', name: uniqueName('Open'), shared: true, filters: { status: ['DRAFT'] } }),
    );
    const response = await create(
      support.token,
      body({ list: 'account/invoices', name: 'Drafts', filters: { status: ['DRAFT'] } }),
    );
    expect(response.statusCode).toBe(403);
    expect((await listed(support.token)).map((view) => view.id)).not.toContain(invoices.id);
    expect((await listed(admin.token, '?list=account/invoices')).map((view) => view.id)).toContain(invoices.id);
  });
});

describe('the tenant boundary', () => {
  it("answers 404 for another account's views, and lets linked provider staff in", async () => {
    const admin = await signedInAs(t, 'ADMINISTRATOR', account);
    const foreign = await signedInAs(t, 'ADMINISTRATOR', other);
    const shared = await created(admin.token, body({ name: uniqueName('Tenant'), shared: true }));

    for (const response of [
      await t.app.inject({ method: 'GET', url: url(account.id), headers: authHeader(foreign.token) }),
      await create(foreign.token, body({ name: 'Intruder' })),
      await update(foreign.token, shared, { name: 'Intruder' }),
      await remove(foreign.token, shared),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    // Under their own account, the view's id is not theirs either.
    expect((await update(foreign.token, shared, { name: 'Intruder' }, other.id)).statusCode).toBe(404);
    expect((await remove(foreign.token, shared, other.id)).statusCode).toBe(404);

    const staff = await signedInAs(t, 'PROVIDER_SUPPORT', account);
    expect((await listed(staff.token)).map((view) => view.id)).toContain(shared.id);
    const unlinked = await signedInAs(t, 'PROVIDER_SUPPORT', other);
    const response = await t.app.inject({ method: 'GET', url: url(account.id), headers: authHeader(unlinked.token) });
    expect(response.statusCode).toBe(404);
  });
});

describe('versions', () => {
  it('refuses an edit or a delete at an older version (409 saved-view-changed) and takes the current one', async () => {
    const admin = await signedInAs(t, 'ADMINISTRATOR', account);
    const first = await created(admin.token, body({ name: uniqueName('Versioned'), shared: true }));
    const edited = await update(admin.token, first, { search: 'blue' });
    expect(edited.statusCode, edited.body).toBe(200);
    const second = savedView.parse(edited.json());
    expect(second).toMatchObject({ version: 2, search: 'blue' });

    const stale = await update(admin.token, first, { name: 'Over a newer save' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'saved-view-changed', message: 'This view has changed' });
    const staleDelete = await remove(admin.token, first);
    expect(staleDelete.statusCode).toBe(409);
    expect(staleDelete.json()).toMatchObject({ error: 'saved-view-changed' });

    expect((await remove(admin.token, second)).statusCode).toBe(204);
    expect((await listed(admin.token)).map((view) => view.id)).not.toContain(first.id);
    expect((await remove(admin.token, second)).statusCode).toBe(404);
  });

  it('needs the version on a delete (400)', async () => {
    const viewer = await signedInAs(t, 'VIEWER', account);
    const view = await created(viewer.token, body({ name: uniqueName('No version') }));
    const response = await t.app.inject({
      method: 'DELETE',
      url: url(account.id, `/${view.id}`),
      headers: authHeader(viewer.token),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('names', () => {
  it('refuses a name the list already has for the owner or the account, ignoring case (409)', async () => {
    const viewer = await signedInAs(t, 'VIEWER', account);
    const colleague = await signedInAs(t, 'VIEWER', account);
    const admin = await signedInAs(t, 'ADMINISTRATOR', account);
    await created(viewer.token, body({ name: 'Refunds' }));
    const again = await create(viewer.token, body({ name: '  refunds ' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'saved-view-name-taken', fields: { name: expect.any(String) } });
    // Another user's personal name, another list, or a shared view: no clash with a personal one.
    await created(colleague.token, body({ name: 'Refunds' }));
    await created(viewer.token, body({ name: 'Refunds', list: 'account/chargebacks', filters: {} }));
    await created(admin.token, body({ name: 'Refunds', shared: true }));
    const sharedAgain = await create(admin.token, body({ name: 'REFUNDS', shared: true }));
    expect(sharedAgain.statusCode).toBe(409);
    expect(sharedAgain.json().message).toMatch(/already shares a view with this name/);
  });

  it('trims names and refuses blank ones and names over 60 characters', async () => {
    const viewer = await signedInAs(t, 'VIEWER', account);
    expect(await created(viewer.token, body({ name: '  Trimmed  ' }))).toMatchObject({ name: 'Trimmed' });
    for (const name of ['   ', 'x'.repeat(SAVED_VIEW_LIMITS.name + 1)]) {
      expect((await create(viewer.token, body({ name }))).statusCode).toBe(400);
    }
  });

  it('lets exactly one of 20 parallel saves of one name through, personal and shared', async () => {
    const viewer = await signedInAs(t, 'VIEWER', account);
    const personal = await Promise.all(
      Array.from({ length: 20 }, () => create(viewer.token, body({ name: 'Raced personal' }))),
    );
    expect(personal.map((response) => response.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);

    const admins = await Promise.all(Array.from({ length: 20 }, () => signedInAs(t, 'ADMINISTRATOR', account)));
    const shared = await Promise.all(
      admins.map(({ token }) => create(token, body({ name: 'Raced shared', shared: true }))),
    );
    expect(shared.map((response) => response.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);
    const rows = await t.db
      .select({ id: savedViews.id })
      .from(savedViews)
      .where(and(eq(savedViews.accountId, account.id), eq(savedViews.name, 'Raced shared')));
    expect(rows).toHaveLength(1);
  });
});

describe('the bound', () => {
  it(`refuses a user's view of a list past ${SAVED_VIEW_LIMITS.perUserPerList}, with the reason`, async () => {
    const viewer = await signedInAs(t, 'VIEWER', account);
    const at = new Date(t.clock.now());
    await t.db.insert(savedViews).values(
      Array.from({ length: SAVED_VIEW_LIMITS.perUserPerList }, (_, index) => ({
        accountId: account.id,
        ownerId: viewer.user.id,
        list: TX,
        name: `View ${index}`,
        shared: false,
        query: '',
        filters: {},
        search: '',
        sort: null,
        pageSize: 50,
        columns: null,
        version: 1,
        createdAt: at,
        updatedAt: at,
      })),
    );
    const response = await create(viewer.token, body({ name: 'One too many' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'saved-view-limit-reached' });
    expect(response.json().message).toMatch(/at most 100 views of one list/);
    // Another list still has room.
    await created(viewer.token, body({ name: 'One too many', list: 'account/chargebacks', filters: {} }));
  });
});

describe('default views', () => {
  it('keeps one default per user and list, moved, cleared and dropped with its view', async () => {
    const viewer = await signedInAs(t, 'VIEWER', account);
    const admin = await signedInAs(t, 'ADMINISTRATOR', account);
    const first = await created(viewer.token, body({ name: 'First', isDefault: true }));
    expect(first.isDefault).toBe(true);
    const shared = await created(admin.token, body({ name: uniqueName('Shared default'), shared: true }));
    const moved = await setDefault(viewer.token, TX, shared.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ list: TX, viewId: shared.id });
    const defaults = (await listed(viewer.token, `?list=${TX}`)).filter((view) => view.isDefault);
    expect(defaults.map((view) => view.id)).toEqual([shared.id]);
    // The admin's own default is theirs: the viewer's choice does not show as the admin's.
    expect((await listed(admin.token)).find((view) => view.id === shared.id)?.isDefault).toBe(false);

    const chargebacks = await created(viewer.token, body({ name: 'Cases', list: 'account/chargebacks', filters: {} }));
    // A view is the default of its own list only.
    expect((await setDefault(viewer.token, TX, chargebacks.id)).statusCode).toBe(404);
    expect((await setDefault(viewer.token, 'account/chargebacks', chargebacks.id)).statusCode).toBe(200);

    expect((await setDefault(viewer.token, TX, null)).json()).toEqual({ list: TX, viewId: null });
    expect((await listed(viewer.token, `?list=${TX}`)).some((view) => view.isDefault)).toBe(false);

    expect((await remove(viewer.token, chargebacks)).statusCode).toBe(204);
    expect((await listed(viewer.token, '?list=account/chargebacks')).some((view) => view.isDefault)).toBe(false);
  });

  it("refuses another user's personal view as a default (404)", async () => {
    const viewer = await signedInAs(t, 'VIEWER', account);
    const colleague = await signedInAs(t, 'VIEWER', account);
    const theirs = await created(colleague.token, body({ name: 'Theirs' }));
    expect((await setDefault(viewer.token, TX, theirs.id)).statusCode).toBe(404);
  });
});

describe('the audit log', () => {
  it('records shared views as configuration (insert, update, delete) and personal ones not at all', async () => {
    const admin = await signedInAs(t, 'ADMINISTRATOR', account);
    const shared = await created(admin.token, body({ name: uniqueName('Audited'), shared: true }));
    const edited = savedView.parse((await update(admin.token, shared, { search: 'blue' })).json());
    // Taken back to personal: still a change to the account's configuration.
    const unshared = savedView.parse((await update(admin.token, edited, { shared: false })).json());
    expect((await remove(admin.token, unshared)).statusCode).toBe(204);
    const entries = await auditOf(shared.id);
    expect(entries.map((entry) => entry.actionType)).toEqual(['INSERT', 'UPDATE', 'UPDATE']);
    expect(entries[0]!.newValue).toMatchObject({ name: shared.name, list: TX, shared: true });
    expect(entries[1]).toMatchObject({ oldValue: { search: '' }, newValue: { search: 'blue' } });

    const personal = await created(admin.token, body({ name: uniqueName('Quiet') }));
    await update(admin.token, personal, { search: 'x' });
    expect(await auditOf(personal.id)).toEqual([]);

    const deleted = await created(admin.token, body({ name: uniqueName('Deleted'), shared: true }));
    expect((await remove(admin.token, deleted)).statusCode).toBe(204);
    expect((await auditOf(deleted.id)).map((entry) => entry.actionType)).toEqual(['INSERT', 'DELETE']);
  });
});

describe('validation', () => {
  it('answers 400 for filters the list has not, values it cannot apply, unknown lists and fields', async () => {
    const viewer = await signedInAs(t, 'VIEWER', account);
    const cases: Record<string, unknown>[] = [
      { filters: { colour: ['red'] } },
      { filters: { status: ['NOT_A_STATUS'] } },
      { filters: { riskScore: ['90', '10'] } },
      { filters: { creationDate: ['someday'] } },
      { filters: { status: [] } },
      // Inside a merchant the list has no merchant filter.
      { list: 'merchant/transactions', filters: { merchantId: [randomUUID()] } },
      { list: 'account/nothing' },
      { pageSize: 42 },
      { sort: 'drop table' },
      { label: 'extra field' },
    ];
    for (const changes of cases) {
      const response = await create(viewer.token, body({ name: uniqueName('Bad'), ...changes }));
      expect(response.statusCode, JSON.stringify(changes)).toBe(400);
    }
    const unknown = await create(viewer.token, body({ name: uniqueName('Bad'), filters: { colour: ['red'] } }));
    expect(unknown.json().message).toMatch(/has no filter 'colour'/);
  });

  it('keeps the columns shown, and answers 400 for columns that are no column ids, too many or of the wrong type', async () => {
    const viewer = await signedInAs(t, 'VIEWER', account);
    const kept = await created(
      viewer.token,
      body({ name: uniqueName('Columns'), columns: ['transactionId', 'status'] }),
    );
    expect(kept.columns).toEqual(['transactionId', 'status']);
    // As JSON text, so the NUL byte and the lone surrogate reach the server as the escapes a client would send.
    const cases = [
      '["status\\u0000"]',
      '["\\ud800"]',
      JSON.stringify(['x'.repeat(10_000)]),
      '["drop table"]',
      '[""]',
      '[42]',
      '"status"',
      '{"status":true}',
      JSON.stringify(Array.from({ length: SAVED_VIEW_LIMITS.columns + 1 }, (_, index) => `column${index}`)),
    ];
    for (const columns of cases) {
      const payload = JSON.stringify(body({ name: uniqueName('Bad columns') })).replace(
        '"columns":null',
        `"columns":${columns}`,
      );
      const response = await t.app.inject({
        method: 'POST',
        url: url(account.id),
        headers: { ...authHeader(viewer.token), 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, columns.slice(0, 40)).toBe(400);
    }
  });

  it('answers 400 for unknown query names and unknown lists in the query', async () => {
    const viewer = await signedInAs(t, 'VIEWER', account);
    for (const query of ['?colour=red', '?list=account/nothing']) {
      const response = await t.app.inject({
        method: 'GET',
        url: url(account.id, query),
        headers: authHeader(viewer.token),
      });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('keeps ids, never names, so a view naming a deleted MID stays narrowed to that id', async () => {
    const viewer = await signedInAs(t, 'VIEWER', account);
    const view = await created(viewer.token, body({ name: uniqueName('MID'), filters: { midId: [MID] } }));
    expect(view.filters).toEqual({ midId: [MID] });
    const response = await create(
      viewer.token,
      body({ name: uniqueName('MID name'), filters: { midId: ['Adyen EU'] } }),
    );
    expect(response.statusCode).toBe(400);
  });
});
