import { INVOICE_MESSAGES } from '@domain/invoices';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from './activity-fixtures';
import { json, renderApp } from './app-harness';
import {
  CANCELLED,
  DRAFT,
  INVOICE_MANAGER,
  INVOICES_PATH,
  type InvoicesApiOptions,
  invoicesApi,
  PAID,
  PENDING,
} from './invoices-fixtures';
import { giveTablesAHeight } from './table-viewport';

// Billing & Invoicing (issue 25; spec 3, sections 2.12, 4, 6 and 8): the columns and order, the status dropdown and
// its CANCELLED confirmation, the 409 answer, the row menu by status and permission, the toolbar, the row's keys.

function renderInvoices({
  permissions = INVOICE_MANAGER,
  ...api
}: { permissions?: string[] } & InvoicesApiOptions = {}) {
  const fake = invoicesApi(api);
  const app = renderApp({ path: INVOICES_PATH, session: { permissions }, server: fake.server });
  return { ...app, ...fake };
}

const grid = () => screen.findByRole('grid', { name: 'Billing & Invoicing' });
const rowOf = (number: string) => screen.getByRole('row', { name: new RegExp(number) });
const menuOf = (number: string) => screen.queryByRole('button', { name: `Actions for Invoice ${number}` });

beforeEach(giveTablesAHeight);
afterEach(() => vi.restoreAllMocks());

