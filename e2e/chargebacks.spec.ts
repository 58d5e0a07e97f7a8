import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download, Locator, Page } from '@playwright/test';
import PizZip from 'pizzip';
import { buildDocx, docxText } from '../src/server/lib/docx';
import {
  type ApiSession,
  accountIdOf,
  activeRow,
  apiSignInAdmin,
  auditEntryCount,
  bodyRows,
  CHARGEBACK_DETAIL_PATH,
  CHARGEBACKS_LIST_PATH,
  type ChargebackCase,
  caseNameOf,
  chargebackAgentsByApi,
  chargebackByApi,
  chargebacksGrid,
  LUMEN_ACCOUNT_ID,
  listChargebacksByApi,
  lumenUser,
  NORTHWIND_ACCOUNT_ID,
  NORTHWIND_VIEWER,
  patchChargebackStatusByApi,
  shownTotal,
  signIn,
  signInWithKeyboard,
  tabTo,
} from './support/console';
import { expect, test } from './support/test';

// Chargebacks (issue 5) against the demo disputes. Cases are looked up through the API as provider staff, never
// hard-coded: the demo data is deterministic but dated relative to now. Each journey works on cases the others leave
// alone, so they run in any order: the keyboard triage on the newest open cases of the queue, the two-browser race on
// the oldest case still to do (long expired), the template upload on an expired 'Not as described' case that is not to
// do, and the viewer only reads another account.

const STATUS_LABELS: Record<string, string> = {
  TO_DO: 'To do',
  IN_PROGRESS: 'In progress',
  DONE: 'Done',
  NOT_DISPUTED: 'Not disputed',
  EXPIRED: 'Expired',
  REFUNDED: 'Refunded',
  OTHERS: 'Others',
};

const DAY_MS = 24 * 60 * 60 * 1000;

function sideBarLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: new RegExp(`^${name}`) });
}

/** The zone the browser's "today" is in: the queue sends it with 'Hide expired', so the API is asked the same. */
function browserTimeZone(page: Page): Promise<string> {
  return page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** The label of the option a native select shows. */
function selectedLabel(select: Locator): Promise<string> {
  return select.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.text ?? '');
}

/** The shortest start of a name that, among the picker's labels, only that name contains (the picker filters by part). */
function uniqueStartOf(name: string, labels: readonly string[]): string {
  const lower = (text: string) => text.toLocaleLowerCase('en');
  for (let length = 3; length <= name.length; length++) {
    const part = lower(name.slice(0, length));
    if (labels.filter((label) => lower(label).includes(part)).length === 1) return name.slice(0, length);
  }
  return name;
}

async function downloadedDocxText(download: Download): Promise<string> {
  const bytes = await readFile(await download.path());
  // A Word document is a zip: 'PK' first.
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  return docxText(bytes);
}

/**
 * The oldest case the query finds that expired at least two days ago (in any time zone), and that `accept` takes:
 * 'Hide expired' leaves it out of the queue the keyboard journey works on.
 */
async function oldestExpiredCase(
  request: APIRequestContext,
  staff: ApiSession,
  accountId: string,
  query: Record<string, string | readonly string[]>,
  accept: (item: ChargebackCase) => boolean = () => true,
): Promise<ChargebackCase> {
  const expiredBefore = Date.now() - 2 * DAY_MS;
  const { items } = await listChargebacksByApi(request, staff, accountId, { order: 'notificationDate', ...query });
  const found = items.find(
    (item) => item.expirationDate !== null && Date.parse(item.expirationDate) < expiredBefore && accept(item),
  );
  expect(found, `a case with ${JSON.stringify(query)}`).toBeDefined();
  return found!;
}

