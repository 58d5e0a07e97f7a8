import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DISPUTE_DOCUMENT_PLACEHOLDERS, DISPUTE_DOWNLOAD_TEXTS } from '@domain/chargebacks';
import { chargebackDocumentResponse } from '@domain/contract/chargebacks';
import { TEMPLATE_MIME_TYPES } from '@domain/contract/dispute-templates';
import { loadChargebackDetail } from '@server/areas/chargebacks/queries';
import { chargebacks, userActivity } from '@server/db/schema';
import { DEMO_TEMPLATE_PARAGRAPHS } from '@server/db/seed/chargebacks-data';
import { docxText } from '@server/lib/docx';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { macroTemplate, multipartFile, wordTemplate } from './helpers/dispute-files';
import {
  type AccountRow,
  authHeader,
  buildTestApp,
  createAccount,
  createMerchant,
  createUser,
  signIn,
  type TestApp,
} from './helpers/test-app';
import { createPaymentsWorld, DAY_MS, insertTransaction } from './helpers/transaction-fixtures';

// The dispute document over the API (spec 3, section 2.4 "Download flow"): the template of the reason, or Others,
// then Default; filled with the case's fields into a real Word file served to the same session; only the latest
// document kept; the spec's errors when the account has no templates or the template's placeholders are broken; the
// roles that may download; and never another tenant's case.

const NOW = Date.parse('2026-03-10T12:00:00.000Z');

let t: TestApp;
let dataDir: string;
let documentsDir: string;
let north: AccountRow;
let south: AccountRow;
let plain: AccountRow;
const tokens = { admin: '', manager: '', specialist: '', support: '', viewer: '', south: '', staff: '', plain: '' };
const cases = { notAsDescribed: '', fraud: '', south: '', plain: '' };

const documentUrl = (accountId: string, chargebackId: string) =>
  `/api/account/${accountId}/chargeback/${chargebackId}/document`;

function requestDocument(chargebackId: string, reason: string, token = tokens.admin, accountId = north.id) {
  return t.app.inject({
    method: 'POST',
    url: documentUrl(accountId, chargebackId),
    payload: { reason },
    headers: authHeader(token),
  });
}

async function generate(chargebackId: string, reason: string, token = tokens.admin) {
  const response = await requestDocument(chargebackId, reason, token);
  expect(response.statusCode, response.body).toBe(200);
  return chargebackDocumentResponse.parse(response.json());
}

/** Follows the answer's link with the same session, as the console does. */
const fetchDocument = (url: string, token = tokens.admin) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: authHeader(token) });

