import { z } from 'zod';
import { CARD_BRANDS } from '../enums';
import {
  ALERT_PERIODS,
  alertFraction,
  DESCRIPTOR_MAX,
  DESCRIPTORS_PER_BRAND_MAX,
  LIMIT_CARD_BRAND_NAMES,
  LIMIT_LEVELS,
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

/** GET /merchant/{merchantId}/psp/{pspId}/limit. version is 0 before the first save. */
export const globalLimit = limitNode.extend({ version: z.number().int() });
export type GlobalLimit = z.infer<typeof globalLimit>;

export const descriptorLimit = limitNode.extend({ name: z.string() });
export type DescriptorLimit = z.infer<typeof descriptorLimit>;

export const cardBrandLimit = limitNode.extend({
  name: z.enum(CARD_BRANDS),
  descriptorsConfigurable: z.boolean(),
  /** The descriptors the MID's sales on this brand carried (last three months) and those with a saved limit. */
  descriptors: z.array(descriptorLimit),
});
export type CardBrandLimit = z.infer<typeof cardBrandLimit>;

/** GET /merchant/{merchantId}/psp/{pspId}/mid/{midId}/limit: the MID's tree; version covers the whole tree. */
export const midLimit = limitNode.extend({
  midId: uuid,
  description: z.string(),
  midAcquirerId: z.string(),
  version: z.number().int(),
  cardBrands: z.array(cardBrandLimit),
});
export type MidLimit = z.infer<typeof midLimit>;

const limitPairSave = { total: limitValue, daily: limitValue };
/** The version the edit was based on (0 when nothing was saved yet). */
const basedOn = { version: z.number().int().min(0) };

export const globalLimitSave = z.object({ ...limitPairSave, ...basedOn }).strict();
export type GlobalLimitSave = z.infer<typeof globalLimitSave>;

const descriptorName = z.string().trim().min(1, MSG.required).max(DESCRIPTOR_MAX, maxCharacters(DESCRIPTOR_MAX));

export const midLimitSave = z
  .object({
    ...limitPairSave,
    ...basedOn,
    cardBrands: z
      .array(
        z
          .object({
            name: z.enum(LIMIT_CARD_BRAND_NAMES),
            ...limitPairSave,
            descriptors: z
              .array(z.object({ name: descriptorName, ...limitPairSave }).strict())
              .max(DESCRIPTORS_PER_BRAND_MAX)
              .default([]),
          })
          .strict(),
      )
      .max(LIMIT_CARD_BRAND_NAMES.length)
      .default([])
      .refine((brands) => new Set(brands.map((brand) => brand.name)).size === brands.length, 'A card brand is repeated')
      .refine(
        (brands) =>
          brands.every(
            (brand) =>
              new Set(brand.descriptors.map((descriptor) => descriptor.name)).size === brand.descriptors.length,
          ),
        'A descriptor is repeated',
      ),
  })
  .strict();
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
  cardBrand: z.enum(CARD_BRANDS).nullable(),
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
