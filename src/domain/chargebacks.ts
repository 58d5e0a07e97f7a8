// Chargeback and dispute-template rules of spec 3 (sections 2.3 to 2.5, 4, 5 and 9): when a case is expired, who may
// change what, the parsed reason, which template a document uses, the upload rules with their modal texts, the
// 'Additional info' list and the dispute document's placeholders. Pure: the server, the console and the machines
// read the same answers.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import {
  AGENT_OTHERS,
  AGENT_OTHERS_NAME,
  AGENT_UNASSIGNED,
  AGENT_UNASSIGNED_NAME,
  type Agent,
  type ChargebackAgent,
  type ChargebackCustomField,
  type ChargebackDetail,
} from './contract/chargebacks';
import {
  DEFAULT_TEMPLATE_KEY,
  OTHERS_TEMPLATE_KEY,
  TEMPLATE_EXTENSIONS,
  TEMPLATE_MAX_BYTES,
  TEMPLATE_NAME_MAX,
  TEMPLATE_NAME_MIN,
  TEMPLATE_NAME_PATTERN,
} from './contract/dispute-templates';
import {
  CARD_BRAND_LABELS,
  CHARGEBACK_REASON_LABELS,
  CHARGEBACK_REASONS,
  CHARGEBACK_STATUS_LABELS,
  CHARGEBACK_STATUSES,
  type ChargebackReason,
  type ChargebackStatus,
  DISPUTE_OPERATION_LABELS,
  type DisputeTemplateKey,
  FRAUD_TYPE_LABELS,
  FRAUD_TYPES,
  type FraudType,
} from './enums';
import { formatDate, formatMinorMoney } from './format';
import { can, type Grants, PERMISSIONS } from './permissions';

dayjs.extend(utc);
dayjs.extend(timezone);

type DateInput = string | number | Date;

// Expiry (spec 3, section 2.3).

/** 00:00:00.000 of the day `now` falls on in the zone (an IANA name, or 'UTC'). */
export function startOfToday(now: DateInput, timeZone: string): Date {
  const moment = timeZone === 'UTC' ? dayjs(now).utc() : dayjs(now).tz(timeZone);
  return moment.startOf('day').toDate();
}

/**
 * A case is expired when its expiration date is before the start of today, in the viewer's zone: a case expiring
 * today is still workable all day. A case without an expiration date never expires.
 */
export function isChargebackExpired(
  expirationDate: DateInput | null | undefined,
  now: DateInput,
  timeZone: string,
): boolean {
  if (expirationDate === null || expirationDate === undefined || expirationDate === '') return false;
  const expires = new Date(expirationDate).getTime();
  if (Number.isNaN(expires)) return false;
  return expires < startOfToday(now, timeZone).getTime();
}

// Options and permissions (spec 3, sections 2.3, 2.4, 4 and 6).

export const chargebackStatusOptions = CHARGEBACK_STATUSES.map((value) => ({
  value,
  label: CHARGEBACK_STATUS_LABELS[value],
}));
export const fraudTypeOptions = FRAUD_TYPES.map((value) => ({ value, label: FRAUD_TYPE_LABELS[value] }));
export const chargebackReasonOptions = CHARGEBACK_REASONS.map((value) => ({
  value,
  label: CHARGEBACK_REASON_LABELS[value],
}));

/** The one reason whose cases carry a fraud type. */
export const FRAUD_TYPE_REASON: ChargebackReason = 'FraudNoCardholderAuthorization';

/** What a user may do with cases; every control and command reads this rather than the permission names. */
export interface ChargebackAbilities {
  /** The row menu's View detail, Enter on a row, the detail route. */
  viewDetail: boolean;
  /** The agent dropdown (otherwise the agent's name as text). */
  assignAgent: boolean;
  /** The status dropdown (otherwise a read-only badge). */
  changeStatus: boolean;
  /** The fraud-type dropdown, where the reason shows one. */
  editFraudType: boolean;
  /** The row menu's Download and the detail's Download button. */
  download: boolean;
  export: boolean;
}

