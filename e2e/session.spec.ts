import { lumenUser, MERCHANTS_LIST_PATH, signIn } from './support/console';
import { expect, test } from './support/test';

test('a second sign-in as the same user ends the first session', async ({ browser }) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const firstPage = await first.newPage();
    const secondPage = await second.newPage();
    await signIn(firstPage, lumenUser('manager'));
    await expect(firstPage).toHaveURL(MERCHANTS_LIST_PATH);
    await signIn(secondPage, lumenUser('manager'));
    await expect(secondPage).toHaveURL(MERCHANTS_LIST_PATH);

    // The first browser's next call is refused and it is sent to sign in again, told why.
    await firstPage.getByRole('button', { name: 'Refresh' }).click();
    await expect(firstPage).toHaveURL(/\/login(\?|$)/);
    await expect(firstPage.getByText('Session opened on another device or browser')).toBeVisible();
    await expect(firstPage.getByRole('button', { name: 'Log in' })).toBeVisible();

    // The second session is untouched.
    await secondPage.reload();
    await expect(secondPage).toHaveURL(MERCHANTS_LIST_PATH);
    await expect(secondPage.getByRole('grid', { name: 'Merchants' })).toBeVisible();
  } finally {
    await first.close();
    await second.close();
  }
});

test('a signed-in user opening the sign-in page goes home', async ({ page }) => {
  await signIn(page, lumenUser('administrator'));
  const home = new URL(page.url()).pathname;
  await page.goto('/login');
  await expect(page).toHaveURL((url) => url.pathname === home);
  await expect(page.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
});

test('an address with an invalid id shows the not-found page', async ({ page }) => {
  await signIn(page, lumenUser('administrator'));
  await page.goto('/accounts/not-an-id/merchants');
  await expect(page.getByRole('heading', { level: 1, name: "Oops! Sorry, we can't find that page" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go back to the previous page' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Merchants' })).toHaveCount(0);
});
