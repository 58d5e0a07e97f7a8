import { isApiError } from '@console/api/errors';
import { useApi } from '@console/session/session-provider';
import { useConfirm } from '@console/ui/confirm';
import { useToast } from '@console/ui/toast';
import type { InvoiceDetail } from '@domain/contract/invoices';
import { type ErrorKey, effectOfStatus } from '@domain/errors';
import { INVOICE_MESSAGES, INVOICE_STATUS_LABELS, type InvoiceStatus, needsConfirmation } from '@domain/invoices';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import {
  changeInvoiceStatus,
  deleteInvoice,
  downloadInvoiceDocument,
  downloadInvoiceTemplate,
  invoiceListQueryKey,
  invoicesQueryKey,
} from './invoices-queries';

// What a user does to an invoice from its row (the status dropdown, the menu, the keys), one implementation for all
// three: the confirmations (CANCELLED is irreversible, publishing and deleting ask first), the call, and what the
// user is told. Every status change names the status the user saw; a 409 says somebody changed it meanwhile and the
// list is read again (spec 3, section 4; design.md, section 6).

export type InvoiceWork = 'status' | 'delete' | 'download';
const workKey = (accountId: string, work: InvoiceWork) => [...invoicesQueryKey(accountId), 'work', work] as const;

/** The result of an action: done, the user said no, somebody changed the invoice first, or it failed. */
export type InvoiceActionResult = 'done' | 'declined' | 'outdated' | 'failed';

/** The invoice changed meanwhile: its status moved (409 invoice-status-changed) or it is no longer a draft. */
const OUTDATED_FALLBACK: ErrorKey | string = 'invoice-status-changed';

export interface InvoiceActions {
  /** A status from the dropdown or the `s` picker; CANCELLED asks first. */
  setStatus: (invoice: InvoiceDetail, status: InvoiceStatus) => Promise<InvoiceActionResult>;
  /** DRAFT → PENDING, after the confirmation. */
  publish: (invoice: InvoiceDetail) => Promise<InvoiceActionResult>;
  /** A draft, after the confirmation. */
  remove: (invoice: InvoiceDetail) => Promise<InvoiceActionResult>;
  /** Download (a published invoice) and Review (a draft) both save the stored PDF. */
  download: (invoice: InvoiceDetail) => Promise<InvoiceActionResult>;
  downloadTemplate: () => Promise<InvoiceActionResult>;
}

