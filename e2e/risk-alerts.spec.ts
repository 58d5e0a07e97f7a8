import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import {
  type ApiSession,
  apiSignInAdmin,
  bodyRows,
  lumenAccountIdOf,
  lumenUser,
  merchantsGrid,
  shownTotal,
  signIn,
  signInWithKeyboard,
  tabTo,
} from './support/console';
import { expect, test } from './support/test';

// Risk management (issue 17) against the demo alerts: the account's list by keyboard (g k, a Type filter, Enter on a
// row opens its transaction in a new tab), a merchant's list by mouse (Card brand filter, the row menu's 'Transaction
// detail', Export), and axe on both lists with the Type tooltip and the row menu open. Expected rows and counts come
// from the API as provider staff, never hard-coded: the demo data is deterministic but dated relative to now.

const RISK_MANAGEMENT_PATH = /\/accounts\/[0-9a-f-]{36}\/risk-management(\?.*)?$/;
const MERCHANT_RISK_MANAGEMENT_PATH = /\/accounts\/[0-9a-f-]{36}\/merchants\/[0-9a-f-]{36}\/risk-management(\?.*)?$/;

interface AlertItem {
  transactionId: string;
  merchantId: string;
  type: string;
  paymentMethod: string;
  caid: string;
}

async function listAlertsByApi(
  request: APIRequestContext,
  staff: ApiSession,
  path: string,
  params: Record<string, string> = {},
): Promise<{ total: number; items: AlertItem[] }> {
  const response = await request.get(`/api${path}`, {
    headers: { authorization: `Bearer ${staff.token}` },
    params: { limit: '50', ...params },
  });
  expect(response.ok(), `GET ${path} answers 200 (${response.status()})`).toBe(true);
  return (await response.json()) as { total: number; items: AlertItem[] };
}

const alertsGrid = (page: Page) => page.getByRole('grid', { name: 'Risk alerts' });

/** The text of a row's cell under a column header. */
async function cellText(grid: Locator, row: Locator, header: string): Promise<string> {
  const headers = (await grid.getByRole('columnheader').allTextContents()).map((text) => text.replace(/[▲▼↕]/g, ''));
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return ((await row.getByRole('gridcell').nth(index).textContent()) ?? '').trim();
}

/** The transaction a new tab shows: its merchant-level detail, with the transaction's id on screen. */
async function expectTransactionTab(tab: Page, merchantId: string, transactionId: string) {
  await expect(tab).toHaveURL(new RegExp(`/merchants/${merchantId}/transactions/detail/${transactionId}$`));
  await expect(tab.getByRole('heading', { level: 1, name: 'Transaction Detail' })).toBeVisible();
  await expect(tab.getByText(transactionId).first()).toBeVisible();
}

async function newTabFrom(context: BrowserContext, action: () => Promise<void>): Promise<Page> {
  const opened = context.waitForEvent('page');
  await action();
  return opened;
}

test('a manager filters the risk alerts by type and opens an alert’s transaction in a new tab, by keyboard alone', async ({
  page,
  context,
  request,
}) => {
  const staff = await apiSignInAdmin(request);
  const lumenId = lumenAccountIdOf(staff);
  const rdr = await listAlertsByApi(request, staff, `/account/${lumenId}/transactionalert`, { 'type[]': 'RDR' });
  expect(rdr.total, 'Lumen has RDR alerts in the demo data').toBeGreaterThan(0);
  const { keyboard } = page;

  await signInWithKeyboard(page, lumenUser('manager'));

  // g then k: the account's risk management, its Alerts tab.
  await keyboard.press('g');
  await keyboard.press('k');
  await expect(page).toHaveURL(RISK_MANAGEMENT_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Risk management' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Alerts' })).toHaveAttribute('aria-selected', 'true');
  const grid = alertsGrid(page);
  const rows = bodyRows(page, grid);
  await expect(rows.first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search Risk alerts' })).toHaveAttribute(
    'placeholder',
    'Search by Transaction ID, CAID or MID ID',
  );

  // The filters by keyboard: '/' to the search, Tab to 'Show filters', then to Type, Space on RDR.
  await keyboard.press('/');
  await expect(page.getByRole('combobox', { name: 'Search Risk alerts' })).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Show filters' }));
  await keyboard.press('Enter');
  const typeTrigger = page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: /^Type/ });
  await tabTo(page, typeTrigger);
  await keyboard.press('Enter');
  const rdrBox = page.getByRole('group', { name: 'Type' }).getByRole('checkbox', { name: 'RDR', exact: true });
  await tabTo(page, rdrBox);
  await keyboard.press('Space');
  await expect(rdrBox).toBeChecked();
  await expect(page).toHaveURL(/[?&]type=RDR(&|$)/);
  await keyboard.press('Escape');
  await expect.poll(() => shownTotal(page)).toBe(Math.min(rdr.total, 10_001));
  for (const row of (await rows.all()).slice(0, 5)) {
    expect(await cellText(grid, row, 'Type')).toBe('RDR');
  }

  // Into the grid: Tab lands on it with the first row active; j moves on; Enter opens that alert's transaction in a
  // new tab, while this tab keeps the list.
  await tabTo(page, grid, 40);
  await expect(rows.first()).toHaveAttribute('aria-current', 'true');
  await keyboard.press('j');
  const active = grid.locator('[role="row"][aria-current="true"]');
  await expect(active).toHaveAttribute('aria-rowindex', '3');
  const transactionId = await cellText(grid, active, 'Transaction ID');
  const alert = rdr.items.find((item) => item.transactionId === transactionId);
  expect(alert, 'the active row is one of the API’s RDR alerts').toBeDefined();
  const tab = await newTabFrom(context, () => keyboard.press('Enter'));
  await expectTransactionTab(tab, alert!.merchantId, transactionId);
  await expect(page).toHaveURL(/[?&]type=RDR(&|$)/);
  await tab.close();

  // The row menu by its key: '.' opens it, Enter on 'Transaction detail' opens the same page.
  await page.bringToFront();
  await grid.focus();
  await keyboard.press('.');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: /Transaction detail/ })).toBeFocused();
  const again = await newTabFrom(context, () => keyboard.press('Enter'));
  await expectTransactionTab(again, alert!.merchantId, transactionId);
  await again.close();
});

