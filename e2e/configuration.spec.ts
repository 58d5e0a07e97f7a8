import type { Page } from '@playwright/test';
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
import { expect, test } from './support/test';

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

/** The required fields of a new merchant, by their labels, as a user fills them by mouse (the e-mail apart). */
const MERCHANT_FIELDS: [RegExp, string][] = [
  [/^Merchant name/, 'Mouse Shop'],
  [/^Business name/, 'Mouse'],
  [/^MCC code/, '5732'],
  [/^Corporate URL/, 'https://mouse-shop.example'],
  [/^Legal name/, 'Mouse Shop S.L.'],
  [/^VAT number/, 'ESB87654321'],
  [/^Street/, 'Gran Via 2'],
  [/^City/, 'Madrid'],
  [/^Zip code/, '28013'],
  [/^Support URL/, 'mouse-shop.example/help'],
  [/^Support e-mail/, 'help@mouse-shop.example'],
];

/** Whether two elements' boxes on screen overlap (one covers the other). */
async function overlap(a: import('@playwright/test').Locator, b: import('@playwright/test').Locator) {
  const [one, two] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!one || !two) return false;
  return (
    one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height
  );
}

/** Opens New Merchant from the merchants list by mouse and fills what a merchant needs, the e-mail as given. */
async function startNewMerchant(page: Page, name: string, email: string) {
  await signIn(page, lumenUser('administrator'));
  await page.getByRole('main').getByRole('button', { name: 'New merchant' }).click();
  await expect(page.getByRole('heading', { name: 'New Merchant', level: 1 })).toBeVisible();
  for (const [label, value] of MERCHANT_FIELDS) {
    await page.getByRole('textbox', { name: label }).click();
    await page.keyboard.type(label.source === '^Merchant name' ? name : value);
  }
  await page.getByRole('combobox', { name: /^Country/ }).selectOption({ label: 'Spain' });
  await page.getByRole('textbox', { name: /^E-mail/ }).click();
  await page.keyboard.type(email);
}

test.describe('the merchant form by mouse (issue 23)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a bad e-mail is refused in the form, the user fixes it and clicks Save: saved', async ({ page }) => {
    const name = `Mouse Shop ${Date.now().toString(36)}`;
    await startNewMerchant(page, name, 'hello@mouse-shop');
    const save = page.getByRole('button', { name: 'Save' });
    await save.click();

    // Refused: said in the form above its buttons, no toast anywhere; the focus is on the e-mail, with its message.
    const form = page.getByRole('form', { name: 'New Merchant' });
    await expect(form.getByRole('alert')).toHaveText('Form not validated');
    await expect(page.getByRole('region', { name: 'Notifications' }).locator('.toast')).toHaveCount(0);
    const email = page.getByRole('textbox', { name: /^E-mail/ });
    await expect(email).toBeFocused();
    await expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(await overlap(form.getByRole('alert'), save)).toBe(false);
    await expectNoSeriousViolations(page, 'new merchant form, refused');

    // Fixed, then Save with the mouse: no force, nothing dismissed first.
    await email.click();
    await page.keyboard.press('End');
    await page.keyboard.type('.example');
    await save.click();
    await expect(page.getByText('Created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/merchants(\?.*)?$/);
    await page.getByRole('searchbox', { name: 'Search Merchants' }).fill(name);
    await expect(
      page.getByRole('grid', { name: 'Merchants' }).getByRole('row', { name: new RegExp(name) }),
    ).toBeVisible();
  });
});

test.describe('a toast that stays never covers Save (issue 23)', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test("a save the server fails shows its error above the form's buttons, and Save is clicked again", async ({
    page,
  }) => {
    const name = `Retry Shop ${Date.now().toString(36)}`;
    await startNewMerchant(page, name, 'hello@retry-shop.example');
    // The server fails the first save (an error toast stays until dismissed); the second goes through.
    let failed = false;
    await page.route(/\/api\/account\/[^/]+\/merchant(\?|$)/, async (route) => {
      if (route.request().method() !== 'POST' || failed) return route.fallback();
      failed = true;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, error: 'server-error', message: 'Service unavailable' }),
      });
    });
    // Scrolled to the end of the form, as after filling it: its buttons are at the bottom of the window.
    await page.getByRole('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
    const save = page.getByRole('button', { name: 'Save' });
    await save.click();
    const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('alert');
    await expect(toast).toContainText('Server error');
    // Where toasts usually sit (16 px from the bottom right), this one would cover the buttons; it sits above them.
    const usualPlaceCovers = await page.evaluate(() => {
      const stack = document.querySelector('.toast-region')!.getBoundingClientRect();
      const bar = document.querySelector('.form-actions')!.getBoundingClientRect();
      const { clientWidth: width, clientHeight: height } = document.documentElement;
      const usual = {
        left: width - 16 - stack.width,
        right: width - 16,
        top: height - 16 - stack.height,
        bottom: height - 16,
      };
      return usual.left < bar.right && bar.left < usual.right && usual.top < bar.bottom && bar.top < usual.bottom;
    });
    expect(usualPlaceCovers).toBe(true);
    await expect.poll(() => overlap(toast, page.locator('.form-actions'))).toBe(false);
    // Save was disabled while the call ran; the focus is back on it, so Enter would try again.
    await expect(save).toBeFocused();

    await save.click();
    await expect(page.getByText('Created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/merchants(\?.*)?$/);
  });
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
