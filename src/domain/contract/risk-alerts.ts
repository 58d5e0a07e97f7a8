import { z } from 'zod';
import { ALERT_CARD_BRANDS, ALERT_STATUSES, ALERT_TYPES } from '../enums';
import { MSG } from '../validation';
import { isoDate, listQuery, listResponse, queryArray, uuid } from './common';
import { exportQuery } from './exports';
import { money } from './transactions';

// Risk alerts (spec 3: sections 2.9, 3 "Transaction alert (risk alert)", 7 and 9). Names are the spec's payload names.
// Amounts are integers in the currency's minor unit, as everywhere else; dates are ISO 8601 strings.

export const riskAlertType = z.enum(ALERT_TYPES);
export const riskAlertStatus = z.enum(ALERT_STATUSES);
/** paymentMethod of an alert: the card brand, VISA or MC. */
export const riskAlertCardBrand = z.enum(ALERT_CARD_BRANDS);

/** One row of the risk alerts list. */
export const riskAlertListItem = z.object({
  id: uuid,
  /** The alerted payment ('Transaction detail' opens it). */
  transactionId: uuid,
  /** The payment's merchant: the merchant-level transaction detail's path needs it on the account-level list. */
  merchantId: uuid,
  status: riskAlertStatus,
  type: riskAlertType,
  /** The statement descriptor the shopper saw; null when the payment had none. */
  descriptor: z.string().nullable(),
  /** The card scheme's case id. */
  caid: z.string(),
  /** The MID the payment ran on. */
  midId: uuid.nullable(),
  money,
  paymentMethod: riskAlertCardBrand,
  creationDate: isoDate,
  /** The last status change ('Last Changes'); the creation date until the first one. */
  lastUpdateDate: isoDate,
});
export type RiskAlertListItem = z.infer<typeof riskAlertListItem>;

/** Fields the list and its export sort by. */
export const RISK_ALERT_SORT_FIELDS = ['creationDate', 'lastUpdateDate'] as const;
export type RiskAlertSortField = (typeof RISK_ALERT_SORT_FIELDS)[number];
/** Newest first: the spec sorts alerts by creation date. */
export const RISK_ALERT_DEFAULT_ORDER = '-creationDate';

const riskAlertFilters = listQuery.extend({
  /**
   * 'Search by Transaction ID, CAID or MID ID'. searchType ID (the default): the transaction id or the MID id by
   * prefix (as pasted or typed), or the CAID by prefix, as typed or in capitals. searchType TEXT: those, and the
   * descriptor containing the text, ignoring case.
   */
  search: z.string().trim().max(200).optional(),
  searchType: z.enum(['ID', 'TEXT']).optional(),
  status: queryArray(riskAlertStatus),
  type: queryArray(riskAlertType),
  /** Card brand: VISA, MC. */
  paymentMethod: queryArray(riskAlertCardBrand),
  creationDateFrom: isoDate.optional(),
  creationDateTo: isoDate.optional(),
  /** 'Last Changes'. */
  lastUpdateDateFrom: isoDate.optional(),
  lastUpdateDateTo: isoDate.optional(),
});

interface DateRanges {
  creationDateFrom?: string | undefined;
  creationDateTo?: string | undefined;
  lastUpdateDateFrom?: string | undefined;
  lastUpdateDateTo?: string | undefined;
}
const inOrder = (from: string | undefined, to: string | undefined) =>
  !from || !to || Date.parse(from) <= Date.parse(to);
/** The rules across fields, shared by the lists and their exports. */
const withRangeRules = <T extends z.ZodType<DateRanges>>(schema: T) =>
  schema
    .refine((query) => inOrder(query.creationDateFrom, query.creationDateTo), {
      message: MSG.datesIncorrect,
      path: ['creationDateTo'],
    })
    .refine((query) => inOrder(query.lastUpdateDateFrom, query.lastUpdateDateTo), {
      message: MSG.datesIncorrect,
      path: ['lastUpdateDateTo'],
    });

/** GET /merchant/{merchantId}/transactionalert. */
export const riskAlertListQuery = withRangeRules(riskAlertFilters);
export type RiskAlertListQuery = z.infer<typeof riskAlertListQuery>;
export type RiskAlertListQueryInput = z.input<typeof riskAlertListQuery>;
export const riskAlertList = listResponse(riskAlertListItem);
export type RiskAlertList = z.infer<typeof riskAlertList>;

/** GET /merchant/{merchantId}/transactionalert/export: the list's filters and order without paging, plus timeZone and forceEmailExport; ZIP. */
export const riskAlertExportQuery = withRangeRules(
  riskAlertFilters.omit({ page: true, limit: true }).extend(exportQuery.shape),
);
export type RiskAlertExportQuery = z.infer<typeof riskAlertExportQuery>;

const accountFilters = { merchantId: queryArray(uuid) };

/**
 * GET /account/{accountId}/transactionalert: the alerts of every merchant of the account (the account-level risk
 * management screen), with the merchant list's query plus merchantId[] to narrow it to some merchants.
 */
export const accountRiskAlertListQuery = withRangeRules(riskAlertFilters.extend(accountFilters));
export type AccountRiskAlertListQuery = z.infer<typeof accountRiskAlertListQuery>;
/** GET /account/{accountId}/transactionalert/export. */
export const accountRiskAlertExportQuery = withRangeRules(
  riskAlertFilters.omit({ page: true, limit: true }).extend(accountFilters).extend(exportQuery.shape),
);
export type AccountRiskAlertExportQuery = z.infer<typeof accountRiskAlertExportQuery>;

export const riskAlertMerchantParams = z.object({ merchantId: z.string() });
