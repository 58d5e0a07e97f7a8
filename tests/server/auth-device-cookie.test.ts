import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountRow,
  buildTestApp,
  createAccount,
  createUser,
  DEFAULT_PASSWORD,
  type TestApp,
  uniqueEmail,
} from './helpers/test-app';

// Device cookies (OWASP, README 'Rate limiting'): a browser that signed in before keeps a signed cookie for that user,
// and is not locked out by failures from elsewhere nor by its address's limit; its own failures lock only itself.

const WRONG = 'Wrong-password-1';
const YEAR_MS = 365 * 24 * 3600 * 1000;

let t: TestApp;
let acme: AccountRow;
let address = 0;
/** A client address no other test uses. */
const nextAddress = () => `192.0.2.${++address}`;

interface Cookie {
  name: string;
  value: string;
}

type Response = Awaited<ReturnType<FastifyInstance['inject']>>;

function login(
  input: { email: string; password?: string; cookie?: Cookie; remoteAddress?: string; accountId?: string },
  app: FastifyInstance = t.app,
) {
  return app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: {
      username: input.email,
      password: input.password ?? DEFAULT_PASSWORD,
      accountId: input.accountId ?? 'ACME',
    },
    remoteAddress: input.remoteAddress ?? nextAddress(),
    ...(input.cookie ? { cookies: { [input.cookie.name]: input.cookie.value } } : {}),
  });
}

/** The device cookie a successful sign-in set. */
function deviceCookie(response: Response): Cookie {
  expect(response.statusCode, response.body).toBe(200);
  const cookies = response.cookies.filter((cookie) => cookie.name.startsWith('device_'));
  expect(cookies).toHaveLength(1);
  return { name: cookies[0]!.name, value: cookies[0]!.value };
}

const newUser = () =>
  createUser(t.db, { email: uniqueEmail('device'), role: 'VIEWER', type: 'ACCOUNT', accountIds: [acme.id] });

/** Five wrong passwords from an attacker's address: unknown devices are now locked out for this user. */
async function lockOutUnknownDevices(email: string) {
  for (let i = 0; i < 5; i++) expect((await login({ email, password: WRONG })).statusCode).toBe(401);
  expect((await login({ email })).statusCode).toBe(429);
}

beforeAll(async () => {
  t = await buildTestApp();
  acme = await createAccount(t.db, { shortId: 'ACME' });
});
afterAll(async () => {
  await t?.close();
});

describe('the device cookie', () => {
  it('is set by a successful sign-in: HttpOnly, SameSite=Strict, for the sign-in call only, for a year', async () => {
    const user = await newUser();
    const response = await login({ email: user.email });
    const [cookie] = response.cookies;
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/user/login',
      maxAge: 365 * 24 * 3600,
    });
    // The public URL is http here; Secure would keep the cookie from ever coming back.
    expect(cookie!.secure).toBeUndefined();
    // Neither the e-mail nor the user id shows in the cookie jar.
    expect(`${cookie!.name}=${cookie!.value}`).not.toContain(user.email.split('@')[0]!);
    expect(cookie!.value).not.toContain(user.id);

    const refused = await login({ email: user.email, password: WRONG });
    expect(refused.cookies).toEqual([]);
  });

  it('is Secure when the public URL is https, and limited to the admin sign-in there', async () => {
    const https = await buildTestApp({ database: t.database, configOverrides: { publicUrl: 'https://ops.example' } });
    try {
      const staff = await createUser(t.db, { email: uniqueEmail('staff'), role: 'PROVIDER_SUPPORT', type: 'INTERNAL' });
      const response = await https.app.inject({
        method: 'POST',
        url: '/api/user/admin/login',
        payload: { username: staff.email, password: DEFAULT_PASSWORD },
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.cookies[0]).toMatchObject({ secure: true, path: '/api/user/admin/login', sameSite: 'Strict' });
    } finally {
      await https.close();
    }
  });
});

