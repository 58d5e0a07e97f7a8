import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import PizZip from 'pizzip';
import { expectNoSeriousViolations } from './support/axe';
import {
  bodyRows,
  lumenUser,
  MERCHANT_DETAIL_PATH,
  merchantsGrid,
  signIn,
  signInWithKeyboard,
} from './support/console';
import { expect, test } from './support/test';

// The dashboard (issue 17) against the demo payments: by keyboard, an administrator exports the transactions behind a
// KPI box, and behind Top 5 rejected errors, and each ZIP's CSV holds exactly as many rows as the box counts; by mouse, a manager changes the range, the
// currency and the chart's month, at account and merchant level. Every state is scanned with axe.

const DASHBOARD_PATH = /\/accounts\/[0-9a-f-]{36}\/dashboard(\?.*)?$/;
const MERCHANT_DASHBOARD_PATH = /\/accounts\/[0-9a-f-]{36}\/merchants\/[0-9a-f-]{36}\/dashboard(\?.*)?$/;

/** The boxes whose export is a file of their own rows, with the digit that opens each one's menu. */
const EXPORTABLE_BOXES = [
  { title: 'Refunds', key: '6' },
  { title: 'Chargebacks', key: '7' },
  { title: 'Fallback sales', key: '5' },
  { title: 'Rejected', key: '3' },
  { title: 'Sales', key: '2' },
  { title: 'Total', key: '1' },
] as const;
/** Up to this many rows an export is the response itself (more are e-mailed). */
const FILE_EXPORT_LIMIT = 10_000;

const box = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
/** The box's figure as a number ('1.234' is 1234). */
async function figureOf(region: Locator): Promise<number> {
  const text = (await region.locator('.dashboard-kpi__figure').textContent()) ?? '';
  return Number(text.replaceAll('.', ''));
}

/** Records of a CSV: newlines inside quoted fields do not end a record. */
function csvRecords(text: string): number {
  let records = 0;
  let quoted = false;
  let content = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '"') quoted = !quoted;
    if (!quoted && (char === '\n' || char === '\r')) {
      if (content) records += 1;
      content = false;
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      continue;
    }
    content = true;
  }
  return content ? records + 1 : records;
}

/** The rows of the ZIP's one CSV, header excluded. */
async function zipCsvRows(download: Download): Promise<number> {
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 2).toString('latin1'), 'a ZIP file').toBe('PK');
  const zip = new PizZip(bytes);
  const csv = Object.values(zip.files).find((file) => !file.dir && file.name.endsWith('.csv'));
  expect(csv, 'the ZIP holds a CSV').toBeDefined();
  return csvRecords(csv!.asText().replace(/^\uFEFF/, '')) - 1;
}

