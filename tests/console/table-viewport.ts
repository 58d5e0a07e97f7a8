import { vi } from 'vitest';

/**
 * The virtualised grid mounts the rows that fit its height, and jsdom lays nothing out: this gives every table's
 * scroll box 400 pixels (about ten rows) and a scrollTo, for the test's duration (vi.restoreAllMocks undoes it).
 */
export function giveTablesAHeight(): void {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('data-table__scroll') ? 400 : 0;
  });
  HTMLElement.prototype.scrollTo = () => undefined;
}
