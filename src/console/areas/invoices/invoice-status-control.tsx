// biome-ignore-all lint/a11y/noStaticElementInteractions: the wrapper only keeps a click on a dropdown from opening the table row it sits in
// biome-ignore-all lint/a11y/useKeyWithClickEvents: the wrapper handles no keys; the dropdown inside keeps its own
import { useSession } from '@console/session/session-provider';
import { StatusBadge, statusTone } from '@console/ui/badge';
import { Select } from '@console/ui/select';
import type { InvoiceDetail } from '@domain/contract/invoices';
import { invoiceAbilities, statusChoicesFor } from '@domain/invoice-abilities';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@domain/invoices';
import { useMemo, useState } from 'react';
import { type InvoiceActions, useInvoiceBusy } from './invoice-actions';

// The status cell (spec 3, section 4): a dropdown of the other statuses for users with invoice.update; a DRAFT (it
// is published from the menu), a CANCELLED invoice (final) and users without the permission see the status as a
// read-only badge, the disabled state's clearer form. The dropdown shows the chosen status until the list is read
// again, and is disabled meanwhile.

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <StatusBadge status={status} kind="invoice" label={INVOICE_STATUS_LABELS[status]} />;
}

export interface InvoiceStatusControlProps {
  accountId: string;
  invoice: InvoiceDetail;
  actions: InvoiceActions;
}

export function InvoiceStatusControl({ accountId, invoice, actions }: InvoiceStatusControlProps) {
  const { grants } = useSession();
  const abilities = useMemo(() => invoiceAbilities(grants), [grants]);
  const choices = statusChoicesFor(invoice.status, abilities);
  const saving = useInvoiceBusy(accountId, invoice.invoiceId, 'status');
  const [pending, setPending] = useState<InvoiceStatus | null>(null);
  if (choices.length === 0) return <InvoiceStatusBadge status={invoice.status} />;
  const shown = pending ?? invoice.status;
  const options = [invoice.status, ...choices].map((status) => ({
    value: status,
    label: INVOICE_STATUS_LABELS[status],
  }));
  return (
    <span
      className={`invoice-status invoice-status--${statusTone(shown, 'invoice')}`}
      onClick={(event) => event.stopPropagation()}
    >
      <Select
        label={`Status of invoice ${invoice.number}`}
        hideLabel
        options={options}
        value={shown}
        disabled={saving || pending !== null}
        aria-busy={saving || undefined}
        onChange={(event) => {
          const chosen = event.target.value as InvoiceStatus;
          setPending(chosen);
          void actions.setStatus(invoice, chosen).finally(() => setPending(null));
        }}
      />
    </span>
  );
}
