import { errorBody } from '@domain/contract/common';
import { type SearchHit, searchQuery, searchResponse } from '@domain/contract/search';
import { can, PERMISSIONS as P } from '@domain/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { searchAccounts, searchMerchants } from './queries';

// What the command palette asks as the user types. It answers only what the caller may open: their accounts
// (linked accounts for staff, the signed-in account for account users) and, with merchant.read, those accounts'
// merchants. Accounts come first; the ranking and the indexes behind it are in queries.ts.

const errors = { 400: errorBody, 401: errorBody };

export const searchRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Accounts and merchants the caller may open, by name, short ID or identifier prefix',
        querystring: searchQuery,
        response: { 200: searchResponse, ...errors },
      },
    },
    async (request) => {
      const { auth } = request;
      const text = request.query.q.toLowerCase();
      const limit = request.query.limit;
      if (auth.accountIds.length === 0) return { items: [] };
      const scope = { userId: auth.userId, accountIds: auth.accountIds };
      // Side by side, a round trip less a keystroke: the merchants fill what room the accounts leave.
      const [accountRows, merchantRows] = await Promise.all([
        searchAccounts(db, text, scope, limit),
        can(auth, P.merchantRead) ? searchMerchants(db, text, scope, limit, request.query.accountId) : [],
      ]);
      const items: SearchHit[] = accountRows.map((row) => ({
        kind: 'account',
        id: row.id,
        accountId: row.id,
        title: row.prettyName,
        subtitle: `Account ${row.shortId}`,
      }));
      for (const row of merchantRows.slice(0, limit - items.length)) {
        items.push({
          kind: 'merchant',
          id: row.id,
          accountId: row.accountId,
          title: row.prettyName,
          subtitle: `${row.merchantLegalName} · ${row.accountName}`,
        });
      }
      return { items };
    },
  );
};
