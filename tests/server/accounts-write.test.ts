import { ACCOUNT_MESSAGES, accountAcquirerList, account as accountSchema } from '@domain/contract/accounts';
import { accountProviders, acquirers, solutions, userActivity } from '@server/db/schema';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountRow,
  authHeader,
  buildTestApp,
  createAccount,
  createMerchant,
  createUser,
  signedInAs,
  type TestApp,
} from './helpers/test-app';
import { createPaymentsWorld, insertTransaction, type PaymentsWorld } from './helpers/transaction-fixtures';

// The account writes (issue 12; spec 2, sections 2.1, 4, 5 and 8): the wizard's rules hold on the server, for every
// role, across tenants and under concurrent edits.

let t: TestApp;
let staffToken: string;
let adyen: string;
let worldpay: string;
let sandbox: string;
let busy: AccountRow;
let world: PaymentsWorld;
let other: AccountRow;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: authHeader(token), ...(payload ? { payload } : {}) });

const save = (
  prettyName: string,
  acquirers: { id: string; solutions: string[] }[],
  version?: number,
): Record<string, unknown> => ({ prettyName, acquirers, ...(version === undefined ? {} : { version }) });

async function readAccount(accountId: string, token = staffToken) {
  const response = await call('GET', `/account/${accountId}`, token);
  expect(response.statusCode).toBe(200);
  return accountSchema.parse(response.json());
}

const namesOf = (account: Awaited<ReturnType<typeof readAccount>>) =>
  Object.fromEntries(
    account.providers.map((provider) => [provider.prettyName, provider.solutions.map((s) => s.prettyName).sort()]),
  );

async function lastEntry(accountId: string) {
  const [entry] = await t.db
    .select()
    .from(userActivity)
    .where(and(eq(userActivity.resourceType, 'ACCOUNT'), eq(userActivity.resourceId, accountId)))
    .orderBy(desc(userActivity.date), desc(userActivity.id))
    .limit(1);
  return entry;
}

async function createThroughApi(name: string, acquirerList: { id: string; solutions: string[] }[]) {
  const response = await call('POST', '/account', staffToken, save(name, acquirerList));
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { accountId: string }).accountId;
}

beforeAll(async () => {
  t = await buildTestApp();
  const rows = await t.db
    .insert(acquirers)
    .values([{ prettyName: 'Adyen' }, { prettyName: 'Worldpay' }, { prettyName: 'Sandbox Acquirer' }])
    .returning();
  [adyen, worldpay, sandbox] = rows.map((row) => row.id) as [string, string, string];
  busy = await createAccount(t.db, { prettyName: 'Busy' });
  const merchant = await createMerchant(t.db, busy.id);
  // Cards EU (Adyen) and Instant, Delayed, Always Fails (sandbox) carry MIDs.
  world = await createPaymentsWorld(t.db, busy.id, merchant.id);
  await t.db.insert(accountProviders).values([
    { accountId: busy.id, acquirerId: adyen },
    { accountId: busy.id, acquirerId: sandbox },
  ]);
  await t.db.insert(solutions).values({ accountId: busy.id, acquirerId: adyen, prettyName: 'Unused' });
  other = await createAccount(t.db, { prettyName: 'Other tenant' });
  const staff = await signedInAs(t, 'PROVIDER_ADMINISTRATOR', busy);
  staffToken = staff.token;
});

afterAll(() => t.close());

