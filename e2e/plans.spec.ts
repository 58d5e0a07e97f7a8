import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { apiSignInAdmin, bodyRows, lumenAccountIdOf, lumenUser, signIn, signInWithKeyboard } from './support/console';
import { expect, test } from './support/test';

// Plans (issue 24): by mouse, an administrator creates a plan with EUR leading, USD dynamic, a trial and two retries
// and reads it back on its detail; by keyboard, opens the plans from the palette, opens a plan and edits it. axe on
// the list, the detail, the form and the Clear All dialog.

const plansGrid = (page: Page) => page.getByRole('grid', { name: 'Plans' });

/** The first Lumen merchant, found through the API. */
async function firstLumenMerchant(request: import('@playwright/test').APIRequestContext) {
  const session = await apiSignInAdmin(request);
  const headers = { authorization: `Bearer ${session.token}` };
  const accountId = lumenAccountIdOf(session);
  const merchants = (await (await request.get(`/api/account/${accountId}/merchant?limit=100`, { headers })).json()) as {
    items: { merchantId: string; prettyName: string }[];
  };
  return merchants.items[0]!;
}

test('by mouse, an administrator creates a plan with EUR leading, USD dynamic, a trial and two retries', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const merchant = await firstLumenMerchant(request);
  const name = `Mouse plan ${Date.now().toString(36)}`;
  await signIn(page, lumenUser('administrator'));
  await page.getByRole('searchbox', { name: 'Search Merchants' }).fill(merchant.prettyName);
  await page
    .getByRole('grid', { name: 'Merchants' })
    .getByRole('row', { name: new RegExp(merchant.prettyName) })
    .click();
  await expect(page.getByRole('heading', { name: 'Merchant Detail', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Merchant sections' }).getByRole('link', { name: 'Plans' }).click();
  await expect(page.getByRole('heading', { name: 'Plans', level: 1 })).toBeVisible();
  await expect(bodyRows(page, plansGrid(page)).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'plans list');

  await page.getByRole('button', { name: 'New Plan' }).click();
  await expect(page.getByRole('heading', { name: 'New Plan', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByRole('checkbox', { name: /EUR/ }).check();
  await page.getByRole('checkbox', { name: /USD/ }).check();
  await page.getByRole('textbox', { name: 'Amount EUR' }).fill('19,99');
  await page.getByRole('button', { name: 'Set as leading' }).click();
  await expect(page.getByRole('switch', { name: 'Dynamic USD' })).toBeChecked();
  await page.getByRole('button', { name: 'Add trial period' }).click();
  await page.getByRole('textbox', { name: /^Trial period/ }).fill('14');
  await page.getByRole('textbox', { name: /^Trial amount EUR/ }).fill('1,99');
  await page.getByRole('button', { name: 'Add retry sequence' }).click();
  await page.getByRole('button', { name: 'Add retry' }).click();
  await page.getByRole('textbox', { name: /^Retry 1 after/ }).fill('1');
  await page.getByRole('textbox', { name: /^Retry 2 after/ }).fill('3');
  await page.getByRole('textbox', { name: /^Interval of successful payments/ }).fill('2');
  await expectNoSeriousViolations(page, 'new plan form');
  await page.getByRole('button', { name: 'Clear All' }).click();
  const clearAll = page.getByRole('dialog', { name: 'Clear All' });
  await expect(clearAll).toContainText('This action will remove all your current settings.');
  await expectNoSeriousViolations(page, 'Clear All dialog');
  await clearAll.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Remove leading' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Plans', level: 1 })).toBeVisible();

  const row = plansGrid(page).getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Monthly - 2 retries');
  await expect(row).toContainText('19,99 EUR');
  await expect(row).toContainText('Dynamic USD');
  await row.click();
  await expect(page.getByRole('heading', { name: 'Plan Detail', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Amount and currency' })).toContainText('19,99 EUR');
  await expect(page.getByRole('region', { name: 'Amount and currency' })).toContainText('Dynamic USD');
  await expect(page.getByRole('region', { name: 'Trial period' })).toContainText('14 days');
  await expect(page.getByRole('region', { name: 'Trial period' })).toContainText('1,99 EUR');
  await expect(page.getByRole('region', { name: 'Retry sequence' })).toContainText('Renewal after 1 day');
  await expect(page.getByRole('region', { name: 'Retry sequence' })).toContainText('Renewal after 3 days');
  await expectNoSeriousViolations(page, 'plan detail');
  await expect(page.getByRole('link', { name: 'Back to plans' })).toBeVisible();
});

test('by keyboard, a manager opens the plans from the palette, opens a plan and edits it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const merchant = await firstLumenMerchant(request);
  await signInWithKeyboard(page, lumenUser('manager'));
  // The merchant from the palette, then its Plans.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await page.keyboard.type(merchant.prettyName);
  await expect(palette.getByRole('option', { selected: true })).toContainText(merchant.prettyName);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Merchant Detail', level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  await page.keyboard.type('Plans');
  await expect(palette.getByRole('option', { selected: true })).toContainText('Plans');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Plans', level: 1 })).toBeVisible();
  await expect(bodyRows(page, plansGrid(page)).first()).toBeVisible();

  // Find the premium plan with /, open it with Enter, edit it with e.
  await page.keyboard.press('/');
  await page.keyboard.type('Premium');
  await expect(bodyRows(page, plansGrid(page))).toHaveCount(1);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Plan Detail', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Amount and currency' })).toContainText('Leading');
  await page.keyboard.press('e');
  await expect(page.getByRole('heading', { name: 'Edit Plan', level: 1 })).toBeVisible();
  const nameField = page.getByRole('textbox', { name: /^Name/ });
  await expect(nameField).toBeFocused();
  await expect(page.getByRole('combobox', { name: /^Charging cycle/ })).toBeDisabled();
  await expectNoSeriousViolations(page, 'edit plan form');
  await page.keyboard.press('End');
  await page.keyboard.type(' plus');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Changes saved successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Plans', level: 1 })).toBeVisible();
  await expect(plansGrid(page).getByRole('row', { name: /Premium monthly plan plus/ })).toBeVisible();
});
