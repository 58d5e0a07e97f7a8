import { loadConfig } from '@server/config';
import { type Database, openDatabase } from '@server/db/client';
import { rateLimits } from '@server/db/schema';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createAccount,
  createUser,
  DEFAULT_PASSWORD,
  type TestApp,
  uniqueEmail,
} from './helpers/test-app';

// Sign-in rate limits (README, Rate limiting): failures are counted in the database before the password is checked,
// so they hold for sequential, parallel and multi-process attempts alike. These clients carry no device cookie
// (unknown devices); auth-device-cookie.test.ts covers known devices.

const WRONG = 'Wrong-password-1';

type Response = Awaited<ReturnType<FastifyInstance['inject']>>;

const statuses = (responses: Response[]) =>
  responses.reduce<Record<number, number>>((count, response) => {
    count[response.statusCode] = (count[response.statusCode] ?? 0) + 1;
    return count;
  }, {});

function loginOn(app: FastifyInstance, username: string, password: string, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username, password, accountId: 'LIMITS' },
    remoteAddress,
  });
}

/** Every refusal is the sign-in error with a Retry-After the client can wait for. */
function expectRefusals(responses: Response[]) {
  for (const refused of responses.filter((response) => response.statusCode === 429)) {
    expect(refused.json()).toMatchObject({ error: 'invalid-login-credentials', message: 'Invalid login credentials' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  }
}

describe('sign-in rate limits, one at a time', () => {
  // Small limits so the tests stay short: 3 failures per identity, 5 per address, in a 60-second window.
  let t: TestApp;
  let accountId: string;
  const login = (username: string, password: string, remoteAddress: string) =>
    loginOn(t.app, username, password, remoteAddress);
  const newUser = () =>
    createUser(t.db, { email: uniqueEmail('limit'), role: 'VIEWER', type: 'ACCOUNT', accountIds: [accountId] });

  beforeAll(async () => {
    t = await buildTestApp({
      configOverrides: { loginLimit: { perIdentity: 3, perAddress: 5, perDevice: 3, windowSeconds: 60 } },
    });
    accountId = (await createAccount(t.db, { shortId: 'LIMITS' })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('blocks an identity after too many failures, from any address, with the sign-in error and Retry-After', async () => {
    const user = await newUser();
    for (let i = 1; i <= 3; i++) {
      expect((await login(user.email, WRONG, `198.51.100.${i}`)).statusCode).toBe(401);
    }
    t.clock.advance(10_000);
    // Even the right password is refused while blocked.
    const blocked = await login(user.email, DEFAULT_PASSWORD, '198.51.100.50');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      error: 'invalid-login-credentials',
      message: 'Invalid login credentials',
      retryAfterSeconds: 50,
    });
    expect(blocked.headers['retry-after']).toBe('50');

    // Another user is not affected.
    const other = await newUser();
    expect((await login(other.email, DEFAULT_PASSWORD, '198.51.100.51')).statusCode).toBe(200);

    t.clock.advance(50_000);
    expect((await login(user.email, DEFAULT_PASSWORD, '198.51.100.52')).statusCode).toBe(200);
  });

  it('keeps the lockout for a full window after the failure that reached the limit', async () => {
    const user = await newUser();
    expect((await login(user.email, WRONG, '198.51.104.1')).statusCode).toBe(401);
    t.clock.advance(50_000);
    expect((await login(user.email, WRONG, '198.51.104.2')).statusCode).toBe(401);
    expect((await login(user.email, WRONG, '198.51.104.3')).statusCode).toBe(401);
    // The window began 50 s ago, but the lockout runs 60 s from the third failure.
    t.clock.advance(30_000);
    const blocked = await login(user.email, DEFAULT_PASSWORD, '198.51.104.4');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('30');
    t.clock.advance(30_000);
    expect((await login(user.email, DEFAULT_PASSWORD, '198.51.104.5')).statusCode).toBe(200);
  });

  it('counts the e-mail case-insensitively', async () => {
    const user = await newUser();
    for (const [i, email] of [user.email, user.email.toUpperCase(), ` ${user.email} `].entries()) {
      await login(email, WRONG, `198.51.101.${i}`);
    }
    expect((await login(user.email, DEFAULT_PASSWORD, '198.51.101.9')).statusCode).toBe(429);
    t.clock.advance(61_000);
  });

  it('blocks an address that tries many identities, and only that address', async () => {
    const address = '203.0.113.7';
    for (let i = 0; i < 5; i++) {
      expect((await login(uniqueEmail('guess'), WRONG, address)).statusCode).toBe(401);
    }
    const user = await newUser();
    const blocked = await login(user.email, DEFAULT_PASSWORD, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('invalid-login-credentials');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(user.email, DEFAULT_PASSWORD, '203.0.113.8')).statusCode).toBe(200);
    t.clock.advance(61_000);
  });

  it('counts successful sign-ins against neither limit', async () => {
    const user = await newUser();
    for (let i = 0; i < 8; i++) {
      expect((await login(user.email, DEFAULT_PASSWORD, '203.0.113.20')).statusCode).toBe(200);
    }
  });

  it('does not forgive failures after a successful sign-in', async () => {
    const user = await newUser();
    await login(user.email, WRONG, '198.51.102.1');
    await login(user.email, WRONG, '198.51.102.2');
    expect((await login(user.email, DEFAULT_PASSWORD, '198.51.102.3')).statusCode).toBe(200);
    await login(user.email, WRONG, '198.51.102.4');
    expect((await login(user.email, DEFAULT_PASSWORD, '198.51.102.5')).statusCode).toBe(429);
  });

  it('limits the admin sign-in as well', async () => {
    const staff = await createUser(t.db, { email: uniqueEmail('staff'), role: 'PROVIDER_SUPPORT', type: 'INTERNAL' });
    const admin = (password: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/admin/login',
        payload: { username: staff.email, password },
        remoteAddress: `198.51.103.${i}`,
      });
    for (let i = 0; i < 3; i++) expect((await admin(WRONG, i)).statusCode).toBe(401);
    expect((await admin(DEFAULT_PASSWORD, 9)).statusCode).toBe(429);
  });

  it('sweeps counters whose window has passed, so guessed e-mails do not pile up', async () => {
    for (let i = 0; i < 4; i++) await login(uniqueEmail('guess'), WRONG, `198.51.105.${i}`);
    const live = async () => (await t.db.select().from(rateLimits)).length;
    expect(await live()).toBeGreaterThan(8);
    t.clock.advance(61_000);
    await login(uniqueEmail('guess'), WRONG, '198.51.105.99');
    // Only the two counters of that last attempt are left: its identity and its address.
    expect(await live()).toBe(2);
  });
});

describe('sign-in rate limits under parallel attempts', () => {
  // The default limits: 5 failures per identity, 20 per address.
  let t: TestApp;
  let accountId: string;
  const limits = loadConfig({}).loginLimit;

  beforeAll(async () => {
    t = await buildTestApp();
    accountId = (await createAccount(t.db, { shortId: 'LIMITS' })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`lets exactly ${limits.perIdentity} of 30 parallel wrong passwords for one user reach the password check`, async () => {
    const user = await createUser(t.db, { role: 'VIEWER', type: 'ACCOUNT', accountIds: [accountId] });
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => loginOn(t.app, user.email, WRONG, `198.18.0.${i + 1}`)),
    );
    expect(statuses(responses)).toEqual({ 401: limits.perIdentity, 429: 30 - limits.perIdentity });
    expectRefusals(responses);
    expect((await loginOn(t.app, user.email, DEFAULT_PASSWORD, '198.18.0.99')).statusCode).toBe(429);
  });

  it(`lets exactly ${limits.perAddress} of 40 parallel unknown e-mails from one address reach the check`, async () => {
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => loginOn(t.app, uniqueEmail('guess'), WRONG, '198.18.1.1')),
    );
    expect(statuses(responses)).toEqual({ 401: limits.perAddress, 429: 40 - limits.perAddress });
    expectRefusals(responses);
  });

  it('refuses a request over one limit without counting it against the other', async () => {
    const user = await createUser(t.db, { role: 'VIEWER', type: 'ACCOUNT', accountIds: [accountId] });
    // 30 at once for one user from one address: the identity refuses 25, and those never reach the address count.
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => loginOn(t.app, user.email, WRONG, '198.18.2.1')),
    );
    expect(statuses(responses)).toEqual({ 401: limits.perIdentity, 429: 30 - limits.perIdentity });
    const others = await Promise.all(
      Array.from({ length: 20 }, () => loginOn(t.app, uniqueEmail('guess'), WRONG, '198.18.2.1')),
    );
    expect(statuses(others)).toEqual({
      401: limits.perAddress - limits.perIdentity,
      429: 20 - (limits.perAddress - limits.perIdentity),
    });
  });
});

