import { errorBody } from '@domain/contract/common';
import { type SearchHit, searchQuery, searchResponse } from '@domain/contract/search';
import { isIdentifier, looksLikeIdPrefix } from '@domain/ids';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { accounts, merchants } from '../../db/schema';
import { containsPattern, escapeLike, idStartsWith, prefixPattern } from '../../lib/list';

// What the command palette asks as the user types. It answers only what the caller may open: their accounts
// (linked accounts for staff, the signed-in account for account users) and, with merchant.read, those accounts'
// merchants. Accounts come first; within each kind an exact id wins, then names that start with the text, then
// names with a word starting with it, then id prefixes, then names merely containing it.
// Every term of the WHERE has an index (trigram for names, the primary key for identifiers), and identifiers are only
// tried for text that looks like one: a term without an index makes the whole OR read the table. A whole
// identifier is looked up by key alone: it is never part of a name, and its many trigrams are slow to look up.

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
      const accountIds = [...auth.accountIds];
      const prefix = prefixPattern(text);
      const contains = containsPattern(text);
      const wordStart = `% ${escapeLike(text)}%`;
      const idLike = looksLikeIdPrefix(text);
      const wholeId = isIdentifier(text);
      const accountById = idLike ? idStartsWith(accounts.id, text) : undefined;
      const merchantById = idLike ? idStartsWith(merchants.id, text) : undefined;

      const accountRank = sql<number>`case
        when lower(${accounts.shortId}) = ${text} ${wholeId ? sql`or ${accounts.id} = ${text}::uuid` : sql``} then 0
        when lower(${accounts.prettyName}) like ${prefix} then 1
        when lower(${accounts.prettyName}) like ${wordStart} then 2
        when lower(${accounts.shortId}) like ${prefix} ${accountById ? sql`or ${accountById}` : sql``} then 3
        else 4 end`;
      const accountRows = await db
        .select({ id: accounts.id, prettyName: accounts.prettyName, shortId: accounts.shortId })
        .from(accounts)
        .where(
          and(
            inArray(accounts.id, accountIds),
            wholeId
              ? accountById
              : or(
                  sql`lower(${accounts.prettyName}) like ${contains}`,
                  sql`lower(${accounts.shortId}) like ${prefix}`,
                  accountById,
                ),
          ),
        )
        .orderBy(accountRank, sql`lower(${accounts.prettyName})`, asc(accounts.id))
        .limit(limit);
      const items: SearchHit[] = accountRows.map((row) => ({
        kind: 'account',
        id: row.id,
        accountId: row.id,
        title: row.prettyName,
        subtitle: `Account ${row.shortId}`,
      }));

      const room = limit - items.length;
      if (room > 0 && can(auth, P.merchantRead)) {
        const merchantRank = sql<number>`case
          when ${wholeId ? sql`${merchants.id} = ${text}::uuid` : sql`false`} then 0
          when lower(${merchants.prettyName}) like ${prefix} then 1
          when lower(${merchants.prettyName}) like ${wordStart} or lower(${merchants.merchantLegalName}) like ${prefix} then 2
          when ${merchantById ?? sql`false`} then 3
          else 4 end`;
        const merchantRows = await db
          .select({
            id: merchants.id,
            accountId: merchants.accountId,
            prettyName: merchants.prettyName,
            merchantLegalName: merchants.merchantLegalName,
            accountName: accounts.prettyName,
          })
          .from(merchants)
          .innerJoin(accounts, eq(accounts.id, merchants.accountId))
          .where(
            and(
              inArray(merchants.accountId, accountIds),
              wholeId
                ? merchantById
                : or(
                    sql`lower(${merchants.prettyName}) like ${contains}`,
                    sql`lower(${merchants.merchantLegalName}) like ${contains}`,
                    merchantById,
                  ),
            ),
          )
          .orderBy(merchantRank, sql`lower(${merchants.prettyName})`, asc(merchants.id))
          .limit(room);
        for (const row of merchantRows) {
          items.push({
            kind: 'merchant',
            id: row.id,
            accountId: row.accountId,
            title: row.prettyName,
            subtitle: `${row.merchantLegalName} · ${row.accountName}`,
          });
        }
      }
      return { items };
    },
  );
};
