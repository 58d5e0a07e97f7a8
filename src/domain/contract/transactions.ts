import { z } from 'zod';
import {
  ALERT_TYPES,
  CARD_BRANDS,
  PAYMENT_METHODS,
  RECURRENCE_TYPES,
  REFUND_AVAILABILITY,
  REFUND_REASONS,
  REFUND_TYPES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from '../enums';
import { MSG } from '../validation';
import { idPrefixSearchQuery, isoDate, listQuery, listResponse, queryArray, uuid } from './common';
import { exportQuery } from './exports';

// Transactions and refunds (spec 3: sections 2.1, 2.2, 3, 4, 5 and 7). Names are the spec's payload names. Money is
// an integer count of the currency's minor unit (cents for EUR) plus the ISO 4217 code; dates are ISO 8601 strings.

export const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'Invalid currency');
/** ISO 3166 alpha-2, plus the spec's pseudo-country EU. */
export const countryCode = z.string().regex(/^[A-Z]{2}$/, 'Invalid country');

/** An amount in the currency's minor unit: { amount: 123450, currency: 'EUR' } is 1.234,50 EUR. */
export const money = z.object({ amount: z.number().int(), currency: currencyCode });
export type Money = z.infer<typeof money>;

export const transactionStatus = z.enum(TRANSACTION_STATUSES);
export const transactionType = z.enum(TRANSACTION_TYPES);
export const recurrenceType = z.enum(RECURRENCE_TYPES);
export const paymentMethod = z.enum(PAYMENT_METHODS);
export const cardBrand = z.enum(CARD_BRANDS);
export const refundAvailability = z.enum(REFUND_AVAILABILITY);
export const refundReason = z.enum(REFUND_REASONS);

/** The raw fraud score, 0 to 1; screens show it times 100, truncated, with its band (riskScore, riskLevel). */
const rawRiskScore = z.number().min(0).max(1);

const transactionOrder = z.object({
  url: z.string().nullable(),
  referenceOrderId: z.string().nullable(),
  concept: z.string().nullable(),
});

const transactionRoute = z.object({ id: uuid, description: z.string() });

const transactionProvider = z.object({
  /** The acquirer's own id of the transaction. */
  transactionId: z.string().nullable(),
  /** The provider solution (acquirer) that processed it. */
  solution: z.string(),
  paymentGateway: z.object({ prettyName: z.string() }),
});

/** The merchant and the MID that processed the transaction ("route and merchant MID"). */
const transactionMerchant = z.object({
  id: uuid,
  /** The merchant's name (not named by the spec; the list's merchant column needs it). */
  prettyName: z.string(),
  midId: uuid.nullable(),
  /** The MID's description. */
  description: z.string().nullable(),
});

/**
 * The columns and filters of the transactions list (spec 3, section 2.1). A list row is the detail's main data plus
 * the spec's extra row fields paymentMethod, source.cardCountry, merchantId, routeId and midId.
 */
export const transactionListItem = z.object({
  transactionId: uuid,
  transactionType,
  status: transactionStatus,
  /** The recurrence category (the list's "category" column); null when the transaction is not part of one. */
  category: recurrenceType.nullable(),
  money,
  creationDate: isoDate,
  /** Retried on the route's fallback MID after the first MID declined. */
  isFallback: z.boolean(),
  order: transactionOrder,
  route: transactionRoute.nullable(),
  provider: transactionProvider,
  merchant: transactionMerchant,
  paymentMethod,
  source: z.object({ cardCountry: countryCode.nullable() }),
  siftData: z.object({ riskScore: rawRiskScore.nullable() }),
  merchantId: uuid,
  routeId: uuid.nullable(),
  midId: uuid.nullable(),
});
export type TransactionListItem = z.infer<typeof transactionListItem>;

/** A related transaction in the detail's history; the console links each one to its own detail. */
export const transactionHistoryEntry = z.object({
  transactionId: uuid,
  status: transactionStatus,
  transactionType,
  lastActivity: isoDate,
  isFallback: z.boolean(),
  /** Not named by the spec: the history shows how much each refund or chargeback moved. */
  money,
});
export type TransactionHistoryEntry = z.infer<typeof transactionHistoryEntry>;

