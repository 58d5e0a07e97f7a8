import { ROUTE_MESSAGES } from '@domain/contract/routes';
import { messageFor } from '@domain/errors';
import { acquirers, mids, solutions } from '@server/db/schema';
import { integrityConflictOf } from '@server/lib/db-errors';
import { registerErrorHandler } from '@server/plugins/errors';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
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

// Writes that name a row another request deletes at the same moment (issue 23): the check saw the row, the delete
// committed, and the foreign key refused the insert. That answered 500 on PostgreSQL (a MID on a solution being
// removed: 10 of 10; a route on a MID being deleted: 3 of 10; a MID's first limit while the MID is deleted: 7 of 10).
// Each race now answers what the same two requests one after the other would: 400 naming the field, 404 for a
// deleted MID, 409 for the delete that lost. PGlite runs one transaction at a time, so there the rounds only check
// the answers; the races themselves happen on PostgreSQL (TEST_DATABASE_URL).

const ROUNDS = 20;

let t: TestApp;
let account: AccountRow;
let merchant: MerchantRow;
let staffToken: string;
let adyenId: string;
let cardsEu: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: authHeader(staffToken), ...(payload ? { payload } : {}) });

const midPayload = (solutionId: string) => ({
  acquirerId: adyenId,
  solutionId,
  midAcquirerId: 'ADY-RACE',
  description: 'Race MID',
  currency: ['EUR'],
  customConfig: { merchantAccount: 'RaceECOM', apiKey: 'race-api-key' },
});

async function solutionNamed(name: string): Promise<string> {
  const [row] = await t.db
    .insert(solutions)
    .values({ accountId: account.id, acquirerId: adyenId, prettyName: name })
    .returning({ id: solutions.id });
  return row!.id;
}

async function newMid(): Promise<string> {
  const response = await call('POST', `/merchant/${merchant.id}/mid`, midPayload(cardsEu));
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { midId: string }).midId;
}

/** The account's solutions as the wizard sends them back, without `drop`, on the version it read. */
async function accountWithout(drop: string) {
  const read = await call('GET', `/account/${account.id}`);
  const current = read.json() as {
    prettyName: string;
    version: number;
    providers: { acquirerId: string; solutions: { prettyName: string }[] }[];
  };
  return {
    prettyName: current.prettyName,
    version: current.version,
    acquirers: current.providers.map((provider) => ({
      id: provider.acquirerId,
      solutions: provider.solutions.map((solution) => solution.prettyName).filter((name) => name !== drop),
    })),
  };
}

const outcome = (response: { statusCode: number; json(): unknown }) => {
  const body = response.statusCode >= 400 ? (response.json() as { error?: string; fields?: object }) : {};
  return { status: response.statusCode, error: body.error, fields: body.fields };
};

beforeAll(async () => {
  t = await buildTestApp();
  account = await createAccount(t.db, { prettyName: 'Races' });
  merchant = await createMerchant(t.db, account.id);
  const [adyen] = await t.db
    .insert(acquirers)
    .values({ prettyName: 'Adyen' })
    .onConflictDoUpdate({ target: acquirers.prettyName, set: { prettyName: 'Adyen' } })
    .returning({ id: acquirers.id });
  adyenId = adyen!.id;
  staffToken = (await signedInAs(t, 'PROVIDER_ADMINISTRATOR', account)).token;
  const provider = await call('PUT', `/account/${account.id}`, {
    prettyName: 'Races',
    version: account.version,
    acquirers: [{ id: adyenId, solutions: ['Cards EU'] }],
  });
  expect(provider.statusCode, provider.body).toBe(200);
  const [row] = await t.db
    .select({ id: solutions.id })
    .from(solutions)
    .where(and(eq(solutions.accountId, account.id), eq(solutions.prettyName, 'Cards EU')));
  cardsEu = row!.id;
});

afterAll(async () => {
  await t?.close();
});

