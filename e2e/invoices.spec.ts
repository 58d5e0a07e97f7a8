import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { type ApiSession, apiSignInAdmin, lumenAccountIdOf, PROVIDER_ADMIN, signInAdmin } from './support/console';
import { activeRowOf } from './support/keyboard';
import { expect, test } from './support/test';

// Billing & Invoicing (issue 25): by mouse, provider staff add an invoice with a PDF, publish it, set it PAID and
// download it, and the bytes are the upload's; by keyboard, they cancel an invoice and its download disappears. axe on
// the list, the form and the modals. Each journey makes its own invoices (numbers unique per run) and prepares them
// through the API before the browser signs in, since an API sign-in of the same user ends the browser's session.

const invoicesGrid = (page: Page) => page.getByRole('grid', { name: 'Billing & Invoicing' });
const uniqueNumber = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}`.slice(0, 20);

/** 'YYYY-MM-DD' of today plus `days`, in the machine's time zone (the browser's too). */
function localDay(days = 0): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A real PDF the server accepts: the blank invoice template it draws itself. */
async function templatePdf(request: APIRequestContext, session: ApiSession): Promise<Buffer> {
  const headers = { authorization: `Bearer ${session.token}` };
  const link = (await (await request.get('/api/invoice-template', { headers })).json()) as { file: string };
  const file = await request.get(`/api${link.file}`, { headers });
  expect(file.ok()).toBe(true);
  return Buffer.from(await file.body());
}

/** A published (PENDING) invoice of Lumen, made through the API. */
async function pendingInvoiceByApi(request: APIRequestContext, session: ApiSession, number: string, pdf: Buffer) {
  const accountId = lumenAccountIdOf(session);
  const headers = { authorization: `Bearer ${session.token}` };
  const created = await request.post(`/api/account/${accountId}/invoice`, {
    headers,
    multipart: {
      number,
      issuingDate: localDay(),
      paymentsAmount: '42',
      amount: '250.00',
      currency: 'EUR',
      timePeriodFrom: localDay(-30),
      timePeriodTo: localDay(-1),
      invoice: { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: pdf },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { invoiceId } = (await created.json()) as { invoiceId: string };
  const published = await request.patch(`/api/account/${accountId}/invoice/${invoiceId}`, {
    headers,
    data: { status: 'PENDING', expectedStatus: 'DRAFT', modalIsConfirmed: false },
  });
  expect(published.ok(), await published.text()).toBe(true);
  return { accountId, invoiceId };
}

test('by mouse, an invoice is added with its PDF, published, set PAID and downloaded byte for byte', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await apiSignInAdmin(request);
  const accountId = lumenAccountIdOf(session);
  const pdf = await templatePdf(request, session);
  const number = uniqueNumber('MOUSE');

  await signInAdmin(page, PROVIDER_ADMIN);
  await page.goto(`/accounts/${accountId}/merchants`);
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: /Billing & Invoicing/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing & Invoicing' })).toBeVisible();
  await expect(invoicesGrid(page)).toBeVisible();
  await expectNoSeriousViolations(page, 'invoices list');

  await page.getByRole('button', { name: 'Add invoice' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Invoice' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Due date/ })).not.toHaveValue('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Form not validated')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Invoice number/ })).toBeFocused();
  await expectNoSeriousViolations(page, 'add invoice form with errors');
  await page.getByRole('textbox', { name: /^Invoice number/ }).fill(number);
  await page.getByRole('textbox', { name: /^Number of payments/ }).fill('1520');
  await page.getByRole('textbox', { name: /^Amount/ }).fill('1234,56');
  await page.getByLabel(/^From/).fill(localDay(-30));
  await page.getByLabel(/^To/).fill(localDay(-1));
  await page.getByLabel('Invoice document', { exact: true }).setInputFiles({
    name: 'march-invoice.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  await expect(page.getByRole('group', { name: /Invoice document/ })).toContainText('march-invoice.pdf');
  await expectNoSeriousViolations(page, 'add invoice form');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing & Invoicing' })).toBeVisible();

  await page.getByRole('combobox', { name: /Billing & Invoicing/ }).fill(number);
  const row = invoicesGrid(page).getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText('Draft');
  await expect(row).toContainText('1.234,56 EUR');
  await expect(row).toContainText('march-invoice.pdf');

  await row.getByRole('button', { name: `Actions for Invoice ${number}` }).click();
  await page.getByRole('menuitem', { name: /^Publish/ }).click();
  const publish = page.getByRole('dialog', { name: `Publish invoice ${number}?` });
  await expect(publish).toBeVisible();
  await expectNoSeriousViolations(page, 'publish confirmation');
  await publish.getByRole('button', { name: 'Publish' }).click();
  const status = row.getByRole('combobox', { name: `Status of invoice ${number}` });
  await expect(status).toHaveValue('PENDING');

  await status.selectOption('PAID');
  await expect(status).toHaveValue('PAID');
  await expect(page.getByText(`Invoice ${number} is now Paid`)).toBeVisible();

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: new RegExp(`^Download invoice ${number}`) }).click();
  const download = await downloading;
  // The file goes under the user's own name, which the document keeps (README, Billing and invoicing).
  expect(download.suggestedFilename()).toBe('march-invoice.pdf');
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  expect(Buffer.compare(await readFile(path), pdf)).toBe(0);
});

test('by keyboard, an invoice is cancelled after the confirmation and its download disappears', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await apiSignInAdmin(request);
  const number = uniqueNumber('KEYS');
  const { accountId } = await pendingInvoiceByApi(request, session, number, await templatePdf(request, session));

  await signInAdmin(page, PROVIDER_ADMIN);
  await page.goto(`/accounts/${accountId}/merchants`);
  await expect(page.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
  const { keyboard } = page;
  await keyboard.press('g');
  await keyboard.press('n');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing & Invoicing' })).toBeVisible();

  // '/' searches; Escape hands the keys back to the rows, the first one active.
  await keyboard.press('/');
  await keyboard.type(number);
  const grid = invoicesGrid(page);
  const row = grid.getByRole('row', { name: new RegExp(number) });
  await expect(row).toBeVisible();
  await expect(grid.getByRole('row')).toHaveCount(2);
  await keyboard.press('Escape');
  await expect(activeRowOf(grid)).toContainText(number);
  await expect(row.getByRole('button', { name: new RegExp(`^Download invoice ${number}`) })).toBeVisible();

  await keyboard.press('s');
  const picker = page.getByRole('dialog', { name: 'Change status' });
  await expect(picker).toBeVisible();
  await expectNoSeriousViolations(page, 'change status picker');
  await keyboard.type('cancel');
  await keyboard.press('Enter');
  const confirmation = page.getByRole('dialog', { name: `Cancel invoice ${number}?` });
  await expect(confirmation).toContainText('irreversible');
  await expect(confirmation).toContainText('can no longer be downloaded');
  await expectNoSeriousViolations(page, 'cancel confirmation');
  // The confirm button holds the focus: Enter cancels the invoice.
  await keyboard.press('Enter');
  await expect(confirmation).toBeHidden();

  await expect(row).toContainText('Cancelled');
  await expect(row.getByRole('combobox')).toHaveCount(0);
  await expect(row.getByRole('button', { name: new RegExp(`^Download invoice ${number}`) })).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Actions for Invoice ${number}` })).toHaveCount(0);
  // d finds nothing to download on a cancelled invoice.
  await keyboard.press('d');
  await expect(page.getByText('Download failed')).toHaveCount(0);
});
