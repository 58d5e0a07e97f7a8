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

/** A date range under one query name, as two dates (the riskScore[] convention for a range under one name). */
const dateRangeQuery = (name: string) =>
  queryArray(isoDate).refine(
    (dates) => dates === undefined || dates.length === 2,
    `${name} takes two dates: ${name}[]=From&${name}[]=To`,
  );

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
  /** The spec's name for the Creation Date filter (spec 3, section 7): creationDate[]=From&creationDate[]=To. */
  creationDate: dateRangeQuery('creationDate'),
  /** The spec's name for the Last Changes filter: lastUpdateDate[]=From&lastUpdateDate[]=To. */
  lastUpdateDate: dateRangeQuery('lastUpdateDate'),
  /** creationDate's ends one at a time (the console's names). */
  creationDateFrom: isoDate.optional(),
  creationDateTo: isoDate.optional(),
  /** 'Last Changes', lastUpdateDate's ends one at a time. */
  lastUpdateDateFrom: isoDate.optional(),
  lastUpdateDateTo: isoDate.optional(),
});

interface DateRanges {
  creationDate?: string[] | undefined;
  creationDateFrom?: string | undefined;
  creationDateTo?: string | undefined;
  lastUpdateDate?: string[] | undefined;
  lastUpdateDateFrom?: string | undefined;
  lastUpdateDateTo?: string | undefined;
}
/** Each date filter: the spec's name for the range, and the names of its ends. */
const DATE_FILTERS = [
  { range: 'creationDate', from: 'creationDateFrom', to: 'creationDateTo' },
  { range: 'lastUpdateDate', from: 'lastUpdateDateFrom', to: 'lastUpdateDateTo' },
] as const;

const inOrder = (from: string | undefined, to: string | undefined) =>
  !from || !to || Date.parse(from) <= Date.parse(to);

/**
 * The rules across fields, shared by the lists and their exports: a range is given one way or the other, and ends
 * after it starts. The spec's ranges then become their ends, so the queries (and an e-mailed export's stored query,
 * parsed again when the file is built) read the ends only.
 */
const withRangeRules = <T extends z.ZodType<DateRanges>>(schema: T) =>
  schema
    .superRefine((query, context) => {
      for (const { range, from, to } of DATE_FILTERS) {
        const both = query[range];
        if (both && (query[from] || query[to])) {
          context.addIssue({ code: 'custom', path: [range], message: `Use ${range}, or ${from} and ${to}, not both` });
        }
        const [start, end] = both ?? [query[from], query[to]];
        if (!inOrder(start, end))
          context.addIssue({ code: 'custom', path: [both ? range : to], message: MSG.datesIncorrect });
      }
    })
    .transform(({ creationDate, lastUpdateDate, ...query }) => ({
      ...query,
      ...(creationDate ? { creationDateFrom: creationDate[0], creationDateTo: creationDate[1] } : {}),
      ...(lastUpdateDate ? { lastUpdateDateFrom: lastUpdateDate[0], lastUpdateDateTo: lastUpdateDate[1] } : {}),
    }));

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
