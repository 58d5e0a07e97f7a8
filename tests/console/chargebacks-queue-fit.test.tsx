import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockTableLayout } from './activity-fixtures';
import { renderApp } from './app-harness';
import {
  chargebacksApi,
  DISPUTE_AGENT,
  FRAUD_CASE,
  preloadQueueModules,
  QUEUE_PATH,
  VIEWER,
} from './chargebacks-fixtures';

// The chargebacks queue fits a 1280 x 800 window with the side bar open, with every column of the spec (spec 3,
// section 2.3), and text cut to fit keeps its whole wording in a tooltip. jsdom lays nothing out, so the fit is read
// from the columns' minimum widths, which are what a browser cannot go below.

/** A 1280-pixel window less the side bar (232), the screen's padding (2 x 24), the table's border and a scroll bar. */
const ROW_ROOM_AT_1280 = 1280 - 232 - 2 * 24 - 2 - 17;

function renderQueue(permissions = DISPUTE_AGENT, items = [FRAUD_CASE]) {
  const fake = chargebacksApi({ items });
  return renderApp({ path: QUEUE_PATH, session: { permissions }, server: fake.server });
}

async function grid() {
  await screen.findByText('CASE-1001');
  return screen.getByRole('grid', { name: 'Chargebacks' });
}

/** The least width each column can take: the minimum of a `minmax()` track, or a fixed track. */
function minimumWidths(template: string): number[] {
  return [...template.matchAll(/minmax\(\s*(\d+(?:\.\d+)?)px|(?:^|\s)(\d+(?:\.\d+)?)px/g)].map((match) =>
    Number(match[1] ?? match[2]),
  );
}

beforeAll(preloadQueueModules, 20_000);

beforeEach(() => {
  sessionStorage.clear();
  mockTableLayout();
  HTMLElement.prototype.scrollTo = () => undefined;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the chargebacks queue at 1280 pixels', () => {
  it('keeps every column of the spec within the width of the window', async () => {
    renderQueue();
    const table = await grid();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.replace(/[▲▼↕]/g, ''));
    expect(headers).toEqual([
      '',
      'Case',
      'Amount',
      'Agent',
      'Status',
      'Fraud type',
      'Reason',
      'Notification date',
      'Expiration date',
      'Actions',
    ]);
    const widths = minimumWidths(table.style.getPropertyValue('--data-table-columns'));
    // The checkbox, the eight columns and the menu.
    expect(widths).toHaveLength(headers.length);
    const total = widths.reduce((sum, width) => sum + width, 0);
    expect(total).toBeLessThanOrEqual(ROW_ROOM_AT_1280);
  });

  it('keeps the whole text of what it cuts in a tooltip', async () => {
    const { user } = renderQueue(DISPUTE_AGENT, [{ ...FRAUD_CASE, fraudType: 'LEGITIMATE_PURCHASE_PROVEN_USE' }]);
    await grid();
    const row = screen.getByText('CASE-1001').closest<HTMLElement>('[role="row"]')!;
    expect(within(row).getByText('Dispute DSP-1')).toHaveAttribute('title', 'Dispute DSP-1');
    expect(within(row).getByRole('combobox', { name: 'Fraud type of case CASE-1001' })).toHaveAttribute(
      'title',
      'Legitimate purchase proven use',
    );
    expect(within(row).getByRole('combobox', { name: 'Agent of case CASE-1001' })).toHaveAttribute('title', 'Ana Ruiz');

    await user.hover(within(row).getByText('Fraud - no cardholder authorization'));
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Fraud - no cardholder authorization');
    expect(tooltip).toHaveTextContent('10.4 Other Fraud - Card Absent Environment');
  });

  it('gives a reason without the processor wording its whole label as tooltip too', async () => {
    const { user } = renderQueue(VIEWER, [{ ...FRAUD_CASE, reason: { parsed: 'IncorrectAmount', processor: null } }]);
    await grid();
    const row = screen.getByText('CASE-1001').closest<HTMLElement>('[role="row"]')!;
    expect(within(row).getByText('Ana Ruiz')).toHaveAttribute('title', 'Ana Ruiz');
    await user.hover(within(row).getByText('Incorrect amount'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Incorrect amount');
  });
});