async function uploadTemplate(key: string, fileName: string, content: Buffer, accountId = north.id) {
  const { payload, headers } = multipartFile(fileName, content);
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/account/${accountId}/chargeback-template/${key}`,
    payload,
    headers: { ...authHeader(tokens.staff), ...headers },
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

async function deleteTemplate(key: string, fileName: string) {
  const response = await t.app.inject({
    method: 'DELETE',
    url: `/api/account/${north.id}/chargeback-template/${key}/file/${fileName}`,
    headers: authHeader(tokens.admin),
  });
  expect(response.statusCode, response.body).toBe(204);
}

const storedDocuments = async () => (await readdir(documentsDir).catch(() => [] as string[])).sort();
const caseRow = async (id: string) => (await t.db.select().from(chargebacks).where(eq(chargebacks.id, id)))[0]!;

const letter = (slot: string) =>
  wordTemplate([
    { text: `${slot} letter`, bold: true },
    'Case ID: {caseId}',
    'Disputed amount: {amount}',
    'Cardholder: {cardholderName}',
    'Reason: {reason} ({reasonCode})',
    '{#custom}',
    '{label}: {value}',
    '{/custom}',
  ]);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dispute-documents-test-'));
  documentsDir = join(dataDir, 'dispute-documents');
  t = await buildTestApp({ now: NOW, configOverrides: { dataDir } });
  north = await createAccount(t.db, { prettyName: 'Northwind' });
  south = await createAccount(t.db, { prettyName: 'Southwind' });
  plain = await createAccount(t.db, { prettyName: 'No disputes', hasChargebacksFeature: false });

  const signInAs = async (role: string, account: AccountRow) => {
    const user = await createUser(t.db, { role, type: 'ACCOUNT', accountIds: [account.id] });
    return (await signIn(t.app, { email: user.email, accountId: account.shortId })).token;
  };
  tokens.admin = await signInAs('ADMINISTRATOR', north);
  tokens.manager = await signInAs('MANAGER', north);
  tokens.specialist = await signInAs('PAYMENTS_SPECIALIST', north);
  tokens.support = await signInAs('SUPPORT', north);
  tokens.viewer = await signInAs('VIEWER', north);
  tokens.south = await signInAs('ADMINISTRATOR', south);
  tokens.plain = await signInAs('ADMINISTRATOR', plain);
  const staff = await createUser(t.db, {
    role: 'PROVIDER_ADMINISTRATOR',
    type: 'INTERNAL',
    accountIds: [north.id, south.id, plain.id],
  });
  tokens.staff = (await signIn(t.app, { email: staff.email })).token;

  const dispute = async (account: AccountRow, values: Partial<typeof chargebacks.$inferInsert>) => {
    const merchant = await createMerchant(t.db, account.id, { merchantLegalName: `${account.prettyName} Retail S.L.` });
    const world = await createPaymentsWorld(t.db, account.id, merchant.id);
    const payment = await insertTransaction(t.db, world, {
      createdAt: new Date(NOW - 40 * DAY_MS),
      amount: 123_450,
      cardHolder: 'Ana Garcia',
    });
    const [row] = await t.db
      .insert(chargebacks)
      .values({
        accountId: account.id,
        merchantId: merchant.id,
        paymentTransactionId: payment.id,
        caseId: `CB-${account.prettyName.toUpperCase()}-0001`,
        disputeId: 'VD-778899',
        operation: 'CHARGEBACK',
        reason: 'NotAsDescribed',
        reasonCode: '13.3',
        reasonProcessor: '13.3 Not as described or defective merchandise',
        amount: 123_450,
        currency: 'EUR',
        notificationDate: new Date(NOW - 5 * DAY_MS),
        expirationDate: new Date(NOW + 10 * DAY_MS),
        customerName: 'Ana Garcia',
        custom: [
          { label: 'Customer ID', value: 'C-77' },
          { label: 'Empty field', value: '' },
        ],
        ...values,
      })
      .returning({ id: chargebacks.id });
    return row!.id;
  };
  cases.notAsDescribed = await dispute(north, {});
  cases.fraud = await dispute(north, {
    caseId: 'CB-NORTHWIND-0002',
    reason: 'FraudNoCardholderAuthorization',
    reasonCode: '10.4',
    reasonProcessor: '10.4 Other Fraud - Card Absent Environment',
    fraudType: 'LEGITIMATE_PURCHASE',
  });
  cases.south = await dispute(south, {});
  cases.plain = await dispute(plain, {});
});

afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('without templates', () => {
  it('answers no-templates-assigned and stores nothing', async () => {
    const response = await requestDocument(cases.notAsDescribed, 'NotAsDescribed');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'no-templates-assigned',
      message: DISPUTE_DOWNLOAD_TEXTS.noTemplatesHeader,
    });
    expect(await storedDocuments()).toEqual([]);
    expect(await caseRow(cases.notAsDescribed)).toMatchObject({ template: null, documentStoredName: null });
  });

  it('has no document to serve before the first one', async () => {
    const response = await fetchDocument(`/account/${north.id}/chargeback/${cases.notAsDescribed}/document/file`);
    expect(response.statusCode).toBe(404);
  });
});

describe('generating the document', () => {
  it('falls back to Default when it is the only template, and fills it with the case', async () => {
    await uploadTemplate('Default', 'Default-letter.docx', letter('Default'));
    const answer = await generate(cases.notAsDescribed, 'NotAsDescribed');
    expect(answer).toEqual({
      chargebackDocumentUrl: `/account/${north.id}/chargeback/${cases.notAsDescribed}/document/file`,
      fileName: 'dispute-CB-NORTHWIND-0001.docx',
      template: 'Default',
    });

    const file = await fetchDocument(answer.chargebackDocumentUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(TEMPLATE_MIME_TYPES.docx);
    expect(file.headers['content-disposition']).toContain('attachment; filename="dispute-CB-NORTHWIND-0001.docx"');
    const text = docxText(file.rawPayload);
    expect(text).toContain('Default letter');
    expect(text).toContain('Case ID: CB-NORTHWIND-0001');
    expect(text).toContain('Disputed amount: 1.234,50 EUR');
    expect(text).toContain('Cardholder: Ana Garcia');
    expect(text).toContain('Reason: Not as described (13.3 Not as described or defective merchandise)');
    expect(text).toContain('Customer ID: C-77');
    expect(text).not.toContain('Empty field');
    expect(text).not.toMatch(/[{}]/);
  });

  it('prefers Others over Default, and the reason’s own template over both', async () => {
    await uploadTemplate('Others', 'Others-letter.docx', letter('Others'));
    expect((await generate(cases.notAsDescribed, 'NotAsDescribed')).template).toBe('Others');
    await uploadTemplate('NotAsDescribed', 'Not-as-described.docx', letter('Not as described'));
    const answer = await generate(cases.notAsDescribed, 'NotAsDescribed');
    expect(answer.template).toBe('NotAsDescribed');
    expect(docxText((await fetchDocument(answer.chargebackDocumentUrl)).rawPayload)).toContain(
      'Not as described letter',
    );
    // A reason without its own template still takes Others.
    expect((await generate(cases.notAsDescribed, 'IncorrectAmount')).template).toBe('Others');
    // Default asked for is Default, whatever else exists.
    expect((await generate(cases.notAsDescribed, 'Default')).template).toBe('Default');
  });

  it('keeps only the latest document of a case, points the case at it and audits each one', async () => {
    const before = await caseRow(cases.notAsDescribed);
    const answer = await generate(cases.notAsDescribed, 'NotAsDescribed');
    const after = await caseRow(cases.notAsDescribed);
    expect(after).toMatchObject({
      template: 'NotAsDescribed',
      documentFileName: 'dispute-CB-NORTHWIND-0001.docx',
      documentGeneratedAt: new Date(NOW),
    });
    expect(after.documentStoredName).toMatch(/^[0-9a-f-]{36}\.docx$/);
    expect(after.documentStoredName).not.toBe(before.documentStoredName);
    expect(await storedDocuments()).toEqual([after.documentStoredName]);

    const detail = await loadChargebackDetail(t.db, north.id, cases.notAsDescribed);
    expect(detail).toMatchObject({ template: 'NotAsDescribed', chargebackDocumentUrl: answer.chargebackDocumentUrl });

    const entries = await t.db
      .select()
      .from(userActivity)
      .where(and(eq(userActivity.resourceType, 'CHARGEBACK'), eq(userActivity.resourceId, cases.notAsDescribed)))
      .orderBy(asc(userActivity.date));
    expect(entries.length).toBeGreaterThanOrEqual(5);
    const last = entries.at(-1)!;
    expect(last).toMatchObject({ actionType: 'UPDATE', accountId: north.id });
    expect(last.oldValue).toMatchObject({ template: 'Default' });
    expect(last.newValue).toMatchObject({
      template: 'NotAsDescribed',
      documentFileName: 'dispute-CB-NORTHWIND-0001.docx',
    });
    expect(JSON.stringify(last.newValue)).not.toContain(after.documentStoredName!);
  });

  it('keeps one document when two are made at once', async () => {
    await Promise.all([
      generate(cases.notAsDescribed, 'NotAsDescribed'),
      generate(cases.notAsDescribed, 'Others'),
      generate(cases.notAsDescribed, 'Default'),
    ]);
    const row = await caseRow(cases.notAsDescribed);
    expect(await storedDocuments()).toEqual([row.documentStoredName]);
  });

  it('falls back again once the templates are deleted', async () => {
    await deleteTemplate('NotAsDescribed', 'Not-as-described.docx');
    expect((await generate(cases.notAsDescribed, 'NotAsDescribed')).template).toBe('Others');
    await deleteTemplate('Others', 'Others-letter.docx');
    const answer = await generate(cases.notAsDescribed, 'NotAsDescribed');
    expect(answer.template).toBe('Default');
    expect(docxText((await fetchDocument(answer.chargebackDocumentUrl)).rawPayload)).toContain('Default letter');
  });

  it('makes a .docm document from a macro-enabled template', async () => {
    await uploadTemplate('Refund', 'Refund-letter.docm', macroTemplate(['Refund letter for {caseId}']));
    const answer = await generate(cases.notAsDescribed, 'Refund');
    expect(answer).toMatchObject({ template: 'Refund', fileName: 'dispute-CB-NORTHWIND-0001.docm' });
    const file = await fetchDocument(answer.chargebackDocumentUrl);
    expect(file.headers['content-type']).toBe(TEMPLATE_MIME_TYPES.docm);
    expect(docxText(file.rawPayload)).toContain('Refund letter for CB-NORTHWIND-0001');
  });

  it('fills the demo template the seed ships without a format error', async () => {
    await uploadTemplate('Default', 'Default-dispute-response.docx', wordTemplate(DEMO_TEMPLATE_PARAGRAPHS));
    const answer = await generate(cases.fraud, 'FraudNoCardholderAuthorization');
    expect(answer.template).toBe('Default');
    const text = docxText((await fetchDocument(answer.chargebackDocumentUrl)).rawPayload);
    expect(text).toContain('Case ID: CB-NORTHWIND-0002');
    expect(text).toContain('Northwind Retail S.L.');
    expect(text).not.toContain('undefined');
  });

  it('uses in the demo template only the placeholders the README documents', () => {
    const known = new Set<string>(DISPUTE_DOCUMENT_PLACEHOLDERS.map(({ name }) => name));
    const loopFields = new Set(['label', 'value']);
    const used = DEMO_TEMPLATE_PARAGRAPHS.flatMap((paragraph) =>
      [...(typeof paragraph === 'string' ? paragraph : paragraph.text).matchAll(/\{[#/]?([A-Za-z0-9]+)\}/g)].map(
        (match) => match[1] ?? '',
      ),
    );
    expect(used.length).toBeGreaterThan(30);
    expect(used.filter((name) => !known.has(name) && !loopFields.has(name))).toEqual([]);
  });
});

describe('a template with broken placeholders', () => {
  it('is accepted at upload and answers the format error when the document is made', async () => {
    const broken = wordTemplate(['Case ID: {caseId', 'Amount: {amount}}', '{#custom}{label}']);
    await uploadTemplate('FraudNoCardholderAuthorization', 'Broken-fraud.docx', broken);
    const before = await caseRow(cases.fraud);
    const documentsBefore = await storedDocuments();

    const response = await requestDocument(cases.fraud, 'FraudNoCardholderAuthorization');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      statusCode: 422,
      error: 'template-format-error',
      message: DISPUTE_DOWNLOAD_TEXTS.formatError,
    });
    // The case keeps its previous document.
    expect(await caseRow(cases.fraud)).toEqual(before);
    expect(await storedDocuments()).toEqual(documentsBefore);
    const previous = await fetchDocument(`/account/${north.id}/chargeback/${cases.fraud}/document/file`);
    expect(docxText(previous.rawPayload)).toContain('Case ID: CB-NORTHWIND-0002');
  });
});

describe('permissions and tenants', () => {
  it.each(['manager', 'specialist', 'support', 'staff'] as const)('lets a %s download', async (role) => {
    const answer = await generate(cases.notAsDescribed, 'NotAsDescribed', tokens[role]);
    expect((await fetchDocument(answer.chargebackDocumentUrl, tokens[role])).statusCode).toBe(200);
  });

  it('refuses a viewer, who lacks chargeback.download', async () => {
    const response = await requestDocument(cases.notAsDescribed, 'NotAsDescribed', tokens.viewer);
    expect(response.statusCode).toBe(403);
    const file = await fetchDocument(
      `/account/${north.id}/chargeback/${cases.notAsDescribed}/document/file`,
      tokens.viewer,
    );
    expect(file.statusCode).toBe(403);
  });

  it('answers another tenant’s case as if it did not exist', async () => {
    const documentsBefore = await storedDocuments();
    for (const response of [
      await requestDocument(cases.notAsDescribed, 'NotAsDescribed', tokens.south),
      await requestDocument(cases.notAsDescribed, 'NotAsDescribed', tokens.south, south.id),
      await fetchDocument(`/account/${north.id}/chargeback/${cases.notAsDescribed}/document/file`, tokens.south),
      await fetchDocument(`/account/${south.id}/chargeback/${cases.notAsDescribed}/document/file`, tokens.south),
      // Provider staff reach both accounts, but a case only under its own.
      await requestDocument(cases.south, 'NotAsDescribed', tokens.staff, north.id),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'resource-not-found' });
      expect(response.body).not.toContain('CB-NORTHWIND');
    }
    expect(await storedDocuments()).toEqual(documentsBefore);
  });

  it('uses only the case’s own account’s templates', async () => {
    // South has none, whatever north has.
    const response = await requestDocument(cases.south, 'NotAsDescribed', tokens.south, south.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'no-templates-assigned' });
    await uploadTemplate('Others', 'South-others.docx', letter('South'), south.id);
    const own = await requestDocument(cases.south, 'NotAsDescribed', tokens.south, south.id);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ template: 'Others' });
    const file = await fetchDocument(own.json().chargebackDocumentUrl, tokens.south);
    expect(docxText(file.rawPayload)).toContain('South letter');
  });

  it('answers 404 for an account without the chargebacks feature', async () => {
    const response = await requestDocument(cases.plain, 'NotAsDescribed', tokens.plain, plain.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'resource-not-found' });
  });

  it('answers 404 for an id that is not a case, and 400 for a reason that is not a template key', async () => {
    expect((await requestDocument('not-an-id', 'NotAsDescribed')).statusCode).toBe(404);
    expect((await requestDocument('00000000-0000-4000-8000-000000000000', 'NotAsDescribed')).statusCode).toBe(404);
    const badReason = await requestDocument(cases.notAsDescribed, 'OthersDefault');
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json()).toMatchObject({ error: 'form-not-validated' });
  });
});
