import { randomUUID } from 'node:crypto';
import type { MailboxList } from '@domain/contract/mailbox';
import { createInvitation } from '@server/areas/auth/password-links';
import { emailOutbox, userActivity, users } from '@server/db/schema';
import { createMailer } from '@server/mail/outbox';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailboxReader } from './helpers/mailbox';
import {
  type AccountRow,
  authHeader,
  buildTestApp,
  createAccount,
  createUser,
  signIn,
  type TestApp,
  uniqueEmail,
} from './helpers/test-app';

let t: TestApp;
let acme: AccountRow;
let addressCounter = 0;

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress: `192.0.2.${++addressCounter % 250}` });

let mailbox: (to?: string) => Promise<MailboxList>;

/** The token of the newest link e-mailed to `to`, after checking the link's shape. */
async function latestLink(to: string, kind: 'reset' | 'new') {
  const { items } = await mailbox(to);
  const url = items[0]!.links[0]!.url;
  const match = url.match(
    /^http:\/\/localhost:3000\/password\/(reset|new)\/([A-Za-z0-9_-]+)\?exp=(\d+)&type=(reset|new)$/,
  );
  expect(match, url).not.toBeNull();
  expect(match![1]).toBe(kind);
  expect(match![4]).toBe(kind);
  return { token: match![2]!, exp: Number(match![3]), mail: items[0]! };
}

