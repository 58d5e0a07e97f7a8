import { z } from 'zod';
import {
  ALERT_PERIODS,
  alertFraction,
  DESCRIPTOR_MAX,
  DESCRIPTORS_PER_BRAND_MAX,
  hasLimit,
  LIMIT_CARD_BRAND_NAMES,
  LIMIT_LEVELS,
  LIMIT_MESSAGES,
  limitValue,
} from '../limits';
import { MSG, maxCharacters } from '../validation';
import { isoDate, uuid } from './common';

// Limits and alerts over the API (spec 3, sections 3 "Limits" and 7): GET and PUT
// /merchant/{merchantId}/psp/{pspId}/limit (the global limit of the merchant on one provider solution), GET and PUT
// /merchant/{merchantId}/psp/{pspId}/mid/{midId}/limit (a MID, its card brands and their descriptors), PUT and
// DELETE /limit/{limitId}/alert. The pspId is the provider solution's id.
//
// Limits are saved compare-and-set: a PUT names the version it was based on, and a save based on an older version is
// refused (409 limit-changed), never merged away. Alerts are last-write-wins, as the modal's banner warns
// ('Your changes can overwrite these settings for all users.').

/** A card brand group of counters and limits: VISA, MC or OTHERS (src/domain/limits.ts). */
export const limitCardBrand = z.enum(LIMIT_CARD_BRAND_NAMES);

export const pspParams = z.object({ merchantId: z.string(), pspId: z.string() });
export const pspMidParams = pspParams.extend({ midId: z.string() });
export const limitParams = z.object({ limitId: z.string() });

/** An alert on a limit: the fraction of the limit (daily and monthly) at which the account is told. */
export const limitAlert = z.object({ percentage: z.number() });
export type LimitAlert = z.infer<typeof limitAlert>;

/** One saved limit node. limitId is null until the node was first saved. */
export const limitNode = z.object({
  limitId: uuid.nullable(),
  total: z.number().int().nullable(),
  daily: z.number().int().nullable(),
  alert: limitAlert.nullable(),
});
export type LimitNode = z.infer<typeof limitNode>;

/** A MID of the solution: the Limits & Alerts tab reads its tree (GET .../mid/{midId}/limit) one by one. */
export const limitMid = z.object({
  midId: uuid,
  description: z.string(),
  midAcquirerId: z.string(),
  enable: z.boolean(),
});
export type LimitMid = z.infer<typeof limitMid>;

/**
 * GET and PUT /merchant/{merchantId}/psp/{pspId}/limit: the global limit (version 0 before the first save) and the
 * solution's MIDs by description, the boxes the Limits & Alerts tab shows under it.
 */
export const globalLimit = limitNode.extend({ version: z.number().int(), mids: z.array(limitMid) });
export type GlobalLimit = z.infer<typeof globalLimit>;

export const descriptorLimit = limitNode.extend({ name: z.string() });
export type DescriptorLimit = z.infer<typeof descriptorLimit>;

export const cardBrandLimit = limitNode.extend({
  name: limitCardBrand,
  descriptorsConfigurable: z.boolean(),
  /** The descriptors the MID's sales on this brand carried (last three months) and those with a saved limit. */
  descriptors: z.array(descriptorLimit),
});
export type CardBrandLimit = z.infer<typeof cardBrandLimit>;

/**
 * GET /merchant/{merchantId}/psp/{pspId}/mid/{midId}/limit: the MID's tree; version covers the whole tree. Its brand
 * groups are those of the card brands the MID accepts (all three when it accepts any) and any with a saved limit.
 */
export const midLimit = limitNode.extend({
  midId: uuid,
  description: z.string(),
  midAcquirerId: z.string(),
  version: z.number().int(),
  cardBrands: z.array(cardBrandLimit),
});
export type MidLimit = z.infer<typeof midLimit>;

/**
 * One node of a save: its limits as given and, optionally, an alert to set with them, so a limit saved for the first
 * time can carry its alert in the same save (the alert calls need a saved limit). Setting one needs alert.update.
 */
const limitPairSave = {
  total: limitValue,
  daily: limitValue,
  alert: z.object({ percentage: alertFraction }).strict().optional(),
};
/** An alert needs a limit (hasLimit): a node that sets one without Monthly or Daily is refused. */
const alertWithLimit = <T extends z.ZodType<{ total: number | null; daily: number | null; alert?: unknown }>>(
  node: T,
) =>
  node.refine((values) => values.alert === undefined || hasLimit(values), {
    message: LIMIT_MESSAGES.alertNeedsLimit,
    path: ['alert'],
  });
/** The version the edit was based on (0 when nothing was saved yet). */
const basedOn = { version: z.number().int().min(0) };

export const globalLimitSave = alertWithLimit(z.object({ ...limitPairSave, ...basedOn }).strict());
export type GlobalLimitSave = z.infer<typeof globalLimitSave>;

const descriptorName = z.string().trim().min(1, MSG.required).max(DESCRIPTOR_MAX, maxCharacters(DESCRIPTOR_MAX));

export const midLimitSave = alertWithLimit(
  z
    .object({
      ...limitPairSave,
      ...basedOn,
      cardBrands: z
        .array(
          alertWithLimit(
            z
              .object({
                name: limitCardBrand,
                ...limitPairSave,
                descriptors: z
                  .array(alertWithLimit(z.object({ name: descriptorName, ...limitPairSave }).strict()))
                  .max(DESCRIPTORS_PER_BRAND_MAX)
                  .default([]),
              })
              .strict(),
          ),
        )
        .max(LIMIT_CARD_BRAND_NAMES.length)
        .default([])
        .refine(
          (brands) => new Set(brands.map((brand) => brand.name)).size === brands.length,
          'A card brand is repeated',
        )
        .refine(
          (brands) =>
            brands.every(
              (brand) =>
                new Set(brand.descriptors.map((descriptor) => descriptor.name)).size === brand.descriptors.length,
            ),
          'A descriptor is repeated',
        ),
    })
    .strict(),
);
export type MidLimitSave = z.infer<typeof midLimitSave>;

/** PUT /limit/{limitId}/alert. */
export const alertSave = z.object({ percentage: alertFraction }).strict();
export type AlertSave = z.infer<typeof alertSave>;
/** The answer of PUT and DELETE /limit/{limitId}/alert: the limit's alert as it now stands. */
export const alertSaved = z.object({ limitId: uuid, alert: limitAlert.nullable() });
export type AlertSaved = z.infer<typeof alertSaved>;

/** An alert that fired: sales reached the percentage of a limit in a day or a month (once per period). */
export const firedAlert = z.object({
  limitId: uuid,
  level: z.enum(LIMIT_LEVELS),
  midId: uuid.nullable(),
  midDescription: z.string().nullable(),
  cardBrand: limitCardBrand.nullable(),
  descriptor: z.string().nullable(),
  period: z.enum(ALERT_PERIODS),
  /** First day of the day or month, YYYY-MM-DD (UTC). */
  periodStart: z.string(),
  percentage: z.number(),
  limit: z.number().int(),
  sales: z.number().int(),
  firedAt: isoDate,
});
export type FiredAlert = z.infer<typeof firedAlert>;
