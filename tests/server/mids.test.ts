import { readFileSync } from 'node:fs';
import { midLimit } from '@domain/contract/limits';
import { midDetail, midList } from '@domain/contract/mids';
import { acquirerTemplate, MID_MESSAGES } from '@domain/mids';
import {
  accountProviders,
  accounts,
  acquirers,
  limits,
  merchantListItems,
  mids,
  routes,
  solutions,
  userActivity,
} from '@server/db/schema';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountRow,
  authHeader,
  buildTestApp,
  createAccount,
  createMerchant,
  type MerchantRow,
  signedInAs,
  type TestApp,
} from './helpers/test-app';
import { createPaymentsWorld, insertTransaction, type PaymentsWorld } from './helpers/transaction-fixtures';

// MIDs over the API (issue 13; spec 2, sections 2.3, 3, 5, 7 and 8): the list and its filters, the acquirer template,
// create / edit / delete with every rule, credentials sealed, tenants and roles, and parallel edits.

let t: TestApp;
let account: AccountRow;
let other: AccountRow;
let merchant: MerchantRow;
let foreign: MerchantRow;
let world: PaymentsWorld;
let foreignWorld: PaymentsWorld;
let adminToken: string;
let viewerToken: string;
let adyenId: string;
let sandboxId: string;
let cardsEu: string;
let cardsUk: string;
let instant: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token = adminToken, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: authHeader(token), ...(payload ? { payload } : {}) });

const API_KEY = 'AQEyhmfxK4-very-secret-key-0042';

const adyenMid = (extra: Record<string, unknown> = {}) => ({
  acquirerId: adyenId,
  solutionId: cardsEu,
  midAcquirerId: 'ADY-000111222',
  description: 'Adyen EU cards',
  force3ds: 'REQUIRED_3DS',
  currency: ['eur', 'GBP'],
  issuerCountry: ['ES', 'FR'],
  cardBrand: ['VISA'],
  binCode: ['411111'],
  customConfig: { merchantAccount: 'HarborECOM', apiKey: API_KEY },
  ...extra,
});

async function solutionId(accountId: string, acquirer: string, name: string) {
  await t.db.insert(solutions).values({ accountId, acquirerId: acquirer, prettyName: name }).onConflictDoNothing();
  const [row] = await t.db
    .select({ id: solutions.id })
    .from(solutions)
    .where(and(eq(solutions.accountId, accountId), eq(solutions.acquirerId, acquirer), eq(solutions.prettyName, name)));
  return row!.id;
}

async function create(payload: object, token = adminToken, m = merchant.id) {
  const response = await call('POST', `/merchant/${m}/mid`, token, payload);
  return { response, midId: response.statusCode === 201 ? (response.json() as { midId: string }).midId : '' };
}

const detail = async (midId: string, m = merchant.id) =>
  midDetail.parse((await call('GET', `/merchant/${m}/mid/${midId}`)).json());

const fieldsOf = (response: { json(): unknown }) => (response.json() as { fields?: Record<string, string> }).fields;

beforeAll(async () => {
  t = await buildTestApp();
  account = await createAccount(t.db, { prettyName: 'MIDs' });
  other = await createAccount(t.db, { prettyName: 'Other MIDs' });
  merchant = await createMerchant(t.db, account.id);
  foreign = await createMerchant(t.db, other.id);
  world = await createPaymentsWorld(t.db, account.id, merchant.id);
  foreignWorld = await createPaymentsWorld(t.db, other.id, foreign.id);
  const [adyen] = await t.db.select().from(acquirers).where(eq(acquirers.prettyName, 'Adyen'));
  const [sandbox] = await t.db.select().from(acquirers).where(eq(acquirers.prettyName, 'Sandbox Acquirer'));
  adyenId = adyen!.id;
  sandboxId = sandbox!.id;
  await t.db.insert(accountProviders).values([
    { accountId: account.id, acquirerId: adyenId },
    { accountId: account.id, acquirerId: sandboxId },
  ]);
  cardsEu = await solutionId(account.id, adyenId, 'Cards EU');
  cardsUk = await solutionId(account.id, adyenId, 'Cards UK');
  instant = await solutionId(account.id, sandboxId, 'Instant');
  adminToken = (await signedInAs(t, 'ADMINISTRATOR', account)).token;
  viewerToken = (await signedInAs(t, 'VIEWER', account)).token;
});

