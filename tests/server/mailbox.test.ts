import { randomUUID } from 'node:crypto';
import { type MailboxList, mailboxList, mailboxMessageDetail } from '@domain/contract/mailbox';
import { loadConfig } from '@server/config';
import { roles } from '@server/db/schema';
import { eq } from 'drizzle-orm';
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
  type UserRow,
  uniqueEmail,
} from './helpers/test-app';

// The development mailbox (issue 11): it held every reset and invitation link and answered anyone, so
// `POST /user/admin/forgot` + `GET /mailbox?to=admin` + `POST /user/reset` took over the provider administrator.
// Now it answers signed-in users only: provider staff read every message, anyone else only their own.

let t: TestApp;
let acme: AccountRow;
let admin: UserRow;
let accountUser: UserRow;
let staffToken: string;
let userToken: string;
let addressCounter = 0;

const from = () => `198.51.100.${++addressCounter % 250}`;
const get = (url: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api${url}`,
    remoteAddress: from(),
    ...(token ? { headers: authHeader(token) } : {}),
  });
const post = (url: string, payload: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload,
    remoteAddress: from(),
    ...(token ? { headers: authHeader(token) } : {}),
  });

const mailboxOf = async (token: string, to?: string): Promise<MailboxList> => {
  const response = await get(`/mailbox${to === undefined ? '' : `?to=${encodeURIComponent(to)}`}`, token);
  expect(response.statusCode).toBe(200);
  return mailboxList.parse(response.json());
};

beforeAll(async () => {
  t = await buildTestApp();
  acme = await createAccount(t.db, { prettyName: 'Acme', shortId: 'ACME' });
  // The provider administrator of the attack, and a second provider-staff user who reads the mailbox.
  admin = await createUser(t.db, { role: 'PROVIDER_ADMINISTRATOR', type: 'INTERNAL', email: 'admin@ops.example' });
  const support = await createUser(t.db, {
    role: 'PROVIDER_SUPPORT',
    type: 'INTERNAL',
    email: `support-${randomUUID().slice(0, 8)}@ops.example`,
  });
  staffToken = (await signIn(t.app, { email: support.email })).token;
  accountUser = await createUser(t.db, {
    role: 'ADMINISTRATOR',
    type: 'ACCOUNT',
    accountIds: [acme.id],
    email: uniqueEmail('acme-admin'),
  });
  userToken = (await signIn(t.app, { email: accountUser.email, accountId: acme.shortId })).token;
});

afterAll(async () => {
  await t?.close();
});

describe('the takeover of the provider administrator', () => {
  it('fails at the second step without signing in: the mailbox answers 401', async () => {
    expect((await post('/user/admin/forgot', { email: 'admin@ops.example' })).statusCode).toBe(200);

    const list = await get('/mailbox?to=admin@ops.example');
    expect(list.statusCode).toBe(401);
    expect(list.json()).toMatchObject({ statusCode: 401, error: 'missing-token' });
    expect(list.body).not.toContain('/password/reset/');

    // Nor does any message open by id.
    const [message] = (await mailboxOf(staffToken, 'admin@ops.example')).items;
    expect(message).toBeDefined();
    const detail = await get(`/mailbox/${message!.id}`);
    expect(detail.statusCode).toBe(401);
    expect(detail.body).not.toContain('/password/reset/');
  });

  it('fails at the second step as an account user: no message for the administrator, and its id is 404', async () => {
    expect((await post('/user/admin/forgot', { email: 'admin@ops.example' })).statusCode).toBe(200);

    expect((await mailboxOf(userToken, 'admin@ops.example')).items).toEqual([]);
    const everything = await mailboxOf(userToken);
    expect(everything.items.map((item) => item.to.toLowerCase())).not.toContain('admin@ops.example');

    const [message] = (await mailboxOf(staffToken, 'admin@ops.example')).items;
    const detail = await get(`/mailbox/${message!.id}`, userToken);
    expect(detail.statusCode).toBe(404);
    expect(detail.json()).toMatchObject({ statusCode: 404, error: 'resource-not-found' });
    expect(detail.body).not.toContain('/password/reset/');
  });

  it('lets provider staff read the link, which still works (the mailbox is useful, not just closed)', async () => {
    expect((await post('/user/admin/forgot', { email: 'admin@ops.example' })).statusCode).toBe(200);
    const [message] = (await mailboxOf(staffToken, 'admin@ops.example')).items;
    expect(message).toMatchObject({ to: 'admin@ops.example', kind: 'reset' });

    const detail = await get(`/mailbox/${message!.id}`, staffToken);
    expect(detail.statusCode).toBe(200);
    const body = mailboxMessageDetail.parse(detail.json());
    expect(body).toMatchObject({ id: message!.id, status: 'kept' });
    expect(body.html).toContain(`href="${message!.links[0]!.url.replaceAll('&', '&amp;')}"`);

    const token = message!.links[0]!.url.match(/\/password\/reset\/([A-Za-z0-9_-]+)/)![1]!;
    const password = 'Taken-over-2027!';
    expect((await post('/user/reset', { password, token })).statusCode).toBe(200);
    await signIn(t.app, { email: admin.email, password });
  });
});

describe('invitations', () => {
  it('are read by provider staff and by the invitee once signed in, never by anyone else', async () => {
    const [viewer] = await t.db.select().from(roles).where(eq(roles.name, 'VIEWER'));
    const email = uniqueEmail('invitee');
    const created = await post(
      '/user',
      {
        userType: 'ACCOUNT',
        firstName: 'Ivy',
        lastName: 'Invitee',
        jobTitle: 'Analyst',
        email,
        roleId: viewer!.id,
        accountId: acme.id,
      },
      userToken,
    );
    expect(created.statusCode).toBe(201);

    const unauthenticated = await get(`/mailbox?to=${encodeURIComponent(email)}`);
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.body).not.toContain('/password/new/');

    // The account administrator who sent the invitation does not read it either: it is not addressed to them.
    expect((await mailboxOf(userToken, email)).items).toEqual([]);

    const [invitation] = (await mailboxOf(staffToken, email)).items;
    expect(invitation).toMatchObject({ to: email, kind: 'invitation', subject: 'Create your Password' });
    expect((await get(`/mailbox/${invitation!.id}`, userToken)).statusCode).toBe(404);

    // The invitee activates through the link; signed in, they read the mail addressed to them, and only that.
    const token = invitation!.links[0]!.url.match(/\/password\/new\/([A-Za-z0-9_-]+)/)![1]!;
    expect((await post('/user/reset', { password: DEFAULT_PASSWORD, token })).statusCode).toBe(200);
    const inviteeToken = (await signIn(t.app, { email, accountId: acme.shortId })).token;
    const own = await mailboxOf(inviteeToken);
    expect(own.items.map((item) => item.id)).toContain(invitation!.id);
    expect(new Set(own.items.map((item) => item.to))).toEqual(new Set([email]));
    expect((await get(`/mailbox/${invitation!.id}`, inviteeToken)).statusCode).toBe(200);
    // Case does not matter in the address the user signed in with.
    expect((await mailboxOf(inviteeToken, email.toUpperCase())).items.length).toBe(own.items.length);
  });
});

describe('provider staff', () => {
  it('read every message, newest first, and 404 for an id that is not a message', async () => {
    const { items, count } = await mailboxOf(staffToken);
    expect(count).toBe(items.length);
    expect(new Set(items.map((item) => item.to)).size).toBeGreaterThan(1);
    const times = items.map((item) => Date.parse(item.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await get('/mailbox/nope', staffToken)).statusCode).toBe(404);
    expect((await get(`/mailbox/${randomUUID()}`, staffToken)).statusCode).toBe(404);
  });
});

describe('where the mailbox does not exist', () => {
  it.each([
    ['SMTP_URL is set', { SMTP_URL: 'smtp://127.0.0.1:1' }],
    ['NODE_ENV=production', { NODE_ENV: 'production' }],
    ['MAILBOX=off', { MAILBOX: 'off' }],
  ])('has no routes and says mailbox:false when %s', async (_case, env) => {
    const config = loadConfig(env);
    const other = await buildTestApp({
      configOverrides: { smtpUrl: config.smtpUrl, runtime: config.runtime },
      database: t.database,
    });
    try {
      expect((await other.app.inject({ method: 'GET', url: '/config.json' })).json()).toMatchObject({ mailbox: false });
      const staff = await createUser(t.db, {
        role: 'PROVIDER_ADMINISTRATOR',
        type: 'INTERNAL',
        email: `staff-${randomUUID().slice(0, 8)}@ops.example`,
      });
      const token = (await signIn(other.app, { email: staff.email })).token;
      for (const url of ['/api/mailbox', '/api/mailbox?to=admin@ops.example', `/api/mailbox/${randomUUID()}`]) {
        const response = await other.app.inject({ method: 'GET', url, headers: authHeader(token) });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toMatchObject({
          error: 'resource-not-found',
          message: expect.stringMatching(/^No route/),
        });
      }
    } finally {
      await other.close();
    }
  });

  it('is there by default (no SMTP, not production) and says mailbox:true', async () => {
    expect(loadConfig({}).runtime.mailbox).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/config.json' })).json()).toMatchObject({ mailbox: true });
  });
});
