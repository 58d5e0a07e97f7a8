import { bodyRows, MERCHANT_DETAIL_PATH, MERCHANTS_LIST_PATH, merchantsGrid, signInAdmin } from './support/console';
import { expect, test } from './support/test';

test('provider staff find a merchant with the mouse', async ({ page }) => {
  await signInAdmin(page, 'admin@ops.example');

  // Provider staff start on the accounts they are linked to.
  await expect(page).toHaveURL(/\/accounts$/);
  const accounts = page.getByRole('grid', { name: 'Accounts' });
  // The four seeded ones at least: the suite shares one database, and the configuration journey adds an account.
  await expect(accounts.getByRole('gridcell', { name: 'Lumen Travel Holdings', exact: true })).toBeVisible();
  await expect.poll(() => bodyRows(page, accounts).count()).toBeGreaterThanOrEqual(4);

  await accounts.getByRole('gridcell', { name: 'Harbor & Finch Commerce', exact: true }).click();
  await expect(page).toHaveURL(MERCHANTS_LIST_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
  const sideBar = page.getByRole('navigation', { name: 'Sections' });
  await expect(sideBar).toContainText('922790');
  await expect(sideBar.getByRole('link', { name: /^Merchants/ })).toBeVisible();
  await expect(sideBar.getByRole('link', { name: /^Accounts/ })).toBeVisible();
  const rows = bodyRows(page);
  await expect(rows).toHaveCount(6);
  await expect(rows.getByRole('gridcell', { name: 'Blue Harbor Coffee Roasters', exact: true })).toBeVisible();

  // Sorting by a column puts the order in the address, so a reload keeps it.
  const country = merchantsGrid(page).getByRole('columnheader', { name: 'Country' });
  await country.getByRole('button').click();
  await expect(page).toHaveURL(/[?&]order=country(&|$)/);
  await expect(country).toHaveAttribute('aria-sort', 'ascending');
  const countriesShown = async () => {
    const shown: string[] = [];
    for (const row of await rows.all())
      shown.push((await row.getByRole('gridcell').nth(2).textContent())?.trim() ?? '');
    return shown;
  };
  await expect
    .poll(async () => {
      const shown = await countriesShown();
      return shown.length === 6 && shown.join() === [...shown].sort().join();
    })
    .toBe(true);
  const sortedOrder = await countriesShown();

  await page.reload();
  await expect(page).toHaveURL(/[?&]order=country(&|$)/);
  await expect(country).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows).toHaveCount(6);
  await expect.poll(countriesShown).toEqual(sortedOrder);

  // Three letters or more filter the rows.
  const search = page.getByRole('searchbox', { name: 'Search Merchants' });
  await search.click();
  await search.pressSequentially('Coffee');
  await expect(page).toHaveURL(/[?&]search=Coffee(&|$)/);
  await expect.poll(() => rows.count()).toBeLessThan(6);
  await expect(rows.first()).toBeVisible();
  for (const name of await rows.allTextContents()) expect(name.toLowerCase()).toContain('coffee');
  const filteredUrl = page.url();
  const filteredCount = await rows.count();

  await rows.getByRole('gridcell', { name: 'Blue Harbor Coffee Roasters', exact: true }).click();
  await expect(page).toHaveURL(MERCHANT_DETAIL_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Merchant Detail' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Blue Harbor Coffee Roasters', { exact: true }).first()).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Back to Merchants', exact: true }).click();
  await expect(page).toHaveURL(filteredUrl);
  await expect(search).toHaveValue('Coffee');
  await expect(rows).toHaveCount(filteredCount);
  await expect(page).toHaveURL(/[?&]order=country(&|$)/);
});
