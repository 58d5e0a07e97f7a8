import { errorBody } from '@domain/contract/common';
import {
  MID_DEFAULT_ORDER,
  merchantMidParams,
  midCreated,
  midDetail,
  midEdit,
  midExportQuery,
  midIdSearchQuery,
  midIdSearchResponse,
  midList,
  midListQuery,
  midParams,
  midSave,
  templateParams,
} from '@domain/contract/mids';
import { isIdentifier } from '@domain/ids';
import { acquirerTemplate } from '@domain/mids';
import { PERMISSIONS as P } from '@domain/permissions';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { accountProviders, acquirers, merchants, mids } from '../../db/schema';
import { retryWhenReferenceVanished } from '../../lib/db-errors';
import { keysetOrder } from '../../lib/export/keyset';
import { cappedCount, idStartsWith, pageWindow } from '../../lib/list';
import { templateOf } from '../../payments/acquirer-templates';
import { assertAccountAccess, readDb, requirePermission } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { merchantOfCaller } from '../merchants/queries';
import { midsExport } from './export';
import { loadMidDetail, loadMidPage, MID_SORT_KEYS, midListWhere, selectMids } from './queries';
import { createMid, deleteMid, updateMid } from './service';

// MIDs (spec 2, section 7). Every call resolves the merchant for the caller first: another tenant's merchant, or a
// MID of another merchant, answers 404 like an unknown id.

