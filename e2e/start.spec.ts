import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  bodyRows,
  DEMO_PASSWORD,
  LUMEN_ACCOUNT_ID,
  LUMEN_ACCOUNT_NAME,
  lumenUser,
  MERCHANTS_LIST_PATH,
  merchantsGrid,
  TRANSACTION_DETAIL_PATH,
  TRANSACTIONS_LIST_PATH,
  transactionsGrid,
} from './support/console';
import { expect, test } from './support/test';

// The console as a new user meets it (issue 11): the address `npm start` prints is the root, and it must open the
// console, not answer 403. Every page runs under a strict Content-Security-Policy; the browser must report no
// violation of it anywhere a user goes, nor on the OpenAPI page. The base URL is http://localhost:PORT, the address
// `npm start` prints, and every journey starts from its root.

/**
 * Collects every Content-Security-Policy violation the browser reports: the `securitypolicyviolation` events (caught
 * ones included, which the console does not always print) and the console's own CSP messages.
 */
async function watchPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  page.on('console', (message) => {
    if (/CSP violation|Content Security Policy/i.test(message.text()))
      violations.push(`${page.url()}: ${message.text()}`);
  });
  return violations;
}

test('an account user starts at the printed address, signs in and comes back home', async ({ page }) => {
  const violations = await watchPolicyViolations(page);

  // The root opens the console: the sign-in form, not a JSON refusal.
  const answer = await page.goto('/');
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()['content-type']).toMatch(/^text\/html/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.getByLabel('Account ID').fill(LUMEN_ACCOUNT_ID);
  await page.getByLabel('Email').fill(lumenUser('administrator'));
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();

  // Home: the first screen of the user's account.
  await expect(page).toHaveURL(MERCHANTS_LIST_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
  await expect(bodyRows(page).first()).toBeVisible();

  // Signed in, the printed address shows home again, never the sign-in form.
  await page.goto('/');
  await expect(page).toHaveURL(MERCHANTS_LIST_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toHaveCount(0);

  expect(violations).toEqual([]);
});

test('provider staff start at the printed address, follow the admin sign-in link and work under the policy', async ({
  page,
}) => {
  const violations = await watchPolicyViolations(page);
  const { keyboard } = page;

  await page.goto('/');
  await page.getByRole('link', { name: 'Provider staff? Admin sign-in' }).click();
  await expect(page).toHaveURL(/\/login\/admin$/);
  await page.getByLabel('Email').fill('admin@ops.example');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();

  // Home for provider staff: their accounts.
  await expect(page).toHaveURL(/\/accounts$/);
  const accounts = page.getByRole('grid', { name: 'Accounts' });
  await expect(bodyRows(page, accounts).first()).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();

  // A few screens, as a user walks them: an account's merchants, its transactions and one payment, the dispute
  // queue, the audit log with an export download (a blob the browser saves), the users, and the palette.
  await accounts.getByRole('gridcell', { name: LUMEN_ACCOUNT_NAME, exact: true }).click();
  await expect(page).toHaveURL(MERCHANTS_LIST_PATH);
  await expect(bodyRows(page, merchantsGrid(page)).first()).toBeVisible();

  await keyboard.press('g');
  await keyboard.press('t');
  await expect(page).toHaveURL(TRANSACTIONS_LIST_PATH);
  await expect(bodyRows(page, transactionsGrid(page)).first()).toBeVisible();
  await bodyRows(page, transactionsGrid(page)).first().click();
  await expect(page).toHaveURL(TRANSACTION_DETAIL_PATH);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await keyboard.press('g');
  await keyboard.press('c');
  await expect(page.getByRole('heading', { level: 1, name: 'Chargebacks' })).toBeVisible();
  await expect(bodyRows(page, page.getByRole('grid', { name: 'Chargebacks' })).first()).toBeVisible();

  await keyboard.press('g');
  await keyboard.press('h');
  await expect(page.getByRole('heading', { level: 1, name: 'User activity' })).toBeVisible();
  const activity = page.getByRole('grid', { name: 'User activity' });
  await expect(bodyRows(page, activity).first()).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), keyboard.press('Shift+E')]);
  expect(download.suggestedFilename()).toMatch(/\.(csv|zip)$/);

  await keyboard.press('g');
  await keyboard.press('u');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

  await keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await keyboard.press('Escape');
  await expect(palette).toBeHidden();

  // The page an export e-mail links to, and the development mailbox, open under the same policy.
  await page.goto(`/exports/${randomUUID()}`);
  await expect(page.getByText('This export does not exist or was requested by another user.')).toBeVisible();
  await page.goto('/mailbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Development mailbox' })).toBeVisible();
  await expect(page.getByText(/^E-mails the console would send/)).toBeVisible();

  expect(violations).toEqual([]);
});

test('the OpenAPI page renders under its policy', async ({ page }) => {
  const violations = await watchPolicyViolations(page);
  const answer = await page.goto('/api/docs');
  expect(answer?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { name: /Payments Ops Console API/ })).toBeVisible();
  await expect(page.getByText('/api/user/login', { exact: true })).toBeVisible();
  expect(violations).toEqual([]);
});
