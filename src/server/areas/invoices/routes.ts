import { join } from 'node:path';
import { errorBody } from '@domain/contract/common';
import {
  accountInvoiceParams,
  INVOICE_MAX_BYTES,
  invoiceCreated,
  invoiceDetail,
  invoiceDocumentResponse,
  invoiceFieldsEditSchema,
  invoiceFieldsSchema,
  invoiceList,
  invoiceListQuery,
  invoiceParams,
  invoiceStatusUpdate,
  invoiceTemplateResponse,
} from '@domain/contract/invoices';
import { earliestIssuingDate } from '@domain/invoices';
import { PERMISSIONS as P } from '@domain/permissions';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { sendAttachment } from '../../lib/attachment';
import { createDownloadToken, verifyDownloadToken } from '../../lib/download-links';
import { createFileStore } from '../../lib/file-store';
import { INVOICE_DOCUMENTS_FOLDER } from '../../lib/pdf';
import { fileAnswer } from '../../plugins/api-docs';
import { assertAccountAccess, readDb, requirePermission } from '../../plugins/auth';
import { ApiError, notFound } from '../../plugins/errors';
import { invoiceRow, listInvoices, toInvoiceDetail } from './queries';
import {
  changeInvoiceStatus,
  createInvoice,
  deleteInvoice,
  downloadableInvoice,
  type InvoiceDeps,
  updateInvoiceFields,
} from './service';
import { INVOICE_TEMPLATE_FILE_NAME, invoiceTemplateStore } from './template';
import { assertStillConnected, readInvoiceForm, validateInvoiceForm } from './upload';

// Invoices (spec 3, sections 2.12, 6 and 7): the list, the detail, create (multipart), PATCH (a status, JSON, or a
// draft's fields, multipart), delete, the document's link and the bytes behind it, and the blank template. Every
// account call is scoped to an account the caller reaches (an account user's own, provider staff's linked ones):
// another tenant's account or invoice answers 404 like an unknown one.

