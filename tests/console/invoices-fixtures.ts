import type { InvoiceDetail } from '@domain/contract/invoices';
import type { InvoiceStatus } from '@domain/invoices';
import { ACCOUNT_ID, json, type ServerCall } from './app-harness';
import { accountFixture } from './configuration-fixtures';

// Invoices of the test account and a fake of the invoice calls (spec 3, section 7): the list, one invoice, the status
// change (a compare-and-set on expectedStatus), the delete, the document and its file, the template.

export const INVOICES_PATH = `/accounts/${ACCOUNT_ID}/invoices`;
export const INVOICE_MANAGER = [
  'invoice.read',
  'invoice.select',
  'invoice.create',
  'invoice.update',
  'invoice.delete',
  'invoice.download',
  'invoice.template.download',
];

const id = (n: number) => `1a000000-0000-4000-8000-00000000000${n}`;

export function invoiceFixture(
  n: number,
  status: InvoiceStatus,
  overrides: Partial<InvoiceDetail> = {},
): InvoiceDetail {
  return {
    invoiceId: id(n),
    accountId: ACCOUNT_ID,
    status,
    number: `INV2026${String(n).padStart(3, '0')}`,
    issuingDate: '2026-03-01',
    dueDate: '2026-03-11',
    timePeriodFrom: '2026-02-01',
    timePeriodTo: '2026-02-28',
    paymentsAmount: 1520,
    amount: '1234.50',
    currency: 'EUR',
    money: { amount: 123450, currency: 'EUR' },
    documentName: `invoice-${n}.pdf`,
    documentSize: 2048,
    error: null,
    createdDate: '2026-03-01T09:00:00.000Z',
    modifiedDate: '2026-03-01T09:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export const DRAFT = invoiceFixture(1, 'DRAFT');
export const PENDING = invoiceFixture(2, 'PENDING');
export const PAID = invoiceFixture(3, 'PAID', { money: { amount: 99000, currency: 'USD' }, currency: 'USD' });
export const CANCELLED = invoiceFixture(4, 'CANCELLED');

export interface InvoicesApiOptions {
  invoices?: InvoiceDetail[];
  /** Answers a write instead of the fake (a 409, a failure). */
  refuse?: (call: ServerCall) => Response | undefined;
}

export function invoicesApi({ invoices = [DRAFT, PENDING, PAID, CANCELLED], refuse }: InvoicesApiOptions = {}) {
  const rows = invoices.map((invoice) => ({ ...invoice }));
  const listCalls: ServerCall[] = [];
  const writes: ServerCall[] = [];
  const base = `/account/${ACCOUNT_ID}/invoice`;
  const server = (call: ServerCall): Response | undefined => {
    if (call.path === `/account/${ACCOUNT_ID}`) return json(200, accountFixture());
    if (call.path === base && call.method === 'GET') {
      listCalls.push(call);
      const statuses = call.search.getAll('status[]');
      const search = call.search.get('search') ?? '';
      const items = rows.filter(
        (row) => (statuses.length === 0 || statuses.includes(row.status)) && row.number.includes(search),
      );
      return json(200, { count: items.length, total: items.length, items });
    }
    const match = call.path.match(/^\/account\/[^/]+\/invoice\/([^/]+)(\/document(\/file)?)?$/);
    const row = match ? rows.find((candidate) => candidate.invoiceId === match[1]) : undefined;
    if (call.method !== 'GET') {
      writes.push(call);
      const refused = refuse?.(call);
      if (refused) return refused;
    }
    if (call.path === base && call.method === 'POST') {
      return json(201, { invoiceId: id(9), version: 1 });
    }
    if (!match) return undefined;
    if (!row) return json(404, { statusCode: 404, error: 'resource-not-found', message: 'Not found' });
    if (match[3])
      return new Response('%PDF-1.7 bytes', { status: 200, headers: { 'content-type': 'application/pdf' } });
    if (match[2])
      return json(200, { url: `${base}/${row.invoiceId}/document/file?link=abc`, fileName: row.documentName });
    if (call.method === 'GET') return json(200, row);
    if (call.method === 'DELETE') {
      rows.splice(rows.indexOf(row), 1);
      return new Response(null, { status: 204 });
    }
    if (call.method === 'PATCH' && !(call.body instanceof FormData)) {
      const body = call.body as { status: InvoiceStatus; expectedStatus: InvoiceStatus };
      if (body.expectedStatus !== row.status) {
        return json(409, { statusCode: 409, error: 'invoice-status-changed', message: 'Changed' });
      }
      row.status = body.status;
      return json(200, row);
    }
    if (call.method === 'PATCH') return json(200, row);
    return undefined;
  };
  return { server, listCalls, writes, rows };
}
