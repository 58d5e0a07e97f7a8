import { emailOutbox, roles, userActivity, users } from '@server/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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

// The audit log's guarantees (design.md, section 6): an entry is written in the same transaction as its change, so a
// failed entry undoes the change; and the log is append-only, whatever the application asks of it.

let t: TestApp;
let account: AccountRow;
let adminToken: string;

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: authHeader(adminToken), ...(payload ? { payload } : {}) });

/** Every message along an error's cause chain: drivers wrap the database's own message. */
async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const messages: string[] = [];
    for (let current = error; current; current = (current as { cause?: unknown }).cause) {
      messages.push(String((current as Error).message));
    }
    return messages.join(' | ');
  }
  throw new Error('expected the statement to fail');
}

async function breakAuditInserts() {
  await t.db.execute(sql`
    CREATE OR REPLACE FUNCTION test_refuse_audit_insert() RETURNS trigger AS $$
    BEGIN
      RAISE EXCEPTION 'audit store unavailable';
    END;
    $$ LANGUAGE plpgsql`);
  await t.db.execute(sql`
    CREATE TRIGGER test_refuse_audit_insert BEFORE INSERT ON user_activity
      FOR EACH ROW EXECUTE FUNCTION test_refuse_audit_insert()`);
}
const repairAuditInserts = () => t.db.execute(sql`DROP TRIGGER IF EXISTS test_refuse_audit_insert ON user_activity`);

const userRow = async (userId: string) => (await t.db.select().from(users).where(eq(users.id, userId)))[0]!;

beforeAll(async () => {
  t = await buildTestApp();
  account = await createAccount(t.db, { shortId: 'AUDITED' });
  const admin = await createUser(t.db, { role: 'ADMINISTRATOR', type: 'ACCOUNT', accountIds: [account.id] });
  adminToken = (await signIn(t.app, { email: admin.email, accountId: account.shortId })).token;
});
afterEach(repairAuditInserts);
afterAll(() => t.close());

describe('a failing audit entry', () => {
  it('rolls back the edit it describes, and the session it would have ended', async () => {
    const target = await createUser(t.db, { role: 'VIEWER', type: 'ACCOUNT', accountIds: [account.id] });
    const session = await signIn(t.app, { email: target.email, accountId: account.shortId });
    await breakAuditInserts();

    const response = await call('PUT', `/user/${target.id}`, {
      firstName: 'Changed',
      lastName: 'Name',
      jobTitle: 'Changed',
      status: 'DEACTIVATED',
      version: 1,
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: 'server-error' });
    expect(await userRow(target.id)).toMatchObject({ firstName: 'Test', lastName: 'User', status: 'ACTIVE' });
    const stillSignedIn = await t.app.inject({
      method: 'GET',
      url: `/api/account/${account.id}`,
      headers: authHeader(session.token),
    });
    expect(stillSignedIn.statusCode).toBe(200);

    await repairAuditInserts();
    // The failed edit left the version as it was.
    const retried = await call('PUT', `/user/${target.id}`, {
      firstName: 'Changed',
      lastName: 'Name',
      jobTitle: 'X',
      version: 1,
    });
    expect(retried.statusCode).toBe(200);
    expect(await t.db.select().from(userActivity).where(eq(userActivity.resourceId, target.id))).toHaveLength(1);
  });

  it('rolls back a new user and its invitation e-mail', async () => {
    const [viewer] = await t.db.select().from(roles).where(eq(roles.name, 'VIEWER'));
    const email = uniqueEmail('never');
    await breakAuditInserts();
    const response = await call('POST', '/user', {
      userType: 'ACCOUNT',
      firstName: 'Never',
      lastName: 'Created',
      jobTitle: 'Ghost',
      email,
      roleId: viewer!.id,
      accountId: account.id,
    });
    expect(response.statusCode).toBe(500);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).toEqual([]);
  });

  it('rolls back a deletion', async () => {
    const target = await createUser(t.db, { role: 'VIEWER', type: 'ACCOUNT', accountIds: [account.id] });
    await breakAuditInserts();
    expect((await call('DELETE', `/user/${target.id}`)).statusCode).toBe(500);
    const row = await userRow(target.id);
    expect(row.status).toBe('ACTIVE');
    expect(row.passwordHash).not.toBeNull();
  });
});

describe('the audit table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, leaving its entries as written', async () => {
    const target = await createUser(t.db, { role: 'VIEWER', type: 'ACCOUNT', accountIds: [account.id] });
    await call('PUT', `/user/${target.id}`, { firstName: 'Audited', lastName: 'User', jobTitle: 'Clerk', version: 1 });
    const before = await t.db.select().from(userActivity).where(eq(userActivity.resourceId, target.id));
    expect(before).toHaveLength(1);

    expect(
      await failureOf(
        t.db.update(userActivity).set({ resourceId: 'rewritten' }).where(eq(userActivity.resourceId, target.id)),
      ),
    ).toMatch(/append-only \(UPDATE refused\)/);
    expect(await failureOf(t.db.delete(userActivity).where(eq(userActivity.resourceId, target.id)))).toMatch(
      /append-only \(DELETE refused\)/,
    );
    expect(await failureOf(t.db.execute(sql`TRUNCATE user_activity`))).toMatch(/append-only \(TRUNCATE refused\)/);

    const after = await t.db.select().from(userActivity).where(eq(userActivity.resourceId, target.id));
    expect(after).toEqual(before);
  });
});