const tags = ['invoices'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** For the OpenAPI document only: the multipart parser leaves the body empty (readInvoiceForm reads it). */
const invoiceForm = z
  .object({
    number: z.string(),
    issuingDate: z.string().meta({ format: 'date' }),
    dueDate: z
      .string()
      .meta({ format: 'date', description: 'Ignored: always the issuing date plus 10 days' })
      .optional(),
    paymentsAmount: z.string().meta({ description: 'Digits only' }),
    amount: z.string().meta({ description: 'Decimal with a dot, at most 2 decimals' }),
    currency: z.string().meta({ description: 'EUR (default), USD or GBP' }).optional(),
    timePeriodFrom: z.string().meta({ format: 'date' }),
    timePeriodTo: z.string().meta({ format: 'date' }),
    invoice: z
      .string()
      .meta({ format: 'binary', description: 'The PDF (file name invoice.pdf), at most 5,242,880 bytes' }),
  })
  .nullish();

/** PATCH: JSON with a status, or (multipart, so the parser leaves the body empty) a draft's fields. */
const invoicePatchBody = invoiceStatusUpdate.nullish();

const linkQuery = z.object({ link: z.string().min(1).max(2000) });

const documentSubject = (invoiceId: string, storedName: string) => `invoice:${invoiceId}:${storedName}`;
const TEMPLATE_SUBJECT = 'invoice-template';

export const invoicesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  const invoiceDeps: InvoiceDeps = {
    db,
    now: deps.now,
    files: createFileStore(join(deps.config.dataDir, INVOICE_DOCUMENTS_FOLDER)),
    log: app.log,
  };
  const template = invoiceTemplateStore(deps.config.dataDir);
  const linkKey = deps.signer.deriveKey('download-link');

  // Multipart for this plugin's routes only: one file of at most 5,242,880 bytes (one byte more marks it truncated),
  // the form's eight text fields and a version, each short.
  // The file's name as sent (preservePath): a name with a path is refused, not silently cut to its base name.
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    preservePath: true,
    limits: { fileSize: INVOICE_MAX_BYTES, files: 1, fields: 12, fieldSize: 256, parts: 13, headerPairs: 20 },
  });

  app.get(
    '/account/:accountId/invoice',
    {
      preHandler: requirePermission(P.invoiceRead),
      schema: {
        tags,
        summary:
          "The account's invoices, newest issuing date first. search: the number contains it (searchType TEXT, the " +
          'default) or the invoice id starts with it (ID); timePeriodFrom / timePeriodTo: invoices whose period ' +
          'overlaps the range; status[]',
        params: accountInvoiceParams,
        querystring: invoiceListQuery,
        response: { 200: invoiceList, ...errors },
      },
    },
    async (request) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      return listInvoices(readDb(deps, request), accountId, request.query);
    },
  );

  app.post(
    '/account/:accountId/invoice',
    {
      preHandler: requirePermission(P.invoiceCreate),
      schema: {
        tags,
        summary:
          'Create a draft invoice (multipart: the fields and the PDF as the file part `invoice`). The due date is ' +
          'the issuing date plus 10 days whatever is sent; every rule of the form applies (400 with its messages by ' +
          "field; 'The file must be in PDF format and up to 5 MB'); a PDF with scripts, actions, attached files or " +
          'encryption is 422 invoice-file-unsafe; a number the account already uses is 409 invoice-number-taken',
        consumes: ['multipart/form-data'],
        params: accountInvoiceParams,
        body: invoiceForm,
        response: { 201: invoiceCreated, 409: errorBody, 413: errorBody, 422: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      const form = await readInvoiceForm(request);
      const { fields, upload } = await validateInvoiceForm(
        form,
        invoiceFieldsSchema(earliestIssuingDate(new Date(deps.now()))),
        true,
      );
      assertStillConnected(request);
      const created = await createInvoice(invoiceDeps, request.auth, accountId, fields, upload!);
      return reply.code(201).send({ invoiceId: created.invoiceId, version: created.version });
    },
  );

  app.get(
    '/account/:accountId/invoice/:invoiceId',
    {
      preHandler: requirePermission(P.invoiceRead, P.invoiceSelect),
      schema: {
        tags,
        summary: 'One invoice with the version an edit names',
        params: invoiceParams,
        response: { 200: invoiceDetail, ...errors },
      },
    },
    async (request) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      const row = await invoiceRow(readDb(deps, request), accountId, request.params.invoiceId);
      if (!row) throw notFound();
      return toInvoiceDetail(row);
    },
  );

  app.patch(
    '/account/:accountId/invoice/:invoiceId',
    {
      preHandler: requirePermission(P.invoiceUpdate),
      schema: {
        tags,
        summary:
          'Change the status (JSON { status, expectedStatus, modalIsConfirmed }: compare-and-set on expectedStatus, ' +
          '409 invoice-status-changed when another user changed it; a draft is only published to PENDING, DRAFT and ' +
          'CANCELLED refuse other changes (422 invoice-status-not-allowed); CANCELLED needs modalIsConfirmed: true) ' +
          "or edit a draft's fields (multipart, as POST, with the `version` it was opened on and the file optional: " +
          '409 invoice-changed or invoice-not-draft)',
        consumes: ['application/json', 'multipart/form-data'],
        params: invoiceParams,
        body: invoicePatchBody,
        response: { 200: invoiceDetail, 409: errorBody, 413: errorBody, 422: errorBody, ...errors },
      },
    },
    async (request) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      const { invoiceId } = request.params;
      if (!request.isMultipart()) {
        if (!request.body) {
          throw new ApiError(400, 'form-not-validated', 'Form not validated', {
            fields: { status: 'Required field', expectedStatus: 'Required field' },
          });
        }
        return changeInvoiceStatus(invoiceDeps, request.auth, accountId, invoiceId, request.body);
      }
      const current = await invoiceRow(db, accountId, invoiceId);
      if (!current) throw notFound();
      const form = await readInvoiceForm(request);
      // The issuing date may stay where it was (a draft saved days ago); a new one cannot be in the past.
      const movesIssuing = form.fields.issuingDate !== current.issuingDate;
      const { fields, upload } = await validateInvoiceForm(
        form,
        invoiceFieldsEditSchema(movesIssuing ? earliestIssuingDate(new Date(deps.now())) : null),
        false,
      );
      assertStillConnected(request);
      return updateInvoiceFields(invoiceDeps, request.auth, accountId, invoiceId, fields, upload);
    },
  );

  app.delete(
    '/account/:accountId/invoice/:invoiceId',
    {
      preHandler: requirePermission(P.invoiceDelete),
      schema: {
        tags,
        summary: 'Delete a draft invoice and its file (409 invoice-not-draft once published)',
        params: invoiceParams,
        response: { 204: z.null(), 409: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      await deleteInvoice(invoiceDeps, request.auth, accountId, request.params.invoiceId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/account/:accountId/invoice/:invoiceId/document',
    {
      preHandler: requirePermission(P.invoiceRead),
      schema: {
        tags,
        summary:
          "A short-lived link (under the API base, fetched with the same session) that serves the invoice's PDF as " +
          'an attachment. Reviewing a draft needs invoice.select, downloading a published invoice invoice.download; ' +
          "a cancelled invoice's file can no longer be downloaded (409 invoice-cancelled)",
        params: invoiceParams,
        response: { 200: invoiceDocumentResponse, 409: errorBody, ...errors },
      },
    },
    async (request) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      const row = await downloadableInvoice(invoiceDeps, request.auth, accountId, request.params.invoiceId);
      const token = createDownloadToken(
        linkKey,
        { subject: documentSubject(row.id, row.documentStoredName), sessionId: request.auth.sessionId },
        deps.now(),
      );
      return {
        url: `/account/${accountId}/invoice/${row.id}/document/file?link=${encodeURIComponent(token)}`,
        fileName: row.documentName,
      };
    },
  );

  app.get(
    '/account/:accountId/invoice/:invoiceId/document/file',
    {
      preHandler: requirePermission(P.invoiceRead),
      schema: {
        tags,
        summary:
          "The invoice's PDF behind a link of GET .../document, streamed as an attachment (400 download-link-expired " +
          'for an expired link, another session’s or a replaced file’s; 409 invoice-cancelled once cancelled)',
        params: invoiceParams,
        querystring: linkQuery,
        response: { 200: fileAnswer('The invoice PDF', ['application/pdf']), 409: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      const row = await downloadableInvoice(invoiceDeps, request.auth, accountId, request.params.invoiceId);
      verifyDownloadToken(
        linkKey,
        request.query.link,
        { subject: documentSubject(row.id, row.documentStoredName), sessionId: request.auth.sessionId },
        deps.now(),
      );
      const file = await invoiceDeps.files.open(row.documentStoredName);
      if (!file) throw notFound();
      return sendAttachment(reply, {
        fileName: row.documentName,
        mimeType: 'application/pdf',
        bytes: file.stream,
        size: file.size,
      });
    },
  );

  app.get(
    '/invoice-template',
    {
      preHandler: requirePermission(P.invoiceTemplateDownload),
      schema: {
        tags,
        summary: 'The blank invoice template: a short-lived link (fetched with the same session) and its file name',
        response: { 200: invoiceTemplateResponse, ...errors },
      },
    },
    async (request) => {
      const token = createDownloadToken(
        linkKey,
        { subject: TEMPLATE_SUBJECT, sessionId: request.auth.sessionId },
        deps.now(),
      );
      return { file: `/invoice-template/file?link=${encodeURIComponent(token)}`, fileName: INVOICE_TEMPLATE_FILE_NAME };
    },
  );

  app.get(
    '/invoice-template/file',
    {
      preHandler: requirePermission(P.invoiceTemplateDownload),
      schema: {
        tags,
        summary: 'The blank invoice template behind a link of GET /invoice-template, as an attachment',
        querystring: linkQuery,
        response: { 200: fileAnswer('The template PDF', ['application/pdf']), ...errors },
      },
    },
    async (request, reply) => {
      verifyDownloadToken(
        linkKey,
        request.query.link,
        { subject: TEMPLATE_SUBJECT, sessionId: request.auth.sessionId },
        deps.now(),
      );
      const file = await template.open();
      return sendAttachment(reply, {
        fileName: INVOICE_TEMPLATE_FILE_NAME,
        mimeType: 'application/pdf',
        bytes: file.stream,
        size: file.size,
      });
    },
  );
};
