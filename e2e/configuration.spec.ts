import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import {
  type ApiSession,
  apiSignInAdmin,
  DEMO_PASSWORD,
  LUMEN_ACCOUNT_ID,
  lumenAccountIdOf,
  lumenUser,
  PROVIDER_ADMIN,
  signIn,
  tabTo,
} from './support/console';

// Configuration you can write (issue 12): provider staff create an account and a merchant by keyboard alone, and an
// account administrator works on My Lists by mouse, meeting the duplicate question and the in-use modal.

async function signInAdminByKeyboard(page: Page) {
  await page.goto('/login/admin');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(PROVIDER_ADMIN);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /^User menu:/ })).toBeVisible();
}

test('provider staff create an account with two providers and their solutions, then a merchant, by keyboard alone', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const name = `Keyboard Co ${Date.now().toString(36)}`;
  await signInAdminByKeyboard(page);

  // g a: the accounts list; n: New Account.
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Accounts' })).toBeVisible();
  await page.keyboard.press('n');
  await expect(page.getByRole('heading', { name: 'New Account', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Account Name/ })).toBeFocused();
  await expectNoSeriousViolations(page, 'account wizard, step 1');

  // Step 1: the name, then the first two providers ticked with Space; Enter continues.
  await page.keyboard.type(name);
  const providers = page.getByRole('group', { name: 'Providers' }).getByRole('checkbox');
  await expect(providers.first()).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(providers.nth(0)).toBeChecked();
  await expect(providers.nth(1)).toBeChecked();
  const [firstProvider, secondProvider] = await Promise.all([
    providers.nth(0).evaluate((box) => box.closest('label')?.textContent?.trim() ?? ''),
    providers.nth(1).evaluate((box) => box.closest('label')?.textContent?.trim() ?? ''),
  ]);
  await page.keyboard.press('Enter');

  // Step 2: solutions typed with semicolons and added with Enter; the second provider's panel opened with Enter.
  await expect(page.getByRole('heading', { name: 'Step 2 of 2: Solutions' })).toBeFocused();
  await tabTo(page, page.getByRole('textbox', { name: `New solutions for ${firstProvider}` }));
  await page.keyboard.type('Cards EU; Recurring');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'You added the solution successfully!' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: new RegExp(`^${secondProvider}`) }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('textbox', { name: `New solutions for ${secondProvider}` }));
  await page.keyboard.type('Wallets');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: `Solutions of ${secondProvider}` })).toContainText('Wallets');
  await expectNoSeriousViolations(page, 'account wizard, step 2');
  await tabTo(page, page.getByRole('button', { name: 'Save' }), 25);
  await page.keyboard.press('Enter');

  // Back on the accounts list: find it with / and open it with Enter.
  await expect(page.getByText('Created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
  await page.keyboard.press('/');
  await page.keyboard.type(name);
  const grid = page.getByRole('grid', { name: 'Accounts' });
  await expect(grid.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await expect(grid.getByRole('row', { name: new RegExp(name) })).toContainText(firstProvider);
  await expect(grid.getByRole('row')).toHaveCount(2);
  // Escape leaves the search for the grid, on its first row; Enter opens it.
  await page.keyboard.press('Escape');
  await expect(grid).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Merchants', level: 1 })).toBeVisible();

  // n: New Merchant, filled field by field with Tab, saved with Enter.
  await page.keyboard.press('n');
  await expect(page.getByRole('heading', { name: 'New Merchant', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Merchant name/ })).toBeFocused();
  await expectNoSeriousViolations(page, 'new merchant form');
  const values = [
    'Keyboard Shop', // Merchant name
    'Keyboard', // Business name (DBA)
    '5732', // MCC code
    'https://keyboard-shop.example', // Corporate URL
    'Keyboard Shop S.L.', // Legal name
    'ESB12345678', // VAT number
    'Gran Via 1', // Street
    'Madrid', // City
    '28013', // Zip code
  ];
  for (const value of values) {
    await page.keyboard.type(value);
    await page.keyboard.press('Tab');
  }
  await expect(page.getByRole('combobox', { name: /Country/ })).toBeFocused();
  await page.keyboard.type('Spain');
  for (const value of ['hello@keyboard-shop.example', '', 'keyboard-shop.example/help', 'help@keyboard-shop.example']) {
    await page.keyboard.press('Tab');
    if (value) await page.keyboard.type(value);
  }
  await page.keyboard.press('Enter');
  await expect(page.getByText('Created successfully')).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Merchants' }).getByRole('row', { name: /Keyboard Shop/ })).toBeVisible();
});

/** A Lumen merchant whose URL list holds an item a route uses (the seeded 'EU checkout' routes use '/eu'). */
async function merchantWithUsedUrl(session: ApiSession, request: import('@playwright/test').APIRequestContext) {
  const accountId = lumenAccountIdOf(session);
  const headers = { authorization: `Bearer ${session.token}` };
  const merchants = (await (await request.get(`/api/account/${accountId}/merchant?limit=100`, { headers })).json()) as {
    items: { merchantId: string; prettyName: string }[];
  };
  for (const merchant of merchants.items) {
    const lists = (await (await request.get(`/api/merchant/${merchant.merchantId}/list`, { headers })).json()) as {
      url: { items: { prettyName: string }[] };
    };
    const used = lists.url.items.find((item) => item.prettyName.endsWith('/eu'));
    if (used) return { accountId, merchant, used: used.prettyName, existing: lists.url.items[0]!.prettyName };
  }
  throw new Error('no Lumen merchant has a URL that a route uses');
}

test('an account administrator adds URLs with a duplicate and force, and reads why a used URL cannot go', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const found = await merchantWithUsedUrl(await apiSignInAdmin(request), request);
  const fresh = `www.new-${Date.now().toString(36)}.example`;
  await signIn(page, lumenUser('administrator'), DEMO_PASSWORD, LUMEN_ACCOUNT_ID);

  // Into the merchant from the merchants list, then My Lists from the merchant's side bar.
  await page.getByRole('navigation').getByRole('link', { name: 'Merchants' }).click();
  await page.getByRole('searchbox', { name: 'Search Merchants' }).fill(found.merchant.prettyName);
  await expect(page).toHaveURL(/[?&]search=/);
  const merchantCell = page
    .getByRole('grid', { name: 'Merchants' })
    .getByRole('gridcell', { name: found.merchant.prettyName, exact: true });
  await expect(merchantCell).toHaveCount(1);
  await merchantCell.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Merchant Detail' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Merchant sections' }).getByRole('link', { name: 'My Lists' }).click();
  const urls = page.getByRole('region', { name: /^URL \(\d+\)$/ });
  await expect(urls.getByRole('listitem').filter({ hasText: found.used })).toBeVisible();
  await expectNoSeriousViolations(page, 'My Lists');

  // One new URL and one already there: the console asks, then adds the new one only.
  await urls.getByRole('textbox', { name: 'Add URLs' }).fill(`${fresh}; ${found.existing}`);
  await urls.getByRole('button', { name: 'Add' }).click();
  const question = page.getByRole('dialog', { name: 'Add the new items?' });
  await expect(question).toContainText(found.existing);
  await expectNoSeriousViolations(page, 'My Lists, duplicate question');
  await question.getByRole('button', { name: 'Add' }).click();
  await expect(urls.getByRole('listitem').filter({ hasText: fresh })).toBeVisible();
  await expect(urls.getByText(/Last Edition: /)).toContainText('Last Edition:');

  // The URL a route uses cannot be deleted: the modal names the route.
  await urls.getByRole('button', { name: `Delete ${found.used}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  const inUse = page.getByRole('dialog', { name: 'URL in use' });
  await expect(inUse.getByRole('listitem').filter({ hasText: 'EU checkout' })).toBeVisible();
  await expectNoSeriousViolations(page, 'My Lists, item in use');
  await inUse.getByRole('button', { name: 'Got it' }).click();
  await expect(inUse).toBeHidden();
  await expect(urls.getByRole('listitem').filter({ hasText: found.used })).toBeVisible();

  // The new URL is not used by anything: it goes.
  await urls.getByRole('button', { name: `Delete ${fresh}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(urls.getByRole('listitem').filter({ hasText: fresh })).toBeHidden();
});
