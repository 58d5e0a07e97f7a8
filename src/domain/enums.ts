// Shared enumerations from spec 1, section 3. Labels live beside the values so every screen says the same thing.

export const ROLE_NAMES = ['ADMINISTRATOR', 'MANAGER', 'PAYMENTS_SPECIALIST', 'VIEWER', 'SUPPORT'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** Internal (provider-staff) roles are not offered to account users. */
export const INTERNAL_ROLE_NAMES = ['PROVIDER_ADMINISTRATOR', 'PROVIDER_SUPPORT'] as const;

export const USER_TYPES = ['INTERNAL', 'ACCOUNT'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const USER_TYPE_LABELS: Record<UserType, string> = { INTERNAL: 'Internal', ACCOUNT: 'Account' };

export const USER_STATUSES = ['INVITED', 'ACTIVE', 'DEACTIVATED', 'DELETED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  INVITED: 'Invited',
  ACTIVE: 'Active',
  DEACTIVATED: 'Deactivated',
  DELETED: 'Deleted',
};

/** A MID's 3DS configuration (spec 1, section 3); NULL is the marker for "no preference set". */
export const FORCE_3DS_VALUES = ['NULL', 'REQUIRED_3DS', 'NO_3DS', 'INDIFFERENT', 'PREFERRED_3DS'] as const;
export type Force3ds = (typeof FORCE_3DS_VALUES)[number];
export const FORCE_3DS_LABELS: Record<Force3ds, string> = {
  NULL: 'Null',
  REQUIRED_3DS: 'Required',
  NO_3DS: 'Avoided',
  INDIFFERENT: 'Not preferred',
  PREFERRED_3DS: 'Preferred',
};

export const CARD_BRANDS = [
  'VISA',
  'MC',
  'DINERS',
  'AMEX',
  'DISCOVER',
  'JCB',
  'MAESTRO',
  'CARTEBLEU',
  'CUP',
  'ELO',
  'DANKORT',
  'HIPERCARD',
  'MIR',
  'TROY',
  'PRIVATELABEL',
  'UNKNOWN',
] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const ACTION_TYPES = ['INSERT', 'UPDATE', 'DELETE'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
/** The audit log's action-type dictionary (spec 1, section 1: translation dictionaries). */
export const ACTION_TYPE_LABELS: Record<ActionType, string> = {
  INSERT: 'Insert',
  UPDATE: 'Update',
  DELETE: 'Delete',
};

export const RESOURCE_TYPES = [
  'URL',
  'ROUTE',
  'TAG',
  'USER',
  'MID',
  'ACCOUNT',
  'MERCHANT',
  'CHARGEBACK',
  'TRANSACTION',
  'CHARGEBACK_TEMPLATE',
  'MID_LIMIT',
  'GLOBAL_LIMIT',
  'GLOBAL_LIMIT_ALERT',
  'MID_LIMIT_ALERT',
  'PLAN',
  'INVOICE',
  'SUBSCRIPTION',
  // Issue 26: a view shared with the account is configuration (personal views are not audited).
  'SAVED_VIEW',
  // Not in the spec's list: exports are audited too (who took which data, with which filters).
  'EXPORT',
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];
export const RESOURCE_TYPE_LABELS: Record<ResourceType, string> = {
  URL: 'URL',
  ROUTE: 'Route',
  TAG: 'Custom tag',
  USER: 'User',
  MID: 'MID',
  ACCOUNT: 'Account',
  MERCHANT: 'Merchant',
  CHARGEBACK: 'Chargeback',
  TRANSACTION: 'Transaction',
  CHARGEBACK_TEMPLATE: 'Chargeback template',
  MID_LIMIT: 'MID limit',
  GLOBAL_LIMIT: 'Global limit',
  GLOBAL_LIMIT_ALERT: 'Global limit alert',
  MID_LIMIT_ALERT: 'MID limit alert',
  PLAN: 'Plan',
  INVOICE: 'Invoice',
  SUBSCRIPTION: 'Subscription',
  SAVED_VIEW: 'Shared view',
  EXPORT: 'Export',
};

export const DEFAULT_CURRENCIES = ['EUR', 'USD', 'GBP'] as const;
export const DEFAULT_COUNTRIES = ['ES', 'FR', 'IT', 'EU', 'GB'] as const;

export const PAGE_SIZES = [50, 100, 500] as const;
export const DEFAULT_PAGE_SIZE = 50;
/** Tables show at most this many records; the server stops counting one past it. */
export const TABLE_RECORD_CAP = 10_000;

// Transactions and refunds (spec 3, section 4; spec 1, section 3). Codes are what the API and the database carry;
// labels are what every screen, filter and export shows.

/**
 * Transaction statuses. The spec writes the last three in words ('refunded manually', 'previously refunded',
 * 'cannot refund'); their codes follow the others' style. A refunded payment keeps SUCCESS: its refunds are child
 * transactions, and refund availability reads them.
 */
export const TRANSACTION_STATUSES = [
  'FAILED',
  'IN_PROCESS',
  'SUCCESS',
  'WAITING_FOR_USER',
  'DECLINED',
  'ABANDONED',
  'PREVENTED',
  'PENDING',
  'REVERSED',
  'REFUNDED_MANUALLY',
  'PREVIOUSLY_REFUNDED',
  'CANNOT_REFUND',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = {
  FAILED: 'Failed',
  IN_PROCESS: 'In process',
  SUCCESS: 'Success',
  WAITING_FOR_USER: 'Waiting for user',
  DECLINED: 'Declined',
  ABANDONED: 'Abandoned',
  PREVENTED: 'Prevented',
  PENDING: 'Pending',
  REVERSED: 'Reversed',
  REFUNDED_MANUALLY: 'Refunded manually',
  PREVIOUSLY_REFUNDED: 'Previously refunded',
  CANNOT_REFUND: 'Cannot refund',
};

export const TRANSACTION_TYPES = [
  'PAYMENT',
  'RECURRENCE',
  'REFUND',
  'PARTIAL_REFUND',
  'CHARGEBACK',
  'INFORMATION_REQUESTED',
  'RDR',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  PAYMENT: 'Payment',
  RECURRENCE: 'Recurrence',
  REFUND: 'Refund',
  PARTIAL_REFUND: 'Partial refund',
  CHARGEBACK: 'Chargeback',
  INFORMATION_REQUESTED: 'Retrieval',
  RDR: 'RDR',
};

/** The refund transaction types: a refund of the whole remaining amount is REFUND, of less PARTIAL_REFUND. */
export const REFUND_TYPES = ['PARTIAL_REFUND', 'REFUND'] as const;
export type RefundType = (typeof REFUND_TYPES)[number];

/** Recurrence types, the transactions list's "category". */
export const RECURRENCE_TYPES = ['ONE-OFF', 'INITIAL', 'RENEWAL', 'MAINTENANCE'] as const;
export type RecurrenceType = (typeof RECURRENCE_TYPES)[number];
export const RECURRENCE_TYPE_LABELS: Record<RecurrenceType, string> = {
  'ONE-OFF': 'One-off',
  INITIAL: 'Initial',
  RENEWAL: 'Renewal',
  MAINTENANCE: 'Maintenance',
};

export const WALLET_METHODS = ['APPLE_PAY', 'PAYPAL', 'STRIPE_LINK', 'GOOGLE_PAY'] as const;
export type WalletMethod = (typeof WALLET_METHODS)[number];
/** Payment methods of a transaction: a card, or one of the wallets. */
export const PAYMENT_METHODS = ['CARD', ...WALLET_METHODS] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  CARD: 'Card',
  APPLE_PAY: 'Apple Pay',
  PAYPAL: 'PayPal',
  STRIPE_LINK: 'Stripe Link',
  GOOGLE_PAY: 'Google Pay',
};

export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  VISA: 'Visa',
  MC: 'Mastercard',
  DINERS: 'Diners Club',
  AMEX: 'AMEX',
  DISCOVER: 'Discover',
  JCB: 'JCB',
  MAESTRO: 'Maestro',
  CARTEBLEU: 'Carte Bleue',
  CUP: 'China UnionPay',
  ELO: 'Elo',
  DANKORT: 'Dankort',
  HIPERCARD: 'Hipercard',
  MIR: 'Mir',
  TROY: 'Troy',
  PRIVATELABEL: 'Private label',
  UNKNOWN: 'Unknown',
};

/**
 * Risk-management alert programmes: spec 1, section 3 and spec 3, section 9, plus Ethoca and Verifi CDRN, which the
 * risk alerts list's Type tooltip explains (spec 3, section 2.9). Labels and descriptions are in src/domain/risk-alerts.ts.
 */
export const ALERT_TYPES = [
  'RDR',
  'ETHOCA',
  'VERIFI_CDRN',
  'ORDER_INSIGHT',
  'COMPELLING_EVIDENCE',
  'INIT_REFUND',
  'CONSUMER_CLARITY',
  'TEST',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/**
 * Where a risk alert stands: the transaction statuses an alert takes (spec 3, sections 3 and 9). PENDING: received,
 * not answered yet; SUCCESS: resolved as the programme asked (refunded by RDR, or answered); PREVENTED: the dispute was
 * stopped before it became a chargeback; REFUNDED_MANUALLY: the merchant refunded the payment itself; PREVIOUSLY_REFUNDED:
 * the payment had been refunded before the alert came; CANNOT_REFUND: the payment could not be refunded (already
 * disputed or refunded elsewhere).
 */
export const ALERT_STATUSES = [
  'PENDING',
  'SUCCESS',
  'PREVENTED',
  'REFUNDED_MANUALLY',
  'PREVIOUSLY_REFUNDED',
  'CANNOT_REFUND',
] as const satisfies readonly TransactionStatus[];
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** The card brands the alert programmes cover: the list's Card brand filter (paymentMethod). */
export const ALERT_CARD_BRANDS = ['VISA', 'MC'] as const satisfies readonly CardBrand[];
export type AlertCardBrand = (typeof ALERT_CARD_BRANDS)[number];

/** A payment's refund availability (spec 3, section 4), the detail's `refundable`. Derived in src/domain/refunds.ts. */
export const REFUND_AVAILABILITY = [
  'AVAILABLE',
  'FULL_REFUNDED',
  'IN_PROCESS',
  'NOT_PAYMENT_SUCCESS',
  'CHARGEBACK_APPLIED',
  'RDR',
  'PROVIDER_BLOCKED_SAME_DAY',
] as const;
export type RefundAvailability = (typeof REFUND_AVAILABILITY)[number];

/** Refund reasons, in the order of spec 3, section 5 (the reason select lists them so). */
export const REFUND_REASONS = [
  'RETRIEVAL_REQUEST',
  'SCREENING',
  'TC40_SAFE',
  'CONFIRMED_FRAUD',
  'ETHOCA',
  'RAVELIN',
  'VERIFI_CDRN',
  'AFTER_PROCESSING',
  'PENDING_PROCESSING',
  'BEFORE_PROCESSING',
  'DENIED_VISA',
  'DENIED_VISA_AFTER_APPROVAL',
  'DUPLICATED_PAYMENT',
  'UNABLE_TO_PROCESS',
  'COMPLAINT_ONLINE_PLATFORMS_REPUTATION',
  'POOR_SERVICES',
  'PRICE_TOO_HIGH',
  'WRONG_FORM',
  'NO_LONGER_NEED_IT',
  'NOT_THE_GOVERNMENT',
  'TEST_QA',
  'UNKNOWN_REASON',
  'OTHER',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  RETRIEVAL_REQUEST: 'Retrieval request',
  SCREENING: 'Screening',
  TC40_SAFE: 'TC40/safe',
  CONFIRMED_FRAUD: 'Confirmed fraud',
  ETHOCA: 'Ethoca',
  RAVELIN: 'Ravelin',
  VERIFI_CDRN: 'Verifi CDRN',
  AFTER_PROCESSING: 'After processing',
  PENDING_PROCESSING: 'Pending processing',
  BEFORE_PROCESSING: 'Before processing',
  DENIED_VISA: 'Denied VISA',
  DENIED_VISA_AFTER_APPROVAL: 'Denied VISA after approval',
  DUPLICATED_PAYMENT: 'Duplicated payment',
  UNABLE_TO_PROCESS: 'Unable to process',
  COMPLAINT_ONLINE_PLATFORMS_REPUTATION: 'Complaint online platforms reputation',
  POOR_SERVICES: 'Poor services',
  PRICE_TOO_HIGH: 'Price too high',
  WRONG_FORM: 'Wrong form',
  NO_LONGER_NEED_IT: 'No longer need it',
  NOT_THE_GOVERNMENT: 'Not the government',
  TEST_QA: 'Test/QA',
  UNKNOWN_REASON: 'Unknown reason',
  OTHER: 'Other',
};

// Chargebacks and dispute templates (spec 3, sections 2.3 to 2.5 and 4; spec 1, section 3).

/** A case's workflow status. Agents with chargeback.update switch freely among them; TO_DO is the default. */
export const CHARGEBACK_STATUSES = [
  'TO_DO',
  'IN_PROGRESS',
  'DONE',
  'NOT_DISPUTED',
  'EXPIRED',
  'REFUNDED',
  'OTHERS',
] as const;
export type ChargebackStatus = (typeof CHARGEBACK_STATUSES)[number];
export const CHARGEBACK_STATUS_LABELS: Record<ChargebackStatus, string> = {
  TO_DO: 'To do',
  IN_PROGRESS: 'In progress',
  DONE: 'Done',
  NOT_DISPUTED: 'Not disputed',
  EXPIRED: 'Expired',
  REFUNDED: 'Refunded',
  OTHERS: 'Others',
};

/** The chargebacks list's operation (type) column and filter: the spec's dispute types. */
export const DISPUTE_OPERATIONS = ['CHARGEBACK', 'RETRIEVAL'] as const;
export type DisputeOperation = (typeof DISPUTE_OPERATIONS)[number];
export const DISPUTE_OPERATION_LABELS: Record<DisputeOperation, string> = {
  CHARGEBACK: 'Chargeback',
  RETRIEVAL: 'Retrieval',
};

/**
 * The parsed chargeback reasons. OthersDefault is what a processor reason that maps to none of the others parses to;
 * its dispute template slot is Others.
 */
export const CHARGEBACK_REASONS = [
  'OthersDefault',
  'CancelledMerchandiseServices',
  'CancelledRecurringTransaction',
  'CreditNotProcessed',
  'DuplicateProcessing',
  'FraudNoCardholderAuthorization',
  'IncorrectAmount',
  'MerchandiseServicesNotProvided',
  'NotAsDescribed',
  'UnrecognisedTransaction',
  'ChargebackDocumentation',
] as const;
export type ChargebackReason = (typeof CHARGEBACK_REASONS)[number];
export const CHARGEBACK_REASON_LABELS: Record<ChargebackReason, string> = {
  OthersDefault: 'Others',
  CancelledMerchandiseServices: 'Cancelled merchandise/services',
  CancelledRecurringTransaction: 'Cancelled recurring transaction',
  CreditNotProcessed: 'Credit not processed',
  DuplicateProcessing: 'Duplicate processing',
  FraudNoCardholderAuthorization: 'Fraud - no cardholder authorization',
  IncorrectAmount: 'Incorrect amount',
  MerchandiseServicesNotProvided: 'Merchandise/services not provided',
  NotAsDescribed: 'Not as described',
  UnrecognisedTransaction: 'Unrecognised transaction',
  ChargebackDocumentation: 'Chargeback documentation',
};

/** Fraud types; codes follow the other enumerations' style, labels are the spec's words. */
export const FRAUD_TYPES = [
  'FRAUD',
  'PRODUCT_PROCESSING_ERROR',
  'CLIENT_CONTACT',
  'DOCUMENT_OR_ACTION_NEEDED',
  'REFUND_SOLICITED_FORM_NOT_RECEIVED',
  'LEGITIMATE_PURCHASE',
  'LEGITIMATE_PURCHASE_PROVEN_USE',
] as const;
export type FraudType = (typeof FRAUD_TYPES)[number];
export const FRAUD_TYPE_LABELS: Record<FraudType, string> = {
  FRAUD: 'Fraud',
  PRODUCT_PROCESSING_ERROR: 'Product processing error',
  CLIENT_CONTACT: 'Client contact',
  DOCUMENT_OR_ACTION_NEEDED: 'Document or action needed',
  REFUND_SOLICITED_FORM_NOT_RECEIVED: 'Refund solicited form not received',
  LEGITIMATE_PURCHASE: 'Legitimate purchase',
  LEGITIMATE_PURCHASE_PROVEN_USE: 'Legitimate purchase proven use',
};

/**
 * Dispute template slots (spec 3, section 2.5), in the configuration screen's order: Default, Others (the slot of
 * the OthersDefault reason), one per other reason, then ChargebackAccepted, ChargebackInvalid and Refund. The key is
 * the {templateKey} of the template calls and the `reason` of the document call.
 */
export const DISPUTE_TEMPLATE_KEYS = [
  'Default',
  'Others',
  'CancelledMerchandiseServices',
  'CancelledRecurringTransaction',
  'CreditNotProcessed',
  'DuplicateProcessing',
  'FraudNoCardholderAuthorization',
  'IncorrectAmount',
  'MerchandiseServicesNotProvided',
  'NotAsDescribed',
  'UnrecognisedTransaction',
  'ChargebackDocumentation',
  'ChargebackAccepted',
  'ChargebackInvalid',
  'Refund',
] as const;
export type DisputeTemplateKey = (typeof DISPUTE_TEMPLATE_KEYS)[number];
export const DISPUTE_TEMPLATE_KEY_LABELS: Record<DisputeTemplateKey, string> = {
  Default: 'Default',
  Others: 'Others',
  CancelledMerchandiseServices: CHARGEBACK_REASON_LABELS.CancelledMerchandiseServices,
  CancelledRecurringTransaction: CHARGEBACK_REASON_LABELS.CancelledRecurringTransaction,
  CreditNotProcessed: CHARGEBACK_REASON_LABELS.CreditNotProcessed,
  DuplicateProcessing: CHARGEBACK_REASON_LABELS.DuplicateProcessing,
  FraudNoCardholderAuthorization: CHARGEBACK_REASON_LABELS.FraudNoCardholderAuthorization,
  IncorrectAmount: CHARGEBACK_REASON_LABELS.IncorrectAmount,
  MerchandiseServicesNotProvided: CHARGEBACK_REASON_LABELS.MerchandiseServicesNotProvided,
  NotAsDescribed: CHARGEBACK_REASON_LABELS.NotAsDescribed,
  UnrecognisedTransaction: CHARGEBACK_REASON_LABELS.UnrecognisedTransaction,
  ChargebackDocumentation: CHARGEBACK_REASON_LABELS.ChargebackDocumentation,
  ChargebackAccepted: 'Chargeback accepted',
  ChargebackInvalid: 'Chargeback invalid',
  Refund: 'Refund',
};

// Subscriptions (spec 3, sections 3 "Subscription" and 4; spec 1, section 3). Rules and texts live in
// src/domain/subscriptions.ts.

/**
 * Subscription statuses. The spec names ACTIVE, PAUSED, CANCELLED, ARCHIVED "and others"; FULFILLED (a plan with an
 * end whose last cycle was paid) is the other one it names, displayed as active.
 */
export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'PAUSED', 'CANCELLED', 'ARCHIVED', 'FULFILLED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  ACTIVE: 'Active',
  PAUSED: 'Paused',
  CANCELLED: 'Cancelled',
  ARCHIVED: 'Archived',
  FULFILLED: 'Active',
};

/**
 * The kinds of attempt a cycle holds: the first payment (INITIAL), the charges of the cycle (RENEWAL, MAINTENANCE)
 * and what happened to them afterwards (refunds, RDR, chargeback, retrieval).
 */
export const SUBSCRIPTION_ATTEMPT_TYPES = [
  'INITIAL',
  'RENEWAL',
  'MAINTENANCE',
  'REFUND',
  'PARTIAL_REFUND',
  'RDR',
  'CHARGEBACK',
  'INFORMATION_REQUESTED',
] as const;
export type SubscriptionAttemptType = (typeof SUBSCRIPTION_ATTEMPT_TYPES)[number];
export const SUBSCRIPTION_ATTEMPT_TYPE_LABELS: Record<SubscriptionAttemptType, string> = {
  INITIAL: 'Initial',
  RENEWAL: 'Renewal',
  MAINTENANCE: 'Maintenance',
  REFUND: 'Refund',
  PARTIAL_REFUND: 'Partial refund',
  RDR: 'RDR',
  CHARGEBACK: 'Chargeback',
  INFORMATION_REQUESTED: 'Retrieval',
};

/** Who or what cancelled a subscription (spec 1, section 3: cancellation sources). */
export const CANCELLATION_SOURCES = ['HARD_DECLINE', 'MERCHANT_API', 'END_PLAN', 'BACKOFFICE_API', 'DISPUTE'] as const;
export type CancellationSource = (typeof CANCELLATION_SOURCES)[number];
/** Only BACKOFFICE_API's label is the spec's ('Manual Backoffice'); the others follow the same style. */
export const CANCELLATION_SOURCE_LABELS: Record<CancellationSource, string> = {
  HARD_DECLINE: 'Hard decline',
  MERCHANT_API: 'Merchant API',
  END_PLAN: 'End of plan',
  BACKOFFICE_API: 'Manual Backoffice',
  DISPUTE: 'Dispute',
};
