import { z } from 'zod';
import { DISPUTE_TEMPLATE_KEYS } from '../enums';
import { isoDate, listResponse } from './common';

// Dispute templates (spec 3: sections 2.5, 3 "Dispute template", 5 "Dispute template upload", 7). One Word file per
// template key and account. The upload rules are checked by the console before sending (validateTemplateUpload in
// src/domain/chargebacks.ts) and again by the server, which also checks the content itself.

export const disputeTemplateKey = z.enum(DISPUTE_TEMPLATE_KEYS);

/** The slot every other one falls back to last; it cannot be deleted. */
export const DEFAULT_TEMPLATE_KEY = 'Default' satisfies (typeof DISPUTE_TEMPLATE_KEYS)[number];
/** The slot a reason without its own template (and the OthersDefault reason) falls back to first. */
export const OTHERS_TEMPLATE_KEY = 'Others' satisfies (typeof DISPUTE_TEMPLATE_KEYS)[number];

/** File name without its extension: 3 to 63 characters (spec 3, section 5). */
export const TEMPLATE_NAME_MIN = 3;
export const TEMPLATE_NAME_MAX = 63;
/** Letters, digits and ! - _ . * ' ( ) (ASCII only: the name travels in Content-Disposition headers). */
export const TEMPLATE_NAME_PATTERN = /^[A-Za-z0-9!\-_.*'()]+$/;
/** At most 3,145,728 bytes (3 MB). */
export const TEMPLATE_MAX_BYTES = 3_145_728;
/** Extensions accepted, lower case; the check ignores case ('Letter.DOCX' is fine). */
export const TEMPLATE_EXTENSIONS = ['docx', 'docm'] as const;
export type TemplateExtension = (typeof TEMPLATE_EXTENSIONS)[number];
export const TEMPLATE_MIME_TYPES: Record<TemplateExtension, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  docm: 'application/vnd.ms-word.document.macroEnabled.12',
};
/** The MIME type of a Word file by its name: macro-enabled for .docm, a plain document otherwise. */
export function wordMimeType(fileName: string): string {
  return fileName.toLowerCase().endsWith('.docm') ? TEMPLATE_MIME_TYPES.docm : TEMPLATE_MIME_TYPES.docx;
}
/** The file input's accept attribute. */
export const TEMPLATE_ACCEPT = [
  ...TEMPLATE_EXTENSIONS.map((ext) => `.${ext}`),
  ...Object.values(TEMPLATE_MIME_TYPES),
].join(',');

/**
 * The server's content check, beyond the name: the file must be a zip holding these Office Open XML parts, and its
 * parts may not inflate beyond this many bytes in total (a zip bomb of 3 MB could otherwise fill memory).
 */
export const TEMPLATE_REQUIRED_PARTS = ['[Content_Types].xml', 'word/document.xml'] as const;
export const TEMPLATE_MAX_UNCOMPRESSED_BYTES = 32 * 1024 * 1024;

/** One uploaded template. The spec names reason (the template key) and fileName; size and date are ours. */
export const disputeTemplate = z.object({
  reason: disputeTemplateKey,
  /** The name it was uploaded with, extension included; the file is stored under a generated name. */
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  uploadedAt: isoDate,
});
export type DisputeTemplate = z.infer<typeof disputeTemplate>;

/** GET /account/{accountId}/chargeback-template: the uploaded templates only; empty slots are absent. */
export const disputeTemplateList = listResponse(disputeTemplate);
export type DisputeTemplateList = z.infer<typeof disputeTemplateList>;

/** PUT /account/{accountId}/chargeback-template/{templateKey} (multipart field `file`): uploads or replaces. */
export const disputeTemplateParams = z.object({ accountId: z.string(), templateKey: disputeTemplateKey });
export type DisputeTemplateParams = z.infer<typeof disputeTemplateParams>;
/** The PUT answers with the stored template. */
export const disputeTemplateUploadResponse = disputeTemplate;

/** GET and DELETE /account/{accountId}/chargeback-template/{templateKey}/file/{fileName}. */
export const disputeTemplateFileParams = disputeTemplateParams.extend({ fileName: z.string().min(1).max(255) });
export type DisputeTemplateFileParams = z.infer<typeof disputeTemplateFileParams>;
/** The GET answers with a short-lived link that serves the file as an attachment. */
export const disputeTemplateFileResponse = z.object({ url: z.string().min(1) });
export type DisputeTemplateFileResponse = z.infer<typeof disputeTemplateFileResponse>;
