import { randomUUID } from 'node:crypto';
import { alertSaved, globalLimit, midLimit } from '@domain/contract/limits';
import { LIMIT_MAX, LIMIT_MESSAGES } from '@domain/limits';
import { limits, mids, roles, solutions, userActivity } from '@server/db/schema';
import { asc, eq } from 'drizzle-orm';
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

// Limits and alerts over the API (issue 16; spec 3, sections 2.7, 3, 5 and 7): the global limit and a MID's tree
// (MID, card brands, Visa descriptors from the rollup), compare-and-set saves and their races, alerts, every role,
// tenants and scopes, bad input that changes nothing, and the audit entries.

const NOW = Date.UTC(2026, 2, 15, 12);

let t: TestApp;
let account: AccountRow;
let merchant: MerchantRow;
let idleMerchant: MerchantRow;
let foreign: MerchantRow;
let world: PaymentsWorld;
let foreignWorld: PaymentsWorld;
/** The solutions (pspIds) of the world's MIDs. */
let cardsEu: string;
let instant: string;
let delayed: string;
let fails: string;
let foreignCardsEu: string;
/** A second MID of the merchant on Cards EU. */
let siblingMid: string;
let adminToken: string;
let viewerToken: string;

type Method = 'GET' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token = adminToken, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: authHeader(token), ...(payload ? { payload } : {}) });

const globalUrl = (psp: string, m = merchant.id) => `/merchant/${m}/psp/${psp}/limit`;
const midUrl = (midId: string, psp = cardsEu, m = merchant.id) => `/merchant/${m}/psp/${psp}/mid/${midId}/limit`;
const alertUrl = (limitId: string) => `/limit/${limitId}/alert`;

const fieldsOf = (response: { json(): unknown }) => (response.json() as { fields?: Record<string, string> }).fields;
const errorOf = (response: { json(): unknown }) => (response.json() as { error?: string }).error;

const readGlobal = async (psp: string, token = adminToken) =>
  globalLimit.parse((await call('GET', globalUrl(psp), token)).json());
const readMid = async (midId: string, psp = cardsEu) => midLimit.parse((await call('GET', midUrl(midId, psp))).json());

/** Every limit row of the merchant: what a refused call must leave as it was. */
const storedLimits = () => t.db.select().from(limits).where(eq(limits.merchantId, merchant.id)).orderBy(asc(limits.id));

const auditOf = (resourceId: string) =>
  t.db
    .select()
    .from(userActivity)
    .where(eq(userActivity.resourceId, resourceId))
    .orderBy(asc(userActivity.date), asc(userActivity.id));

const solutionOf = async (midId: string) =>
  (await t.db.select({ id: mids.solutionId }).from(mids).where(eq(mids.id, midId)))[0]!.id;

const statuses = (answers: { statusCode: number }[]) => answers.map((answer) => answer.statusCode).sort();

/** A MID of the merchant on a solution of its own, taking the card brands given (none: any brand). */
async function midOnNewSolution(cardBrand: string[] = []): Promise<{ pspId: string; midId: string }> {
  const [adyen] = await t.db.select().from(mids).where(eq(mids.id, world.mids.adyen));
  const [solution] = await t.db
    .insert(solutions)
    .values({ accountId: account.id, acquirerId: adyen!.acquirerId, prettyName: `Solution ${randomUUID()}` })
    .returning({ id: solutions.id });
  const [mid] = await t.db
    .insert(mids)
    .values({
      ...adyen!,
      id: randomUUID(),
      solutionId: solution!.id,
      cardBrand,
      description: `MID taking ${cardBrand.join(', ') || 'any brand'}`,
    })
    .returning({ id: mids.id });
  return { pspId: solution!.id, midId: mid!.id };
}

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  account = await createAccount(t.db, { prettyName: 'Limits' });
  const other = await createAccount(t.db, { prettyName: 'Other limits' });
  merchant = await createMerchant(t.db, account.id);
  idleMerchant = await createMerchant(t.db, account.id);
  foreign = await createMerchant(t.db, other.id);
  world = await createPaymentsWorld(t.db, account.id, merchant.id);
  foreignWorld = await createPaymentsWorld(t.db, other.id, foreign.id);
  cardsEu = await solutionOf(world.mids.adyen);
  instant = await solutionOf(world.mids.instant);
  delayed = await solutionOf(world.mids.delayed);
  fails = await solutionOf(world.mids.fails);
  foreignCardsEu = await solutionOf(foreignWorld.mids.adyen);
  const [adyen] = await t.db.select().from(mids).where(eq(mids.id, world.mids.adyen));
  const [sibling] = await t.db
    .insert(mids)
    .values({ ...adyen!, id: randomUUID(), description: 'Cards EU second MID', midAcquirerId: 'MID-SIBLING' })
    .returning({ id: mids.id });
  siblingMid = sibling!.id;
  adminToken = (await signedInAs(t, 'ADMINISTRATOR', account)).token;
  viewerToken = (await signedInAs(t, 'VIEWER', account)).token;
});

