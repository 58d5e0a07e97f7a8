import { accountParams } from '@domain/contract/accounts';
import { errorBody } from '@domain/contract/common';
import {
  apiKeyName,
  apiKeyResponse,
  merchantKeyParams,
  merchantList,
  merchantListQuery,
  merchantParams,
  merchantSave,
  merchantSaved,
  merchant as merchantSchema,
  merchantUpdate,
} from '@domain/contract/merchants';
import { isIdentifier } from '@domain/ids';
import { PERMISSIONS as P } from '@domain/permissions';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../db/client';
import { accounts, merchants } from '../../db/schema';
import { runList } from '../../lib/list';
import { assertAccountAccess, readDb, requirePermission } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { MERCHANT_SORTABLE, merchantColumns, merchantSearch, toMerchant } from './queries';
import { createMerchant, updateMerchant } from './service';

const tags = ['merchants'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const writeErrors = { ...errors, 409: errorBody };

/**
 * The merchant only when it belongs to the account: a merchant of another account answers 404 exactly like an
 * unknown one.
 */
function merchantOf(accountId: string, merchantId: string): ReturnType<typeof and> {
  if (!isIdentifier(merchantId)) throw notFound();
  return and(eq(merchants.accountId, accountId), eq(merchants.id, merchantId));
}

async function findMerchant(db: Queryable, accountId: string, merchantId: string) {
  const [row] = await db
    .select(merchantColumns)
    .from(merchants)
    .innerJoin(accounts, eq(accounts.id, merchants.accountId))
    .where(merchantOf(accountId, merchantId));
  if (!row) throw notFound();
  return row;
}

export const merchantsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  app.get(
    '/account/:accountId/merchant',
    {
      preHandler: requirePermission(P.merchantRead),
      schema: {
        tags,
        summary: 'Merchants of an account',
        params: accountParams,
        querystring: merchantListQuery,
        response: { 200: merchantList, ...errors },
      },
    },
    async (request) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      const { query } = request;
      const where = and(eq(merchants.accountId, accountId), merchantSearch(query.search, query.searchType));
      const db = readDb(deps, request);
      const page = await runList(db, {
        query,
        sortable: MERCHANT_SORTABLE,
        defaultOrder: 'prettyName',
        tiebreaker: merchants.id,
        count: db.select({ one: sql`1` }).from(merchants).where(where).$dynamic(),
        page: ({ orderBy, limit, offset }) =>
          db
            .select(merchantColumns)
            .from(merchants)
            .innerJoin(accounts, eq(accounts.id, merchants.accountId))
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
      });
      return { ...page, items: page.items.map(toMerchant) };
    },
  );

  app.get(
    '/account/:accountId/merchant/:merchantId',
    {
      // Spec 2, section 6: the detail has its own permission (select), apart from the list's (read).
      preHandler: requirePermission(P.merchantSelect),
      schema: { tags, summary: 'One merchant', params: merchantParams, response: { 200: merchantSchema, ...errors } },
    },
    async (request) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      return toMerchant(await findMerchant(readDb(deps, request), accountId, request.params.merchantId));
    },
  );

  app.get(
    '/account/:accountId/merchant/:merchantId/:keyName',
    {
      preHandler: requirePermission(P.merchantCredentialsRead),
      schema: {
        tags,
        summary: "Reveal one of the merchant's API keys (publicKey or privateKey)",
        params: merchantKeyParams,
        response: { 200: apiKeyResponse, ...errors },
      },
    },
    async (request, reply) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      const keyName = apiKeyName.safeParse(request.params.keyName);
      if (!keyName.success) throw notFound();
      const [row] = await db
        .select({ publicKey: merchants.publicKey, privateKey: merchants.privateKey })
        .from(merchants)
        .where(merchantOf(accountId, request.params.merchantId));
      if (!row) throw notFound();
      // Secrets must not linger in shared caches or the browser's disk cache.
      reply.header('cache-control', 'no-store');
      return { keyName: keyName.data, key: row[keyName.data] };
    },
  );

  app.post(
    '/account/:accountId/merchant',
    {
      preHandler: requirePermission(P.merchantCreate),
      schema: {
        tags,
        summary: 'Create a merchant (its API key pair is generated)',
        params: accountParams,
        body: merchantSave,
        response: { 201: merchantSaved, ...writeErrors },
      },
    },
    async (request, reply) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      const merchantId = await createMerchant(deps, request.auth, accountId, request.body);
      reply.code(201);
      return { merchantId, changed: true };
    },
  );

  app.put(
    '/account/:accountId/merchant/:merchantId',
    {
      preHandler: requirePermission(P.merchantUpdate),
      schema: {
        tags,
        summary:
          "Save the merchant's form with the version it was opened on; a save over another user's (an old version) " +
          'answers 409 merchant-changed',
        params: merchantParams,
        body: merchantUpdate,
        response: { 200: merchantSaved, ...writeErrors },
      },
    },
    async (request) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      if (!isIdentifier(request.params.merchantId)) throw notFound();
      const changed = await updateMerchant(deps, request.auth, accountId, request.params.merchantId, request.body);
      return { merchantId: request.params.merchantId, changed };
    },
  );
};
