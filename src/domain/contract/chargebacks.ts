import { z } from 'zod';
import { CHARGEBACK_REASONS, CHARGEBACK_STATUSES, DISPUTE_OPERATIONS, FRAUD_TYPES } from '../enums';
import { MSG } from '../validation';
import { isoDate, listQuery, listResponse, queryArray, uuid } from './common';
import { disputeTemplateKey } from './dispute-templates';
import { exportQuery } from './exports';
import { cardBrand, currencyCode } from './transactions';

// Chargebacks and retrievals (spec 3: sections 2.3, 2.4, 3 "Chargeback", 4 and 7). Names are the spec's payload
// names. Amounts are integers in the currency's minor unit, as everywhere else; dates are ISO 8601 strings.

export const chargebackStatus = z.enum(CHARGEBACK_STATUSES);
export const disputeOperation = z.enum(DISPUTE_OPERATIONS);
export const chargebackReason = z.enum(CHARGEBACK_REASONS);
export const fraudType = z.enum(FRAUD_TYPES);

// Agents. Besides the account's agents a case may be assigned to Others (handled outside the agent list, for
// example by the acquirer or a lawyer), or be unassigned (no assignment at all).

/** The pseudo-agent Others: assignable, filterable, shown as 'Others'. */
export const AGENT_OTHERS = 'OTHERS';
export const AGENT_OTHERS_NAME = 'Others';
/** Filter value only: cases without an assignment. Choosing it in the agent dropdown deletes the assignment. */
export const AGENT_UNASSIGNED = 'UNASSIGNED';
export const AGENT_UNASSIGNED_NAME = 'Unassigned';

/** One of the account's agents (GET /account/{accountId}/agent). */
export const agent = z.object({ id: uuid, name: z.string() });
export type Agent = z.infer<typeof agent>;
export const agentList = listResponse(agent);
export type AgentList = z.infer<typeof agentList>;

/** What a case may be assigned to: an agent's id, or Others. */
export const assignableAgentId = z.union([uuid, z.literal(AGENT_OTHERS)]);
/** The case's assignment: an agent, or { id: 'OTHERS', name: 'Others' }; null when unassigned. */
export const chargebackAgent = z.object({ id: assignableAgentId, name: z.string() });
export type ChargebackAgent = z.infer<typeof chargebackAgent>;

export const chargebackReasonInfo = z.object({
  /** The reason the processor's code parses to (parseChargebackReason in src/domain/chargebacks.ts). */
  parsed: chargebackReason,
  /** The processor's own reason, as it sent it ('10.4 Other Fraud - Card Absent Environment', '4837'). */
  processor: z.string().nullable(),
});
export type ChargebackReasonInfo = z.infer<typeof chargebackReasonInfo>;

export const chargebackCustomer = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  ip: z.string().nullable(),
});

/** A custom extra field of the case; 'Additional info' lists those with a value (additionalInfo). */
export const chargebackCustomField = z.object({ label: z.string(), value: z.string().nullable() });
export type ChargebackCustomField = z.infer<typeof chargebackCustomField>;

/** The queue's row (spec 3, section 2.3): the case data, the icons, agent, status, fraud type, reason and dates. */
export const chargebackListItem = z.object({
  chargebackId: uuid,
  /** The acquirer's case number. */
  caseId: z.string().nullable(),
  /** The card scheme's dispute id; the detail's header ('Case ID: {disputeId}', '-' when null). */
  disputeId: z.string().nullable(),
  operation: disputeOperation,
  status: chargebackStatus,
  /** Only meaningful for the FraudNoCardholderAuthorization reason; null otherwise or when not set yet. */
  fraudType: fraudType.nullable(),
  /** The payment had a chargeback before (the second-chargeback icon). */
  hasPreviousChargebacks: z.boolean(),
  /** The payment has a successful refund (the refund icon). */
  hasRefund: z.boolean(),
  /** The disputed amount, minor units of currency. */
  amount: z.number().int().nonnegative(),
  currency: currencyCode,
  notificationDate: isoDate,
  /** The date the case must be answered by; expired when before the start of today (isChargebackExpired). */
  expirationDate: isoDate.nullable(),
  reason: chargebackReasonInfo,
  agent: chargebackAgent.nullable(),
  /** The processor (payment service provider) that notified the case. */
  psp: z.string(),
  /** The order's reference id. */
  orderId: z.string().nullable(),
  /** The disputed payment; the detail and the transactions screens link to it. */
  paymentId: uuid,
  customer: chargebackCustomer,
});
export type ChargebackListItem = z.infer<typeof chargebackListItem>;

