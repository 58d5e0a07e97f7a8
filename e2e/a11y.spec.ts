import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectFocusVisible, expectFocusVisibleWhileTabbing, expectNoSeriousViolations } from './support/axe';
import {
  accountIdOf,
  apiSignInAdmin,
  bodyRows,
  CHARGEBACK_DETAIL_PATH,
  CHARGEBACKS_LIST_PATH,
  caseNameOf,
  chargebacksGrid,
  createActiveLumenUser,
  findRefundablePayment,
  invitationPath,
  inviteLumenUser,
  LUMEN_ACCOUNT_ID,
  listChargebacksByApi,
  lumenUser,
  MERCHANT_DETAIL_PATH,
  MERCHANTS_LIST_PATH,
  merchantsGrid,
  PROVIDER_ADMIN,
  readMailbox,
  signIn,
  signInAdmin,
  TRANSACTION_DETAIL_PATH,
  transactionsGrid,
  uniqueEmail,
} from './support/console';
import { expect, test } from './support/test';

// Each journey scans many screens; on a loaded machine one takes over a minute.
test.describe.configure({ timeout: 180_000 });

// Every screen of the console, scanned with axe-core for WCAG 2.2 A and AA (no serious or critical violation), as
// the demo user who may see it. A screen added to the console gets its scan here (README, "Accessibility").
// Animations are reduced so a scan reads the settled screen, not a dialog half faded in.
test.use({ reducedMotion: 'reduce' });

function sideBarLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: new RegExp(`^${name}`) });
}

async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  return palette;
}

