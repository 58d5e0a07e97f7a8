// Invoice rules of spec 3 (sections 2.12, 4 "Invoice", 5 "Invoice" and 9): the life cycle, the status dropdown, the
// form's field rules with their messages, the due date and the upload limits. Pure: the server, the console and the
// tests read the same answers (the contract in contract/invoices.ts validates with these rules).

export const INVOICE_STATUSES = ['DRAFT', 'PENDING', 'PAID', 'CLAIMED', 'OVERDUE', 'CANCELLED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  DRAFT: 'Draft',
  PENDING: 'Pending',
  PAID: 'Paid',
  CLAIMED: 'Claimed',
  OVERDUE: 'Overdue',
  CANCELLED: 'Cancelled',
};

/**
 * The statuses a published invoice's dropdown offers (spec 3, section 4: "a dropdown of the other statuses"). DRAFT
 * is not among them: a published invoice has been sent and cannot be taken back to draft (decision, README).
 */
const PUBLISHED_STATUSES: readonly InvoiceStatus[] = ['PENDING', 'PAID', 'CLAIMED', 'OVERDUE', 'CANCELLED'];

/** DRAFT and CANCELLED refuse the dropdown: a draft is published from the row menu, a cancelled invoice is final. */
export function statusDropdownDisabled(status: InvoiceStatus): boolean {
  return status === 'DRAFT' || status === 'CANCELLED';
}

/** The statuses the dropdown offers an invoice in `status` (none for DRAFT and CANCELLED). */
export function nextInvoiceStatuses(status: InvoiceStatus): readonly InvoiceStatus[] {
  if (statusDropdownDisabled(status)) return [];
  return PUBLISHED_STATUSES.filter((next) => next !== status);
}

/** Whether a change from `from` to `to` is allowed: publishing a draft, or a dropdown change. */
export function isInvoiceTransitionAllowed(from: InvoiceStatus, to: InvoiceStatus): boolean {
  if (from === 'DRAFT') return to === 'PENDING';
  return nextInvoiceStatuses(from).includes(to);
}

/** Only a draft can be edited, deleted or published, and reviewed (downloaded before publishing). */
export const isDraft = (status: InvoiceStatus) => status === 'DRAFT';
/** A non-draft, non-cancelled invoice can be downloaded; a cancelled one's file can no longer be (spec 3, section 4). */
export const isDownloadable = (status: InvoiceStatus) => status !== 'CANCELLED';
/** CANCELLED is irreversible: the change needs the user's confirmation (modalIsConfirmed). */
export const needsConfirmation = (to: InvoiceStatus) => to === 'CANCELLED';

export const INVOICE_LIMITS = {
  number: 20,
  /** The PDF: at most 5,242,880 bytes (spec 3, section 9). */
  fileBytes: 5_242_880,
  /** Due date = issuing date + 10 days, whatever a client sends. */
  dueDays: 10,
  /** Payments: digits, at most 9 (a count that fits an int). */
  payments: 9,
  /** Amount: at most 12 digits before the decimal mark and 2 after. */
  amountDigits: 12,
} as const;

export const INVOICE_MESSAGES = {
  required: 'Required field',
  numberMax: '20 characters max.',
  numberCharacters: 'Only numbers and letters are allowed',
  paymentsDigits: 'Only numbers are allowed',
  amountInvalid: 'Enter a valid number to continue',
  issuingInPast: 'The issuing date cannot be in the past',
  fromAfterIssuing: 'Time period cannot be higher than issuing date',
  fromAfterTo: 'From date cannot be higher than to date',
  toBeforeFrom: 'To date cannot be lower than from date',
  invalidDate: 'Enter a valid date',
  file: 'The file must be in PDF format and up to 5 MB',
  fileName: 'The file name must be a name, not a path',
  dueDateInfo: 'The due date must be at least 10 days after the issuing date',
  numberTooltip: 'Invoice number in SAP code format, provided by the Finance Department',
  paymentsTooltip: 'The successful payments made by this account on specific dates',
  cancelConfirm:
    'Cancelling an invoice is irreversible: its status can no longer be changed and its file can no longer be downloaded.',
  publishConfirm: 'Publish this invoice? It becomes pending and can no longer be edited or deleted.',
  deleteConfirm: 'Delete this invoice? This cannot be undone.',
} as const;

export const INVOICE_NUMBER_PATTERN = /^[A-Za-z0-9]+$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** The form's amount: digits, optionally a comma and up to two digits ('1234,5'). */
export const FORM_AMOUNT_PATTERN = /^\d{1,12}(,\d{1,2})?$/;
/** The wire's amount: the same with a dot ('1234.5'). */
export const WIRE_AMOUNT_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

/** A calendar date 'YYYY-MM-DD' that exists (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** 'YYYY-MM-DD' plus `days` (calendar arithmetic in UTC, so no daylight-saving shift). */
export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** The due date is always the issuing date plus 10 days. */
export const dueDateFor = (issuingDate: string) => addDays(issuingDate, INVOICE_LIMITS.dueDays);