export function chargebackAbilities(grants: Grants): ChargebackAbilities {
  return {
    viewDetail: can(grants, PERMISSIONS.chargebackRead) && can(grants, PERMISSIONS.chargebackSelect),
    assignAgent: can(grants, PERMISSIONS.chargebackUpdate),
    changeStatus: can(grants, PERMISSIONS.chargebackUpdate),
    editFraudType: can(grants, PERMISSIONS.chargebackFraudTypeUpdate),
    download: can(grants, PERMISSIONS.chargebackDownload),
    export: can(grants, PERMISSIONS.chargebackExport),
  };
}

/** Whether the case shows a fraud type at all: only for fraud with no cardholder authorization. */
export function showsFraudType(reason: ChargebackReason): boolean {
  return reason === FRAUD_TYPE_REASON;
}

/** Whether the fraud type may be changed: the reason shows one and the user holds the fraud-type permission. */
export function canEditFraudType(reason: ChargebackReason, grants: Grants): boolean {
  return showsFraudType(reason) && can(grants, PERMISSIONS.chargebackFraudTypeUpdate);
}

/** The fraud type's control: none for other reasons, a dropdown with the permission, read-only text (or '-') else. */
export function fraudTypeControl(reason: ChargebackReason, grants: Grants): 'hidden' | 'editable' | 'readOnly' {
  if (!showsFraudType(reason)) return 'hidden';
  return canEditFraudType(reason, grants) ? 'editable' : 'readOnly';
}

/** The fraud type as read-only text: its label, or '-' when not set. */
export function fraudTypeText(value: FraudType | null | undefined): string {
  return value ? FRAUD_TYPE_LABELS[value] : '-';
}

/**
 * Before a status change the console re-reads the case; when the status it showed is no longer the current one it
 * asks 'outdated-local-status' (Update / Cancel) and refreshes instead of changing.
 */
export function isLocalStatusOutdated(shown: ChargebackStatus, current: ChargebackStatus): boolean {
  return shown !== current;
}

// Agents (spec 3, section 4 "Chargeback agent and fraud type").

export interface AgentOption {
  /** An agent's id, AGENT_OTHERS or AGENT_UNASSIGNED. */
  value: string;
  label: string;
}

/** The agent dropdown and picker: the account's agents by name, then Others and Unassigned. */
export function agentOptions(agents: readonly Agent[]): AgentOption[] {
  const sorted = [...agents].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return [
    ...sorted.map((agent) => ({ value: agent.id, label: agent.name })),
    { value: AGENT_OTHERS, label: AGENT_OTHERS_NAME },
    { value: AGENT_UNASSIGNED, label: AGENT_UNASSIGNED_NAME },
  ];
}

/** The dropdown's value for a case's assignment. */
export function agentValueOf(agent: ChargebackAgent | null | undefined): string {
  return agent ? agent.id : AGENT_UNASSIGNED;
}

/** The assignment as text: the agent's name, 'Others', or 'Unassigned'. */
export function agentLabelOf(agent: ChargebackAgent | null | undefined): string {
  if (!agent) return AGENT_UNASSIGNED_NAME;
  return agent.id === AGENT_OTHERS ? AGENT_OTHERS_NAME : agent.name;
}

/** The call a choice in the agent dropdown makes. */
export type AgentChange =
  | { kind: 'none' }
  /** POST .../agent with { agentId }. */
  | { kind: 'assign'; agentId: string }
  /** DELETE .../agent/{agentId}, the agent currently assigned. */
  | { kind: 'unassign'; agentId: string };

/** Unassigned deletes the assignment (when there is one); anything else assigns; the same choice does nothing. */
export function agentChangeOf(current: ChargebackAgent | null | undefined, chosen: string): AgentChange {
  if (chosen === agentValueOf(current)) return { kind: 'none' };
  if (chosen === AGENT_UNASSIGNED) return current ? { kind: 'unassign', agentId: current.id } : { kind: 'none' };
  return { kind: 'assign', agentId: chosen };
}