describe('POST /account', () => {
  it('creates the account with a six-digit Account ID, its providers and solutions, visible to its creator', async () => {
    const accountId = await createThroughApi('Nova Payments', [
      { id: adyen, solutions: ['Cards EU', 'Recurring', 'Cards EU'] },
      { id: worldpay, solutions: [] },
    ]);
    const account = await readAccount(accountId);
    expect(account.prettyName).toBe('Nova Payments');
    expect(account.shortId).toMatch(/^\d{6}$/);
    expect(namesOf(account)).toEqual({ Adyen: ['Cards EU', 'Recurring'], Worldpay: [] });
    expect(account.providers.every((provider) => !provider.usedByMid)).toBe(true);
    expect(account.version).toBe(1);
    const entry = await lastEntry(accountId);
    expect(entry).toMatchObject({ actionType: 'INSERT', accountId });
    expect(entry!.newValue).toEqual({
      prettyName: 'Nova Payments',
      providers: { Adyen: ['Cards EU', 'Recurring'], Worldpay: [] },
    });
  });

  it("answers the wizard's messages for a long name, no provider, no solution and an unknown provider", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [save('x'.repeat(51), [{ id: adyen, solutions: ['A'] }]), 'prettyName', ACCOUNT_MESSAGES.nameTooLong],
      [save('   ', [{ id: adyen, solutions: ['A'] }]), 'prettyName', 'Required field'],
      [save('No providers', []), 'acquirers', ACCOUNT_MESSAGES.noProvider],
      [save('No solutions', [{ id: adyen, solutions: [] }]), 'acquirers', ACCOUNT_MESSAGES.noSolution],
      [
        save('Unknown', [{ id: '00000000-0000-4000-8000-000000000000', solutions: ['A'] }]),
        'acquirers.0.id',
        'Select one of the providers offered',
      ],
      [
        save('Long solution', [{ id: adyen, solutions: ['s'.repeat(51)] }]),
        'acquirers.0.solutions.0',
        ACCOUNT_MESSAGES.solutionTooLong,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('POST', '/account', staffToken, payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().fields[field], field).toBe(message);
    }
  });

  it('keeps unicode and emoji names as typed, counted against the limit of 50', async () => {
    const name = 'Café Zürich 支払い 💳';
    const accountId = await createThroughApi(name, [{ id: adyen, solutions: ['Tarjetas ñ', '🧾 Invoices'] }]);
    expect((await readAccount(accountId)).prettyName).toBe(name);
  });

  it('gives parallel creations distinct Account IDs', async () => {
    const ids = await Promise.all(
      Array.from({ length: 8 }, (_, index) => createThroughApi(`Parallel ${index}`, [{ id: adyen, solutions: ['A'] }])),
    );
    const shortIds = await Promise.all(ids.map(async (id) => (await readAccount(id)).shortId));
    expect(new Set(shortIds).size).toBe(8);
  });

  it('is for provider staff holding account.create only', async () => {
    for (const role of ['ADMINISTRATOR', 'PAYMENTS_SPECIALIST', 'VIEWER', 'PROVIDER_SUPPORT']) {
      const { token } = await signedInAs(t, role, busy);
      const response = await call('POST', '/account', token, save('Not allowed', [{ id: adyen, solutions: ['A'] }]));
      expect(response.statusCode, role).toBe(403);
    }
  });
});

