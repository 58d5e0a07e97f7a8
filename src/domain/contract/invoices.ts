import { z } from 'zod';
import { DEFAULT_CURRENCIES } from '../enums';
import {
  INVOICE_LIMITS,
  INVOICE_MESSAGES,
  INVOICE_STATUSES,
  type InvoiceFormValues,
  invoiceIssues,
  WIRE_AMOUNT_PATTERN,
} from '../invoices';
import { isoDate, listQuery, listResponse, openedVersion, queryArray, uuid } from './common';

// Invoices over the API (spec 3, sections 3 "Invoice" and 7): GET and POST /account/{accountId}/invoice; GET, PATCH
// and DELETE /account/{accountId}/invoice/{invoiceId}; GET .../invoice/{invoiceId}/document; GET /invoice-template.
// The field rules live in src/domain/invoices.ts (invoiceIssues) and run here for the server and in the invoice form
// for the console.

export const invoiceStatus = z.enum(INVOICE_STATUSES);
export const invoiceCurrency = z.enum(DEFAULT_CURRENCIES, { error: INVOICE_MESSAGES.required });

const calendarDate = z.string({ error: INVOICE_MESSAGES.required });

/**
 * The invoice's fields as they travel in the multipart body of POST (and PATCH of a draft's fields): strings, the
 * amount with a dot. dueDate may be sent but is ignored: the server sets issuing date + 10 days. The PDF travels as
 * the file part `invoice` (the spec names it invoice.pdf; the console sends the user's own file name, which becomes
 * documentName).
 */
const invoiceFieldShape = {
  number: z.string({ error: INVOICE_MESSAGES.required }).trim(),
  issuingDate: calendarDate,
  dueDate: z.string().optional(),
  paymentsAmount: z.string({ error: INVOICE_MESSAGES.required }).trim(),
  amount: z.string({ error: INVOICE_MESSAGES.required }).trim(),
  currency: invoiceCurrency.default('EUR'),
  timePeriodFrom: calendarDate,
  timePeriodTo: calendarDate,
};

/** The rules the server applies to the fields, with the earliest issuing date it accepts (or null: not checked). */
export function invoiceFieldsSchema(earliestIssuing: string | null) {
  return z.strictObject(invoiceFieldShape).superRefine((fields, context) => {
    const values: InvoiceFormValues = { ...fields, currency: fields.currency };
    for (const issue of invoiceIssues(values, earliestIssuing, 'wire')) {
      context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  });
}
export type InvoiceFields = z.infer<ReturnType<typeof invoiceFieldsSchema>>;

/** PATCH of a draft's fields (multipart, the file optional: without it the stored PDF stays): the version it was opened on. */
export function invoiceFieldsEditSchema(earliestIssuing: string | null) {
  return z
    .strictObject({ ...invoiceFieldShape, version: z.coerce.number().pipe(openedVersion) })
    .superRefine((fields, context) => {
      for (const issue of invoiceIssues({ ...fields }, earliestIssuing, 'wire')) {
        context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
      }
    });
}

/**
 * PATCH /account/{accountId}/invoice/{invoiceId} with a status (JSON): a compare-and-set against expectedStatus, the
 * status the user saw (409 invoice-status-changed when it moved). CANCELLED needs modalIsConfirmed: true (400
 * otherwise). Publishing is this call with DRAFT → PENDING.
 */
export const invoiceStatusUpdate = z.strictObject({
  status: invoiceStatus,
  expectedStatus: invoiceStatus,
  modalIsConfirmed: z.boolean().default(false),
});
export type InvoiceStatusUpdate = z.infer<typeof invoiceStatusUpdate>;

export const invoiceAmountWire = z.string().regex(WIRE_AMOUNT_PATTERN, INVOICE_MESSAGES.amountInvalid);

/** An invoice as the list, the editor and the activity read it. */
export const invoiceDetail = z.object({
  invoiceId: uuid,
  accountId: z.string(),
  status: invoiceStatus,
  number: z.string(),
  /** Calendar dates, 'YYYY-MM-DD'. */
  issuingDate: z.string(),
  dueDate: z.string(),
  timePeriodFrom: z.string(),
  timePeriodTo: z.string(),
  paymentsAmount: z.number().int().nonnegative(),
  /** A decimal string with a dot ('1234.50'). */
  amount: z.string(),
  currency: invoiceCurrency,
  /** The amount in minor units (the one money shape of the API). */
  money: z.object({ amount: z.number().int(), currency: z.string() }),
  /** The name the PDF was uploaded with (the file is stored under a generated name). */
  documentName: z.string(),
  documentSize: z.number().int().nonnegative(),
  /** Null unless the platform reported a problem with this invoice. */
  error: z.string().nullable(),
  createdDate: isoDate,
  modifiedDate: isoDate,
  version: z.number().int(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

export const invoiceList = listResponse(invoiceDetail);
export type InvoiceList = z.infer<typeof invoiceList>;

export const invoiceCreated = z.object({ invoiceId: uuid, version: z.number().int() });

export const accountInvoiceParams = z.object({ accountId: z.string() });
export const invoiceParams = z.object({ accountId: z.string(), invoiceId: z.string() });

export const INVOICE_SORT_FIELDS = ['issuingDate', 'dueDate', 'number', 'amount', 'status', 'createdDate'] as const;
/** Spec 3, section 9: invoices sort by issuing date; the direction is not shown: newest first (decision, README). */
export const INVOICE_DEFAULT_ORDER = '-issuingDate';

const dateOnlyQuery = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
  .optional();

/**
 * GET /account/{accountId}/invoice: search (searchType ID: the invoice id starts with it; TEXT, the default: the
 * number contains it), timePeriodFrom and timePeriodTo (invoices whose period overlaps the range), status[], page,
 * limit, order.
 */
export const invoiceListQuery = listQuery.extend({
  timePeriodFrom: dateOnlyQuery,
  timePeriodTo: dateOnlyQuery,
  status: queryArray(invoiceStatus),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

/** GET .../invoice/{invoiceId}/document: a short-lived link that needs the session and serves the PDF as an attachment. */
export const invoiceDocumentResponse = z.object({ url: z.string().min(1), fileName: z.string() });
export type InvoiceDocumentResponse = z.infer<typeof invoiceDocumentResponse>;

/** GET /invoice-template: the blank invoice template (spec 3, section 7: file and fileName; file is a link). */
export const invoiceTemplateResponse = z.object({ file: z.string().min(1), fileName: z.string() });
export type InvoiceTemplateResponse = z.infer<typeof invoiceTemplateResponse>;

export const INVOICE_FILE_FIELD = 'invoice';
export const INVOICE_MAX_BYTES = INVOICE_LIMITS.fileBytes;