test('a dispute agent triages the queue with the keyboard alone and downloads a case’s document', async ({
  page,
  request,
}) => {
  const staff = await apiSignInAdmin(request);
  const lumenId = accountIdOf(staff, LUMEN_ACCOUNT_ID);
  const agents = await chargebackAgentsByApi(request, staff, lumenId);
  expect(agents.length).toBeGreaterThan(1);
  const { keyboard } = page;

  await signInWithKeyboard(page, lumenUser('administrator'));
  // The queue's keys exist once the account is known to have the chargebacks feature (its side-bar item shows then);
  // keys pressed while the first screen still loads would be lost.
  await expect(page.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
  await expect(sideBarLink(page, 'Chargebacks')).toBeVisible();

  // g then c: the dispute queue.
  await keyboard.press('g');
  await keyboard.press('c');
  await expect(page).toHaveURL(CHARGEBACKS_LIST_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Chargebacks' })).toBeVisible();
  const grid = chargebacksGrid(page);
  const rows = bodyRows(page, grid);
  await expect(rows.first()).toBeVisible();

  const timeZone = await browserTimeZone(page);
  const everything = await listChargebacksByApi(request, staff, lumenId);
  const open = await listChargebacksByApi(request, staff, lumenId, { hideExpired: true, timeZone });
  // The demo queue holds expired cases, so hiding them narrows it.
  expect(open.total).toBeGreaterThan(1);
  expect(open.total).toBeLessThan(everything.total);
  await expect.poll(() => shownTotal(page)).toBe(everything.total);

  // The palette's 'Hide expired cases', as a power user does it.
  await keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await keyboard.type('hide expired');
  await expect(palette.getByRole('option', { name: /^Hide expired cases/ })).toHaveAttribute('aria-selected', 'true');
  await keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(/[?&]hideExpired=true(&|$)/);
  await expect.poll(() => shownTotal(page)).toBe(open.total);

  // No row left shows the Expired mark beside its expiration date.
  const headers = (await grid.getByRole('columnheader').allTextContents()).map((header) => header.trim());
  // A sortable header also holds its sort mark.
  const expirationColumn = headers.findIndex((header) => header.startsWith('Expiration date'));
  expect(expirationColumn).toBeGreaterThanOrEqual(0);
  for (const row of await rows.all()) {
    await expect(row.getByRole('gridcell').nth(expirationColumn)).not.toContainText('Expired');
  }

  // The filter row's checkbox says the same and works by keyboard too: off, then on again.
  await keyboard.press('/');
  await expect(page.getByRole('combobox', { name: 'Search Chargebacks' })).toBeFocused();
  const filtersToggle = page.getByRole('button', { name: '1 filter applied' });
  await tabTo(page, filtersToggle);
  await keyboard.press('Enter');
  const hideExpired = page.getByRole('group', { name: 'Filters' }).getByRole('checkbox', { name: 'Hide expired' });
  await expect(hideExpired).toBeChecked();
  await tabTo(page, hideExpired);
  await keyboard.press('Space');
  await expect(hideExpired).not.toBeChecked();
  await expect(page).not.toHaveURL(/hideExpired/);
  await expect.poll(() => shownTotal(page)).toBe(everything.total);
  await keyboard.press('Space');
  await expect(hideExpired).toBeChecked();
  await expect(page).toHaveURL(/[?&]hideExpired=true(&|$)/);
  await expect.poll(() => shownTotal(page)).toBe(open.total);

  // j hands the keys to the rows, the first one active; j again moves down to the case this journey triages.
  const target = open.items[1]!;
  const name = caseNameOf(target);
  await keyboard.press('j');
  await expect(grid).toBeFocused();
  await expect(rows.nth(0)).toHaveAttribute('aria-current', 'true');
  await keyboard.press('j');
  await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(activeRow(page, grid)).toHaveCount(1);
  const agentSelect = rows.nth(1).getByRole('combobox', { name: `Agent of case ${name}` });
  const statusSelect = rows.nth(1).getByRole('combobox', { name: `Status of case ${name}` });
  await expect(statusSelect).toHaveValue(target.status);

  // a: the agent picker; part of another agent's name, Enter. The next case becomes active.
  const agent = agents.find((candidate) => candidate.id !== target.agent?.id)!;
  const auditedBefore = await auditEntryCount(request, staff, lumenId, target.chargebackId);
  const labels = [...agents.map((candidate) => candidate.name), 'Others', 'Unassigned'];
  await keyboard.press('a');
  const agentPicker = page.getByRole('dialog', { name: 'Assign agent' });
  await expect(agentPicker).toContainText(`Case ${name}`);
  await expect(agentPicker.getByRole('combobox')).toBeFocused();
  await keyboard.type(uniqueStartOf(agent.name, labels));
  await expect(agentPicker.getByRole('option')).toHaveCount(1);
  await expect(agentPicker.getByRole('option', { name: agent.name })).toHaveAttribute('aria-selected', 'true');
  await keyboard.press('Enter');
  await expect(agentPicker).toBeHidden();
  await expect(agentSelect).toHaveValue(agent.id);
  expect(await selectedLabel(agentSelect)).toBe(agent.name);
  await expect(rows.nth(2)).toHaveAttribute('aria-current', 'true');
  await expect(grid).toBeFocused();

  // k goes back; s: the status picker, typed and chosen with Enter. The queue moves on again.
  const status = target.status === 'IN_PROGRESS' ? 'DONE' : 'IN_PROGRESS';
  await keyboard.press('k');
  await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
  await keyboard.press('s');
  const statusPicker = page.getByRole('dialog', { name: 'Change status' });
  await expect(statusPicker).toContainText(`Case ${name}`);
  await expect(statusPicker.getByRole('combobox')).toBeFocused();
  await keyboard.type(STATUS_LABELS[status]!.toLowerCase());
  await expect(statusPicker.getByRole('option', { name: STATUS_LABELS[status] })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await keyboard.press('Enter');
  await expect(statusPicker).toBeHidden();
  await expect(statusSelect).toHaveValue(status);
  await expect(statusSelect).toBeEnabled();
  expect(await selectedLabel(statusSelect)).toBe(STATUS_LABELS[status]);
  await expect(rows.nth(2)).toHaveAttribute('aria-current', 'true');

  // Both changes are stored.
  const stored = await chargebackByApi(request, staff, lumenId, target.chargebackId);
  expect(stored.agent?.id).toBe(agent.id);
  expect(stored.status).toBe(status);

  // k and Enter open the case.
  await keyboard.press('k');
  await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
  await keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/dispute-manager/${target.chargebackId}$`));
  const header = `Case ID: ${target.disputeId?.trim() || '-'}`;
  await expect(page.getByRole('heading', { level: 1, name: header })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue(status);
  await expect(page.getByRole('combobox', { name: 'Agent', exact: true })).toHaveValue(agent.id);

  // d: the template choice, preset to the case's reason; Enter downloads the filled document.
  await keyboard.press('d');
  const choice = page.getByRole('dialog', { name: 'Download dispute document' });
  await expect(choice).toBeVisible();
  await expect(choice.getByRole('combobox', { name: /Template/ })).toBeFocused();
  const [download] = await Promise.all([page.waitForEvent('download'), keyboard.press('Enter')]);
  await expect(choice).toBeHidden();
  expect(download.suggestedFilename()).toMatch(/\.docx$/);
  expect(target.caseId).toBeTruthy();
  expect(await downloadedDocxText(download)).toContain(target.caseId!);

  // g then h: the audit log holds the agent, the status and the document, each by the administrator.
  await keyboard.press('g');
  await keyboard.press('h');
  await expect(page.getByRole('heading', { level: 1, name: 'User activity' })).toBeVisible();
  await keyboard.press('/');
  const auditSearch = page.getByRole('combobox', { name: 'Search User activity' });
  await expect(auditSearch).toBeFocused();
  await keyboard.type(target.chargebackId);
  const auditRows = bodyRows(page, page.getByRole('grid', { name: 'User activity' }));
  await expect(auditRows).toHaveCount(auditedBefore + 3);
  // Newest first: this journey's three changes on top.
  for (const row of (await auditRows.all()).slice(0, 3)) {
    await expect(row).toContainText('Update');
    await expect(row).toContainText('Chargeback');
    await expect(row).toContainText(lumenUser('administrator'));
  }
});

test('two agents change the same case: the second is told it changed and the server refuses a stale change', async ({
  browser,
  request,
}) => {
  const staff = await apiSignInAdmin(request);
  const lumenId = accountIdOf(staff, LUMEN_ACCOUNT_ID);
  // Any long-expired case (how many are still to do depends on the hour the demo world was made), set to do by API;
  // never a 'Not as described' one, which the templates journey uses.
  const target = await oldestExpiredCase(
    request,
    staff,
    lumenId,
    {},
    (item) => item.reason.parsed !== 'NotAsDescribed',
  );
  if (target.status !== 'TO_DO') {
    const reset = await patchChargebackStatusByApi(request, staff, lumenId, target.chargebackId, {
      status: 'TO_DO',
      expectedStatus: target.status,
    });
    expect(reset.status()).toBe(200);
  }
  const detailPath = `/accounts/${lumenId}/dispute-manager/${target.chargebackId}`;
  const header = `Case ID: ${target.disputeId?.trim() || '-'}`;

  const managerContext = await browser.newContext();
  const specialistContext = await browser.newContext();
  try {
    const manager = await managerContext.newPage();
    const specialist = await specialistContext.newPage();
    await signIn(manager, lumenUser('manager'));
    await signIn(specialist, lumenUser('payments-specialist'));

    // Both open the case and see it to do.
    const statusOf = (page: Page) => page.getByRole('combobox', { name: 'Status', exact: true });
    for (const page of [manager, specialist]) {
      await page.goto(detailPath);
      await expect(page.getByRole('heading', { level: 1, name: header })).toBeVisible();
      await expect(statusOf(page)).toHaveValue('TO_DO');
      expect(await selectedLabel(statusOf(page))).toBe('To do');
    }

    // The manager closes it.
    await statusOf(manager).selectOption({ label: 'Done' });
    await expect(statusOf(manager)).toHaveValue('DONE');
    await expect(statusOf(manager)).toBeEnabled();
    await expect
      .poll(async () => (await chargebackByApi(request, staff, lumenId, target.chargebackId)).status)
      .toBe('DONE');

    // The specialist, still looking at 'To do', starts working on it: the console finds the case changed.
    await expect(statusOf(specialist)).toHaveValue('TO_DO');
    await statusOf(specialist).selectOption({ label: 'In progress' });
    const question = specialist.getByRole('dialog', { name: 'The status has changed' });
    await expect(question).toBeVisible();
    await expect(question).toContainText('Another user changed this case while you were looking at it.');
    await question.getByRole('button', { name: 'Update' }).click();
    await expect(question).toBeHidden();
    await expect(statusOf(specialist)).toHaveValue('DONE');
    await expect(statusOf(specialist)).toBeEnabled();
    expect(await selectedLabel(statusOf(specialist))).toBe('Done');
    expect((await chargebackByApi(request, staff, lumenId, target.chargebackId)).status).toBe('DONE');
  } finally {
    await managerContext.close();
    await specialistContext.close();
  }

  // A client that still believes the case is to do is refused, and the case stays done.
  const stale = await patchChargebackStatusByApi(request, staff, lumenId, target.chargebackId, {
    status: 'IN_PROGRESS',
    expectedStatus: 'TO_DO',
  });
  expect(stale.status()).toBe(409);
  expect(((await stale.json()) as { error: string }).error).toBe('outdated-local-status');
  expect((await chargebackByApi(request, staff, lumenId, target.chargebackId)).status).toBe('DONE');
});

test('an administrator uploads dispute templates by mouse: refusals, a reason’s own template, its document, deletion', async ({
  page,
  request,
}) => {
  const staff = await apiSignInAdmin(request);
  const lumenId = accountIdOf(staff, LUMEN_ACCOUNT_ID);
  // A 'Not as described' case: the two-browser journey never takes one.
  const target = await oldestExpiredCase(request, staff, lumenId, { reason: ['NotAsDescribed'] });
  const letter = buildDocx([{ text: 'Dispute letter', bold: true }, 'Reason letter for {caseId}'], new Date());
  const zipNotWord = new PizZip().file('notes.txt', 'Not a Word document').generate({ type: 'nodebuffer' });
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
      'trailer << /Root 1 0 R >>\n%%EOF\n',
  );
  const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

  await signIn(page, lumenUser('administrator'));
  await sideBarLink(page, 'Dispute configuration').click();
  await expect(page).toHaveURL(/\/accounts\/[0-9a-f-]{36}\/dispute-configuration$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dispute configuration' })).toBeVisible();
  const slots = page.getByRole('list', { name: 'Dispute templates' });
  const slot = (name: string) => slots.getByRole('listitem', { name, exact: true });
  const notAsDescribed = slot('Not as described');
  await expect(notAsDescribed).toContainText('Not uploaded. Uses the Default template.');
  // Default is there and cannot be deleted.
  await expect(slot('Default')).toContainText('.docx');
  await expect(slot('Default').getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // Every upload the console sends, so a refusal can be told apart: the server's (after a call) or the console's.
  const uploadCalls: string[] = [];
  page.on('request', (call) => {
    if (call.method() === 'PUT' && call.url().includes('/chargeback-template/NotAsDescribed'))
      uploadCalls.push(call.url());
  });

  /** Upload in the slot, picking the file in the browser's file chooser. */
  const upload = async (file: { name: string; buffer: Buffer }) => {
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      notAsDescribed.getByRole('button', { name: /^(Upload|Replace)$/ }).click(),
    ]);
    await chooser.setFiles({ name: file.name, mimeType: docxType, buffer: file.buffer });
  };
  /** The refusal's modal, closed with 'Got It'; the slot stays as it was. */
  const refused = async (header: string, content: string) => {
    const modal = page.getByRole('dialog', { name: header });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText(content);
    await modal.getByRole('button', { name: 'Got It' }).click();
    await expect(modal).toBeHidden();
    await expect(notAsDescribed).toContainText('Not uploaded');
  };

  // A PDF renamed .docx, and a zip that is no Word document: the server reads the content and refuses both.
  const notWord = 'The file is not a Word document.';
  await upload({ name: 'evidence-letter.docx', buffer: pdf });
  await refused("We don't support this file format", notWord);
  await upload({ name: 'photos-archive.docx', buffer: zipNotWord });
  await refused("We don't support this file format", notWord);
  expect(uploadCalls).toHaveLength(2);
  // A name with a space and a '#', and a file one byte over 3 MB: the console refuses them without a call.
  await upload({ name: 'my letter#.docx', buffer: letter });
  await refused('File name invalid', 'The file name cannot include space and #');
  await upload({ name: 'big-template.docx', buffer: Buffer.alloc(3_145_729, 1) });
  await refused('The file is too big!', 'The file must not be larger than 3 MB');
  expect(uploadCalls).toHaveLength(2);

  // A real Word document fills the slot.
  const fileName = 'Reason-letter-not-as-described.docx';
  await upload({ name: fileName, buffer: letter });
  await expect(page.getByText('Uploaded successfully')).toBeVisible();
  expect(uploadCalls).toHaveLength(3);
  await expect(notAsDescribed).toContainText(fileName);

  // Its download is the very file uploaded.
  const [templateDownload] = await Promise.all([
    page.waitForEvent('download'),
    notAsDescribed.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(templateDownload.suggestedFilename()).toBe(fileName);
  expect((await readFile(await templateDownload.path())).equals(letter)).toBe(true);

  // A 'Not as described' case's document now comes from it, filled with the case id.
  await sideBarLink(page, 'Chargebacks').click();
  await expect(page).toHaveURL(CHARGEBACKS_LIST_PATH);
  const rows = bodyRows(page, chargebacksGrid(page));
  const search = page.getByRole('combobox', { name: 'Search Chargebacks' });
  await search.click();
  await search.fill(target.caseId!);
  await expect(rows).toHaveCount(1);
  await rows
    .first()
    .getByRole('gridcell', { name: new RegExp(`^${target.caseId} `) })
    .click();
  await expect(page).toHaveURL(CHARGEBACK_DETAIL_PATH);
  await expect(
    page.getByRole('heading', { level: 1, name: `Case ID: ${target.disputeId?.trim() || '-'}` }),
  ).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Download', exact: true }).click();
  const choice = page.getByRole('dialog', { name: 'Download dispute document' });
  await expect(choice.getByRole('combobox', { name: /Template/ })).toHaveValue('NotAsDescribed');
  const [caseDocument] = await Promise.all([
    page.waitForEvent('download'),
    choice.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect((await downloadedDocxText(caseDocument)).split('\n')).toContain(`Reason letter for ${target.caseId}`);

  // Deleting asks first; the slot then falls back to Default again.
  await sideBarLink(page, 'Dispute configuration').click();
  await expect(notAsDescribed).toContainText(fileName);
  await notAsDescribed.getByRole('button', { name: 'Delete' }).click();
  const question = page.getByRole('dialog', { name: 'Delete this template?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(question).toBeHidden();
  await expect(page.getByText('Deleted successfully')).toBeVisible();
  await expect(notAsDescribed).toContainText('Not uploaded. Uses the Default template.');
  await expect(slot('Default')).toContainText('.docx');
});

test('a viewer sees the queue and a case read-only, without status changes or downloads', async ({ page, request }) => {
  const staff = await apiSignInAdmin(request);
  const northwindId = accountIdOf(staff, NORTHWIND_ACCOUNT_ID);
  const { items } = await listChargebacksByApi(request, staff, northwindId);
  const first = items[0]!;
  const name = caseNameOf(first);

  await signIn(page, NORTHWIND_VIEWER, undefined, NORTHWIND_ACCOUNT_ID);
  // The templates are not for a viewer.
  await expect(sideBarLink(page, 'Dispute configuration')).toHaveCount(0);
  await sideBarLink(page, 'Chargebacks').click();
  await expect(page).toHaveURL(CHARGEBACKS_LIST_PATH);
  const grid = chargebacksGrid(page);
  const rows = bodyRows(page, grid);
  await expect(rows.first()).toBeVisible();

  // Badges and text instead of dropdowns; no selection and no export.
  await expect(grid.getByRole('combobox')).toHaveCount(0);
  await expect(grid.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toHaveCount(0);
  const headers = (await grid.getByRole('columnheader').allTextContents()).map((header) => header.trim());
  const statusColumn = headers.indexOf('Status');
  expect(statusColumn).toBeGreaterThanOrEqual(0);
  await expect(rows.first()).toContainText(first.caseId ?? name);
  await expect(rows.first().getByRole('gridcell').nth(statusColumn)).toHaveText(STATUS_LABELS[first.status]!);

  // The row menu offers the detail only.
  await rows
    .first()
    .getByRole('button', { name: `Actions for Case ${name}` })
    .click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveCount(1);
  await menu.getByRole('menuitem', { name: /View detail/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dispute-manager/${first.chargebackId}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: `Case ID: ${first.disputeId?.trim() || '-'}` }),
  ).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'Download', exact: true })).toHaveCount(0);
  await expect(main.getByRole('combobox')).toHaveCount(0);
  await expect(main.getByText(STATUS_LABELS[first.status]!, { exact: true }).first()).toBeVisible();

  // Neither the keys nor the palette change or download anything.
  await page.keyboard.press('s');
  await page.keyboard.press('d');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await page.keyboard.type('download dispute');
  await expect(palette.getByRole('option', { name: /^Download dispute document/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
});
