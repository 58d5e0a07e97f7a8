import { useCurrentScope } from '@console/app/current-scope';
import { useApi, useSession } from '@console/session/session-provider';
import { DataTable } from '@console/table/data-table';
import type { DataTableHandle, FetchPage, RowMenuItem } from '@console/table/types';
import { PageHeader } from '@console/ui/page-header';
import { INVOICE_DEFAULT_ORDER, type InvoiceDetail } from '@domain/contract/invoices';
import { type InvoiceRowAction, invoiceAbilities, invoiceRowActions } from '@domain/invoice-abilities';
import { INVOICE_QUERY_KEYS } from '@domain/search-query';
import { useCallback, useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import { useInvoiceActions } from './invoice-actions';
import { INVOICE_COMMAND_IDS } from './invoice-commands';
import { CommandHeaderButton, INVOICE_KEYS, useInvoiceListCommands } from './invoice-list-commands';
import { invoiceColumns } from './invoices-columns';
import { INVOICE_FILTERS, INVOICE_SEARCH_PLACEHOLDER } from './invoices-filters';
import { editInvoicePath } from './invoices-paths';
import { fetchInvoicePage, invoiceListQueryKey } from './invoices-queries';
import './invoices.css';

// 'Billing & Invoicing' (spec 3, section 2.12) on the one data table: search by number, Status and Time period,
// newest issuing date first, the status dropdown in its cell, the row menu (Publish, Review, Edit, Delete for a draft;
// Download for the others), 'Download template' and 'Add invoice' by permission, and the row's keys.

export const INVOICES_TITLE = 'Billing & Invoicing';

const getRowId = (invoice: InvoiceDetail) => invoice.invoiceId;
const rowLabel = (invoice: InvoiceDetail) => `Invoice ${invoice.number}`;

const MENU_LABELS: Record<InvoiceRowAction, string> = {
  publish: 'Publish',
  review: 'Review',
  edit: 'Edit',
  delete: 'Delete',
  download: 'Download',
};
const MENU_KEYS: Partial<Record<InvoiceRowAction, string>> = {
  publish: INVOICE_KEYS.publish,
  review: INVOICE_KEYS.download,
  edit: INVOICE_KEYS.edit,
  delete: INVOICE_KEYS.remove,
  download: INVOICE_KEYS.download,
};

function InvoicesList({ accountId }: { accountId: string }) {
  const api = useApi();
  const [, navigate] = useLocation();
  const { grants } = useSession();
  const { account } = useCurrentScope();
  const abilities = useMemo(() => invoiceAbilities(grants), [grants]);
  const actions = useInvoiceActions(accountId);
  const table = useRef<DataTableHandle<InvoiceDetail>>(null);

  const edit = useCallback(
    (invoice: InvoiceDetail) => navigate(editInvoicePath(accountId, invoice.invoiceId)),
    [navigate, accountId],
  );
  const picker = useInvoiceListCommands({ table, abilities, actions, edit });

  const fetchPage = useCallback<FetchPage<InvoiceDetail>>(
    (query, signal) => fetchInvoicePage(api, accountId, query, signal),
    [api, accountId],
  );
  const columns = useMemo(
    () =>
      invoiceColumns({
        accountId,
        actions,
        documentAction: (invoice) =>
          invoiceRowActions(invoice.status, abilities).find(
            (action): action is 'review' | 'download' => action === 'review' || action === 'download',
          ),
      }),
    [accountId, actions, abilities],
  );

  const rowMenu = useCallback(
    (invoice: InvoiceDetail): RowMenuItem[] =>
      invoiceRowActions(invoice.status, abilities).map((action) => ({
        id: action,
        label: MENU_LABELS[action],
        keys: MENU_KEYS[action],
        danger: action === 'delete',
        separatorBefore: action === 'delete',
        onSelect: () => {
          if (action === 'publish') void actions.publish(invoice);
          else if (action === 'edit') edit(invoice);
          else if (action === 'delete') void actions.remove(invoice);
          else void actions.download(invoice);
        },
      })),
    [abilities, actions, edit],
  );

  return (
    <div className="screen invoices-screen">
      <PageHeader
        title={INVOICES_TITLE}
        subtitle={account?.prettyName}
        actions={
          <>
            <CommandHeaderButton commandId={INVOICE_COMMAND_IDS.downloadTemplate} label="Download template" />
            <CommandHeaderButton commandId={INVOICE_COMMAND_IDS.add} label="Add invoice" variant="primary" />
          </>
        }
      />
      <DataTable
        ref={table}
        label={INVOICES_TITLE}
        queryKey={invoiceListQueryKey(accountId)}
        fetchPage={fetchPage}
        columns={columns}
        filters={INVOICE_FILTERS}
        getRowId={getRowId}
        rowLabel={rowLabel}
        rowMenu={rowMenu}
        defaultOrder={INVOICE_DEFAULT_ORDER}
        searchPlaceholder={INVOICE_SEARCH_PLACEHOLDER}
        queryKeys={INVOICE_QUERY_KEYS}
        rowHeight={52}
      />
      {picker}
    </div>
  );
}

/** /accounts/{accountId}/invoices. */
export function InvoicesListScreen() {
  const { accountId } = useCurrentScope();
  if (!accountId) return null;
  return <InvoicesList key={accountId} accountId={accountId} />;
}
