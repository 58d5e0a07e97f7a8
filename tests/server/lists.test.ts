import { merchantItemList, merchantLists } from '@domain/contract/lists';
import { PERMISSIONS as P } from '@domain/permissions';
import { accountProviders, acquirers, merchantListItems, mids, roles, routes, userActivity } from '@server/db/schema';
import { and, eq } from 'drizzle-orm';
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
import { createPaymentsWorld, type PaymentsWorld } from './helpers/transaction-fixtures';

// My Lists over the API (issue 12; spec 2, sections 2.6, 5, 7 and 8): every rule, every role, across tenants and
// under parallel adds.

let t: TestApp;
let account: AccountRow;
let other: AccountRow;
let merchant: MerchantRow;
let foreign: MerchantRow;
let world: PaymentsWorld;
let adminToken: string;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: authHeader(token), ...(payload ? { payload } : {}) });

const add = (list: 'url' | 'custom-tag', items: string[], force?: boolean, token = adminToken, m = merchant.id) =>
  call('POST', `/merchant/${m}/${list}`, token, { items, ...(force === undefined ? {} : { force }) });

const names = (body: unknown) => merchantItemList.parse(body).items.map((item) => item.prettyName);

async function itemId(list: 'URL' | 'TAG', prettyName: string, m = merchant.id) {
  const [row] = await t.db
    .select({ id: merchantListItems.id })
    .from(merchantListItems)
    .where(
      and(
        eq(merchantListItems.merchantId, m),
        eq(merchantListItems.list, list),
        eq(merchantListItems.prettyName, prettyName),
      ),
    );
  return row!.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  account = await createAccount(t.db, { prettyName: 'Lists' });
  other = await createAccount(t.db, { prettyName: 'Other' });
  merchant = await createMerchant(t.db, account.id);
  foreign = await createMerchant(t.db, other.id);
  world = await createPaymentsWorld(t.db, account.id, merchant.id);
  adminToken = (await signedInAs(t, 'ADMINISTRATOR', account)).token;
});

afterAll(() => t.close());

describe('adding items', () => {
  it('splits on semicolons, trims, drops repeats, upper-cases tags, and records the last edition', async () => {
    const urls = await add('url', ['shop.example/eu; https://shop.example ;shop.example/eu', '  ']);
    expect(urls.statusCode, urls.body).toBe(200);
    expect(names(urls.json())).toEqual(['https://shop.example', 'shop.example/eu']);
    expect(merchantItemList.parse(urls.json()).lastEditor).toMatchObject({ fullName: 'Test User' });

    const tags = await add('custom-tag', ['vip;Trial', 'Früh Kunde']);
    expect(names(tags.json())).toEqual(['FRÜH KUNDE', 'TRIAL', 'VIP']);

    const both = merchantLists.parse((await call('GET', `/merchant/${merchant.id}/list`, adminToken)).json());
    expect(both.url?.items).toHaveLength(2);
    expect(both.customTag?.items).toHaveLength(3);
    const audit = await t.db
      .select()
      .from(userActivity)
      .where(and(eq(userActivity.resourceType, 'TAG'), eq(userActivity.merchantId, merchant.id)));
    expect(audit.map((entry) => (entry.newValue as { prettyName: string }).prettyName).sort()).toEqual([
      'FRÜH KUNDE',
      'TRIAL',
      'VIP',
    ]);
  });

  it('refuses invalid URLs and tags as a whole, naming them cut at 20 characters, and stores nothing', async () => {
    const long = `https://shop.example/${'a'.repeat(2049)}`;
    const response = await add('url', ['good.example', 'not a url', long]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'invalid-url-error',
      items: ['not a url', 'https://shop.example…'],
    });
    expect(names((await call('GET', `/merchant/${merchant.id}/url`, adminToken)).json())).not.toContain('good.example');
    const emoji = await add('custom-tag', ['🔥 HOT']);
    expect(emoji.json()).toMatchObject({ error: 'invalid-tag-error', items: ['🔥 HOT'] });
  });

  it('answers item-duplicated with the items already there, and force adds the rest', async () => {
    const first = await add('url', ['shop.example/eu', 'shop.example/new']);
    expect(first.statusCode).toBe(409);
    expect(first.json()).toMatchObject({ error: 'item-duplicated', items: ['shop.example/eu'] });
    expect(names((await call('GET', `/merchant/${merchant.id}/url`, adminToken)).json())).not.toContain(
      'shop.example/new',
    );
    const forced = await add('url', ['shop.example/eu', 'shop.example/new'], true);
    expect(names(forced.json())).toContain('shop.example/new');
  });

  it('refuses 10,000 pasted items with a clear message and stores nothing', async () => {
    const items = Array.from({ length: 10_000 }, (_, index) => `bulk${index}.example`);
    const response = await add('url', items);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.items).toBe('Add at most 1,000 items at a time');
    expect(names((await call('GET', `/merchant/${merchant.id}/url`, adminToken)).json())).not.toContain(
      'bulk0.example',
    );
  });

  it.each([
    ['custom-tag', 'TAG', 'PARALLEL'],
    ['url', 'URL', 'parallel.example/new'],
  ] as const)(
    'answers 20 parallel adds of the same new %s with one 200 and 19 item-duplicated',
    async (list, kind, item) => {
      const answers = await Promise.all(Array.from({ length: 20 }, () => add(list, [item])));
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      const refused = answers.filter((answer) => answer.statusCode !== 200);
      expect(refused.map((answer) => [answer.statusCode, answer.json().error, answer.json().items])).toEqual(
        Array(19).fill([409, 'item-duplicated', [item]]),
      );
      const id = await itemId(kind, item);
      expect(await t.db.select().from(userActivity).where(eq(userActivity.resourceId, id))).toHaveLength(1);
    },
  );

  it('stores an item added by parallel requests once', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => add('custom-tag', ['RACE'], true)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const rows = await t.db
      .select()
      .from(merchantListItems)
      .where(and(eq(merchantListItems.merchantId, merchant.id), eq(merchantListItems.prettyName, 'RACE')));
    expect(rows).toHaveLength(1);
    const audit = await t.db.select().from(userActivity).where(eq(userActivity.resourceId, rows[0]!.id));
    expect(audit).toHaveLength(1);
  });
});

