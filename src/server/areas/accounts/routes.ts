import {
  accountAcquirerList,
  accountAcquirerQuery,
  accountList,
  accountListQuery,
  accountParams,
  accountSave,
  account as accountSchema,
  accountSolutionList,
  accountUpdate,
  acquirerList,
} from '@domain/contract/accounts';
import { errorBody } from '@domain/contract/common';
import { PERMISSIONS as P } from '@domain/permissions';
import { and, asc, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { accounts, acquirers } from '../../db/schema';
import { runList } from '../../lib/list';
import { assertAccountAccess, readDb, requirePermission } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import {
  ACCOUNT_SORTABLE,
  accountSearch,
  assertMerchantOfAccount,
  loadAccountProviders,
  loadAccountSolutions,
  loadAccounts,
  visibleAccounts,
} from './queries';
import { createAccount, deleteAccount, updateAccount } from './service';

const tags = ['accounts'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const writeErrors = { ...errors, 409: errorBody };
const saved = z.object({ accountId: z.string(), changed: z.boolean() });

export const accountsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  app.get(
    '/account',
    {
      preHandler: requirePermission(P.accountRead),
      schema: {
        tags,
        summary: 'Accounts linked to the calling provider-staff user',
        querystring: accountListQuery,
        response: { 200: accountList, ...errors },
      },
    },
    async (request) => {
      const { query } = request;
      const where = and(visibleAccounts(request.auth.accountIds), accountSearch(query.search, query.searchType));
      const db = readDb(deps, request);
      const page = await runList(db, {
        query,
        sortable: ACCOUNT_SORTABLE,
        defaultOrder: 'prettyName',
        tiebreaker: accounts.id,
        count: db.select({ one: sql`1` }).from(accounts).where(where).$dynamic(),
        page: ({ orderBy, limit, offset }) =>
          db
            .select({ id: accounts.id })
            .from(accounts)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
      });
      const items = await loadAccounts(
        db,
        page.items.map((row) => row.id),
      );
      return { count: items.length, total: page.total, items };
    },
  );

  app.get(
    '/account/:accountId',
    {
      schema: {
        tags,
        summary: 'One account the caller may act on',
        params: accountParams,
        response: { 200: accountSchema, ...errors },
      },
    },
    async (request) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      const [found] = await loadAccounts(readDb(deps, request), [accountId]);
      if (!found) throw notFound();
      return found;
    },
  );

  app.get(
    '/acquirer',
    { schema: { tags, summary: 'Acquirers (providers) of the platform', response: { 200: acquirerList, ...errors } } },
    async () => {
      const items = await db
        .select({ id: acquirers.id, prettyName: acquirers.prettyName, description: acquirers.description })
        .from(acquirers)
        .orderBy(asc(acquirers.prettyName));
      return { count: items.length, total: items.length, items };
    },
  );

  app.post(
    '/account',
    {
      preHandler: requirePermission(P.accountCreate),
      schema: {
        tags,
        summary: 'Create an account with its providers and solutions (provider staff)',
        body: accountSave,
        response: { 201: saved, ...writeErrors },
      },
    },
    async (request, reply) => {
      const accountId = await createAccount(deps, request.auth, request.body);
      reply.code(201);
      return { accountId, changed: true };
    },
  );

  app.put(
    '/account/:accountId',
    {
      preHandler: requirePermission(P.accountUpdate),
      schema: {
        tags,
        summary:
          'Save the name, providers and solutions with the version they were opened on. Removing what a MID or ' +
          "payments use answers 409 account-in-use; a save over another user's (an old version) answers 409 " +
          'account-changed.',
        params: accountParams,
        body: accountUpdate,
        response: { 200: saved, ...writeErrors },
      },
    },
    async (request) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      const changed = await updateAccount(deps, request.auth, accountId, request.body);
      return { accountId, changed };
    },
  );

  app.delete(
    '/account/:accountId',
    {
      preHandler: requirePermission(P.accountDelete),
      schema: {
        tags,
        summary: 'Delete an account without merchants or account users (else 409 cant-delete-account)',
        params: accountParams,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      await deleteAccount(deps, request.auth, accountId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/account/:accountId/acquirer',
    {
      schema: {
        tags,
        summary:
          "The account's providers with their solutions and whether a MID or payments use them; merchantId narrows " +
          "'in use' to that merchant, from=TXS keeps only what carried payments",
        params: accountParams,
        querystring: accountAcquirerQuery,
        response: { 200: accountAcquirerList, ...errors },
      },
    },
    async (request) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      const { query } = request;
      if (query.merchantId) await assertMerchantOfAccount(db, accountId, query.merchantId);
      const items = await loadAccountProviders(db, accountId, {
        merchantId: query.merchantId,
        fromTransactions: query.from === 'TXS',
        withSolutions: query.withSolutions !== 'false',
      });
      return { count: items.length, total: items.length, items };
    },
  );

  app.get(
    '/account/:accountId/solution',
    {
      schema: {
        tags,
        summary: "Every solution of the account's providers",
        params: accountParams,
        response: { 200: accountSolutionList, ...errors },
      },
    },
    async (request) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      const items = await loadAccountSolutions(db, accountId);
      return { count: items.length, total: items.length, items };
    },
  );
};
