import { z } from 'zod';
import { RECENT_RECORD_KINDS } from '../recent-records';
import { isoDate, uuid } from './common';

// GET /user/recent-record and POST /user/recent-record (issue 26): the caller's own recently opened records, under
// /user like the caller's session (GET /user/session). The server names the record itself; the client only says
// which one it opened.

export const recentRecordKind = z.enum(RECENT_RECORD_KINDS);

/** POST: the caller opened this record. */
export const recentRecordOpen = z.strictObject({
  kind: recentRecordKind,
  id: uuid,
});
export type RecentRecordOpen = z.infer<typeof recentRecordOpen>;

export const recentRecord = z.object({
  kind: recentRecordKind,
  id: uuid,
  accountId: uuid,
  /** The merchant the record belongs to (a merchant's own id for a MERCHANT). */
  merchantId: uuid.optional(),
  /** What the palette shows, from the record's current fields. */
  label: z.string(),
  accountName: z.string(),
  merchantName: z.string().optional(),
  openedAt: isoDate,
});
export type RecentRecord = z.infer<typeof recentRecord>;

/** GET: newest first, at most RECENT_RECORD_LIMITS.listed, only those the caller can still open. */
export const recentRecordList = z.object({ items: z.array(recentRecord) });
export type RecentRecordList = z.infer<typeof recentRecordList>;
