import { z } from 'zod';
import { listQuery, listResponse, uuid } from './common';

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