afterAll(() => t.close());

describe('the acquirer template', () => {
  it("answers the fields of an acquirer of the account, and 404 for another account's or an unknown one", async () => {
    const response = await call('GET', `/account/${account.id}/acquirer/${adyenId}/template`);
    expect(response.statusCode, response.body).toBe(200);
    const template = acquirerTemplate.parse(response.json());
    expect(template.fields.map((field) => [field.name, field.type, field.required])).toEqual([
      ['merchantAccount', 'text', true],
      ['apiKey', 'secret', true],
      ['hmacKey', 'secret', false],
    ]);
    expect(template.fields.every((field) => field.label.length > 0)).toBe(true);
    const other = await createAccount(t.db);
    expect((await call('GET', `/account/${other.id}/acquirer/${adyenId}/template`)).statusCode).toBe(404);
    const notProvider = await t.db.insert(acquirers).values({ prettyName: 'Unlinked Acquirer' }).returning();
    expect((await call('GET', `/account/${account.id}/acquirer/${notProvider[0]!.id}/template`)).statusCode).toBe(404);
  });
});

describe('creating a MID', () => {
  it('saves every field, seals the credentials, and audits it without them', async () => {
    const { response, midId } = await create(adyenMid());
    expect(response.statusCode, response.body).toBe(201);
    const mid = await detail(midId);
    expect(mid).toMatchObject({
      description: 'Adyen EU cards',
      midAcquirerId: 'ADY-000111222',
      acquirer: { id: adyenId, prettyName: 'Adyen' },
      solution: { id: cardsEu, prettyName: 'Cards EU' },
      force3ds: 'REQUIRED_3DS',
      currency: ['EUR', 'GBP'],
      issuerCountry: ['ES', 'FR'],
      cardBrand: ['VISA'],
      binCode: ['411111'],
      customConfig: { merchantAccount: 'HarborECOM' },
      storedSecrets: ['apiKey'],
      hasTransactions: false,
      hasRoutes: false,
      routes: [],
      version: 1,
    });
    const [row] = await t.db.select().from(mids).where(eq(mids.id, midId));
    expect(row!.customSecrets).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(API_KEY);
    const audit = await t.db.select().from(userActivity).where(eq(userActivity.resourceId, midId));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actionType: 'INSERT', resourceType: 'MID', merchantId: merchant.id });
    expect(JSON.stringify(audit[0])).not.toContain(API_KEY);
    expect((audit[0]!.newValue as { storedSecrets: string[] }).storedSecrets).toEqual(['apiKey']);
  });

  it('refuses bad input with the spec messages and writes nothing', async () => {
    const before = await t.db.select({ id: mids.id }).from(mids).where(eq(mids.merchantId, merchant.id));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ binCode: ['41111A'] }, 'binCode', MID_MESSAGES.binCode],
      [{ issuerCountry: ['ES', 'XX'] }, 'issuerCountry', 'The following codes do not exist: XX'],
      [{ issuerCountry: ['ESP'] }, 'issuerCountry', 'Some variables are not in the ISO format: ESP'],
      [{ issuerCountry: Array.from({ length: 500 }, (_, i) => `C${i}`) }, 'issuerCountry', MID_MESSAGES.tooManyValues],
      [
        { customConfig: { merchantAccount: ' HarborECOM', apiKey: 'k' } },
        'customConfig.merchantAccount',
        MID_MESSAGES.whiteSpace,
      ],
      [{ customConfig: { merchantAccount: 'HarborECOM' } }, 'customConfig.apiKey', 'Required field'],
      [
        { customConfig: { merchantAccount: 'x'.repeat(10_000), apiKey: 'k' } },
        'customConfig.merchantAccount',
        'Maximum 256 characters',
      ],
      [
        { customConfig: { merchantAccount: 'A', apiKey: 'k', sql: 'x' } },
        'customConfig.sql',
        MID_MESSAGES.unknownField,
      ],
      [{ description: '  ' }, 'description', 'Required field'],
      [{ description: 'd'.repeat(101) }, 'description', 'Maximum 100 characters'],
      [{ solutionId: instant }, 'solutionId', 'Choose a solution of this provider'],
      [{ acquirerId: foreignWorld.mids.adyen }, 'acquirerId', 'Choose a provider of this account'],
    ];
    for (const [change, field, message] of cases) {
      const { response } = await create(adyenMid(change));
      expect(response.statusCode, `${field}: ${response.body.slice(0, 200)}`).toBe(400);
      expect(fieldsOf(response)?.[field], JSON.stringify(change).slice(0, 80)).toBe(message);
    }
    const after = await t.db.select({ id: mids.id }).from(mids).where(eq(mids.merchantId, merchant.id));
    expect(after).toHaveLength(before.length);
  });

  it("asks for the sandbox acquirer's optional field only, and adds new URLs and tags to My Lists", async () => {
    const { response, midId } = await create({
      acquirerId: sandboxId,
      solutionId: instant,
      midAcquirerId: 'SAN-1',
      description: 'Sandbox instant',
      url: ['shop.example/new-checkout'],
      customTag: ['black friday'],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await detail(midId)).toMatchObject({ force3ds: 'NULL', customTag: ['BLACK FRIDAY'], storedSecrets: [] });
    const listed = await t.db
      .select({ list: merchantListItems.list, prettyName: merchantListItems.prettyName })
      .from(merchantListItems)
      .where(eq(merchantListItems.merchantId, merchant.id));
    expect(listed).toEqual(
      expect.arrayContaining([
        { list: 'URL', prettyName: 'shop.example/new-checkout' },
        { list: 'TAG', prettyName: 'BLACK FRIDAY' },
      ]),
    );
  });

  it('is refused to a viewer, and answers 404 for another tenant’s merchant', async () => {
    expect((await create(adyenMid(), viewerToken)).response.statusCode).toBe(403);
    expect((await create(adyenMid(), adminToken, foreign.id)).response.statusCode).toBe(404);
  });
});

