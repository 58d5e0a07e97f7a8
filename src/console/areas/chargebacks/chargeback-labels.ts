import { FRAUD_TYPE_REASON } from '@domain/chargebacks';
import type { ChargebackListItem } from '@domain/contract/chargebacks';
import { CHARGEBACK_REASON_LABELS } from '@domain/enums';

// Words the chargeback screens show beyond the shared enumeration labels (src/domain/enums.ts) and the catalogue
// (src/domain/errors.ts). The spec names the icons and the marks but not their texts.

export const CHARGEBACKS_TITLE = 'Chargebacks';
export const CHARGEBACKS_SEARCH_PLACEHOLDER = 'Search by case, dispute, order or customer';
export const EXACT_MATCHES_LABEL = 'Exact matches';
export const HIDE_EXPIRED_LABEL = 'Hide expired';

/** The second-chargeback icon (hasPreviousChargebacks) and the refund icon (hasRefund): name and tooltip. */
export const CASE_ICON_TEXTS = {
  secondChargeback: { name: 'Second chargeback', tooltip: 'Second chargeback: this payment had a chargeback before' },
  refund: { name: 'Refunded', tooltip: 'This payment has a refund' },
} as const;

/** The mark beside an expiration date before the start of today. */
export const EXPIRED_MARK = 'Expired';

/** How a case is named in row labels, picker headings and bulk reports: its case id, else its dispute id, else ours. */
export function caseName(item: Pick<ChargebackListItem, 'caseId' | 'disputeId' | 'chargebackId'>): string {
  return item.caseId?.trim() || item.disputeId?.trim() || item.chargebackId;
}

/** The info toast when `f` cannot set a fraud type on the active case. */
export const FRAUD_TYPE_UNAVAILABLE = {
  reason: {
    header: 'This case has no fraud type',
    content: `Only cases with the reason '${CHARGEBACK_REASON_LABELS[FRAUD_TYPE_REASON]}' have one.`,
  },
  permission: {
    header: "You can't change the fraud type",
    content: 'Your role does not include changing fraud types. Ask an administrator if you need it.',
  },
} as const;

/** The fraud-type picker's and dropdown's choice that clears the value (shown as '-' in the table). */
export const NO_FRAUD_TYPE_LABEL = 'None';