// The parsed reason (spec 3, sections 2.3 and 3: reason.parsed from reason.processor).

/** Card-scheme reason codes and what they parse to: Visa (10.4), Mastercard (4837) and American Express (F29). */
const SCHEME_REASON_CODES: Readonly<Record<string, ChargebackReason>> = {
  // Visa
  '10.1': 'FraudNoCardholderAuthorization',
  '10.2': 'FraudNoCardholderAuthorization',
  '10.3': 'FraudNoCardholderAuthorization',
  '10.4': 'FraudNoCardholderAuthorization',
  '10.5': 'FraudNoCardholderAuthorization',
  '12.5': 'IncorrectAmount',
  '12.6.1': 'DuplicateProcessing',
  '12.6.2': 'DuplicateProcessing',
  '13.1': 'MerchandiseServicesNotProvided',
  '13.2': 'CancelledRecurringTransaction',
  '13.3': 'NotAsDescribed',
  '13.4': 'NotAsDescribed',
  '13.5': 'NotAsDescribed',
  '13.6': 'CreditNotProcessed',
  '13.7': 'CancelledMerchandiseServices',
  '13.9': 'MerchandiseServicesNotProvided',
  // Mastercard
  '4831': 'IncorrectAmount',
  '4834': 'DuplicateProcessing',
  '4837': 'FraudNoCardholderAuthorization',
  '4840': 'FraudNoCardholderAuthorization',
  '4841': 'CancelledRecurringTransaction',
  '4849': 'FraudNoCardholderAuthorization',
  '4853': 'NotAsDescribed',
  '4855': 'MerchandiseServicesNotProvided',
  '4860': 'CreditNotProcessed',
  '4863': 'UnrecognisedTransaction',
  '4870': 'FraudNoCardholderAuthorization',
  '4871': 'FraudNoCardholderAuthorization',
  // American Express
  F24: 'FraudNoCardholderAuthorization',
  F29: 'FraudNoCardholderAuthorization',
  P05: 'IncorrectAmount',
  P08: 'DuplicateProcessing',
  P23: 'IncorrectAmount',
  C02: 'CreditNotProcessed',
  C04: 'CreditNotProcessed',
  C05: 'CancelledMerchandiseServices',
  C08: 'MerchandiseServicesNotProvided',
  C28: 'CancelledRecurringTransaction',
  C31: 'NotAsDescribed',
  C32: 'NotAsDescribed',
};

/** Words processors use, checked in this order when no code matches. */
const REASON_WORDS: ReadonlyArray<readonly [RegExp, ChargebackReason]> = [
  [/\bfraud|no cardholder auth|not authori[sz]ed/i, 'FraudNoCardholderAuthorization'],
  [/unrecogni[sz]|does not recogni[sz]e|not recogni[sz]ed/i, 'UnrecognisedTransaction'],
  [/duplicate|paid by other means/i, 'DuplicateProcessing'],
  [/recurring/i, 'CancelledRecurringTransaction'],
  [/credit not processed|refund not processed/i, 'CreditNotProcessed'],
  [/not as described|defective|damaged|misrepresent|counterfeit merchandise/i, 'NotAsDescribed'],
  [/not (?:received|provided)|non-?receipt/i, 'MerchandiseServicesNotProvided'],
  [/incorrect amount|amount differs|wrong amount/i, 'IncorrectAmount'],
  [/cancel/i, 'CancelledMerchandiseServices'],
  [/documentation|retrieval|copy request/i, 'ChargebackDocumentation'],
];

/**
 * What a processor's reason parses to: a reason key as such ('NotAsDescribed'), a card-scheme code at the start
 * ('10.4 Other Fraud', 'MC 4837', 'F29'), or known words; anything else is OthersDefault.
 */