describe('the invoices list', () => {
  it('shows the invoice columns, newest issuing date first, money in the spec style', async () => {
    const { listCalls } = renderInvoices();
    const table = await grid();
    await within(table).findByText(PENDING.number);
    expect(screen.getByRole('heading', { level: 1, name: 'Billing & Invoicing' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent?.replace(/[▲▼↕]/g, ''))
        .filter(Boolean),
    ).toEqual([
      'Invoice number',
      'Status',
      'Issuing date',
      'Due date',
      'Period',
      'Payments',
      'Amount',
      'Document',
      'Actions',
    ]);
    expect(listCalls.at(-1)!.search.get('order')).toBe('-issuingDate');
    const row = rowOf(PENDING.number);
    expect(row).toHaveTextContent('01 Mar 2026');
    expect(row).toHaveTextContent('11 Mar 2026');
    expect(row).toHaveTextContent('01 Feb 2026 – 28 Feb 2026');
    expect(row).toHaveTextContent('1.520');
    expect(row).toHaveTextContent('1.234,50 EUR');
    expect(rowOf(PAID.number)).toHaveTextContent('990,00 USD');
    expect(screen.getByRole('button', { name: 'Add invoice' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download template' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Billing & Invoicing/ })).toHaveAttribute('aria-current', 'page');
  });

  it('sends the status filter as status[] and the time period as days', async () => {
    const fake = invoicesApi();
    renderApp({
      path: `${INVOICES_PATH}?status=PAID&status=OVERDUE&timePeriod=2026-02-01..2026-02-28`,
      session: { permissions: INVOICE_MANAGER },
      server: fake.server,
    });
    await within(await grid()).findByText(PAID.number);
    const query = fake.listCalls.at(-1)!.search;
    expect(query.getAll('status[]')).toEqual(['PAID', 'OVERDUE']);
    expect(query.get('timePeriodFrom')).toBe('2026-02-01');
    expect(query.get('timePeriodTo')).toBe('2026-02-28');
  });

  it('takes a typed query in its search box: status and period set their filters, the rest stays the search', async () => {
    const { user, listCalls } = renderInvoices();
    await within(await grid()).findByText(PAID.number);
    const box = screen.getByRole('combobox', { name: 'Search Billing & Invoicing' });
    await user.type(box, '-status:draft,cancelled period:2026-02-01..2026-02-28 INV{Enter}');
    await waitFor(() =>
      expect(listCalls.at(-1)!.search.getAll('status[]')).toEqual(['PENDING', 'PAID', 'CLAIMED', 'OVERDUE']),
    );
    const query = listCalls.at(-1)!.search;
    expect(query.get('timePeriodFrom')).toBe('2026-02-01');
    expect(query.get('timePeriodTo')).toBe('2026-02-28');
    expect(query.get('search')).toBe('INV');
    expect(box).toHaveValue('INV');
  });

  it('says why a typed query is wrong and applies nothing', async () => {
    const { user, listCalls } = renderInvoices();
    await within(await grid()).findByText(PAID.number);
    const calls = listCalls.length;
    const box = screen.getByRole('combobox', { name: 'Search Billing & Invoicing' });
    await user.type(box, 'status:payed{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(/payed/i);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(listCalls.length).toBe(calls);
  });

  it('says so when the account has no invoices', async () => {
    renderInvoices({ invoices: [] });
    expect(await screen.findByText('There are no items on this list')).toBeInTheDocument();
  });
});

describe('the status dropdown', () => {
  it('offers the other statuses of a published invoice; a draft and a cancelled one show a badge', async () => {
    renderInvoices();
    await within(await grid()).findByText(PENDING.number);
    const dropdown = screen.getByRole('combobox', { name: `Status of invoice ${PENDING.number}` });
    expect(
      within(dropdown)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Pending', 'Paid', 'Claimed', 'Overdue', 'Cancelled']);
    expect(dropdown).toHaveValue('PENDING');
    expect(screen.queryByRole('combobox', { name: `Status of invoice ${DRAFT.number}` })).not.toBeInTheDocument();
    expect(rowOf(DRAFT.number)).toHaveTextContent('Draft');
    expect(screen.queryByRole('combobox', { name: `Status of invoice ${CANCELLED.number}` })).not.toBeInTheDocument();
  });

  it('sends the change with the status the user saw', async () => {
    const { user, writes } = renderInvoices();
    await within(await grid()).findByText(PENDING.number);
    await user.selectOptions(screen.getByRole('combobox', { name: `Status of invoice ${PENDING.number}` }), 'PAID');
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toEqual({ status: 'PAID', expectedStatus: 'PENDING', modalIsConfirmed: false });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: `Status of invoice ${PENDING.number}` })).toHaveValue('PAID'),
    );
  });

  it('asks before cancelling: irreversible and no more download; keeping it sends nothing', async () => {
    const { user, writes } = renderInvoices();
    await within(await grid()).findByText(PENDING.number);
    const dropdown = screen.getByRole('combobox', { name: `Status of invoice ${PENDING.number}` });
    await user.selectOptions(dropdown, 'CANCELLED');
    const dialog = await screen.findByRole('dialog', { name: `Cancel invoice ${PENDING.number}?` });
    expect(dialog).toHaveTextContent(INVOICE_MESSAGES.cancelConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(dropdown).toHaveValue('PENDING'));
    expect(writes).toEqual([]);

    await user.selectOptions(dropdown, 'CANCELLED');
    await user.click(
      within(await screen.findByRole('dialog', { name: /Cancel invoice/ })).getByRole('button', {
        name: 'Cancel invoice',
      }),
    );
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toEqual({ status: 'CANCELLED', expectedStatus: 'PENDING', modalIsConfirmed: true });
    // A cancelled invoice's file can no longer be downloaded: the dropdown and the Download go.
    await waitFor(() =>
      expect(screen.queryByRole('combobox', { name: `Status of invoice ${PENDING.number}` })).not.toBeInTheDocument(),
    );
    expect(menuOf(PENDING.number)).not.toBeInTheDocument();
  });

  it('tells the user when another user changed the status first, and reads the list again', async () => {
    const { user, listCalls } = renderInvoices({
      refuse: () => json(409, { statusCode: 409, error: 'invoice-status-changed', message: 'Changed' }),
    });
    await within(await grid()).findByText(PENDING.number);
    const before = listCalls.length;
    await user.selectOptions(screen.getByRole('combobox', { name: `Status of invoice ${PENDING.number}` }), 'PAID');
    expect(await screen.findByText('The status has changed')).toBeInTheDocument();
    await waitFor(() => expect(listCalls.length).toBeGreaterThan(before));
  });

  it("says 'Update status failed' when the change fails", async () => {
    const { user } = renderInvoices({
      refuse: () => json(400, { statusCode: 400, error: 'bad', message: 'Bad' }),
    });
    await within(await grid()).findByText(PENDING.number);
    await user.selectOptions(screen.getByRole('combobox', { name: `Status of invoice ${PENDING.number}` }), 'PAID');
    expect(await screen.findByText('Update status failed')).toBeInTheDocument();
  });
});

describe('the row menu and the toolbar', () => {
  it('offers Publish, Review, Edit and Delete for a draft, Download for the others, nothing for a cancelled one', async () => {
    const { user } = renderInvoices();
    await within(await grid()).findByText(DRAFT.number);
    await user.click(menuOf(DRAFT.number)!);
    expect(
      within(await screen.findByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent?.replace(/[A-Za-z⌫]+$/, '')),
    ).toHaveLength(4);
    for (const name of ['Publish', 'Review', 'Edit', 'Delete']) {
      expect(screen.getByRole('menuitem', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    }
    await user.keyboard('{Escape}');
    await user.click(menuOf(PAID.number)!);
    expect(within(await screen.findByRole('menu')).getAllByRole('menuitem')).toHaveLength(1);
    expect(screen.getByRole('menuitem', { name: /^Download/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(menuOf(CANCELLED.number)).not.toBeInTheDocument();
  });

  it('publishes a draft after the confirmation', async () => {
    const { user, writes } = renderInvoices();
    await within(await grid()).findByText(DRAFT.number);
    await user.click(menuOf(DRAFT.number)!);
    await user.click(await screen.findByRole('menuitem', { name: /^Publish/ }));
    const dialog = await screen.findByRole('dialog', { name: `Publish invoice ${DRAFT.number}?` });
    expect(dialog).toHaveTextContent(INVOICE_MESSAGES.publishConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toEqual({ status: 'PENDING', expectedStatus: 'DRAFT', modalIsConfirmed: false });
    expect(await screen.findByRole('combobox', { name: `Status of invoice ${DRAFT.number}` })).toHaveValue('PENDING');
  });

  it('deletes a draft after the confirmation', async () => {
    const { user, writes } = renderInvoices();
    await within(await grid()).findByText(DRAFT.number);
    await user.click(menuOf(DRAFT.number)!);
    await user.click(await screen.findByRole('menuitem', { name: /^Delete/ }));
    const dialog = await screen.findByRole('dialog', { name: `Delete invoice ${DRAFT.number}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes.map((call) => call.method)).toEqual(['DELETE']));
    await waitFor(() => expect(screen.queryByText(DRAFT.number)).not.toBeInTheDocument());
  });

  it('downloads a published invoice and reviews a draft through their links', async () => {
    const downloads = captureDownloads();
    const { user } = renderInvoices();
    await within(await grid()).findByText(PAID.number);
    await user.click(screen.getByRole('button', { name: `Download invoice ${PAID.number}: ${PAID.documentName}` }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.fileName).toBe(PAID.documentName);
    expect(await downloads[0]!.blob.text()).toBe('%PDF-1.7 bytes');
    await user.click(menuOf(DRAFT.number)!);
    await user.click(await screen.findByRole('menuitem', { name: /^Review/ }));
    await waitFor(() => expect(downloads.map((download) => download.fileName)).toContain(DRAFT.documentName));
    // A cancelled invoice's document is its name alone.
    expect(rowOf(CANCELLED.number)).toHaveTextContent(CANCELLED.documentName);
    expect(screen.queryByRole('button', { name: new RegExp(`invoice ${CANCELLED.number}`) })).not.toBeInTheDocument();
  });

  it("says 'Download failed' when the document cannot be had", async () => {
    captureDownloads();
    const fake = invoicesApi();
    const { user } = renderApp({
      path: INVOICES_PATH,
      session: { permissions: INVOICE_MANAGER },
      server: (call) =>
        call.path.endsWith('/document') ? json(500, { statusCode: 500, error: 'x', message: 'x' }) : fake.server(call),
    });
    await within(await grid()).findByText(PAID.number);
    await user.click(screen.getByRole('button', { name: new RegExp(`Download invoice ${PAID.number}`) }));
    expect(await screen.findByText('Download failed')).toBeInTheDocument();
  });

  it('gives a reader neither dropdown, menu nor toolbar buttons', async () => {
    renderInvoices({ permissions: ['invoice.read'] });
    await within(await grid()).findByText(PENDING.number);
    expect(screen.queryByRole('combobox', { name: /Status of invoice/ })).not.toBeInTheDocument();
    for (const invoice of [DRAFT, PENDING, PAID, CANCELLED]) expect(menuOf(invoice.number)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add invoice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download template' })).not.toBeInTheDocument();
    expect(rowOf(PENDING.number)).toHaveTextContent('Pending');
  });

  it('opens Add Invoice from its button', async () => {
    const { user, currentPath } = renderInvoices();
    await within(await grid()).findByText(PENDING.number);
    await user.click(screen.getByRole('button', { name: 'Add invoice' }));
    await waitFor(() => expect(currentPath()).toBe(`${INVOICES_PATH}/new`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Invoice' })).toBeInTheDocument();
  });
});

describe('the keyboard', () => {
  async function focusList() {
    const table = await grid();
    await within(table).findByText(DRAFT.number);
    table.focus();
    await waitFor(() => expect(table.querySelector('[aria-current="true"]')).not.toBeNull());
    return table;
  }

  it('s on the active row changes its status with the same confirmation for Cancelled', async () => {
    const { user, writes } = renderInvoices({ invoices: [PENDING, DRAFT] });
    await within(await grid()).findByText(PENDING.number);
    const table = await grid();
    table.focus();
    await user.keyboard('s');
    const picker = await screen.findByRole('dialog', { name: 'Change status' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Paid', 'Claimed', 'Overdue', 'Cancelled']);
    await user.keyboard('cancel{Enter}');
    const dialog = await screen.findByRole('dialog', { name: `Cancel invoice ${PENDING.number}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel invoice' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toEqual({ status: 'CANCELLED', expectedStatus: 'PENDING', modalIsConfirmed: true });
  });

  it('p publishes the active draft; n opens Add Invoice; the keys are in the ? sheet', async () => {
    const { user, writes, currentPath } = renderInvoices({ invoices: [DRAFT] });
    await focusList();
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: /Keyboard shortcuts/i });
    for (const title of [
      'Change invoice status',
      'Publish invoice',
      'Download invoice',
      'Edit invoice',
      'Add invoice',
    ]) {
      expect(within(sheet).getByText(title)).toBeInTheDocument();
    }
    expect(within(sheet).getByText('Go to Billing & Invoicing')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    (await grid()).focus();
    await user.keyboard('p');
    await user.click(
      within(await screen.findByRole('dialog', { name: /Publish invoice/ })).getByRole('button', { name: 'Publish' }),
    );
    await waitFor(() => expect(writes).toHaveLength(1));
    (await grid()).focus();
    await user.keyboard('n');
    await waitFor(() => expect(currentPath()).toBe(`${INVOICES_PATH}/new`));
  });

  it("'Find invoice…' in the palette finds a number of this account and opens the list on it, active", async () => {
    const { user, currentPath, location } = renderInvoices();
    await within(await grid()).findByText(PAID.number);
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.keyboard('find invoice');
    await user.click(await within(palette).findByRole('option', { name: /^Find invoice…/ }));
    await user.keyboard(PAID.number.slice(-4));
    await user.click(await within(palette).findByRole('option', { name: new RegExp(`^${PAID.number}`) }));
    await waitFor(() => expect(location.history.at(-1)).toBe(`${INVOICES_PATH}?search=${PAID.number}`));
    expect(currentPath()).toBe(INVOICES_PATH);
    await waitFor(() => expect(rowOf(PAID.number)).toHaveAttribute('aria-current', 'true'));
    expect(screen.queryByText(PENDING.number)).not.toBeInTheDocument();
  });
});