test('the signed-out screens: sign-in, forgot password, the password pages, the mailbox and not found', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expectNoSeriousViolations(page, 'account sign-in');
  // A refused sign-in shows its message and the fields' errors.
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Required field').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'account sign-in with errors');

  await page.goto('/login/admin');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expectNoSeriousViolations(page, 'admin sign-in');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/password\/forgot$/);
  await expectNoSeriousViolations(page, 'forgot password');
  await page.getByLabel('Account ID').fill(LUMEN_ACCOUNT_ID);
  await page.getByLabel('Email').fill(uniqueEmail('a11y-nobody'));
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Not existing email, please try another one')).toBeVisible();
  await expectNoSeriousViolations(page, 'forgot password, unknown e-mail');

  await page.goto(`/password/reset/${'0'.repeat(64)}`);
  await expect(page.getByText('This link has expired')).toBeVisible();
  await expectNoSeriousViolations(page, 'password page (expired link)');

  await page.goto('/password/unknown-kind');
  await expect(page.getByRole('heading', { level: 1, name: "Oops! Sorry, we can't find that page" })).toBeVisible();
  await expectNoSeriousViolations(page, 'not-found page, signed out');

  // The e-mailed links: users of this journey's own, so the links it asks for never touch other specs' users.
  const staff = await apiSignInAdmin(request);
  const invited = await inviteLumenUser(request, staff, {
    role: 'Viewer',
    firstName: 'Ada',
    lastName: 'Access',
    email: uniqueEmail('a11y-invited'),
  });
  const active = await createActiveLumenUser(request, staff, {
    role: 'Viewer',
    firstName: 'Axel',
    lastName: 'Access',
    email: uniqueEmail('a11y-reset'),
  });

  await page.goto('/password/forgot');
  await page.getByLabel('Account ID').fill(LUMEN_ACCOUNT_ID);
  await page.getByLabel('Email').fill(active.email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  await expectNoSeriousViolations(page, 'forgot password, e-mail sent');

  // The reset link of that e-mail: the password page.
  let resetPath = '';
  await expect
    .poll(async () => {
      const reset = (await readMailbox(request, active.email)).find((message) => message.kind !== 'invitation');
      const link = reset?.links.find((entry) => new URL(entry.url).pathname.startsWith('/password/reset/'));
      resetPath = link ? new URL(link.url).pathname : '';
      return resetPath;
    })
    .toMatch(/^\/password\/reset\//);
  await page.goto(resetPath);
  await expect(page.getByRole('heading', { name: 'Reset your Password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('short1!');
  await expectNoSeriousViolations(page, 'password page (reset link), rules shown');

  await page.goto(await invitationPath(request, invited.email));
  await expect(page.getByLabel('New Password', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'password page (invitation link)');

  // The development mailbox as provider staff read it.
  await signInAdmin(page, PROVIDER_ADMIN);
  await page.goto('/mailbox');
  await page.getByRole('textbox', { name: 'Recipient' }).fill(active.email);
  await expect(page.getByRole('article').first()).toContainText(`To ${active.email}`);
  await expectNoSeriousViolations(page, 'mailbox');
});

test('provider staff: the accounts list, users, the palette and the shortcuts sheet', async ({ page }) => {
  await signInAdmin(page, PROVIDER_ADMIN);
  await expect(page).toHaveURL(/\/accounts$/);
  const accounts = page.getByRole('grid', { name: 'Accounts' });
  await expect(bodyRows(page, accounts).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'accounts list (home of provider staff)');

  // The account switcher open.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /account/i })
    .first()
    .click();
  await expect(page.getByRole('dialog').or(page.getByRole('listbox')).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'account switcher');
  await page.keyboard.press('Escape');

  const palette = await openPalette(page);
  await expectNoSeriousViolations(page, 'command palette');
  await page.keyboard.type('lumen');
  await expect(palette.getByRole('option', { name: /Lumen Travel Holdings/ }).first()).toBeVisible();
  // The scan looks at what the user sees once the results settle: one highlighted option.
  await expect(palette.getByRole('option', { selected: true })).toHaveCount(1);
  await expectNoSeriousViolations(page, 'command palette with results');
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expectNoSeriousViolations(page, 'shortcuts sheet');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  await page.goto('/users');
  await expect(bodyRows(page, page.getByRole('grid', { name: 'Users' })).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'users list (provider staff)');
  await page.getByRole('button', { name: 'New User' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoSeriousViolations(page, 'New User menu');
  await page.getByRole('menuitem', { name: /^Internal user/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Internal User' })).toBeVisible();
  await expectNoSeriousViolations(page, 'user form (new internal user)');
});

test('an account administrator: merchants, users, user activity and the not-found page', async ({ page, request }) => {
  const staff = await apiSignInAdmin(request);
  const audited = await inviteLumenUser(request, staff, {
    role: 'Viewer',
    firstName: 'Audra',
    lastName: 'Access',
    email: uniqueEmail('a11y-audit'),
  });

  await signIn(page, lumenUser('administrator'));
  await expect(page).toHaveURL(MERCHANTS_LIST_PATH);
  await expect(bodyRows(page).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'merchants list');

  // The merchant switcher open.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /merchant/i })
    .first()
    .click();
  await expect(page.getByRole('dialog').or(page.getByRole('listbox')).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'merchant switcher');
  await page.keyboard.press('Escape');

  await bodyRows(page).first().getByRole('gridcell').first().click();
  await expect(page).toHaveURL(MERCHANT_DETAIL_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Merchant Detail' })).toBeVisible();
  await expectNoSeriousViolations(page, 'merchant detail');

  await page.goto('/users');
  const users = page.getByRole('grid', { name: 'Users' });
  await expect(bodyRows(page, users).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'users list');
  await page.getByRole('combobox', { name: 'Search Users' }).fill(audited.email);
  await expect(bodyRows(page, users)).toHaveCount(1);
  await bodyRows(page, users).first().getByRole('gridcell').first().click();
  await expect(page).toHaveURL(new RegExp(`/users/detail/${audited.userId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, 'user detail');
  await page.goto(`/users/edit/${audited.userId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Account User' })).toBeVisible();
  await expectNoSeriousViolations(page, 'user form (edit)');
  // A refused save shows the fields' errors.
  await page.getByRole('textbox', { name: 'First name' }).fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Required field').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'user form with errors');
  await page.goto('/users/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New Account User' })).toBeVisible();
  await expectNoSeriousViolations(page, 'user form (new account user)');

  await sideBarLink(page, 'User activity').click();
  const activity = page.getByRole('grid', { name: 'User activity' });
  await expect(bodyRows(page, activity).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'user activity');
  await page.getByRole('combobox', { name: 'Search User activity' }).fill(audited.userId);
  await expect(bodyRows(page, activity)).toHaveCount(1);
  await bodyRows(page, activity).first().getByRole('button', { name: 'View changes' }).click();
  const changes = page.getByRole('dialog', { name: 'New values' });
  await expect(changes.getByRole('table')).toBeVisible();
  await expectNoSeriousViolations(page, 'user activity, View changes');
  await page.keyboard.press('Escape');
  await expect(changes).toBeHidden();

  // The filter panel of a list, open.
  await page
    .getByRole('button', { name: /filters/i })
    .first()
    .click();
  await expect(page.getByRole('group', { name: 'Filters' })).toBeVisible();
  await expectNoSeriousViolations(page, 'user activity, filters shown');

  await page.goto('/accounts/not-an-id/merchants');
  await expect(page.getByRole('heading', { level: 1, name: "Oops! Sorry, we can't find that page" })).toBeVisible();
  await expectNoSeriousViolations(page, 'not-found page, signed in');

  // The page an export e-mail links to. A file to download needs a list of more than 10,000 rows, which the demo data
  // has not, so the page is scanned as it tells a link it does not know.
  await page.goto(`/exports/${randomUUID()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Export' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('This export does not exist');
  await expectNoSeriousViolations(page, 'export download page');
});

test('an account administrator: transactions, a payment, the refund modal', async ({ page, request }) => {
  const staff = await apiSignInAdmin(request);
  const payment = await findRefundablePayment(request, staff, { minAmount: 500 });

  await signIn(page, lumenUser('administrator'));
  await sideBarLink(page, 'Transactions').click();
  await expect(bodyRows(page, transactionsGrid(page)).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'transactions list');

  await page.goto(`/accounts/${payment.accountId}/transactions/${payment.transactionId}`);
  await expect(page).toHaveURL(TRANSACTION_DETAIL_PATH);
  await expect(page.getByRole('region', { name: 'Main information' })).toContainText(payment.transactionId);
  await expectNoSeriousViolations(page, 'transaction detail');

  await page.keyboard.press('r');
  const form = page.getByRole('dialog', { name: 'Refund', exact: true });
  await expect(form).toBeVisible();
  await expectNoSeriousViolations(page, 'refund modal');
  // The partial refund with a refused amount: the message and the invalid field.
  await form.getByRole('switch', { name: 'Full refund' }).click();
  const amount = form.getByLabel('Amount (EUR)');
  await amount.fill(String(payment.maxRefundAmountAvailable));
  await amount.blur();
  await expect(form.getByText(/^The amount cannot exceed/)).toBeVisible();
  await expectNoSeriousViolations(page, 'refund modal with an error');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
});

test('an account administrator: the chargebacks queue, its pickers, a case and dispute configuration', async ({
  page,
  request,
}) => {
  const staff = await apiSignInAdmin(request);
  const lumenId = accountIdOf(staff, LUMEN_ACCOUNT_ID);
  const { items } = await listChargebacksByApi(request, staff, lumenId);
  const target = items[0]!;

  await signIn(page, lumenUser('administrator'));
  await sideBarLink(page, 'Chargebacks').click();
  await expect(page).toHaveURL(CHARGEBACKS_LIST_PATH);
  const grid = chargebacksGrid(page);
  await expect(bodyRows(page, grid).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'chargebacks queue');
  // Every agent's whole name shows in the row's dropdown: its text fits the dropdown's content box.
  const cut = await grid.locator('select').evaluateAll((selects) => {
    const context = document.createElement('canvas').getContext('2d')!;
    return (selects as HTMLSelectElement[])
      .filter((select) => select.labels[0]?.textContent?.startsWith('Agent of case'))
      .flatMap((select) => {
        const style = getComputedStyle(select);
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        return [...select.options]
          .filter((option) => context.measureText(option.text).width > room)
          .map((option) => option.text);
      });
  });
  expect(cut, 'agent names cut in the queue').toEqual([]);

  await page.keyboard.press('j');
  await expect(bodyRows(page, grid).first()).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('a');
  const agentPicker = page.getByRole('dialog', { name: 'Assign agent' });
  await expect(agentPicker.getByRole('option').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'agent picker');
  await page.keyboard.press('Escape');
  await expect(agentPicker).toBeHidden();
  await page.keyboard.press('s');
  const statusPicker = page.getByRole('dialog', { name: 'Change status' });
  await expect(statusPicker.getByRole('option').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'status picker');
  await page.keyboard.press('Escape');
  await expect(statusPicker).toBeHidden();

  await page.goto(`/accounts/${lumenId}/dispute-manager/${target.chargebackId}`);
  await expect(page).toHaveURL(CHARGEBACK_DETAIL_PATH);
  await expect(page.getByRole('heading', { level: 1, name: /^Case ID:/ })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(caseNameOf(target));
  await expectNoSeriousViolations(page, 'chargeback case detail');

  await sideBarLink(page, 'Dispute configuration').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dispute configuration' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Dispute templates' })).toBeVisible();
  await expectNoSeriousViolations(page, 'dispute configuration');
});

test('the keyboard focus is always visible: shell, list, rows, detail, form and dialog', async ({ page }) => {
  await signIn(page, lumenUser('administrator'));
  await expect(bodyRows(page).first()).toBeVisible();

  // From the top of the page through the skip link, the top menu, the side bar and the table's tools.
  await page.getByRole('main').focus();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const stops = await expectFocusVisibleWhileTabbing(page, 'merchants list', 25);
  expect(stops).toBeGreaterThan(10);

  // The rows: the grid holds the focus and the active row is marked.
  await page.keyboard.press('/');
  await page.keyboard.press('Escape');
  await expect(merchantsGrid(page)).toBeFocused();
  await expectFocusVisible(page, 'the merchants grid');
  const active = merchantsGrid(page).locator('[role="row"][aria-current="true"]');
  await expect(active).toHaveCount(1);
  const marked = await active.evaluate((row) => {
    const style = getComputedStyle(row);
    return style.boxShadow !== 'none' || style.outlineStyle !== 'none' || style.backgroundColor !== 'rgba(0, 0, 0, 0)';
  });
  expect(marked, 'the active row is marked').toBe(true);

  // A detail with links and buttons.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Merchant Detail' })).toBeVisible();
  await expectFocusVisibleWhileTabbing(page, 'merchant detail', 12);

  // A form: text fields, a select and the buttons.
  await page.goto('/users/new');
  await expect(page.getByRole('textbox', { name: 'First name' })).toBeFocused();
  await expectFocusVisible(page, 'the first field of the user form');
  await expectFocusVisibleWhileTabbing(page, 'user form', 10);

  // A dialog: the shortcuts sheet's close button.
  await page.keyboard.press('Escape');
  await page.getByRole('main').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expectFocusVisibleWhileTabbing(page, 'shortcuts sheet', 2);
});

test('accessible names hold the visible text of the switchers and the search button', async ({ page }) => {
  await signIn(page, lumenUser('administrator'));
  await expect(bodyRows(page).first()).toBeVisible();
  const banner = page.getByRole('banner');
  for (const name of [/account/i, /merchant/i, /search or jump to/i]) {
    const control = banner.getByRole('button', { name }).first();
    await expect(control).toBeVisible();
    const visible = ((await control.innerText()) ?? '').replace(/\s+/g, ' ').trim();
    const accessible = await control.evaluate(
      (element) => element.getAttribute('aria-label') ?? element.textContent ?? '',
    );
    // Speech users say what they see: every visible word is in the name, in order (WCAG 2.5.3).
    const words = visible.split(' ').filter((word) => /\w/.test(word));
    let rest = accessible.replace(/\s+/g, ' ').toLowerCase();
    for (const word of words) {
      const at = rest.indexOf(word.toLowerCase());
      expect(at, `"${word}" of "${visible}" is in the accessible name "${accessible}"`).toBeGreaterThanOrEqual(0);
      rest = rest.slice(at + word.length);
    }
  }
});