export function parseChargebackReason(processor: string | null | undefined): ChargebackReason {
  const text = (processor ?? '').trim();
  if (text === '') return 'OthersDefault';
  const key = CHARGEBACK_REASONS.find((reason) => reason.toLowerCase() === text.toLowerCase());
  if (key) return key;
  const code = /^(?:visa|mc|mastercard|amex)?\s*[:-]?\s*(\d{2}\.\d(?:\.\d)?|\d{4}|[A-Z]\d{2})\b/i.exec(text)?.[1];
  const fromCode = code ? SCHEME_REASON_CODES[code.toUpperCase()] : undefined;
  if (fromCode) return fromCode;
  return REASON_WORDS.find(([pattern]) => pattern.test(text))?.[1] ?? 'OthersDefault';
}

/** The reason column's text: the parsed reason's label ('Fraud - no cardholder authorization'). */
export function chargebackReasonLabel(reason: ChargebackReason): string {
  return CHARGEBACK_REASON_LABELS[reason];
}

// Templates (spec 3, sections 2.4 and 2.5).

/** The template slot of a reason: its own, except OthersDefault, whose slot is Others. */
export function templateKeyForReason(reason: ChargebackReason): DisputeTemplateKey {
  return reason === 'OthersDefault' ? OTHERS_TEMPLATE_KEY : reason;
}

/** The slots tried for a requested template, in order: the slot itself, Others, Default. */
export function templateFallbackChain(key: DisputeTemplateKey): DisputeTemplateKey[] {
  return [...new Set<DisputeTemplateKey>([key, OTHERS_TEMPLATE_KEY, DEFAULT_TEMPLATE_KEY])];
}

/** The template a document uses: the first uploaded slot of the chain; null when none is (no templates assigned). */
export function resolveTemplateKey(
  key: DisputeTemplateKey,
  uploaded: Iterable<DisputeTemplateKey>,
): DisputeTemplateKey | null {
  const present = new Set(uploaded);
  return templateFallbackChain(key).find((slot) => present.has(slot)) ?? null;
}

/** What a slot offers the user (spec 3, sections 2.5 and 6). Upload and replace share the create permission. */
export interface TemplateSlotActions {
  upload: boolean;
  replace: boolean;
  download: boolean;
  delete: boolean;
}

export function templateSlotActions(key: DisputeTemplateKey, uploaded: boolean, grants: Grants): TemplateSlotActions {
  const create = can(grants, PERMISSIONS.chargebackTemplateCreate);
  return {
    upload: create && !uploaded,
    replace: create && uploaded,
    download: uploaded && can(grants, PERMISSIONS.chargebackTemplateDownload),
    delete: uploaded && key !== DEFAULT_TEMPLATE_KEY && can(grants, PERMISSIONS.chargebackTemplateDelete),
  };
}

export const TEMPLATE_DELETE_CONFIRM = 'Delete this template?';

// Template upload (spec 3, section 5).

export type TemplateUploadErrorKind = 'nameLength' | 'nameCharacters' | 'format' | 'size';

/** An upload refused, as its modal shows it (with a 'Got It' button). */
export interface TemplateUploadError {
  kind: TemplateUploadErrorKind;
  header: string;
  content: string;
}

export const TEMPLATE_UPLOAD_TEXTS = {
  nameHeader: 'File name invalid',
  nameLength: `The file length must be between ${TEMPLATE_NAME_MIN} and ${TEMPLATE_NAME_MAX}`,
  /** Followed by the refused characters ('The file name cannot include # and space'). */
  nameCharacters: 'The file name cannot include',
  formatHeader: "We don't support this file format",
  format: 'Please use a .docm or .docx instead.',
  sizeHeader: 'The file is too big!',
  /** The spec gives only the header; the content names the limit. */
  size: 'The file must not be larger than 3 MB (3,145,728 bytes).',
  gotIt: 'Got It',
} as const;

/** The error keys the server answers a refused upload with (422); the console shows the same modal for each. */
export const TEMPLATE_UPLOAD_ERROR_KEYS: Record<TemplateUploadErrorKind, string> = {
  nameLength: 'template-name-invalid',
  nameCharacters: 'template-name-invalid',
  format: 'template-format-unsupported',
  size: 'template-too-big',
};

