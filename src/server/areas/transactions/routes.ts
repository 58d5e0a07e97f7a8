import { accountParams } from '@domain/contract/accounts';
import { errorBody } from '@domain/contract/common';
import {
  IDEMPOTENT_REPLAY_HEADER,
  refundHeaders,
  refundRequest,
  refundResponse,
  TRANSACTION_DEFAULT_ORDER,
  transactionDetail,
  transactionExportQuery,
  transactionIdSearchQuery,
  transactionIdSearchResponse,
  transactionList,
  transactionListQuery,
  transactionParams,
} from '@domain/contract/transactions';
import type { TransactionStatus, TransactionType } from '@domain/enums';
import { PERMISSIONS as P } from '@domain/permissions';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { merchants, transactionKeys, transactions } from '../../db/schema';
import { keysetOrder } from '../../lib/export/keyset';
import { cappedCount, idStartsWith, pageWindow } from '../../lib/list';
import { assertAccountAccess, readDb, requirePermission } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { transactionsExport } from './export';
import { isTransaction, transactionKeyColumns } from './keys';
import {
  loadListPage,
  loadTransactionDetail,
  TRANSACTION_SORT_KEYS,
  toListItem,
  transactionListWhere,
} from './queries';
import { sendRefund } from './service';

const tags = ['transactions'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** GET /account/{accountId}/transactionUrl: the order URLs of the account's transactions, for the URL filter. */
export const transactionUrlList = z.object({ items: z.array(z.string()) });
/** The URL filter lists at most this many (the largest page size). */
const URL_PICK_LIST_LIMIT = 500;

export const transactionsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  deps.exports.register(transactionsExport);

  app.get(
    '/account/:accountId/transaction',
    {
      preHandler: requirePermission(P.transactionRead),
      schema: {
        tags,
        summary: 'Transactions of an account (the merchant-level list sends merchantId[])',
        params: accountParams,
        querystring: transactionListQuery,
        response: { 200: transactionList, ...errors },
      },
    },
    async (request) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      const { query } = request;
      const where = transactionListWhere(accountId, query);
      const { orderBy } = keysetOrder(query.order, TRANSACTION_SORT_KEYS, TRANSACTION_DEFAULT_ORDER, transactions.id);
      const window = pageWindow(query);
      const reads = readDb(deps, request);
      const [rows, total] = await Promise.all([
        loadListPage(reads, where, orderBy, window),
        cappedCount(reads, reads.select({ one: sql`1` }).from(transactions).where(where).$dynamic()),
      ]);
      const items = rows.map(toListItem);
      return { count: items.length, total, items };
    },
  );

  app.get(
    '/account/:accountId/transaction/export',
    {
      preHandler: requirePermission(P.transactionExport),
      schema: {
        tags,
        summary: 'Export the transactions of the list (a ZIP holding a CSV; 406 above 10,000 rows unless e-mailed)',
        params: accountParams,
        querystring: transactionExportQuery,
        response: { 204: z.null(), 406: errorBody, 422: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      await deps.exports.send(request, reply, transactionsExport, { params: request.params, query: request.query });
    },
  );

  app.get(
    '/account/:accountId/transaction/:transactionId',
    {
      preHandler: requirePermission(P.transactionSelect),
      schema: {
        tags,
        summary: 'One transaction with every section of its detail, its history and its refund availability',
        params: transactionParams,
        response: { 200: transactionDetail, ...errors },
      },
    },
    async (request) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      const detail = await loadTransactionDetail(
        readDb(deps, request),
        accountId,
        request.params.transactionId,
        deps.now(),
      );
      if (!detail) throw notFound();
      return detail;
    },
  );

  app.get(
    '/account/:accountId/transactionUrl',
    {
      preHandler: requirePermission(P.transactionRead),
      schema: {
        tags,
        summary: 'The order URLs of the account’s transactions (the URL filter’s options)',
        params: accountParams,
        response: { 200: transactionUrlList, ...errors },
      },
    },
    async (request) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      // A loose index scan: each step jumps to the next URL above the last one, so the answer costs one index probe
      // per distinct URL, not a read of every transaction (with an index on (account_id, order_url)).
      const result = await readDb(deps, request).execute<{ url: string | null }>(sql`
        with recursive urls(url) as (
          (select ${transactions.orderUrl} from ${transactions}
            where ${transactions.accountId} = ${accountId} and ${transactions.orderUrl} is not null
            order by ${transactions.orderUrl} limit 1)
          union all
          select (select t.order_url from ${transactions} t
                  where t.account_id = ${accountId} and t.order_url > urls.url
                  order by t.order_url limit 1)
          from urls where urls.url is not null
        )
        select url from urls where url is not null limit ${URL_PICK_LIST_LIMIT}`);
      const rows = (result as unknown as { rows: { url: string | null }[] }).rows;
      return { items: rows.flatMap((row) => (row.url === null ? [] : [row.url])) };
    },
  );

  app.get(
    '/transaction/search',
    {
      preHandler: requirePermission(P.transactionRead),
      schema: {
        tags,
        summary: 'Transactions whose id starts with the text, across the caller’s accounts (the palette’s lookup)',
        querystring: transactionIdSearchQuery,
        response: { 200: transactionIdSearchResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const { auth, query } = request;
      // A range on the registry's primary key: one index answers a prefix however many transactions and months there
      // are; the matches are then read in their own months only (keys.ts). An archived match has no row: left out.
      const byId = idStartsWith(transactionKeys.id, query.q);
      if (!byId || auth.accountIds.length === 0) return { items: [] };
      const db = readDb(deps, request);
      const keys = await db
        .select(transactionKeyColumns)
        .from(transactionKeys)
        .where(and(byId, inArray(transactionKeys.accountId, [...auth.accountIds])))
        .orderBy(asc(transactionKeys.id))
        .limit(query.limit);
      if (keys.length === 0) return { items: [] };
      const rows = await db
        .select({
          id: transactions.id,
          accountId: transactions.accountId,
          merchantId: transactions.merchantId,
          merchantName: merchants.prettyName,
          transactionType: transactions.transactionType,
          status: transactions.status,
          amount: transactions.amount,
          currency: transactions.currency,
          createdAt: transactions.createdAt,
        })
        .from(transactions)
        .innerJoin(merchants, eq(merchants.id, transactions.merchantId))
        .where(or(...keys.map(isTransaction)))
        .orderBy(asc(transactions.id));
      return {
        items: rows.map((row) => ({
          transactionId: row.id,
          accountId: row.accountId,
          merchantId: row.merchantId,
          merchantName: row.merchantName,
          transactionType: row.transactionType as TransactionType,
          status: row.status as TransactionStatus,
          money: { amount: Number(row.amount), currency: row.currency },
          creationDate: row.createdAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    '/account/:accountId/transaction/:transactionId/refund',
    {
      preHandler: requirePermission(P.transactionRefund),
      schema: {
        tags,
        summary:
          'Refund a payment in full or in part under an Idempotency-Key: a replay of the key answers what it answered first',
        params: transactionParams,
        headers: refundHeaders,
        body: refundRequest,
        response: { 201: refundResponse, 409: errorBody, 422: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const result = await sendRefund(deps, request.auth, {
        accountId: request.params.accountId,
        transactionId: request.params.transactionId,
        idempotencyKey: request.headers['idempotency-key'],
        body: request.body,
      });
      if (result.replayed) reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
      return reply.code(201).send(result.response);
    },
  );
};
