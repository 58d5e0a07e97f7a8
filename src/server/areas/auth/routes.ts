import {
  adminForgotBody,
  adminLoginBody,
  forgotBody,
  loginBody,
  okResponse,
  passwordLinkQuery,
  passwordLinkStatus,
  renewBody,
  resetBody,
  sessionResponse,
} from '@domain/contract/auth';
import { errorBody } from '@domain/contract/common';
import { isIdentifier } from '@domain/ids';
import fastifyCookie from '@fastify/cookie';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../db/client';
import { accounts, roles, userAccounts, users } from '../../db/schema';
import { recordActivity } from '../../lib/audit';
import { takeRateLimits, takeRateLimitsOrThrow } from '../../lib/rate-limit';
import { resolveAuth } from '../../plugins/auth';
import { ApiError, notFound } from '../../plugins/errors';
import { createDeviceCookies, DEVICE_COOKIE_MAX_AGE_SECONDS } from './device-cookies';
import { attemptIdentity, forgotAddressRule, resetMailRule, signInRules } from './limits';
import { createResetLink, inspectLink, usePasswordLink } from './password-links';
import { verifyPassword } from './passwords';
import { createSession, renewSession, revokeSession } from './session-service';

const invalidCredentials = () => new ApiError(401, 'invalid-login-credentials');

/** The account named by what the user typed: its short ID (any case) or its identifier. */
async function findAccount(db: Queryable, typed: string) {
  const value = typed.trim();
  const lowered = value.toLowerCase();
  const [account] = await db
    .select()
    .from(accounts)
    .where(isIdentifier(value) ? eq(accounts.id, value) : sql`lower(${accounts.shortId}) = ${lowered}`);
  return account;
}