const linkState = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/user/password-link?token=${token}` })).json();

const accountUser = () =>
  createUser(t.db, { email: uniqueEmail('pwd'), role: 'MANAGER', type: 'ACCOUNT', accountIds: [acme.id] });

beforeAll(async () => {
  t = await buildTestApp();
  acme = await createAccount(t.db, { prettyName: 'Acme', shortId: 'ACME' });
  mailbox = createMailboxReader(t);
});
afterAll(async () => {
  await t?.close();
});

describe('forgot password', () => {
  it('e-mails an account user a reset link valid for 24 hours', async () => {
    const user = await accountUser();
    const response = await post('/user/forgot', { email: user.email.toUpperCase(), accountId: 'acme' });
    expect(response.statusCode).toBe(200);
    const { token, exp, mail } = await latestLink(user.email, 'reset');
    expect(exp).toBe(Math.floor(t.clock.now() / 1000) + 24 * 3600);
    expect(mail).toMatchObject({ to: user.email, kind: 'reset', subject: 'Reset your Password' });
    expect(mail.text).toContain(mail.links[0]!.url);
    expect(await linkState(token)).toMatchObject({ state: 'valid', kind: 'reset' });
  });

  it("answers 'not-existing-email' for an unknown e-mail or one of another account", async () => {
    const user = await accountUser();
    await createAccount(t.db, { shortId: 'OTHER' });
    for (const payload of [
      { email: 'nobody@acme.example', accountId: 'ACME' },
      { email: user.email, accountId: 'OTHER' },
      { email: user.email, accountId: randomUUID() },
    ]) {
      const response = await post('/user/forgot', payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        error: 'not-existing-email',
        message: 'Not existing email, please try another one',
      });
    }
    expect((await mailbox(user.email)).count).toBe(0);
  });

  it('admin forgot serves provider staff only', async () => {
    const staff = await createUser(t.db, { email: uniqueEmail('staff'), role: 'PROVIDER_SUPPORT', type: 'INTERNAL' });
    expect((await post('/user/admin/forgot', { email: staff.email })).statusCode).toBe(200);
    await latestLink(staff.email, 'reset');
    const user = await accountUser();
    const refused = await post('/user/admin/forgot', { email: user.email });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe('not-existing-email');
  });

  it('validates the form', async () => {
    const response = await post('/user/forgot', { email: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'form-not-validated',
      fields: { email: 'Enter a valid email address', accountId: expect.any(String) },
    });
  });
});

describe('reset password', () => {
  it('sets the new password once, ends open sessions and writes an audit entry without secrets', async () => {
    const user = await accountUser();
    const before = await signIn(t.app, { email: user.email, accountId: 'ACME' });
    await post('/user/forgot', { email: user.email, accountId: 'ACME' });
    const { token } = await latestLink(user.email, 'reset');

    const newPassword = 'Brand-new-pass-7';
    const reset = await post('/user/reset', { token, password: newPassword });
    expect(reset.statusCode).toBe(200);

    const stale = await t.app.inject({ method: 'GET', url: '/api/user/session', headers: authHeader(before.token) });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error).toBe('session-expired');

    await expect(signIn(t.app, { email: user.email, accountId: 'ACME' })).rejects.toThrow(/401/);
    await signIn(t.app, { email: user.email, password: newPassword, accountId: 'ACME' });

    const again = await post('/user/reset', { token, password: 'Another-pass-8' });
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toBe('link-expired');
    expect(await linkState(token)).toMatchObject({ state: 'used', kind: 'reset' });

    const entries = await t.db.select().from(userActivity).where(eq(userActivity.resourceId, user.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actionType: 'UPDATE',
      resourceType: 'USER',
      userId: user.id,
      accountId: acme.id,
    });
    expect(entries[0]!.newValue).toHaveProperty('passwordChangedAt');
    expect(JSON.stringify(entries[0])).not.toMatch(/argon2|Brand-new/);
  });

  it("answers 410 'link-expired' after 24 hours", async () => {
    const user = await accountUser();
    await post('/user/forgot', { email: user.email, accountId: 'ACME' });
    const { token } = await latestLink(user.email, 'reset');
    t.clock.advance(24 * 3600 * 1000 + 1000);
    expect(await linkState(token)).toMatchObject({ state: 'expired' });
    const response = await post('/user/reset', { token, password: 'Brand-new-pass-7' });
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({ error: 'link-expired', message: 'This link has expired' });
  });

  it('keeps only the newest link working', async () => {
    const user = await accountUser();
    await post('/user/forgot', { email: user.email, accountId: 'ACME' });
    const first = await latestLink(user.email, 'reset');
    await post('/user/forgot', { email: user.email, accountId: 'ACME' });
    const second = await latestLink(user.email, 'reset');
    expect((await post('/user/reset', { token: first.token, password: 'Brand-new-pass-7' })).statusCode).toBe(410);
    expect((await post('/user/reset', { token: second.token, password: 'Brand-new-pass-7' })).statusCode).toBe(200);
  });

  it("answers 'link-expired' for a token that was never issued", async () => {
    const response = await post('/user/reset', { token: 'a'.repeat(43), password: 'Brand-new-pass-7' });
    expect(response.statusCode).toBe(410);
    expect(await linkState('a'.repeat(43))).toMatchObject({ state: 'invalid', kind: null });
  });

  it.each([
    ['Short-1', '10 characters minimum'],
    ['No-digits-here', 'At least one number'],
    ['1234567890-!', 'At least one letter'],
    ['Letters1234', 'At least one special character'],
    ['Contraseña-123', 'No Ñ, Ç,’,´,¨, or spaces are allowed'],
    ['With space-123', 'No Ñ, Ç,’,´,¨, or spaces are allowed'],
  ])('refuses the password %j: %s', async (password, message) => {
    const user = await accountUser();
    await post('/user/forgot', { email: user.email, accountId: 'ACME' });
    const { token } = await latestLink(user.email, 'reset');
    const response = await post('/user/reset', { token, password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'form-not-validated', fields: { password: message } });
    // A refused password does not spend the link.
    expect(await linkState(token)).toMatchObject({ state: 'valid' });
  });
});

describe('invitation', () => {
  it('activates an invited user through the new-password link', async () => {
    const user = await createUser(t.db, {
      email: uniqueEmail('invited'),
      role: 'VIEWER',
      type: 'ACCOUNT',
      accountIds: [acme.id],
      password: null,
    });
    const mailer = createMailer(t.db, t.config);
    await t.db.transaction((tx) => createInvitation(tx, user, { config: t.config, mailer, now: t.clock.now }));
    const { token, mail } = await latestLink(user.email, 'new');
    expect(mail).toMatchObject({ kind: 'invitation', subject: 'Create your Password' });
    expect(await linkState(token)).toMatchObject({ state: 'valid', kind: 'new' });

    expect((await post('/user/reset', { token, password: 'Welcome-aboard-1' })).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.status).toBe('ACTIVE');
    await signIn(t.app, { email: user.email, password: 'Welcome-aboard-1', accountId: 'ACME' });

    const [entry] = await t.db
      .select()
      .from(userActivity)
      .where(and(eq(userActivity.resourceId, user.id), eq(userActivity.resourceType, 'USER')));
    expect(entry).toMatchObject({ oldValue: { status: 'INVITED' }, newValue: { status: 'ACTIVE' } });
  });

  it('sends an invited user who asks for a reset a fresh invitation instead', async () => {
    const user = await createUser(t.db, {
      email: uniqueEmail('invited'),
      role: 'VIEWER',
      type: 'ACCOUNT',
      accountIds: [acme.id],
      password: null,
    });
    expect((await post('/user/forgot', { email: user.email, accountId: 'ACME' })).statusCode).toBe(200);
    const { token } = await latestLink(user.email, 'new');
    expect((await post('/user/reset', { token, password: 'Welcome-aboard-1' })).statusCode).toBe(200);
  });
});

describe('unsubscribe', () => {
  it('stops e-mails to the user', async () => {
    const user = await accountUser();
    const response = await t.app.inject({ method: 'PUT', url: `/api/user/${user.id}/unsubscribe` });
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.unsubscribedAt).not.toBeNull();
  });

  it.each(['not-an-id', '12345678-1234-1234-1234-12345678901', '00000000-0000-4000-8000-000000000000'])(
    'answers 404 for %s',
    async (userId) => {
      const response = await t.app.inject({ method: 'PUT', url: `/api/user/${userId}/unsubscribe` });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('resource-not-found');
    },
  );
});

// The development mailbox itself (who reads what, when it exists) is tested in mailbox.test.ts.

describe('outbox delivery', () => {
  it('queues mail when SMTP is configured and marks it failed when the server cannot be reached', async () => {
    const mailer = createMailer(t.db, { smtpUrl: 'smtp://127.0.0.1:1', mailFrom: 'Ops <no-reply@ops.example>' });
    const id = await mailer.enqueue(t.db, {
      to: 'someone@acme.example',
      subject: 'Hello',
      text: 'Hello',
      html: '<p>Hello</p>',
      kind: 'test',
      links: [],
    });
    const [queued] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(queued!.status).toBe('queued');
    await mailer.flush();
    const [failed] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(failed!.status).toBe('failed');
    expect(failed!.error).toBeTruthy();
  });

  it('keeps mail in the outbox without SMTP', async () => {
    const mailer = createMailer(t.db, { smtpUrl: undefined, mailFrom: 'Ops <no-reply@ops.example>' });
    const id = await mailer.enqueue(t.db, {
      to: 'a@acme.example',
      subject: 'S',
      text: 'T',
      html: 'H',
      kind: 'test',
      links: [],
    });
    await mailer.flush();
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row!.status).toBe('kept');
  });
});