export function useInvoiceActions(accountId: string): InvoiceActions {
  const api = useApi();
  const confirm = useConfirm();
  const toast = useToast();
  const queryClient = useQueryClient();

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: invoiceListQueryKey(accountId) }),
    [queryClient, accountId],
  );

  /** Tells the user what went wrong; the global effects (sign-out, server error) are the client's already. */
  const report = useCallback(
    async (error: unknown, failure: ErrorKey): Promise<InvoiceActionResult> => {
      if (isApiError(error) && error.status === 409) {
        toast.showMessage(error.key === 'unexpected-error' ? OUTDATED_FALLBACK : error.key);
        await refresh();
        return 'outdated';
      }
      if (isApiError(error) && effectOfStatus(error.status) === 'end-session') return 'failed';
      // A known refusal says why (a cancelled invoice's file); anything else is the action's own failure.
      const known =
        isApiError(error) &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 404 &&
        error.key !== 'unexpected-error' &&
        error.key !== 'resource-not-found';
      toast.showMessage(known ? error.key : failure);
      if (isApiError(error) && error.status === 404) await refresh();
      return 'failed';
    },
    [toast, refresh],
  );

  const statusMutation = useMutation({
    mutationKey: workKey(accountId, 'status'),
    mutationFn: ({
      invoice,
      status,
      confirmed,
    }: {
      invoice: InvoiceDetail;
      status: InvoiceStatus;
      confirmed: boolean;
    }) => changeInvoiceStatus(api, accountId, invoice, status, confirmed),
  });
  const deleteMutation = useMutation({
    mutationKey: workKey(accountId, 'delete'),
    mutationFn: ({ invoice }: { invoice: InvoiceDetail }) => deleteInvoice(api, accountId, invoice.invoiceId),
  });
  const downloadMutation = useMutation({
    mutationKey: workKey(accountId, 'download'),
    mutationFn: ({ invoice }: { invoice: InvoiceDetail }) => downloadInvoiceDocument(api, accountId, invoice.invoiceId),
  });
  const { mutateAsync: writeStatus } = statusMutation;
  const { mutateAsync: writeDelete } = deleteMutation;
  const { mutateAsync: fetchDocument } = downloadMutation;

  const sendStatus = useCallback(
    async (invoice: InvoiceDetail, status: InvoiceStatus, confirmed: boolean): Promise<InvoiceActionResult> => {
      try {
        await writeStatus({ invoice, status, confirmed });
      } catch (error) {
        return report(error, 'status-change-error');
      }
      await refresh();
      return 'done';
    },
    [writeStatus, report, refresh],
  );

  const setStatus = useCallback(
    async (invoice: InvoiceDetail, status: InvoiceStatus): Promise<InvoiceActionResult> => {
      if (status === invoice.status) return 'done';
      const confirmed = needsConfirmation(status);
      if (
        confirmed &&
        !(await confirm({
          title: `Cancel invoice ${invoice.number}?`,
          content: INVOICE_MESSAGES.cancelConfirm,
          confirmLabel: 'Cancel invoice',
          cancelLabel: 'Keep it',
          tone: 'danger',
        }))
      ) {
        return 'declined';
      }
      const result = await sendStatus(invoice, status, confirmed);
      if (result === 'done') {
        toast.show({ type: 'success', header: `Invoice ${invoice.number} is now ${INVOICE_STATUS_LABELS[status]}` });
      }
      return result;
    },
    [confirm, sendStatus, toast],
  );

  const publish = useCallback(
    async (invoice: InvoiceDetail): Promise<InvoiceActionResult> => {
      const yes = await confirm({
        title: `Publish invoice ${invoice.number}?`,
        content: INVOICE_MESSAGES.publishConfirm,
        confirmLabel: 'Publish',
        tone: 'warning',
      });
      if (!yes) return 'declined';
      const result = await sendStatus(invoice, 'PENDING', false);
      if (result === 'done') toast.show({ type: 'success', header: `Invoice ${invoice.number} published` });
      return result;
    },
    [confirm, sendStatus, toast],
  );

  const remove = useCallback(
    async (invoice: InvoiceDetail): Promise<InvoiceActionResult> => {
      const yes = await confirm({
        title: `Delete invoice ${invoice.number}?`,
        content: INVOICE_MESSAGES.deleteConfirm,
        confirmLabel: 'Delete',
        tone: 'danger',
      });
      if (!yes) return 'declined';
      try {
        await writeDelete({ invoice });
      } catch (error) {
        return report(error, 'delete-error');
      }
      toast.showMessage('successfully-deleted');
      await refresh();
      return 'done';
    },
    [confirm, writeDelete, report, toast, refresh],
  );

  const download = useCallback(
    async (invoice: InvoiceDetail): Promise<InvoiceActionResult> => {
      try {
        await fetchDocument({ invoice });
        return 'done';
      } catch (error) {
        return report(error, 'download-error');
      }
    },
    [fetchDocument, report],
  );

  const downloadTemplate = useCallback(async (): Promise<InvoiceActionResult> => {
    try {
      await downloadInvoiceTemplate(api);
      return 'done';
    } catch (error) {
      return report(error, 'download-error');
    }
  }, [api, report]);

  return useMemo(
    () => ({ setStatus, publish, remove, download, downloadTemplate }),
    [setStatus, publish, remove, download, downloadTemplate],
  );
}

/** Whether this work is under way for the invoice, wherever it was started (a cell, a menu, a key). */
export function useInvoiceBusy(accountId: string, invoiceId: string, work: InvoiceWork): boolean {
  return (
    useIsMutating({
      mutationKey: workKey(accountId, work),
      predicate: (mutation) =>
        (mutation.state.variables as { invoice?: InvoiceDetail } | undefined)?.invoice?.invoiceId === invoiceId,
    }) > 0
  );
}