async function findUser(db: Queryable, email: string) {
  const [row] = await db
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

async function isLinked(db: Queryable, userId: string, accountId: string) {
  const [link] = await db
    .select({ userId: userAccounts.userId })
    .from(userAccounts)
    .where(and(eq(userAccounts.userId, userId), eq(userAccounts.accountId, accountId)));
  return Boolean(link);
}

const publicRoute = { tags: ['auth'], security: [] };
const errors = { 400: errorBody, 401: errorBody, 429: errorBody };

export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config } = deps;
  // Cookies are read and set by the sign-in calls only (device cookies), so the plugin lives in this scope.
  await app.register(fastifyCookie);
  const devices = createDeviceCookies(deps.signer.deriveKey('device-cookie'));
  const secureCookies = config.publicUrl.startsWith('https:');

  /**
   * One path for both sign-ins. The attempt is counted (lib/rate-limit.ts) before the password is checked, so parallel
   * guesses cannot outrun the limit; a successful sign-in gives its count back, so only failures add up. Every refusal
   * (unknown e-mail, wrong password, wrong account, wrong kind of user, inactive user) answers the same 401 after the
   * same password check, so nothing tells them apart.
   */
  async function signIn(
    input: { email: string; password: string; accountTyped: string | null },
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const wantsStaff = input.accountTyped === null;
    const account = input.accountTyped === null ? undefined : await findAccount(db, input.accountTyped);
    const identity = attemptIdentity(
      input.email,
      input.accountTyped === null ? 'admin' : (account?.id ?? input.accountTyped),
    );
    const found = await findUser(db, input.email);
    const cookieName = devices.name(identity);
    const deviceId = found
      ? devices.verify(request.cookies[cookieName], { identity, userId: found.user.id }, deps.now())
      : null;
    const lease = await takeRateLimitsOrThrow(
      db,
      signInRules(config.loginLimit, { identity, address: request.ip, deviceId }),
      { now: deps.now(), errorKey: 'invalid-login-credentials' },
    );
    const passwordOk = await verifyPassword(found?.user.passwordHash, input.password);
    const allowed =
      found !== undefined &&
      passwordOk &&
      found.user.status === 'ACTIVE' &&
      (wantsStaff
        ? found.user.userType === 'INTERNAL'
        : found.user.userType === 'ACCOUNT' &&
          account !== undefined &&
          (await isLinked(db, found.user.id, account.id)));
    if (!allowed || !found) throw invalidCredentials();
    await lease.release();
    const session = await createSession(deps, {
      user: found.user,
      role: found.role,
      accountId: wantsStaff ? null : account!.id,
      userAgent: request.headers['user-agent'],
      ip: request.ip,
    });
    // A fresh device id on every success: this browser is now a known device for this user and sign-in.
    reply.setCookie(cookieName, devices.issue({ identity, userId: found.user.id }, deps.now()), {
      path: request.routeOptions.url ?? request.url,
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
    return session;
  }

  app.post(
    '/user/login',
    {
      schema: {
        ...publicRoute,
        summary: 'Account user sign-in (account short ID or identifier)',
        body: loginBody,
        response: { 200: sessionResponse, ...errors },
      },
    },
    async (request, reply) =>
      signIn(
        { email: request.body.username, password: request.body.password, accountTyped: request.body.accountId },
        request,
        reply,
      ),
  );

  app.post(
    '/user/admin/login',
    {
      schema: {
        ...publicRoute,
        summary: 'Provider staff sign-in',
        body: adminLoginBody,
        response: { 200: sessionResponse, ...errors },
      },
    },
    async (request, reply) =>
      signIn({ email: request.body.username, password: request.body.password, accountTyped: null }, request, reply),
  );

  app.post(
    '/user/logout',
    { schema: { tags: ['auth'], summary: 'End the current session', response: { 200: okResponse, 401: errorBody } } },
    async (request) => {
      const auth = await resolveAuth(deps, request.headers.authorization);
      await revokeSession(db, auth.sessionId, 'logout', deps.now());
      return { ok: true as const };
    },
  );

  app.post(
    '/user/renew',
    {
      schema: {
        ...publicRoute,
        summary: 'Trade a refresh token for a new token pair (the refresh token is single-use)',
        body: renewBody,
        response: { 200: sessionResponse, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => renewSession(deps, request.body.refreshToken),
  );

  app.get(
    '/user/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'Who the bearer token belongs to, with current permissions and accounts',
        response: { 200: sessionResponse.omit({ token: true, refreshToken: true, expiresIn: true }), 401: errorBody },
      },
    },
    async (request) => {
      const auth = await resolveAuth(deps, request.headers.authorization);
      const linked = auth.accountIds.length
        ? await db
            .select({ accountId: accounts.id, shortId: accounts.shortId, prettyName: accounts.prettyName })
            .from(accounts)
            .where(inArray(accounts.id, [...auth.accountIds]))
            .orderBy(accounts.prettyName)
        : [];
      return {
        permissions: [...auth.permissions],
        allAllowed: auth.allAllowed === true,
        isProviderStaff: auth.isProviderStaff,
        email: auth.email,
        userId: auth.userId,
        fullName: auth.fullName,
        accounts: linked,
      };
    },
  );

  /**
   * The forgot calls name existing e-mails on purpose (the spec's 'Not existing email'). Every request counts against
   * its address (429 past the limit, which slows probing). A user gets at most RESET_MAILS_PER_HOUR e-mails: later
   * requests answer the same but send nothing, and the last link sent stays valid.
   */
  async function forgot(email: string, accountTyped: string | null, ip: string) {
    await takeRateLimitsOrThrow(db, [forgotAddressRule(config.loginLimit, ip)], {
      now: deps.now(),
      errorKey: 'too-many-requests',
    });
    const account = accountTyped === null ? undefined : await findAccount(db, accountTyped);
    const found = await findUser(db, email);
    const matches =
      found !== undefined &&
      (found.user.status === 'ACTIVE' || found.user.status === 'INVITED') &&
      (accountTyped === null
        ? found.user.userType === 'INTERNAL'
        : found.user.userType === 'ACCOUNT' &&
          account !== undefined &&
          (await isLinked(db, found.user.id, account.id)));
    if (!matches || !found) throw new ApiError(404, 'not-existing-email');
    const mail = await takeRateLimits(db, [resetMailRule(found.user.id)], { now: deps.now() });
    if (!mail.allowed) {
      app.log.info({ userId: found.user.id }, 'reset e-mail limit reached: nothing sent');
      return { ok: true as const };
    }
    await db.transaction((tx) => createResetLink(tx, found.user, deps));
    deps.mailer.flush().catch((error) => app.log.error({ err: error }, 'mail delivery failed'));
    return { ok: true as const };
  }

  app.post(
    '/user/forgot',
    {
      schema: {
        ...publicRoute,
        summary: 'E-mail a password reset link to an account user',
        body: forgotBody,
        response: { 200: okResponse, 400: errorBody, 404: errorBody, 429: errorBody },
      },
    },
    async (request) => forgot(request.body.email, request.body.accountId, request.ip),
  );

  app.post(
    '/user/admin/forgot',
    {
      schema: {
        ...publicRoute,
        summary: 'E-mail a password reset link to a provider staff user',
        body: adminForgotBody,
        response: { 200: okResponse, 400: errorBody, 404: errorBody, 429: errorBody },
      },
    },
    async (request) => forgot(request.body.email, null, request.ip),
  );

  app.post(
    '/user/reset',
    {
      schema: {
        ...publicRoute,
        summary: 'Set a password through a reset or invitation link (single use, 24 hours)',
        body: resetBody,
        response: { 200: okResponse, 400: errorBody, 410: errorBody },
      },
    },
    async (request) => {
      await usePasswordLink(db, request.body, deps.now());
      return { ok: true as const };
    },
  );

  app.get(
    '/user/password-link',
    {
      schema: {
        ...publicRoute,
        summary: 'Whether a password link is still usable, and its kind',
        querystring: passwordLinkQuery,
        response: { 200: passwordLinkStatus, 400: errorBody },
      },
    },
    async (request) => {
      const link = await inspectLink(db, request.query.token, deps.now());
      return { state: link.state, kind: link.kind, expiresAt: link.expiresAt?.toISOString() ?? null };
    },
  );

  app.put(
    '/user/:userId/unsubscribe',
    {
      schema: {
        ...publicRoute,
        summary: 'Stop e-mails to a user (the link in every e-mail)',
        params: z.object({ userId: z.string() }),
        response: { 200: okResponse, 404: errorBody },
      },
    },
    async (request) => {
      const { userId } = request.params;
      if (!isIdentifier(userId)) throw notFound();
      await db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!user) throw notFound();
        if (user.unsubscribedAt) return;
        const at = new Date(deps.now());
        await tx.update(users).set({ unsubscribedAt: at, updatedAt: at }).where(eq(users.id, userId));
        await recordActivity(tx, {
          actor: null,
          actionType: 'UPDATE',
          resourceType: 'USER',
          resourceId: userId,
          oldValue: { unsubscribedAt: null },
          newValue: { unsubscribedAt: at },
        });
      });
      return { ok: true as const };
    },
  );
};