export const chargebackPayment = z.object({
  id: uuid,
  /** The provider's id of the payment. */
  externalId: z.string().nullable(),
  date: isoDate,
  /** Minor units of currency. */
  amount: z.number().int(),
  currency: currencyCode,
  is3dSecure: z.boolean(),
  card: z.object({ holder: z.string().nullable(), brand: cardBrand.nullable() }),
});

export const chargebackCompany = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  product: z.string().nullable(),
  address: z.string().nullable(),
  url: z.string().nullable(),
  policyTermUrl: z.string().nullable(),
  privacyTermUrl: z.string().nullable(),
  registrationNumber: z.string().nullable(),
});

/** GET /account/{accountId}/chargeback/{chargebackId}: every field of the spec's Chargeback entity. */
export const chargebackDetail = chargebackListItem.extend({
  /** The case in the external CRM; the 'open case in CRM' link shows only when set. */
  externalUrl: z.string().url().nullable(),
  /** The template key last used for this case's document; null before the first download. */
  template: disputeTemplateKey.nullable(),
  payment: chargebackPayment,
  paymentProcessor: z.object({ solution: z.string(), provider: z.string() }),
  company: chargebackCompany,
  account: z.object({ id: uuid, prettyName: z.string() }),
  custom: z.array(chargebackCustomField),
  /** The last generated document's link; null until one is generated. */
  chargebackDocumentUrl: z.string().nullable(),
});
export type ChargebackDetail = z.infer<typeof chargebackDetail>;

export const chargebackParams = z.object({ accountId: z.string(), chargebackId: z.string() });
export const chargebackAgentParams = chargebackParams.extend({ agentId: assignableAgentId });

/** Fields the queue and its export sort by. */
export const CHARGEBACK_SORT_FIELDS = ['notificationDate', 'expirationDate', 'amount'] as const;
export type ChargebackSortField = (typeof CHARGEBACK_SORT_FIELDS)[number];
/** Newest notification first: the spec sorts by notificationDate without naming the direction. */
export const CHARGEBACK_DEFAULT_ORDER = '-notificationDate';

/** 'true' / 'false' in a query string, or a boolean from code. */
const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true')
  .optional();

/** Zone check shared with exportQuery: an IANA name Intl accepts. */
const knownTimeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'Unknown time zone');

const chargebackFilters = listQuery.extend({
  /**
   * The quick search (the console sends it from 3 characters). searchType ID: the chargeback id or the payment id
   * by prefix, the case id or the dispute id; TEXT (the default): also the order id and the customer's name and
   * e-mail. Text matches by substring, ignoring case; with exactMatch a field must equal the search whole (ids too).
   */
  search: z.string().trim().max(200).optional(),
  /** The 'Exact matches' checkbox: the search must equal a whole value (case-insensitive) instead of containing it. */
  exactMatch: queryBoolean,
  status: queryArray(chargebackStatus),
  operation: queryArray(disputeOperation),
  /** Agent ids, plus OTHERS (assigned to Others) and UNASSIGNED (no assignment). */
  agentId: queryArray(z.union([uuid, z.literal(AGENT_OTHERS), z.literal(AGENT_UNASSIGNED)])),
  notificationDateFrom: isoDate.optional(),
  notificationDateTo: isoDate.optional(),
  expirationDateFrom: isoDate.optional(),
  expirationDateTo: isoDate.optional(),
  /** The 'Hide expired' checkbox: leaves out cases whose expiration date is before the start of today in timeZone. */
  hideExpired: queryBoolean,
  reason: queryArray(chargebackReason),
  fraudType: queryArray(fraudType),
  /**
   * Not in the spec's list call: the zone whose "today" hideExpired means (the viewer's). UTC when absent. The
   * export's own timeZone (the zone of the file's dates) serves both there.
   */
  timeZone: knownTimeZone.optional(),
});

