import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { apiSignInAdmin, bodyRows, lumenAccountIdOf, lumenUser, tabTo, typeAccountSignIn } from './support/console';
import { expect, test } from './support/test';

// The route wizard (issue 14) by keyboard alone: an administrator creates a route whose MID is created inside the
// wizard, sees the simulator give it its share, saves, finds it in the routes list, and sees it take orders on the
// simulator screen.

async function firstLumenMerchant(request: import('@playwright/test').APIRequestContext) {
  const session = await apiSignInAdmin(request);
  const accountId = lumenAccountIdOf(session);
  const answer = await request.get(`/api/account/${accountId}/merchant?limit=50`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  return ((await answer.json()) as { items: { prettyName: string }[] }).items[0]!.prettyName;
}

/** The merchant from the palette by name, then its routes with g r. */
async function openRoutesByKeyboard(page: Page, merchantName: string) {
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await page.keyboard.type(merchantName);
  await expect(palette.getByRole('option', { selected: true })).toContainText(merchantName);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Merchant Detail', level: 1 })).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('r');
  await expect(page.getByRole('heading', { name: 'Routes', level: 1 })).toBeVisible();
}

test('an administrator creates a route with a MID made inside the wizard, by keyboard alone', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const merchantName = await firstLumenMerchant(request);
  const stamp = Date.now().toString(36);
  const midName = `Wizard MID ${stamp}`;
  const routeName = `Wizard route ${stamp}`;
  await typeAccountSignIn(page, lumenUser('administrator'));
  await openRoutesByKeyboard(page, merchantName);

  // n: New route. Step 1 starts on the first variable's button; Enter opens it, a semicolon adds the value.
  await page.keyboard.press('n');
  await expect(page.getByRole('heading', { name: 'New route', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: '+ Currency' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: /^Currency/ })).toBeFocused();
  await page.keyboard.type('eur;');
  await expect(page.getByRole('list', { name: 'Currency values' })).toHaveText(/EUR/);
  await expectNoSeriousViolations(page, 'route wizard step 1');
  await page.keyboard.press('Enter');

  // Step 2: the MID palette has the focus; Create New MID opens the MID form with the route's currency.
  const filter = page.getByRole('combobox', { name: 'Filter MIDs' });
  await expect(filter).toBeFocused();
  await expect(page.getByRole('listbox', { name: 'MIDs' }).getByRole('option').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'route wizard step 2');
  await tabTo(page, page.getByRole('button', { name: 'Create New MID' }), 5);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create New MID' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Currency values' })).toHaveText(/EUR/);
  await expect(dialog.getByRole('combobox', { name: /^Provider/ })).toBeFocused();
  await page.keyboard.type('Sandbox');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Instant');
  await expect(dialog.getByRole('combobox', { name: /^Solution/ })).not.toHaveValue('');
  await page.keyboard.press('Tab');
  await page.keyboard.type(midName);
  await page.keyboard.press('Tab');
  await page.keyboard.type(`SAN-${stamp}`);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  // The new MID is in the palette and on route 1; F6 moves to the route, Tab to its description.
  await expect(filter).toBeFocused();
  await page.keyboard.type(midName);
  await expect(page.getByRole('listbox', { name: 'MIDs' }).getByRole('option')).toHaveCount(1);
  const midSelect = page.getByRole('group', { name: 'Route 1' }).getByRole('combobox', { name: /^MID/ });
  await expect(midSelect.locator('option:checked')).toHaveText(new RegExp(midName));
  await page.keyboard.press('F6');
  await expect(midSelect).toBeFocused();
  await tabTo(page, page.getByRole('textbox', { name: /^Description/ }), 3);
  await page.keyboard.type(routeName);
  await page.keyboard.press('Enter');

  // Step 3: priority 10 (Home), weight 100 (End on the slider); the simulator starts from an order the route takes.
  const priority = page.getByRole('combobox', { name: 'Priority' });
  await expect(priority).toBeFocused();
  await page.keyboard.press('Home');
  await expect(priority).toHaveValue('10');
  await page.keyboard.press('Tab');
  await page.keyboard.press('End');
  await expect(page.getByRole('spinbutton', { name: /^Weight/ })).toHaveValue('100');
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR');
  await tabTo(page, page.getByRole('button', { name: 'Simulate' }), 15);
  await page.keyboard.press('Enter');
  const created = page.getByRole('table', { name: 'Routes being created or edited' });
  await expect(created.getByRole('row', { name: new RegExp(routeName) })).toContainText(/[1-9]\d*(,\d)?\s?%/);
  await expectNoSeriousViolations(page, 'route wizard step 3');
  await tabTo(page, page.getByRole('button', { name: 'Save' }), 15);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Routes', level: 1 })).toBeVisible();

  // The list finds it with /; the simulator screen ('Simulate an order') sends EUR orders to it.
  await page.keyboard.press('/');
  await page.keyboard.type(routeName);
  const grid = page.getByRole('grid', { name: 'Routes' });
  await expect(bodyRows(page, grid)).toHaveCount(1);
  await expect(grid.getByRole('row', { name: new RegExp(routeName) })).toContainText(midName);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Simulate an order');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('option', { selected: true })).toContainText('Simulate an order');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Simulator', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Currency' })).toBeFocused();
  await page.keyboard.type('EUR');
  await page.keyboard.press('Enter');
  const existing = page.getByRole('table', { name: 'Existing routes' });
  await expect(existing.getByRole('row', { name: new RegExp(routeName) })).toContainText(/[1-9]\d*(,\d)?\s?%/);
});
