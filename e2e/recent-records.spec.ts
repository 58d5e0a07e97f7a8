import { bodyRows, lumenUser, signIn } from './support/console';
import { expect, test } from './support/test';

// Recent records (issue 26): what a user opened on one device is listed first in the palette's empty state on
// another, and Enter opens it, by keyboard alone.

test('records opened on one device are the empty palette’s Recent group on another', async ({ browser }) => {
  const user = lumenUser('payments-specialist');
  const first = await browser.newContext();
  const page = await first.newPage();
  await signIn(page, user);
  await page.getByRole('navigation').getByRole('link', { name: 'Merchants' }).click();
  const merchants = page.getByRole('grid', { name: 'Merchants' });
  const merchant = bodyRows(page, merchants).first().getByRole('gridcell').first();
  const merchantName = (await merchant.textContent())?.trim() ?? '';
  await merchant.click();
  await expect(page.getByRole('heading', { name: 'Merchant Detail', level: 1 })).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('r');
  const routes = page.getByRole('grid', { name: 'Routes' });
  const route = bodyRows(page, routes).first();
  await expect(route).toBeVisible();
  // The description alone, without the routing lint's badge a route that never takes payments has (issue 28).
  const description =
    (await route.getByRole('gridcell').first().locator('.route-description__text').textContent())?.trim() ?? '';
  const recorded = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/user/recent-record' &&
      response.request().method() === 'POST' &&
      response.request().postDataJSON()?.kind === 'ROUTE',
  );
  // The priority cell: a click on the badge opens its check, not the route.
  await route.getByRole('gridcell').nth(1).click();
  await expect(page.getByRole('heading', { name: 'Route Detail', level: 1 })).toBeVisible();
  const routePath = new URL(page.url()).pathname;
  expect((await recorded).status()).toBe(200);
  await first.close();

  const second = await browser.newContext();
  const other = await second.newPage();
  await signIn(other, user);
  await other.keyboard.press('Control+k');
  const palette = other.getByRole('dialog', { name: 'Command palette' });
  const recent = palette.getByRole('group', { name: 'Recent' });
  await expect(recent.getByRole('option').first()).toContainText(description);
  await expect(recent.getByRole('option').first()).toContainText('Route');
  await expect(recent.getByRole('option').nth(1)).toContainText(merchantName);
  await expect(recent.getByRole('option').nth(1)).toContainText('Merchant');
  // The first option is the one Enter opens.
  await expect(recent.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await other.keyboard.press('Enter');
  await expect(other.getByRole('heading', { name: 'Route Detail', level: 1 })).toBeVisible();
  expect(new URL(other.url()).pathname).toBe(routePath);
  await second.close();
});