test("a payments specialist reads a merchant's risk alerts by mouse, opens one's transaction and exports them", async ({
  page,
  context,
  request,
}) => {
  const staff = await apiSignInAdmin(request);
  const lumenId = lumenAccountIdOf(staff);
  const mastercard = await listAlertsByApi(request, staff, `/account/${lumenId}/transactionalert`, {
    'paymentMethod[]': 'MC',
  });
  expect(mastercard.total, 'Lumen has Mastercard alerts in the demo data').toBeGreaterThan(0);
  const merchantId = mastercard.items[0]!.merchantId;
  const merchantResponse = await request.get(`/api/account/${lumenId}/merchant/${merchantId}`, {
    headers: { authorization: `Bearer ${staff.token}` },
  });
  expect(merchantResponse.ok()).toBe(true);
  const { prettyName } = (await merchantResponse.json()) as { prettyName: string };
  const merchantAlerts = await listAlertsByApi(request, staff, `/merchant/${merchantId}/transactionalert`, {
    'paymentMethod[]': 'MC',
  });

  await signIn(page, lumenUser('payments-specialist'));
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await sections.getByRole('link', { name: /^Risk management/ }).click();
  await expect(page).toHaveURL(RISK_MANAGEMENT_PATH);
  await expect(bodyRows(page, alertsGrid(page)).first()).toBeVisible();

  // Into the merchant: Merchants, its row, then its own Risk management.
  await sections.getByRole('link', { name: /^Merchants/ }).click();
  await page.getByRole('searchbox', { name: 'Search Merchants' }).fill(prettyName);
  const merchantRow = bodyRows(page, merchantsGrid(page)).filter({ hasText: prettyName }).first();
  await merchantRow.getByRole('gridcell').first().click();
  await page
    .getByRole('navigation', { name: 'Merchant sections' })
    .getByRole('link', { name: /^Risk management/ })
    .click();
  await expect(page).toHaveURL(MERCHANT_RISK_MANAGEMENT_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Risk management' })).toBeVisible();
  const grid = alertsGrid(page);
  const rows = bodyRows(page, grid);
  await expect(rows.first()).toBeVisible();

  // Card brand: Mastercard, by mouse.
  await page.getByRole('button', { name: 'Show filters' }).click();
  await page
    .getByRole('group', { name: 'Filters' })
    .getByRole('button', { name: /^Card brand/ })
    .click();
  await page.getByRole('group', { name: 'Card brand' }).getByRole('checkbox', { name: 'Mastercard' }).check();
  await expect(page).toHaveURL(/[?&]paymentMethod=MC(&|$)/);
  await page.keyboard.press('Escape');
  await expect.poll(() => shownTotal(page)).toBe(Math.min(merchantAlerts.total, 10_001));
  const first = rows.first();
  expect(await cellText(grid, first, 'Card brand')).toBe('Mastercard');

  // The row menu's 'Transaction detail' opens the payment in a new tab.
  const transactionId = await cellText(grid, first, 'Transaction ID');
  await first.getByRole('button', { name: /^Actions for/ }).click();
  const tab = await newTabFrom(context, () => page.getByRole('menuitem', { name: /Transaction detail/ }).click());
  await expectTransactionTab(tab, merchantId, transactionId);
  await tab.close();

  // Export: enabled once the rows are there; the file downloads as a ZIP.
  const exportButton = page.getByRole('button', { name: 'Export' });
  await expect(exportButton).toBeEnabled();
  const download = page.waitForEvent('download');
  await exportButton.click();
  expect((await download).suggestedFilename()).toMatch(/\.zip$/);
});

test('the risk alerts lists, the Type tooltip and the row menu pass axe', async ({ page, request }) => {
  const staff = await apiSignInAdmin(request);
  const lumenId = lumenAccountIdOf(staff);
  const { items } = await listAlertsByApi(request, staff, `/account/${lumenId}/transactionalert`);
  const merchantId = items[0]!.merchantId;

  await signIn(page, lumenUser('administrator'));
  await page.goto(`/accounts/${lumenId}/risk-management`);
  const grid = alertsGrid(page);
  await expect(bodyRows(page, grid).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'account risk alerts');

  // The Type tooltip, shown by keyboard focus as keyboard users see it.
  const about = grid.getByRole('button', { name: 'About Type' });
  await about.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText('Rapid Dispute Resolution');
  await expect(tooltip).toContainText('Compelling Evidence');
  await expectNoSeriousViolations(page, 'risk alerts Type tooltip');
  await page.keyboard.press('Escape');

  await bodyRows(page, grid)
    .first()
    .getByRole('button', { name: /^Actions for/ })
    .click();
  await expect(page.getByRole('menuitem', { name: /Transaction detail/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'risk alerts row menu');
  await page.keyboard.press('Escape');

  await page.goto(`/accounts/${lumenId}/merchants/${merchantId}/risk-management`);
  await expect(bodyRows(page, alertsGrid(page)).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'merchant risk alerts');
});
