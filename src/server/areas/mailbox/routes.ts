import { errorBody } from '@domain/contract/common';
import { MAILBOX_LIMIT, mailboxList, mailboxMessageDetail, mailboxQuery } from '@domain/contract/mailbox';
import { isIdentifier } from '@domain/ids';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { emailOutbox } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';

type OutboxRow = typeof emailOutbox.$inferSelect;

const toMessage = (row: OutboxRow) => ({
  id: row.id,
  to: row.toAddress,
  subject: row.subject,
  kind: row.kind,
  links: row.links,
  createdAt: row.createdAt.toISOString(),
  text: row.textBody,
});

const recipientIs = (address: string): SQL => sql`lower(${emailOutbox.toAddress}) = ${address.toLowerCase()}`;

/**
 * Who reads what: provider staff read every message; any other signed-in user only the messages addressed to their
 * own e-mail. Reset and invitation links are in these messages, so nobody reads them without signing in.
 */
const readableBy = (auth: AuthContext): SQL | undefined =>
  auth.userType === 'INTERNAL' ? undefined : recipientIs(auth.email);

/**
 * The development mailbox: registered only in outbox-only mode (no SMTP, not production; see mailboxEnabled in
 * config.ts), inside the signed-in scope.
 */
export const mailboxRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/mailbox',
    {
      schema: {
        tags: ['mailbox'],
        summary: 'Development mailbox: the latest e-mails (provider staff: all; other users: their own)',
        querystring: mailboxQuery,
        response: { 200: mailboxList, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => {
      const rows = await deps.db
        .select()
        .from(emailOutbox)
        .where(and(readableBy(request.auth), request.query.to ? recipientIs(request.query.to) : undefined))
        .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
        .limit(MAILBOX_LIMIT);
      return { count: rows.length, items: rows.map(toMessage) };
    },
  );

  app.get(
    '/mailbox/:id',
    {
      schema: {
        tags: ['mailbox'],
        summary: 'Development mailbox: one e-mail (another recipient’s answers 404 to users other than provider staff)',
        params: z.object({ id: z.string() }),
        response: { 200: mailboxMessageDetail, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      if (!isIdentifier(request.params.id)) throw notFound();
      const [row] = await deps.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.id, request.params.id), readableBy(request.auth)));
      if (!row) throw notFound();
      return { ...toMessage(row), html: row.htmlBody, status: row.status };
    },
  );
};
