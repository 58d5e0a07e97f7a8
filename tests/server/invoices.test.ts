import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  invoiceCreated,
  invoiceDetail,
  invoiceDocumentResponse,
  invoiceList,
  invoiceTemplateResponse,
} from '@domain/contract/invoices';
import { INVOICE_MESSAGES as M } from '@domain/invoices';
import { invoices, userActivity } from '@server/db/schema';
import { checkPdf, generateInvoicePdf, PDF_PROBLEM_TEXTS } from '@server/lib/pdf';
import { and, asc, eq } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, wordTemplate } from './helpers/dispute-files';
import {
  type AccountRow,
  authHeader,
  buildTestApp,
  createAccount,
  createUser,
  signedInAs,
  signIn,
  type TestApp,
} from './helpers/test-app';

// Invoices over the API (issue 25; spec 3, sections 2.12, 3, 4, 5, 6, 7 and 9): create with every rule and every bad
// file (nothing stored), the number unique per account under 20 parallel creates, the status life cycle as a
// compare-and-set (two parallel changes: one wins), drafts' edits and deletion, the document's short-lived link and
// its stream, the template, roles and tenants, and the audit entries.

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const TODAY = '2026-03-10';

let t: TestApp;
let dataDir: string;
let documentsDir: string;
let account: AccountRow;
let other: AccountRow;
const tokens: Record<string, string> = {};
let pdf: Buffer;

const api = (url: string) => `/api${url}`;
const call = (method: 'GET' | 'DELETE', url: string, token = tokens.staff!) =>
  t.app.inject({ method, url: api(url), headers: authHeader(token) });
const patchStatus = (invoiceId: string, body: object, token = tokens.staff!, accountId = account.id) =>
  t.app.inject({
    method: 'PATCH',
    url: api(`/account/${accountId}/invoice/${invoiceId}`),
    headers: authHeader(token),
    payload: body,
  });

let numberSeq = 0;
const nextNumber = () => `INV${String(++numberSeq).padStart(5, '0')}`;

const fieldsOf = (extra: Record<string, string> = {}) => ({
  number: nextNumber(),
  issuingDate: TODAY,
  dueDate: '2026-01-01',
  paymentsAmount: '120',
  amount: '1234.5',
  currency: 'EUR',
  timePeriodFrom: '2026-02-01',
  timePeriodTo: '2026-02-28',
  ...extra,
});

/** The form as a browser's FormData sends it: the text fields, then the PDF as the part `invoice` (when given). */
function multipartBody(fields: Record<string, string>, file: { content: Buffer; name?: string } | null) {
  if (file) return multipartFile(file.name ?? 'invoice.pdf', file.content, { field: 'invoice', extraFields: fields });
  const boundary = `----ops-test-${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function send(
  method: 'POST' | 'PATCH',
  url: string,
  fields: Record<string, string>,
  file: { content: Buffer; name?: string } | null = { content: pdf },
  token = tokens.staff!,
) {
  const { payload, headers } = multipartBody(fields, file);
  return t.app.inject({ method, url: api(url), headers: { ...authHeader(token), ...headers }, payload });
}

const create = (
  fields: Record<string, string> = fieldsOf(),
  file?: { content: Buffer; name?: string } | null,
  token?: string,
  to = account,
) => send('POST', `/account/${to.id}/invoice`, fields, file === undefined ? { content: pdf } : file, token);

async function created(fields = fieldsOf()) {
  const response = await create(fields);
  expect(response.statusCode, response.body).toBe(201);
  return invoiceCreated.parse(response.json()).invoiceId;
}

const detail = async (invoiceId: string, token = tokens.staff!) => {
  const response = await call('GET', `/account/${account.id}/invoice/${invoiceId}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return invoiceDetail.parse(response.json());
};

const storedFiles = async () => (await readdir(documentsDir).catch(() => [] as string[])).sort();
const invoiceCount = async () => (await t.db.select({ id: invoices.id }).from(invoices)).length;
const auditOf = (invoiceId: string) =>
  t.db
    .select()
    .from(userActivity)
    .where(and(eq(userActivity.resourceType, 'INVOICE'), eq(userActivity.resourceId, invoiceId)))
    .orderBy(asc(userActivity.date), asc(userActivity.id));

async function publish(invoiceId: string) {
  const response = await patchStatus(invoiceId, { status: 'PENDING', expectedStatus: 'DRAFT' });
  expect(response.statusCode, response.body).toBe(200);
}

