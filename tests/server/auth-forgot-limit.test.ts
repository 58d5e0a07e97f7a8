import { emailOutbox } from '@server/db/schema';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createAccount, createUser, type TestApp, uniqueEmail } from './helpers/test-app';

// Forgot-password limits (README, Rate limiting): at most 3 reset e-mails per user an hour (later requests answer the
// same, send nothing and leave the last link valid), and a 429 for an address after 20 requests in the window.

const HOUR_MS = 3600 * 1000;

let t: TestApp;
let acmeId: string;
let address = 0;
const nextAddress = () => `192.0.2.${++address % 250}`;

const forgot = (email: string, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/user/forgot', payload: { email, accountId: 'ACME' }, remoteAddress });

/** The reset e-mails the user was sent, newest first (read from the outbox, the way they leave the server). */
async function resetMails(to: string) {
  return t.db
    .select({ links: emailOutbox.links })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.createdAt));
}

const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

const linkState = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/user/password-link?token=${token}` })).json().state;

const newUser = () =>
  createUser(t.db, { email: uniqueEmail('forgot'), role: 'MANAGER', type: 'ACCOUNT', accountIds: [acmeId] });

beforeAll(async () => {
  t = await buildTestApp();
  acmeId = (await createAccount(t.db, { shortId: 'ACME' })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('reset e-mails per user', () => {
  it('sends 3 of 30 requests, answers every one as usual, and keeps the last link sent valid', async () => {
    const user = await newUser();
    for (let i = 0; i < 30; i++) {
      t.clock.advance(1_000);
      const response = await forgot(user.email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    }
    const mails = await resetMails(user.email);
    expect(mails).toHaveLength(3);
    const [last, ...earlier] = mails.map((mail) => tokenOf(mail.links[0]!.url));
    expect(await linkState(last!)).toBe('valid');
    for (const token of earlier) expect(await linkState(token)).toBe('used');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/user/reset',
          payload: { token: last, password: 'Brand-new-7!' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('holds for parallel requests', async () => {
    const user = await newUser();
    const responses = await Promise.all(Array.from({ length: 30 }, () => forgot(user.email)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(30).fill(200));
    expect(await resetMails(user.email)).toHaveLength(3);
  });

  it('sends again an hour after the first e-mail', async () => {
    const user = await newUser();
    for (let i = 0; i < 4; i++) await forgot(user.email);
    expect(await resetMails(user.email)).toHaveLength(3);
    t.clock.advance(HOUR_MS);
    expect((await forgot(user.email)).statusCode).toBe(200);
    expect(await resetMails(user.email)).toHaveLength(4);
  });

  it('counts the admin and the account forgot together, per user', async () => {
    const staff = await createUser(t.db, { email: uniqueEmail('staff'), role: 'PROVIDER_SUPPORT', type: 'INTERNAL' });
    const admin = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/admin/forgot',
        payload: { email: staff.email.toUpperCase() },
        remoteAddress: nextAddress(),
      });
    for (let i = 0; i < 5; i++) expect((await admin()).statusCode).toBe(200);
    expect(await resetMails(staff.email)).toHaveLength(3);
  });
});

describe('forgot-password requests per address', () => {
  it('answers 429 after 20 requests from one address, known e-mails or not, and only there', async () => {
    const user = await newUser();
    const shared = '203.0.113.30';
    for (let i = 0; i < 10; i++) expect((await forgot(uniqueEmail('probe'), shared)).statusCode).toBe(404);
    for (let i = 0; i < 10; i++) expect((await forgot(user.email, shared)).statusCode).toBe(200);
    const refused = await forgot(user.email, shared);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, error: 'too-many-requests', message: 'Too many attempts' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await forgot(uniqueEmail('probe'), shared)).statusCode).toBe(429);

    expect((await forgot(user.email, '203.0.113.31')).statusCode).toBe(200);
  });
});
