import { z } from 'zod';
import { FORCE_3DS_VALUES } from '../enums';
import { criterionField, customConfigSchema, MID_LIMITS, MID_MESSAGES, type TemplateField } from '../mids';
import { ROUTING_CRITERIA } from '../routing-criteria';
import { MSG, maxCharacters } from '../validation';
import { idPrefixSearchQuery, isoDate, listQuery, listResponse, queryArray, uuid } from './common';
import { criteriaFilters, criteriaLists } from './criteria';
import { exportQuery } from './exports';

// MIDs over the API (spec 2, sections 3 "MID" and 7 "MIDs"): GET /merchant/{merchantId}/mid and its export, GET,
// POST, PUT and DELETE /merchant/{merchantId}/mid/{midId}, and the acquirer template
// (GET /account/{accountId}/acquirer/{acquirerId}/template, whose schema is acquirerTemplate in src/domain/mids.ts).

export const force3ds = z.enum(FORCE_3DS_VALUES);

const named = z.object({ id: uuid, prettyName: z.string() });

/** A row of the MIDs list. */
export const midListItem = z.object({
  midId: uuid,
  description: z.string(),
  /** The MID's id at the acquirer, shown as 'MID Solution'. */
  midAcquirerId: z.string(),
  acquirer: named,
  solution: named,
  enable: z.boolean(),
  /** 'NULL' is the marker for no preference. */
  force3ds,
  ...criteriaLists,
  /** The edited date. */
  modifiedDate: isoDate,
});
export type MidListItem = z.infer<typeof midListItem>;
export const midList = listResponse(midListItem);
export type MidList = z.infer<typeof midList>;

export const midRoute = z.object({ routeId: uuid, routeDescription: z.string() });
export type MidRoute = z.infer<typeof midRoute>;

/** GET /merchant/{merchantId}/mid/{midId}. */
export const midDetail = midListItem.extend({
  merchantId: uuid,
  acquirer: named.extend({ description: z.string() }),
  acquirerId: uuid,
  solutionId: uuid,
  /** The template's fields other than credentials, by name. */
  customConfig: z.record(z.string(), z.string()),
  /** The credential fields that hold a value: never returned, only named, so the form can offer to replace them. */
  storedSecrets: z.array(z.string()),
  /** Payments used it: its provider and solution can no longer change, and it can no longer be deleted. */
  hasTransactions: z.boolean(),
  hasRoutes: z.boolean(),
  /** Routes that send payments to it, as MID or as fallback. */
  routes: z.array(midRoute),
  /** Raised by every save; PUT names the version it edited, so a concurrent edit is refused (409 mid-changed). */
  version: z.number().int(),
});
export type MidDetail = z.infer<typeof midDetail>;

const trimmed = (max: number) => z.string().trim().min(1, MSG.required).max(max, maxCharacters(max));

/** POST and PUT /merchant/{merchantId}/mid: the MID form's payload, checked the same on both sides. */
/** POST /merchant/{merchantId}/mid answers the new MID's id. */
export const midCreated = z.object({ midId: uuid });

export const midSave = z.object({
  acquirerId: uuid,
  solutionId: uuid,
  midAcquirerId: trimmed(MID_LIMITS.midAcquirerId),
  description: trimmed(MID_LIMITS.description),
  force3ds: force3ds.default('NULL'),
  currency: criterionField('currency'),
  issuerCountry: criterionField('issuerCountry'),
  cardBrand: criterionField('cardBrand'),
  url: criterionField('url'),
  customTag: criterionField('customTag'),
  binCode: criterionField('binCode'),
  /** The acquirer template's fields by name; validated against the template (customConfigSchema). */
  customConfig: z.record(z.string(), z.string()).default({}),
  /** Set by Duplicate: the form was prefilled from another MID (kept for the audit entry). */
  isDuplicate: z.boolean().optional(),
});
export type MidSave = z.infer<typeof midSave>;
export type MidSaveInput = z.input<typeof midSave>;

/**
 * PUT /merchant/{merchantId}/mid/{midId}: the MID form's payload and the version the form was opened on, always, so
 * an edit based on an older one is refused (409 mid-changed) instead of overwriting another user's.
 */
export const midEdit = midSave.extend({ version: z.number({ error: MSG.required }).int().positive() });
export type MidEdit = z.infer<typeof midEdit>;

/**
 * The MID form (spec 2, section 5): the save's rules, the acquirer template's fields (credentials the MID holds may
 * stay empty), and the variables opened on the form: one left open without values is 'pending' and stops the save.
 */
export function midForm(template: readonly TemplateField[], storedSecrets: readonly string[]) {
  return midSave
    .extend({
      acquirerId: z.string().min(1, MSG.required),
      solutionId: z.string().min(1, MSG.required),
      open: z.array(z.enum(ROUTING_CRITERIA)),
      customConfig: customConfigSchema(template, storedSecrets),
    })
    .superRefine((form, context) => {
      for (const criterion of form.open) {
        if (form[criterion].length === 0) {
          context.addIssue({ code: 'custom', path: [criterion], message: MID_MESSAGES.pending });
        }
      }
    });
}

export const MID_SORT_FIELDS = [
  'description',
  'midAcquirerId',
  'acquirer',
  'solution',
  'force3ds',
  'modifiedDate',
] as const;
/** Spec 2, section 9: MIDs sort by edited date, newest first. */
export const MID_DEFAULT_ORDER = '-modifiedDate';

const midFilters = listQuery.extend({
  /** The table's quick search: description, MID Solution or the id (by prefix). */
  search: z.string().trim().max(200).optional(),
  /** A whole MID id, or its beginning (a pasted or typed id). */
  midId: z.string().trim().max(36).optional(),
  acquirerId: queryArray(uuid),
  /** The provider's name contains this. */
  acquirerDescription: z.string().trim().max(100).optional(),
  /** The MID's description contains this. */
  midDescription: z.string().trim().max(100).optional(),
  force3ds: queryArray(force3ds),
  /** A criterion filter keeps MIDs whose list holds any of the values. */
  ...criteriaFilters,
});

export const midListQuery = midFilters;
export type MidListQuery = z.infer<typeof midListQuery>;
export type MidListQueryInput = z.input<typeof midListQuery>;

/** GET /merchant/{merchantId}/mid/export: the list's filters without paging, plus timeZone and forceEmailExport; CSV. */
export const midExportQuery = midFilters.omit({ page: true, limit: true }).extend(exportQuery.shape);
export type MidExportQuery = z.infer<typeof midExportQuery>;

/** GET /mid/search: MIDs whose id starts with the text, across the caller's accounts (the palette's 'Find MID'). */
export const midIdSearchQuery = idPrefixSearchQuery('MID');
export const midIdSearchItem = z.object({
  midId: uuid,
  description: z.string(),
  midAcquirerId: z.string(),
  accountId: uuid,
  merchantId: uuid,
  merchantName: z.string(),
});
export type MidIdSearchItem = z.infer<typeof midIdSearchItem>;
export const midIdSearchResponse = z.object({ items: z.array(midIdSearchItem) });

export const midParams = z.object({ merchantId: z.string(), midId: z.string() });
export const merchantMidParams = z.object({ merchantId: z.string() });
export const templateParams = z.object({ accountId: z.string(), acquirerId: z.string() });
