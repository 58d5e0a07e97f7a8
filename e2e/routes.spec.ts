import { expectNoSeriousViolations } from './support/axe';
import { bodyRows, lumenUser, signIn } from './support/console';
import { expect, test } from './support/test';

// Routes (issue 14, first part): an administrator reads a merchant's routes and one route's detail by mouse, and
// duplicates it; g r reaches the list from the keyboard.

test('an administrator reads a route, duplicates it and finds the copy at weight 0', async ({ page }) => {
  await signIn(page, lumenUser('administrator'));
  await page.getByRole('navigation').getByRole('link', { name: 'Merchants' }).click();
  const merchants = page.getByRole('grid', { name: 'Merchants' });
  await bodyRows(page, merchants).first().getByRole('gridcell').first().click();
  await expect(page.getByRole('heading', { name: 'Merchant Detail', level: 1 })).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('r');
  await expect(page.getByRole('heading', { name: 'Routes', level: 1 })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Routes' });
  const rows = bodyRows(page, grid);
  await expect(rows.first()).toBeVisible();
  await expectNoSeriousViolations(page, 'routes list');

  const first = rows.first();
  // The description alone: a route that never takes payments has the routing lint's badge under it (issue 28).
  const description =
    (await first.getByRole('gridcell').first().locator('.route-description__text').textContent())?.trim() ?? '';
  // The priority cell: the description cell may hold the badge, whose click opens its check instead.
  await first.getByRole('gridcell').nth(1).click();
  await expect(page.getByRole('heading', { name: 'Route Detail', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Variables' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'MID' }).getByRole('link')).toBeVisible();
  await expectNoSeriousViolations(page, 'route detail');

  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByText('Duplicated successfully')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Routes' }).click();
  const copy = grid.getByRole('row', {
    name: new RegExp(`Copy of ${description.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  });
  await expect(copy).toBeVisible();
  await expect(copy.getByRole('gridcell').nth(2)).toHaveText('0');

  // The routing lint (issue 28) says so: the summary above the list counts it, and its badge tells why.
  await expect(page.getByText(/routes? never takes? payments: .*with weight 0\./)).toBeVisible();
  await copy.getByRole('button', { name: /^Weight 0/ }).click();
  const why = page.getByRole('dialog', { name: `Copy of ${description}` });
  await expect(why.getByText('Never takes payments: its weight is 0.')).toBeVisible();
  await expectNoSeriousViolations(page, 'a route check');
  await page.keyboard.press('Escape');
  await expect(why).toBeHidden();
  await expect(copy.getByRole('button', { name: /^Weight 0/ })).toBeFocused();
});
