import type { InvoiceDetail, InvoiceFields, InvoiceStatusUpdate } from '@domain/contract/invoices';
import {
  amountToMinor,
  dueDateFor,
  INVOICE_MESSAGES,
  type InvoiceStatus,
  isDownloadable,
  isDraft,
  isInvoiceTransitionAllowed,
  needsConfirmation,
} from '@domain/invoices';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { invoices } from '../../db/schema';
import { actorOf, recordActivity } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import type { FileStore } from '../../lib/file-store';
import type { AuthContext } from '../../plugins/auth';
import { ApiError, forbidden, notFound } from '../../plugins/errors';
import { type InvoiceRow, invoiceRow, toInvoiceDetail } from './queries';

// Invoice writes (spec 3, sections 4 "Invoice" and 5 "Invoice"; design.md section 6). Each write and its INVOICE audit
// entry commit together.
// - A status change is compare-and-set in one UPDATE whose WHERE names the status the user saw (expectedStatus): of
//   two users changing one invoice from the same status exactly one wins, the other is told 'invoice-status-changed'
//   (409). Only the life cycle's moves are taken (isInvoiceTransitionAllowed: a draft is only published, DRAFT and
//   CANCELLED refuse the dropdown), and CANCELLED needs the user's confirmation (modalIsConfirmed).
// - A draft's fields are edited on the version the form was opened on (409 'invoice-changed' when another save came
//   first, 409 'invoice-not-draft' once it was published); a draft alone is deleted.
// - The number is unique per account by index: of two saves with one number, the index lets one through and the other
//   is told 'invoice-number-taken' (409) with the field's message. No check-then-write.
// - The PDF is written under a generated name before the transaction and removed if the transaction fails; a replaced
//   or deleted invoice's file is removed after the commit.

export type InvoiceDeps = Pick<AppDeps, 'db' | 'now'> & { files: FileStore; log: FastifyBaseLogger };

export interface InvoiceDocumentUpload {
  /** The sanitised base name the file was uploaded with. */
  documentName: string;
  bytes: Uint8Array;
}

export const NUMBER_TAKEN_MESSAGE = 'This invoice number is already used by another invoice of this account';

const numberTaken = () =>
  new ApiError(409, 'invoice-number-taken', NUMBER_TAKEN_MESSAGE, { fields: { number: NUMBER_TAKEN_MESSAGE } });
const notDraft = () => new ApiError(409, 'invoice-not-draft');
const statusChanged = (current: string) =>
  new ApiError(
    409,
    'invoice-status-changed',
    `Another user changed this invoice's status to ${current} while you were looking at it. Reload to see it.`,
  );

/** What the audit log keeps of an invoice: its fields and its document as the user knows it (not where it is stored). */
const auditView = (detail: InvoiceDetail) => {
  const { createdDate: _created, modifiedDate: _modified, money: _money, ...rest } = detail;
  return rest;
};

/** The stored columns of the form's fields: the due date is the server's, the amount in minor units. */
function storedFields(fields: InvoiceFields) {
  return {
    number: fields.number,
    issuingDate: fields.issuingDate,
    dueDate: dueDateFor(fields.issuingDate),
    timePeriodFrom: fields.timePeriodFrom,
    timePeriodTo: fields.timePeriodTo,
    paymentsCount: Number(fields.paymentsAmount),
    amount: amountToMinor(fields.amount),
    currency: fields.currency,
  };
}

/** Removes a file the database no longer points at; a failure only leaves an orphan behind, so it is logged. */
async function removeQuietly(deps: InvoiceDeps, storedName: string | null | undefined): Promise<void> {
  if (!storedName) return;
  try {
    await deps.files.remove(storedName);
  } catch (error) {
    deps.log.warn({ err: error, storedName }, 'could not remove an invoice document');
  }
}

/** Runs a write that points at a newly stored file; the file goes when the write fails. */
async function withStoredFile<T>(
  deps: InvoiceDeps,
  upload: InvoiceDocumentUpload | undefined,
  write: (storedName: string | undefined) => Promise<T>,
): Promise<T> {
  const storedName = upload ? await deps.files.write(upload.bytes, 'pdf') : undefined;
  try {
    return await write(storedName);
  } catch (error) {
    await removeQuietly(deps, storedName);
    // The account's number index is the table's only unique key a write can collide on (stored names are random).
    if (isUniqueViolation(error)) throw numberTaken();
    throw error;
  }
}

/** POST /account/{accountId}/invoice: a new DRAFT with its PDF. */
export async function createInvoice(
  deps: InvoiceDeps,
  auth: AuthContext,
  accountId: string,
  fields: InvoiceFields,
  upload: InvoiceDocumentUpload,
): Promise<InvoiceDetail> {
  return withStoredFile(deps, upload, (storedName) =>
    deps.db.transaction(async (tx) => {
      const at = new Date(deps.now());
      const [row] = await tx
        .insert(invoices)
        .values({
          accountId,
          status: 'DRAFT',
          ...storedFields(fields),
          documentStoredName: storedName!,
          documentName: upload.documentName,
          documentSize: upload.bytes.byteLength,
          version: 1,
          createdAt: at,
          modifiedAt: at,
        })
        .returning();
      const created = toInvoiceDetail(row!);
      await recordActivity(tx, {
        actor: actorOf(auth),
        actionType: 'INSERT',
        resourceType: 'INVOICE',
        resourceId: created.invoiceId,
        newValue: auditView(created),
        accountId,
      });
      return created;
    }),
  );
}