const PG = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG)('sign-in rate limits across two processes on one PostgreSQL', () => {
  // Two API instances, each with its own connection pool, on the same database: what two processes behind a load
  // balancer are to the limiter.
  let first: TestApp;
  let second: TestApp;
  let secondDatabase: Database;
  let accountId: string;
  const limits = loadConfig({}).loginLimit;

  beforeAll(async () => {
    first = await buildTestApp();
    const result = await first.db.execute(sql`select current_database() as name`);
    const url = new URL(PG!);
    url.pathname = `/${(result as unknown as { rows: { name: string }[] }).rows[0]!.name}`;
    secondDatabase = await openDatabase({ url: url.toString(), poolSize: 5 });
    second = await buildTestApp({ database: secondDatabase });
    accountId = (await createAccount(first.db, { shortId: 'LIMITS' })).id;
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await first?.close();
  });

  const apps = () => [first.app, second.app];

  it('counts 30 wrong passwords for one user split over both: exactly the limit reach the check', async () => {
    const user = await createUser(first.db, { role: 'VIEWER', type: 'ACCOUNT', accountIds: [accountId] });
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => loginOn(apps()[i % 2]!, user.email, WRONG, `198.18.3.${i + 1}`)),
    );
    expect(statuses(responses)).toEqual({ 401: limits.perIdentity, 429: 30 - limits.perIdentity });
    expectRefusals(responses);
    // Both processes see the lockout.
    for (const app of apps())
      expect((await loginOn(app, user.email, DEFAULT_PASSWORD, '198.18.3.99')).statusCode).toBe(429);
  });

  it('counts 40 unknown e-mails from one address split over both: exactly the limit reach the check', async () => {
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => loginOn(apps()[i % 2]!, uniqueEmail('guess'), WRONG, '198.18.4.1')),
    );
    expect(statuses(responses)).toEqual({ 401: limits.perAddress, 429: 40 - limits.perAddress });
    expectRefusals(responses);
  });
});
