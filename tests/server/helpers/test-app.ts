import { randomBytes, randomUUID } from 'node:crypto';
import { type SessionResponse, sessionResponse } from '@domain/contract/auth';
import { ROLE_DEFINITIONS } from '@domain/roles';
import { buildApp } from '@server/app';
import { hashPassword } from '@server/areas/auth/passwords';
import { loadConfig, type ServerConfig } from '@server/config';
import type { Database, Db } from '@server/db/client';
import { accounts, merchants, roles, userAccounts, users } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { copyOfPrepared, newDatabase, type PreparedDatabaseOptions } from './prepared-databases';

// Shared server test helpers: a fresh database per test file, an app with a controllable clock, and fixtures.

/** A password every rule of the password form accepts. */
export const DEFAULT_PASSWORD = 'Correct-horse-42';

const suffix = () => randomBytes(4).toString('hex');

/**
 * A fresh, migrated database: PGlite in memory, or a throwaway database on the PostgreSQL server named by
 * TEST_DATABASE_URL (dropped on close); a copy of the migrated state prepared once (prepared-databases.ts), or of
 * the state the options name (a demo world).
 */
export function createTestDatabase(options?: PreparedDatabaseOptions): Promise<Database> {
  return options ? newDatabase(options) : copyOfPrepared('migrated', async () => {});
}

export interface TestClock {
  now(): number;
  advance(ms: number): void;
  set(ms: number): void;
}

export function createClock(start = Date.now()): TestClock {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (ms) => {
      current = ms;
    },
  };
}

/** Inserts the role matrix; safe to call twice. */
export async function insertRoles(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values(
      ROLE_DEFINITIONS.map((role) => ({
        name: role.name,
        prettyName: role.prettyName,
        isInternal: role.internal,
        allAllowed: role.allAllowed ?? false,
        permissions: [...role.permissions],
      })),
    )
    .onConflictDoNothing();
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: ServerConfig;
  clock: TestClock;
  close(): Promise<void>;
}

export interface BuildTestAppOptions {
  /** Start time of the controllable clock (ms since epoch); defaults to the real time. */
  now?: number;
  configOverrides?: Partial<ServerConfig>;
  /** Reuse a database (the caller closes it); otherwise a fresh one is made and closed with the app. */
  database?: Database;
}

export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  await insertRoles(database.db);
  const clock = createClock(options.now);
  const config = loadConfig({}, { logLevel: 'silent', serveConsole: false, ...options.configOverrides });
  const app = await buildApp({ config, database, now: clock.now });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    clock,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

// ---- Fixtures ----

export type AccountRow = typeof accounts.$inferSelect;
export type MerchantRow = typeof merchants.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export async function createAccount(
  db: Db,
  input: { prettyName?: string; shortId?: string; hasChargebacksFeature?: boolean; image?: string | null } = {},
): Promise<AccountRow> {
  const tag = suffix();
  const [row] = await db
    .insert(accounts)
    .values({
      prettyName: input.prettyName ?? `Account ${tag}`,
      shortId: input.shortId ?? `ACC${tag.toUpperCase()}`,
      hasChargebacksFeature: input.hasChargebacksFeature ?? true,
      image: input.image ?? null,
    })
    .returning();
  return row!;
}

export async function createMerchant(
  db: Db,
  accountId: string,
  partial: Partial<typeof merchants.$inferInsert> = {},
): Promise<MerchantRow> {
  const tag = suffix();
  const [row] = await db
    .insert(merchants)
    .values({
      accountId,
      prettyName: `Merchant ${tag}`,
      merchantLegalName: `Merchant ${tag} S.L.`,
      vatNumber: `ESB${tag}`,
      corporateUrl: `https://merchant-${tag}.example`,
      dba: `Shop ${tag}`,
      mccCode: '5732',
      street: '1 Gran Via',
      city: 'Madrid',
      zipCode: '28013',
      country: 'ES',
      email: `contact-${tag}@merchant.example`,
      phone: '+34 600 000 000',
      supportUrl: `https://merchant-${tag}.example/support`,
      supportEmail: `support-${tag}@merchant.example`,
      supportPhone: '+34 600 000 001',
      webhooksNotificationsUrl: `https://merchant-${tag}.example/hooks`,
      successRedirectUrl: `https://merchant-${tag}.example/ok`,
      failedRedirectUrl: `https://merchant-${tag}.example/ko`,
      publicKey: `pk_${randomBytes(16).toString('hex')}`,
      privateKey: `sk_${randomBytes(24).toString('hex')}`,
      ...partial,
    })
    .returning();
  return row!;
}

