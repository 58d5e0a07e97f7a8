import { randomUUID } from 'node:crypto';
import type { MailboxList } from '@domain/contract/mailbox';
import { roleList, type User, userList, user as userSchema } from '@domain/contract/users';
import { roles, sessions, userAccounts, userActivity, users } from '@server/db/schema';
import { asc, eq } from 'drizzle-orm';
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

// The users area (spec 2, sections 2.7, 5-8): every call under every role, the tenant boundary, the form rules the
// server enforces, invitations, session ends and the audit entries each write leaves.

let t: TestApp;
let home: AccountRow;
let other: AccountRow;
let hidden: AccountRow;
const roleIds = new Map<string, string>();
const tokens = new Map<Actor, string>();
const actors = new Map<Actor, UserRow>();

const ACTORS = [
  'ADMINISTRATOR',
  'MANAGER',
  'PAYMENTS_SPECIALIST',
  'VIEWER',
  'SUPPORT',
  'PROVIDER_ADMINISTRATOR',
  'PROVIDER_SUPPORT',
] as const;
type Actor = (typeof ACTORS)[number];

const staffEmail = (prefix = 'staff') => `${prefix}-${randomUUID().slice(0, 8)}@ops.example`;
const roleId = (name: string) => roleIds.get(name)!;
const token = (actor: Actor) => tokens.get(actor)!;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, bearer: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: authHeader(bearer), ...(payload ? { payload } : {}) });

const accountTarget = (input: { status?: 'INVITED' | 'ACTIVE'; account?: AccountRow; role?: string } = {}) =>
  createUser(t.db, {
    role: input.role ?? 'VIEWER',
    type: 'ACCOUNT',
    accountIds: [(input.account ?? home).id],
    email: uniqueEmail('target'),
    ...(input.status === 'INVITED' ? { password: null } : {}),
  });
const internalTarget = (input: { status?: 'INVITED' | 'ACTIVE'; accounts?: AccountRow[] } = {}) =>
  createUser(t.db, {
    role: 'PROVIDER_SUPPORT',
    type: 'INTERNAL',
    accountIds: (input.accounts ?? [home]).map((account) => account.id),
    email: staffEmail('target'),
    ...(input.status === 'INVITED' ? { password: null } : {}),
  });

const editFields = { firstName: 'Renamed', lastName: 'Person', jobTitle: 'Analyst' };
/** An edit of a user nobody edited yet: the form was opened on version 1. */
const editBody = { ...editFields, version: 1 };
const accountUserBody = (overrides: Record<string, unknown> = {}) => ({
  userType: 'ACCOUNT',
  firstName: 'Nora',
  lastName: 'New',
  jobTitle: 'Finance Lead',
  email: uniqueEmail('new'),
  roleId: roleId('VIEWER'),
  accountId: home.id,
  ...overrides,
});
const internalUserBody = (overrides: Record<string, unknown> = {}) => ({
  userType: 'INTERNAL',
  firstName: 'Ivan',
  lastName: 'Internal',
  jobTitle: 'Operations Analyst',
  email: staffEmail('new'),
  roleId: roleId('PROVIDER_SUPPORT'),
  accounts: [home.id],
  ...overrides,
});

