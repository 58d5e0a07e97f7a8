import type { DataColumn } from '@console/table/types';
import { Button } from '@console/ui/button';
import { DocumentIcon } from '@console/ui/icons';
import type { InvoiceDetail } from '@domain/contract/invoices';
import { formatInteger, formatMinorMoney } from '@domain/format';
import type { InvoiceRowAction } from '@domain/invoice-abilities';
import type { InvoiceActions } from './invoice-actions';
import { invoiceDay as day, invoicePeriod } from './invoice-format';
import { InvoiceStatusControl } from './invoice-status-control';

// The list's columns (spec 3, sections 2.12 and 3): number, status (the dropdown), issuing and due dates, the period
// invoiced, the payments in it, the amount in the product's money style and the document. Issuing date, due date,
// number, amount and status sort (INVOICE_SORT_FIELDS).

export interface InvoiceColumnsOptions {
  accountId: string;
  actions: InvoiceActions;
  /** The document's button: Review for a draft, Download for the others (undefined: the name alone). */
  documentAction: (invoice: InvoiceDetail) => Extract<InvoiceRowAction, 'review' | 'download'> | undefined;
}

function DocumentCell({
  invoice,
  action,
  actions,
}: {
  invoice: InvoiceDetail;
  action?: string;
  actions: InvoiceActions;
}) {
  if (!action) {
    return (
      <span className="invoice-document invoice-document--plain" title={invoice.documentName}>
        {invoice.documentName}
      </span>
    );
  }
  const verb = action === 'review' ? 'Review' : 'Download';
  return (
    <Button
      size="sm"
      variant="ghost"
      className="invoice-document"
      icon={<DocumentIcon />}
      title={`${verb} ${invoice.documentName}`}
      onClick={(event) => {
        event.stopPropagation();
        void actions.download(invoice);
      }}
    >
      {/* The name starts with what the button does and holds the visible file name (label-content-name-match). */}
      <span className="visually-hidden">{`${verb} invoice ${invoice.number}:`}</span>{' '}
      <span className="invoice-document__name">{invoice.documentName}</span>
    </Button>
  );
}

export function invoiceColumns({
  accountId,
  actions,
  documentAction,
}: InvoiceColumnsOptions): DataColumn<InvoiceDetail>[] {
  return [
    {
      id: 'number',
      header: 'Invoice number',
      sortField: 'number',
      width: 'minmax(140px, 1.1fr)',
      cell: (invoice) => <span className="mono">{invoice.number}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      sortField: 'status',
      width: 'minmax(130px, 0.9fr)',
      cell: (invoice) => <InvoiceStatusControl accountId={accountId} invoice={invoice} actions={actions} />,
    },
    {
      id: 'issuingDate',
      header: 'Issuing date',
      sortField: 'issuingDate',
      width: 'minmax(110px, 0.8fr)',
      cell: (invoice) => day(invoice.issuingDate),
    },
    {
      id: 'dueDate',
      header: 'Due date',
      sortField: 'dueDate',
      width: 'minmax(110px, 0.8fr)',
      cell: (invoice) => day(invoice.dueDate),
    },
    {
      id: 'period',
      header: 'Period',
      width: 'minmax(200px, 1.3fr)',
      cell: (invoice) => (
        <span className="invoice-period">{invoicePeriod(invoice.timePeriodFrom, invoice.timePeriodTo)}</span>
      ),
    },
    {
      id: 'paymentsAmount',
      header: 'Payments',
      align: 'end',
      width: 'minmax(90px, 0.6fr)',
      cell: (invoice) => <span className="invoice-number-cell">{formatInteger(invoice.paymentsAmount)}</span>,
    },
    {
      id: 'amount',
      header: 'Amount',
      sortField: 'amount',
      align: 'end',
      width: 'minmax(130px, 0.9fr)',
      cell: (invoice) => (
        <span className="invoice-number-cell">{formatMinorMoney(invoice.money.amount, invoice.money.currency)}</span>
      ),
    },
    {
      id: 'document',
      header: 'Document',
      width: 'minmax(160px, 1.2fr)',
      cell: (invoice) => <DocumentCell invoice={invoice} action={documentAction(invoice)} actions={actions} />,
    },
  ];
}
