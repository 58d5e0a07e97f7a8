import type { ListQuery } from '@domain/contract/common';
import type { Merchant } from '@domain/contract/merchants';
import { isIdentifier, looksLikeIdPrefix } from '@domain/ids';
import { eq, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { accounts, merchants } from '../../db/schema';
import { containsPattern, idStartsWith } from '../../lib/list';
import type { AuthContext } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';

/** Sortable contract fields of the merchants list. Names sort without regard to case. */
export const MERCHANT_SORTABLE = {
  prettyName: sql`lower(${merchants.prettyName})`,
  merchantLegalName: sql`lower(${merchants.merchantLegalName})`,
  country: merchants.country,
  createdAt: merchants.createdAt,
};

/** The columns a merchant is read with: everything but the API keys, plus the account's name. */
export const merchantColumns = {
  merchant: {
    id: merchants.id,
    accountId: merchants.accountId,
    prettyName: merchants.prettyName,
    image: merchants.image,
    merchantLegalName: merchants.merchantLegalName,
    vatNumber: merchants.vatNumber,
    corporateUrl: merchants.corporateUrl,
    dba: merchants.dba,
    mccCode: merchants.mccCode,
    street: merchants.street,
    city: merchants.city,
    zipCode: merchants.zipCode,
    country: merchants.country,
    email: merchants.email,
    phone: merchants.phone,
    supportUrl: merchants.supportUrl,
    supportEmail: merchants.supportEmail,
    supportPhone: merchants.supportPhone,
    webhooksNotificationsUrl: merchants.webhooksNotificationsUrl,
    successRedirectUrl: merchants.successRedirectUrl,
    failedRedirectUrl: merchants.failedRedirectUrl,
    version: merchants.version,
    createdAt: merchants.createdAt,
    updatedAt: merchants.updatedAt,
  },
  accountName: accounts.prettyName,
};

type MerchantRow = {
  merchant: { [K in keyof (typeof merchantColumns)['merchant']]: (typeof merchants.$inferSelect)[K] };
  accountName: string;
};

export function toMerchant({ merchant, accountName }: MerchantRow): Merchant {
  const { id, createdAt, updatedAt, ...fields } = merchant;
  return {
    ...fields,
    merchantId: id,
    accountReference: { id: merchant.accountId, prettyName: accountName },
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

/**
 * Search by name or legal name (contains) or by identifier (prefix); searchType narrows it to one of the two.
 * Without searchType the identifier is only tried for text that looks like one: every term of the OR must have an
 * index (trigram for names, the primary key for identifiers) or the whole search reads the table.
 */
export function merchantSearch(search: string | undefined, searchType: ListQuery['searchType']): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const byId = idStartsWith(merchants.id, text);
  const byName = or(
    sql`lower(${merchants.prettyName}) like ${containsPattern(text)}`,
    sql`lower(${merchants.merchantLegalName}) like ${containsPattern(text)}`,
  )!;
  if (searchType === 'ID') return byId ?? sql`false`;
  if (searchType === 'TEXT') return byName;
  // A whole identifier is never part of a name, and its many trigrams make the name indexes slow to ask.
  if (byId && isIdentifier(text)) return byId;
  return byId && looksLikeIdPrefix(text) ? or(byName, byId) : byName;
}

/**
 * The merchant of a /merchant/{merchantId}/... call, when the caller may act on its account; otherwise 404, the same
 * for an unknown merchant and another tenant's.
 */
export async function merchantOfCaller(
  db: Queryable,
  auth: Pick<AuthContext, 'accountIds'>,
  merchantId: string,
): Promise<{ merchantId: string; accountId: string }> {
  if (!isIdentifier(merchantId)) throw notFound();
  const [row] = await db.select({ accountId: merchants.accountId }).from(merchants).where(eq(merchants.id, merchantId));
  if (!row || !auth.accountIds.includes(row.accountId)) throw notFound();
  return { merchantId, accountId: row.accountId };
}
