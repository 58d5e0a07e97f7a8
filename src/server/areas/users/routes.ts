import { okResponse } from '@domain/contract/auth';
import { errorBody } from '@domain/contract/common';
import {
  accountUserCreate,
  internalUserCreate,
  roleList,
  userAccountsUpdate,
  userExportQuery,
  userList,
  userListQuery,
  userParams,
  user as userSchema,
  userUpdate,
} from '@domain/contract/users';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { roles, users } from '../../db/schema';
import { runList } from '../../lib/list';
import { type AuthContext, readDb, requirePermission } from '../../plugins/auth';
import { forbidden, notFound } from '../../plugins/errors';
import { usersExport } from './export';
import { loadUsers, toUser, USER_DEFAULT_ORDER, USER_SORTABLE, userListWhere } from './queries';
import {
  canManageInternalUsers,
  createUser,
  deleteUser,
  findVisibleUser,
  remindUser,
  updateUser,
  updateUserAccounts,
} from './service';

const tags = ['users'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** A preHandler letting through callers holding at least one of the permissions (403 otherwise). */
function requireAnyPermission(...permissions: string[]) {
  return async (request: { auth: AuthContext }) => {
    if (!permissions.some((permission) => can(request.auth, permission))) throw forbidden();
  };
}

export const usersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  deps.exports.register(usersExport);
  /** Mail goes out after commit; a failed delivery stays queued in the outbox and never fails the call. */
  const deliverMail = () => deps.mailer.flush().catch((error) => app.log.error({ err: error }, 'mail delivery failed'));
  const userById = async (auth: AuthContext, userId: string) => {
    const [found] = await loadUsers(db, [userId], auth);
    if (!found) throw notFound();
    return found;
  };

  app.get(
    '/user',
    {
      preHandler: requirePermission(P.userRead),
      schema: {
        tags,
        summary: 'Users the caller may see: their accounts’ users, and provider staff for provider staff',
        querystring: userListQuery,
        response: { 200: userList, ...errors },
      },
    },
    async (request) => {
      const { query, auth } = request;
      const where = userListWhere(auth, query);
      const db = readDb(deps, request);
      const page = await runList(db, {
        query,
        sortable: USER_SORTABLE,
        defaultOrder: USER_DEFAULT_ORDER,
        tiebreaker: users.id,
        count: db.select({ one: sql`1` }).from(users).where(where).$dynamic(),
        page: ({ orderBy, limit, offset }) =>
          db
            .select({ id: users.id })
            .from(users)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
      });
      const items = await loadUsers(
        db,
        page.items.map((row) => row.id),
        auth,
      );
      return { count: items.length, total: page.total, items };
    },
  );

  app.get(
    '/user/export',
    {
      preHandler: requirePermission(P.userRead),
      schema: {
        tags,
        summary: 'Export the users of the list (CSV; 406 above 10,000 rows unless e-mailed)',
        querystring: userExportQuery,
        response: { 204: z.null(), 406: errorBody, 422: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      await deps.exports.send(request, reply, usersExport, { params: {}, query: request.query });
    },
  );

  app.get(
    '/role',
    {
      preHandler: requireAnyPermission(
        P.userRead,
        P.userSelect,
        P.accountUserCreate,
        P.accountUserUpdate,
        P.internalUserCreate,
        P.internalUserUpdate,
      ),
      schema: {
        tags,
        summary: 'Roles; internal roles only for callers who manage provider staff',
        response: { 200: roleList, ...errors },
      },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(roles)
        .where(canManageInternalUsers(request.auth) ? undefined : eq(roles.isInternal, false))
        .orderBy(asc(roles.isInternal), asc(roles.prettyName));
      const items = rows.map((role) => ({
        id: role.id,
        name: role.name,
        prettyName: role.prettyName,
        internal: role.isInternal,
      }));
      return { count: items.length, total: items.length, items };
    },
  );

  app.get(
    '/user/:userId',
    {
      preHandler: requirePermission(P.userSelect),
      schema: { tags, summary: 'One user', params: userParams, response: { 200: userSchema, ...errors } },
    },
    async (request) => {
      return toUser(await findVisibleUser(readDb(deps, request), request.auth, request.params.userId), request.auth);
    },
  );

  app.post(
    '/user',
    {
      preHandler: requirePermission(P.accountUserCreate),
      schema: {
        tags,
        summary: 'Invite an account user to one of the caller’s accounts',
        body: accountUserCreate,
        response: { 201: userSchema, 409: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const userId = await createUser(deps, request.auth, request.body);
      deliverMail();
      return reply.code(201).send(await userById(request.auth, userId));
    },
  );

  app.post(
    '/user/admin',
    {
      preHandler: requirePermission(P.internalUserCreate),
      schema: {
        tags,
        summary: 'Invite a provider-staff (internal) user, linked to some of the caller’s accounts',
        body: internalUserCreate,
        response: { 201: userSchema, 409: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const userId = await createUser(deps, request.auth, request.body);
      deliverMail();
      return reply.code(201).send(await userById(request.auth, userId));
    },
  );

  app.put(
    '/user/:userId',
    {
      preHandler: requireAnyPermission(P.accountUserUpdate, P.internalUserUpdate),
      schema: {
        tags,
        summary:
          "Edit a user (the e-mail cannot change) with the version it was opened on; over another user's save, 409 " +
          'user-changed',
        params: userParams,
        body: userUpdate,
        response: { 200: userSchema, 409: errorBody, ...errors },
      },
    },
    async (request) => {
      await updateUser(deps, request.auth, request.params.userId, request.body);
      return userById(request.auth, request.params.userId);
    },
  );

  app.delete(
    '/user/:userId',
    {
      preHandler: requireAnyPermission(P.accountUserDelete, P.internalUserDelete),
      schema: { tags, summary: 'Delete a user', params: userParams, response: { 200: okResponse, ...errors } },
    },
    async (request) => {
      await deleteUser(deps, request.auth, request.params.userId);
      return { ok: true as const };
    },
  );

  app.post(
    '/user/:userId/reminder',
    {
      preHandler: requireAnyPermission(P.accountUserCreate, P.internalUserCreate),
      schema: {
        tags,
        summary: 'Send an invited user a new invitation link',
        params: userParams,
        response: { 200: okResponse, 409: errorBody, ...errors },
      },
    },
    async (request) => {
      await remindUser(deps, request.auth, request.params.userId);
      deliverMail();
      return { ok: true as const };
    },
  );

  app.put(
    '/user/:userId/account',
    {
      preHandler: requirePermission(P.internalUserUpdate),
      schema: {
        tags,
        summary: "The accounts of a provider-staff user, with the user's version (409 user-changed when stale)",
        params: userParams,
        body: userAccountsUpdate,
        response: { 200: userSchema, 409: errorBody, ...errors },
      },
    },
    async (request) => {
      await updateUserAccounts(
        deps,
        request.auth,
        request.params.userId,
        request.body.accountIds,
        request.body.version,
      );
      return userById(request.auth, request.params.userId);
    },
  );
};
