import { addDays, dueDateFor, INVOICE_MESSAGES } from '@domain/invoices';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp, type ServerCall } from './app-harness';
import { DRAFT, INVOICE_MANAGER, INVOICES_PATH, type InvoicesApiOptions, invoicesApi, PAID } from './invoices-fixtures';
import { giveTablesAHeight } from './table-viewport';

// The Add Invoice and Edit Invoice form (issue 25; spec 3, sections 2.12, 4 and 5): the three accordions, the
// defaults and the due date, every message on its field, the first field in error focused, the multipart body with
// the amount's dot and the PDF under its own name, the saving pattern and the way back to the list, and the permissions.

const today = dayjs().format('YYYY-MM-DD');
const day = (value: string) => dayjs(value).format('DD MMM YYYY');

function renderForm(
  path: string,
  { permissions = INVOICE_MANAGER, ...api }: { permissions?: string[] } & InvoicesApiOptions = {},
) {
  const fake = invoicesApi(api);
  const app = renderApp({ path, session: { permissions }, server: fake.server });
  return { ...app, ...fake };
}

const field = (name: RegExp | string) => screen.getByRole('textbox', { name });
const setDate = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const pdf = (name = 'march.pdf', bytes = '%PDF-1.7 test') => new File([bytes], name, { type: 'application/pdf' });
const drop = (file: File) =>
  fireEvent.drop(screen.getByRole('group', { name: /Invoice document/ }), { dataTransfer: { files: [file] } });
const fileOf = (call: ServerCall) => (call.body as FormData).get('invoice') as File | null;

beforeEach(giveTablesAHeight);
afterEach(() => vi.restoreAllMocks());

