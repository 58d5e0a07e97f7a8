// Subscription rules of spec 3 (sections 2.10, 4 "Subscription", 5 "Cancel subscription" and 9): which actions a
// status allows, how a status is displayed, the cancel reasons with their messages and the one string a reason
// travels as, the cancellation sources' labels and the attempts the retry modal shows. Pure: the server, the console
// and the subscription-actions machine read the same answers. (No import of the contract: the contract validates
// with these rules.)
import {
  CANCELLATION_SOURCE_LABELS,
  CANCELLATION_SOURCES,
  type CancellationSource,
  SUBSCRIPTION_STATUS_LABELS,
  type SubscriptionAttemptType,
  type SubscriptionStatus,
} from './enums';

// Actions (spec 3, section 4).

export const SUBSCRIPTION_ACTIONS = ['CANCEL', 'PAUSE', 'RESUME'] as const;
export type SubscriptionAction = (typeof SUBSCRIPTION_ACTIONS)[number];

export const SUBSCRIPTION_ACTION_LABELS: Record<SubscriptionAction, string> = {
  CANCEL: 'Cancel',
  PAUSE: 'Pause',
  RESUME: 'Resume',
};

/** ACTIVE may be cancelled or paused; PAUSED cancelled or resumed; every other status offers nothing. */
const ACTIONS_BY_STATUS: Record<SubscriptionStatus, readonly SubscriptionAction[]> = {
  ACTIVE: ['CANCEL', 'PAUSE'],
  PAUSED: ['CANCEL', 'RESUME'],
  CANCELLED: [],
  ARCHIVED: [],
  // Displayed as active, but the spec grants actions to ACTIVE only: a fulfilled plan has nothing left to charge.
  FULFILLED: [],
};

/** The actions a subscription in `status` offers, in the order the row menu lists them after View detail. */
export function subscriptionActions(status: SubscriptionStatus): readonly SubscriptionAction[] {
  return ACTIONS_BY_STATUS[status] ?? [];
}

export function isActionAllowed(status: SubscriptionStatus, action: SubscriptionAction): boolean {
  return subscriptionActions(status).includes(action);
}

/** The status a subscription has once the platform confirmed the action. */
export const STATUS_AFTER_ACTION: Record<SubscriptionAction, SubscriptionStatus> = {
  CANCEL: 'CANCELLED',
  PAUSE: 'PAUSED',
  RESUME: 'ACTIVE',
};

/** FULFILLED is displayed as active (spec 3, section 2.10); every other status as itself. */
export function displayedSubscriptionStatus(status: SubscriptionStatus): SubscriptionStatus {
  return status === 'FULFILLED' ? 'ACTIVE' : status;
}

/**
 * The statuses a Status filter matches: the ones chosen, and FULFILLED with ACTIVE, as it is displayed as active (a
 * user filtering Active expects every row that says Active). FULFILLED can still be asked for alone.
 */
export function statusesFiltered(chosen: readonly SubscriptionStatus[]): SubscriptionStatus[] {
  const statuses = new Set(chosen);
  if (statuses.has('ACTIVE')) statuses.add('FULFILLED');
  return [...statuses];
}

export function subscriptionStatusLabel(status: SubscriptionStatus): string {
  return SUBSCRIPTION_STATUS_LABELS[displayedSubscriptionStatus(status)];
}

/** The reason a pause is sent with (spec 3, section 5); a resume has none. */
export const PAUSE_REASON = 'BACKOFFICE_PAUSE';

/** The platform may take this long to apply an action (spec 3, section 9); the progress state says so. */
export const SUBSCRIPTION_ACTION_TIMEOUT_MS = 30_000;
export const SUBSCRIPTION_ACTION_PROGRESS_TEXT = 'This process can take up to 30 seconds';

/** History: cycles a page, newest first (spec 3, sections 2.10 and 9). */
export const HISTORY_CYCLES_PER_PAGE = 5;

// Cancel reasons (spec 3, section 5).

