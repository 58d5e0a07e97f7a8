import {
  accountList,
  accountListQuery,
  accountParams,
  account as accountSchema,
  acquirerList,
} from '@domain/contract/accounts';
import { errorBody } from '@domain/contract/common';
import { PERMISSIONS as P } from '@domain/permissions';
import { and, asc, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { accounts, acquirers } from '../../db/schema';
import { runList } from '../../lib/list';
import { assertAccountAccess, requirePermission } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { ACCOUNT_SORTABLE, accountSearch, loadAccounts, visibleAccounts } from './queries';

const tags = ['accounts'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export const accountsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
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
      const [found] = await loadAccounts(db, [accountId]);
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
};