/** 'Letter.v2.docx' -> { base: 'Letter.v2', extension: 'docx' }; no dot gives an empty extension. */
export function splitFileName(fileName: string): { base: string; extension: string } {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return { base: fileName, extension: '' };
  return { base: fileName.slice(0, dot), extension: fileName.slice(dot + 1).toLowerCase() };
}

function describeCharacters(characters: readonly string[]): string {
  const named = characters.map((character) => (character === ' ' ? 'space' : character));
  if (named.length === 1) return named[0] ?? '';
  return `${named.slice(0, -1).join(' ')} and ${named[named.length - 1]}`;
}

function uploadError(kind: TemplateUploadErrorKind, detail?: string): TemplateUploadError {
  switch (kind) {
    case 'nameLength':
      return { kind, header: TEMPLATE_UPLOAD_TEXTS.nameHeader, content: TEMPLATE_UPLOAD_TEXTS.nameLength };
    case 'nameCharacters':
      return {
        kind,
        header: TEMPLATE_UPLOAD_TEXTS.nameHeader,
        content: detail ? `${TEMPLATE_UPLOAD_TEXTS.nameCharacters} ${detail}` : TEMPLATE_UPLOAD_TEXTS.nameCharacters,
      };
    case 'format':
      return { kind, header: TEMPLATE_UPLOAD_TEXTS.formatHeader, content: TEMPLATE_UPLOAD_TEXTS.format };
    case 'size':
      return { kind, header: TEMPLATE_UPLOAD_TEXTS.sizeHeader, content: TEMPLATE_UPLOAD_TEXTS.size };
  }
}

/**
 * The upload rules on a chosen file, checked in this order so the most useful message wins: the extension (docx or
 * docm), the name without extension (3 to 63 characters, then letters, digits and ! - _ . * ' ( ) only), the size
 * (at most 3,145,728 bytes). Null when the file may be sent. The server checks the same and then the content.
 */
export function validateTemplateUpload(file: { name: string; size: number }): TemplateUploadError | null {
  const { base, extension } = splitFileName(file.name);
  if (!(TEMPLATE_EXTENSIONS as readonly string[]).includes(extension)) return uploadError('format');
  const length = [...base].length;
  if (length < TEMPLATE_NAME_MIN || length > TEMPLATE_NAME_MAX) return uploadError('nameLength');
  if (!TEMPLATE_NAME_PATTERN.test(base)) {
    const refused = [...new Set([...base].filter((character) => !TEMPLATE_NAME_PATTERN.test(character)))];
    return uploadError('nameCharacters', describeCharacters(refused));
  }
  if (file.size > TEMPLATE_MAX_BYTES) return uploadError('size');
  return null;
}

/**
 * The modal for a server refusal: the key picks the modal, the server's message (the same text the console would
 * have written) is its content when present. Null for keys that are not upload refusals.
 */
export function templateUploadErrorOfKey(key: unknown, message?: string): TemplateUploadError | null {
  const entry = (Object.entries(TEMPLATE_UPLOAD_ERROR_KEYS) as [TemplateUploadErrorKind, string][]).find(
    ([, value]) => value === key,
  );
  if (!entry) return null;
  const modal = uploadError(entry[0]);
  return message ? { ...modal, content: message } : modal;
}

// The detail's 'Additional info' (spec 3, section 2.4).

/** The custom extra fields with a value, trimmed, in their order; empty and blank values are left out. */
export function additionalInfo(custom: readonly ChargebackCustomField[]): { label: string; value: string }[] {
  const shown: { label: string; value: string }[] = [];
  for (const field of custom) {
    const value = field.value?.trim() ?? '';
    if (value !== '') shown.push({ label: field.label.trim(), value });
  }
  return shown;
}

/** The detail's header: 'Case ID: {disputeId}', or 'Case ID: -' when the case has none. */
export function caseHeader(disputeId: string | null | undefined): string {
  return `Case ID: ${disputeId?.trim() ? disputeId.trim() : '-'}`;
}