interface DateRanges {
  notificationDateFrom?: string | undefined;
  notificationDateTo?: string | undefined;
  expirationDateFrom?: string | undefined;
  expirationDateTo?: string | undefined;
}
const inOrder = (from: string | undefined, to: string | undefined) =>
  !from || !to || Date.parse(from) <= Date.parse(to);
const withRangeRules = <T extends z.ZodType<DateRanges>>(schema: T) =>
  schema
    .refine((query) => inOrder(query.notificationDateFrom, query.notificationDateTo), {
      message: MSG.datesIncorrect,
      path: ['notificationDateTo'],
    })
    .refine((query) => inOrder(query.expirationDateFrom, query.expirationDateTo), {
      message: MSG.datesIncorrect,
      path: ['expirationDateTo'],
    });

/** GET /account/{accountId}/chargeback. */
export const chargebackListQuery = withRangeRules(chargebackFilters);
export type ChargebackListQuery = z.infer<typeof chargebackListQuery>;
export type ChargebackListQueryInput = z.input<typeof chargebackListQuery>;
export const chargebackList = listResponse(chargebackListItem);
export type ChargebackList = z.infer<typeof chargebackList>;

/** GET /account/{accountId}/chargeback/export: the list's filters and order without paging, timeZone and forceEmailExport; ZIP. */
export const chargebackExportQuery = withRangeRules(
  chargebackFilters.omit({ page: true, limit: true }).extend(exportQuery.shape),
);
export type ChargebackExportQuery = z.infer<typeof chargebackExportQuery>;

/**
 * PATCH /account/{accountId}/chargeback/{chargebackId} with a status: compare-and-set. expectedStatus is the status
 * the console showed; when the case's status is no longer that one, the server changes nothing and answers 409
 * 'outdated-local-status'. Setting the status it already has is accepted and changes nothing.
 */
export const chargebackStatusUpdate = z.strictObject({ status: chargebackStatus, expectedStatus: chargebackStatus });
export type ChargebackStatusUpdate = z.infer<typeof chargebackStatusUpdate>;
/**
 * PATCH with a fraud type (null clears it). Refused unless the caller holds chargeback.fraudtype.update and the case's
 * reason is FraudNoCardholderAuthorization.
 */
export const chargebackFraudTypeUpdate = z.strictObject({ fraudType: fraudType.nullable() });
export type ChargebackFraudTypeUpdate = z.infer<typeof chargebackFraudTypeUpdate>;
/** The PATCH body: a status change or a fraud type change, never both in one call. */
export const chargebackUpdate = z.union([chargebackStatusUpdate, chargebackFraudTypeUpdate]);
export type ChargebackUpdate = z.infer<typeof chargebackUpdate>;

/** POST /account/{accountId}/chargeback/{chargebackId}/agent: assigns (or reassigns) the case. */
export const chargebackAgentAssign = z.strictObject({ agentId: assignableAgentId });
export type ChargebackAgentAssign = z.infer<typeof chargebackAgentAssign>;
// DELETE /account/{accountId}/chargeback/{chargebackId}/agent/{agentId} (no body) unassigns; the agentId must be the
// one assigned, so a stale console cannot remove somebody else's newer assignment (409 'outdated-local-status').

/** Every write on a case (status, fraud type, agent) answers with the case's row as it now is. */
export const chargebackUpdateResponse = chargebackListItem;
export type ChargebackUpdateResponse = z.infer<typeof chargebackUpdateResponse>;

/**
 * POST /account/{accountId}/chargeback/{chargebackId}/document: fills the template chosen by `reason` (a template
 * key; the server falls back to Others, then Default) with the case's fields. Errors: 404 'no-templates-assigned'
 * when the account has none of them, 422 'template-format-error' when the template's placeholders are broken.
 */
export const chargebackDocumentRequest = z.strictObject({ reason: disputeTemplateKey });
export type ChargebackDocumentRequest = z.infer<typeof chargebackDocumentRequest>;
export const chargebackDocumentResponse = z.object({
  /** A short-lived link serving the .docx (or .docm) as an attachment. */
  chargebackDocumentUrl: z.string().min(1),
  /** The name to save it under. */
  fileName: z.string().min(1),
  /** The template key actually used after the fallback. */
  template: disputeTemplateKey,
});
export type ChargebackDocumentResponse = z.infer<typeof chargebackDocumentResponse>;
