import { expect, type Locator } from '@playwright/test';

// Helpers of the keyboard-triage journeys (issue 11): reading the active row of a grid.

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