describe('Add Invoice', () => {
  it('opens with the three sections, today as issuing date, the due date 10 days later and EUR', async () => {
    renderForm(`${INVOICES_PATH}/new`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Invoice' })).toBeInTheDocument();
    for (const section of ['Basic information', 'Invoicing information', 'Upload document']) {
      expect(screen.getByRole('button', { name: section })).toHaveAttribute('aria-expanded', 'true');
    }
    expect(screen.getByLabelText(/^Issuing date/)).toHaveValue(today);
    expect(screen.getByLabelText(/^Issuing date/)).toHaveAttribute('min', today);
    const due = field(/^Due date/);
    expect(due).toHaveValue(day(dueDateFor(today)));
    expect(due).toHaveAttribute('readonly');
    expect(due).toHaveAccessibleDescription(INVOICE_MESSAGES.dueDateInfo);
    expect(screen.getByRole('combobox', { name: /^Currency/ })).toHaveValue('EUR');
    expect(field(/^Invoice number/)).toHaveFocus();
  });

  it('explains the invoice number and the number of payments in tooltips', async () => {
    const { user } = renderForm(`${INVOICES_PATH}/new`);
    await screen.findByRole('heading', { level: 1, name: 'Add Invoice' });
    await user.hover(screen.getByRole('button', { name: 'About the invoice number' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(INVOICE_MESSAGES.numberTooltip);
    await user.unhover(screen.getByRole('button', { name: 'About the invoice number' }));
    await user.hover(screen.getByRole('button', { name: 'About the number of payments' }));
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent(INVOICE_MESSAGES.paymentsTooltip));
  });

  it('refuses an empty form: every required field says so, the first takes the focus, nothing is sent', async () => {
    const { user, writes } = renderForm(`${INVOICES_PATH}/new`);
    await screen.findByRole('heading', { level: 1, name: 'Add Invoice' });
    await user.click(screen.getByRole('button', { name: 'Basic information' }));
    expect(screen.getByRole('button', { name: 'Basic information' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Form not validated')).toBeInTheDocument();
    // The first section with a message opens again and its first field takes the focus.
    expect(screen.getByRole('button', { name: 'Basic information' })).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(field(/^Invoice number/)).toHaveFocus());
    expect(field(/^Invoice number/)).toHaveAccessibleDescription('Required field');
    expect(field(/^Number of payments/)).toHaveAccessibleDescription('Required field');
    expect(field(/^Amount/)).toHaveAccessibleDescription(/Required field/);
    expect(screen.getByRole('button', { name: 'Choose file' })).toHaveAccessibleDescription(/Required field/);
    expect(writes).toEqual([]);
  });

  it("shows each of the spec's messages on its field", async () => {
    const { user } = renderForm(`${INVOICES_PATH}/new`);
    await screen.findByRole('heading', { level: 1, name: 'Add Invoice' });
    await user.type(field(/^Invoice number/), 'INV-1');
    expect(field(/^Invoice number/)).toHaveAccessibleDescription(INVOICE_MESSAGES.numberCharacters);
    await user.clear(field(/^Invoice number/));
    await user.type(field(/^Invoice number/), 'A'.repeat(21));
    expect(field(/^Invoice number/)).toHaveAccessibleDescription(INVOICE_MESSAGES.numberMax);
    await user.type(field(/^Number of payments/), '12a');
    expect(field(/^Number of payments/)).toHaveAccessibleDescription(INVOICE_MESSAGES.paymentsDigits);
    await user.type(field(/^Amount/), '12.50');
    expect(field(/^Amount/)).toHaveAccessibleDescription(new RegExp(INVOICE_MESSAGES.amountInvalid));
    setDate(/^From/, addDays(today, 3));
    expect(screen.getByLabelText(/^From/)).toHaveAccessibleDescription(INVOICE_MESSAGES.fromAfterIssuing);
    setDate(/^From/, addDays(today, -2));
    setDate(/^To/, addDays(today, -5));
    expect(screen.getByLabelText(/^From/)).toHaveAccessibleDescription(INVOICE_MESSAGES.fromAfterTo);
    expect(screen.getByLabelText(/^To/)).toHaveAccessibleDescription(INVOICE_MESSAGES.toBeforeFrom);
    setDate(/^Issuing date/, addDays(today, -1));
    expect(screen.getByLabelText(/^Issuing date/)).toHaveAccessibleDescription(INVOICE_MESSAGES.issuingInPast);
    drop(new File(['PK'], 'invoice.docx'));
    expect(screen.getByRole('button', { name: 'Replace file' })).toHaveAccessibleDescription(
      new RegExp(INVOICE_MESSAGES.file),
    );
  });

  it('saves: multipart with the amount in dots and the PDF under its own name, then back to the list', async () => {
    const { user, writes, currentPath } = renderForm(`${INVOICES_PATH}/new`);
    await screen.findByRole('heading', { level: 1, name: 'Add Invoice' });
    await user.type(field(/^Invoice number/), 'INV2026099');
    await user.type(field(/^Number of payments/), '1520');
    await user.type(field(/^Amount/), '1234,5');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Currency/ }), 'USD');
    setDate(/^From/, addDays(today, -30));
    setDate(/^To/, addDays(today, -1));
    drop(pdf());
    const zone = screen.getByRole('group', { name: /Invoice document/ });
    expect(zone).toHaveTextContent('march.pdf');
    expect(zone).toHaveTextContent('13 bytes');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    const body = writes[0]!.body as FormData;
    expect(writes[0]!.method).toBe('POST');
    expect(Object.fromEntries([...body.entries()].filter(([name]) => name !== 'invoice'))).toEqual({
      number: 'INV2026099',
      issuingDate: today,
      paymentsAmount: '1520',
      amount: '1234.5',
      currency: 'USD',
      timePeriodFrom: addDays(today, -30),
      timePeriodTo: addDays(today, -1),
    });
    expect(fileOf(writes[0]!)?.name).toBe('march.pdf');
    await waitFor(() => expect(currentPath()).toBe(INVOICES_PATH));
    expect(await screen.findByText('Created successfully')).toBeInTheDocument();
  });

  it('lets the user remove a chosen file and shows the server field messages on their fields', async () => {
    const { user, writes } = renderForm(`${INVOICES_PATH}/new`, {
      refuse: () =>
        json(409, {
          statusCode: 409,
          error: 'invoice-number-taken',
          message: 'Taken',
          fields: { number: 'This invoice number is already used' },
        }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Add Invoice' });
    drop(pdf('first.pdf'));
    await user.click(screen.getByRole('button', { name: 'Remove file' }));
    expect(screen.getByRole('group', { name: /Invoice document/ })).not.toHaveTextContent('first.pdf');
    await user.type(field(/^Invoice number/), 'INV2026001');
    await user.type(field(/^Number of payments/), '3');
    await user.type(field(/^Amount/), '10');
    setDate(/^From/, today);
    setDate(/^To/, today);
    drop(pdf());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    await waitFor(() =>
      expect(field(/^Invoice number/)).toHaveAccessibleDescription('This invoice number is already used'),
    );
    await waitFor(() => expect(field(/^Invoice number/)).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Save' })).toBeVisible();
  });

  it('asks before discarding changes on Cancel', async () => {
    const { user, currentPath } = renderForm(`${INVOICES_PATH}/new`);
    await screen.findByRole('heading', { level: 1, name: 'Add Invoice' });
    await user.type(field(/^Invoice number/), 'INV1');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to cancel? Your changes will be lost.',
    });
    expect(within(dialog).getByRole('button', { name: 'Continue creating' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(currentPath()).toBe(INVOICES_PATH));
  });

  it('is not found without invoice.create', async () => {
    renderForm(`${INVOICES_PATH}/new`, { permissions: ['invoice.read', 'invoice.update'] });
    expect(
      await screen.findByRole('heading', { level: 1, name: "Oops! Sorry, we can't find that page" }),
    ).toBeInTheDocument();
  });
});

describe('Edit Invoice', () => {
  it('edits a draft: its document by name, the file optional, without-changes, then a PATCH with the version', async () => {
    const { user, writes, currentPath } = renderForm(`${INVOICES_PATH}/edit/${DRAFT.invoiceId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Invoice' })).toBeInTheDocument();
    await waitFor(() => expect(field(/^Invoice number/)).toHaveValue(DRAFT.number));
    expect(field(/^Amount/)).toHaveValue('1234,50');
    expect(screen.getByRole('group', { name: /Invoice document/ })).toHaveTextContent(DRAFT.documentName);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("You haven't made any changes")).toBeInTheDocument();
    await user.clear(field(/^Amount/));
    await user.type(field(/^Amount/), '99,9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    const body = writes[0]!.body as FormData;
    expect(writes[0]!.method).toBe('PATCH');
    expect(body.get('amount')).toBe('99.9');
    expect(body.get('version')).toBe('1');
    expect(fileOf(writes[0]!)).toBeNull();
    await waitFor(() => expect(currentPath()).toBe(INVOICES_PATH));
  });

  it('tells the user a published invoice can no longer be edited', async () => {
    renderForm(`${INVOICES_PATH}/edit/${PAID.invoiceId}`);
    expect(await screen.findByText(/only a draft can be edited/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('is not found without invoice.update', async () => {
    renderForm(`${INVOICES_PATH}/edit/${DRAFT.invoiceId}`, { permissions: ['invoice.read', 'invoice.create'] });
    expect(
      await screen.findByRole('heading', { level: 1, name: "Oops! Sorry, we can't find that page" }),
    ).toBeInTheDocument();
  });
});