// The dispute document (spec 3, section 2.4 "Download flow").

/**
 * The placeholders a dispute template may use, written {name} in the Word file (docxtemplater syntax). Missing values
 * render empty, and so does a name not in this list (design.md: a missing field is never 'undefined'). `custom` is a
 * loop: {#custom}{label}: {value}{/custom}. Unbalanced braces or an unclosed loop are a format error.
 */
export const DISPUTE_DOCUMENT_PLACEHOLDERS = [
  { name: 'caseId', description: "The acquirer's case number" },
  { name: 'disputeId', description: "The card scheme's dispute id (the detail's 'Case ID')" },
  { name: 'chargebackId', description: 'The chargeback id in this console' },
  { name: 'operation', description: 'Chargeback or Retrieval' },
  { name: 'reason', description: "The parsed reason ('Not as described')" },
  { name: 'reasonCode', description: "The processor's own reason ('13.3 Not as described')" },
  { name: 'status', description: "The case status ('In progress')" },
  { name: 'fraudType', description: 'The fraud type, for fraud with no cardholder authorization' },
  { name: 'amount', description: "The disputed amount with its currency ('1.234,50 EUR')" },
  { name: 'currency', description: "The disputed amount's currency code" },
  { name: 'notificationDate', description: "When the case was notified ('05 Mar 2025')" },
  { name: 'expirationDate', description: 'The date the case must be answered by' },
  { name: 'psp', description: 'The processor that notified the case' },
  { name: 'agent', description: 'The agent the case is assigned to' },
  { name: 'cardholderName', description: "The card holder's name" },
  { name: 'cardBrand', description: "The card brand ('Visa')" },
  { name: 'customerName', description: "The customer's name" },
  { name: 'customerEmail', description: "The customer's e-mail" },
  { name: 'customerIp', description: "The customer's IP address" },
  { name: 'orderId', description: "The order's reference id" },
  { name: 'paymentId', description: 'The disputed payment in this console' },
  { name: 'paymentExternalId', description: "The provider's id of the payment" },
  { name: 'paymentDate', description: 'The date of the payment' },
  { name: 'paymentAmount', description: 'The payment amount with its currency' },
  { name: 'paymentCurrency', description: "The payment's currency code" },
  { name: 'payment3dSecure', description: "'Yes' when the payment was authenticated with 3-D Secure, else 'No'" },
  { name: 'provider', description: 'The payment processor (provider)' },
  { name: 'solution', description: "The provider's solution" },
  { name: 'accountName', description: 'The account the case belongs to' },
  { name: 'companyName', description: "The merchant company's name" },
  { name: 'companyEmail', description: "The company's e-mail" },
  { name: 'companyProduct', description: 'The product sold' },
  { name: 'companyAddress', description: "The company's address" },
  { name: 'companyUrl', description: "The company's web site" },
  { name: 'companyPolicyTermUrl', description: 'The terms and policy page' },
  { name: 'companyPrivacyTermUrl', description: 'The privacy page' },
  { name: 'companyRegistrationNumber', description: "The company's registration number" },
  { name: 'hasRefund', description: "'Yes' when the payment was refunded, else 'No'" },
  { name: 'hasPreviousChargebacks', description: "'Yes' when the payment had a chargeback before, else 'No'" },
  { name: 'today', description: 'The date the document is generated' },
  { name: 'custom', description: "The case's custom fields with a value: {#custom}{label}: {value}{/custom}" },
] as const;
export type DisputeDocumentPlaceholder = (typeof DISPUTE_DOCUMENT_PLACEHOLDERS)[number]['name'];

export type DisputeDocumentData = Record<Exclude<DisputeDocumentPlaceholder, 'custom'>, string> & {
  custom: { label: string; value: string }[];
};

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const text = (value: string | null | undefined) => value ?? '';