/** The development mailbox, read as provider staff (who read every message). */
async function mailbox(to: string): Promise<MailboxList> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/mailbox?to=${encodeURIComponent(to)}`,
    headers: authHeader(token('PROVIDER_ADMINISTRATOR')),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The token of the newest invitation e-mailed to `to`. */
async function invitationToken(to: string): Promise<string> {
  const { items } = await mailbox(to);
  const mail = items[0]!;
  expect(mail).toMatchObject({ to, kind: 'invitation', subject: 'Create your Password' });
  const match = mail.links[0]!.url.match(/\/password\/new\/([A-Za-z0-9_-]+)\?exp=\d+&type=new$/);
  expect(match, mail.links[0]!.url).not.toBeNull();
  return match![1]!;
}

const activityOf = (resourceId: string) =>
  t.db
    .select()
    .from(userActivity)
    .where(eq(userActivity.resourceId, resourceId))
    .orderBy(asc(userActivity.date), asc(userActivity.actionType));

const userRow = async (userId: string) => (await t.db.select().from(users).where(eq(users.id, userId)))[0]!;
/** The version an editor opening the user now would read. */
const versionOf = async (userId: string) => (await userRow(userId)).version;

beforeAll(async () => {
  t = await buildTestApp();
  home = await createAccount(t.db, { prettyName: 'Home Holdings', shortId: 'HOME' });
  other = await createAccount(t.db, { prettyName: 'Other Industries', shortId: 'OTHER' });
  hidden = await createAccount(t.db, { prettyName: 'Hidden Ventures', shortId: 'HIDDEN' });
  for (const role of await t.db.select().from(roles)) roleIds.set(role.name, role.id);
  for (const actor of ACTORS) {
    const internal = actor.startsWith('PROVIDER_');
    const user = await createUser(t.db, {
      role: actor,
      type: internal ? 'INTERNAL' : 'ACCOUNT',
      // The provider administrator sees two accounts; provider support only the home account.
      accountIds: actor === 'PROVIDER_ADMINISTRATOR' ? [home.id, other.id] : [home.id],
      email: internal ? staffEmail(actor.toLowerCase()) : uniqueEmail(actor.toLowerCase()),
      firstName: actor,
    });
    actors.set(actor, user);
    const session = await signIn(t.app, { email: user.email, ...(internal ? {} : { accountId: home.shortId }) });
    tokens.set(actor, session.token);
  }
});

afterAll(() => t.close());

describe('the role matrix', () => {
  type Expected = Partial<Record<Actor, number>>;
  interface MatrixCall {
    name: string;
    /** Status by actor; actors not named are refused with 403. */
    expected: Expected;
    run(bearer: string): Promise<{ statusCode: number }>;
  }
  const PROVIDER_ONLY = { PROVIDER_ADMINISTRATOR: 200 };
  const READERS = {
    ADMINISTRATOR: 200,
    MANAGER: 200,
    SUPPORT: 200,
    PROVIDER_ADMINISTRATOR: 200,
    PROVIDER_SUPPORT: 200,
  };

  const CALLS: MatrixCall[] = [
    { name: 'GET /user', expected: READERS, run: (bearer) => call('GET', '/user', bearer) },
    { name: 'GET /role', expected: READERS, run: (bearer) => call('GET', '/role', bearer) },
    {
      name: 'GET /user/:id',
      expected: { ADMINISTRATOR: 200, MANAGER: 200, PROVIDER_ADMINISTRATOR: 200, PROVIDER_SUPPORT: 200 },
      run: async (bearer) => call('GET', `/user/${(await accountTarget()).id}`, bearer),
    },
    {
      name: 'POST /user',
      expected: { ADMINISTRATOR: 201, PROVIDER_ADMINISTRATOR: 201 },
      run: (bearer) => call('POST', '/user', bearer, accountUserBody()),
    },
    {
      name: 'POST /user/admin',
      expected: { PROVIDER_ADMINISTRATOR: 201 },
      run: (bearer) => call('POST', '/user/admin', bearer, internalUserBody()),
    },
    {
      name: 'PUT /user/:id (account user)',
      expected: { ADMINISTRATOR: 200, PROVIDER_ADMINISTRATOR: 200 },
      run: async (bearer) => call('PUT', `/user/${(await accountTarget()).id}`, bearer, editBody),
    },
    {
      name: 'DELETE /user/:id (account user)',
      expected: { ADMINISTRATOR: 200, PROVIDER_ADMINISTRATOR: 200 },
      run: async (bearer) => call('DELETE', `/user/${(await accountTarget()).id}`, bearer),
    },
    {
      name: 'POST /user/:id/reminder (account user)',
      expected: { ADMINISTRATOR: 200, PROVIDER_ADMINISTRATOR: 200 },
      run: async (bearer) => call('POST', `/user/${(await accountTarget({ status: 'INVITED' })).id}/reminder`, bearer),
    },
    // Account users never see provider staff: holding the permission for account users yields 404, not 403.
    {
      name: 'PUT /user/:id (internal user)',
      expected: { ...PROVIDER_ONLY, ADMINISTRATOR: 404 },
      run: async (bearer) => call('PUT', `/user/${(await internalTarget()).id}`, bearer, editBody),
    },
    {
      name: 'DELETE /user/:id (internal user)',
      expected: { ...PROVIDER_ONLY, ADMINISTRATOR: 404 },
      run: async (bearer) => call('DELETE', `/user/${(await internalTarget()).id}`, bearer),
    },
    {
      name: 'POST /user/:id/reminder (internal user)',
      expected: { ...PROVIDER_ONLY, ADMINISTRATOR: 404 },
      run: async (bearer) => call('POST', `/user/${(await internalTarget({ status: 'INVITED' })).id}/reminder`, bearer),
    },
    {
      name: 'PUT /user/:id/account',
      expected: PROVIDER_ONLY,
      run: async (bearer) =>
        call('PUT', `/user/${(await internalTarget({ accounts: [other] })).id}/account`, bearer, {
          accountIds: [home.id],
          version: 1,
        }),
    },
  ];

  it.each(ACTORS)('answers every users call for %s as the matrix says', async (actor) => {
    const statuses: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const entry of CALLS) {
      statuses[entry.name] = (await entry.run(token(actor))).statusCode;
      expected[entry.name] = entry.expected[actor] ?? 403;
    }
    expect(statuses).toEqual(expected);
  });

  it('refuses every call without a session', async () => {
    const target = await accountTarget();
    for (const [method, url] of [
      ['GET', '/user'],
      ['GET', '/role'],
      ['GET', `/user/${target.id}`],
      ['PUT', `/user/${target.id}`],
      ['DELETE', `/user/${target.id}`],
      ['POST', `/user/${target.id}/reminder`],
      ['POST', '/user'],
      ['POST', '/user/admin'],
    ] as const) {
      const response = await t.app.inject({ method, url: `/api${url}`, payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('GET /role', () => {
  it('offers account roles only to callers who do not manage provider staff', async () => {
    const forAdmin = roleList.parse((await call('GET', '/role', token('ADMINISTRATOR'))).json());
    expect(forAdmin.items.map((role) => role.name)).toEqual([
      'ADMINISTRATOR',
      'MANAGER',
      'PAYMENTS_SPECIALIST',
      'SUPPORT',
      'VIEWER',
    ]);
    expect(forAdmin.items.every((role) => !role.internal)).toBe(true);
    const forStaffReader = roleList.parse((await call('GET', '/role', token('PROVIDER_SUPPORT'))).json());
    expect(forStaffReader.items.some((role) => role.internal)).toBe(false);

    const forProvider = roleList.parse((await call('GET', '/role', token('PROVIDER_ADMINISTRATOR'))).json());
    expect(forProvider.items.filter((role) => role.internal).map((role) => role.name)).toEqual([
      'PROVIDER_ADMINISTRATOR',
      'PROVIDER_SUPPORT',
    ]);
    expect(forProvider.total).toBe(7);
  });
});

describe('GET /user', () => {
  let listing: AccountRow;
  let listAdminToken: string;
  let listStaffToken: string;
  const named: Record<string, UserRow> = {};
  const list = async (bearer: string, query = '') => {
    const response = await call('GET', `/user${query}`, bearer);
    expect(response.statusCode, response.body).toBe(200);
    return userList.parse(response.json());
  };
  const emails = (page: { items: User[] }) => page.items.map((item) => item.email);

  beforeAll(async () => {
    listing = await createAccount(t.db, { prettyName: 'Listing Travel', shortId: 'LISTING' });
    const people = [
      { key: 'ana', first: 'Ana', last: 'Alvarez', job: 'Finance Lead', role: 'MANAGER', seen: '2025-05-03' },
      { key: 'bruno', first: 'bruno', last: 'Barros', job: 'Support agent', role: 'VIEWER', seen: '2025-05-01' },
      { key: 'carla', first: 'Carla', last: 'Castro', job: 'Accountant', role: 'SUPPORT', seen: null },
      { key: 'dario', first: 'Dario', last: 'Diaz', job: 'CTO', role: 'ADMINISTRATOR', seen: '2025-04-01' },
    ] as const;
    for (const person of people) {
      const row = await createUser(t.db, {
        role: person.role,
        type: 'ACCOUNT',
        accountIds: [listing.id],
        email: `${person.key}@listing.example`,
        firstName: person.first,
        lastName: person.last,
        ...(person.key === 'carla' ? { password: null } : {}),
      });
      await t.db
        .update(users)
        .set({ jobTitle: person.job, lastActivity: person.seen ? new Date(person.seen) : null })
        .where(eq(users.id, row.id));
      named[person.key] = row;
    }
    await t.db.update(users).set({ status: 'DEACTIVATED' }).where(eq(users.id, named.bruno!.id));
    await t.db.update(users).set({ status: 'DELETED' }).where(eq(users.id, named.dario!.id));
    // Same names elsewhere: they must never show up in the listing account's list.
    await createUser(t.db, { role: 'VIEWER', type: 'ACCOUNT', accountIds: [other.id], firstName: 'Ana' });
    named.staff = await createUser(t.db, {
      role: 'PROVIDER_SUPPORT',
      type: 'INTERNAL',
      accountIds: [listing.id, hidden.id],
      email: 'ana.staff@ops.example',
      firstName: 'Ana',
      lastName: 'Staff',
    });

    const admin = await createUser(t.db, {
      role: 'ADMINISTRATOR',
      type: 'ACCOUNT',
      accountIds: [listing.id],
      email: 'zoe@listing.example',
      firstName: 'Zoe',
      lastName: 'Zimmer',
    });
    listAdminToken = (await signIn(t.app, { email: admin.email, accountId: listing.shortId })).token;
    const staff = await createUser(t.db, {
      role: 'PROVIDER_ADMINISTRATOR',
      type: 'INTERNAL',
      accountIds: [listing.id],
      email: staffEmail('lister'),
    });
    listStaffToken = (await signIn(t.app, { email: staff.email })).token;
  });

  it("lists the account's users by last activity, never-active last, without deleted users or provider staff", async () => {
    const page = await list(listAdminToken);
    // Zoe signed in just now, so she is the most recent.
    expect(emails(page)).toEqual([
      'zoe@listing.example',
      'ana@listing.example',
      'bruno@listing.example',
      'carla@listing.example',
    ]);
    expect(page).toMatchObject({ count: 4, total: 4 });
    const ana = page.items[1]!;
    expect(ana).toMatchObject({
      userId: named.ana!.id,
      fullName: 'Ana Alvarez',
      jobTitle: 'Finance Lead',
      userType: 'ACCOUNT',
      status: 'ACTIVE',
      role: { name: 'MANAGER', internal: false },
      accountId: listing.id,
      accountsList: [{ accountId: listing.id, shortId: 'LISTING', prettyName: 'Listing Travel' }],
      lastActivity: '2025-05-03T00:00:00.000Z',
    });
    expect(page.items[3]!.lastActivity).toBeNull();
  });

  it('shows deleted users only when the status filter asks for them', async () => {
    expect(emails(await list(listAdminToken, '?status[]=DELETED'))).toEqual(['dario@listing.example']);
    expect(emails(await list(listAdminToken, '?status[]=INVITED&status[]=DEACTIVATED&order=email'))).toEqual([
      'bruno@listing.example',
      'carla@listing.example',
    ]);
  });

  it('filters by contained text without regard to case, and by identifier prefix', async () => {
    expect(emails(await list(listAdminToken, '?firstName=BRU'))).toEqual(['bruno@listing.example']);
    expect(emails(await list(listAdminToken, '?lastName=astr'))).toEqual(['carla@listing.example']);
    expect(emails(await list(listAdminToken, '?jobTitle=lead'))).toEqual(['ana@listing.example']);
    expect(emails(await list(listAdminToken, '?email=ZOE@'))).toEqual(['zoe@listing.example']);
    expect(emails(await list(listAdminToken, `?userId=${named.carla!.id.slice(0, 8)}`))).toEqual([
      'carla@listing.example',
    ]);
    expect(emails(await list(listAdminToken, '?userId=not-an-id'))).toEqual([]);
    // LIKE wildcards are taken literally.
    expect(emails(await list(listAdminToken, '?firstName=%25'))).toEqual([]);
  });

  it('searches names and e-mail as text, and the identifier with searchType ID', async () => {
    expect(emails(await list(listAdminToken, '?search=ana%20alv'))).toEqual(['ana@listing.example']);
    expect(emails(await list(listAdminToken, '?search=CARLA&searchType=TEXT'))).toEqual(['carla@listing.example']);
    const prefix = named.bruno!.id.slice(0, 6);
    expect(emails(await list(listAdminToken, `?search=${prefix}&searchType=ID`))).toEqual(['bruno@listing.example']);
    expect(emails(await list(listAdminToken, '?search=bruno&searchType=ID'))).toEqual([]);
  });

  it('sorts by the allowed fields and refuses others', async () => {
    expect(emails(await list(listAdminToken, '?order=firstName'))).toEqual([
      'ana@listing.example',
      'bruno@listing.example',
      'carla@listing.example',
      'zoe@listing.example',
    ]);
    // By the role's name: Viewer, Support, Manager, Administrator.
    expect(emails(await list(listAdminToken, '?order=-role'))).toEqual([
      'bruno@listing.example',
      'carla@listing.example',
      'ana@listing.example',
      'zoe@listing.example',
    ]);
    expect(emails(await list(listAdminToken, '?order=lastActivity')).slice(0, 2)).toEqual([
      'carla@listing.example',
      'bruno@listing.example',
    ]);
    const refused = await call('GET', '/user?order=passwordHash', listAdminToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.order).toContain('lastActivity');
  });

  it('pages with the capped total', async () => {
    const page = await list(listAdminToken, '?limit=50&page=1&order=email');
    expect(page.total).toBe(4);
    expect((await list(listAdminToken, '?page=2')).items).toEqual([]);
  });

  it("shows provider staff their accounts' users and every provider-staff user, with only their own accounts", async () => {
    const page = await list(listStaffToken, '?firstName=ana');
    expect(emails(page).sort()).toEqual(['ana.staff@ops.example', 'ana@listing.example']);
    const staff = page.items.find((item) => item.userType === 'INTERNAL')!;
    expect(staff.accountsList).toEqual([{ accountId: listing.id, shortId: 'LISTING', prettyName: 'Listing Travel' }]);
    expect(staff.accountId).toBeNull();

    expect(emails(await list(listStaffToken, '?firstName=ana&userType[]=ACCOUNT'))).toEqual(['ana@listing.example']);
    expect(emails(await list(listStaffToken, '?firstName=ana&userType=INTERNAL'))).toEqual(['ana.staff@ops.example']);
    expect(emails(await list(listStaffToken, `?firstName=ana&accountId[]=${listing.id}`)).sort()).toEqual([
      'ana.staff@ops.example',
      'ana@listing.example',
    ]);
    expect(emails(await list(listStaffToken, '?firstName=ana&accountName=TRAVEL')).sort()).toEqual([
      'ana.staff@ops.example',
      'ana@listing.example',
    ]);
    // Accounts the caller is not linked to match nothing, by id or by name.
    expect(emails(await list(listStaffToken, `?firstName=ana&accountId[]=${hidden.id}`))).toEqual([]);
    expect(emails(await list(listStaffToken, '?firstName=ana&accountName=hidden'))).toEqual([]);
    expect(emails(await list(listStaffToken, `?accountId[]=${other.id}`))).toEqual([]);
  });

  it('never shows account users provider staff, even when asked by type', async () => {
    expect(emails(await list(listAdminToken, '?userType[]=INTERNAL'))).toEqual([]);
    expect(emails(await list(listAdminToken, `?accountId[]=${other.id}`))).toEqual([]);
  });
});

describe('the tenant boundary', () => {
  it("answers 404 for another account's user on every call, as for an unknown one", async () => {
    const foreign = await accountTarget({ account: other, status: 'INVITED' });
    for (const userId of [foreign.id, randomUUID(), 'not-an-id']) {
      for (const [method, url, payload] of [
        ['GET', `/user/${userId}`, undefined],
        ['PUT', `/user/${userId}`, editBody],
        ['DELETE', `/user/${userId}`, undefined],
        ['POST', `/user/${userId}/reminder`, undefined],
      ] as const) {
        const response = await call(method, url, token('ADMINISTRATOR'), payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().error).toBe('resource-not-found');
      }
    }
    expect((await userRow(foreign.id)).firstName).toBe('Test');
  });

  it("keeps provider staff to their accounts' users", async () => {
    const foreign = await accountTarget({ account: other });
    expect((await call('GET', `/user/${foreign.id}`, token('PROVIDER_SUPPORT'))).statusCode).toBe(404);
    expect((await call('GET', `/user/${foreign.id}`, token('PROVIDER_ADMINISTRATOR'))).statusCode).toBe(200);
    const unseen = await accountTarget({ account: hidden });
    expect((await call('GET', `/user/${unseen.id}`, token('PROVIDER_ADMINISTRATOR'))).statusCode).toBe(404);
    expect((await call('PUT', `/user/${unseen.id}`, token('PROVIDER_ADMINISTRATOR'), editBody)).statusCode).toBe(404);
  });

  it('refuses creating users into accounts the caller is not linked to', async () => {
    for (const accountId of [other.id, randomUUID()]) {
      const response = await call('POST', '/user', token('ADMINISTRATOR'), accountUserBody({ accountId }));
      expect(response.statusCode).toBe(404);
    }
    const intoHidden = await call(
      'POST',
      '/user/admin',
      token('PROVIDER_ADMINISTRATOR'),
      internalUserBody({ accounts: [home.id, hidden.id] }),
    );
    expect(intoHidden.statusCode).toBe(404);
    const intoHiddenAccountUser = await call(
      'POST',
      '/user',
      token('PROVIDER_ADMINISTRATOR'),
      accountUserBody({ accountId: hidden.id }),
    );
    expect(intoHiddenAccountUser.statusCode).toBe(404);
  });

  it('lets provider staff move an account user only between their own accounts', async () => {
    const target = await accountTarget();
    const toHidden = await call('PUT', `/user/${target.id}`, token('PROVIDER_ADMINISTRATOR'), {
      ...editBody,
      accountId: hidden.id,
    });
    expect(toHidden.statusCode).toBe(404);
    const session = await signIn(t.app, { email: target.email, accountId: home.shortId });
    const moved = await call('PUT', `/user/${target.id}`, token('PROVIDER_ADMINISTRATOR'), {
      ...editBody,
      accountId: other.id,
    });
    expect(moved.statusCode).toBe(200);
    expect(userSchema.parse(moved.json())).toMatchObject({ accountId: other.id, accountsList: [{ shortId: 'OTHER' }] });
    // Their session belonged to the old account: it ends.
    expect((await call('GET', `/account/${home.id}`, session.token)).statusCode).toBe(401);
    expect((await call('GET', `/user/${target.id}`, token('ADMINISTRATOR'))).statusCode).toBe(404);
  });
});

describe('creating users', () => {
  it('invites an account user whose invitation link sets a password, activates the user and signs in', async () => {
    const body = accountUserBody({ firstName: '  Olivia ', email: uniqueEmail('Invitee') });
    const response = await call('POST', '/user', token('ADMINISTRATOR'), body);
    expect(response.statusCode, response.body).toBe(201);
    const created = userSchema.parse(response.json());
    expect(created).toMatchObject({
      firstName: 'Olivia',
      fullName: 'Olivia New',
      email: body.email,
      userType: 'ACCOUNT',
      status: 'INVITED',
      role: { name: 'VIEWER' },
      accountId: home.id,
      lastActivity: null,
    });
    expect((await userRow(created.userId)).passwordHash).toBeNull();

    const invitation = await invitationToken(body.email);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/user/reset',
      payload: { token: invitation, password: DEFAULT_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const detail = userSchema.parse((await call('GET', `/user/${created.userId}`, token('ADMINISTRATOR'))).json());
    expect(detail.status).toBe('ACTIVE');
    const session = await signIn(t.app, { email: body.email, accountId: home.shortId });
    expect(session.accounts.map((account) => account.accountId)).toEqual([home.id]);
  });

  it('invites an internal user linked to several accounts', async () => {
    const body = internalUserBody({ accounts: [home.id, other.id], roleId: roleId('PROVIDER_ADMINISTRATOR') });
    const response = await call('POST', '/user/admin', token('PROVIDER_ADMINISTRATOR'), body);
    expect(response.statusCode, response.body).toBe(201);
    const created = userSchema.parse(response.json());
    expect(created).toMatchObject({ userType: 'INTERNAL', status: 'INVITED', accountId: null });
    expect(created.accountsList.map((account) => account.shortId)).toEqual(['HOME', 'OTHER']);
    const invitation = await invitationToken(body.email);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/reset',
      payload: { token: invitation, password: DEFAULT_PASSWORD },
    });
    const session = await signIn(t.app, { email: body.email });
    expect(session.accounts).toHaveLength(2);
  });

  it("answers 'user-not-created' for an e-mail that exists in any case, anywhere", async () => {
    const existing = await accountTarget({ account: other });
    for (const email of [existing.email.toUpperCase(), ` ${existing.email} `, actors.get('VIEWER')!.email]) {
      const response = await call('POST', '/user', token('ADMINISTRATOR'), accountUserBody({ email }));
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe('user-not-created');
    }
    const staff = await call(
      'POST',
      '/user/admin',
      token('PROVIDER_ADMINISTRATOR'),
      internalUserBody({ email: actors.get('PROVIDER_SUPPORT')!.email.toUpperCase() }),
    );
    expect(staff.statusCode).toBe(409);
    expect(staff.json().error).toBe('user-not-created');
  });

  it('keeps the internal domains for provider staff, both ways', async () => {
    for (const email of ['someone@ops.example', 'someone@EU.OPS.EXAMPLE']) {
      const response = await call('POST', '/user', token('ADMINISTRATOR'), accountUserBody({ email }));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ email: 'Restricted domain @ops.example' });
    }
    for (const email of ['someone@merchant.example', 'someone@ops.example.evil']) {
      const response = await call('POST', '/user/admin', token('PROVIDER_ADMINISTRATOR'), internalUserBody({ email }));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ email: 'Only @ops.example are allowed' });
    }
    const allowed = await call('POST', '/user/admin', token('PROVIDER_ADMINISTRATOR'), internalUserBody());
    expect(allowed.statusCode).toBe(201);
  });

  it('gives account users account roles and provider staff internal roles only', async () => {
    const internalRole = await call(
      'POST',
      '/user',
      token('PROVIDER_ADMINISTRATOR'),
      accountUserBody({ roleId: roleId('PROVIDER_ADMINISTRATOR') }),
    );
    expect(internalRole.statusCode).toBe(400);
    expect(internalRole.json().fields.roleId).toBe('Internal roles cannot be given to account users');
    const accountRole = await call(
      'POST',
      '/user/admin',
      token('PROVIDER_ADMINISTRATOR'),
      internalUserBody({ roleId: roleId('ADMINISTRATOR') }),
    );
    expect(accountRole.statusCode).toBe(400);
    expect(accountRole.json().fields.roleId).toBe('Internal users need an internal role');
    const unknownRole = await call('POST', '/user', token('ADMINISTRATOR'), accountUserBody({ roleId: randomUUID() }));
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json().fields).toHaveProperty('roleId');
  });

  it("validates the form's fields and sends no e-mail for a refused user", async () => {
    const email = uniqueEmail('invalid');
    const response = await call(
      'POST',
      '/user',
      token('ADMINISTRATOR'),
      accountUserBody({ email, firstName: 'x'.repeat(51), lastName: '  ', jobTitle: '' }),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual(['firstName', 'jobTitle', 'lastName']);
    const badEmail = await call('POST', '/user', token('ADMINISTRATOR'), accountUserBody({ email: 'not-an-email' }));
    expect(badEmail.json().fields).toEqual({ email: 'Enter a valid email address' });
    const internalWithoutAccounts = await call(
      'POST',
      '/user/admin',
      token('PROVIDER_ADMINISTRATOR'),
      internalUserBody({ accounts: [] }),
    );
    expect(internalWithoutAccounts.json().fields).toEqual({ accounts: 'Required field' });
    expect((await mailbox(email)).items).toEqual([]);
  });
});

describe('POST /user/:userId/reminder', () => {
  it('sends invited users a new link and retires the previous one', async () => {
    const created = userSchema.parse(
      (await call('POST', '/user', token('ADMINISTRATOR'), accountUserBody({ email: uniqueEmail('remind') }))).json(),
    );
    const first = await invitationToken(created.email);
    const response = await call('POST', `/user/${created.userId}/reminder`, token('ADMINISTRATOR'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await mailbox(created.email)).items).toHaveLength(2);
    const second = await invitationToken(created.email);
    expect(second).not.toBe(first);

    const old = await t.app.inject({
      method: 'POST',
      url: '/api/user/reset',
      payload: { token: first, password: DEFAULT_PASSWORD },
    });
    expect(old.statusCode).toBe(410);
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/user/reset',
      payload: { token: second, password: DEFAULT_PASSWORD },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses users who are not invited', async () => {
    const active = await accountTarget();
    const response = await call('POST', `/user/${active.id}/reminder`, token('ADMINISTRATOR'));
    expect(response.statusCode).toBe(409);
    expect((await mailbox(active.email)).items).toEqual([]);
  });
});

describe('PUT /user/:userId', () => {
  it('saves names, job title and role, trimmed, and answers the user', async () => {
    const target = await accountTarget();
    const response = await call('PUT', `/user/${target.id}`, token('ADMINISTRATOR'), {
      userId: target.id,
      userType: 'ACCOUNT',
      email: target.email.toUpperCase(),
      firstName: ' Greta ',
      lastName: 'Gomez',
      jobTitle: 'Controller',
      roleId: roleId('MANAGER'),
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(userSchema.parse(response.json())).toMatchObject({
      fullName: 'Greta Gomez',
      jobTitle: 'Controller',
      role: { name: 'MANAGER' },
      email: target.email,
    });
  });

  it('refuses a changed e-mail or type, an internal role, and an invited user made active', async () => {
    const target = await accountTarget();
    const cases = [
      [{ email: 'changed@merchant.example' }, 'email'],
      [{ userType: 'INTERNAL' }, 'userType'],
      [{ roleId: roleId('PROVIDER_SUPPORT') }, 'roleId'],
      [{ userId: randomUUID() }, 'userId'],
    ] as const;
    for (const [change, field] of cases) {
      const response = await call('PUT', `/user/${target.id}`, token('PROVIDER_ADMINISTRATOR'), {
        ...editBody,
        ...change,
      });
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json().fields)).toEqual([field]);
    }
    const invited = await accountTarget({ status: 'INVITED' });
    const activated = await call('PUT', `/user/${invited.id}`, token('ADMINISTRATOR'), {
      ...editBody,
      status: 'ACTIVE',
    });
    expect(activated.statusCode).toBe(400);
    expect(activated.json().fields).toHaveProperty('status');
    expect((await userRow(target.id)).firstName).toBe('Test');
  });

  it('keeps callers from locking themselves out, but lets them edit their own names', async () => {
    const admin = actors.get('ADMINISTRATOR')!;
    const ownStatus = await call('PUT', `/user/${admin.id}`, token('ADMINISTRATOR'), {
      ...editBody,
      status: 'DEACTIVATED',
    });
    expect(ownStatus.statusCode).toBe(400);
    expect(ownStatus.json().fields).toEqual({ status: 'You cannot change your own status' });
    const ownRole = await call('PUT', `/user/${admin.id}`, token('ADMINISTRATOR'), {
      ...editBody,
      roleId: roleId('VIEWER'),
    });
    expect(ownRole.json().fields).toEqual({ roleId: 'You cannot change your own role' });
    const ownDelete = await call('DELETE', `/user/${admin.id}`, token('ADMINISTRATOR'));
    expect(ownDelete.statusCode).toBe(400);
    expect(ownDelete.json()).toMatchObject({ error: 'delete-error', message: 'You cannot delete your own user' });

    const ownNames = await call('PUT', `/user/${admin.id}`, token('ADMINISTRATOR'), {
      firstName: 'ADMINISTRATOR',
      lastName: 'Renamed',
      jobTitle: 'CTO',
      roleId: roleId('ADMINISTRATOR'),
      status: 'ACTIVE',
      version: await versionOf(admin.id),
    });
    expect(ownNames.statusCode).toBe(200);
    expect((await call('GET', '/user?limit=50', token('ADMINISTRATOR'))).statusCode).toBe(200);
  });
});

describe('two administrators editing one user (issue 23)', () => {
  it('needs the version the form was opened on: without it 400 on the field, and nothing changes', async () => {
    const target = await accountTarget();
    for (const version of [undefined, null, 0, 'one']) {
      const response = await call('PUT', `/user/${target.id}`, token('ADMINISTRATOR'), { ...editFields, version });
      expect(response.statusCode, String(version)).toBe(400);
      expect(response.json()).toMatchObject({ error: 'form-not-validated', fields: { version: expect.any(String) } });
    }
    const staff = await internalTarget();
    const accounts = await call('PUT', `/user/${staff.id}/account`, token('PROVIDER_ADMINISTRATOR'), {
      accountIds: [home.id, other.id],
    });
    expect(accounts.statusCode).toBe(400);
    expect(accounts.json().fields).toHaveProperty('version');
    expect(await userRow(target.id)).toMatchObject({ firstName: 'Test', version: 1 });
    expect(await activityOf(target.id)).toEqual([]);
  });

  it("refuses a save over another administrator's (409 user-changed), for the form and for the accounts", async () => {
    const target = await internalTarget();
    const first = await call('PUT', `/user/${target.id}`, token('PROVIDER_ADMINISTRATOR'), editBody);
    expect(first.statusCode).toBe(200);
    expect(userSchema.parse(first.json()).version).toBe(2);
    const stale = await call('PUT', `/user/${target.id}`, token('PROVIDER_ADMINISTRATOR'), {
      ...editBody,
      jobTitle: 'Overwriter',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('user-changed');
    const staleLinks = await call('PUT', `/user/${target.id}/account`, token('PROVIDER_ADMINISTRATOR'), {
      accountIds: [home.id, other.id],
      version: 1,
    });
    expect(staleLinks.statusCode).toBe(409);
    const links = await call('PUT', `/user/${target.id}/account`, token('PROVIDER_ADMINISTRATOR'), {
      accountIds: [home.id, other.id],
      version: 2,
    });
    expect(userSchema.parse(links.json()).version).toBe(3);
    expect(await userRow(target.id)).toMatchObject({ jobTitle: 'Analyst', version: 3 });
  });

  it('lets exactly one of 20 parallel edits of a version through, round after round', async () => {
    const target = await accountTarget();
    for (const version of [1, 2]) {
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          call('PUT', `/user/${target.id}`, token('ADMINISTRATOR'), {
            ...editFields,
            jobTitle: `Title ${version}-${index}`,
            version,
          }),
        ),
      );
      const won = responses.flatMap((response, index) => (response.statusCode === 200 ? [index] : []));
      expect(won, responses.map((response) => response.statusCode).join()).toHaveLength(1);
      const lost = responses.filter((response) => response.statusCode === 409);
      expect(lost).toHaveLength(19);
      for (const response of lost) expect(response.json().error).toBe('user-changed');
      expect(await userRow(target.id)).toMatchObject({ jobTitle: `Title ${version}-${won[0]}`, version: version + 1 });
    }
    expect((await activityOf(target.id)).map((entry) => entry.actionType)).toEqual(['UPDATE', 'UPDATE']);
  });
});

describe('sessions and permissions of the edited user', () => {
  it('ends a deactivated user’s session at once, and lets them back in when reactivated', async () => {
    const target = await accountTarget({ role: 'MANAGER' });
    const session = await signIn(t.app, { email: target.email, accountId: home.shortId });
    expect((await call('GET', '/user', session.token)).statusCode).toBe(200);

    const deactivated = await call('PUT', `/user/${target.id}`, token('ADMINISTRATOR'), {
      ...editBody,
      status: 'DEACTIVATED',
    });
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json().status).toBe('DEACTIVATED');
    const next = await call('GET', '/user', session.token);
    expect(next.statusCode).toBe(401);
    expect(next.json().error).toBe('session-expired');
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, target.id));
    expect(rows.map((row) => row.revokedReason)).toEqual(['disabled']);
    await expect(signIn(t.app, { email: target.email, accountId: home.shortId })).rejects.toThrow(/401/);

    const version = await versionOf(target.id);
    await call('PUT', `/user/${target.id}`, token('ADMINISTRATOR'), { ...editBody, status: 'ACTIVE', version });
    const again = await signIn(t.app, { email: target.email, accountId: home.shortId });
    expect((await call('GET', '/user', again.token)).statusCode).toBe(200);
  });

  it('applies a role change on the user’s next call, with the same token', async () => {
    const target = await accountTarget({ role: 'VIEWER' });
    const session = await signIn(t.app, { email: target.email, accountId: home.shortId });
    expect((await call('GET', '/user', session.token)).statusCode).toBe(403);

    await call('PUT', `/user/${target.id}`, token('ADMINISTRATOR'), { ...editBody, roleId: roleId('MANAGER') });
    expect((await call('GET', '/user', session.token)).statusCode).toBe(200);

    await call('PUT', `/user/${target.id}`, token('ADMINISTRATOR'), {
      ...editBody,
      roleId: roleId('VIEWER'),
      version: await versionOf(target.id),
    });
    expect((await call('GET', '/user', session.token)).statusCode).toBe(403);
  });
});

describe('DELETE /user/:userId', () => {
  it('deletes softly: status DELETED, no password, no usable link, sessions ended at once', async () => {
    const target = await accountTarget();
    const session = await signIn(t.app, { email: target.email, accountId: home.shortId });
    expect((await call('GET', `/account/${home.id}`, session.token)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/forgot',
      payload: { email: target.email, accountId: home.shortId },
    });
    const resetUrl = (await mailbox(target.email)).items[0]!.links[0]!.url;
    const resetToken = resetUrl.match(/\/password\/reset\/([A-Za-z0-9_-]+)/)![1]!;

    const response = await call('DELETE', `/user/${target.id}`, token('ADMINISTRATOR'));
    expect(response.statusCode).toBe(200);
    expect((await call('GET', `/account/${home.id}`, session.token)).statusCode).toBe(401);
    const ended = await t.db.select().from(sessions).where(eq(sessions.userId, target.id));
    expect(ended.map((row) => row.revokedReason)).toEqual(['disabled']);
    expect(await userRow(target.id)).toMatchObject({ status: 'DELETED', passwordHash: null });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/user/reset',
      payload: { token: resetToken, password: DEFAULT_PASSWORD },
    });
    expect(reset.statusCode).toBe(410);

    // Still readable (and listed when asked for), no longer writable.
    const detail = await call('GET', `/user/${target.id}`, token('ADMINISTRATOR'));
    expect(detail.json().status).toBe('DELETED');
    expect((await call('DELETE', `/user/${target.id}`, token('ADMINISTRATOR'))).statusCode).toBe(404);
    expect((await call('PUT', `/user/${target.id}`, token('ADMINISTRATOR'), editBody)).statusCode).toBe(404);
    const listed = userList.parse(
      (await call('GET', `/user?email=${encodeURIComponent(target.email)}`, token('ADMINISTRATOR'))).json(),
    );
    expect(listed.items).toEqual([]);
  });
});

describe('PUT /user/:userId/account', () => {
  it("changes a provider-staff user's links to the caller's accounts, keeping links the caller cannot see", async () => {
    const target = await internalTarget({ accounts: [home, hidden] });
    const response = await call('PUT', `/user/${target.id}/account`, token('PROVIDER_ADMINISTRATOR'), {
      accountIds: [other.id],
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(userSchema.parse(response.json()).accountsList.map((account) => account.shortId)).toEqual(['OTHER']);
    const links = await t.db.select().from(userAccounts).where(eq(userAccounts.userId, target.id));
    expect(links.map((link) => link.accountId).sort()).toEqual([hidden.id, other.id].sort());

    const [entry] = (await activityOf(target.id)).filter((row) => row.actionType === 'UPDATE');
    expect(entry).toMatchObject({
      resourceType: 'USER',
      accountId: null,
      oldValue: { accountIds: [home.id, hidden.id].sort() },
      newValue: { accountIds: [hidden.id, other.id].sort() },
    });
  });

  it('refuses accounts the caller is not linked to, and account users', async () => {
    const target = await internalTarget();
    const refused = await call('PUT', `/user/${target.id}/account`, token('PROVIDER_ADMINISTRATOR'), {
      accountIds: [hidden.id],
      version: 1,
    });
    expect(refused.statusCode).toBe(404);
    const empty = await call('PUT', `/user/${target.id}/account`, token('PROVIDER_ADMINISTRATOR'), {
      accountIds: [],
      version: 1,
    });
    expect(empty.statusCode).toBe(400);
    const accountUser = await accountTarget();
    const wrongType = await call('PUT', `/user/${accountUser.id}/account`, token('PROVIDER_ADMINISTRATOR'), {
      accountIds: [home.id],
      version: 1,
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fields).toHaveProperty('accountIds');
  });
});

describe('the audit entries', () => {
  it('records INSERT, UPDATE and DELETE with old and new values, the actor and the account, and no secrets', async () => {
    const admin = actors.get('ADMINISTRATOR')!;
    const body = accountUserBody({ email: uniqueEmail('audited'), jobTitle: 'Buyer' });
    const created = userSchema.parse((await call('POST', '/user', token('ADMINISTRATOR'), body)).json());
    await call('PUT', `/user/${created.userId}`, token('ADMINISTRATOR'), {
      firstName: 'Nora',
      lastName: 'New',
      jobTitle: 'Head Buyer',
      roleId: roleId('MANAGER'),
      version: 1,
    });
    // Nothing changed: nothing written, nothing logged.
    await call('PUT', `/user/${created.userId}`, token('ADMINISTRATOR'), {
      firstName: 'Nora',
      lastName: 'New',
      jobTitle: 'Head Buyer',
      roleId: roleId('MANAGER'),
      version: 2,
    });
    await call('POST', `/user/${created.userId}/reminder`, token('ADMINISTRATOR'));
    await call('DELETE', `/user/${created.userId}`, token('ADMINISTRATOR'));

    const entries = await activityOf(created.userId);
    expect(entries.map((entry) => entry.actionType)).toEqual(['INSERT', 'UPDATE', 'UPDATE', 'DELETE']);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        resourceType: 'USER',
        userId: admin.id,
        userEmail: admin.email,
        accountId: home.id,
        merchantId: null,
      });
      expect(JSON.stringify([entry.oldValue, entry.newValue])).not.toMatch(/passwordHash|token/i);
    }
    const [insert, update, reminder, remove] = entries;
    expect(insert!.oldValue).toBeNull();
    expect(insert!.newValue).toEqual({
      firstName: 'Nora',
      lastName: 'New',
      email: body.email,
      jobTitle: 'Buyer',
      userType: 'ACCOUNT',
      role: 'VIEWER',
      status: 'INVITED',
      accountIds: [home.id],
    });
    expect(update!.oldValue).toEqual({ jobTitle: 'Buyer', role: 'VIEWER' });
    expect(update!.newValue).toEqual({ jobTitle: 'Head Buyer', role: 'MANAGER' });
    expect(reminder!.newValue).toHaveProperty('invitationSentAt');
    expect(remove!.oldValue).toMatchObject({ email: body.email, role: 'MANAGER', status: 'INVITED' });
    expect(remove!.newValue).toBeNull();
  });

  it('records status changes, and provider-staff users with no account', async () => {
    const target = await accountTarget();
    await call('PUT', `/user/${target.id}`, token('ADMINISTRATOR'), { ...editBody, status: 'DEACTIVATED' });
    const [statusEntry] = await activityOf(target.id);
    expect(statusEntry!.oldValue).toEqual({ firstName: 'Test', lastName: 'User', jobTitle: '', status: 'ACTIVE' });
    expect(statusEntry!.newValue).toEqual({ ...editFields, status: 'DEACTIVATED' });

    const created = userSchema.parse(
      (await call('POST', '/user/admin', token('PROVIDER_ADMINISTRATOR'), internalUserBody())).json(),
    );
    const [insert] = await activityOf(created.userId);
    expect(insert).toMatchObject({
      actionType: 'INSERT',
      accountId: null,
      userId: actors.get('PROVIDER_ADMINISTRATOR')!.id,
    });
  });
});