/**
 * The earliest issuing date the server takes at `now`: today where the day started last (UTC-12). A user at UTC-10
 * at 23:00 still has today's date while UTC is on the next day; the console's picker uses the user's own today.
 */
export function earliestIssuingDate(now: Date): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}

/** '1234,5' (form) → '1234.5' (wire). */
export const amountToWire = (formAmount: string) => formAmount.replace(',', '.');
/** '1234.5' (wire) → '1234,5' (form). */
export const amountToForm = (wireAmount: string) => wireAmount.replace('.', ',');

/** The fields of the form the rules read, as strings (dates 'YYYY-MM-DD', the amount in the form's comma style). */
export interface InvoiceFormValues {
  number: string;
  issuingDate: string;
  paymentsAmount: string;
  amount: string;
  currency: string;
  timePeriodFrom: string;
  timePeriodTo: string;
}

export interface InvoiceIssue {
  path: keyof InvoiceFormValues;
  message: string;
}

/**
 * Every field rule of spec 3, section 5, in form order. `earliestIssuing` is the first allowed issuing date (the
 * console passes its local today, the server earliestIssuingDate(now)); null skips that rule (an edit of a draft whose
 * issuing date has passed must still be able to move it forward). `amountStyle` says which decimal mark the amount
 * carries: the form's comma or the wire's dot.
 */
export function invoiceIssues(
  values: InvoiceFormValues,
  earliestIssuing: string | null,
  amountStyle: 'form' | 'wire' = 'form',
): InvoiceIssue[] {
  const issues: InvoiceIssue[] = [];
  const add = (path: keyof InvoiceFormValues, message: string) => {
    if (!issues.some((issue) => issue.path === path)) issues.push({ path, message });
  };
  const number = values.number.trim();
  if (!number) add('number', INVOICE_MESSAGES.required);
  else if (number.length > INVOICE_LIMITS.number) add('number', INVOICE_MESSAGES.numberMax);
  else if (!INVOICE_NUMBER_PATTERN.test(number)) add('number', INVOICE_MESSAGES.numberCharacters);

  const dates = ['issuingDate', 'timePeriodFrom', 'timePeriodTo'] as const;
  for (const path of dates) {
    if (!values[path]) add(path, INVOICE_MESSAGES.required);
    else if (!isCalendarDate(values[path])) add(path, INVOICE_MESSAGES.invalidDate);
  }
  const valid = (path: (typeof dates)[number]) => isCalendarDate(values[path]);
  if (valid('issuingDate') && earliestIssuing && values.issuingDate < earliestIssuing) {
    add('issuingDate', INVOICE_MESSAGES.issuingInPast);
  }
  if (valid('timePeriodFrom') && valid('issuingDate') && values.timePeriodFrom > values.issuingDate) {
    add('timePeriodFrom', INVOICE_MESSAGES.fromAfterIssuing);
  }
  if (valid('timePeriodFrom') && valid('timePeriodTo') && values.timePeriodFrom > values.timePeriodTo) {
    add('timePeriodFrom', INVOICE_MESSAGES.fromAfterTo);
    add('timePeriodTo', INVOICE_MESSAGES.toBeforeFrom);
  }
  if (valid('timePeriodTo') && valid('issuingDate') && values.timePeriodTo > values.issuingDate) {
    add('timePeriodTo', INVOICE_MESSAGES.fromAfterIssuing);
  }

  const payments = values.paymentsAmount.trim();
  if (!payments) add('paymentsAmount', INVOICE_MESSAGES.required);
  else if (!/^\d+$/.test(payments) || payments.length > INVOICE_LIMITS.payments) {
    add('paymentsAmount', INVOICE_MESSAGES.paymentsDigits);
  }

  const amount = values.amount.trim();
  const pattern = amountStyle === 'form' ? FORM_AMOUNT_PATTERN : WIRE_AMOUNT_PATTERN;
  if (!amount) add('amount', INVOICE_MESSAGES.required);
  else if (!pattern.test(amount)) add('amount', INVOICE_MESSAGES.amountInvalid);

  if (!values.currency) add('currency', INVOICE_MESSAGES.required);
  return issues;
}

/** A new invoice's defaults: issuing today, due 10 days later, EUR (spec 3, section 5). */
export function newInvoiceDefaults(today: string) {
  return { issuingDate: today, dueDate: dueDateFor(today), currency: 'EUR' as const };
}

/**
 * Whether a file the user picked may be sent: a .pdf name and at most 5 MB. The server checks the content itself
 * (a parsed PDF without scripts or embedded files); this is the console's early answer.
 */
export function isAcceptableInvoiceFile(file: { name: string; size: number }): boolean {
  return /\.pdf$/i.test(file.name) && file.size > 0 && file.size <= INVOICE_LIMITS.fileBytes;
}

/** The wire's amount ('1234.5') in minor units (123450): exact, digit by digit, never through a float. */
export function amountToMinor(wireAmount: string): number {
  const [whole = '0', fraction = ''] = wireAmount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** Minor units (123450) as the wire's amount with two decimals ('1234.50'). */
export function minorToAmount(minor: number): string {
  const whole = Math.floor(minor / 100);
  return `${whole}.${String(minor % 100).padStart(2, '0')}`;
}
