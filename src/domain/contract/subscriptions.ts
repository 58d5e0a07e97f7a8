import { z } from 'zod';
import {
  CANCELLATION_SOURCES,
  SUBSCRIPTION_ATTEMPT_TYPES,
  SUBSCRIPTION_STATUSES,
  TRANSACTION_STATUSES,
} from '../enums';
import { actionReasonProblem, SUBSCRIPTION_ACTIONS, SUBSCRIPTION_MESSAGES } from '../subscriptions';
import { MSG } from '../validation';
import { isoDate, listQuery, listResponse, openedVersion, queryArray, uuid } from './common';
import { exportQuery } from './exports';
import { cardBrand, countryCode, currencyCode, money } from './transactions';

// Subscriptions (spec 3: sections 2.10, 3 "Subscription", 4, 5 "Cancel subscription", 7 and 9). Names are the spec's
// payload names. Amounts are integers in the currency's minor unit, as everywhere else; dates are ISO 8601 strings.
// The rules (actions by status, reasons and their messages) live in src/domain/subscriptions.ts.

export const subscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export const subscriptionAttemptType = z.enum(SUBSCRIPTION_ATTEMPT_TYPES);
export const cancellationSource = z.enum(CANCELLATION_SOURCES);
export const subscriptionAction = z.enum(SUBSCRIPTION_ACTIONS, { error: SUBSCRIPTION_MESSAGES.unknownAction });
/** An attempt's or a payment's outcome: a transaction status (SUCCESS is the accepted icon, the rest rejected). */
export const subscriptionPaymentStatus = z.enum(TRANSACTION_STATUSES);

/** A code and a message from the platform or the acquirer; null when there was none. */
export const subscriptionError = z.object({ code: z.string(), message: z.string().nullable() });
export type SubscriptionError = z.infer<typeof subscriptionError>;

export const subscriptionPlan = z.object({ planId: uuid, prettyName: z.string() });

/** The last attempt to charge: the list's 'Last Attempt' (amount with the accepted or rejected icon) and 'Attempt Date'. */
export const subscriptionLastPayment = z.object({ amount: money, date: isoDate, status: subscriptionPaymentStatus });
export type SubscriptionLastPayment = z.infer<typeof subscriptionLastPayment>;

/** One row of GET /merchant/{merchantId}/subscription. */
export const subscriptionListItem = z.object({
  subscriptionId: uuid,
  status: subscriptionStatus,
  /** The customer's e-mail. */
  email: z.string().nullable(),
  plan: subscriptionPlan,
  /** The card's issuing country (ISO alpha-2); null when unknown. */
  country: countryCode.nullable(),
  /** The cycle the subscription is in, 1 for the initial one. */
  cycle: z.number().int().positive(),
  /** null before any charge was attempted. */
  lastPayment: subscriptionLastPayment.nullable(),
  /** Raised by every change: an action names the version the user saw (compare-and-set, 409 when it changed). */
  version: z.number().int().positive(),
});
export type SubscriptionListItem = z.infer<typeof subscriptionListItem>;

export const subscriptionCard = z.object({
  holder: z.string().nullable(),
  brand: cardBrand.nullable(),
  country: countryCode.nullable(),
  /** The first 6 digits. */
  bin: z.string().nullable(),
  last4: z.string().nullable(),
});
export type SubscriptionCard = z.infer<typeof subscriptionCard>;

export const subscriptionCancellation = z.object({
  /** The source: BACKOFFICE_API is 'Manual Backoffice' (cancellationSourceLabel). */
  cancellationReason: cancellationSource,
  /** BACKOFFICE_API: the reason the user chose ('High prices', 'Other: my text'); other sources: their own note or null. */
  cancellationReasonDetails: z.string().nullable(),
  cancelledAt: isoDate,
});
export type SubscriptionCancellation = z.infer<typeof subscriptionCancellation>;

export const subscriptionAttempt = z.object({
  type: subscriptionAttemptType,
  status: subscriptionPaymentStatus,
  /** The transaction behind the attempt; the history links to its detail. */
  transactionId: uuid.nullable(),
  midId: uuid.nullable(),
  error: subscriptionError.nullable(),
  createdAt: isoDate,
  money,
});
export type SubscriptionAttempt = z.infer<typeof subscriptionAttempt>;

/** One charging cycle: its number and its attempts, oldest first (the retry modal's order). */
export const subscriptionCycle = z.object({
  cycle: z.number().int().positive(),
  attempts: z.array(subscriptionAttempt),
});
export type SubscriptionCycle = z.infer<typeof subscriptionCycle>;

/** GET /merchant/{merchantId}/subscription/{subscriptionId}: every field of the spec's Subscription entity. */
export const subscriptionDetail = subscriptionListItem.extend({
  card: subscriptionCard,
  /** The site the customer subscribed on. */
  url: z.string().nullable(),
  /** The card's details were refreshed by the card scheme's account updater (account_updated). */
  accountUpdated: z.boolean(),
  /** The last attempt's error; null when it succeeded or none was made. */
  error: subscriptionError.nullable(),
  /** null unless CANCELLED. */
  cancellation: subscriptionCancellation.nullable(),
  /** Every cycle, newest first; the History shows 5 a page (historyPage). */
  cycles: z.array(subscriptionCycle),
  createdAt: isoDate,
});
export type SubscriptionDetail = z.infer<typeof subscriptionDetail>;

export const subscriptionMerchantParams = z.object({ merchantId: z.string() });
export const subscriptionParams = z.object({ merchantId: z.string(), subscriptionId: z.string() });