export const transactionCard = z.object({
  brand: cardBrand.nullable(),
  country: countryCode.nullable(),
  holder: z.string().nullable(),
  /** Masked: first six and last four digits ('411111******1111'); the full number never leaves the platform. */
  number: z.string().nullable(),
  /** 'MM/YY'. */
  expiryDate: z.string().nullable(),
  tokenLastUpdateDate: isoDate.nullable(),
  /** CREDIT, DEBIT, PREPAID ... as the issuer reports it. */
  type: z.string().nullable(),
  /** CONSUMER, COMMERCIAL ... as the issuer reports it. */
  segment: z.string().nullable(),
  bank: z.string().nullable(),
  '3DSSent': z.boolean(),
  /** '2.2.0', or null when no 3-D Secure took place. */
  '3DVersion': z.string().nullable(),
  zipCode: z.string().nullable(),
});
export type TransactionCard = z.infer<typeof transactionCard>;

export const authorizationInfo = z.object({
  eci: z.string().nullable(),
  eciDescription: z.string().nullable(),
  avs: z.string().nullable(),
  authorizationId: z.string().nullable(),
});

export const transactionShopper = z.object({
  /** The descriptor on the shopper's statement. */
  statement: z.string().nullable(),
  email: z.string().nullable(),
  ip: z.string().nullable(),
  ipCountry: countryCode.nullable(),
  browserInformation: z.object({ deviceType: z.string().nullable(), browser: z.string().nullable() }).nullable(),
});

export const transactionError = z.object({
  code: z.string(),
  message: z.string(),
  providerMessage: z.string().nullable(),
});

/** The risk-alert box of a payment: the alert programme's case on it (RDR, Ethoca ...). */
export const transactionAlert = z.object({
  type: z.enum(ALERT_TYPES),
  /** The alert's status, from the transaction status values (SUCCESS, CANNOT_REFUND, PREVENTED ...). */
  status: transactionStatus,
  /** The card-scheme case id. */
  caid: z.string().nullable(),
});

/** The recurrence box of a payment: the transaction that started the series, and this one's category. */
export const transactionRecurrence = z.object({
  /** Null for the series' first payment (INITIAL, ONE-OFF). */
  parentTransactionId: uuid.nullable(),
  category: recurrenceType,
});

/** GET /account/{accountId}/transaction/{transactionId}: every section of spec 3, section 2.2. */
export const transactionDetail = transactionListItem.extend({
  /** The reason a refund transaction was sent with; null for every other type. */
  refundReason: refundReason.nullable(),
  error: transactionError.nullable(),
  card: transactionCard.nullable(),
  authorizationInfo: authorizationInfo.nullable(),
  shopper: transactionShopper.nullable(),
  /**
   * The transaction and every related one (its parent payment, refunds, chargebacks, retrievals, RDRs and the
   * declined attempt before a fallback), oldest activity first.
   */
  transactionHistory: z.array(transactionHistoryEntry),
  /** Payments only; null otherwise. */
  recurrence: transactionRecurrence.nullable(),
  /** Payments only; null when no alert programme reported a case. */
  alert: transactionAlert.nullable(),
  /** Refund availability, derived by refundAvailabilityOf (src/domain/refunds.ts). */
  refundable: refundAvailability,
  /** Minor units in money.currency still refundable: the amount less successful and pending refunds. */
  maxRefundAmountAvailable: z.number().int().nonnegative(),
});
export type TransactionDetail = z.infer<typeof transactionDetail>;

export const transactionParams = z.object({ accountId: z.string(), transactionId: z.string() });

/** Fields the list and its export sort by (`order=-creationDate`); both index-backed on large tables. */
export const TRANSACTION_SORT_FIELDS = ['creationDate', 'amount'] as const;
export type TransactionSortField = (typeof TRANSACTION_SORT_FIELDS)[number];
/** Newest first: the spec sorts by creationDate without naming the direction. */
export const TRANSACTION_DEFAULT_ORDER = '-creationDate';

/** The summary message of the risk-score filter (spec 3, section 2.1). */
export const RISK_SCORE_RANGE_MESSAGE = 'Use only ranges of whole numbers between 0 and 100, in ascending order.';
export const RISK_SCORE_MESSAGES = {
  required: 'This field is required',
  tooHigh: "Can't be higher than 100",
  notAscending: 'To must be greater than From',
} as const;
/** Characters each risk-score input takes. */
export const RISK_SCORE_INPUT_MAX = 3;

export interface RiskScoreRangeErrors {
  from?: string;
  to?: string;
  /** The summary under both inputs, whenever either is wrong. */
  summary?: string;
}