/** PATCH with a draft's fields (multipart): on the version it was opened on; the file is optional. */
export async function updateInvoiceFields(
  deps: InvoiceDeps,
  auth: AuthContext,
  accountId: string,
  invoiceId: string,
  fields: InvoiceFields & { version: number },
  upload: InvoiceDocumentUpload | undefined,
): Promise<InvoiceDetail> {
  let replaced: string | undefined;
  const updated = await withStoredFile(deps, upload, (storedName) =>
    deps.db.transaction(async (tx) => {
      const before = await invoiceRow(tx, accountId, invoiceId, true);
      if (!before) throw notFound();
      if (!isDraft(before.status as InvoiceStatus)) throw notDraft();
      if (before.version !== fields.version) throw new ApiError(409, 'invoice-changed');
      const [after] = await tx
        .update(invoices)
        .set({
          ...storedFields(fields),
          ...(storedName && upload
            ? {
                documentStoredName: storedName,
                documentName: upload.documentName,
                documentSize: upload.bytes.byteLength,
              }
            : {}),
          version: before.version + 1,
          modifiedAt: new Date(deps.now()),
        })
        .where(and(eq(invoices.id, before.id), eq(invoices.accountId, accountId)))
        .returning();
      const detail = toInvoiceDetail(after!);
      await recordActivity(tx, {
        actor: actorOf(auth),
        actionType: 'UPDATE',
        resourceType: 'INVOICE',
        resourceId: detail.invoiceId,
        oldValue: auditView(toInvoiceDetail(before)),
        newValue: auditView(detail),
        accountId,
      });
      if (storedName) replaced = before.documentStoredName;
      return detail;
    }),
  );
  await removeQuietly(deps, replaced);
  return updated;
}

/** PATCH with { status, expectedStatus, modalIsConfirmed }: compare-and-set; see the comment at the top. */
export async function changeInvoiceStatus(
  deps: InvoiceDeps,
  auth: AuthContext,
  accountId: string,
  invoiceId: string,
  body: InvoiceStatusUpdate,
): Promise<InvoiceDetail> {
  if (!isInvoiceTransitionAllowed(body.expectedStatus, body.status)) {
    throw new ApiError(
      422,
      'invoice-status-not-allowed',
      body.expectedStatus === 'DRAFT'
        ? 'A draft can only be published (set to PENDING).'
        : body.expectedStatus === 'CANCELLED'
          ? 'A cancelled invoice is final: its status can no longer change.'
          : `An invoice cannot go from ${body.expectedStatus} to ${body.status}.`,
    );
  }
  if (needsConfirmation(body.status) && !body.modalIsConfirmed) {
    throw new ApiError(400, 'form-not-validated', 'Form not validated', {
      fields: { modalIsConfirmed: INVOICE_MESSAGES.cancelConfirm },
    });
  }
  const found = await invoiceRow(deps.db, accountId, invoiceId);
  if (!found) throw notFound();
  return deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(invoices)
      .set({
        status: body.status,
        version: sql`${invoices.version} + 1`,
        modifiedAt: new Date(deps.now()),
      })
      .where(
        and(eq(invoices.id, found.id), eq(invoices.accountId, accountId), eq(invoices.status, body.expectedStatus)),
      )
      .returning();
    if (!changed) {
      const current = await invoiceRow(tx, accountId, found.id);
      if (!current) throw notFound();
      throw statusChanged(current.status);
    }
    const after = toInvoiceDetail(changed);
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: 'UPDATE',
      resourceType: 'INVOICE',
      resourceId: after.invoiceId,
      oldValue: { status: body.expectedStatus, version: after.version - 1 },
      newValue: { status: body.status, version: after.version },
      accountId,
    });
    return after;
  });
}

/** DELETE /account/{accountId}/invoice/{invoiceId}: a draft only (409 invoice-not-draft otherwise). */
export async function deleteInvoice(
  deps: InvoiceDeps,
  auth: AuthContext,
  accountId: string,
  invoiceId: string,
): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const row = await invoiceRow(tx, accountId, invoiceId, true);
    if (!row) throw notFound();
    if (!isDraft(row.status as InvoiceStatus)) throw notDraft();
    await tx.delete(invoices).where(and(eq(invoices.id, row.id), eq(invoices.accountId, accountId)));
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: 'DELETE',
      resourceType: 'INVOICE',
      resourceId: row.id,
      oldValue: auditView(toInvoiceDetail(row)),
      accountId,
    });
    return row.documentStoredName;
  });
  await removeQuietly(deps, removed);
}

/**
 * The invoice whose document the caller may fetch: a draft is reviewed (invoice.select), a published invoice
 * downloaded (invoice.download); a cancelled invoice's file can no longer be downloaded (409 invoice-cancelled).
 */
export async function downloadableInvoice(
  deps: Pick<InvoiceDeps, 'db'>,
  auth: AuthContext,
  accountId: string,
  invoiceId: string,
): Promise<InvoiceRow> {
  const row = await invoiceRow(deps.db, accountId, invoiceId);
  if (!row) throw notFound();
  const status = row.status as InvoiceStatus;
  if (!can(auth, isDraft(status) ? P.invoiceSelect : P.invoiceDownload)) throw forbidden();
  if (!isDownloadable(status)) throw new ApiError(409, 'invoice-cancelled');
  return row;
}