/** Fields the list and its export sort by. */
export const SUBSCRIPTION_SORT_FIELDS = ['lastAttemptDate'] as const;
export type SubscriptionSortField = (typeof SUBSCRIPTION_SORT_FIELDS)[number];
/** Spec 3, section 9: subscriptions by lastAttemptDate descending. */
export const SUBSCRIPTION_DEFAULT_ORDER = '-lastAttemptDate';

const subscriptionFilters = listQuery.extend({
  /**
   * 'Search by ID or Text'. searchType ID (the default): the subscription id by prefix (as pasted or typed). TEXT:
   * also the customer's e-mail containing the text, ignoring case.
   */
  search: z.string().trim().max(200).optional(),
  searchType: z.enum(['ID', 'TEXT']).optional(),
  status: queryArray(subscriptionStatus),
  planId: queryArray(uuid),
  country: queryArray(countryCode),
  /** 'Attempt Date': the last attempt's date, from (inclusive)… */
  lastAttemptDateFrom: isoDate.optional(),
  /** …to (inclusive). A subscription without attempts has no date and drops out when either end is set. */
  lastAttemptDateTo: isoDate.optional(),
});

const inOrder = (query: { lastAttemptDateFrom?: string | undefined; lastAttemptDateTo?: string | undefined }) =>
  !query.lastAttemptDateFrom ||
  !query.lastAttemptDateTo ||
  Date.parse(query.lastAttemptDateFrom) <= Date.parse(query.lastAttemptDateTo);
const datesIncorrect = { message: MSG.datesIncorrect, path: ['lastAttemptDateTo'] };

/** GET /merchant/{merchantId}/subscription. */
export const subscriptionListQuery = subscriptionFilters.refine(inOrder, datesIncorrect);
export type SubscriptionListQuery = z.infer<typeof subscriptionListQuery>;
export type SubscriptionListQueryInput = z.input<typeof subscriptionListQuery>;
export const subscriptionList = listResponse(subscriptionListItem);
export type SubscriptionList = z.infer<typeof subscriptionList>;

/** GET /merchant/{merchantId}/subscription/export: the list's filters and order without paging, plus timeZone and forceEmailExport; ZIP. */
export const subscriptionExportQuery = subscriptionFilters
  .omit({ page: true, limit: true })
  .extend(exportQuery.shape)
  .refine(inOrder, datesIncorrect);
export type SubscriptionExportQuery = z.infer<typeof subscriptionExportQuery>;

/** GET /merchant/{merchantId}/subscription/{subscriptionId}/cycle/export: every attempt of every cycle; ZIP. */
export const subscriptionCycleExportQuery = exportQuery;
export type SubscriptionCycleExportQuery = z.infer<typeof subscriptionCycleExportQuery>;

/**
 * GET /merchant/{merchantId}/subscriptions-kpis (spec 3, section 7). planId narrows it (absent: every plan, 'Select
 * Plan'); currency is required, as the overview's currency dropdown always has one (the churn rate divides amounts of
 * one currency); dateFrom and dateTo bound the period (the console sends the first of the month and today's end of
 * day, UTC), read by UTC day from the rollup.
 */
export const subscriptionKpisQuery = z
  .object({
    planId: uuid.optional(),
    currency: currencyCode,
    dateFrom: isoDate,
    dateTo: isoDate,
  })
  .refine((query) => Date.parse(query.dateFrom) <= Date.parse(query.dateTo), {
    message: MSG.datesIncorrect,
    path: ['dateTo'],
  });
export type SubscriptionKpisQuery = z.infer<typeof subscriptionKpisQuery>;
export type SubscriptionKpisQueryInput = z.input<typeof subscriptionKpisQuery>;

/** The overview's boxes; the figures are defined in src/domain/subscriptions-kpis.ts (subscriptionKpis). */
export const subscriptionKpis = z.object({
  /** initial: subscriptions started in the period; renewal: cycles renewed (a successful RENEWAL or MAINTENANCE) in it. */
  activeSubscriptions: z.object({ initial: z.number().int(), renewal: z.number().int() }),
  /** Cancelled in the period; initial: those cancelled in their first cycle. */
  cancelledSubscriptions: z.object({
    total: z.number().int(),
    /**
     * The percentage of recurring revenue lost monthly (the tooltip's words), with two decimals (3.25 is 3,25 %):
     * monthly recurring revenue cancelled in the period over that active at its start (churnRate in
     * src/domain/subscriptions-kpis.ts). Null when nothing was active at the start.
     */
    churnRate: z.number().nonnegative().nullable(),
    initial: z.number().int(),
  }),
  /** Cancellations in the period by source code (HARD_DECLINE: 12); the console shows cancellationSourceLabel. */
  cancellationReasons: z.record(z.string(), z.number().int()),
});
export type SubscriptionKpis = z.infer<typeof subscriptionKpis>;

/**
 * PATCH /merchant/{merchantId}/subscription/{subscriptionId}: 204 once the platform confirmed the action.
 * - CANCEL: reasonDetails is the reason as cancelReasonDetails writes it ('High prices', 'Other: my text').
 * - PAUSE: reasonDetails is BACKOFFICE_PAUSE or absent (the server sends BACKOFFICE_PAUSE either way).
 * - RESUME: no reasonDetails.
 * version is the one the user saw: when the subscription changed since, 409 'subscription-changed' and nothing done;
 * an action its status does not allow answers 409 'subscription-action-not-allowed'.
 */
export const subscriptionUpdate = z
  .strictObject({
    action: subscriptionAction,
    reasonDetails: z.string().max(200).optional(),
    version: openedVersion,
  })
  .superRefine((body, context) => {
    const problem = actionReasonProblem(body.action, body.reasonDetails);
    if (problem) context.addIssue({ code: 'custom', path: ['reasonDetails'], message: problem });
  });
export type SubscriptionUpdate = z.infer<typeof subscriptionUpdate>;