/**
 * The risk-score filter's inputs as typed (spec 3, section 2.1): whole numbers 0 to 100, From not above To. Both are
 * required once either is filled; two empty inputs are no filter and no error. Inputs take digits only (3 at most).
 */
export function validateRiskScoreRange(from: string, to: string): RiskScoreRangeErrors {
  const errors: RiskScoreRangeErrors = {};
  const fromText = from.trim();
  const toText = to.trim();
  if (fromText === '' && toText === '') return errors;
  const read = (text: string, field: 'from' | 'to'): number | null => {
    if (text === '') {
      errors[field] = RISK_SCORE_MESSAGES.required;
      return null;
    }
    if (!/^\d{1,3}$/.test(text)) {
      errors[field] = RISK_SCORE_RANGE_MESSAGE;
      return null;
    }
    const value = Number(text);
    if (value > 100) {
      errors[field] = RISK_SCORE_MESSAGES.tooHigh;
      return null;
    }
    return value;
  };
  const low = read(fromText, 'from');
  const high = read(toText, 'to');
  if (low !== null && high !== null && high < low) errors.to = RISK_SCORE_MESSAGES.notAscending;
  if (errors.from || errors.to) errors.summary = RISK_SCORE_RANGE_MESSAGE;
  return errors;
}

const wholeScore = z.coerce.number().int(RISK_SCORE_RANGE_MESSAGE).min(0, RISK_SCORE_RANGE_MESSAGE).max(100, {
  message: RISK_SCORE_MESSAGES.tooHigh,
});

