import { z } from 'zod';
import { uuid } from './common';

// The development mailbox (only served when no SMTP server is configured and NODE_ENV is not production): the outbox
// read back for signed-in users, so password and invitation links can be followed locally. Provider staff read every
// message, any other user only those addressed to them.

export const mailLink = z.object({ label: z.string(), url: z.string() });

export const mailboxMessage = z.object({
  id: uuid,
  to: z.string(),
  subject: z.string(),
  /** invitation, reset, export, ... */
  kind: z.string(),
  links: z.array(mailLink),
  createdAt: z.string(),
  text: z.string(),
});
export type MailboxMessage = z.infer<typeof mailboxMessage>;

export const mailboxMessageDetail = mailboxMessage.extend({ html: z.string(), status: z.string() });
export type MailboxMessageDetail = z.infer<typeof mailboxMessageDetail>;

/** The latest 100 messages the caller may read, newest first; `to` narrows to one recipient. */
export const MAILBOX_LIMIT = 100;
export const mailboxQuery = z.object({ to: z.string().trim().max(254).optional() });
export const mailboxList = z.object({ count: z.number().int(), items: z.array(mailboxMessage) });
export type MailboxList = z.infer<typeof mailboxList>;
