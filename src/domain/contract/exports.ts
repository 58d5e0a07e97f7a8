import { z } from 'zod';
import { uuid } from './common';

// The one export flow (spec 1, section 4 "Export"). Every list's export call takes the list's own filters plus these.

/** Up to this many rows the file is the answer; above it the user is asked to have it e-mailed (406). */
export const EXPORT_DIRECT_LIMIT = 10_000;
/** Above this many rows an export is refused outright (422 'export-too-large'). */
export const EXPORT_EMAIL_LIMIT = 100_000;

export const exportQuery = z.object({
  /** IANA name; dates in the file are written in this zone. */
  timeZone: z
    .string()
    .default('UTC')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-GB', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'Unknown time zone'),
  forceEmailExport: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((value) => value === true || value === 'true')
    .default(false),
});
export type ExportQuery = z.infer<typeof exportQuery>;

/** How the file travels: CSV as text; ZIP (holding one CSV) as base64 text, so it survives any proxy. */
export const EXPORT_FORMATS = ['csv', 'zip'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Marks a 200 answer whose body is base64 (ZIP exports). */
export const BASE64_HEADER = 'x-content-encoding';

/** GET /export/{exportId}: the e-mailed file, for the user who asked for it, while the link lasts. */
export const exportParams = z.object({ exportId: uuid });
export const exportStatus = z.object({
  exportId: uuid,
  fileName: z.string(),
  status: z.enum(['queued', 'running', 'ready', 'failed', 'expired']),
  rowCount: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
});
export type ExportStatus = z.infer<typeof exportStatus>;
