import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { type ApiSession, bodyRows, DEMO_PASSWORD, lumenUser, signInWithKeyboard, tabTo } from './support/console';
import { expect, test } from './support/test';

// Issue 26 by keyboard alone: a query typed in the palette, with completion and a live count, opens the filtered
// transactions with the filter bar agreeing; saved as a shared view, it opens from another user's palette; a viewer
// is never offered to share.

const QUERY_REST = ' currency:eur created:>30d';
const NORTHWIND_VIEWER = { username: 'viewer@northwind.example', accountId: '199634' };

async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  return palette;
}

test('a palette query opens the filtered list, is shared as a view, and opens from a colleague’s palette', async ({
  browser,
}) => {
  const viewName = `EUR successes ${Date.now().toString(36)}`;

  const managerContext = await browser.newContext();
  const page = await managerContext.newPage();
  await signInWithKeyboard(page, lumenUser('manager'));

  const palette = await openPalette(page);
  await page.keyboard.type('status:succ');
  const complete = palette.getByRole('group', { name: 'Complete' });
  await expect(complete.getByRole('option').first()).toContainText(/success/i);
  await page.keyboard.press('Tab');
  const input = palette.getByRole('combobox');
  await expect(input).toHaveValue('status:success');
  await page.keyboard.type(QUERY_REST);
  const open = palette.getByRole('option', { name: /Show transactions/ });
  await expect(open).toContainText(/(\d[\d,.]*|\+10k) transactions/);
  await expect(open).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousViolations(page, 'palette query mode');
  const counted = ((await open.textContent()) ?? '').match(/(\d[\d,.]*|\+10k) transactions/)?.[1] ?? '';
  await page.keyboard.press('Enter');

  await page.waitForURL(/\/transactions\?/);
  const address = new URL(page.url()).searchParams;
  expect(address.getAll('status')).toEqual(['SUCCESS']);
  expect(address.getAll('currency')).toEqual(['EUR']);
  expect(address.get('creationDate')).toBeTruthy();
  const grid = page.getByRole('grid', { name: 'Transactions' });
  const rows = bodyRows(page, grid);
  await expect(rows.first()).toBeVisible();
  // The rows are those the query asks for, and the list counts what the palette counted.
  for (const row of await rows.all()) {
    await expect(row).toContainText('Success');
    await expect(row).toContainText('EUR');
  }
  await expect(page.locator('.data-table__count')).toContainText(`of ${counted}`);
  // The filter bar shows the same filters.
  const filters = page.getByRole('group', { name: 'Filters' });
  await expect(filters.getByRole('button', { name: /^Status Success$/ })).toBeVisible();
  await expect(filters.getByRole('button', { name: /^Currency EUR/ })).toBeVisible();

  // Hide a column by the palette's command and the keyboard: the view keeps it.
  const headers = grid.getByRole('columnheader');
  const columnCount = await headers.count();
  await openPalette(page);
  await page.keyboard.type('choose columns');
  await page.keyboard.press('Enter');
  const columnsMenu = page.getByRole('menu', { name: 'Columns' });
  await expect(columnsMenu).toBeVisible();
  await expectNoSeriousViolations(page, 'Columns menu');
  const countryColumn = columnsMenu.getByRole('menuitemcheckbox', { name: 'Card country' });
  // Down the list by the arrows, as a keyboard user goes (the menu focuses its first item on opening).
  const focused = () => countryColumn.evaluate((item) => item === document.activeElement);
  for (let step = 0; step < 20 && !(await focused()); step += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(countryColumn).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Escape');
  await expect(columnsMenu).toBeHidden();
  await expect(headers).toHaveCount(columnCount - 1);
  await expect(grid.getByRole('columnheader', { name: 'Card country' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Columns (1 hidden)' })).toBeVisible();

  // Save it as a shared view, by the palette's command and the keyboard.
  await openPalette(page);
  await page.keyboard.type('save view');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.keyboard.type(viewName);
  await tabTo(page, dialog.getByRole('checkbox', { name: 'Share with the account' }));
  await page.keyboard.press('Space');
  await expectNoSeriousViolations(page, 'Save view dialog');
  await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `View: ${viewName}` })).toBeVisible();
  await managerContext.close();

  // Another user of the account opens it from the palette.
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await signInWithKeyboard(colleague, lumenUser('payments-specialist'));
  const theirs = await openPalette(colleague);
  await colleague.keyboard.type(viewName);
  const viewOption = theirs.getByRole('option', { name: new RegExp(`View: ${viewName}`) });
  await expect(viewOption).toContainText('Shared');
  await expect(viewOption).toHaveAttribute('aria-selected', 'true');
  await colleague.keyboard.press('Enter');
  await colleague.waitForURL(/\/transactions\?/);
  const opened = new URL(colleague.url()).searchParams;
  expect(opened.getAll('status')).toEqual(['SUCCESS']);
  expect(opened.getAll('currency')).toEqual(['EUR']);
  const theirGrid = colleague.getByRole('grid', { name: 'Transactions' });
  await expect(bodyRows(colleague, theirGrid).first()).toContainText('EUR');
  await expect(theirGrid.getByRole('columnheader')).toHaveCount(columnCount - 1);
  await expect(theirGrid.getByRole('columnheader', { name: 'Card country' })).toHaveCount(0);
  await colleagueContext.close();
});

test('a viewer saves personal views only: sharing is not offered, and the server refuses it', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Northwind's viewer: the password journey changes Lumen's viewer's password earlier in the suite.
  await signInWithKeyboard(page, NORTHWIND_VIEWER.username, DEMO_PASSWORD, NORTHWIND_VIEWER.accountId);
  await page.keyboard.press('g');
  await page.keyboard.press('t');
  await expect(page.getByRole('grid', { name: 'Transactions' })).toBeVisible();
  // 'Save view…' comes with the Views menu, once the list's views are in.
  await expect(page.getByRole('button', { name: 'Views' })).toBeVisible();
  await openPalette(page);
  await page.keyboard.type('save view');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await expect(dialog.getByRole('checkbox', { name: 'Share with the account' })).toHaveCount(0);
  await expect(dialog.getByRole('checkbox', { name: 'Make this my default view' })).toBeVisible();
  await page.keyboard.press('Escape');

  await context.close();

  // The console never offers it; the API refuses it all the same (signed in after the browser: one session a user).
  const login = await request.post('/api/user/login', {
    data: { ...NORTHWIND_VIEWER, password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const session = (await login.json()) as ApiSession;
  const northwind = session.accounts.find((account) => account.shortId === NORTHWIND_VIEWER.accountId)!;
  const answer = await request.post(`/api/account/${northwind.accountId}/saved-view`, {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      list: 'account/transactions',
      name: 'Viewer share attempt',
      shared: true,
      query: '',
      filters: {},
      search: '',
      sort: null,
      pageSize: 50,
      columns: null,
    },
  });
  expect(answer.status()).toBe(403);
});
