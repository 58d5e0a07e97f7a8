import { z } from 'zod';
import { isKnownCountry } from '../countries';
import { isPhoneNumber, isWebAddress, MSG, maxCharacters, URL_MAX } from '../validation';
import { listQuery, listResponse, openedVersion, uuid } from './common';

/** A merchant with its legal and contact data (spec 2, section 3). API keys are never part of it. */
export const merchant = z.object({
  merchantId: uuid,
  accountId: uuid,
  prettyName: z.string(),
  image: z.string().nullable(),
  merchantLegalName: z.string(),
  vatNumber: z.string(),
  corporateUrl: z.string(),
  dba: z.string(),
  mccCode: z.string(),
  street: z.string(),
  city: z.string(),
  zipCode: z.string(),
  country: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  supportUrl: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string().nullable(),
  webhooksNotificationsUrl: z.string().nullable(),
  successRedirectUrl: z.string().nullable(),
  failedRedirectUrl: z.string().nullable(),
  accountReference: z.object({ id: uuid, prettyName: z.string() }),
  /** Raised by every save; the editor sends back the one it read (merchantUpdate.version). */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Merchant = z.infer<typeof merchant>;

export const merchantListQuery = listQuery;
export const merchantList = listResponse(merchant);

export const apiKeyName = z.enum(['publicKey', 'privateKey']);
export const apiKeyResponse = z.object({ keyName: apiKeyName, key: z.string() });

export const merchantParams = z.object({ accountId: z.string(), merchantId: z.string() });
export const merchantKeyParams = merchantParams.extend({ keyName: z.string() });

// ---- Writes (spec 2, sections 2.2, 3 and 5): the merchant form, checked alike by the console and the server.

/** Maximum lengths of spec 2, section 5. The business name (dba) follows the field list's 30 (the spec also cites 22). */
export const MERCHANT_LIMITS = {
  prettyName: 50,
  merchantLegalName: 50,
  vatNumber: 30,
  dba: 30,
  mccCode: 30,
  street: 30,
  city: 30,
  zipCode: 10,
  country: 2,
  email: 320,
  supportEmail: 320,
  phone: 15,
  supportPhone: 15,
  url: URL_MAX,
} as const;

export const MERCHANT_MESSAGES = {
  corporateUrl: "Enter your business' URL",
  supportUrl: 'Enter a valid support URL',
  url: 'Enter a valid URL',
  phone: 'Enter a valid phone number',
  country: 'Select a country',
} as const;

const required = (max: number) => z.string().trim().min(1, MSG.required).max(max, maxCharacters(max));
const requiredEmail = (max: number) => required(max).regex(/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/, MSG.email);
const requiredUrl = (message: string) => required(MERCHANT_LIMITS.url).refine(isWebAddress, message);
/** Optional fields: empty text is no value (the form drops empty values before sending). */
const optional = (field: z.ZodType<string>) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), field.optional());
const optionalUrl = optional(
  z
    .string()
    .trim()
    .max(MERCHANT_LIMITS.url, maxCharacters(MERCHANT_LIMITS.url))
    .refine(isWebAddress, MERCHANT_MESSAGES.url),
);
const optionalPhone = optional(
  z
    .string()
    .trim()
    .max(MERCHANT_LIMITS.phone, maxCharacters(MERCHANT_LIMITS.phone))
    .refine(isPhoneNumber, MERCHANT_MESSAGES.phone),
);

/** POST /account/{accountId}/merchant: the merchant form, which PUT sends too (merchantUpdate). */
export const merchantSave = z.object({
  prettyName: required(MERCHANT_LIMITS.prettyName),
  merchantLegalName: required(MERCHANT_LIMITS.merchantLegalName),
  vatNumber: required(MERCHANT_LIMITS.vatNumber),
  corporateUrl: requiredUrl(MERCHANT_MESSAGES.corporateUrl),
  dba: required(MERCHANT_LIMITS.dba),
  mccCode: required(MERCHANT_LIMITS.mccCode),
  street: required(MERCHANT_LIMITS.street),
  city: required(MERCHANT_LIMITS.city),
  zipCode: required(MERCHANT_LIMITS.zipCode),
  country: z
    .string()
    .trim()
    .min(1, MSG.required)
    .transform((code) => code.toUpperCase())
    .refine(isKnownCountry, MERCHANT_MESSAGES.country),
  email: requiredEmail(MERCHANT_LIMITS.email),
  phone: optionalPhone,
  supportUrl: requiredUrl(MERCHANT_MESSAGES.supportUrl),
  supportEmail: requiredEmail(MERCHANT_LIMITS.supportEmail),
  supportPhone: optionalPhone,
  webhooksNotificationsUrl: optionalUrl,
  successRedirectUrl: optionalUrl,
  failedRedirectUrl: optionalUrl,
});
export type MerchantSave = z.infer<typeof merchantSave>;
/** PUT .../merchant/{merchantId}: with the merchant's version the editor read; over a newer one, 409 'merchant-changed'. */
export const merchantUpdate = merchantSave.extend({ version: openedVersion });
export type MerchantUpdate = z.infer<typeof merchantUpdate>;
export type MerchantForm = z.input<typeof merchantSave>;

export const merchantSaved = z.object({ merchantId: uuid, changed: z.boolean() });
