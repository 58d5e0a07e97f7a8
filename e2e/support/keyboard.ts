import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, LUMEN_ACCOUNT_ID } from './console';

// Helpers of the keyboard-triage journeys (issue 11): sign-in that hands back control the moment the console leaves
// the sign-in page (so the next keys land while the first screen still loads), and reading the active row of a grid.

/**
 * Account user sign-in by keyboard alone that returns as soon as the address leaves /login: the signed-in shell, the
 * account and the first list may all still be loading, as when a power user types on without looking.
 */
export async function signInAndKeepTyping(page: Page, username: string, accountId = LUMEN_ACCOUNT_ID) {
  await page.goto('/login');
  await expect(page.getByLabel('Account ID')).toBeFocused();
  await page.keyboard.type(accountId);
  await page.keyboard.press('Tab');
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The grid's active row (aria-current), as a locator; the journeys compare its position and accessible name. */
export function activeRowOf(grid: Locator): Locator {
  return grid.locator('[role="row"][aria-current="true"]');
}

/** The position of the grid's active row on its page: 1 for the first body row (aria-rowindex counts the header). */
export async function activePosition(grid: Locator): Promise<number> {
  const active = activeRowOf(grid);
  await expect(active).toHaveCount(1);
  return Number(await active.getAttribute('aria-rowindex')) - 1;
}

/** The body row at a position of the page (1 is the first), by its aria-rowindex: mounted rows only. */
export function rowAt(grid: Locator, position: number): Locator {
  return grid.locator(`[role="row"][aria-rowindex="${position + 1}"]`);
}
