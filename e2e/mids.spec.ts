import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import {
  apiSignInAdmin,
  bodyRows,
  lumenAccountIdOf,
  lumenUser,
  signIn,
  tabTo,
  typeAccountSignIn,
} from './support/console';
import { expect, test } from './support/test';

// MIDs (issue 13): an account administrator creates a MID for the sandbox acquirer and duplicates it by keyboard
// alone, then finds it in the transactions list's MID filter; by mouse, tries to delete a MID that routes use.

const midsGrid = (page: Page) => page.getByRole('grid', { name: 'MIDs' });

/** Opens a merchant from the palette by name, then its MIDs with g i. */
async function openMidsByKeyboard(page: Page, merchantName: string) {
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await page.keyboard.type(merchantName);
  await expect(palette.getByRole('option', { name: new RegExp(merchantName) }).first()).toBeVisible();
  await expect(palette.getByRole('option', { selected: true })).toContainText(merchantName);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Merchant Detail', level: 1 })).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await expect(page.getByRole('heading', { name: 'MIDs', level: 1 })).toBeVisible();
  await expect(bodyRows(page, midsGrid(page)).first()).toBeVisible();
}

/** A Lumen merchant whose MIDs include one that routes use, found through the API. */
async function merchantWithRoutedMid(request: import('@playwright/test').APIRequestContext) {
  const session = await apiSignInAdmin(request);
  const headers = { authorization: `Bearer ${session.token}` };
  const accountId = lumenAccountIdOf(session);
  const merchants = (await (await request.get(`/api/account/${accountId}/merchant?limit=100`, { headers })).json()) as {
    items: { merchantId: string; prettyName: string }[];
  };
  const merchant = merchants.items[0]!;
  const mids = (await (
    await request.get(`/api/merchant/${merchant.merchantId}/mid?limit=100`, { headers })
  ).json()) as {
    items: { midId: string; description: string }[];
  };
  for (const mid of mids.items) {
    const detail = (await (
      await request.get(`/api/merchant/${merchant.merchantId}/mid/${mid.midId}`, { headers })
    ).json()) as {
      routes: { routeDescription: string }[];
    };
    if (detail.routes.length > 0) return { merchant, mid, route: detail.routes[0]!.routeDescription };
  }
  throw new Error('no MID of the first Lumen merchant is used by a route');
}

test('an administrator creates a sandbox MID and duplicates it by keyboard, and finds it in the MID filter', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { merchant } = await merchantWithRoutedMid(request);
  const name = `Keyboard MID ${Date.now().toString(36)}`;
  await typeAccountSignIn(page, lumenUser('administrator'));
  await openMidsByKeyboard(page, merchant.prettyName);
  await expectNoSeriousViolations(page, 'MIDs list');

  // n: New MID. The provider comes first; a native select takes the first letters of an option.
  await page.keyboard.press('n');
  await expect(page.getByRole('heading', { name: 'New MID', level: 1 })).toBeVisible();
  const provider = page.getByRole('combobox', { name: /^Provider/ });
  await expect(provider).toBeFocused();
  await page.keyboard.type('Sandbox');
  await expect(provider).toHaveValue(/.+/);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Instant');
  await expect(page.getByRole('combobox', { name: /^Solution/ })).not.toHaveValue('');
  await page.keyboard.press('Tab');
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.type('SAN-KEY-1');
  // The sandbox acquirer's template: one optional field.
  await expect(page.getByRole('textbox', { name: /^Test reference/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'new MID form');
  // A variable: + Currency opens it with its input focused; a semicolon adds the value.
  await tabTo(page, page.getByRole('button', { name: '+ Currency' }), 20);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: /^Currency/ })).toBeFocused();
  await page.keyboard.type('eur;');
  await expect(page.getByRole('list', { name: 'Currency values' })).toHaveText(/EUR/);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'MIDs', level: 1 })).toBeVisible();

  // Find it with /, open it with Enter; Shift+D duplicates it with its variables.
  await page.keyboard.press('/');
  await page.keyboard.type(name);
  const row = midsGrid(page).getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(bodyRows(page, midsGrid(page))).toHaveCount(1);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'MID Detail', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Variables' })).toContainText('EUR');
  await expectNoSeriousViolations(page, 'MID detail');
  await page.keyboard.press('Shift+D');
  await expect(page.getByRole('heading', { name: 'New MID', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Currency values' })).toHaveText(/EUR/);
  await expect(page.getByRole('combobox', { name: /^Provider/ })).toBeFocused();
  await page.keyboard.type('Sandbox');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Delayed');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`${name} copy`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('SAN-KEY-2');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Duplicated successfully')).toBeVisible();

  // The merchant's transactions offer both in their MID filter.
  await page.getByRole('navigation', { name: 'Merchant sections' }).getByRole('link', { name: 'Transactions' }).click();
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Show filters' }).click();
  await page.getByRole('button', { name: /^MID/ }).click();
  await expect(page.getByRole('checkbox', { name: name, exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `${name} copy`, exact: true })).toBeVisible();
});

test('an administrator trying to delete a MID that routes use is told which routes, and can view it', async ({
  page,
  request,
}) => {
  const { merchant, mid, route } = await merchantWithRoutedMid(request);
  await signIn(page, lumenUser('administrator'));
  await page.getByRole('navigation').getByRole('link', { name: 'Merchants' }).click();
  await page.getByRole('searchbox', { name: 'Search Merchants' }).fill(merchant.prettyName);
  await page
    .getByRole('grid', { name: 'Merchants' })
    .getByRole('gridcell', { name: merchant.prettyName, exact: true })
    .click();
  await page.getByRole('navigation', { name: 'Merchant sections' }).getByRole('link', { name: 'MIDs' }).click();
  const row = midsGrid(page).getByRole('row', { name: new RegExp(mid.description.replace(/[()]/g, '.')) });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Actions for ${mid.description}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this MID?' });
  await expect(confirm).toContainText(mid.description);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  const refused = page.getByRole('dialog', { name: "You can't delete this MID" });
  await expect(refused).toContainText(route);
  await expectNoSeriousViolations(page, "MID in use: You can't delete this MID");
  await refused.getByRole('button', { name: 'View detail' }).click();
  await expect(page.getByRole('heading', { name: 'MID Detail', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Routes using this MID' })).toContainText(route);
  // Still there: nothing was deleted.
  await page.getByRole('link', { name: 'Back to MIDs' }).click();
  await expect(
    midsGrid(page).getByRole('row', { name: new RegExp(mid.description.replace(/[()]/g, '.')) }),
  ).toBeVisible();
});