describe('failures from elsewhere', () => {
  it('lock unknown devices out, even with the right password, while the user’s browser still signs in', async () => {
    const user = await newUser();
    const browser = deviceCookie(await login({ email: user.email, remoteAddress: '198.51.100.10' }));

    await lockOutUnknownDevices(user.email);
    const elsewhere = await login({ email: user.email, remoteAddress: '198.51.100.11' });
    expect(elsewhere.statusCode).toBe(429);
    expect(Number(elsewhere.headers['retry-after'])).toBeGreaterThan(0);

    const home = await login({ email: user.email, cookie: browser, remoteAddress: '198.51.100.10' });
    expect(home.statusCode).toBe(200);
    // The same browser on another network is the same device.
    const travelling = await login({ email: user.email, cookie: deviceCookie(home), remoteAddress: '203.0.113.99' });
    expect(travelling.statusCode).toBe(200);
  });

  it('do not lock out a known device behind an address that reached its limit', async () => {
    const shared = '203.0.113.50';
    const user = await newUser();
    const browser = deviceCookie(await login({ email: user.email, remoteAddress: shared }));
    for (let i = 0; i < 20; i++) {
      expect((await login({ email: uniqueEmail('guess'), password: WRONG, remoteAddress: shared })).statusCode).toBe(
        401,
      );
    }
    const colleague = await newUser();
    expect((await login({ email: colleague.email, remoteAddress: shared })).statusCode).toBe(429);
    expect((await login({ email: user.email, cookie: browser, remoteAddress: shared })).statusCode).toBe(200);
  });

  it('give no exemption to a tampered, forged, expired or another user’s cookie', async () => {
    const user = await newUser();
    const other = await newUser();
    const genuine = deviceCookie(await login({ email: user.email }));
    const othersCookie = deviceCookie(await login({ email: other.email }));
    await lockOutUnknownDevices(user.email);

    const [deviceId, issuedAt, signature] = genuine.value.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const forgedDevice = randomBytes(16).toString('base64url');
    const constantKey = createHmac('sha256', 'device-cookie').update(forgedDevice).digest('base64url');
    const candidates: [string, Cookie][] = [
      ['a flipped signature', { name: genuine.name, value: `${deviceId}.${issuedAt}.${flipped}` }],
      ['another device id', { name: genuine.name, value: `${forgedDevice}.${issuedAt}.${signature}` }],
      ['a later issue time', { name: genuine.name, value: `${deviceId}.${Number(issuedAt) + 1}.${signature}` }],
      ['a signature with a guessed key', { name: genuine.name, value: `${forgedDevice}.${issuedAt}.${constantKey}` }],
      ['another user’s value', { name: genuine.name, value: othersCookie.value }],
      ['another user’s cookie', othersCookie],
      ['garbage', { name: genuine.name, value: 'x'.repeat(200) }],
    ];
    for (const [what, cookie] of candidates) {
      expect((await login({ email: user.email, cookie })).statusCode, what).toBe(429);
    }
    // The genuine one still works, so the refusals above were about the cookies.
    expect((await login({ email: user.email, cookie: genuine })).statusCode).toBe(200);
  });

  it('give no exemption to the cookie of the same e-mail on another account', async () => {
    const globex = await createAccount(t.db, { shortId: 'GLOBEX' });
    const user = await createUser(t.db, {
      email: uniqueEmail('two-accounts'),
      role: 'VIEWER',
      type: 'ACCOUNT',
      accountIds: [acme.id, globex.id],
    });
    const atAcme = deviceCookie(await login({ email: user.email }));
    for (let i = 0; i < 5; i++) {
      expect((await login({ email: user.email, password: WRONG, accountId: 'GLOBEX' })).statusCode).toBe(401);
    }
    const atGlobex = await login({ email: user.email, accountId: 'GLOBEX', cookie: atAcme });
    expect(atGlobex.statusCode).toBe(429);
  });

  it('give no exemption to a cookie more than a year old', async () => {
    const user = await newUser();
    const old = deviceCookie(await login({ email: user.email }));
    t.clock.advance(YEAR_MS + 60_000);
    await lockOutUnknownDevices(user.email);
    expect((await login({ email: user.email, cookie: old })).statusCode).toBe(429);
  });
});

describe("a known device's own failures", () => {
  it('lock out that device after five, and only that device', async () => {
    const user = await newUser();
    const stolen = deviceCookie(await login({ email: user.email }));
    const owner = deviceCookie(await login({ email: user.email }));
    for (let i = 0; i < 5; i++) {
      expect((await login({ email: user.email, password: WRONG, cookie: stolen })).statusCode).toBe(401);
    }
    const locked = await login({ email: user.email, cookie: stolen });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: 'invalid-login-credentials' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    // The owner's other browser and unknown devices are not affected by that device's failures.
    expect((await login({ email: user.email, cookie: owner })).statusCode).toBe(200);
    expect((await login({ email: user.email })).statusCode).toBe(200);
  });

  it('hold for parallel guesses with one cookie: exactly five reach the password check', async () => {
    const user = await newUser();
    const stolen = deviceCookie(await login({ email: user.email }));
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => login({ email: user.email, password: WRONG, cookie: stolen })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(25).fill(429)]);
    // They counted against that device, not against the user.
    expect((await login({ email: user.email })).statusCode).toBe(200);
  });
});
