import { expectNoSeriousViolations } from './support/axe';
import { bodyRows, lumenUser, signIn } from './support/console';
import { expect, test } from './support/test';

// The routing simulator (issue 14; spec 2, section 2.5): an administrator opens a merchant, reaches the simulator from
// the palette by keyboard, simulates a EUR order (every demo merchant has a default route, and most have EUR routes)
// and reads where its traffic would go: a chart drawn by the lazily loaded echarts chunk, and a table whose serving
// routes add up to 100%.

test('an administrator simulates an order by keyboard and sees the traffic distribution', async ({ page }) => {
  await signIn(page, lumenUser('administrator'));
  await page.getByRole('navigation').getByRole('link', { name: 'Merchants' }).click();
  const merchants = page.getByRole('grid', { name: 'Merchants' });
  await bodyRows(page, merchants).first().getByRole('gridcell').first().click();
  await expect(page.getByRole('heading', { name: 'Merchant Detail', level: 1 })).toBeVisible();

  const { keyboard } = page;
  await keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await keyboard.type('Simulate an order');
  await expect(palette.getByRole('option', { name: /^Simulate an order/ })).toHaveAttribute('aria-selected', 'true');
  await keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Simulator', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/merchants\/[0-9a-f-]{36}\/simulator/);
  const distribution = page.getByRole('region', { name: 'Traffic distribution' });
  await expect(distribution).toContainText('Simulate an order to see how the traffic would be distributed.');

  // The order's first field has the keyboard; a 7-digit BIN is refused without a call.
  const currency = page.getByRole('combobox', { name: 'Currency' });
  await expect(currency).toBeFocused();
  const bin = page.getByRole('textbox', { name: 'BIN code' });
  await bin.focus();
  await keyboard.type('41111e1-1');
  await expect(bin).toHaveValue('4111111');
  await keyboard.press('Enter');
  await expect(page.getByText('It must be a 6 digits code')).toBeVisible();
  await expect(bin).toBeFocused();
  await keyboard.press('Backspace');
  await expect(page.getByText('It must be a 6 digits code')).toBeHidden();

  await currency.focus();
  await keyboard.type('eur');
  await expect(currency).toHaveValue('EUR');
  await keyboard.press('Enter');

  const table = distribution.getByRole('table', { name: 'Existing routes' });
  await expect(table).toBeVisible();
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows.first()).toBeVisible();
  const serving = rows.filter({ hasText: 'Serving' });
  expect(await serving.count()).toBeGreaterThan(0);
  const shares = await serving.evaluateAll((elements) =>
    elements.map((row) => Number((row.children[3]?.textContent ?? '').replace('%', '').replace(',', '.'))),
  );
  expect(shares.every((share) => share > 0)).toBe(true);
  expect(Math.round(shares.reduce((sum, share) => sum + share, 0) * 10) / 10).toBe(100);
  // Every row's share has one decimal and '%'.
  for (const text of await rows.evaluateAll((elements) => elements.map((row) => row.children[3]?.textContent ?? ''))) {
    expect(text).toMatch(/^\d{1,3},\d%$/);
  }
  // The chart of the same figures, drawn by the echarts chunk loaded for it.
  await expect(distribution.locator('.simulator-chart svg')).toBeVisible();
  await expectNoSeriousViolations(page, 'simulator');

  // A route's name opens its detail.
  const firstRoute = rows.first().getByRole('link');
  const name = (await firstRoute.textContent())?.trim() ?? '';
  await firstRoute.click();
  await expect(page.getByRole('heading', { name: 'Route Detail', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Main information' })).toContainText(name);

  // g s comes back to the simulator.
  await keyboard.press('g');
  await keyboard.press('s');
  await expect(page.getByRole('heading', { name: 'Simulator', level: 1 })).toBeVisible();
});