describe('a write racing the delete of a row it names', () => {
  it('a MID on a solution removed before it names the solution, the answer the race now gives', async () => {
    const solutionId = await solutionNamed('Removed');
    const removed = await call('PUT', `/account/${account.id}`, await accountWithout('Removed'));
    expect(removed.statusCode, removed.body).toBe(200);
    const created = await call('POST', `/merchant/${merchant.id}/mid`, midPayload(solutionId));
    expect(outcome(created)).toEqual({
      status: 400,
      error: 'form-not-validated',
      fields: { solutionId: 'Choose a solution of this provider' },
    });
  });

  it('a MID created on a solution being removed: 400 naming the solution, or the removal refused (409)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const name = `Going ${round}`;
      const solutionId = await solutionNamed(name);
      const removal = await accountWithout(name);
      const [created, removed] = await Promise.all([
        call('POST', `/merchant/${merchant.id}/mid`, midPayload(solutionId)),
        call('PUT', `/account/${account.id}`, removal),
      ]);
      const answers = { mid: outcome(created), account: outcome(removed) };
      if (created.statusCode === 201) {
        // The MID won: the solution stays, and the removal says why.
        expect(answers.account, `round ${round}`).toMatchObject({ status: 409, error: 'account-in-use' });
      } else {
        expect(answers, `round ${round}`).toEqual({
          mid: {
            status: 400,
            error: 'form-not-validated',
            fields: { solutionId: 'Choose a solution of this provider' },
          },
          account: { status: 200, error: undefined, fields: undefined },
        });
      }
    }
  });

  it('a route saved while its MID is deleted: 400 on the MID field, or the delete refused (409 mids-in-use)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const midId = await newMid();
      const [saved, deleted] = await Promise.all([
        call('POST', `/merchant/${merchant.id}/route`, {
          routeDescription: `Race ${round}`,
          midId,
          weight: 50,
          priority: 5,
          currency: ['EUR'],
        }),
        call('DELETE', `/merchant/${merchant.id}/mid/${midId}`),
      ]);
      const answers = { route: outcome(saved), mid: outcome(deleted) };
      if (saved.statusCode === 201) {
        expect(answers.mid, `round ${round}`).toMatchObject({ status: 409, error: 'mids-in-use' });
      } else {
        expect(answers, `round ${round}`).toEqual({
          route: { status: 400, error: 'form-not-validated', fields: { midId: ROUTE_MESSAGES.midRequired } },
          mid: { status: 204, error: undefined, fields: undefined },
        });
      }
    }
  });

  it("a MID's first limit saved while the MID is deleted: saved then deleted with it, or 404", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const midId = await newMid();
      const [saved, deleted] = await Promise.all([
        call('PUT', `/merchant/${merchant.id}/psp/${cardsEu}/mid/${midId}/limit`, {
          total: 1000,
          daily: null,
          version: 0,
        }),
        call('DELETE', `/merchant/${merchant.id}/mid/${midId}`),
      ]);
      expect(outcome(deleted), `round ${round}`).toEqual({ status: 204, error: undefined, fields: undefined });
      expect([200, 404], `round ${round}: ${saved.body}`).toContain(saved.statusCode);
      if (saved.statusCode === 404) expect(saved.json().error).toBe('resource-not-found');
      expect(await t.db.select().from(mids).where(eq(mids.id, midId))).toEqual([]);
    }
  });
});

describe('an integrity error no service answers', () => {
  /** The error the database raises for `write`, as the driver hands it over. */
  const refusal = async (write: () => Promise<unknown>) => {
    try {
      await write();
    } catch (error) {
      return error;
    }
    throw new Error('the database accepted the write');
  };

  it('is a 409 with the catalogue key of the race, never a 500', async () => {
    const midId = await newMid();
    const errors = {
      'reference-removed': await refusal(() =>
        t.db.update(mids).set({ solutionId: '00000000-0000-4000-8000-000000000000' }).where(eq(mids.id, midId)),
      ),
      'record-in-use': await refusal(() => t.db.delete(solutions).where(eq(solutions.id, cardsEu))),
      'record-conflict': await refusal(() =>
        t.db.insert(solutions).values({ accountId: account.id, acquirerId: adyenId, prettyName: 'Cards EU' }),
      ),
    };
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/:key', async (request) => {
      throw errors[(request.params as { key: keyof typeof errors }).key];
    });
    for (const key of Object.keys(errors) as (keyof typeof errors)[]) {
      expect(integrityConflictOf(errors[key])).toBe(key);
      const response = await app.inject({ method: 'GET', url: `/${key}` });
      expect(response.statusCode, key).toBe(409);
      expect(response.json()).toEqual({ statusCode: 409, error: key, message: messageFor(key).header });
    }
    await app.close();
  });
});
