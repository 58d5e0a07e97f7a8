import {
  activeRow,
  bodyRows,
  DEMO_PASSWORD,
  LUMEN_ACCOUNT_ID,
  lumenUser,
  MERCHANT_DETAIL_PATH,
  MERCHANTS_LIST_PATH,
  merchantsGrid,
  shownTotal,
} from './support/console';
import { expect, test } from './support/test';

test('an account administrator works the console with the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  const { keyboard } = page;

  // The Account ID field has the focus on arrival (waited for: keys typed before the form renders are lost); Tab
  // walks the form and Enter submits it.
  await expect(page.getByLabel('Account ID')).toBeFocused();
  await keyboard.type(LUMEN_ACCOUNT_ID);
  await keyboard.press('Tab');
  await keyboard.type(lumenUser('administrator'));
  await keyboard.press('Tab');
  await keyboard.type(DEMO_PASSWORD);
  await keyboard.press('Enter');

  // The first screen an account user may see is their account's merchants list.
  await expect(page).toHaveURL(MERCHANTS_LIST_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
  // The demo's seven merchants, and any an earlier journey of the suite created: one row each.
  await expect(page.getByText(/^\d+-\d+ of \d+$/)).toBeVisible();
  const merchantCount = await shownTotal(page);
  expect(merchantCount).toBeGreaterThanOrEqual(7);
  await expect(bodyRows(page)).toHaveCount(merchantCount);
  const listPath = new URL(page.url()).pathname;

  // The palette finds a merchant by part of its name and opens it.
  await keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await keyboard.type('urban moss bo');
  await expect(palette.getByRole('option', { name: /^Urban Moss Books/ })).toHaveAttribute('aria-selected', 'true');
  await keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(MERCHANT_DETAIL_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Merchant Detail' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Urban Moss Books', { exact: true }).first()).toBeVisible();

  // g then m jumps back to the merchants list.
  await keyboard.press('g');
  await keyboard.press('m');
  await expect(page).toHaveURL((url) => url.pathname === listPath);
  await expect(bodyRows(page)).toHaveCount(merchantCount);

  // '/' searches the table; Escape hands the keys back to the rows, starting at the first.
  await keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Search Merchants' });
  await expect(search).toBeFocused();
  await keyboard.type('fit');
  await expect(page).toHaveURL(/[?&]search=fit(&|$)/);
  await expect(bodyRows(page)).toHaveCount(3);
  const rows = bodyRows(page);
  await expect(rows.nth(0)).toHaveAccessibleName(/^Blue Harbor Fitness Club/);
  await keyboard.press('Escape');
  await expect(merchantsGrid(page)).toBeFocused();
  await expect(rows.nth(0)).toHaveAttribute('aria-current', 'true');

  await keyboard.press('j');
  await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(rows.nth(0)).not.toHaveAttribute('aria-current', 'true');
  await keyboard.press('j');
  await expect(rows.nth(2)).toHaveAttribute('aria-current', 'true');
  await expect(activeRow(page)).toHaveCount(1);
  await expect(activeRow(page)).toHaveAccessibleName(/^Red Kite Outfitters/);
  const listUrl = page.url();

  await keyboard.press('Enter');
  await expect(page).toHaveURL(MERCHANT_DETAIL_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Merchant Detail' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Red Kite Outfitters', { exact: true }).first()).toBeVisible();

  // Browser Back. Headless Chromium has no browser UI to turn Alt+Left into a history step, so the history step
  // is taken directly: what is under test is how the console restores the list, not the browser's accelerator.
  await page.goBack();
  await expect(page).toHaveURL(listUrl);
  await expect(search).toHaveValue('fit');
  await expect(bodyRows(page)).toHaveCount(3);

  // '?' opens the shortcuts sheet; Escape closes that sheet and nothing else.
  await keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(listUrl);
  await expect(search).toHaveValue('fit');
  await expect(bodyRows(page)).toHaveCount(3);

  // Signing out through the palette lands on the sign-in page.
  await keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  await keyboard.type('log out');
  await expect(palette.getByRole('option', { name: /^Log out/ })).toHaveAttribute('aria-selected', 'true');
  await keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.getByLabel('Account ID')).toBeVisible();
});