const transactionFilters = listQuery.extend({
  /**
   * searchType ID: the transaction id by prefix (as pasted or typed), or the provider's transaction id exactly.
   * searchType TEXT: the order's reference order id or the shopper's e-mail.
   */
  search: z.string().trim().max(200).optional(),
  searchType: z.enum(['ID', 'TEXT']).optional(),
  /** Multi-select like the other filters; a single value is accepted as the spec's call sends it. */
  issuerCountry: queryArray(countryCode),
  status: queryArray(transactionStatus),
  transactionType: queryArray(transactionType),
  category: queryArray(recurrenceType),
  /** The payment's currency, ISO 4217 (not a spec filter: issue 26 asks for `currency:eur`). */
  currency: queryArray(currencyCode),
  url: queryArray(z.string().trim().min(1).max(2048)),
  /** Payment gateway names, as the list's provider column shows them. */
  paymentGateway: queryArray(z.string().trim().min(1).max(200)),
  paymentMethod: queryArray(paymentMethod),
  creationDateFrom: isoDate.optional(),
  creationDateTo: isoDate.optional(),
  merchantId: queryArray(uuid),
  routeId: queryArray(uuid),
  midId: queryArray(uuid),
  /** riskScore[]=From&riskScore[]=To: whole numbers 0 to 100 on the shown scale (raw score times 100, truncated). */
  riskScore: queryArray(wholeScore),
  /**
   * Provider solutions by name (the spec names solution[] on the export; the list takes it too, so a dashboard KPI's
   * transactions can be listed with the very filters it was counted with).
   */
  solution: queryArray(z.string().trim().min(1).max(200)),
  /**
   * The error codes that ended the transactions (not named by the spec): the dashboard's 'Top 5 rejected errors'
   * exports the rejected payments of its five codes, as the box counts them.
   */
  errorCode: queryArray(z.string().trim().min(1).max(100)),
  /** true: only payments retried on a route's fallback MID; false: only the others (the dashboard's fallback box). */
  isFallback: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

interface RangeFields {
  creationDateFrom?: string | undefined;
  creationDateTo?: string | undefined;
  riskScore?: number[] | undefined;
}
const creationDatesInOrder = (query: RangeFields) =>
  !query.creationDateFrom ||
  !query.creationDateTo ||
  Date.parse(query.creationDateFrom) <= Date.parse(query.creationDateTo);
const riskScoreIsRange = ({ riskScore: range }: RangeFields) =>
  !range || (range.length === 2 && (range[0] ?? 0) <= (range[1] ?? 0));
/** The rules across fields, shared by the list and its export. */
const withRangeRules = <T extends z.ZodType<RangeFields>>(schema: T) =>
  schema
    .refine(creationDatesInOrder, { message: MSG.datesIncorrect, path: ['creationDateTo'] })
    .refine(riskScoreIsRange, { message: RISK_SCORE_RANGE_MESSAGE, path: ['riskScore'] });

/** GET /account/{accountId}/transaction (and the merchant-level list, which sends merchantId[]). */
export const transactionListQuery = withRangeRules(transactionFilters);
export type TransactionListQuery = z.infer<typeof transactionListQuery>;
export const transactionList = listResponse(transactionListItem);
export type TransactionList = z.infer<typeof transactionList>;

/**
 * GET /account/{accountId}/transaction/export: the list's filters and order without paging, plus the solution[]
 * filter, timeZone and forceEmailExport. The file is a ZIP.
 */
export const transactionExportQuery = withRangeRules(
  transactionFilters.omit({ page: true, limit: true }).extend(exportQuery.shape),
);
export type TransactionExportQuery = z.infer<typeof transactionExportQuery>;

// Refunds (spec 3, sections 3 "Refund form", 4, 5 and 7).

/**
 * The header carrying the console's idempotency key on POST .../refund. One key per opening of the refund modal; a
 * retry of the same submission sends the same key and gets the first answer back, never a second refund. The same
 * key with another body is refused.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set to 'true' on an answer replayed for a key already seen. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';
export const idempotencyKey = z
  .string()
  .trim()
  .min(16, 'Invalid idempotency key')
  .max(128, 'Invalid idempotency key')
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid idempotency key');
/** Fastify lower-cases header names, so the schema reads 'idempotency-key'. */
export const refundHeaders = z.object({ 'idempotency-key': idempotencyKey });

/**
 * POST /account/{accountId}/transaction/{transactionId}/refund. amount is in minor units of currency, which must be
 * the payment's. fullRefund asks for the whole remaining amount: the server refuses it when amount is not exactly
 * what remains (another refund got there first). maxRefundAmountAvailable is what the console showed as the maximum;
 * the server recomputes the real one under a lock and never trusts it.
 */
export const refundRequest = z.object({
  amount: z
    .number({ error: MSG.required })
    .int('Value must be a whole number of minor units')
    .positive('Value must be greater than 0'),
  currency: currencyCode,
  reason: refundReason,
  merchantId: uuid,
  fullRefund: z.boolean().default(false),
  maxRefundAmountAvailable: z.number().int().nonnegative().optional(),
});
export type RefundRequest = z.infer<typeof refundRequest>;
export type RefundRequestInput = z.input<typeof refundRequest>;

/** The statuses a refund answer carries; anything else (or nothing) is the console's "no response". */
export const REFUND_RESULT_STATUSES = ['SUCCESS', 'IN_PROCESS', 'FAILED'] as const;
export type RefundResultStatus = (typeof REFUND_RESULT_STATUSES)[number];

/**
 * The refund answer. The console reads data.transactionStatus and data.error (spec 3, section 7): SUCCESS ('Refund
 * sent successfully'), IN_PROCESS (the acquirer answers later: 'Waiting for confirmation'), FAILED with the
 * acquirer's code and message. A refused request (not refundable, amount above the maximum) is an HTTP error instead.
 */
export const refundResponse = z.object({
  data: z
    .object({
      /** The refund's own transaction, a child of the payment. */
      transactionId: uuid,
      parentTransactionId: uuid,
      transactionType: z.enum(REFUND_TYPES),
      transactionStatus: z.enum(REFUND_RESULT_STATUSES),
      money,
      reason: refundReason,
      error: z.object({ code: z.string(), message: z.string() }).nullable(),
    })
    .refine((data) => data.transactionStatus !== 'FAILED' || data.error !== null, {
      message: 'A failed refund carries its error',
      path: ['error'],
    }),
});
export type RefundResponse = z.infer<typeof refundResponse>;

// The palette's transaction lookup: a pasted or typed id finds the transaction by prefix, across the accounts the
// user may see.

export const transactionIdSearchQuery = idPrefixSearchQuery('transaction');
export type TransactionIdSearchQuery = z.infer<typeof transactionIdSearchQuery>;

export const transactionIdSearchItem = z.object({
  transactionId: uuid,
  accountId: uuid,
  merchantId: uuid,
  merchantName: z.string(),
  transactionType,
  status: transactionStatus,
  money,
  creationDate: isoDate,
});
export type TransactionIdSearchItem = z.infer<typeof transactionIdSearchItem>;
export const transactionIdSearchResponse = z.object({ items: z.array(transactionIdSearchItem) });
export type TransactionIdSearchResponse = z.infer<typeof transactionIdSearchResponse>;