export const CANCEL_REASON_OTHER = 'Other';
/** The reasons in the order the cancel form lists them. */
export const CANCEL_REASONS = [
  'High prices',
  'Service not as described',
  'Confirmed fraud',
  'Unused service',
  CANCEL_REASON_OTHER,
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const OTHER_REASON_MAX = 16;

export const SUBSCRIPTION_MESSAGES = {
  reasonRequired: 'You have to select a reason for cancelling the subscription',
  otherCharacters: 'Only alphanumeric characters and spaces are allowed.',
  otherTooLong: `Maximum ${OTHER_REASON_MAX} characters`,
  /** Other chosen with nothing typed: the free text is what Other sends. */
  otherRequired: 'Required field',
  pauseReason: `A pause is sent with the reason ${PAUSE_REASON}`,
  resumeReason: 'A resume is sent without a reason',
  unknownAction: 'The action must be CANCEL, PAUSE or RESUME',
  notAllowed: (status: SubscriptionStatus, action: SubscriptionAction) =>
    `A ${SUBSCRIPTION_STATUS_LABELS[status].toLowerCase()} subscription cannot be ${ACTION_PAST[action]}`,
} as const;

const ACTION_PAST: Record<SubscriptionAction, string> = {
  CANCEL: 'cancelled',
  PAUSE: 'paused',
  RESUME: 'resumed',
};

/**
 * Letters (any script: 'Cliente español' is a reason a user would type), digits and spaces. Counted in characters
 * (code points), not UTF-16 units.
 */
const OTHER_TEXT = /^[\p{L}\p{Nd} ]*$/u;

/** Why the Other text is refused, or undefined when it may be sent. */
export function otherReasonProblem(text: string): string | undefined {
  if (text.trim() === '') return SUBSCRIPTION_MESSAGES.otherRequired;
  if (!OTHER_TEXT.test(text)) return SUBSCRIPTION_MESSAGES.otherCharacters;
  if ([...text].length > OTHER_REASON_MAX) return SUBSCRIPTION_MESSAGES.otherTooLong;
  return undefined;
}

/** Between Other and its text in the string a reason travels as: 'Other: my text'. */
const OTHER_SEPARATOR = ': ';

export interface CancelReasonChoice {
  reason: CancelReason | null | undefined;
  /** The free text, read only with Other. */
  otherText?: string | undefined;
}

/** The form's problems by field (reason, otherText); empty when the choice may be sent. */
export function cancelReasonProblems(choice: CancelReasonChoice): Partial<Record<'reason' | 'otherText', string>> {
  if (!choice.reason || !(CANCEL_REASONS as readonly string[]).includes(choice.reason))
    return { reason: SUBSCRIPTION_MESSAGES.reasonRequired };
  if (choice.reason !== CANCEL_REASON_OTHER) return {};
  const problem = otherReasonProblem(choice.otherText ?? '');
  return problem ? { otherText: problem } : {};
}

/**
 * The string a cancel sends as reasonDetails: the reason's label, or 'Other: ' followed by the text as typed
 * (spec 3, section 5: "The reason is sent as its label; Other is followed by the text").
 */
export function cancelReasonDetails(choice: CancelReasonChoice): string {
  if (choice.reason === CANCEL_REASON_OTHER) return `${CANCEL_REASON_OTHER}${OTHER_SEPARATOR}${choice.otherText ?? ''}`;
  return choice.reason ?? '';
}

/** The choice a reasonDetails string carries (the inverse of cancelReasonDetails); reason null when it is none. */
export function parseCancelReasonDetails(details: string | null | undefined): {
  reason: CancelReason | null;
  otherText?: string;
} {
  if (details === null || details === undefined) return { reason: null };
  const prefix = `${CANCEL_REASON_OTHER}${OTHER_SEPARATOR}`;
  if (details.startsWith(prefix)) return { reason: CANCEL_REASON_OTHER, otherText: details.slice(prefix.length) };
  if (details === CANCEL_REASON_OTHER) return { reason: CANCEL_REASON_OTHER, otherText: '' };
  const reason = CANCEL_REASONS.find((label) => label === details && label !== CANCEL_REASON_OTHER);
  return { reason: reason ?? null };
}

/** Why a cancel's reasonDetails is refused (the server's check of the same rules), or undefined. */
export function cancelReasonDetailsProblem(details: string | null | undefined): string | undefined {
  const choice = parseCancelReasonDetails(details);
  const problems = cancelReasonProblems(choice);
  return problems.reason ?? problems.otherText;
}

/**
 * Why reasonDetails does not fit the action, or undefined: a cancel needs a valid reason, a pause may only carry
 * BACKOFFICE_PAUSE (the server sends it whether or not the client did), a resume carries none.
 */
export function actionReasonProblem(
  action: SubscriptionAction,
  details: string | null | undefined,
): string | undefined {
  if (action === 'CANCEL') return cancelReasonDetailsProblem(details);
  if (action === 'PAUSE')
    return details === undefined || details === null || details === PAUSE_REASON
      ? undefined
      : SUBSCRIPTION_MESSAGES.pauseReason;
  return details === undefined || details === null || details === '' ? undefined : SUBSCRIPTION_MESSAGES.resumeReason;
}

// Cancellation (spec 1, section 3; spec 3, section 2.10).

export function cancellationSourceLabel(source: CancellationSource | string): string {
  return (CANCELLATION_SOURCES as readonly string[]).includes(source)
    ? CANCELLATION_SOURCE_LABELS[source as CancellationSource]
    : source;
}

/**
 * The cancellation reason as the detail shows it: the source's label, and for BACKOFFICE_API its details after it
 * ('Manual Backoffice - Other: too expensive').
 */
export function cancellationReasonText(cancellation: {
  cancellationReason: CancellationSource | string;
  cancellationReasonDetails: string | null;
}): string {
  const label = cancellationSourceLabel(cancellation.cancellationReason);
  return cancellation.cancellationReason === 'BACKOFFICE_API' && cancellation.cancellationReasonDetails
    ? `${label} - ${cancellation.cancellationReasonDetails}`
    : label;
}

// History (spec 3, sections 2.10 and 9).

/** The attempt types the retry modal leaves out. */
export const RETRY_MODAL_HIDDEN_TYPES: readonly SubscriptionAttemptType[] = ['INFORMATION_REQUESTED'];

export function retryModalAttempts<T extends { type: SubscriptionAttemptType }>(attempts: readonly T[]): T[] {
  return attempts.filter((attempt) => !RETRY_MODAL_HIDDEN_TYPES.includes(attempt.type));
}

/** Page `page` (1-based) of the history's cycles, already newest first. */
export function historyPage<T>(cycles: readonly T[], page: number): T[] {
  const start = (Math.max(1, Math.floor(page)) - 1) * HISTORY_CYCLES_PER_PAGE;
  return cycles.slice(start, start + HISTORY_CYCLES_PER_PAGE);
}

export function historyPageCount(cycleCount: number): number {
  return Math.max(1, Math.ceil(cycleCount / HISTORY_CYCLES_PER_PAGE));
}
