import type { ChargebackReason, ChargebackStatus, FraudType } from '@domain/enums';
import type { DocxParagraph } from '../../lib/docx';

// Reference data for the demo disputes: how often each reason and status occurs, the card networks' reason codes
// behind each parsed reason, the merchants' custom case fields, and the demo dispute template.

/** The card networks' codes and wordings behind each parsed reason (what reason.processor shows). */
export const REASON_CODES: Readonly<
  Record<ChargebackReason, Readonly<Record<'VISA' | 'MC' | 'AMEX' | 'OTHER', string>>>
> = {
  OthersDefault: {
    VISA: '11.3 No Authorization',
    MC: '4808 Authorization-related Chargeback',
    AMEX: 'A08 Authorization Approval Expired',
    OTHER: 'AU01 Authorization issue',
  },
  CancelledMerchandiseServices: {
    VISA: '13.7 Cancelled Merchandise/Services',
    MC: '4853 Cardholder Dispute - Cancelled',
    AMEX: 'C14 Paid by Other Means',
    OTHER: 'CD07 Cancelled merchandise',
  },
  CancelledRecurringTransaction: {
    VISA: '13.2 Cancelled Recurring Transaction',
    MC: '4841 Cancelled Recurring Transaction',
    AMEX: 'C28 Cancelled Recurring Billing',
    OTHER: 'CD02 Cancelled recurring',
  },
  CreditNotProcessed: {
    VISA: '13.6 Credit Not Processed',
    MC: '4860 Credit Not Processed',
    AMEX: 'C02 Credit Not Processed',
    OTHER: 'CD06 Credit not processed',
  },
  DuplicateProcessing: {
    VISA: '12.6.1 Duplicate Processing',
    MC: '4834 Point-of-Interaction Error - Duplicate',
    AMEX: 'P08 Duplicate Charge',
    OTHER: 'PE05 Duplicate processing',
  },
  FraudNoCardholderAuthorization: {
    VISA: '10.4 Other Fraud - Card-Absent Environment',
    MC: '4837 No Cardholder Authorization',
    AMEX: 'F29 Card Not Present',
    OTHER: 'FR02 Fraud, card not present',
  },
  IncorrectAmount: {
    VISA: '12.5 Incorrect Amount',
    MC: '4831 Transaction Amount Differs',
    AMEX: 'P05 Incorrect Charge Amount',
    OTHER: 'PE03 Incorrect amount',
  },
  MerchandiseServicesNotProvided: {
    VISA: '13.1 Merchandise/Services Not Received',
    MC: '4855 Goods or Services Not Provided',
    AMEX: 'C08 Goods/Services Not Received',
    OTHER: 'CD01 Not received',
  },
  NotAsDescribed: {
    VISA: '13.3 Not as Described or Defective Merchandise/Services',
    MC: '4853 Cardholder Dispute - Not as Described',
    AMEX: 'C31 Goods/Services Not as Described',
    OTHER: 'CD04 Not as described',
  },
  UnrecognisedTransaction: {
    VISA: '10.5 Visa Fraud Monitoring Program',
    MC: '4863 Cardholder Does Not Recognize',
    AMEX: 'F24 No Card Member Authorization',
    OTHER: 'FR05 Transaction not recognised',
  },
  ChargebackDocumentation: {
    VISA: '33 Request for Copy Bearing Signature',
    MC: '6341 Fraud Investigation - Documentation',
    AMEX: '127 Request for Support Documentation',
    OTHER: 'RR01 Documentation requested',
  },
};

/** How often each reason is disputed. Fraud leads, as it does for card-not-present merchants. */
export const CHARGEBACK_REASON_WEIGHTS: readonly (readonly [ChargebackReason, number])[] = [
  ['FraudNoCardholderAuthorization', 26],
  ['MerchandiseServicesNotProvided', 12],
  ['NotAsDescribed', 10],
  ['UnrecognisedTransaction', 9],
  ['CancelledRecurringTransaction', 8],
  ['CreditNotProcessed', 8],
  ['CancelledMerchandiseServices', 7],
  ['DuplicateProcessing', 5],
  ['IncorrectAmount', 5],
  ['OthersDefault', 6],
  ['ChargebackDocumentation', 4],
];

/** A retrieval asks for documents: about a fraud claim, a transaction not recognised, or just the paperwork. */
export const RETRIEVAL_REASON_WEIGHTS: readonly (readonly [ChargebackReason, number])[] = [
  ['ChargebackDocumentation', 45],
  ['FraudNoCardholderAuthorization', 20],
  ['UnrecognisedTransaction', 20],
  ['OthersDefault', 15],
];

