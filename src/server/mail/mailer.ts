import type { Queryable } from '../db/client';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** invitation, reset, export, ... */
  kind: string;
  /** The links the mail carries, listed by the development mailbox. */
  links: { label: string; url: string }[];
}

/**
 * Every e-mail goes through the outbox table first (in the caller's transaction, so a rolled-back change sends
 * nothing). With SMTP configured, delivery happens after commit; without it, the outbox is the mailbox.
 */
export interface Mailer {
  enqueue(tx: Queryable, mail: OutgoingMail): Promise<string>;
  /** Delivers queued mail over SMTP; a no-op in outbox-only mode. */
  flush(): Promise<void>;
}
