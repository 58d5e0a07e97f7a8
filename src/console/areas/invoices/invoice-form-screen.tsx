import { useCurrentScope } from '@console/app/current-scope';
import type { EditorMode } from '@console/forms/use-saving-pattern';
import { useApi } from '@console/session/session-provider';
import { listLocation } from '@console/table/list-memory';
import { Banner } from '@console/ui/banner';
import { DetailsLoadError } from '@console/ui/empty-state';
import { PageHeader } from '@console/ui/page-header';
import { LoadingBlock } from '@console/ui/spinner';
import { INVOICE_STATUS_LABELS, isDraft } from '@domain/invoices';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { INVOICE_SUBTITLE, InvoiceEditor } from './invoice-editor';
import { invoicesPath } from './invoices-paths';
import { fetchInvoice, invoiceQueryKey } from './invoices-queries';
import './invoices.css';

// The Add Invoice and Edit Invoice screens (spec 3, section 2.12). The routes need invoice.create and invoice.update
// (app/screens.tsx: otherwise not-found). Edit loads the invoice; only a draft can be edited, so a published one says
// so instead of showing a form the server would refuse.

/** /accounts/{accountId}/invoices/new */
export const NewInvoiceScreen = () => <InvoiceFormScreen mode="new" />;
/** /accounts/{accountId}/invoices/edit/{invoiceId} */
export const EditInvoiceScreen = () => <InvoiceFormScreen mode="edit" />;

function InvoiceFormScreen({ mode }: { mode: EditorMode }) {
  const api = useApi();
  const { accountId } = useCurrentScope();
  const { invoiceId } = useParams<{ invoiceId?: string }>();
  const source = useQuery({
    queryKey: invoiceQueryKey(accountId ?? '', invoiceId ?? ''),
    queryFn: ({ signal }) => fetchInvoice(api, accountId ?? '', invoiceId ?? '', signal),
    enabled: mode === 'edit' && accountId !== undefined && invoiceId !== undefined,
  });
  if (!accountId) return null;
  if (mode === 'new') return <InvoiceEditor mode="new" accountId={accountId} />;
  const invoice = source.data;
  if (invoice && isDraft(invoice.status)) {
    return <InvoiceEditor key={invoice.version} mode="edit" accountId={accountId} invoice={invoice} />;
  }
  const back = listLocation(invoicesPath(accountId));
  return (
    <div className="screen">
      <PageHeader
        title="Edit Invoice"
        subtitle={INVOICE_SUBTITLE}
        back={{ href: back, label: 'Back to Billing & Invoicing' }}
      />
      {invoice ? (
        <Banner
          type="warning"
          header={`Invoice ${invoice.number} is ${INVOICE_STATUS_LABELS[invoice.status].toLowerCase()}: only a draft can be edited`}
          content="A published invoice has been sent and its data can no longer change; its status changes from the list."
        >
          <Link href={back} className="invoice-form__back">
            Back to Billing & Invoicing
          </Link>
        </Banner>
      ) : source.isError ? (
        <DetailsLoadError onRetry={() => void source.refetch()} />
      ) : (
        <LoadingBlock label="Loading invoice…" />
      )}
    </div>
  );
}