describe('the MIDs list', () => {
  it('sorts by edited date, newest first, filters by criteria, 3DS, provider and search, and stays in the merchant', async () => {
    const list = async (query: string) =>
      midList.parse((await call('GET', `/merchant/${merchant.id}/mid?${query}`)).json());
    const all = await list('');
    expect(all.total).toBeGreaterThanOrEqual(7);
    const dates = all.items.map((item) => item.modifiedDate);
    expect(dates).toEqual([...dates].sort().reverse());

    expect((await list('currency[]=GBP')).items.map((item) => item.description)).toEqual(['Adyen EU cards']);
    expect((await list('binCode[]=411111&cardBrand[]=VISA')).items.map((item) => item.description)).toEqual([
      'Adyen EU cards',
    ]);
    const nulls = await list('force3ds[]=NULL');
    expect(nulls.items.every((item) => item.force3ds === 'NULL')).toBe(true);
    expect(nulls.total).toBe(all.total - 1);
    expect((await list(`acquirerId[]=${sandboxId}`)).items.every((item) => item.acquirer.id === sandboxId)).toBe(true);
    expect((await list('search=eu%20cards')).items.map((item) => item.description)).toEqual(['Adyen EU cards']);
    expect((await list('acquirerDescription=sandbox')).total).toBe(4);
    expect((await list('order=description')).items.map((item) => item.description)[0]).toBe('Adyen EU cards');
    expect((await call('GET', `/merchant/${merchant.id}/mid?order=customConfig`)).statusCode).toBe(400);
    expect((await call('GET', `/merchant/${foreign.id}/mid`)).statusCode).toBe(404);
    expect((await call('GET', `/merchant/${merchant.id}/mid?binCode[]=41111A`)).statusCode).toBe(400);
  });

  it('exports the filtered list as CSV, for a role with mid.export', async () => {
    const response = await call('GET', `/merchant/${merchant.id}/mid/export?currency[]=GBP&timeZone=Europe/Madrid`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('MID Solution');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('EUR; GBP');
    expect(response.body).not.toContain(API_KEY);
    expect((await call('GET', `/merchant/${foreign.id}/mid/export`)).statusCode).toBe(404);
  });
});

describe('editing a MID', () => {
  it('keeps a credential left empty, replaces a typed one, and refuses an edit based on an older version', async () => {
    const { midId } = await create(adyenMid({ description: 'To edit' }));
    const save = (extra: Record<string, unknown>) =>
      call('PUT', `/merchant/${merchant.id}/mid/${midId}`, adminToken, adyenMid(extra));
    const kept = await save({
      description: 'Edited',
      version: 1,
      customConfig: { merchantAccount: 'HarborECOM', apiKey: '' },
    });
    expect(kept.statusCode, kept.body).toBe(204);
    expect(await detail(midId)).toMatchObject({ description: 'Edited', storedSecrets: ['apiKey'], version: 2 });
    const stale = await save({ description: 'Stale', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'mid-changed' });
    const replaced = await save({
      version: 2,
      customConfig: { merchantAccount: 'HarborECOM', apiKey: 'new-key', hmacKey: 'h' },
    });
    expect(replaced.statusCode, replaced.body).toBe(204);
    expect((await detail(midId)).storedSecrets).toEqual(['apiKey', 'hmacKey']);
    const [entry] = await t.db
      .select()
      .from(userActivity)
      .where(and(eq(userActivity.resourceId, midId), eq(userActivity.actionType, 'UPDATE')))
      .orderBy(userActivity.date);
    expect(JSON.stringify(entry)).not.toContain('new-key');
  });

  it('requires the version the form was opened on, and lets exactly one of 20 parallel edits of it through', async () => {
    const { midId } = await create(adyenMid({ description: 'Race' }));
    const url = `/merchant/${merchant.id}/mid/${midId}`;
    const unversioned = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call('PUT', url, adminToken, adyenMid({ description: `Blind ${index}` })),
      ),
    );
    expect(unversioned.map((answer) => answer.statusCode)).toEqual(Array(20).fill(400));
    expect(fieldsOf(unversioned[0]!)).toEqual({ version: 'Required field' });

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call('PUT', url, adminToken, adyenMid({ description: `Edit ${index}`, version: 1 })),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 204)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode !== 204).map((answer) => answer.json().error)).toEqual(
      Array(19).fill('mid-changed'),
    );
    expect(await detail(midId)).toMatchObject({ description: `Edit ${codes.indexOf(204)}`, version: 2 });
    const updates = await t.db
      .select()
      .from(userActivity)
      .where(and(eq(userActivity.resourceId, midId), eq(userActivity.actionType, 'UPDATE')));
    expect(updates).toHaveLength(1);
  });

  it('keeps the provider and solution of a MID with payments (409 mid-with-transactions)', async () => {
    await insertTransaction(t.db, world, { createdAt: new Date(t.clock.now() - 3_600_000) });
    const used = await detail(world.mids.adyen);
    expect(used.hasTransactions).toBe(true);
    const payload = {
      acquirerId: adyenId,
      solutionId: cardsUk,
      midAcquirerId: used.midAcquirerId,
      description: used.description,
      customConfig: { merchantAccount: 'A', apiKey: 'k' },
      version: used.version,
    };
    const moved = await call('PUT', `/merchant/${merchant.id}/mid/${world.mids.adyen}`, adminToken, payload);
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ error: 'mid-with-transactions' });
    const renamed = await call('PUT', `/merchant/${merchant.id}/mid/${world.mids.adyen}`, adminToken, {
      ...payload,
      solutionId: used.solutionId,
      description: 'Renamed main MID',
    });
    expect(renamed.statusCode, renamed.body).toBe(204);
  });

  it("answers 404 for another merchant's MID id, and refuses a viewer", async () => {
    const foreignEdit = await call(
      'PUT',
      `/merchant/${merchant.id}/mid/${foreignWorld.mids.adyen}`,
      adminToken,
      adyenMid({ version: 1 }),
    );
    expect(foreignEdit.statusCode).toBe(404);
    expect((await call('GET', `/merchant/${merchant.id}/mid/${foreignWorld.mids.adyen}`)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/merchant/${merchant.id}/mid/${world.mids.instant}`, viewerToken, adyenMid({ version: 1 })))
        .statusCode,
    ).toBe(403);
  });
});

/** A MID that restricts no variable, so any route may use it. */
const openMid = (extra: Record<string, unknown> = {}) =>
  adyenMid({ currency: [], issuerCountry: [], cardBrand: [], binCode: [], ...extra });

async function insertRoute(values: Partial<typeof routes.$inferInsert> & { midId: string; description: string }) {
  const [row] = await t.db
    .insert(routes)
    .values({ accountId: account.id, merchantId: merchant.id, priority: 5, weight: 50, ...values })
    .returning();
  return row!;
}

describe('editing a MID that routes use (issue 23, routing rule 7)', () => {
  it('refuses variables that would refuse orders of its routes, naming them and the variables, and changes nothing', async () => {
    const { midId } = await create(openMid({ description: 'Routed' }));
    const eu = await insertRoute({ description: 'EU checkout', midId, currency: ['EUR'], url: ['shop.example/eu'] });
    const backup = await insertRoute({ description: 'Any currency', midId: world.mids.instant, fallbackMidId: midId });
    const url = `/merchant/${merchant.id}/mid/${midId}`;

    const refused = await call(
      'PUT',
      url,
      adminToken,
      openMid({ currency: ['EUR'], url: ['shop.example/us'], version: 1 }),
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'mid-routes-bad-config',
      dependants: [
        { kind: 'ROUTE', id: backup.id, description: 'Any currency' },
        { kind: 'ROUTE', id: eu.id, description: 'EU checkout' },
      ],
      fields: {
        currency: MID_MESSAGES.refusesRoutes(['Any currency']),
        url: MID_MESSAGES.refusesRoutes(['Any currency', 'EU checkout']),
      },
    });
    expect(await detail(midId)).toMatchObject({ currency: [], url: [], version: 1 });
    const listed = await t.db
      .select()
      .from(merchantListItems)
      .where(and(eq(merchantListItems.merchantId, merchant.id), eq(merchantListItems.prettyName, 'shop.example/us')));
    expect(listed).toEqual([]);

    // Once the fallback route restricts the currency too, the MID may: every route's orders are still taken.
    await t.db
      .update(routes)
      .set({ currency: ['EUR'] })
      .where(eq(routes.id, backup.id));
    const accepted = await call('PUT', url, adminToken, openMid({ currency: ['EUR'], version: 1 }));
    expect(accepted.statusCode, accepted.body).toBe(204);
  });

  it('still renames a MID whose route was saved badly before, since the edit breaks nothing more', async () => {
    const { midId } = await create(openMid({ description: 'GBP only', currency: ['GBP'] }));
    await insertRoute({ description: 'Euro route', midId, currency: ['EUR'] });
    const renamed = await call(
      'PUT',
      `/merchant/${merchant.id}/mid/${midId}`,
      adminToken,
      openMid({ description: 'GBP cards', currency: ['GBP'], version: 1 }),
    );
    expect(renamed.statusCode, renamed.body).toBe(204);
  });

  it('never lets a route be saved on the old variables while an edit restricts them (20 parallel rounds)', async () => {
    for (let round = 0; round < 20; round++) {
      const { midId } = await create(openMid({ description: `Race ${round}` }));
      const [edit, route] = await Promise.all([
        call(
          'PUT',
          `/merchant/${merchant.id}/mid/${midId}`,
          adminToken,
          openMid({ description: `Race ${round}`, currency: ['EUR'], version: 1 }),
        ),
        call('POST', `/merchant/${merchant.id}/route`, adminToken, {
          routeDescription: `Race route ${round}`,
          midId,
          weight: 10,
          priority: 1,
        }),
      ]);
      const outcome = `round ${round}: ${edit.statusCode} ${edit.body} / ${route.statusCode} ${route.body}`;
      if (edit.statusCode === 204) {
        expect(route.statusCode, outcome).toBe(409);
        expect(route.json().error, outcome).toBe('mid-bad-config');
      } else {
        expect(route.statusCode, outcome).toBe(201);
        expect(edit.statusCode, outcome).toBe(409);
        expect(edit.json().error, outcome).toBe('mid-routes-bad-config');
      }
    }
  });
});

describe('moving a MID to another solution (issue 23)', () => {
  let cardsA: string;
  let cardsB: string;
  const limitUrl = (solution: string, midId: string) => `/merchant/${merchant.id}/psp/${solution}/mid/${midId}/limit`;
  const move = (midId: string, solution: string, version = 1) =>
    call('PUT', `/merchant/${merchant.id}/mid/${midId}`, adminToken, adyenMid({ solutionId: solution, version }));

  beforeAll(async () => {
    cardsA = await solutionId(account.id, adyenId, 'Cards A');
    cardsB = await solutionId(account.id, adyenId, 'Cards B');
  });

  it('takes its limits and alerts along, with an audit entry, so the solution it left can be removed', async () => {
    const { midId } = await create(adyenMid({ description: 'Mover', solutionId: cardsA }));
    const saved = await call('PUT', limitUrl(cardsA, midId), adminToken, {
      version: 0,
      total: 1000,
      daily: 100,
      cardBrands: [{ name: 'VISA', total: 500, daily: null, descriptors: [] }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { limitId } = midLimit.parse(saved.json());
    expect((await call('PUT', `/limit/${limitId}/alert`, adminToken, { percentage: 0.8 })).statusCode).toBe(200);

    // The merchant's global limit on Cards A stays there (it is the solution's, not the MID's).
    const globalUrl = `/merchant/${merchant.id}/psp/${cardsA}/limit`;
    const global = await call('PUT', globalUrl, adminToken, { version: 0, total: 5000, daily: null });
    expect(global.statusCode, global.body).toBe(200);

    const moved = await move(midId, cardsB);
    expect(moved.statusCode, moved.body).toBe(204);
    const there = await call('GET', limitUrl(cardsB, midId));
    expect(there.statusCode, there.body).toBe(200);
    const tree = midLimit.parse(there.json());
    expect(tree).toMatchObject({ limitId, total: 1000, daily: 100, alert: { percentage: 0.8 } });
    expect(tree.cardBrands.find((brand) => brand.name === 'VISA')).toMatchObject({ total: 500, daily: null });
    expect((await call('GET', limitUrl(cardsA, midId))).statusCode).toBe(404);
    const [entry] = await t.db
      .select()
      .from(userActivity)
      .where(and(eq(userActivity.resourceId, limitId!), eq(userActivity.resourceType, 'MID_LIMIT')))
      .orderBy(desc(userActivity.date))
      .limit(1);
    expect(entry).toMatchObject({
      actionType: 'UPDATE',
      oldValue: { midId, solutionId: cardsA },
      newValue: { midId, solutionId: cardsB, movedWithMid: true },
    });

    // Nothing stays behind on Cards A: a provider administrator removes it from the account.
    const staff = (await signedInAs(t, 'PROVIDER_ADMINISTRATOR', account)).token;
    const owned = await t.db.select().from(solutions).where(eq(solutions.accountId, account.id));
    const [{ version }] = (await t.db
      .select({ version: accounts.version })
      .from(accounts)
      .where(eq(accounts.id, account.id))) as [{ version: number }];
    const removed = await call('PUT', `/account/${account.id}`, staff, {
      prettyName: account.prettyName,
      version,
      acquirers: [adyenId, sandboxId].map((id) => ({
        id,
        solutions: owned.filter((row) => row.acquirerId === id && row.id !== cardsA).map((row) => row.prettyName),
      })),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    // Its global limit went with it (no MID is left to count for it), audited.
    expect(await t.db.select().from(limits).where(eq(limits.solutionId, cardsA))).toEqual([]);
    const [dropped] = await t.db
      .select()
      .from(userActivity)
      .where(and(eq(userActivity.resourceType, 'GLOBAL_LIMIT'), eq(userActivity.actionType, 'DELETE')));
    expect(dropped).toMatchObject({ oldValue: { solutionId: cardsA, total: 5000, removedWithSolution: true } });
    cardsA = await solutionId(account.id, adyenId, 'Cards A');
  });

  it('has its migration repair the limits earlier moves left behind: one row a scope, on the MID’s solution', async () => {
    const { midId } = await create(adyenMid({ description: 'Moved before the fix', solutionId: cardsB }));
    const mid = { accountId: account.id, merchantId: merchant.id, midId };
    const [older, newer] = [new Date('2026-01-01'), new Date('2026-02-01')];
    // Rows as the old PUT left them: on solutions the MID no longer uses (the key is dropped to write them).
    await t.db.execute(sql`alter table limits drop constraint limits_mid_solution_fk`);
    await t.db.insert(limits).values([
      { ...mid, solutionId: cardsB, total: 1, updatedAt: older },
      { ...mid, solutionId: cardsA, total: 2, updatedAt: newer },
      { ...mid, solutionId: cardsA, cardBrand: 'VISA', total: 3, updatedAt: older },
      { ...mid, solutionId: cardsUk, cardBrand: 'VISA', total: 4, updatedAt: newer },
      { ...mid, solutionId: cardsA, cardBrand: 'MC', total: 5, updatedAt: older },
    ]);
    const migration = readFileSync(
      new URL('../../src/server/db/migrations/0023_mid_limits_follow.sql', import.meta.url),
    );
    // The unique key on mids is there already; the repair and the key follow.
    for (const statement of migration.toString().split('--> statement-breakpoint').slice(1)) {
      await t.db.execute(sql.raw(statement));
    }
    const rows = await t.db.select().from(limits).where(eq(limits.midId, midId));
    expect(rows.map((row) => [row.solutionId, row.cardBrand, row.total]).sort()).toEqual(
      [
        [cardsB, null, 1],
        [cardsB, 'VISA', 4],
        [cardsB, 'MC', 5],
      ].sort(),
    );
  });

  it('never leaves a limit behind on the solution it leaves, even one saved during the move (20 parallel rounds)', async () => {
    for (let round = 0; round < 20; round++) {
      const { midId } = await create(adyenMid({ description: `Mover ${round}`, solutionId: cardsA }));
      const [moved, saved] = await Promise.all([
        move(midId, cardsB),
        call('PUT', limitUrl(cardsA, midId), adminToken, { version: 0, total: 1000, daily: null, cardBrands: [] }),
      ]);
      const outcome = `round ${round}: ${moved.statusCode} ${moved.body} / ${saved.statusCode} ${saved.body}`;
      expect(moved.statusCode, outcome).toBe(204);
      expect([200, 404], outcome).toContain(saved.statusCode);
      const rows = await t.db.select().from(limits).where(eq(limits.midId, midId));
      expect(
        rows.map((row) => row.solutionId),
        outcome,
      ).toEqual(saved.statusCode === 200 ? [cardsB] : []);
    }
  });

  it('moves a MID whose limit tree is being saved with new card brands, without a deadlock (20 parallel rounds)', async () => {
    for (let round = 0; round < 20; round++) {
      const { midId } = await create(adyenMid({ description: `Limited mover ${round}`, solutionId: cardsA }));
      const first = { total: 1000, daily: null, cardBrands: [] };
      expect((await call('PUT', limitUrl(cardsA, midId), adminToken, { ...first, version: 0 })).statusCode).toBe(200);
      const brands = [{ name: 'VISA', total: 500, daily: 50, descriptors: [] }];
      const [moved, saved] = await Promise.all([
        move(midId, cardsB),
        call('PUT', limitUrl(cardsA, midId), adminToken, { ...first, version: 1, cardBrands: brands }),
      ]);
      const outcome = `round ${round}: ${moved.statusCode} ${moved.body} / ${saved.statusCode} ${saved.body}`;
      expect(moved.statusCode, outcome).toBe(204);
      expect([200, 404, 409], outcome).toContain(saved.statusCode);
      const rows = await t.db.select().from(limits).where(eq(limits.midId, midId));
      expect(
        rows.map((row) => [row.solutionId, row.cardBrand]),
        outcome,
      ).toEqual(
        saved.statusCode === 200
          ? [
              [cardsB, null],
              [cardsB, 'VISA'],
            ]
          : [[cardsB, null]],
      );
    }
  });
});

describe('deleting a MID', () => {
  it('is refused while routes use it, naming them, and for good once payments used it', async () => {
    const inUse = await call('DELETE', `/merchant/${merchant.id}/mid/${world.mids.adyen}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({
      error: 'mids-in-use',
      dependants: [{ kind: 'ROUTE', id: world.routeId, description: 'Main route' }],
    });
    expect((await detail(world.mids.adyen)).routes).toEqual([
      { routeId: world.routeId, routeDescription: 'Main route' },
    ]);

    await insertTransaction(t.db, world, { createdAt: new Date(t.clock.now() - 3_600_000), midId: world.mids.delayed });
    const paid = await call('DELETE', `/merchant/${merchant.id}/mid/${world.mids.delayed}`);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({ error: 'mid-used-by-transactions' });
  });

  it('deletes an unused MID with its audit entry; a second delete answers 404', async () => {
    const { midId } = await create(adyenMid({ description: 'Short-lived' }));
    expect((await call('DELETE', `/merchant/${merchant.id}/mid/${midId}`, viewerToken)).statusCode).toBe(403);
    expect((await call('DELETE', `/merchant/${merchant.id}/mid/${midId}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/merchant/${merchant.id}/mid/${midId}`)).statusCode).toBe(404);
    const entries = await t.db.select().from(userActivity).where(eq(userActivity.resourceId, midId));
    expect(entries.map((entry) => entry.actionType).sort()).toEqual(['DELETE', 'INSERT']);
    expect(JSON.stringify(entries)).not.toContain(API_KEY);
    expect(await t.db.select().from(routes).where(eq(routes.midId, midId))).toEqual([]);
  });
});

describe("finding a MID by id (the palette's Find MID)", () => {
  it("finds the caller's MIDs by the start of their id, never another tenant's, and asks for 4 characters", async () => {
    const find = (q: string, token = adminToken) => call('GET', `/mid/search?q=${q}`, token);
    const own = await find(world.mids.instant.slice(0, 8));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({
      items: expect.arrayContaining([
        expect.objectContaining({ midId: world.mids.instant, merchantId: merchant.id, accountId: account.id }),
      ]),
    });
    expect((await find(world.mids.instant.toUpperCase(), viewerToken)).json()).toMatchObject({
      items: [{ midId: world.mids.instant, merchantName: merchant.prettyName }],
    });
    expect((await find(foreignWorld.mids.adyen)).json()).toEqual({ items: [] });
    expect((await find('abc')).statusCode).toBe(400);
    // An id may start with hex letters only (one in 25 at 4 characters): that start is asked like any other.
    expect((await find('fade')).statusCode).toBe(200);
  });
});