async function documentLink(invoiceId: string, token = tokens.staff!) {
  const response = await call('GET', `/account/${account.id}/invoice/${invoiceId}/document`, token);
  return { response, link: response.statusCode === 200 ? invoiceDocumentResponse.parse(response.json()) : undefined };
}

/** A PDF that runs JavaScript when opened (in a compressed object stream unless `plain`). */
async function pdfWithJavaScript(plain = false): Promise<Buffer> {
  const document = await PDFDocument.load(pdf);
  const action = document.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
  document.catalog.set(PDFName.of('OpenAction'), document.context.register(action));
  return Buffer.from(await document.save({ useObjectStreams: !plain }));
}

async function pdfWithAttachment(): Promise<Buffer> {
  const document = await PDFDocument.load(pdf);
  await document.attach(Buffer.from('#!/bin/sh\necho hi\n'), 'run.sh', { mimeType: 'text/plain' });
  return Buffer.from(await document.save());
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'invoices-test-'));
  documentsDir = join(dataDir, 'invoice-documents');
  t = await buildTestApp({ now: NOW, configOverrides: { dataDir } });
  pdf = Buffer.from(
    await generateInvoicePdf({
      accountName: 'Northwind',
      number: 'INV1',
      issuingDate: TODAY,
      dueDate: '2026-03-20',
      timePeriodFrom: '2026-02-01',
      timePeriodTo: '2026-02-28',
      paymentsAmount: 120,
      amount: '1234.50',
      currency: 'EUR',
    }),
  );
  account = await createAccount(t.db, { prettyName: 'Northwind' });
  other = await createAccount(t.db, { prettyName: 'Southwind' });
  for (const role of ['ADMINISTRATOR', 'MANAGER', 'VIEWER', 'SUPPORT', 'PROVIDER_SUPPORT']) {
    tokens[role] = (await signedInAs(t, role, account)).token;
  }
  tokens.foreign = (await signedInAs(t, 'ADMINISTRATOR', other)).token;
  const staff = await createUser(t.db, {
    role: 'PROVIDER_ADMINISTRATOR',
    type: 'INTERNAL',
    accountIds: [account.id, other.id],
  });
  tokens.staff = (await signIn(t.app, { email: staff.email })).token;
  // Provider staff linked to the other account only.
  tokens.otherStaff = (await signedInAs(t, 'PROVIDER_ADMINISTRATOR', other)).token;
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('create', () => {
  it('creates a draft with its PDF stored under a generated name, forces the due date and audits it', async () => {
    const fields = fieldsOf({ dueDate: '2030-01-01' });
    const invoiceId = await created(fields);
    const invoice = await detail(invoiceId);
    expect(invoice).toMatchObject({
      status: 'DRAFT',
      number: fields.number,
      issuingDate: TODAY,
      dueDate: '2026-03-20',
      timePeriodFrom: '2026-02-01',
      timePeriodTo: '2026-02-28',
      paymentsAmount: 120,
      amount: '1234.50',
      currency: 'EUR',
      money: { amount: 123450, currency: 'EUR' },
      documentName: 'invoice.pdf',
      documentSize: pdf.length,
      error: null,
      version: 1,
    });
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(row!.documentStoredName).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(await readFile(join(documentsDir, row!.documentStoredName))).toEqual(pdf);
    const [entry] = await auditOf(invoiceId);
    expect(entry).toMatchObject({ actionType: 'INSERT', accountId: account.id });
    expect(entry!.newValue).toMatchObject({ number: fields.number, status: 'DRAFT', dueDate: '2026-03-20' });
    expect(JSON.stringify(entry!.newValue)).not.toContain(row!.documentStoredName);
  });

  it('keeps a sanitised base name of the uploaded file', async () => {
    const invoiceId = await created();
    const response = await create(fieldsOf(), { content: pdf, name: 'März <2026> final?.PDF' });
    expect(response.statusCode, response.body).toBe(201);
    const named = await detail(invoiceCreated.parse(response.json()).invoiceId);
    expect(named.documentName).toBe('März _2026_ final_.PDF');
    expect((await detail(invoiceId)).documentName).toBe('invoice.pdf');
  });

  it("answers every field's message of the form together, and stores nothing", async () => {
    const files = await storedFiles();
    const count = await invoiceCount();
    const response = await create(
      fieldsOf({
        number: 'INV-1',
        issuingDate: '2026-03-01',
        paymentsAmount: '12a',
        amount: '12,5',
        timePeriodFrom: '2026-02-20',
        timePeriodTo: '2026-02-10',
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'form-not-validated',
      fields: {
        number: M.numberCharacters,
        issuingDate: M.issuingInPast,
        paymentsAmount: M.paymentsDigits,
        amount: M.amountInvalid,
        timePeriodFrom: M.fromAfterTo,
        timePeriodTo: M.toBeforeFrom,
      },
    });
    const long = await create(fieldsOf({ number: 'A'.repeat(21), timePeriodTo: '2026-03-11' }));
    expect(long.json().fields).toMatchObject({ number: M.numberMax, timePeriodTo: M.fromAfterIssuing });
    const missing = await create({ number: nextNumber() }, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({
      issuingDate: M.required,
      paymentsAmount: M.required,
      amount: M.required,
      timePeriodFrom: M.required,
      invoice: M.required,
    });
    const unknown = await create(fieldsOf({ status: 'PAID' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.status).toBeDefined();
    expect(await storedFiles()).toEqual(files);
    expect(await invoiceCount()).toBe(count);
  });

  it('refuses every bad file by content and stores nothing', async () => {
    const files = await storedFiles();
    const count = await invoiceCount();
    const oversized = Buffer.concat([pdf, Buffer.alloc(5_242_881 - pdf.length, 0x20)]);
    expect(oversized.length).toBe(5_242_881);
    const cases: { name: string; content: Buffer; status: number; message: string }[] = [
      { name: 'invoice.pdf', content: await wordTemplate(['Renamed Word file']), status: 400, message: M.file },
      { name: 'invoice.pdf', content: oversized, status: 400, message: M.file },
      { name: 'invoice.pdf', content: Buffer.alloc(0), status: 400, message: M.file },
      {
        name: 'invoice.pdf',
        content: Buffer.from('%PDF-1.7\nnot really a PDF\n%%EOF\n'),
        status: 400,
        message: M.file,
      },
      { name: 'invoice.pdf', content: await pdfWithJavaScript(), status: 422, message: PDF_PROBLEM_TEXTS.javascript },
      {
        name: 'invoice.pdf',
        content: await pdfWithJavaScript(true),
        status: 422,
        message: PDF_PROBLEM_TEXTS.javascript,
      },
      {
        name: 'invoice.pdf',
        content: await pdfWithAttachment(),
        status: 422,
        message: PDF_PROBLEM_TEXTS['embedded-file'],
      },
      { name: '../../../etc/invoice.pdf', content: pdf, status: 400, message: M.fileName },
      { name: '..\\..\\invoice.pdf', content: pdf, status: 400, message: M.fileName },
    ];
    for (const bad of cases) {
      const response = await create(fieldsOf(), { content: bad.content, name: bad.name });
      expect(response.statusCode, `${bad.name} ${bad.message}: ${response.body}`).toBe(bad.status);
      expect(response.json().fields?.invoice).toBe(bad.message);
      if (bad.status === 422) expect(response.json().error).toBe('invoice-file-unsafe');
    }
    expect(await storedFiles()).toEqual(files);
    expect(await invoiceCount()).toBe(count);
  });

  it('takes a PDF of exactly 5,242,880 bytes', async () => {
    const largest = Buffer.concat([pdf, Buffer.alloc(5_242_880 - pdf.length, 0x20)]);
    const response = await create(fieldsOf(), { content: largest });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('keeps one number per account, whatever its case, and answers the field (409)', async () => {
    const fields = fieldsOf();
    await created(fields);
    const files = await storedFiles();
    const again = await create(fieldsOf({ number: fields.number.toLowerCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'invoice-number-taken', fields: { number: expect.any(String) } });
    expect(await storedFiles()).toEqual(files);
    // Another account may use it.
    expect((await create(fieldsOf({ number: fields.number }), undefined, tokens.staff, other)).statusCode).toBe(201);
  });

  it('lets exactly one of 20 parallel creates with one number through', async () => {
    const number = nextNumber();
    const files = (await storedFiles()).length;
    const responses = await Promise.all(Array.from({ length: 20 }, () => create(fieldsOf({ number }))));
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    expect((await storedFiles()).length).toBe(files + 1);
  });
});

describe('the status life cycle', () => {
  it('publishes a draft, then moves it through the dropdown, auditing each change', async () => {
    const invoiceId = await created();
    await publish(invoiceId);
    const paid = await patchStatus(invoiceId, { status: 'PAID', expectedStatus: 'PENDING' });
    expect(paid.statusCode).toBe(200);
    expect(invoiceDetail.parse(paid.json())).toMatchObject({ status: 'PAID', version: 3 });
    const entries = await auditOf(invoiceId);
    expect(entries.map((entry) => [entry.actionType, entry.oldValue, entry.newValue])).toEqual([
      ['INSERT', null, expect.anything()],
      ['UPDATE', { status: 'DRAFT', version: 1 }, { status: 'PENDING', version: 2 }],
      ['UPDATE', { status: 'PENDING', version: 2 }, { status: 'PAID', version: 3 }],
    ]);
  });

  it('refuses what the life cycle does not allow', async () => {
    const invoiceId = await created();
    const skip = await patchStatus(invoiceId, { status: 'PAID', expectedStatus: 'DRAFT' });
    expect(skip.statusCode).toBe(422);
    expect(skip.json().error).toBe('invoice-status-not-allowed');
    const back = await patchStatus(invoiceId, { status: 'DRAFT', expectedStatus: 'PENDING' });
    expect(back.statusCode).toBe(422);
    await publish(invoiceId);
    const unconfirmed = await patchStatus(invoiceId, { status: 'CANCELLED', expectedStatus: 'PENDING' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().fields.modalIsConfirmed).toBe(M.cancelConfirm);
    const cancelled = await patchStatus(invoiceId, {
      status: 'CANCELLED',
      expectedStatus: 'PENDING',
      modalIsConfirmed: true,
    });
    expect(cancelled.statusCode).toBe(200);
    const final = await patchStatus(invoiceId, { status: 'PAID', expectedStatus: 'CANCELLED' });
    expect(final.statusCode).toBe(422);
    expect((await detail(invoiceId)).status).toBe('CANCELLED');
  });

  it('tells a user whose status was stale (409) and changes nothing', async () => {
    const invoiceId = await created();
    await publish(invoiceId);
    const stale = await patchStatus(invoiceId, { status: 'OVERDUE', expectedStatus: 'DRAFT' });
    expect(stale.statusCode).toBe(422);
    const moved = await patchStatus(invoiceId, { status: 'CLAIMED', expectedStatus: 'PAID' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error).toBe('invoice-status-changed');
    expect((await detail(invoiceId)).status).toBe('PENDING');
  });

  it('lets one of two parallel changes from the same status win; the other is told', async () => {
    const invoiceId = await created();
    await publish(invoiceId);
    const [first, second] = await Promise.all([
      patchStatus(invoiceId, { status: 'PAID', expectedStatus: 'PENDING' }),
      patchStatus(invoiceId, { status: 'OVERDUE', expectedStatus: 'PENDING' }),
    ]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 409]);
    const winner = first!.statusCode === 200 ? 'PAID' : 'OVERDUE';
    expect((await detail(invoiceId)).status).toBe(winner);
    expect((await auditOf(invoiceId)).filter((entry) => entry.actionType === 'UPDATE')).toHaveLength(2);
  });

  it('answers 404 for another tenant, an unknown id and a malformed id', async () => {
    const invoiceId = await created();
    const foreign = await patchStatus(invoiceId, { status: 'PENDING', expectedStatus: 'DRAFT' }, tokens.otherStaff);
    expect(foreign.statusCode).toBe(404);
    const elsewhere = await patchStatus(
      invoiceId,
      { status: 'PENDING', expectedStatus: 'DRAFT' },
      tokens.staff,
      other.id,
    );
    expect(elsewhere.statusCode).toBe(404);
    expect((await patchStatus('not-an-id', { status: 'PENDING', expectedStatus: 'DRAFT' })).statusCode).toBe(404);
    expect((await detail(invoiceId)).status).toBe('DRAFT');
  });
});

describe("a draft's edit and deletion", () => {
  it('edits a draft on its version, keeps the PDF without a file and replaces it with one', async () => {
    const invoiceId = await created();
    const [before] = await t.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    const edited = await send(
      'PATCH',
      `/account/${account.id}/invoice/${invoiceId}`,
      fieldsOf({ number: before!.number, amount: '99', version: '1', issuingDate: '2026-03-12' }),
      null,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(invoiceDetail.parse(edited.json())).toMatchObject({
      amount: '99.00',
      dueDate: '2026-03-22',
      version: 2,
      documentName: 'invoice.pdf',
    });
    const stale = await send('PATCH', `/account/${account.id}/invoice/${invoiceId}`, fieldsOf({ version: '1' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('invoice-changed');
    const replaced = await send(
      'PATCH',
      `/account/${account.id}/invoice/${invoiceId}`,
      fieldsOf({ version: '2', issuingDate: '2026-03-12' }),
      { content: pdf, name: 'second.pdf' },
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    const [after] = await t.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(after!.documentName).toBe('second.pdf');
    expect(await storedFiles()).not.toContain(before!.documentStoredName);
    expect(await storedFiles()).toContain(after!.documentStoredName);
    expect((await auditOf(invoiceId)).map((entry) => entry.actionType)).toEqual(['INSERT', 'UPDATE', 'UPDATE']);
  });

  it('refuses to edit or delete a published invoice (409 invoice-not-draft)', async () => {
    const invoiceId = await created();
    await publish(invoiceId);
    const edit = await send('PATCH', `/account/${account.id}/invoice/${invoiceId}`, fieldsOf({ version: '2' }));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toBe('invoice-not-draft');
    const removal = await call('DELETE', `/account/${account.id}/invoice/${invoiceId}`);
    expect(removal.statusCode).toBe(409);
    expect(removal.json().error).toBe('invoice-not-draft');
  });

  it('deletes a draft with its file and audits it', async () => {
    const invoiceId = await created();
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    const response = await call('DELETE', `/account/${account.id}/invoice/${invoiceId}`);
    expect(response.statusCode).toBe(204);
    expect(await storedFiles()).not.toContain(row!.documentStoredName);
    expect((await auditOf(invoiceId)).map((entry) => entry.actionType)).toEqual(['INSERT', 'DELETE']);
    expect((await call('DELETE', `/account/${account.id}/invoice/${invoiceId}`)).statusCode).toBe(404);
  });
});

describe('the document and the template', () => {
  it('serves the PDF behind a short-lived link as a nosniff attachment, byte for byte', async () => {
    const invoiceId = await created();
    await publish(invoiceId);
    const { link } = await documentLink(invoiceId);
    expect(link!.fileName).toBe('invoice.pdf');
    const file = await call('GET', link!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toContain('attachment; filename="invoice.pdf"');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.rawPayload).toEqual(pdf);
  });

  it('refuses a link without the session, of another session, forged or expired', async () => {
    const invoiceId = await created();
    const { link } = await documentLink(invoiceId);
    expect((await t.app.inject({ method: 'GET', url: api(link!.url) })).statusCode).toBe(401);
    const otherSession = await call('GET', link!.url, tokens.MANAGER);
    expect(otherSession.statusCode).toBe(400);
    expect(otherSession.json().error).toBe('download-link-expired');
    const forged = await call('GET', `${link!.url.replace(/link=.{4}/, 'link=AAAA')}`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toBe('download-link-expired');
    t.clock.advance(6 * 60_000);
    try {
      const late = await call('GET', link!.url);
      expect(late.statusCode).toBe(400);
      expect(late.json().error).toBe('download-link-expired');
    } finally {
      t.clock.set(NOW);
    }
  });

  it("no longer serves a cancelled invoice's file, even behind a link made before", async () => {
    const invoiceId = await created();
    await publish(invoiceId);
    const { link } = await documentLink(invoiceId);
    const cancel = await patchStatus(invoiceId, {
      status: 'CANCELLED',
      expectedStatus: 'PENDING',
      modalIsConfirmed: true,
    });
    expect(cancel.statusCode).toBe(200);
    const again = await documentLink(invoiceId);
    expect(again.response.statusCode).toBe(409);
    expect(again.response.json().error).toBe('invoice-cancelled');
    const file = await call('GET', link!.url);
    expect(file.statusCode).toBe(409);
    expect(file.json().error).toBe('invoice-cancelled');
  });

  it('serves the blank template, a real PDF, behind a link', async () => {
    const response = await call('GET', '/invoice-template', tokens.ADMINISTRATOR);
    expect(response.statusCode, response.body).toBe(200);
    const { file, fileName } = invoiceTemplateResponse.parse(response.json());
    expect(fileName).toBe('invoice-template.pdf');
    const bytes = await call('GET', file, tokens.ADMINISTRATOR);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['x-content-type-options']).toBe('nosniff');
    expect(await checkPdf(bytes.rawPayload)).toEqual({ ok: true, pages: 1 });
    expect((await call('GET', '/invoice-template', tokens.VIEWER)).statusCode).toBe(403);
  });
});

describe('the list, roles and tenants', () => {
  it('lists newest issuing date first, filters and searches', async () => {
    const special = fieldsOf({
      number: 'SAP777X1',
      issuingDate: '2026-03-15',
      timePeriodFrom: '2025-12-01',
      timePeriodTo: '2025-12-31',
    });
    const invoiceId = await created(special);
    const page = await call('GET', `/account/${account.id}/invoice?limit=50`);
    expect(page.statusCode, page.body).toBe(200);
    const list = invoiceList.parse(page.json());
    expect(list.items[0]!.invoiceId).toBe(invoiceId);
    const dates = list.items.map((item) => item.issuingDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const search = invoiceList.parse((await call('GET', `/account/${account.id}/invoice?search=p777x`)).json());
    expect(search.items.map((item) => item.invoiceId)).toEqual([invoiceId]);
    const byId = invoiceList.parse(
      (await call('GET', `/account/${account.id}/invoice?search=${invoiceId.slice(0, 8)}&searchType=ID`)).json(),
    );
    expect(byId.items.map((item) => item.invoiceId)).toEqual([invoiceId]);
    const period = invoiceList.parse(
      (await call('GET', `/account/${account.id}/invoice?timePeriodFrom=2025-12-15&timePeriodTo=2026-01-10`)).json(),
    );
    expect(period.items.map((item) => item.invoiceId)).toEqual([invoiceId]);
    const drafts = invoiceList.parse((await call('GET', `/account/${account.id}/invoice?status[]=DRAFT`)).json());
    expect(drafts.items.every((item) => item.status === 'DRAFT')).toBe(true);
    expect(drafts.total).toBeGreaterThan(0);
    const unknown = await call('GET', `/account/${account.id}/invoice?creationDate=2026-01-01`);
    expect(unknown.statusCode).toBe(400);
  });

  it('scopes every call to the caller’s accounts', async () => {
    const invoiceId = await created();
    expect((await call('GET', `/account/${account.id}/invoice`, tokens.foreign)).statusCode).toBe(404);
    expect((await call('GET', `/account/${account.id}/invoice/${invoiceId}`, tokens.otherStaff)).statusCode).toBe(404);
    expect((await create(fieldsOf(), undefined, tokens.otherStaff)).statusCode).toBe(404);
    const foreignList = invoiceList.parse((await call('GET', `/account/${other.id}/invoice`, tokens.foreign)).json());
    expect(foreignList.items.every((item) => item.accountId === other.id)).toBe(true);
    expect((await call('GET', `/account/${other.id}/invoice/${invoiceId}`)).statusCode).toBe(404);
  });

  it('holds each call to its permission', async () => {
    const draftId = await created();
    const publishedId = await created();
    await publish(publishedId);
    // Account roles read and review; issuing, editing and deleting is the provider's.
    for (const role of ['ADMINISTRATOR', 'MANAGER', 'VIEWER', 'PROVIDER_SUPPORT']) {
      expect((await call('GET', `/account/${account.id}/invoice`, tokens[role])).statusCode, role).toBe(200);
      expect((await call('GET', `/account/${account.id}/invoice/${draftId}`, tokens[role])).statusCode, role).toBe(200);
      expect((await create(fieldsOf(), undefined, tokens[role])).statusCode, role).toBe(403);
      expect(
        (await patchStatus(publishedId, { status: 'PAID', expectedStatus: 'PENDING' }, tokens[role])).statusCode,
        role,
      ).toBe(403);
      expect((await call('DELETE', `/account/${account.id}/invoice/${draftId}`, tokens[role])).statusCode, role).toBe(
        403,
      );
      // Review (select) for a draft.
      expect((await documentLink(draftId, tokens[role])).response.statusCode, role).toBe(200);
    }
    for (const role of ['ADMINISTRATOR', 'MANAGER']) {
      expect((await documentLink(publishedId, tokens[role])).response.statusCode, role).toBe(200);
    }
    for (const role of ['VIEWER', 'PROVIDER_SUPPORT']) {
      expect((await documentLink(publishedId, tokens[role])).response.statusCode, role).toBe(403);
    }
    expect((await call('GET', `/account/${account.id}/invoice`, tokens.SUPPORT)).statusCode).toBe(403);
  });
});
