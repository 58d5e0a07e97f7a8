import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createAccount,
  createUser,
  DEFAULT_PASSWORD,
  type TestApp,
  uniqueEmail,
} from './helpers/test-app';

// Small limits so the tests stay short: 3 failures per identity, 5 per address, in a 60-second window.
let t: TestApp;
let accountId: string;

const login = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username, password, accountId: 'LIMITS' },
    remoteAddress,
  });

const newUser = () =>
  createUser(t.db, { email: uniqueEmail('limit'), role: 'VIEWER', type: 'ACCOUNT', accountIds: [accountId] });

beforeAll(async () => {
  t = await buildTestApp({ configOverrides: { loginLimit: { perIdentity: 3, perAddress: 5, windowSeconds: 60 } } });
  accountId = (await createAccount(t.db, { shortId: 'LIMITS' })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('sign-in rate limits', () => {
  it('blocks an identity after too many failures, from any address, with the sign-in error and Retry-After', async () => {
    const user = await newUser();
    for (let i = 1; i <= 3; i++) {
      expect((await login(user.email, 'Wrong-password-1', `198.51.100.${i}`)).statusCode).toBe(401);
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

  it('counts the e-mail case-insensitively', async () => {
    const user = await newUser();
    for (const [i, email] of [user.email, user.email.toUpperCase(), ` ${user.email} `].entries()) {
      await login(email, 'Wrong-password-1', `198.51.101.${i}`);
    }
    expect((await login(user.email, DEFAULT_PASSWORD, '198.51.101.9')).statusCode).toBe(429);
    t.clock.advance(61_000);
  });

  it('blocks an address that tries many identities, and only that address', async () => {
    const address = '203.0.113.7';
    for (let i = 0; i < 5; i++) {
      expect((await login(uniqueEmail('guess'), 'Wrong-password-1', address)).statusCode).toBe(401);
    }
    const user = await newUser();
    const blocked = await login(user.email, DEFAULT_PASSWORD, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('invalid-login-credentials');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(user.email, DEFAULT_PASSWORD, '203.0.113.8')).statusCode).toBe(200);
    t.clock.advance(61_000);
  });

  it('does not forgive failures after a successful sign-in', async () => {
    const user = await newUser();
    await login(user.email, 'Wrong-password-1', '198.51.102.1');
    await login(user.email, 'Wrong-password-1', '198.51.102.2');
    expect((await login(user.email, DEFAULT_PASSWORD, '198.51.102.3')).statusCode).toBe(200);
    await login(user.email, 'Wrong-password-1', '198.51.102.4');
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
    for (let i = 0; i < 3; i++) expect((await admin('Wrong-password-1', i)).statusCode).toBe(401);
    expect((await admin(DEFAULT_PASSWORD, 9)).statusCode).toBe(429);
  });
});
