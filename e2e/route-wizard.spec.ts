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

/**
 * A Lumen merchant whose 'EUR traffic' routes (priority 5) take every EUR order and are not themselves flagged: a new
 * EUR route below them never takes payments, one beside them shares their orders.
 */
async function merchantWithEurTraffic(request: import('@playwright/test').APIRequestContext) {
  const session = await apiSignInAdmin(request);
  const headers = { authorization: `Bearer ${session.token}` };
  const accountId = lumenAccountIdOf(session);
  const merchants = await request.get(`/api/account/${accountId}/merchant?limit=50`, { headers });
  const { items } = (await merchants.json()) as { items: { merchantId: string; prettyName: string }[] };
  for (const merchant of items) {
    const routes = await request.get(`/api/merchant/${merchant.merchantId}/route?limit=100`, { headers });
    const eur = (
      (await routes.json()) as { items: { routeId: string; routeDescription: string; priority: number }[] }
    ).items.filter((route) => route.routeDescription === 'EUR traffic' && route.priority === 5);
    if (eur.length === 0) continue;
    const lint = await request.get(`/api/merchant/${merchant.merchantId}/routing-lint`, { headers });
    const { findings } = (await lint.json()) as { findings: { routeId: string; kind: string }[] };
    const flagged = new Set(findings.map((finding) => finding.routeId));
    if (findings.some((finding) => finding.kind === 'shadowed') || eur.some((route) => flagged.has(route.routeId))) {
      continue;
    }
    return merchant.prettyName;
  }
  throw new Error('No Lumen merchant with unflagged EUR traffic routes at priority 5');
}

test('step 3 says, by keyboard alone, that a route below the EUR traffic never takes payments, until it is raised', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const merchantName = await merchantWithEurTraffic(request);
  const routeName = `Lint route ${Date.now().toString(36)}`;
  await typeAccountSignIn(page, lumenUser('administrator'));
  await openRoutesByKeyboard(page, merchantName);

  // Step 1: EUR; step 2: the first MID that takes it, and a description.
  await page.keyboard.press('n');
  await expect(page.getByRole('button', { name: '+ Currency' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.type('eur;');
  await expect(page.getByRole('list', { name: 'Currency values' })).toHaveText(/EUR/);
  await page.keyboard.press('Enter');
  const filter = page.getByRole('combobox', { name: 'Filter MIDs' });
  await expect(filter).toBeFocused();
  await expect(page.getByRole('listbox', { name: 'MIDs' }).getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Enter');
  const midSelect = page.getByRole('group', { name: 'Route 1' }).getByRole('combobox', { name: /^MID/ });
  await expect(midSelect).not.toHaveValue('');
  await page.keyboard.press('F6');
  await expect(midSelect).toBeFocused();
  await tabTo(page, page.getByRole('textbox', { name: /^Description/ }), 3);
  await page.keyboard.type(routeName);
  await page.keyboard.press('Enter');

  // Step 3 at priority 1 (lowest), weight 100: the EUR traffic at priority 5 takes every order first.
  const priority = page.getByRole('combobox', { name: 'Priority' });
  await expect(priority).toBeFocused();
  await expect(priority).toHaveValue('1');
  await page.keyboard.press('Tab');
  await page.keyboard.press('End');
  await expect(page.getByRole('spinbutton', { name: /^Weight/ })).toHaveValue('100');
  const checks = page.getByRole('region', { name: 'Routing checks' });
  // One of the EUR traffic routes (a sandbox's on some merchants) is enough to name.
  await expect(checks).toContainText(
    new RegExp(
      `'${routeName}' never takes payments: every order it matches goes to EUR traffic[^(]*\\(priority 5\\) first\\.`,
    ),
  );
  const shadowing = checks.getByRole('link', { name: /^EUR traffic/ });
  await expect(shadowing).toBeVisible();
  await expectNoSeriousViolations(page, 'route wizard step 3 with its routing checks');
  // The link is the next stop after the weight: the region is in the normal Tab order and took no focus.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(shadowing).toBeFocused();

  // Priority 10: the route takes its orders, but the EUR traffic would take none; priority 5 shares them.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(priority).toBeFocused();
  await page.keyboard.press('Home');
  await expect(priority).toHaveValue('10');
  await expect(checks).toContainText("Saving makes 'EUR traffic' never take payments");
  await expect(checks).not.toContainText(`'${routeName}' never takes payments`);
  await expect(priority).toBeFocused();
  for (let step = 0; step < 5; step++) await page.keyboard.press('ArrowDown');
  await expect(priority).toHaveValue('5');
  await expect(checks).toContainText('No routing problems found.');

  const listLint = page.waitForResponse(
    (response) => response.request().method() === 'GET' && new URL(response.url()).pathname.endsWith('/routing-lint'),
  );
  await tabTo(page, page.getByRole('button', { name: 'Save' }), 30);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Routes', level: 1 })).toBeVisible();
  expect((await listLint).ok()).toBe(true);

  // On the routes list the new route has no badge.
  await page.keyboard.press('/');
  await page.keyboard.type(routeName);
  const grid = page.getByRole('grid', { name: 'Routes' });
  await expect(bodyRows(page, grid)).toHaveCount(1);
  const row = grid.getByRole('row', { name: new RegExp(routeName) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: /why it never takes payments/ })).toHaveCount(0);
});
