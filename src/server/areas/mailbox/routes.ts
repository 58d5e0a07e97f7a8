import { MAILBOX_LIMIT, mailboxList, mailboxMessageDetail, mailboxQuery } from '@domain/contract/mailbox';
import { isIdentifier } from '@domain/ids';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { emailOutbox } from '../../db/schema';
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

/** Public on purpose: it exists only in outbox-only mode (no SMTP), where the outbox is the only way to read mail. */
export const mailboxRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/mailbox',
    {
      schema: {
        tags: ['mailbox'],
        summary: 'Development mailbox: the latest e-mails',
        security: [],
        querystring: mailboxQuery,
        response: { 200: mailboxList },
      },
    },
    async (request) => {
      const rows = await deps.db
        .select()
        .from(emailOutbox)
        .where(request.query.to ? sql`lower(${emailOutbox.toAddress}) = ${request.query.to.toLowerCase()}` : undefined)
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
        summary: 'Development mailbox: one e-mail',
        security: [],
        params: z.object({ id: z.string() }),
        response: { 200: mailboxMessageDetail },
      },
    },
    async (request) => {
      if (!isIdentifier(request.params.id)) throw notFound();
      const [row] = await deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, request.params.id));
      if (!row) throw notFound();
      return { ...toMessage(row), html: row.htmlBody, status: row.status };
    },
  );
};
