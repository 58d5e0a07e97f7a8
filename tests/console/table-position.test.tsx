import { AppProviders } from '@console/app/providers';
import { AppRoutes } from '@console/app/router';
import { createConsoleStorage, writeSession } from '@console/session/storage';
import type { ChargebackListItem } from '@domain/contract/chargebacks';
import type { TransactionListItem } from '@domain/contract/transactions';
import { credentialsFromResponse } from '@machines/session.machine';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockTableLayout } from './activity-fixtures';
import { json, renderApp, sessionAnswer, TEST_CONFIG } from './app-harness';
import { chargebacksApi, DISPUTE_AGENT, FRAUD_CASE, preloadQueueModules, QUEUE_PATH } from './chargebacks-fixtures';
import { noteServerCall } from './served-check';
import { LIST_PATH, PAYMENT, paymentDetail, READER, transactionsApi } from './transactions-fixtures';

// Triage keeps its place (issue 11): a list opened again, after a detail, has the row the user left active and the
// scroll they left, whether they come back with `u`, the detail's back link or the browser's Back; `j` goes on from
// that row. The one data table remembers it per list address, so every list that opens a detail does this.

/** A queue long enough to scroll: case CASE-2001 first, newest notification first. */
function longQueue(count: number): ChargebackListItem[] {
  return Array.from({ length: count }, (_, index) => ({
    ...FRAUD_CASE,
    chargebackId: `cb0c0a4e-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
    caseId: `CASE-${2001 + index}`,
    disputeId: `DSP-${2001 + index}`,
  }));
}

function activeRow(): HTMLElement | undefined {
  return screen.queryAllByRole('row').find((row) => row.getAttribute('aria-current') === 'true');
}

const activeCase = () => activeRow()?.textContent?.match(/CASE-\d+/)?.[0];

function queueGrid() {
  return screen.getByRole('grid', { name: 'Chargebacks' });
}

beforeAll(preloadQueueModules, 20_000);

beforeEach(() => {
  mockTableLayout();
  // jsdom lays nothing out: scrolling moves scrollTop and tells the listeners, as a browser does.
  HTMLElement.prototype.scrollTo = function scrollTo(this: HTMLElement, options?: ScrollToOptions | number) {
    if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
    this.dispatchEvent(new Event('scroll'));
  } as typeof HTMLElement.prototype.scrollTo;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the queue keeps its place', () => {
  it('opening a case with Enter and coming back with u: the same case is active and j goes on to the next', async () => {
    const fake = chargebacksApi({ items: longQueue(30) });
    const { user, currentPath } = renderApp({
      path: QUEUE_PATH,
      session: { permissions: DISPUTE_AGENT },
      server: fake.server,
    });
    await screen.findByText('CASE-2001');
    await user.keyboard('j'.repeat(12));
    expect(activeCase()).toBe('CASE-2012');
    const scrolled = queueGrid().scrollTop;
    expect(scrolled).toBeGreaterThan(0);

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Case ID: DSP-2012' })).toBeInTheDocument();
    await user.keyboard('u');
    await waitFor(() => expect(currentPath()).toBe(QUEUE_PATH));

    await waitFor(() => expect(activeCase()).toBe('CASE-2012'));
    expect(queueGrid().scrollTop).toBe(scrolled);
    // Focus is on the grid again, so its active row is what a screen reader announces.
    expect(queueGrid()).toHaveFocus();
    expect(queueGrid().getAttribute('aria-activedescendant')).toBe(activeRow()?.id);
    await user.keyboard('j');
    expect(activeCase()).toBe('CASE-2013');
  });

  it("coming back by the detail's 'Back to Chargebacks' link restores the row as well", async () => {
    const fake = chargebacksApi();
    const { user, currentPath } = renderApp({
      path: QUEUE_PATH,
      session: { permissions: DISPUTE_AGENT },
      server: fake.server,
    });
    await screen.findByText('CASE-1001');
    await user.keyboard('jj{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Case ID: DSP-2' });
    await user.click(screen.getByRole('link', { name: 'Back to Chargebacks' }));
    await waitFor(() => expect(currentPath()).toBe(QUEUE_PATH));
    await waitFor(() => expect(activeCase()).toBe('CASE-1002'));
    await user.keyboard('j');
    expect(activeCase()).toBe('CASE-1003');
  });

  it('a case that left the page while it was open gives its place to the one now there', async () => {
    const fake = chargebacksApi();
    const { user } = renderApp({ path: QUEUE_PATH, session: { permissions: DISPUTE_AGENT }, server: fake.server });
    await screen.findByText('CASE-1001');
    await user.keyboard('jj{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Case ID: DSP-2' });
    // Another agent closed the case meanwhile, and the queue no longer lists it.
    const second = [...fake.cases.keys()][1]!;
    fake.cases.delete(second);
    await user.keyboard('u');
    await waitFor(() => expect(activeCase()).toBe('CASE-1003'));
  });

  it('a page of the list the user has not opened before starts with no active row', async () => {
    const fake = chargebacksApi();
    renderApp({ path: `${QUEUE_PATH}?order=amount`, session: { permissions: DISPUTE_AGENT }, server: fake.server });
    await screen.findByText('CASE-1001');
    expect(activeRow()).toBeUndefined();
  });
});

const SECOND_ID = '9c0c0a4e-0000-4000-8000-0000000000b2';
const THIRD_ID = '9c0c0a4e-0000-4000-8000-0000000000b3';
const payments: TransactionListItem[] = [
  PAYMENT,
  { ...PAYMENT, transactionId: SECOND_ID },
  { ...PAYMENT, transactionId: THIRD_ID },
];

/** The console at a path of the browser's own history (jsdom's), so the browser's Back is the real one. */
function renderInBrowserHistory(path: string) {
  window.history.replaceState(null, '', path);
  const storage = createConsoleStorage(window.localStorage, 'table-position');
  writeSession(storage, credentialsFromResponse(sessionAnswer({ permissions: READER }), Date.now()));
  const fake = transactionsApi({
    items: payments,
    details: Object.fromEntries(payments.map((item) => [item.transactionId, paymentDetail(item)])),
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    noteServerCall('GET', url);
    const call = { method: 'GET', path: url.pathname.replace(/^\/api/, ''), search: url.searchParams, body: undefined };
    return (await fake.server({ ...call, headers: new Headers() })) ?? json(200, { count: 0, total: 0, items: [] });
  });
  render(
    <AppProviders
      config={TEST_CONFIG}
      storage={storage}
      fetch={fetchMock as unknown as typeof fetch}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <AppRoutes />
    </AppProviders>,
  );
}

describe('the transactions list keeps its place', () => {
  it("after the browser's Back, the transaction opened is active and j goes on to the next", async () => {
    const user = userEvent.setup();
    renderInBrowserHistory(LIST_PATH);
    const grid = await screen.findByRole('grid', { name: 'Transactions' });
    await within(grid).findByText(THIRD_ID);
    await user.keyboard('jj');
    expect(activeRow()).toHaveTextContent(SECOND_ID);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Transaction Detail' })).toBeInTheDocument();
    expect(window.location.pathname).toBe(`${LIST_PATH}/${SECOND_ID}`);

    window.history.back();
    await waitFor(() => expect(window.location.pathname).toBe(LIST_PATH));
    await waitFor(() => expect(activeRow()).toHaveTextContent(SECOND_ID));
    await user.keyboard('j');
    expect(activeRow()).toHaveTextContent(THIRD_ID);
  });
});
