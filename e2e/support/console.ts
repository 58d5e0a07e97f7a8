import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo!pass2026';
export const LUMEN_ACCOUNT_ID = '631006';
export const LUMEN_ACCOUNT_NAME = 'Lumen Travel Holdings';

export const lumenUser = (role: 'administrator' | 'manager' | 'payments-specialist' | 'viewer' | 'support') =>
  `${role}@lumentravel.example`;

/** The path of an account's merchants list, whatever the account's identifier is in this database. */
export const MERCHANTS_LIST_PATH = /\/accounts\/[0-9a-f-]{36}\/merchants(\?.*)?$/;
export const MERCHANT_DETAIL_PATH = /\/accounts\/[0-9a-f-]{36}\/merchants\/[0-9a-f-]{36}\/detail/;

/** Account user sign-in by mouse and form filling; the journeys that test the form itself type by hand. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD, accountId = LUMEN_ACCOUNT_ID) {
  await page.goto('/login');
  await page.getByLabel('Account ID').fill(accountId);
  await page.getByLabel('Email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: /^User menu:/ })).toBeVisible();
}

export async function signInAdmin(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login/admin');
  await page.getByLabel('Email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: /^User menu:/ })).toBeVisible();
}

export function merchantsGrid(page: Page) {
  return page.getByRole('grid', { name: 'Merchants' });
}

/** Body rows only: the header row has column headers, not cells. */
export function bodyRows(page: Page, grid = merchantsGrid(page)) {
  return grid.getByRole('row').filter({ has: page.getByRole('gridcell') });
}

// getByRole has no aria-current option, so the active row is found by the attribute itself.
export function activeRow(page: Page, grid = merchantsGrid(page)) {
  return grid.locator('[role="row"][aria-current="true"]');
}

interface MailboxMessage {
  to: string;
  subject: string;
  kind: string;
  links: { label: string; url: string }[];
  createdAt: string;
}

/** The development mailbox read through its API, newest first. */
export async function readMailbox(request: APIRequestContext, to: string): Promise<MailboxMessage[]> {
  const response = await request.get('/api/mailbox', { params: { to } });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { items: MailboxMessage[] };
  return body.items;
}