const tags = ['mids'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export const midsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  deps.exports.register(midsExport);

  app.get(
    '/merchant/:merchantId/mid',
    {
      preHandler: requirePermission(P.midRead),
      schema: {
        tags,
        summary: "The merchant's MIDs, filtered, sorted (by edited date, newest first) and paged",
        params: merchantMidParams,
        querystring: midListQuery,
        response: { 200: midList, ...errors },
      },
    },
    async (request) => {
      const { merchantId } = await merchantOfCaller(db, request.auth, request.params.merchantId);
      const { query } = request;
      const where = midListWhere(merchantId, query);
      const { orderBy } = keysetOrder(query.order, MID_SORT_KEYS, MID_DEFAULT_ORDER, mids.id);
      const reads = readDb(deps, request);
      const [items, total] = await Promise.all([
        loadMidPage(reads, where, orderBy, pageWindow(query)),
        cappedCount(reads, selectMids(reads, { one: sql`1` }).where(where).$dynamic()),
      ]);
      return { count: items.length, total, items };
    },
  );

  app.get(
    '/merchant/:merchantId/mid/export',
    {
      preHandler: requirePermission(P.midRead, P.midExport),
      schema: {
        tags,
        summary: 'Export the MIDs list as CSV (406 above 10,000 rows unless e-mailed)',
        params: merchantMidParams,
        querystring: midExportQuery,
        response: { 204: z.null(), 406: errorBody, 422: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const target = await merchantOfCaller(db, request.auth, request.params.merchantId);
      await deps.exports.send(request, reply, midsExport, { params: target, query: request.query });
    },
  );

  app.get(
    '/merchant/:merchantId/mid/:midId',
    {
      preHandler: requirePermission(P.midRead, P.midSelect),
      schema: {
        tags,
        summary: 'One MID: every field, the routes that use it, and the names of the credentials it holds',
        params: midParams,
        response: { 200: midDetail, ...errors },
      },
    },
    async (request) => {
      const { merchantId } = await merchantOfCaller(db, request.auth, request.params.merchantId);
      const detail = await loadMidDetail(readDb(deps, request), merchantId, request.params.midId, deps.secrets.open);
      if (!detail) throw notFound();
      return detail;
    },
  );

  app.post(
    '/merchant/:merchantId/mid',
    {
      preHandler: requirePermission(P.midCreate),
      schema: {
        tags,
        summary:
          'Create a MID. customConfig is checked against the acquirer template; URLs and tags not on My Lists join ' +
          'them (needs url.create / tag.create)',
        params: merchantMidParams,
        body: midSave,
        response: { 201: midCreated, ...errors },
      },
    },
    async (request, reply) => {
      const target = await merchantOfCaller(db, request.auth, request.params.merchantId);
      const midId = await retryWhenReferenceVanished(() => createMid(deps, request.auth, target, request.body));
      return reply.code(201).send({ midId });
    },
  );

  app.put(
    '/merchant/:merchantId/mid/:midId',
    {
      preHandler: requirePermission(P.midUpdate),
      schema: {
        tags,
        summary:
          'Edit a MID, naming the `version` it was opened on (409 mid-changed when another save came first). 409 ' +
          'mid-with-transactions when the provider or solution changes on a MID with payments; 409 ' +
          'mid-routes-bad-config (the routes as dependants, the variables to blame as fields) when the variables ' +
          'would refuse orders of routes that use it. A move to another solution takes its limits and alerts along. ' +
          'An empty credential keeps the stored one',
        params: midParams,
        body: midEdit,
        response: { 204: z.null(), 409: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      if (!isIdentifier(request.params.midId)) throw notFound();
      const target = await merchantOfCaller(db, request.auth, request.params.merchantId);
      await retryWhenReferenceVanished(() => updateMid(deps, request.auth, target, request.params.midId, request.body));
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/merchant/:merchantId/mid/:midId',
    {
      preHandler: requirePermission(P.midDelete),
      schema: {
        tags,
        summary:
          'Delete a MID: 409 mids-in-use (with the routes) while routes use it, 409 mid-used-by-transactions once ' +
          'payments used it',
        params: midParams,
        response: { 204: z.null(), 409: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      if (!isIdentifier(request.params.midId)) throw notFound();
      const target = await merchantOfCaller(db, request.auth, request.params.merchantId);
      await retryWhenReferenceVanished(() => deleteMid(deps, request.auth, target, request.params.midId));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/mid/search',
    {
      preHandler: requirePermission(P.midRead, P.midSelect),
      schema: {
        tags,
        summary: "MIDs whose id starts with the text, across the caller's accounts (the palette's Find MID)",
        querystring: midIdSearchQuery,
        response: { 200: midIdSearchResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const { auth, query } = request;
      const byId = idStartsWith(mids.id, query.q);
      if (!byId || auth.accountIds.length === 0) return { items: [] };
      const rows = await readDb(deps, request)
        .select({
          midId: mids.id,
          description: mids.description,
          midAcquirerId: mids.midAcquirerId,
          accountId: mids.accountId,
          merchantId: mids.merchantId,
          merchantName: merchants.prettyName,
        })
        .from(mids)
        .innerJoin(merchants, eq(merchants.id, mids.merchantId))
        .where(and(byId, inArray(mids.accountId, [...auth.accountIds])))
        .orderBy(asc(mids.id))
        .limit(query.limit);
      return { items: rows };
    },
  );

  app.get(
    '/account/:accountId/acquirer/:acquirerId/template',
    {
      preHandler: requirePermission(P.midRead),
      schema: {
        tags,
        summary:
          "The acquirer's MID template: the fields of customConfig with label, required, type and help " +
          '(type secret: stored encrypted, never returned)',
        params: templateParams,
        response: { 200: acquirerTemplate, ...errors },
      },
    },
    async (request) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      const { acquirerId } = request.params;
      if (!isIdentifier(acquirerId)) throw notFound();
      const [row] = await db
        .select({ prettyName: acquirers.prettyName })
        .from(accountProviders)
        .innerJoin(acquirers, eq(acquirers.id, accountProviders.acquirerId))
        .where(and(eq(accountProviders.accountId, accountId), eq(accountProviders.acquirerId, acquirerId)));
      if (!row) throw notFound();
      return { acquirerId, fields: [...templateOf(row.prettyName)] };
    },
  );
};
