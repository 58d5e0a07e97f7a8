import type { ApiClient, CallOptions } from '@console/api/client';
import { saveLinkedFile } from '@console/export/save-file';
import type { ListQueryParams } from '@console/table/types';
import {
  INVOICE_FILE_FIELD,
  type InvoiceDetail,
  type InvoiceList,
  invoiceCreated,
  invoiceDetail,
  invoiceDocumentResponse,
  invoiceList,
  invoiceTemplateResponse,
} from '@domain/contract/invoices';
import { amountToWire, type InvoiceFormValues, type InvoiceStatus } from '@domain/invoices';

// Every call of the invoices area (spec 3, section 7) through the one API client: the list, one invoice, the
// multipart create and edit (the PDF as the part `invoice`, under the user's own file name), the status change (a compare-and-set
// on the status the user saw), the delete, the document and the template.

export const invoicesQueryKey = (accountId: string) => ['invoices', accountId] as const;
export const invoiceListQueryKey = (accountId: string) => [...invoicesQueryKey(accountId), 'list'] as const;
export const invoiceQueryKey = (accountId: string, invoiceId: string) =>
  [...invoicesQueryKey(accountId), 'detail', invoiceId] as const;

const listPath = (accountId: string) => `/account/${accountId}/invoice`;
const invoicePath = (accountId: string, invoiceId: string) => `${listPath(accountId)}/${invoiceId}`;

/** Writes answer their own failures (a toast, a field): a 404 or a server error is not a jump away. */
const ANSWERED_HERE = { notFoundIsAnswer: true, serverErrorIsAnswer: true } as const;

/** GET /account/{accountId}/invoice. */
export const fetchInvoicePage = (
  api: ApiClient,
  accountId: string,
  query: ListQueryParams,
  signal?: AbortSignal,
  call: Pick<CallOptions, 'quiet'> = {},
): Promise<InvoiceList> => api.get(listPath(accountId), { ...call, query, schema: invoiceList, signal });

/** GET /account/{accountId}/invoice/{invoiceId}. */
export const fetchInvoice = (api: ApiClient, accountId: string, invoiceId: string, signal?: AbortSignal) =>
  api.get(invoicePath(accountId, invoiceId), { schema: invoiceDetail, signal });

/** The invoices of the account whose number contains `text` (the palette's 'Find invoice…'). */
export async function findInvoicesByNumber(
  api: ApiClient,
  accountId: string,
  text: string,
  signal?: AbortSignal,
): Promise<readonly InvoiceDetail[]> {
  const { items } = await api.get(listPath(accountId), {
    query: { search: text, searchType: 'TEXT', limit: 50 },
    schema: invoiceList,
    notFoundIsAnswer: true,
    signal,
  });
  return items.slice(0, 10);
}

/**
 * The form's values as the multipart body carries them: strings, the amount with a dot, the PDF as the part `invoice`.
 * The spec sends the file as invoice.pdf; it goes under the user's own name instead, which the list shows as the
 * document's name and the download keeps (the server stores it under a generated name and refuses a path).
 */
export function invoiceFormData(values: InvoiceFormValues, file: File | null, version?: number): FormData {
  const form = new FormData();
  form.append('number', values.number.trim());
  form.append('issuingDate', values.issuingDate);
  form.append('paymentsAmount', values.paymentsAmount.trim());
  form.append('amount', amountToWire(values.amount.trim()));
  form.append('currency', values.currency);
  form.append('timePeriodFrom', values.timePeriodFrom);
  form.append('timePeriodTo', values.timePeriodTo);
  if (version !== undefined) form.append('version', String(version));
  // The file part goes last: the server reads the fields before it streams the PDF.
  if (file) form.append(INVOICE_FILE_FIELD, file, file.name);
  return form;
}

/** POST /account/{accountId}/invoice: a new draft. */
export const createInvoice = (api: ApiClient, accountId: string, values: InvoiceFormValues, file: File) =>
  api.post(listPath(accountId), { body: invoiceFormData(values, file), schema: invoiceCreated, ...ANSWERED_HERE });

/** PATCH of a draft's fields, naming the version it was opened on; without a file the stored PDF stays. */
export const updateInvoice = (
  api: ApiClient,
  accountId: string,
  invoice: Pick<InvoiceDetail, 'invoiceId' | 'version'>,
  values: InvoiceFormValues,
  file: File | null,
) =>
  api.patch(invoicePath(accountId, invoice.invoiceId), {
    body: invoiceFormData(values, file, invoice.version),
    ...ANSWERED_HERE,
  });

/**
 * PATCH with a status: `expectedStatus` is the status the user saw (409 when it moved on); CANCELLED carries the
 * user's confirmation. Publishing is DRAFT → PENDING.
 */
export const changeInvoiceStatus = (
  api: ApiClient,
  accountId: string,
  invoice: Pick<InvoiceDetail, 'invoiceId' | 'status'>,
  status: InvoiceStatus,
  modalIsConfirmed: boolean,
) =>
  api.patch(invoicePath(accountId, invoice.invoiceId), {
    body: { status, expectedStatus: invoice.status, modalIsConfirmed },
    ...ANSWERED_HERE,
  });

/** DELETE /account/{accountId}/invoice/{invoiceId}: drafts only. */
export const deleteInvoice = (api: ApiClient, accountId: string, invoiceId: string) =>
  api.delete(invoicePath(accountId, invoiceId), ANSWERED_HERE);

const PDF = 'application/pdf';

/** GET .../document answers a short-lived link that serves the PDF to this session; the file is saved under its name. */
export async function downloadInvoiceDocument(api: ApiClient, accountId: string, invoiceId: string): Promise<void> {
  const { url, fileName } = await api.get(`${invoicePath(accountId, invoiceId)}/document`, {
    schema: invoiceDocumentResponse,
    ...ANSWERED_HERE,
  });
  await saveLinkedFile(api, url, { fileName, fallbackType: PDF }, ANSWERED_HERE);
}

/** GET /invoice-template: the blank invoice template, by its link. */
export async function downloadInvoiceTemplate(api: ApiClient): Promise<void> {
  const { file, fileName } = await api.get('/invoice-template', { schema: invoiceTemplateResponse, ...ANSWERED_HERE });
  await saveLinkedFile(api, file, { fileName, fallbackType: PDF }, ANSWERED_HERE);
}