export interface CreateUserInput {
  email?: string;
  role: string;
  type: 'ACCOUNT' | 'INTERNAL';
  accountIds?: string[];
  /** Null leaves the user without a password (an invitation not yet accepted). */
  password?: string | null;
  status?: 'INVITED' | 'ACTIVE' | 'DEACTIVATED' | 'DELETED';
  firstName?: string;
  lastName?: string;
}

/** A user with a hashed password (DEFAULT_PASSWORD unless given), linked to the accounts. */
export async function createUser(db: Db, input: CreateUserInput): Promise<UserRow & { password: string | null }> {
  const [role] = await db.select().from(roles).where(eq(roles.name, input.role));
  if (!role) throw new Error(`Unknown role ${input.role}: did the test app insert the roles?`);
  const password = input.password === undefined ? DEFAULT_PASSWORD : input.password;
  const [user] = await db
    .insert(users)
    .values({
      email: input.email ?? `user-${suffix()}@merchant.example`,
      firstName: input.firstName ?? 'Test',
      lastName: input.lastName ?? 'User',
      userType: input.type,
      roleId: role.id,
      status: input.status ?? (password === null ? 'INVITED' : 'ACTIVE'),
      passwordHash: password === null ? null : await hashPassword(password),
    })
    .returning();
  const accountIds = input.accountIds ?? [];
  if (accountIds.length) {
    await db.insert(userAccounts).values(accountIds.map((accountId) => ({ userId: user!.id, accountId })));
  }
  return { ...user!, password };
}

/**
 * Signs in through the real endpoints: the account sign-in when accountId (short ID or id) is given, the admin
 * sign-in otherwise. Throws with the response body when the sign-in fails.
 */
export async function signIn(
  app: FastifyInstance,
  input: { email: string; password?: string; accountId?: string; remoteAddress?: string },
): Promise<SessionResponse> {
  const password = input.password ?? DEFAULT_PASSWORD;
  const response = await app.inject({
    method: 'POST',
    url: input.accountId ? '/api/user/login' : '/api/user/admin/login',
    payload: input.accountId
      ? { username: input.email, password, accountId: input.accountId }
      : { username: input.email, password },
    remoteAddress: input.remoteAddress ?? `10.${rand255()}.${rand255()}.${rand255()}`,
  });
  if (response.statusCode !== 200) throw new Error(`Sign-in failed (${response.statusCode}): ${response.body}`);
  return sessionResponse.parse(response.json());
}

const rand255 = () => Math.floor(Math.random() * 255);

export const authHeader = (token: string) => ({ authorization: `Bearer ${token}` });

/** A unique e-mail for a test user. */
export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@merchant.example`;

/**
 * A new, signed-in user of the role: provider staff (INTERNAL) for PROVIDER_* roles, signed in through the admin
 * sign-in; an account user of `account` otherwise, signed in to it.
 */
export async function signedInAs(
  t: Pick<TestApp, 'app' | 'db'>,
  role: string,
  account: Pick<AccountRow, 'id' | 'shortId'>,
  input: Partial<Omit<CreateUserInput, 'role'>> = {},
): Promise<{ user: UserRow & { password: string | null }; token: string }> {
  const internal = role.startsWith('PROVIDER_');
  const user = await createUser(t.db, {
    type: internal ? 'INTERNAL' : 'ACCOUNT',
    accountIds: [account.id],
    ...input,
    role,
  });
  const session = await signIn(t.app, { email: user.email, accountId: internal ? undefined : account.shortId });
  return { user, token: session.token };
}