describe('PUT /account/{accountId}', () => {
  it('adds and removes solutions and providers that nothing uses, raises the version and audits the change', async () => {
    const accountId = await createThroughApi('Editable', [{ id: adyen, solutions: ['Cards EU', 'Old'] }]);
    const response = await call(
      'PUT',
      `/account/${accountId}`,
      staffToken,
      save('Editable Ltd', [{ id: worldpay, solutions: ['US Cards'] }], 1),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ accountId, changed: true });
    const account = await readAccount(accountId);
    expect(namesOf(account)).toEqual({ Worldpay: ['US Cards'] });
    expect(account.prettyName).toBe('Editable Ltd');
    expect(account.version).toBe(2);
    const entry = await lastEntry(accountId);
    expect(entry).toMatchObject({ actionType: 'UPDATE' });
    expect(entry!.oldValue).toEqual({ prettyName: 'Editable', providers: { Adyen: ['Cards EU', 'Old'] } });
    expect(entry!.newValue).toEqual({ prettyName: 'Editable Ltd', providers: { Worldpay: ['US Cards'] } });
  });

  it('writes nothing when nothing changed', async () => {
    const accountId = await createThroughApi('Unchanged', [{ id: adyen, solutions: ['A', 'B'] }]);
    const before = await lastEntry(accountId);
    const response = await call(
      'PUT',
      `/account/${accountId}`,
      staffToken,
      save('Unchanged', [{ id: adyen, solutions: ['B', 'A'] }], 1),
    );
    expect(response.json()).toEqual({ accountId, changed: false });
    expect((await readAccount(accountId)).version).toBe(1);
    expect((await lastEntry(accountId))!.id).toBe(before!.id);
  });

  it('shows the providers and solutions MIDs and payments use, and refuses to remove them (409, nothing changes)', async () => {
    const account = await readAccount(busy.id);
    const used = Object.fromEntries(
      account.providers.flatMap((provider) => provider.solutions.map((s) => [s.prettyName, s.usedByMid])),
    );
    expect(used).toMatchObject({ 'Cards EU': true, Instant: true, Unused: false });
    expect(account.providers.find((provider) => provider.prettyName === 'Adyen')!.usedByMid).toBe(true);

    const keepAllBut = (drop: string) =>
      account.providers.map((provider) => ({
        id: provider.acquirerId,
        solutions: provider.solutions.map((s) => s.prettyName).filter((name) => name !== drop),
      }));
    const withoutCards = await call(
      'PUT',
      `/account/${busy.id}`,
      staffToken,
      save('Busy', keepAllBut('Cards EU'), account.version),
    );
    expect(withoutCards.statusCode).toBe(409);
    expect(withoutCards.json().error).toBe('account-in-use');
    expect(Object.values(withoutCards.json().fields).join()).toContain('Cards EU');

    const withoutAdyen = await call(
      'PUT',
      `/account/${busy.id}`,
      staffToken,
      save(
        'Busy',
        keepAllBut('').filter((provider) => provider.id !== adyen),
        account.version,
      ),
    );
    expect(withoutAdyen.statusCode).toBe(409);
    expect(withoutAdyen.json().fields[`acquirers.${adyen}`]).toBe(ACCOUNT_MESSAGES.providerInUse);
    expect(namesOf(await readAccount(busy.id))).toEqual(namesOf(account));

    const withoutUnused = await call(
      'PUT',
      `/account/${busy.id}`,
      staffToken,
      save('Busy', keepAllBut('Unused'), account.version),
    );
    expect(withoutUnused.statusCode, withoutUnused.body).toBe(200);
  });

  it('refuses to remove a solution that only payments used (its MID moved to another solution)', async () => {
    const accountId = await createThroughApi('Paid before', [{ id: adyen, solutions: ['Legacy', 'Current'] }]);
    const merchant = await createMerchant(t.db, accountId);
    const paid = await createPaymentsWorld(t.db, accountId, merchant.id);
    const [legacy] = await t.db
      .select({ id: solutions.id })
      .from(solutions)
      .where(and(eq(solutions.accountId, accountId), eq(solutions.prettyName, 'Legacy')));
    await insertTransaction(t.db, paid, { createdAt: new Date(), solutionId: legacy!.id });
    const account = await readAccount(accountId);
    const response = await call(
      'PUT',
      `/account/${accountId}`,
      staffToken,
      save(
        'Paid before',
        account.providers.map((provider) => ({
          id: provider.acquirerId,
          solutions: provider.solutions.map((s) => s.prettyName).filter((name) => name !== 'Legacy'),
        })),
        account.version,
      ),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('account-in-use');
  });

  it("refuses a save over another editor's: the later one must reload, and no solution is lost", async () => {
    const accountId = await createThroughApi('Two editors', [{ id: adyen, solutions: ['A'] }]);
    const first = await call(
      'PUT',
      `/account/${accountId}`,
      staffToken,
      save('Two editors', [{ id: adyen, solutions: ['A', 'B'] }], 1),
    );
    expect(first.statusCode).toBe(200);
    const second = await call(
      'PUT',
      `/account/${accountId}`,
      staffToken,
      save('Two editors', [{ id: adyen, solutions: ['A', 'C'] }], 1),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('account-changed');
    expect(namesOf(await readAccount(accountId))).toEqual({ Adyen: ['A', 'B'] });
  });

  it('needs the version the wizard was opened on: without it 400 on the field, and nothing changes', async () => {
    const accountId = await createThroughApi('Versionless', [{ id: adyen, solutions: ['A'] }]);
    const before = await lastEntry(accountId);
    for (const version of [undefined, null, 0, 'one']) {
      const response = await call('PUT', `/account/${accountId}`, staffToken, {
        ...save('Versionless', [{ id: adyen, solutions: ['A', 'B'] }]),
        version,
      });
      expect(response.statusCode, String(version)).toBe(400);
      expect(response.json()).toMatchObject({ error: 'form-not-validated', fields: { version: expect.any(String) } });
    }
    expect(namesOf(await readAccount(accountId))).toEqual({ Adyen: ['A'] });
    expect((await lastEntry(accountId))!.id).toBe(before!.id);
  });

  it('lets exactly one of 20 parallel edits of a version through, round after round', async () => {
    const accountId = await createThroughApi('Parallel', [{ id: adyen, solutions: ['A'] }]);
    for (const version of [1, 2]) {
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          call(
            'PUT',
            `/account/${accountId}`,
            staffToken,
            save(`Parallel ${version}-${index}`, [{ id: adyen, solutions: ['A'] }], version),
          ),
        ),
      );
      const won = responses.flatMap((response, index) => (response.statusCode === 200 ? [index] : []));
      expect(won, responses.map((response) => response.statusCode).join()).toHaveLength(1);
      const lost = responses.filter((response) => response.statusCode === 409);
      expect(lost).toHaveLength(19);
      for (const response of lost) expect(response.json().error).toBe('account-changed');
      const account = await readAccount(accountId);
      expect(account).toMatchObject({ prettyName: `Parallel ${version}-${won[0]}`, version: version + 1 });
    }
    const updates = await t.db
      .select({ id: userActivity.id })
      .from(userActivity)
      .where(
        and(
          eq(userActivity.resourceType, 'ACCOUNT'),
          eq(userActivity.resourceId, accountId),
          eq(userActivity.actionType, 'UPDATE'),
        ),
      );
    expect(updates).toHaveLength(2);
  });

  it('lets an account administrator and a payments specialist add solutions to their own account only', async () => {
    for (const role of ['ADMINISTRATOR', 'PAYMENTS_SPECIALIST']) {
      const { token } = await signedInAs(t, role, busy);
      const account = await readAccount(busy.id, token);
      const payload = save(
        'Busy',
        account.providers.map((provider) => ({
          id: provider.acquirerId,
          solutions: [...provider.solutions.map((s) => s.prettyName), ...(provider.acquirerId === adyen ? [role] : [])],
        })),
        account.version,
      );
      expect((await call('PUT', `/account/${busy.id}`, token, payload)).statusCode, role).toBe(200);
      expect((await call('PUT', `/account/${other.id}`, token, payload)).statusCode, role).toBe(404);
    }
    for (const role of ['VIEWER', 'MANAGER', 'SUPPORT', 'PROVIDER_SUPPORT']) {
      const { token } = await signedInAs(t, role, busy);
      const response = await call(
        'PUT',
        `/account/${busy.id}`,
        token,
        save('Busy', [{ id: adyen, solutions: ['x'] }], 1),
      );
      expect(response.statusCode, role).toBe(403);
    }
  });
});