afterAll(() => t.close());

describe('the global limit', () => {
  it('answers no values and version 0 before the first save, then stores the values as given, audited', async () => {
    const cardsEuMids = [
      { midId: world.mids.adyen, description: 'Cards EU MID', midAcquirerId: expect.any(String), enable: true },
      { midId: siblingMid, description: 'Cards EU second MID', midAcquirerId: 'MID-SIBLING', enable: true },
    ];
    expect(await readGlobal(cardsEu)).toEqual({
      limitId: null,
      total: null,
      daily: null,
      alert: null,
      version: 0,
      mids: cardsEuMids,
    });

    const first = await call('PUT', globalUrl(cardsEu), adminToken, { total: null, daily: 100, version: 0 });
    expect(first.statusCode, first.body).toBe(200);
    const saved = globalLimit.parse(first.json());
    expect(saved).toMatchObject({ total: null, daily: 100, alert: null, version: 1 });
    // Stored as given: the monthly limit is derived where sales are counted, never written.
    const [row] = await t.db.select().from(limits).where(eq(limits.id, saved.limitId!));
    expect(row).toMatchObject({ total: null, daily: 100, midId: null, cardBrand: null, solutionId: cardsEu });

    const second = await call('PUT', globalUrl(cardsEu), adminToken, { total: 3000, daily: null, version: 1 });
    expect(second.statusCode, second.body).toBe(200);
    expect(await readGlobal(cardsEu)).toEqual({
      limitId: saved.limitId,
      total: 3000,
      daily: null,
      alert: null,
      version: 2,
      mids: cardsEuMids,
    });

    const entries = await auditOf(saved.limitId!);
    expect(entries.map((entry) => [entry.actionType, entry.resourceType, entry.merchantId])).toEqual([
      ['INSERT', 'GLOBAL_LIMIT', merchant.id],
      ['UPDATE', 'GLOBAL_LIMIT', merchant.id],
    ]);
    expect(entries[0]!.newValue).toMatchObject({ total: null, daily: 100 });
    expect(entries[1]!.oldValue).toMatchObject({ total: null, daily: 100 });
    expect(entries[1]!.newValue).toMatchObject({ total: 3000, daily: null });
  });

  it('refuses a save based on another version with 409 limit-changed, changing nothing', async () => {
    const before = await storedLimits();
    const { limitId } = await readGlobal(cardsEu);
    const audited = (await auditOf(limitId!)).length;
    for (const version of [1, 0, 7]) {
      const stale = await call('PUT', globalUrl(cardsEu), adminToken, { total: 1, daily: 1, version });
      expect(stale.statusCode, `version ${version}`).toBe(409);
      expect(errorOf(stale)).toBe('limit-changed');
    }
    expect(await storedLimits()).toEqual(before);
    expect(await auditOf(limitId!)).toHaveLength(audited);
  });

  it('lets exactly one of four parallel saves of the same version through, first saves included', async () => {
    const race = (version: number) =>
      Promise.all(
        [10, 20, 30, 40].map((daily) => call('PUT', globalUrl(instant), adminToken, { total: null, daily, version })),
      );
    expect(statuses(await race(0))).toEqual([200, 409, 409, 409]);
    expect(statuses(await race(1))).toEqual([200, 409, 409, 409]);
    const stored = await readGlobal(instant);
    expect(stored.version).toBe(2);
    expect(await auditOf(stored.limitId!)).toHaveLength(2);
  });

  it('refuses bad values with the spec messages, changing nothing', async () => {
    const before = await storedLimits();
    const cases: [Record<string, unknown>, string, unknown][] = [
      [{ total: 0 }, 'total', LIMIT_MESSAGES.zero],
      [{ daily: -5 }, 'daily', LIMIT_MESSAGES.minimumOne],
      [{ daily: 2.5 }, 'daily', LIMIT_MESSAGES.wholeNumber],
      [{ total: LIMIT_MAX + 1 }, 'total', LIMIT_MESSAGES.maximum(LIMIT_MAX)],
      [{ total: '100' }, 'total', LIMIT_MESSAGES.wholeNumber],
      [{ version: -1 }, 'version', expect.any(String)],
    ];
    for (const [change, field, message] of cases) {
      const response = await call('PUT', globalUrl(cardsEu), adminToken, {
        total: 10,
        daily: null,
        version: 2,
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(fieldsOf(response)?.[field], JSON.stringify(change)).toEqual(message);
    }
    const twentyDigits = await t.app.inject({
      method: 'PUT',
      url: `/api${globalUrl(cardsEu)}`,
      headers: { ...authHeader(adminToken), 'content-type': 'application/json' },
      payload: '{"total": 12345678901234567890, "daily": null, "version": 2}',
    });
    expect(twentyDigits.statusCode).toBe(400);
    expect(fieldsOf(twentyDigits)?.total).toBe(LIMIT_MESSAGES.maximum(LIMIT_MAX));
    const unknownField = await call('PUT', globalUrl(cardsEu), adminToken, {
      total: 10,
      daily: null,
      version: 2,
      x: 1,
    });
    expect(unknownField.statusCode).toBe(400);
    const noVersion = await call('PUT', globalUrl(cardsEu), adminToken, { total: 10, daily: null });
    expect(fieldsOf(noVersion)).toHaveProperty('version');
    expect(await storedLimits()).toEqual(before);
  });
});

describe('the scope of a limit call', () => {
  it("answers 404 for another tenant's merchant, a solution without the merchant's MIDs, a MID of another provider or merchant, and malformed ids", async () => {
    const before = await storedLimits();
    const [adyen] = await t.db.select().from(mids).where(eq(mids.id, world.mids.adyen));
    const [unused] = await t.db
      .insert(solutions)
      .values({ accountId: account.id, acquirerId: adyen!.acquirerId, prettyName: 'Unused' })
      .returning({ id: solutions.id });
    const notFound = [
      globalUrl(foreignCardsEu, foreign.id),
      globalUrl(cardsEu, foreign.id),
      globalUrl(cardsEu, idleMerchant.id),
      globalUrl(unused!.id),
      globalUrl(foreignCardsEu),
      globalUrl('not-an-id'),
      globalUrl(cardsEu, 'not-an-id'),
      midUrl(world.mids.instant),
      midUrl(foreignWorld.mids.adyen),
      midUrl(foreignWorld.mids.adyen, foreignCardsEu, foreign.id),
      midUrl(world.mids.adyen, cardsEu, idleMerchant.id),
      midUrl('not-an-id'),
      midUrl(randomUUID()),
    ];
    for (const url of notFound) {
      expect((await call('GET', url)).statusCode, `GET ${url}`).toBe(404);
      const put = await call('PUT', url, adminToken, { total: 5, daily: null, version: 0 });
      expect(put.statusCode, `PUT ${url}`).toBe(404);
    }
    expect(await storedLimits()).toEqual(before);
    expect(await t.db.select().from(limits).where(eq(limits.merchantId, foreign.id))).toEqual([]);
  });
});

describe("a MID's limits", () => {
  it("lists Visa with the descriptors of its last three calendar months' successful sales, then Mastercard and Others", async () => {
    const sale = (at: string, shopperStatement: string, extra: Record<string, unknown> = {}) =>
      insertTransaction(t.db, world, { createdAt: new Date(at), shopperStatement, ...extra });
    await sale('2026-01-01T00:30:00Z', 'BETA*SHOP');
    await sale('2026-03-15T08:00:00Z', 'ALPHA*SHOP', { transactionType: 'RECURRENCE', category: 'RECURRING' });
    await sale('2026-03-14T08:00:00Z', 'ALPHA*SHOP');
    await sale('2025-12-31T23:30:00Z', 'OLD*SHOP');
    await sale('2026-03-16T00:10:00Z', 'TOMORROW*SHOP');
    await sale('2026-03-10T08:00:00Z', 'FAILED*SHOP', { status: 'FAILED' });
    await sale('2026-03-10T08:00:00Z', 'MC*SHOP', { cardBrand: 'MC' });
    await sale('2026-03-10T08:00:00Z', 'SIBLING*SHOP', { midId: siblingMid });

    const tree = await readMid(world.mids.adyen);
    const [adyen] = await t.db.select().from(mids).where(eq(mids.id, world.mids.adyen));
    expect(tree).toEqual({
      limitId: null,
      total: null,
      daily: null,
      alert: null,
      midId: world.mids.adyen,
      description: adyen!.description,
      midAcquirerId: adyen!.midAcquirerId,
      version: 0,
      cardBrands: [
        {
          name: 'VISA',
          descriptorsConfigurable: true,
          limitId: null,
          total: null,
          daily: null,
          alert: null,
          descriptors: ['ALPHA*SHOP', 'BETA*SHOP'].map((name) => ({
            name,
            limitId: null,
            total: null,
            daily: null,
            alert: null,
          })),
        },
        ...(['MC', 'OTHERS'] as const).map((name) => ({
          name,
          descriptorsConfigurable: false,
          limitId: null,
          total: null,
          daily: null,
          alert: null,
          descriptors: [],
        })),
      ],
    });
    expect((await readMid(siblingMid)).cardBrands[0]!.descriptors.map((d) => d.name)).toEqual(['SIBLING*SHOP']);
  });

  it('lists the brand groups the MID accepts: Others alone for an AMEX-only MID, plus any with a saved limit', async () => {
    const onNewSolution = await midOnNewSolution(['AMEX', 'JCB']);
    expect((await readMid(onNewSolution.midId, onNewSolution.pspId)).cardBrands.map((brand) => brand.name)).toEqual([
      'OTHERS',
    ]);
    const [amex] = await t.db.select().from(mids).where(eq(mids.id, onNewSolution.midId));
    const [visaAndAmex] = await t.db
      .insert(mids)
      .values({ ...amex!, id: randomUUID(), cardBrand: ['VISA', 'AMEX'], description: 'Visa and AMEX' })
      .returning({ id: mids.id });
    expect((await readMid(visaAndAmex!.id, onNewSolution.pspId)).cardBrands.map((brand) => brand.name)).toEqual([
      'VISA',
      'OTHERS',
    ]);
    // A Mastercard limit saved before the MID stopped taking Mastercard stays in view, so it can be seen and cleared.
    await t.db.insert(limits).values({
      accountId: account.id,
      merchantId: merchant.id,
      solutionId: onNewSolution.pspId,
      midId: onNewSolution.midId,
      cardBrand: 'MC',
      daily: 3,
    });
    const tree = await readMid(onNewSolution.midId, onNewSolution.pspId);
    expect(tree.cardBrands.map((brand) => [brand.name, brand.daily])).toEqual([
      ['MC', 3],
      ['OTHERS', null],
    ]);
  });

  it('saves the tree as given, keeps what a save does not name, raises one version and audits each save once', async () => {
    const first = await call('PUT', midUrl(world.mids.adyen), adminToken, {
      total: 6000,
      daily: null,
      version: 0,
      cardBrands: [
        {
          name: 'VISA',
          total: null,
          daily: 50,
          descriptors: [
            { name: 'ALPHA*SHOP', total: 900, daily: null },
            { name: 'SAVED*ONLY', total: null, daily: 5 },
            { name: 'EMPTY*NEW', total: null, daily: null },
          ],
        },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    const saved = midLimit.parse(first.json());
    expect(saved).toMatchObject({ total: 6000, daily: null, version: 1 });
    const [visa, mc] = saved.cardBrands;
    expect(visa).toMatchObject({ total: null, daily: 50 });
    expect(visa!.descriptors.map((d) => [d.name, d.total, d.daily, d.limitId !== null])).toEqual([
      ['ALPHA*SHOP', 900, null, true],
      ['BETA*SHOP', null, null, false],
      ['SAVED*ONLY', null, 5, true],
    ]);
    expect(mc).toMatchObject({ limitId: null, total: null, daily: null });
    expect(await readMid(world.mids.adyen)).toEqual(saved);
    const rows = await t.db.select().from(limits).where(eq(limits.midId, world.mids.adyen));
    expect(rows).toHaveLength(4);

    const second = await call('PUT', midUrl(world.mids.adyen), adminToken, {
      total: 6000,
      daily: 200,
      version: 1,
      cardBrands: [{ name: 'MC', total: 100, daily: null }],
    });
    expect(second.statusCode, second.body).toBe(200);
    const after = midLimit.parse(second.json());
    expect(after).toMatchObject({ limitId: saved.limitId, total: 6000, daily: 200, version: 2 });
    expect(after.cardBrands[0]).toEqual(visa);
    expect(after.cardBrands[1]).toMatchObject({ total: 100, daily: null, descriptors: [] });

    const entries = await auditOf(saved.limitId!);
    expect(entries.map((entry) => [entry.actionType, entry.resourceType])).toEqual([
      ['INSERT', 'MID_LIMIT'],
      ['UPDATE', 'MID_LIMIT'],
    ]);
    expect(entries[1]!.oldValue).toMatchObject({
      midId: world.mids.adyen,
      total: 6000,
      daily: null,
      cardBrands: [
        {
          name: 'VISA',
          daily: 50,
          descriptors: [
            { name: 'ALPHA*SHOP', total: 900 },
            { name: 'SAVED*ONLY', daily: 5 },
          ],
        },
      ],
    });
    expect(entries[1]!.newValue).toMatchObject({
      daily: 200,
      cardBrands: [
        { name: 'MC', total: 100 },
        { name: 'VISA', daily: 50 },
      ],
    });

    const before = await storedLimits();
    const stale = await call('PUT', midUrl(world.mids.adyen), adminToken, { total: 1, daily: null, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toBe('limit-changed');
    expect(await storedLimits()).toEqual(before);
    expect(await auditOf(saved.limitId!)).toHaveLength(2);
  });

  it('clears the alert of a node whose limits are both cleared, and keeps the node', async () => {
    const tree = await readMid(world.mids.adyen);
    const visa = tree.cardBrands[0]!;
    expect((await call('PUT', alertUrl(visa.limitId!), adminToken, { percentage: 0.5 })).statusCode).toBe(200);
    const cleared = await call('PUT', midUrl(world.mids.adyen), adminToken, {
      total: tree.total,
      daily: tree.daily,
      version: tree.version,
      cardBrands: [{ name: 'VISA', total: null, daily: null }],
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(midLimit.parse(cleared.json()).cardBrands[0]).toMatchObject({
      limitId: visa.limitId,
      total: null,
      daily: null,
      alert: null,
    });
  });

  it('refuses a descriptor on Mastercard, repeated brands or descriptors and bad values, changing nothing', async () => {
    const { version } = await readMid(world.mids.adyen);
    const before = await storedLimits();
    const save = (cardBrands: unknown[]) =>
      call('PUT', midUrl(world.mids.adyen), adminToken, { total: 10, daily: null, version, cardBrands });
    const visa = (descriptors: unknown[]) => ({ name: 'VISA', total: null, daily: null, descriptors });
    const cases: [unknown[], string, unknown][] = [
      [
        [{ name: 'MC', total: 1, daily: null, descriptors: [{ name: 'A', total: 1, daily: null }] }],
        'cardBrands.0.descriptors',
        'MC has no descriptor limits',
      ],
      [[visa([{ name: 'A', total: 0, daily: null }])], 'cardBrands.0.descriptors.0.total', LIMIT_MESSAGES.zero],
      [[visa([{ name: 'A', total: null, daily: -1 }])], 'cardBrands.0.descriptors.0.daily', LIMIT_MESSAGES.minimumOne],
      [[{ name: 'VISA', total: 1.5, daily: null }], 'cardBrands.0.total', LIMIT_MESSAGES.wholeNumber],
      [[visa([{ name: '  ', total: 1, daily: null }])], 'cardBrands.0.descriptors.0.name', 'Required field'],
      [[visa([]), visa([])], 'cardBrands', 'A card brand is repeated'],
      [
        [
          visa([
            { name: 'A', total: 1, daily: null },
            { name: 'A', total: 2, daily: null },
          ]),
        ],
        'cardBrands',
        'A descriptor is repeated',
      ],
      [[{ name: 'AMEX', total: 1, daily: null }], 'cardBrands.0.name', expect.any(String)],
    ];
    for (const [cardBrands, field, message] of cases) {
      const response = await save(cardBrands);
      expect(response.statusCode, JSON.stringify(cardBrands)).toBe(400);
      expect(fieldsOf(response)?.[field], JSON.stringify(cardBrands)).toEqual(message);
    }
    expect(await storedLimits()).toEqual(before);
  });

  it('lets exactly one of four parallel saves of a tree through, first saves included', async () => {
    const race = (version: number) =>
      Promise.all(
        [10, 20, 30, 40].map((total) =>
          call('PUT', midUrl(siblingMid), adminToken, {
            total,
            daily: null,
            version,
            cardBrands: [
              { name: 'VISA', total, daily: null, descriptors: [{ name: 'SIBLING*SHOP', total, daily: null }] },
            ],
          }),
        ),
      );
    expect(statuses(await race(0))).toEqual([200, 409, 409, 409]);
    expect(statuses(await race(1))).toEqual([200, 409, 409, 409]);
    const tree = await readMid(siblingMid);
    expect(tree.version).toBe(2);
    expect(await t.db.select().from(limits).where(eq(limits.midId, siblingMid))).toHaveLength(3);
    expect(await auditOf(tree.limitId!)).toHaveLength(2);
  });
});

describe('alerts', () => {
  it('sets, changes and deletes an alert, last write wins, without touching the version, audited by level', async () => {
    const global = await readGlobal(cardsEu);
    const set = await call('PUT', alertUrl(global.limitId!), adminToken, { percentage: 0.07 });
    expect(set.statusCode, set.body).toBe(200);
    expect(alertSaved.parse(set.json())).toEqual({ limitId: global.limitId, alert: { percentage: 0.07 } });
    expect((await call('PUT', alertUrl(global.limitId!), adminToken, { percentage: 1.5 })).statusCode).toBe(200);
    expect(await readGlobal(cardsEu, viewerToken)).toEqual({ ...global, alert: { percentage: 1.5 } });

    const removed = await call('DELETE', alertUrl(global.limitId!));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(alertSaved.parse(removed.json())).toEqual({ limitId: global.limitId, alert: null });
    expect((await readGlobal(cardsEu)).alert).toBeNull();
    const again = await call('DELETE', alertUrl(global.limitId!));
    expect(again.statusCode).toBe(404);

    const alerts = (await auditOf(global.limitId!)).filter((entry) => entry.resourceType === 'GLOBAL_LIMIT_ALERT');
    expect(alerts.map((entry) => entry.actionType)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(alerts[1]!.oldValue).toMatchObject({ percentage: 0.07 });
    expect(alerts[1]!.newValue).toMatchObject({ percentage: 1.5, midId: null });
    expect(alerts[2]!.oldValue).toMatchObject({ percentage: 1.5 });

    const descriptor = (await readMid(world.mids.adyen)).cardBrands[0]!.descriptors.find(
      (d) => d.name === 'ALPHA*SHOP',
    )!;
    expect((await call('PUT', alertUrl(descriptor.limitId!), adminToken, { percentage: 0.8 })).statusCode).toBe(200);
    const [entry] = await auditOf(descriptor.limitId!);
    expect(entry).toMatchObject({ actionType: 'INSERT', resourceType: 'MID_LIMIT_ALERT', merchantId: merchant.id });
    expect(entry!.newValue).toMatchObject({ midId: world.mids.adyen, cardBrand: 'VISA', descriptor: 'ALPHA*SHOP' });
    expect(
      (await readMid(world.mids.adyen)).cardBrands[0]!.descriptors.find((d) => d.name === 'ALPHA*SHOP')!.alert,
    ).toEqual({
      percentage: 0.8,
    });
  });

  it("refuses an alert without a limit, bad percentages, another tenant's limit and malformed ids, changing nothing", async () => {
    const cleared = await call('PUT', globalUrl(delayed), adminToken, { total: null, daily: null, version: 0 });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const empty = globalLimit.parse(cleared.json());
    const [foreignLimit] = await t.db
      .insert(limits)
      .values({
        accountId: foreign.accountId,
        merchantId: foreign.id,
        solutionId: foreignCardsEu,
        total: 10,
        alertPercentage: 0.5,
      })
      .returning();
    const { limitId } = await readGlobal(cardsEu);
    const before = await t.db.select().from(limits).orderBy(asc(limits.id));

    const withoutLimit = await call('PUT', alertUrl(empty.limitId!), adminToken, { percentage: 0.5 });
    expect(withoutLimit.statusCode).toBe(409);
    expect(withoutLimit.json()).toMatchObject({
      error: 'alert-without-limit',
      message: 'Set a limit before its alert',
    });

    const cases: [unknown, string][] = [
      [0, LIMIT_MESSAGES.minimumOne],
      [-0.5, LIMIT_MESSAGES.minimumOne],
      [100, LIMIT_MESSAGES.maximum(1000)],
      [0.555, LIMIT_MESSAGES.wholeNumber],
      [undefined, LIMIT_MESSAGES.required],
    ];
    for (const [percentage, message] of cases) {
      const response = await call('PUT', alertUrl(limitId!), adminToken, { percentage });
      expect(response.statusCode, String(percentage)).toBe(400);
      expect(fieldsOf(response)?.percentage, String(percentage)).toBe(message);
    }
    for (const id of [foreignLimit!.id, randomUUID(), 'not-an-id']) {
      expect((await call('PUT', alertUrl(id), adminToken, { percentage: 0.5 })).statusCode, id).toBe(404);
      expect((await call('DELETE', alertUrl(id))).statusCode, id).toBe(404);
    }
    expect(await t.db.select().from(limits).orderBy(asc(limits.id))).toEqual(before);
  });
});

describe('a limit and its alert saved together', () => {
  it('sets the alert of a limit saved for the first time, global or in a tree, in the same save', async () => {
    const { pspId, midId } = await midOnNewSolution();
    const global = await call('PUT', globalUrl(pspId), adminToken, {
      total: 100,
      daily: null,
      version: 0,
      alert: { percentage: 0.5 },
    });
    expect(global.statusCode, global.body).toBe(200);
    expect(globalLimit.parse(global.json())).toMatchObject({ total: 100, alert: { percentage: 0.5 }, version: 1 });
    const [globalEntry] = await auditOf(globalLimit.parse(global.json()).limitId!);
    expect(globalEntry!.newValue).toMatchObject({ total: 100, alertPercentage: 0.5 });

    const tree = await call('PUT', midUrl(midId, pspId), adminToken, {
      total: null,
      daily: 20,
      version: 0,
      alert: { percentage: 0.9 },
      cardBrands: [{ name: 'OTHERS', total: null, daily: 4, alert: { percentage: 0.75 } }],
    });
    expect(tree.statusCode, tree.body).toBe(200);
    const saved = midLimit.parse(tree.json());
    expect(saved).toMatchObject({ daily: 20, alert: { percentage: 0.9 } });
    expect(saved.cardBrands.find((brand) => brand.name === 'OTHERS')).toMatchObject({
      daily: 4,
      alert: { percentage: 0.75 },
    });
    // A later save that leaves the alert out keeps it.
    const again = await call('PUT', midUrl(midId, pspId), adminToken, {
      total: null,
      daily: 30,
      version: saved.version,
      cardBrands: [{ name: 'OTHERS', total: null, daily: 5 }],
    });
    expect(midLimit.parse(again.json())).toMatchObject({ daily: 30, alert: { percentage: 0.9 } });
    expect(midLimit.parse(again.json()).cardBrands.find((brand) => brand.name === 'OTHERS')?.alert).toEqual({
      percentage: 0.75,
    });
  });

  it('refuses an alert without a limit, and an alert from a user who may save limits but not alerts', async () => {
    const { pspId, midId } = await midOnNewSolution();
    const before = await storedLimits();
    const withoutLimit = await call('PUT', globalUrl(pspId), adminToken, {
      total: null,
      daily: null,
      version: 0,
      alert: { percentage: 0.5 },
    });
    expect(withoutLimit.statusCode).toBe(400);
    expect(fieldsOf(withoutLimit)).toEqual({ alert: LIMIT_MESSAGES.alertNeedsLimit });
    const brandWithoutLimit = await call('PUT', midUrl(midId, pspId), adminToken, {
      total: 5,
      daily: null,
      version: 0,
      cardBrands: [{ name: 'VISA', total: null, daily: null, alert: { percentage: 0.5 } }],
    });
    expect(fieldsOf(brandWithoutLimit)).toEqual({ 'cardBrands.0.alert': LIMIT_MESSAGES.alertNeedsLimit });

    await t.db
      .insert(roles)
      .values({ name: 'LIMITS_ONLY', prettyName: 'Limits only', permissions: ['limit.read', 'limit.update'] });
    const { token } = await signedInAs(t, 'LIMITS_ONLY', account);
    const refused = await call('PUT', globalUrl(pspId), token, {
      total: 10,
      daily: null,
      version: 0,
      alert: { percentage: 0.5 },
    });
    expect(refused.statusCode).toBe(403);
    expect(await storedLimits()).toEqual(before);
    const plain = await call('PUT', globalUrl(pspId), token, { total: 10, daily: null, version: 0 });
    expect(plain.statusCode, plain.body).toBe(200);
  });
});

describe('roles', () => {
  const expectations: [role: string, read: number, update: number, alert: number][] = [
    ['ADMINISTRATOR', 200, 200, 200],
    ['MANAGER', 200, 200, 200],
    ['PAYMENTS_SPECIALIST', 200, 403, 403],
    ['VIEWER', 200, 403, 403],
    ['SUPPORT', 403, 403, 403],
    ['PROVIDER_ADMINISTRATOR', 200, 200, 200],
    ['PROVIDER_SUPPORT', 200, 403, 403],
  ];

  beforeAll(async () => {
    const saved = await call('PUT', globalUrl(fails), adminToken, { total: 500, daily: null, version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it.each(expectations)('%s reads %i, saves limits %i and alerts %i', async (role, read, update, alert) => {
    const { token } = await signedInAs(t, role, account);
    expect((await call('GET', globalUrl(fails), token)).statusCode).toBe(read);
    expect((await call('GET', midUrl(world.mids.fails, fails), token)).statusCode).toBe(read);

    const global = await readGlobal(fails);
    const tree = await readMid(world.mids.fails, fails);
    const before = await storedLimits();
    const savedGlobal = await call('PUT', globalUrl(fails), token, {
      total: 500,
      daily: null,
      version: global.version,
    });
    const savedTree = await call('PUT', midUrl(world.mids.fails, fails), token, {
      total: 50,
      daily: null,
      version: tree.version,
      cardBrands: [{ name: 'VISA', total: null, daily: 5 }],
    });
    expect([savedGlobal.statusCode, savedTree.statusCode], savedGlobal.body).toEqual([update, update]);
    if (update === 200) {
      expect((await readGlobal(fails)).version).toBe(global.version + 1);
      expect((await readMid(world.mids.fails, fails)).version).toBe(tree.version + 1);
    } else {
      expect(await storedLimits()).toEqual(before);
    }

    const allowed = alert === 200;
    const limitId = global.limitId!;
    expect((await call('PUT', alertUrl(limitId), token, { percentage: 0.9 })).statusCode).toBe(alert);
    expect((await readGlobal(fails)).alert).toEqual(allowed ? { percentage: 0.9 } : null);
    if (!allowed) await call('PUT', alertUrl(limitId), adminToken, { percentage: 0.9 });
    expect((await call('DELETE', alertUrl(limitId), token)).statusCode).toBe(alert);
    expect((await readGlobal(fails)).alert).toEqual(allowed ? null : { percentage: 0.9 });
    if (!allowed) await call('DELETE', alertUrl(limitId), adminToken);
  });

  it('answers 404 to a user of another account, on every call', async () => {
    const otherAccount = await createAccount(t.db);
    const { token } = await signedInAs(t, 'ADMINISTRATOR', otherAccount);
    const { limitId } = await readGlobal(cardsEu);
    const before = await storedLimits();
    expect((await call('GET', globalUrl(cardsEu), token)).statusCode).toBe(404);
    expect((await call('PUT', globalUrl(cardsEu), token, { total: 1, daily: null, version: 2 })).statusCode).toBe(404);
    expect((await call('GET', midUrl(world.mids.adyen), token)).statusCode).toBe(404);
    expect((await call('PUT', midUrl(world.mids.adyen), token, { total: 1, daily: null, version: 0 })).statusCode).toBe(
      404,
    );
    expect((await call('PUT', alertUrl(limitId!), token, { percentage: 0.5 })).statusCode).toBe(404);
    expect((await call('DELETE', alertUrl(limitId!), token)).statusCode).toBe(404);
    expect(await storedLimits()).toEqual(before);
  });
});
