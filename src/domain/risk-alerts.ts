import type { AlertCardBrand, AlertStatus, AlertType } from './enums';
import { TRANSACTION_STATUS_LABELS } from './enums';

// Risk alerts (spec 3, sections 2.9, 3 "Transaction alert" and 9): the cases alert programmes open on a payment. The
// words the list, its filters and its export show, and the rules of an alert's status. Pure: no I/O.

/** The search box's placeholder; the search looks at these three identifiers (and, with searchType TEXT, more). */
export const RISK_ALERT_SEARCH_PLACEHOLDER = 'Search by Transaction ID, CAID or MID ID';

/** The Type column's and filter's words. */
export const ALERT_TYPE_LABELS: Record<AlertType, string> = {
  RDR: 'RDR',
  ETHOCA: 'Ethoca',
  VERIFI_CDRN: 'Verifi (CDRN)',
  ORDER_INSIGHT: 'Order Insight',
  COMPELLING_EVIDENCE: 'Compelling Evidence',
  INIT_REFUND: 'Init refund',
  CONSUMER_CLARITY: 'Consumer Clarity',
  TEST: 'Test',
};

/** The Type column's tooltip: what each programme does (spec 3, section 2.9 names the first five). */
export const ALERT_TYPE_DESCRIPTIONS: Record<AlertType, string> = {
  RDR: "Rapid Dispute Resolution (Visa): the issuer's dispute is refunded automatically by rules the merchant set, before it becomes a chargeback.",
  ETHOCA:
    'Ethoca (Mastercard): the issuer warns of a confirmed fraud or a customer dispute so the merchant can refund it and stop the chargeback.',
  VERIFI_CDRN:
    'Verifi (CDRN): the Cardholder Dispute Resolution Network warns of a dispute so the merchant can refund it before it becomes a chargeback.',
  ORDER_INSIGHT:
    'Order Insight (Visa): the issuer asked for the order details to show the cardholder, which often avoids a dispute.',
  COMPELLING_EVIDENCE:
    "Compelling Evidence (Visa CE 3.0): the merchant's evidence of earlier undisputed payments by the same cardholder answers a fraud claim.",
  INIT_REFUND: 'The alert asked for the payment to be refunded.',
  CONSUMER_CLARITY: 'Consumer Clarity (Mastercard): the merchant gave the cardholder the order details.',
  TEST: 'A test alert sent by the programme.',
};

/** The Status column's and filter's words: the transaction status words. */
export const ALERT_STATUS_LABELS: Record<AlertStatus, string> = {
  PENDING: TRANSACTION_STATUS_LABELS.PENDING,
  SUCCESS: TRANSACTION_STATUS_LABELS.SUCCESS,
  PREVENTED: TRANSACTION_STATUS_LABELS.PREVENTED,
  REFUNDED_MANUALLY: TRANSACTION_STATUS_LABELS.REFUNDED_MANUALLY,
  PREVIOUSLY_REFUNDED: TRANSACTION_STATUS_LABELS.PREVIOUSLY_REFUNDED,
  CANNOT_REFUND: TRANSACTION_STATUS_LABELS.CANNOT_REFUND,
};

/** The Card brand column's and filter's words. */
export const ALERT_CARD_BRAND_LABELS: Record<AlertCardBrand, string> = { VISA: 'Visa', MC: 'Mastercard' };

/** An alert arrives PENDING and is then answered once: every other status is final. */
export const isFinalAlertStatus = (status: AlertStatus): boolean => status !== 'PENDING';

/** The status changes an alert may go through: from PENDING to a final status, never back or between final ones. */
export function canChangeAlertStatus(from: AlertStatus, to: AlertStatus): boolean {
  return from === 'PENDING' && isFinalAlertStatus(to);
}
