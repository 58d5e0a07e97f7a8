import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEMPLATE_UPLOAD_TEXTS, validateTemplateUpload } from '@domain/chargebacks';
import {
  disputeTemplate,
  disputeTemplateFileResponse,
  disputeTemplateList,
  TEMPLATE_MAX_BYTES,
  TEMPLATE_MIME_TYPES,
} from '@domain/contract/dispute-templates';
import { isCatalogueKey } from '@domain/errors';
import { TEMPLATE_CONTENT_TEXTS } from '@server/areas/dispute-templates/service';
import { disputeTemplates, userActivity } from '@server/db/schema';
import { docxText } from '@server/lib/docx';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  archiverZip,
  lyingWordTemplate,
  macroTemplate,
  multipartFile,
  tinyPdf,
  wordTemplate,
  wordTemplateOfSize,
  wordTemplateWithPadding,
} from './helpers/dispute-files';
import {
  type AccountRow,
  authHeader,
  buildTestApp,
  createAccount,
  createUser,
  signIn,
  type TestApp,
} from './helpers/test-app';

// Dispute templates over the API (spec 3, sections 2.5, 5 and 7) with real files: the upload's name, format and size
// rules answered with the console's keys and texts, the content check (a renamed PDF, a zip that is no Word
// document, zip bombs, macros), storage under generated names, replace, download, delete, the undeletable Default,
// and every call under the roles that may and may not make it, never across tenants.

let t: TestApp;
let dataDir: string;
let templatesDir: string;
let north: AccountRow;
let south: AccountRow;
let plain: AccountRow;
const tokens = { admin: '', manager: '', support: '', viewer: '', south: '', staff: '', plain: '' };

const base = (accountId: string) => `/api/account/${accountId}/chargeback-template`;

function upload(token: string, accountId: string, key: string, fileName: string, content: Buffer, field?: string) {
  const { payload, headers } = multipartFile(fileName, content, field ? { field } : {});
  return t.app.inject({
    method: 'PUT',
    url: `${base(accountId)}/${key}`,
    payload,
    headers: { ...authHeader(token), ...headers },
  });
}
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: authHeader(token) });
const remove = (token: string, accountId: string, key: string, fileName: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `${base(accountId)}/${key}/file/${encodeURIComponent(fileName)}`,
    headers: authHeader(token),
  });

async function list(token = tokens.admin, accountId = north.id) {
  const response = await get(base(accountId), token);
  expect(response.statusCode, response.body).toBe(200);
  return disputeTemplateList.parse(response.json());
}

/** Follows the download link with the same session and returns the file's response. */
async function download(key: string, fileName: string, token = tokens.admin, accountId = north.id) {
  const link = await get(`${base(accountId)}/${key}/file/${encodeURIComponent(fileName)}`, token);
  expect(link.statusCode, link.body).toBe(200);
  const { url } = disputeTemplateFileResponse.parse(link.json());
  expect(url.startsWith('/')).toBe(true);
  return get(`/api${url}`, token);
}

const storedFiles = async () => (await readdir(templatesDir).catch(() => [] as string[])).sort();
const rowsOf = (accountId: string) =>
  t.db
    .select()
    .from(disputeTemplates)
    .where(eq(disputeTemplates.accountId, accountId))
    .orderBy(asc(disputeTemplates.templateKey));
const auditOf = (resourceId: string) =>
  t.db
    .select()
    .from(userActivity)
    .where(and(eq(userActivity.resourceType, 'CHARGEBACK_TEMPLATE'), eq(userActivity.resourceId, resourceId)))
    .orderBy(asc(userActivity.date));

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dispute-templates-test-'));
  templatesDir = join(dataDir, 'dispute-templates');
  t = await buildTestApp({ configOverrides: { dataDir } });
  north = await createAccount(t.db, { prettyName: 'Northwind' });
  south = await createAccount(t.db, { prettyName: 'Southwind' });
  plain = await createAccount(t.db, { prettyName: 'No disputes', hasChargebacksFeature: false });
  const signInAs = async (role: string, account: AccountRow) => {
    const user = await createUser(t.db, { role, type: 'ACCOUNT', accountIds: [account.id] });
    return (await signIn(t.app, { email: user.email, accountId: account.shortId })).token;
  };
  tokens.admin = await signInAs('ADMINISTRATOR', north);
  tokens.manager = await signInAs('MANAGER', north);
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
});

afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('uploading, listing, downloading and replacing', () => {
  const first = wordTemplate([{ text: 'Dispute response', bold: true }, 'Case ID: {caseId}']);
  const second = wordTemplate(['Second version for {caseId}']);

  it('starts with no templates', async () => {
    expect(await list()).toEqual({ count: 0, total: 0, items: [] });
  });

  it('stores a valid .docx under a generated name, lists it and audits the upload', async () => {
    const response = await upload(tokens.admin, north.id, 'Default', 'Default-letter.docx', first);
    expect(response.statusCode, response.body).toBe(201);
    const stored = disputeTemplate.parse(response.json());
    expect(stored).toMatchObject({ reason: 'Default', fileName: 'Default-letter.docx', size: first.length });

    const [row] = await rowsOf(north.id);
    expect(row!.storedName).toMatch(/^[0-9a-f-]{36}\.docx$/);
    // The user's name never reaches the disk.
    expect(await storedFiles()).toEqual([row!.storedName]);
    expect(await readFile(join(templatesDir, row!.storedName))).toEqual(first);

    expect((await list()).items).toEqual([stored]);
    const [entry] = await auditOf(row!.id);
    expect(entry).toMatchObject({ actionType: 'INSERT', accountId: north.id, oldValue: null });
    expect(entry!.newValue).toMatchObject({ templateKey: 'Default', fileName: 'Default-letter.docx' });
    expect(JSON.stringify(entry!.newValue)).not.toContain(row!.storedName);
  });

  it('serves the bytes as an attachment with the uploaded name, only through a link fetched with the session', async () => {
    const file = await download('Default', 'Default-letter.docx');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(TEMPLATE_MIME_TYPES.docx);
    expect(file.headers['content-disposition']).toContain('attachment; filename="Default-letter.docx"');
    expect(file.rawPayload.equals(first)).toBe(true);

    const link = await get(`${base(north.id)}/Default/file/Default-letter.docx`, tokens.admin);
    const { url } = disputeTemplateFileResponse.parse(link.json());
    const anonymous = await t.app.inject({ method: 'GET', url: `/api${url}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 for a name that is not the slot’s file, or an empty slot', async () => {
    expect((await get(`${base(north.id)}/Default/file/Other.docx`, tokens.admin)).statusCode).toBe(404);
    expect((await get(`${base(north.id)}/Default/file/Other.docx/content`, tokens.admin)).statusCode).toBe(404);
    expect((await get(`${base(north.id)}/Others/file/Default-letter.docx`, tokens.admin)).statusCode).toBe(404);
  });

  it('replaces a slot’s file: the new bytes are served, the old file is gone, the change is audited', async () => {
    const [before] = await rowsOf(north.id);
    const response = await upload(tokens.admin, north.id, 'Default', 'Default-v2.docx', second);
    expect(response.statusCode, response.body).toBe(200);
    expect(disputeTemplate.parse(response.json())).toMatchObject({ fileName: 'Default-v2.docx', size: second.length });

    const [after] = await rowsOf(north.id);
    expect(after!.id).toBe(before!.id);
    expect(after!.storedName).not.toBe(before!.storedName);
    expect(await storedFiles()).toEqual([after!.storedName]);
    const file = await download('Default', 'Default-v2.docx');
    expect(file.rawPayload.equals(second)).toBe(true);
    expect(docxText(file.rawPayload)).toContain('Second version for {caseId}');
    // The old name no longer leads anywhere.
    expect((await get(`${base(north.id)}/Default/file/Default-letter.docx`, tokens.admin)).statusCode).toBe(404);

    const entries = await auditOf(after!.id);
    expect(entries.map((entry) => entry.actionType)).toEqual(['INSERT', 'UPDATE']);
    expect(entries[1]!.oldValue).toMatchObject({ fileName: 'Default-letter.docx' });
    expect(entries[1]!.newValue).toMatchObject({ fileName: 'Default-v2.docx' });
  });

  it('accepts a macro-enabled .docm and serves it with its own type', async () => {
    const docm = macroTemplate(['Macro letter {caseId}']);
    const response = await upload(tokens.admin, north.id, 'Refund', 'Refund-letter.DOCM', docm);
    expect(response.statusCode, response.body).toBe(201);
    const file = await download('Refund', 'Refund-letter.DOCM');
    expect(file.headers['content-type']).toBe(TEMPLATE_MIME_TYPES.docm);
    expect(file.rawPayload.equals(docm)).toBe(true);
    const row = (await rowsOf(north.id)).find((entry) => entry.templateKey === 'Refund');
    expect(row!.storedName).toMatch(/\.docm$/);
  });

  it('accepts a file of exactly 3,145,728 bytes', async () => {
    const largest = wordTemplateOfSize(TEMPLATE_MAX_BYTES);
    expect(largest.length).toBe(TEMPLATE_MAX_BYTES);
    const response = await upload(tokens.admin, north.id, 'IncorrectAmount', "Amount_(v1)!-'*.docx", largest);
    expect(response.statusCode, response.body).toBe(201);
    const file = await download('IncorrectAmount', "Amount_(v1)!-'*.docx");
    expect(file.rawPayload.equals(largest)).toBe(true);
  });

  it('lists the slots in their order: Default, Others, then the reasons', async () => {
    await upload(tokens.admin, north.id, 'Others', 'Others-letter.docx', first);
    expect((await list()).items.map((item) => item.reason)).toEqual(['Default', 'Others', 'IncorrectAmount', 'Refund']);
  });

  it('keeps one row and one file when two uploads to a new slot race', async () => {
    const [a, b] = await Promise.all([
      upload(tokens.admin, north.id, 'NotAsDescribed', 'Race-a.docx', first),
      upload(tokens.admin, north.id, 'NotAsDescribed', 'Race-b.docx', second),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    const rows = (await rowsOf(north.id)).filter((row) => row.templateKey === 'NotAsDescribed');
    expect(rows).toHaveLength(1);
    const files = await storedFiles();
    expect(files).toContain(rows[0]!.storedName);
    expect(files).toHaveLength((await t.db.select().from(disputeTemplates)).length);
  });
});

describe('refused uploads', () => {
  const valid = wordTemplate(['Case ID: {caseId}']);
  let filesBefore: string[];
  let rowsBefore: unknown[];

  beforeAll(async () => {
    filesBefore = await storedFiles();
    rowsBefore = await rowsOf(north.id);
  });

  async function expectRefused(
    response: Awaited<ReturnType<typeof upload>>,
    expected: { status: number; error: string; message: string },
  ) {
    expect(response.statusCode, response.body).toBe(expected.status);
    expect(response.json()).toEqual({
      statusCode: expected.status,
      error: expected.error,
      message: expected.message,
    });
    expect(isCatalogueKey(expected.error)).toBe(true);
    // Nothing was stored: no file, no row changed.
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await rowsOf(north.id)).toEqual(rowsBefore);
  }

  /** The server's answer is the console's own modal text for the same file. */
  const consoleText = (name: string, size: number) => validateTemplateUpload({ name, size })!.content;

  it.each([
    ['a name of 2 characters', 'ab.docx', TEMPLATE_UPLOAD_TEXTS.nameLength],
    ['a name of 64 characters', `${'n'.repeat(64)}.docx`, TEMPLATE_UPLOAD_TEXTS.nameLength],
    ['a space and #', 'my file#.docx', 'The file name cannot include space and #'],
    ['letters outside ASCII', 'carta-señor.docx', 'The file name cannot include ñ'],
  ])('refuses %s with the name modal', async (_, fileName, message) => {
    expect(consoleText(fileName, valid.length)).toBe(message);
    await expectRefused(await upload(tokens.admin, north.id, 'Others', fileName, valid), {
      status: 422,
      error: 'template-name-invalid',
      message,
    });
  });

  it('accepts a name of exactly 63 characters', async () => {
    const fileName = `${'n'.repeat(63)}.docx`;
    const response = await upload(tokens.admin, north.id, 'CreditNotProcessed', fileName, valid);
    expect(response.statusCode, response.body).toBe(201);
    await remove(tokens.admin, north.id, 'CreditNotProcessed', fileName);
  });

  it.each([
    ['a PDF', 'Letter.pdf'],
    ['a file without extension', 'Letter'],
    ['an old Word file', 'Letter.doc'],
  ])('refuses %s by its name with the format modal', async (_, fileName) => {
    await expectRefused(await upload(tokens.admin, north.id, 'Others', fileName, valid), {
      status: 422,
      error: 'template-format-unsupported',
      message: TEMPLATE_UPLOAD_TEXTS.format,
    });
  });

  it('refuses a PDF renamed .docx by its content', async () => {
    await expectRefused(await upload(tokens.admin, north.id, 'Others', 'Letter.docx', tinyPdf()), {
      status: 422,
      error: 'template-format-unsupported',
      message: TEMPLATE_CONTENT_TEXTS.notWord,
    });
  });

  it('refuses a zip that is not a Word document', async () => {
    const zip = await archiverZip({
      '[Content_Types].xml':
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
      '_rels/.rels': '<?xml version="1.0"?><Relationships/>',
      'notes.txt': 'no word/document.xml in here',
    });
    await expectRefused(await upload(tokens.admin, north.id, 'Others', 'Notes.docx', zip), {
      status: 422,
      error: 'template-format-unsupported',
      message: TEMPLATE_CONTENT_TEXTS.notWord,
    });
  });

  it('refuses an empty file', async () => {
    await expectRefused(await upload(tokens.admin, north.id, 'Others', 'Empty.docx', Buffer.alloc(0)), {
      status: 422,
      error: 'template-format-unsupported',
      message: TEMPLATE_CONTENT_TEXTS.notWord,
    });
  });

  it('refuses a package whose parts declare more than the uncompressed limit', async () => {
    const bomb = wordTemplateWithPadding(40 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(TEMPLATE_MAX_BYTES);
    await expectRefused(await upload(tokens.admin, north.id, 'Others', 'Bomb.docx', bomb), {
      status: 422,
      error: 'template-too-big',
      message: TEMPLATE_CONTENT_TEXTS.uncompressedTooBig,
    });
  });

  it('refuses a package whose parts claim little but inflate beyond the limit', async () => {
    const bomb = lyingWordTemplate(40 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(TEMPLATE_MAX_BYTES);
    await expectRefused(await upload(tokens.admin, north.id, 'Others', 'Quiet-bomb.docx', bomb), {
      status: 422,
      error: 'template-too-big',
      message: TEMPLATE_CONTENT_TEXTS.uncompressedTooBig,
    });
  });

  it('refuses a plain .docx named .docm, and a macro document named .docx', async () => {
    await expectRefused(await upload(tokens.admin, north.id, 'Others', 'Plain.docm', valid), {
      status: 422,
      error: 'template-format-unsupported',
      message: TEMPLATE_CONTENT_TEXTS.noMacrosInDocm,
    });
    await expectRefused(await upload(tokens.admin, north.id, 'Others', 'Macros.docx', macroTemplate(['x'])), {
      status: 422,
      error: 'template-format-unsupported',
      message: TEMPLATE_CONTENT_TEXTS.macrosInDocx,
    });
  });

  it('refuses a file of 3,145,729 bytes with the size modal', async () => {
    const oversize = Buffer.concat([valid, Buffer.alloc(TEMPLATE_MAX_BYTES + 1 - valid.length)]);
    expect(oversize.length).toBe(3_145_729);
    expect(consoleText('Large.docx', oversize.length)).toBe(TEMPLATE_UPLOAD_TEXTS.size);
    await expectRefused(await upload(tokens.admin, north.id, 'Others', 'Large.docx', oversize), {
      status: 413,
      error: 'template-too-big',
      message: TEMPLATE_UPLOAD_TEXTS.size,
    });
  });

  it('refuses a body declaring far more than the limit before reading it', async () => {
    const huge = Buffer.alloc(5 * 1024 * 1024);
    // Refused on its declared length, before the part (and its name, too short here) is read.
    await expectRefused(await upload(tokens.admin, north.id, 'Others', 'ab.docx', huge), {
      status: 413,
      error: 'template-too-big',
      message: TEMPLATE_UPLOAD_TEXTS.size,
    });
  });

  it('asks for the file when the form has none', async () => {
    const wrongField = await upload(tokens.admin, north.id, 'Others', 'Letter.docx', valid, 'document');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ error: 'form-not-validated', fields: { file: 'Required field' } });
    const json = await t.app.inject({
      method: 'PUT',
      url: `${base(north.id)}/Others`,
      payload: { file: 'Letter.docx' },
      headers: authHeader(tokens.admin),
    });
    expect(json.statusCode).toBe(400);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('refuses a slot that does not exist', async () => {
    const response = await upload(tokens.admin, north.id, 'Whatever', 'Letter.docx', valid);
    expect(response.statusCode).toBe(400);
    expect(await storedFiles()).toEqual(filesBefore);
  });
});

describe('deleting', () => {
  it('deletes a template and its file, audited; the slot is then empty', async () => {
    const row = (await rowsOf(north.id)).find((entry) => entry.templateKey === 'Others')!;
    const response = await remove(tokens.admin, north.id, 'Others', 'Others-letter.docx');
    expect(response.statusCode, response.body).toBe(204);
    expect((await list()).items.map((item) => item.reason)).not.toContain('Others');
    expect(await storedFiles()).not.toContain(row.storedName);
    const entries = await auditOf(row.id);
    expect(entries.at(-1)).toMatchObject({ actionType: 'DELETE', newValue: null, accountId: north.id });
    expect(entries.at(-1)!.oldValue).toMatchObject({ templateKey: 'Others', fileName: 'Others-letter.docx' });
    expect((await get(`${base(north.id)}/Others/file/Others-letter.docx`, tokens.admin)).statusCode).toBe(404);
  });

  it('answers 404 for a name that is not the slot’s file, and keeps the file', async () => {
    const response = await remove(tokens.admin, north.id, 'Refund', 'Other-name.docm');
    expect(response.statusCode).toBe(404);
    expect((await list()).items.map((item) => item.reason)).toContain('Refund');
  });

  it('never deletes the Default template', async () => {
    const response = await remove(tokens.admin, north.id, 'Default', 'Default-v2.docx');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: 'default-template-undeletable',
      message: expect.stringContaining('The Default template cannot be deleted'),
    });
    const file = await download('Default', 'Default-v2.docx');
    expect(file.statusCode).toBe(200);
  });
});

describe('permissions and tenants', () => {
  const valid = wordTemplate(['Case ID: {caseId}']);

  it('lets a manager list and download but not upload or delete', async () => {
    expect((await list(tokens.manager)).items.length).toBeGreaterThan(0);
    expect((await download('Default', 'Default-v2.docx', tokens.manager)).statusCode).toBe(200);
    const uploaded = await upload(tokens.manager, north.id, 'Others', 'Letter.docx', valid);
    expect(uploaded.statusCode).toBe(403);
    expect(uploaded.json()).toMatchObject({ error: 'resource-not-found' });
    expect((await remove(tokens.manager, north.id, 'Refund', 'Refund-letter.DOCM')).statusCode).toBe(403);
  });

  it.each(['support', 'viewer'] as const)('refuses every template call to a %s', async (role) => {
    const token = tokens[role];
    expect((await get(base(north.id), token)).statusCode).toBe(403);
    expect((await get(`${base(north.id)}/Default/file/Default-v2.docx`, token)).statusCode).toBe(403);
    expect((await get(`${base(north.id)}/Default/file/Default-v2.docx/content`, token)).statusCode).toBe(403);
    expect((await upload(token, north.id, 'Others', 'Letter.docx', valid)).statusCode).toBe(403);
    expect((await remove(token, north.id, 'Refund', 'Refund-letter.DOCM')).statusCode).toBe(403);
  });

  it('answers another tenant’s templates as if they did not exist', async () => {
    const filesBefore = await storedFiles();
    for (const response of [
      await get(base(north.id), tokens.south),
      await get(`${base(north.id)}/Default/file/Default-v2.docx`, tokens.south),
      await get(`${base(north.id)}/Default/file/Default-v2.docx/content`, tokens.south),
      await upload(tokens.south, north.id, 'Others', 'Letter.docx', valid),
      await remove(tokens.south, north.id, 'Refund', 'Refund-letter.DOCM'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'resource-not-found' });
      expect(response.body).not.toContain('Default-v2');
    }
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await list(tokens.south, south.id)).toMatchObject({ count: 0 });
  });

  it('answers 404 for an account without the chargebacks feature, even to its administrator', async () => {
    expect((await get(base(plain.id), tokens.plain)).statusCode).toBe(404);
    expect((await upload(tokens.plain, plain.id, 'Default', 'Letter.docx', valid)).statusCode).toBe(404);
    expect((await get(base(plain.id), tokens.staff)).statusCode).toBe(404);
    expect(await rowsOf(plain.id)).toEqual([]);
  });

  it('lets provider staff work on each of their accounts separately', async () => {
    const response = await upload(tokens.staff, south.id, 'Default', 'South-default.docx', valid);
    expect(response.statusCode, response.body).toBe(201);
    expect((await list(tokens.staff, south.id)).items.map((item) => item.fileName)).toEqual(['South-default.docx']);
    expect((await list(tokens.staff, north.id)).items.map((item) => item.fileName)).not.toContain('South-default.docx');
    // North's slot names do not open south's files.
    expect((await get(`${base(north.id)}/Default/file/South-default.docx`, tokens.staff)).statusCode).toBe(404);
  });

  it('refuses calls without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: base(north.id) })).statusCode).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('describes the template calls, the upload as multipart with its refusals', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    const put = paths['/api/account/{accountId}/chargeback-template/{templateKey}'].put;
    expect(JSON.stringify(put)).toContain('multipart/form-data');
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '201', '413', '422']));
    expect(paths['/api/account/{accountId}/chargeback-template/{templateKey}/file/{fileName}'].delete).toBeDefined();
    expect(
      paths['/api/account/{accountId}/chargeback-template/{templateKey}/file/{fileName}/content'].get,
    ).toBeDefined();
    expect(paths['/api/account/{accountId}/chargeback/{chargebackId}/document'].post).toBeDefined();
  });
});
