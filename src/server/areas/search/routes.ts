import { errorBody } from '@domain/contract/common';
import {
  MERCHANT_NAME_SOURCES,
  NAME_SOURCE_PERMISSIONS,
  type SearchHit,
  searchNamesQuery,
  searchNamesResponse,
  searchQuery,
  searchResponse,
} from '@domain/contract/search';
import { can, PERMISSIONS as P } from '@domain/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { assertAccountAccess } from '../../plugins/auth';
import { ApiError, notFound } from '../../plugins/errors';
import { assertMerchantOfAccount } from '../accounts/queries';
import { hasChargebacksFeature } from '../chargebacks/queries';
import { searchNames } from './names';
import { searchAccounts, searchMerchants } from './queries';

// What the command palette asks as the user types. It answers only what the caller may open: their accounts
// (linked accounts for staff, the signed-in account for account users) and, with merchant.read, those accounts'
// merchants. Accounts come first; the ranking and the indexes behind it are in queries.ts.

const errors = { 400: errorBody, 401: errorBody };
const nameErrors = { ...errors, 403: errorBody, 404: errorBody };

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

  // The query language's completion (issue 26): names of one kind of record in one account, as a value is typed.
  // Each source takes its list's permissions; another tenant's account or merchant answers 404 as if unknown.
  app.get(
    '/search/names',
    {
      schema: {
        tags: ['search'],
        summary: 'Names of merchants, MIDs, routes, plans or chargeback agents of one account, by what is typed',
        querystring: searchNamesQuery,
        response: { 200: searchNamesResponse, ...nameErrors },
      },
    },
    async (request) => {
      const { auth } = request;
      const { source, q, limit, merchantId } = request.query;
      for (const permission of NAME_SOURCE_PERMISSIONS[source]) {
        if (!can(auth, permission)) throw new ApiError(403, 'resource-not-found');
      }
      const accountId = assertAccountAccess(auth, request.query.accountId);
      if (merchantId !== undefined) {
        if (!MERCHANT_NAME_SOURCES.includes(source))
          throw new ApiError(400, 'form-not-validated', 'Form not validated', {
            fields: { merchantId: `The ${source} are not kept per merchant` },
          });
        await assertMerchantOfAccount(db, accountId, merchantId);
      }
      if (source === 'agents' && !(await hasChargebacksFeature(db, accountId))) throw notFound();
      // A newer keystroke aborts this request: the tiers not yet read are not worth reading.
      const stillWanted = () => !request.raw.aborted && request.raw.socket?.destroyed !== true;
      const items = await searchNames(db, source, q, { accountId, merchantId }, limit, stillWanted);
      return { items };
    },
  );
};