describe('DELETE /account/{accountId}', () => {
  it("refuses an account with merchants or with account users ('Can't delete account')", async () => {
    const withMerchant = await createThroughApi('Has merchant', [{ id: adyen, solutions: ['A'] }]);
    await createMerchant(t.db, withMerchant);
    const withUser = await createThroughApi('Has user', [{ id: adyen, solutions: ['A'] }]);
    await createUser(t.db, { role: 'VIEWER', type: 'ACCOUNT', accountIds: [withUser] });
    for (const accountId of [withMerchant, withUser]) {
      const response = await call('DELETE', `/account/${accountId}`, staffToken);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'cant-delete-account', message: "Can't delete account" });
      await readAccount(accountId);
    }
  });

  it('deletes an empty account with its providers and solutions, and audits it', async () => {
    const accountId = await createThroughApi('Short lived', [{ id: adyen, solutions: ['A'] }]);
    const response = await call('DELETE', `/account/${accountId}`, staffToken);
    expect(response.statusCode).toBe(204);
    expect((await call('GET', `/account/${accountId}`, staffToken)).statusCode).toBe(404);
    expect(await t.db.select().from(solutions).where(eq(solutions.accountId, accountId))).toEqual([]);
    expect(await lastEntry(accountId)).toMatchObject({ actionType: 'DELETE', newValue: null });
  });

  it("is refused to account users, and another tenant's account answers 404", async () => {
    const { token } = await signedInAs(t, 'ADMINISTRATOR', busy);
    expect((await call('DELETE', `/account/${busy.id}`, token)).statusCode).toBe(403);
    expect((await call('DELETE', `/account/${other.id}`, staffToken)).statusCode).toBe(404);
  });
});

describe('GET /account/{accountId}/acquirer and /solution', () => {
  it('lists the providers with what uses them, narrowed to a merchant or to what carried payments', async () => {
    const all = accountAcquirerList.parse(
      (await call('GET', `/account/${busy.id}/acquirer?withUsingInformation=true`, staffToken)).json(),
    );
    expect(all.items.map((provider) => provider.prettyName)).toEqual(['Adyen', 'Sandbox Acquirer']);

    await insertTransaction(t.db, world, { createdAt: new Date() });
    const carried = accountAcquirerList.parse(
      (
        await call(
          'GET',
          `/account/${busy.id}/acquirer?withSolutions=true&from=TXS&merchantId=${world.merchantId}`,
          staffToken,
        )
      ).json(),
    );
    expect(carried.items.map((provider) => provider.prettyName)).toEqual(['Adyen']);
    expect(carried.items[0]!.solutions.map((s) => s.prettyName)).toEqual(['Cards EU']);
    // The merchant's own MID is on Cards EU: a regression once answered false here for every solution.
    expect(carried.items[0]!.solutions[0]!.usedByMid).toBe(true);
    expect(carried.items[0]!.usedByMid).toBe(true);

    const otherMerchant = await createMerchant(t.db, other.id);
    const foreign = await call('GET', `/account/${busy.id}/acquirer?merchantId=${otherMerchant.id}`, staffToken);
    expect(foreign.statusCode).toBe(404);
  });

  it("lists every solution with its provider, and another tenant's answers 404", async () => {
    const response = await call('GET', `/account/${busy.id}/solution`, staffToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ prettyName: 'Cards EU', acquirerPrettyName: 'Adyen', usedByMid: true }),
      ]),
    );
    const { token } = await signedInAs(t, 'VIEWER', busy);
    expect((await call('GET', `/account/${other.id}/solution`, token)).statusCode).toBe(404);
  });
});
