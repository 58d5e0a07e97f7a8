import { signIn } from './support/console';
import { expect, test } from './support/test';

// Lumen's viewer changes password in password.spec.ts; another account's viewer keeps this test independent of it.
const VIEWER = { username: 'viewer@northwind.example', accountId: '199634' };

test("a viewer's palette offers no Accounts and /accounts is not found for them", async ({ page }) => {
  await signIn(page, VIEWER.username, undefined, VIEWER.accountId);

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  // What the viewer may open is listed; Accounts is not among it, not even when asked for by name.
  await expect(palette.getByRole('option', { name: /^Merchants/ })).toBeVisible();
  await expect(palette.getByRole('option', { name: /^Accounts\b/ })).toHaveCount(0);
  await page.keyboard.type('accounts');
  await expect(palette.getByRole('option', { name: /^Accounts\b/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  await page.goto('/accounts');
  await expect(page.getByRole('heading', { level: 1, name: "Oops! Sorry, we can't find that page" })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Accounts' })).toHaveCount(0);
});
