import { eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';
import type { Mailer } from './mailer';

/** How many queued e-mails one flush claims, so a backlog drains in bounded steps. */
const FLUSH_BATCH = 50;

export function createMailer(db: Db, config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom'>): Mailer {
  let transport: Transporter | undefined;
  let flushing: Promise<void> | undefined;

  async function deliverBatch(): Promise<number> {
    // Claims rows with SKIP LOCKED so several API processes flushing at once never send the same e-mail twice.
    const claimed = await db.execute<{ id: string }>(sql`
      update ${emailOutbox} set status = 'sending'
      where id in (
        select id from ${emailOutbox} where status = 'queued' order by created_at limit ${FLUSH_BATCH}
        for update skip locked
      )
      returning id`);
    const ids = (claimed as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    for (const id of ids) {
      const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      if (!mail) continue;
      try {
        transport ??= nodemailer.createTransport(config.smtpUrl);
        await transport.sendMail({
          from: config.mailFrom,
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.textBody,
          html: mail.htmlBody,
        });
        await db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: new Date(), error: null })
          .where(eq(emailOutbox.id, id));
      } catch (error) {
        await db
          .update(emailOutbox)
          .set({ status: 'failed', error: String((error as Error).message ?? error).slice(0, 500) })
          .where(eq(emailOutbox.id, id));
      }
    }
    return ids.length;
  }

  return {
    async enqueue(tx, mail) {
      const [row] = await tx
        .insert(emailOutbox)
        .values({
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html,
          kind: mail.kind,
          links: mail.links,
          status: config.smtpUrl ? 'queued' : 'kept',
        })
        .returning({ id: emailOutbox.id });
      return row!.id;
    },
    flush() {
      if (!config.smtpUrl) return Promise.resolve();
      // One flush at a time per process; callers arriving meanwhile share it.
      flushing ??= (async () => {
        try {
          while ((await deliverBatch()) === FLUSH_BATCH) {}
        } finally {
          flushing = undefined;
        }
      })();
      return flushing;
    },
  };
}