/** Cases still open: mostly waiting or being worked. */
export const OPEN_STATUS_WEIGHTS: readonly (readonly [ChargebackStatus, number])[] = [
  ['TO_DO', 50],
  ['IN_PROGRESS', 32],
  ['DONE', 10],
  ['REFUNDED', 3],
  ['OTHERS', 5],
];

/** Cases past their expiration date: mostly closed one way or another, a few forgotten. */
export const EXPIRED_STATUS_WEIGHTS: readonly (readonly [ChargebackStatus, number])[] = [
  ['DONE', 38],
  ['NOT_DISPUTED', 16],
  ['EXPIRED', 20],
  ['REFUNDED', 10],
  ['OTHERS', 6],
  ['TO_DO', 5],
  ['IN_PROGRESS', 5],
];

/** How agents classify fraud claims once they have looked at them. */
export const FRAUD_TYPE_WEIGHTS: readonly (readonly [FraudType, number])[] = [
  ['FRAUD', 30],
  ['LEGITIMATE_PURCHASE', 18],
  ['LEGITIMATE_PURCHASE_PROVEN_USE', 14],
  ['CLIENT_CONTACT', 12],
  ['DOCUMENT_OR_ACTION_NEEDED', 12],
  ['PRODUCT_PROCESSING_ERROR', 8],
  ['REFUND_SOLICITED_FORM_NOT_RECEIVED', 6],
];

/** Of the assigned cases, the share handled outside the agent list: assigned to Others. */
export const OTHERS_SHARE = 0.15;

/** Days from notification to the response deadline, by operation. */
export const RESPONSE_DAYS = { CHARGEBACK: [20, 45], RETRIEVAL: [10, 30] } as const;

/** Extra fields merchants send with their cases ('Additional info'); an empty value is sent but not shown. */
export const CUSTOM_FIELDS: readonly {
  label: string;
  value: (pick: <T>(items: readonly T[]) => T, digits: (n: number) => string) => string;
}[] = [
  { label: 'Customer ID', value: (_, digits) => `CUS-${digits(7)}` },
  { label: 'Customer since', value: (pick) => pick(['2019', '2021', '2022', '2023', '2024', '2025']) },
  { label: 'Subscription plan', value: (pick) => pick(['Basic', 'Premium', 'Family', 'Annual', '']) },
  { label: 'Delivery tracking', value: (pick, digits) => pick([`1Z${digits(12)}`, `JD${digits(14)}`, '']) },
  { label: 'Last login IP', value: (_, digits) => `85.${Number(digits(2))}.${Number(digits(2))}.${Number(digits(2))}` },
  { label: 'Previous orders', value: (_, digits) => String(Number(digits(2))) },
  { label: 'Support tickets', value: (pick) => pick(['0', '1', '2', '']) },
  { label: 'Device fingerprint', value: (_, digits) => `fp_${digits(10)}` },
];

/** The demo template's slot and file name (3 to 63 characters, letters, digits and ! - _ . * ' ( )). */
export const DEMO_TEMPLATE_KEY = 'Default';
export const DEMO_TEMPLATE_FILE_NAME = 'Default-dispute-response.docx';

/**
 * The demo dispute template: a response letter with every placeholder the document call fills. The names are the
 * README's list of placeholders; custom fields repeat between {#custom} and {/custom}.
 */
export const DEMO_TEMPLATE_PARAGRAPHS: readonly DocxParagraph[] = [
  { text: 'Dispute response - {companyName}', bold: true },
  '{companyAddress}',
  'Registration number: {companyRegistrationNumber}  -  {companyEmail}  -  {companyUrl}',
  '',
  'Date: {today}',
  'Case ID: {caseId}    Dispute ID: {disputeId}',
  'Type: {operation}    Reason: {reason} ({reasonCode})    Status: {status}',
  'Notified on {notificationDate}; respond before {expirationDate}.',
  'Disputed amount: {amount}',
  '',
  { text: 'The payment', bold: true },
  'Payment {paymentId} (provider reference {paymentExternalId}) on {paymentDate}: {paymentAmount}.',
  'Card: {cardBrand}, held by {cardholderName}. 3-D Secure: {payment3dSecure}.',
  'Processed by {provider} ({solution}). Order: {orderId}.',
  '',
  { text: 'The customer', bold: true },
  '{customerName} - {customerEmail} - IP {customerIp}',
  '',
  { text: 'What was sold', bold: true },
  '{companyProduct}',
  'Terms: {companyPolicyTermUrl}    Privacy: {companyPrivacyTermUrl}',
  '',
  { text: 'Additional info', bold: true },
  '{#custom}',
  '{label}: {value}',
  '{/custom}',
  '',
  '{accountName} disputes this chargeback and encloses the evidence above.',
];
