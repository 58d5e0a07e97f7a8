import { rateLimits } from '@server/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createAccount, createUser, type TestApp } from './helpers/test-app';

// Every sign-in and password field has an upper bound in the shared contract: over-long input is a 400 in the
// documented error shape, answered before any database work (so it is not counted, and it never reaches an index).

let t: TestApp;
let email: string;
let acmeId: string;

const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), remoteAddress: '198.51.100.1' });

const countersNow = async () => (await t.db.select().from(rateLimits)).length;

/** An address of exactly `length` characters that the e-mail rule accepts. */
const emailOfLength = (length: number) => `${'a'.repeat(length - '@acme.example'.length)}@acme.example`;

beforeAll(async () => {
  t = await buildTestApp();
  acmeId = (await createAccount(t.db, { shortId: 'ACME' })).id;
  email = (await createUser(t.db, { role: 'VIEWER', type: 'ACCOUNT', email: 'bounded@acme.example' })).email;
});
afterAll(async () => {
  await t?.close();
});

describe('over-long auth input', () => {
  const long = 'x'.repeat(9 * 1024);
  it.each([
    ['sign-in account ID', '/user/login', () => ({ username: email, password: 'p', accountId: long }), 'accountId', 64],
    [
      'sign-in e-mail',
      '/user/login',
      () => ({ username: emailOfLength(255), password: 'p', accountId: 'ACME' }),
      'username',
      254,
    ],
    [
      'sign-in password',
      '/user/login',
      () => ({ username: email, password: long, accountId: 'ACME' }),
      'password',
      256,
    ],
    [
      'admin sign-in e-mail',
      '/user/admin/login',
      () => ({ username: emailOfLength(300), password: 'p' }),
      'username',
      254,
    ],
    [
      'admin sign-in password',
      '/user/admin/login',
      () => ({ username: email, password: 'p'.repeat(257) }),
      'password',
      256,
    ],
    ['refresh token', '/user/renew', () => ({ refreshToken: long }), 'refreshToken', 128],
    ['forgot e-mail', '/user/forgot', () => ({ email: emailOfLength(255), accountId: 'ACME' }), 'email', 254],
    ['forgot account ID', '/user/forgot', () => ({ email, accountId: long }), 'accountId', 64],
    ['admin forgot e-mail', '/user/admin/forgot', () => ({ email: emailOfLength(1000) }), 'email', 254],
    ['reset token', '/user/reset', () => ({ token: long, password: 'Brand-new-pass-7' }), 'token', 128],
    [
      'new password',
      '/user/reset',
      () => ({ token: 'a'.repeat(43), password: `Aa1-${'b'.repeat(253)}` }),
      'password',
      256,
    ],
  ])('%s: 400 with the field and its maximum, nothing counted', async (_what, url, payload, field, max) => {
    const before = await countersNow();
    const response = await call('POST', url, payload());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      error: 'form-not-validated',
      fields: { [field]: `Maximum ${max} characters` },
    });
    // The answer names the field, it does not repeat the input.
    expect(response.body.length).toBeLessThan(1_000);
    expect(await countersNow()).toBe(before);
  });

  it('refuses an over-long token when checking a password link', async () => {
    const response = await call('GET', `/user/password-link?token=${'t'.repeat(129)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'form-not-validated', fields: { token: 'Maximum 128 characters' } });
  });

  it('accepts input at the bounds, which goes on to the usual answers', async () => {
    const atBound = await call('POST', '/user/login', {
      username: emailOfLength(254),
      password: 'p'.repeat(256),
      accountId: 'A'.repeat(64),
    });
    expect(atBound.statusCode).toBe(401);
    expect(atBound.json().error).toBe('invalid-login-credentials');
    expect(
      (await call('POST', '/user/forgot', { email: emailOfLength(254), accountId: 'A'.repeat(64) })).statusCode,
    ).toBe(404);
  });

  it('signs in with a password of the maximum length', async () => {
    const password = `Aa1-${'b'.repeat(252)}`;
    expect(password).toHaveLength(256);
    const user = await createUser(t.db, { role: 'VIEWER', type: 'ACCOUNT', accountIds: [acmeId], password });
    const response = await call('POST', '/user/login', { username: user.email, password, accountId: 'ACME' });
    expect(response.statusCode).toBe(200);
  });
});