test('an administrator exports a KPI box by keyboard: the ZIP holds as many rows as the box counts', async ({
  page,
}) => {
  const { keyboard } = page;
  await signInWithKeyboard(page, lumenUser('administrator'));

  // g then d: the account's dashboard.
  await keyboard.press('g');
  await keyboard.press('d');
  await expect(page).toHaveURL(DASHBOARD_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(box(page, 'Total')).toContainText(/vs /);

  // r then 3: the last 30 days, compared with the 30 before.
  await keyboard.press('r');
  await keyboard.press('3');
  await expect(page).toHaveURL(/range=last-30-days/);
  await expect(box(page, 'Total')).toContainText('vs last 30 days');
  await expect(page.getByRole('combobox', { name: 'Date range' })).toHaveValue('last-30-days');
  await expectNoSeriousViolations(page, 'account dashboard, last 30 days');

  // The first box with something to export that fits in a file.
  let chosen: (typeof EXPORTABLE_BOXES)[number] | undefined;
  let expected = 0;
  for (const candidate of EXPORTABLE_BOXES) {
    const figure = await figureOf(box(page, candidate.title));
    if (figure > 0 && figure <= FILE_EXPORT_LIMIT) {
      chosen = candidate;
      expected = figure;
      break;
    }
  }
  expect(chosen, 'a KPI box with 1 to 10,000 transactions').toBeDefined();

  // The box's digit opens its menu with 'Export transactions' focused; Enter downloads the ZIP.
  await keyboard.press(chosen!.key);
  const menu = page.getByRole('menu', { name: `Actions for ${chosen!.title}` });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Export transactions' })).toBeFocused();
  await expectNoSeriousViolations(page, `the ${chosen!.title} box's open menu`);
  const [download] = await Promise.all([page.waitForEvent('download'), keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  expect(await zipCsvRows(download)).toBe(expected);
  await expect(menu).toBeHidden();

  // 4: Top 5 rejected errors. Its file holds the rejected payments of the five codes it lists, no other.
  const errors = box(page, 'Top 5 rejected errors');
  const listed = (await errors.locator('.dashboard-errors__total').allTextContents()).map((text) =>
    Number(text.replaceAll('.', '')),
  );
  expect(listed).toHaveLength(5);
  const errorRows = listed.reduce((sum, total) => sum + total, 0);
  expect(errorRows).toBeLessThanOrEqual(FILE_EXPORT_LIMIT);
  await keyboard.press('4');
  const errorsMenu = page.getByRole('menu', { name: 'Actions for Top 5 rejected errors' });
  await expect(errorsMenu.getByRole('menuitem', { name: 'Export transactions' })).toBeFocused();
  const [errorsDownload] = await Promise.all([page.waitForEvent('download'), keyboard.press('Enter')]);
  expect(await zipCsvRows(errorsDownload)).toBe(errorRows);
});

test('a manager changes range, currency and the chart month by mouse, on the account and on a merchant', async ({
  page,
}) => {
  await signIn(page, lumenUser('manager'));
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: /^Dashboard/ })
    .click();
  await expect(page).toHaveURL(DASHBOARD_PATH);
  await expect(box(page, 'Total')).toContainText(/vs /);
  await expectNoSeriousViolations(page, 'account dashboard');

  // Last month is compared with the month before it, named.
  await page.getByRole('combobox', { name: 'Date range' }).selectOption({ label: 'Last month' });
  await expect(page).toHaveURL(/range=last-month/);
  const now = new Date();
  const twoMonthsAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1)).toLocaleString('en-GB', {
    month: 'long',
    timeZone: 'UTC',
  });
  await expect(box(page, 'Total')).toContainText(`vs ${twoMonthsAgo}`);

  // Amounts in US dollars: every box with an amount shows it in USD, or the warning where a rate is missing.
  await page.getByRole('combobox', { name: 'View amount in' }).selectOption('USD');
  await expect(page).toHaveURL(/currency=USD/);
  await expect(box(page, 'Total')).toContainText(
    /USD|The total amount in the selected currency is unavailable at the time\. Please, try it again later\./,
  );

  // The chart's month, with the same days as a table.
  const chart = page.getByRole('region', { name: 'Daily sales' });
  await chart.getByRole('combobox', { name: 'Month of the daily sales chart' }).selectOption({ label: 'Last month' });
  await expect(page).toHaveURL(/chart=last-month/);
  await chart.getByText('Daily sales as a table').click();
  const table = chart.getByRole('table', { name: 'Daily sales, last month' });
  const daysLastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).getUTCDate();
  await expect(table.getByRole('row')).toHaveCount(daysLastMonth + 1);
  await expectNoSeriousViolations(page, 'account dashboard with the daily table open');

  // The Total box's menu, by mouse.
  await box(page, 'Total').getByRole('button', { name: 'Actions for Total' }).click();
  await expect(page.getByRole('menu', { name: 'Actions for Total' })).toBeVisible();
  await expectNoSeriousViolations(page, "the Total box's open menu");
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu', { name: 'Actions for Total' })).toBeHidden();

  // A merchant's own dashboard, from its side bar.
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: /^Merchants/ })
    .click();
  await bodyRows(page, merchantsGrid(page)).first().getByRole('gridcell').first().click();
  await expect(page).toHaveURL(MERCHANT_DETAIL_PATH);
  await page
    .getByRole('navigation', { name: 'Merchant sections' })
    .getByRole('link', { name: /^Dashboard/ })
    .click();
  await expect(page).toHaveURL(MERCHANT_DASHBOARD_PATH);
  await expect(box(page, 'Total')).toContainText(/vs /);
  await page.getByRole('combobox', { name: 'Date range' }).selectOption({ label: 'Last 7 days' });
  await expect(box(page, 'Total')).toContainText('vs last 7 days');
  await expectNoSeriousViolations(page, 'merchant dashboard');
});