describe('deleting items', () => {
  it('refuses an item that a MID and a route use, listing them, and deletes nothing', async () => {
    await add('custom-tag', ['USED'], true);
    await t.db
      .update(mids)
      .set({ customTag: ['USED'] })
      .where(eq(mids.id, world.mids.adyen));
    await t.db
      .update(routes)
      .set({ customTag: ['USED', 'VIP'] })
      .where(eq(routes.id, world.routeId));
    const id = await itemId('TAG', 'USED');
    const response = await call('DELETE', `/merchant/${merchant.id}/custom-tag/${id}`, adminToken);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'item-in-use',
      dependants: [
        { kind: 'ROUTE', id: world.routeId, description: 'Main route' },
        { kind: 'MID', id: world.mids.adyen, description: 'Cards EU MID' },
      ],
    });
    expect(names((await call('GET', `/merchant/${merchant.id}/custom-tag`, adminToken)).json())).toContain('USED');
  });

  it('deletes an unused item, audits it, and keeps the last item of a list', async () => {
    const id = await itemId('TAG', 'FRÜH KUNDE');
    const response = await call('DELETE', `/merchant/${merchant.id}/custom-tag/${id}`, adminToken);
    expect(response.statusCode).toBe(200);
    expect(names(response.json())).not.toContain('FRÜH KUNDE');
    const [entry] = await t.db
      .select()
      .from(userActivity)
      .where(and(eq(userActivity.resourceId, id), eq(userActivity.actionType, 'DELETE')));
    expect(entry).toMatchObject({ resourceType: 'TAG', oldValue: { prettyName: 'FRÜH KUNDE' } });

    const lonely = await createMerchant(t.db, account.id);
    await add('url', ['only.example'], undefined, adminToken, lonely.id);
    const only = await itemId('URL', 'only.example', lonely.id);
    const last = await call('DELETE', `/merchant/${lonely.id}/url/${only}`, adminToken);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ error: 'last-item', message: "Can't delete las item" });
  });
});

describe('permissions and tenants', () => {
  it('lets each role do what its permissions say', async () => {
    const viewer = (await signedInAs(t, 'VIEWER', account)).token;
    expect((await call('GET', `/merchant/${merchant.id}/url`, viewer)).statusCode).toBe(200);
    expect((await add('url', ['viewer.example'], true, viewer)).statusCode).toBe(403);
    const id = await itemId('URL', 'shop.example/new');
    expect((await call('DELETE', `/merchant/${merchant.id}/url/${id}`, viewer)).statusCode).toBe(403);

    const specialist = (await signedInAs(t, 'PAYMENTS_SPECIALIST', account)).token;
    expect((await add('url', ['specialist.example'], true, specialist)).statusCode).toBe(200);
    expect((await call('DELETE', `/merchant/${merchant.id}/url/${id}`, specialist)).statusCode).toBe(403);

    const staff = (await signedInAs(t, 'PROVIDER_ADMINISTRATOR', account)).token;
    expect((await call('DELETE', `/merchant/${merchant.id}/url/${id}`, staff)).statusCode).toBe(200);
  });

  it("answers 404 for another tenant's merchant and items, and for unknown list names", async () => {
    const id = await itemId('URL', 'shop.example/eu');
    const outsider = (await signedInAs(t, 'ADMINISTRATOR', other)).token;
    expect((await call('GET', `/merchant/${merchant.id}/list`, outsider)).statusCode).toBe(404);
    expect((await add('url', ['x.example'], true, outsider)).statusCode).toBe(404);
    expect((await call('DELETE', `/merchant/${merchant.id}/url/${id}`, outsider)).statusCode).toBe(404);
    // An item of this merchant named under another merchant of the caller is not found there.
    await add('url', ['foreign.example'], undefined, outsider, foreign.id);
    expect((await call('DELETE', `/merchant/${foreign.id}/url/${id}`, outsider)).statusCode).toBe(404);
    expect((await call('GET', `/merchant/${merchant.id}/colour`, adminToken)).statusCode).toBe(404);
  });
});