/** The values a template is filled with, as text in the product's formats, dates in the given zone. */
export function disputeDocumentData(
  detail: ChargebackDetail,
  options: { now: DateInput; timeZone: string },
): DisputeDocumentData {
  const date = (value: DateInput | null) => formatDate(value, { timeZone: options.timeZone });
  return {
    caseId: text(detail.caseId),
    disputeId: text(detail.disputeId),
    chargebackId: detail.chargebackId,
    operation: DISPUTE_OPERATION_LABELS[detail.operation],
    reason: chargebackReasonLabel(detail.reason.parsed),
    reasonCode: text(detail.reason.processor),
    status: CHARGEBACK_STATUS_LABELS[detail.status],
    fraudType: showsFraudType(detail.reason.parsed) && detail.fraudType ? FRAUD_TYPE_LABELS[detail.fraudType] : '',
    amount: formatMinorMoney(detail.amount, detail.currency),
    currency: detail.currency,
    notificationDate: date(detail.notificationDate),
    expirationDate: date(detail.expirationDate),
    psp: detail.psp,
    agent: detail.agent ? agentLabelOf(detail.agent) : '',
    cardholderName: text(detail.payment.card.holder),
    cardBrand: detail.payment.card.brand ? CARD_BRAND_LABELS[detail.payment.card.brand] : '',
    customerName: text(detail.customer.name),
    customerEmail: text(detail.customer.email),
    customerIp: text(detail.customer.ip),
    orderId: text(detail.orderId),
    paymentId: detail.payment.id,
    paymentExternalId: text(detail.payment.externalId),
    paymentDate: date(detail.payment.date),
    paymentAmount: formatMinorMoney(detail.payment.amount, detail.payment.currency),
    paymentCurrency: detail.payment.currency,
    payment3dSecure: yesNo(detail.payment.is3dSecure),
    provider: detail.paymentProcessor.provider,
    solution: detail.paymentProcessor.solution,
    accountName: detail.account.prettyName,
    companyName: text(detail.company.name),
    companyEmail: text(detail.company.email),
    companyProduct: text(detail.company.product),
    companyAddress: text(detail.company.address),
    companyUrl: text(detail.company.url),
    companyPolicyTermUrl: text(detail.company.policyTermUrl),
    companyPrivacyTermUrl: text(detail.company.privacyTermUrl),
    companyRegistrationNumber: text(detail.company.registrationNumber),
    hasRefund: yesNo(detail.hasRefund),
    hasPreviousChargebacks: yesNo(detail.hasPreviousChargebacks),
    today: date(options.now),
    custom: additionalInfo(detail.custom),
  };
}

/**
 * The generated document's file name: 'dispute-{caseId or chargebackId}.{template's extension}', reduced to the
 * characters template names allow so it is safe in any header and file system.
 */
export function disputeDocumentFileName(
  detail: Pick<ChargebackDetail, 'caseId' | 'chargebackId'>,
  templateFileName: string,
): string {
  const { extension } = splitFileName(templateFileName);
  const id = (detail.caseId?.trim() || detail.chargebackId).replace(/[^A-Za-z0-9!\-_.*'()]+/g, '-');
  return `dispute-${id}.${extension === 'docm' ? 'docm' : 'docx'}`;
}

/** How long a document may take to prepare before the download counts as failed (spec 3, section 9). */
export const DISPUTE_DOWNLOAD_TIMEOUT_MS = 30_000;

/** The download modals' texts (spec 3, section 2.4; spec 1, section 8). */
export const DISPUTE_DOWNLOAD_TEXTS = {
  preparing: 'Preparing your download...',
  preparingHint: 'It can take up to 30 seconds.',
  failedHeader: 'Download failed',
  failed: 'Sorry, there was a problem. Please try again',
  tryAgain: 'Try again',
  formatError: 'The dispute document cannot be downloaded due to a format error.',
  noTemplatesHeader: "This account doesn't have templates assigned",
  noTemplates: 'Get in touch with the account administrator to solve this problem.',
  gotIt: 'Got it',
} as const;
