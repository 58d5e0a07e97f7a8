import {
  LUMEN_ACCOUNT_ID,
  lumenUser,
  MERCHANTS_LIST_PATH,
  mailboxLinkInBrowser,
  readMailbox,
  signIn,
} from './support/console';
import { expect, test } from './support/test';

test('a viewer resets a forgotten password through the e-mailed link', async ({ page, browser, request }) => {
  const email = lumenUser('viewer');
  const before = (await readMailbox(request, email)).length;

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/password\/forgot$/);
  await page.getByLabel('Account ID').fill(LUMEN_ACCOUNT_ID);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();

  // The development mailbox, read by provider staff (it is closed to anyone not signed in), shows the new e-mail
  // and its link; the viewer opens it.
  await expect.poll(async () => (await readMailbox(request, email)).length).toBeGreaterThan(before);
  const href = await mailboxLinkInBrowser(browser, email, 'Reset your Password');
  expect(href).toMatch(/^\/password\/reset\//);
  await page.goto(href);

  await expect(page.getByRole('heading', { name: 'Reset your Password' })).toBeVisible();
  const newPassword = page.getByLabel('New Password', { exact: true });
  const confirm = page.getByLabel('Confirm New Password');

  // A weak password is refused with the rule it breaks.
  await newPassword.fill('short1!');
  await confirm.fill('short1!');
  const rules = page.getByRole('list', { name: 'Password requirements' });
  await expect(rules.getByRole('listitem').filter({ hasText: '10 characters minimum' })).toContainText('(not met)');
  await expect(rules.getByRole('listitem').filter({ hasText: 'At least one number' })).toContainText('(met)');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your Password' })).toBeVisible();
  await expect(page.getByText('Password created or restored successfully')).toHaveCount(0);

  const chosen = 'Viewer!fresh2027';
  await newPassword.fill(chosen);
  await confirm.fill(chosen);
  await expect(rules.getByRole('listitem').filter({ hasText: '10 characters minimum' })).toContainText('(met)');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password created or restored successfully')).toBeVisible();

  await signIn(page, email, chosen);
  await expect(page).toHaveURL(MERCHANTS_LIST_PATH);

  // The link is single-use.
  await page.goto(href);
  await expect(page.getByText('This link has expired')).toBeVisible();
  await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
});
