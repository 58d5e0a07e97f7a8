import { PERMISSIONS } from '@domain/permissions';
import { users } from '@server/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountRow,
  authHeader,
  buildTestApp,
  createAccount,
  createUser,
  DEFAULT_PASSWORD,
  signIn,
  type TestApp,
  uniqueEmail,
} from './helpers/test-app';

let t: TestApp;
let acme: AccountRow;
let globex: AccountRow;
let accountUser: Awaited<ReturnType<typeof createUser>>;
let staff: Awaited<ReturnType<typeof createUser>>;

let addressCounter = 0;
/** A fresh client address per call, so these tests never meet the per-address limit. */
const nextAddress = () => `192.0.2.${++addressCounter}`;

const decodeClaims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));

const login = (payload: Record<string, string>, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/user/login', payload, remoteAddress });
const adminLogin = (payload: Record<string, string>, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/user/admin/login', payload, remoteAddress });
const renew = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/renew', payload: { refreshToken } });
const whoAmI = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/session', headers: authHeader(token) });

beforeAll(async () => {
  t = await buildTestApp();
  acme = await createAccount(t.db, { prettyName: 'Acme', shortId: 'ACME' });
  globex = await createAccount(t.db, { prettyName: 'Globex', shortId: 'GLOBEX' });
  accountUser = await createUser(t.db, {
    email: 'Ana.Admin@acme.example',
    role: 'ADMINISTRATOR',
    type: 'ACCOUNT',
    accountIds: [acme.id],
    firstName: 'Ana',
    lastName: 'Admin',
  });
  staff = await createUser(t.db, {
    email: 'sam.staff@ops.example',
    role: 'PROVIDER_ADMINISTRATOR',
    type: 'INTERNAL',
    accountIds: [acme.id, globex.id],
    firstName: 'Sam',
    lastName: 'Staff',
  });
});

afterAll(async () => {
  await t?.close();
});

describe('account sign-in', () => {
  it('accepts the short ID in any case and answers with a session for that one account', async () => {
    const response = await login({ username: 'ana.admin@acme.example', password: DEFAULT_PASSWORD, accountId: 'acme' });
    expect(response.statusCode).toBe(200);
    const session = response.json();
    expect(session).toMatchObject({
      isProviderStaff: false,
      allAllowed: false,
      email: accountUser.email,
      userId: accountUser.id,
      fullName: 'Ana Admin',
      accounts: [{ accountId: acme.id, shortId: 'ACME', prettyName: 'Acme' }],
      expiresIn: t.config.accessTokenTtlSeconds,
    });
    expect(session.permissions).toContain(PERMISSIONS.merchantRead);
    expect(session.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The token itself carries the provider-staff flag and the permissions (spec 1, section 3).
    expect(decodeClaims(session.token)).toMatchObject({
      sub: accountUser.id,
      pst: false,
      perms: session.permissions,
      all: false,
    });
  });

  it('accepts the account identifier instead of the short ID', async () => {
    const session = await signIn(t.app, { email: accountUser.email, accountId: acme.id });
    expect(session.accounts.map((account) => account.accountId)).toEqual([acme.id]);
  });

  it('stamps the user last activity at sign-in', async () => {
    t.clock.advance(5_000);
    await signIn(t.app, { email: accountUser.email, accountId: 'ACME' });
    const [row] = await t.db.select().from(users).where(eq(users.id, accountUser.id));
    expect(row!.lastActivity!.getTime()).toBe(t.clock.now());
  });

  it('requires username, password and account ID', async () => {
    const response = await login({ username: 'not-an-email', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'form-not-validated',
      fields: { username: 'Enter a valid email address', password: 'Required field', accountId: expect.any(String) },
    });
  });
});

describe('every refused sign-in answers the same 401', () => {
  it.each([
    ['a wrong password', () => ({ username: accountUser.email, password: 'Wrong-password-1', accountId: 'ACME' })],
    ['an unknown e-mail', () => ({ username: 'nobody@acme.example', password: DEFAULT_PASSWORD, accountId: 'ACME' })],
    [
      'an account the user is not linked to',
      () => ({ username: accountUser.email, password: DEFAULT_PASSWORD, accountId: 'GLOBEX' }),
    ],
    [
      'an account that does not exist',
      () => ({ username: accountUser.email, password: DEFAULT_PASSWORD, accountId: 'NOPE' }),
    ],
    [
      'a provider staff user on the account sign-in',
      () => ({ username: staff.email, password: DEFAULT_PASSWORD, accountId: 'ACME' }),
    ],
  ])('%s', async (_case, payload) => {
    const response = await login(payload());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      error: 'invalid-login-credentials',
      message: 'Invalid login credentials',
    });
  });

  it.each(['INVITED', 'DEACTIVATED', 'DELETED'] as const)('a %s user with the right password', async (status) => {
    const user = await createUser(t.db, {
      email: uniqueEmail(status.toLowerCase()),
      role: 'VIEWER',
      type: 'ACCOUNT',
      accountIds: [acme.id],
      status,
    });
    const response = await login({ username: user.email, password: DEFAULT_PASSWORD, accountId: 'ACME' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('invalid-login-credentials');
  });
});

describe('admin sign-in', () => {
  it('signs provider staff in with every linked account and the all-allowed flag', async () => {
    const response = await adminLogin({ username: 'SAM.STAFF@ops.example', password: DEFAULT_PASSWORD });
    expect(response.statusCode).toBe(200);
    const session = response.json();
    expect(session).toMatchObject({ isProviderStaff: true, allAllowed: true, fullName: 'Sam Staff' });
    expect(session.accounts.map((account: { shortId: string }) => account.shortId)).toEqual(['ACME', 'GLOBEX']);
    expect(decodeClaims(session.token)).toMatchObject({ pst: true, all: true });
  });

  it('refuses an account user even with the right password', async () => {
    const response = await adminLogin({ username: accountUser.email, password: DEFAULT_PASSWORD });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('invalid-login-credentials');
  });

  it('refuses a wrong staff password', async () => {
    const response = await adminLogin({ username: staff.email, password: 'Wrong-password-1' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('invalid-login-credentials');
  });
});

describe('one active session per user', () => {
  it("ends the first session when the user signs in again; the first one's next call says so", async () => {
    const first = await signIn(t.app, { email: accountUser.email, accountId: 'ACME' });
    expect((await whoAmI(first.token)).statusCode).toBe(200);
    const second = await signIn(t.app, { email: accountUser.email, accountId: 'ACME' });

    const stale = await whoAmI(first.token);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error).toBe('session-opened-another-device');
    const staleRenewal = await renew(first.refreshToken);
    expect(staleRenewal.statusCode).toBe(401);
    expect(staleRenewal.json().error).toBe('session-opened-another-device');

    const current = await whoAmI(second.token);
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ userId: accountUser.id, accounts: [{ accountId: acme.id }] });
  });
});

describe('linked accounts', () => {
  // The links are read again only when their version moved (plugins/auth.ts); a trigger moves it whoever writes, so
  // a change made outside the API (an import, another process, a deleted account's cascade) applies at the next call.
  const linkedShortIds = async (token: string) =>
    (await whoAmI(token)).json().accounts.map((account: { shortId: string }) => account.shortId);
  const merchantsOf = (token: string, accountId: string) =>
    t.app.inject({ method: 'GET', url: `/api/account/${accountId}/merchant`, headers: authHeader(token) });

  it('applies a link removed, added or moved in the database at the next call, with the same token', async () => {
    const initech = await createAccount(t.db, { prettyName: 'Initech' });
    const user = await createUser(t.db, {
      email: uniqueEmail('linked'),
      role: 'PROVIDER_ADMINISTRATOR',
      type: 'INTERNAL',
      accountIds: [acme.id, globex.id],
    });
    const { token } = await signIn(t.app, { email: user.email });
    expect(await linkedShortIds(token)).toEqual(['ACME', 'GLOBEX']);
    expect((await merchantsOf(token, globex.id)).statusCode).toBe(200);

    await t.db.execute(sql`delete from user_accounts where user_id = ${user.id} and account_id = ${globex.id}`);
    expect((await merchantsOf(token, globex.id)).statusCode).toBe(404);
    expect(await linkedShortIds(token)).toEqual(['ACME']);

    await t.db.execute(sql`update user_accounts set account_id = ${initech.id} where user_id = ${user.id}`);
    expect((await merchantsOf(token, acme.id)).statusCode).toBe(404);
    expect((await merchantsOf(token, initech.id)).statusCode).toBe(200);

    await t.db.execute(sql`insert into user_accounts (user_id, account_id) values (${user.id}, ${globex.id})`);
    expect((await merchantsOf(token, globex.id)).statusCode).toBe(200);
    expect((await linkedShortIds(token)).sort()).toEqual(['GLOBEX', initech.shortId].sort());
  });
});

describe('renewal', () => {
  it('rotates the refresh token on every use', async () => {
    const session = await signIn(t.app, { email: staff.email });
    t.clock.advance(1_000);
    const first = await renew(session.refreshToken);
    expect(first.statusCode).toBe(200);
    const renewed = first.json();
    expect(renewed.refreshToken).not.toBe(session.refreshToken);
    expect(renewed.token).not.toBe(session.token);
    expect(renewed.accounts).toHaveLength(2);
    expect((await whoAmI(renewed.token)).statusCode).toBe(200);

    const second = await renew(renewed.refreshToken);
    expect(second.statusCode).toBe(200);
  });

  it('treats a reused refresh token as stolen: the whole session ends', async () => {
    const session = await signIn(t.app, { email: staff.email });
    const renewed = (await renew(session.refreshToken)).json();

    const replay = await renew(session.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe('session-expired');

    // The legitimate holder of the newer tokens is signed out too.
    const call = await whoAmI(renewed.token);
    expect(call.statusCode).toBe(401);
    expect(call.json().error).toBe('session-expired');
    expect((await renew(renewed.refreshToken)).statusCode).toBe(401);
  });

  it('refuses an unknown refresh token and a missing one', async () => {
    const unknown = await renew('x'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toBe('session-expired');
    const missing = await t.app.inject({ method: 'POST', url: '/api/user/renew', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('refreshToken');
  });

  it('refuses renewal once the session has expired', async () => {
    const session = await signIn(t.app, { email: staff.email });
    t.clock.advance(t.config.sessionTtlSeconds * 1000 + 1_000);
    const late = await renew(session.refreshToken);
    expect(late.statusCode).toBe(401);
    expect(late.json().error).toBe('session-expired');
    // The access token ran out long before.
    expect((await whoAmI(session.token)).json().error).toBe('token-expired');
  });

  it('reloads permissions on renewal, so a role change applies without signing in again', async () => {
    const viewer = await createUser(t.db, {
      email: uniqueEmail('viewer'),
      role: 'VIEWER',
      type: 'ACCOUNT',
      accountIds: [acme.id],
    });
    const session = await signIn(t.app, { email: viewer.email, accountId: 'ACME' });
    expect(session.permissions).not.toContain(PERMISSIONS.merchantCreate);
    const [administrator] = await t.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, accountUser.id));
    await t.db.update(users).set({ roleId: administrator!.roleId }).where(eq(users.id, viewer.id));
    const renewed = (await renew(session.refreshToken)).json();
    expect(renewed.permissions).toContain(PERMISSIONS.merchantCreate);
  });

  it('ends the session of a user deactivated meanwhile', async () => {
    const user = await createUser(t.db, {
      email: uniqueEmail('leaver'),
      role: 'VIEWER',
      type: 'ACCOUNT',
      accountIds: [acme.id],
    });
    const session = await signIn(t.app, { email: user.email, accountId: 'ACME' });
    await t.db.update(users).set({ status: 'DEACTIVATED' }).where(eq(users.id, user.id));
    const response = await renew(session.refreshToken);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('session-expired');
  });
});

describe('session expiry', () => {
  let short: TestApp;

  beforeAll(async () => {
    // A session shorter than the access token, so the session (not the token) is what runs out.
    short = await buildTestApp({ configOverrides: { sessionTtlSeconds: 60, accessTokenTtlSeconds: 600 } });
    const account = await createAccount(short.db, { shortId: 'SHORT' });
    await createUser(short.db, {
      email: 'short@acme.example',
      role: 'VIEWER',
      type: 'ACCOUNT',
      accountIds: [account.id],
    });
  });
  afterAll(async () => {
    await short?.close();
  });

  it("answers 'session-expired' once the session is over, even with an unexpired token", async () => {
    const session = await signIn(short.app, { email: 'short@acme.example', accountId: 'SHORT' });
    short.clock.advance(59_000);
    expect(
      (await short.app.inject({ method: 'GET', url: '/api/user/session', headers: authHeader(session.token) }))
        .statusCode,
    ).toBe(200);
    short.clock.advance(2_000);
    const response = await short.app.inject({
      method: 'GET',
      url: '/api/user/session',
      headers: authHeader(session.token),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('session-expired');
  });
});

describe('logout', () => {
  it('ends the session: the token and the refresh token stop working', async () => {
    const session = await signIn(t.app, { email: staff.email });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: authHeader(session.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const after = await whoAmI(session.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe('session-expired');
    expect((await renew(session.refreshToken)).statusCode).toBe(401);
  });

  it('needs a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user/logout' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('missing-token');
  });
});

describe('OpenAPI document', () => {
  it('describes the sign-in calls from the shared contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    expect(paths['/api/user/login'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['username', 'password', 'accountId']),
    );
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/user/admin/login',
        '/api/user/renew',
        '/api/user/reset',
        '/api/user/{userId}/unsubscribe',
      ]),
    );
  });
});