describe('deleting an item while a MID or a route is saved with it (issue 23)', () => {
  let sandboxId: string;
  let instantSolution: string;
  /** A user who may save MIDs and routes but not add to My Lists: a save naming an unlisted URL is refused. */
  let listBoundToken: string;

  beforeAll(async () => {
    const [sandbox] = await t.db.select().from(acquirers).where(eq(acquirers.prettyName, 'Sandbox Acquirer'));
    sandboxId = sandbox!.id;
    await t.db.insert(accountProviders).values({ accountId: account.id, acquirerId: sandboxId }).onConflictDoNothing();
    const [instant] = await t.db
      .select({ solutionId: mids.solutionId })
      .from(mids)
      .where(eq(mids.id, world.mids.instant));
    instantSolution = instant!.solutionId;
    await t.db.insert(roles).values({
      name: 'LIST_BOUND_CONFIGURATOR',
      prettyName: 'Configurator without list adds',
      permissions: [P.merchantRead, P.midRead, P.midCreate, P.routeRead, P.routeCreate, P.urlRead, P.tagRead],
    });
    listBoundToken = (await signedInAs(t, 'LIST_BOUND_CONFIGURATOR', account)).token;
    await add('url', ['keeper.example'], true);
  });

  const saveRoute = (url: string, round: number, token: string) =>
    call('POST', `/merchant/${merchant.id}/route`, token, {
      routeDescription: `Race ${round}`,
      midId: world.mids.instant,
      weight: 0,
      url: [url],
    });
  const saveMid = (url: string, round: number, token: string) =>
    call('POST', `/merchant/${merchant.id}/mid`, token, {
      acquirerId: sandboxId,
      solutionId: instantSolution,
      midAcquirerId: `RACE-${round}`,
      description: `Race ${round}`,
      url: [url],
    });

  /** Every URL a MID or route of the merchant names is on its URL list. */
  async function namedUrlsAreListed() {
    const listed = new Set(names((await call('GET', `/merchant/${merchant.id}/url`, adminToken)).json()));
    const named = [
      ...(await t.db.select({ url: mids.url }).from(mids).where(eq(mids.merchantId, merchant.id))),
      ...(await t.db.select({ url: routes.url }).from(routes).where(eq(routes.merchantId, merchant.id))),
    ].flatMap((row) => row.url);
    expect(named.filter((url) => !listed.has(url))).toEqual([]);
  }

  it.each([
    ['route', saveRoute, 201],
    ['MID', saveMid, 201],
  ] as const)(
    'lets exactly one of a delete and a %s save naming the item through (20 parallel rounds)',
    async (what, save, created) => {
      for (let round = 0; round < 20; round++) {
        const url = `race-${what.toLowerCase()}-${round}.example`;
        await add('url', [url]);
        const [deleted, saved] = await Promise.all([
          call('DELETE', `/merchant/${merchant.id}/url/${await itemId('URL', url)}`, adminToken),
          save(url, round, listBoundToken),
        ]);
        const outcome = `round ${round}: ${deleted.statusCode} ${deleted.body.slice(0, 120)} / ${saved.statusCode} ${saved.body}`;
        if (deleted.statusCode === 200) {
          expect(saved.statusCode, outcome).toBe(400);
          expect(saved.json().fields.url, outcome).toBe(`Only URLs from My Lists: ${url}`);
        } else {
          expect(saved.statusCode, outcome).toBe(created);
          expect(deleted.json().error, outcome).toBe('item-in-use');
        }
      }
      await namedUrlsAreListed();
    },
  );

  it('never leaves a route or MID naming a deleted item when the saver may add to the list (20 parallel rounds)', async () => {
    for (let round = 0; round < 20; round++) {
      const url = `relisted-${round}.example`;
      await add('url', [url]);
      const id = await itemId('URL', url);
      await Promise.all([
        call('DELETE', `/merchant/${merchant.id}/url/${id}`, adminToken),
        saveRoute(url, round, adminToken),
        saveMid(url, round, adminToken),
      ]);
    }
    await namedUrlsAreListed();
  });
});
