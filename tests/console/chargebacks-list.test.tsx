import { agentColumnWidth } from '@console/areas/chargebacks/chargeback-columns';
import { formatDate } from '@domain/format';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, mockTableLayout } from './activity-fixtures';
import { ACCOUNT_ID, json, renderApp } from './app-harness';
import {
  ACCOUNT,
  ANA,
  BEN,
  chargebacksApi,
  DISPUTE_AGENT,
  detailPath,
  EXPIRED_CASE,
  FRAUD_CASE,
  FRAUD_ID,
  preloadQueueModules,
  QUEUE_PATH,
  SUPPORT,
  VIEWER,
} from './chargebacks-fixtures';

// The chargebacks queue (spec 3, section 2.3) against the fake API: columns, icons and marks, the controls or their
// read-only forms by permission, search and every filter with the calls they make, the toggle's tooltips, Clear All,
// the load error, the row menu and the export.

function renderQueue({
  path = QUEUE_PATH,
  permissions = DISPUTE_AGENT,
  ...api
}: { path?: string; permissions?: string[] } & Parameters<typeof chargebacksApi>[0] = {}) {
  const fake = chargebacksApi(api);
  const app = renderApp({ path, session: { permissions }, server: fake.server });
  return { ...app, ...fake };
}

const lastList = (calls: { search: URLSearchParams }[]) => calls.at(-1)!.search;
const addressOf = (location: { history: string[] }) =>
  new URLSearchParams((location.history.at(-1) ?? '').split('?')[1] ?? '');

async function grid() {
  // The first screen of a file loads its lazy modules; give it time.
  await screen.findByText('CASE-1001');
  return screen.getByRole('grid', { name: 'Chargebacks' });
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`No row holds ${text}`);
  return row;
}

async function openFilters(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Show filters' }));
  return screen.getByRole('group', { name: 'Filters' });
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

describe('the agent column', () => {
  // Without a layout (jsdom) the width is estimated from the number of characters; in a browser it is measured.
  const minimumOf = (width: string) => Number(/^minmax\((\d+)px,/.exec(width)?.[1]);
  const shareOf = (width: string) => Number(/, ([\d.]+)fr\)$/.exec(width)?.[1]);

  it('is as wide as the longest agent name, so a usual name is never cut', () => {
    const short = agentColumnWidth(['Ana Ruiz', 'Others', 'Unassigned']);
    expect(minimumOf(short)).toBeGreaterThanOrEqual('Unassigned'.length * 7);
    expect(minimumOf(short)).toBeLessThanOrEqual(150);
  });

  it('keeps a very long name within the 1280-pixel row, widening towards it as the window allows', () => {
    const short = agentColumnWidth(['Ana Ruiz', 'Others', 'Unassigned']);
    const long = agentColumnWidth(['Tomás Müller-Hernández', 'Others', 'Unassigned']);
    expect(minimumOf(long)).toBeGreaterThan(minimumOf(short));
    expect(minimumOf(long)).toBeLessThanOrEqual(150);
    // Its share of the spare width is the whole name's width, so a wide window shows it whole.
    expect(shareOf(long) * 100).toBeGreaterThanOrEqual('Tomás Müller-Hernández'.length * 7);
    expect(shareOf(agentColumnWidth(['A'.repeat(200)])) * 100).toBeLessThanOrEqual(300);
  });
});

describe('chargebacks queue', () => {
  it('shows the case columns, newest notification first, 50 a page', async () => {
    const { listCalls } = renderQueue();
    const table = await grid();
    expect(screen.getByRole('heading', { name: 'Chargebacks', level: 1 })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent?.replace(/[▲▼↕]/g, ''))
        .filter(Boolean),
    ).toEqual([
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
    const first = lastList(listCalls);
    expect(first.get('order')).toBe('-notificationDate');
    expect(first.get('limit')).toBe('50');
    expect(first.get('page')).toBe('1');
    expect(first.has('timeZone')).toBe(false);
    expect(within(table).getByRole('columnheader', { name: /Notification date/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    const fraud = rowOf('CASE-1001');
    expect(fraud).toHaveTextContent('Dispute DSP-1');
    // Chargebacks are the rule; only retrievals carry a type badge.
    expect(fraud).not.toHaveTextContent('Retrieval');
    expect(fraud).toHaveTextContent('1.234,50 EUR');
    expect(fraud).toHaveTextContent('Fraud - no cardholder authorization');
    expect(fraud).toHaveTextContent(formatDate(FRAUD_CASE.notificationDate));
    expect(fraud).toHaveTextContent(formatDate(FRAUD_CASE.expirationDate));

    const expired = rowOf('CASE-1002');
    expect(expired).toHaveTextContent('Retrieval');
    expect(expired).toHaveTextContent('9,90 GBP');
    expect(expired).toHaveTextContent('Not as described');
    expect(side()).toHaveAttribute('aria-current', 'page');
  });

  it('marks a second chargeback and a refund with named icons, and expired cases with Expired', async () => {
    const { user } = renderQueue();
    await grid();
    const fraud = rowOf('CASE-1001');
    const expired = rowOf('CASE-1002');
    const others = rowOf('CASE-1003');

    expect(within(fraud).getByRole('img', { name: 'Second chargeback' })).toBeInTheDocument();
    expect(within(fraud).queryByRole('img', { name: 'Refunded' })).not.toBeInTheDocument();
    expect(within(expired).getByRole('img', { name: 'Refunded' })).toBeInTheDocument();
    expect(within(expired).queryByRole('img', { name: 'Second chargeback' })).not.toBeInTheDocument();

    expect(within(expired).getByText('Expired', { selector: '.badge' })).toBeInTheDocument();
    expect(within(expired).getByText(formatDate(EXPIRED_CASE.expirationDate))).toBeInTheDocument();
    expect(within(fraud).queryByText('Expired', { selector: '.badge' })).not.toBeInTheDocument();
    // No expiration date: never expired.
    expect(within(others).queryByText('Expired', { selector: '.badge' })).not.toBeInTheDocument();

    await user.hover(within(fraud).getByRole('img', { name: 'Second chargeback' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('this payment had a chargeback before');
    await user.unhover(within(fraud).getByRole('img', { name: 'Second chargeback' }));

    await user.hover(within(fraud).getByText('Fraud - no cardholder authorization'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('10.4 Other Fraud - Card Absent Environment');
  });

  it('offers the agent, status and fraud-type dropdowns to a dispute agent', async () => {
    renderQueue();
    await grid();
    const agent = screen.getByRole('combobox', { name: 'Agent of case CASE-1001' });
    expect(agent).toHaveValue(ANA.id);
    expect(
      within(agent)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Ana Ruiz', 'Ben Ode', 'Others', 'Unassigned']);
    expect(screen.getByRole('combobox', { name: 'Agent of case CASE-1002' })).toHaveValue('UNASSIGNED');
    expect(screen.getByRole('combobox', { name: 'Agent of case CASE-1003' })).toHaveValue('OTHERS');

    const status = screen.getByRole('combobox', { name: 'Status of case CASE-1001' });
    expect(status).toHaveValue('TO_DO');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['To do', 'In progress', 'Done', 'Not disputed', 'Expired', 'Refunded', 'Others']);

    // Only the fraud reason has a fraud type; the others show a dash.
    expect(screen.getByRole('combobox', { name: 'Fraud type of case CASE-1001' })).toHaveValue('');
    expect(screen.queryByRole('combobox', { name: 'Fraud type of case CASE-1002' })).not.toBeInTheDocument();
    expect(within(rowOf('CASE-1002')).getByText('-')).toBeInTheDocument();
  });

  it('shows read-only badges and text to a viewer, without export or row selection', async () => {
    renderQueue({ permissions: VIEWER, items: [{ ...FRAUD_CASE, fraudType: 'CLIENT_CONTACT' }, EXPIRED_CASE] });
    await grid();
    const fraud = rowOf('CASE-1001');
    expect(within(fraud).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(fraud).getByText('To do')).toHaveClass('badge--info');
    expect(within(rowOf('CASE-1002')).getByText('In progress')).toHaveClass('badge--warning');
    expect(fraud).toHaveTextContent('Ana Ruiz');
    expect(fraud).toHaveTextContent('Client contact');
    expect(within(rowOf('CASE-1002')).getByText('Unassigned')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Select/ })).not.toBeInTheDocument();
  });

  it('shows the fraud type as text to a user without its permission', async () => {
    renderQueue({ permissions: SUPPORT });
    await grid();
    expect(screen.getByRole('combobox', { name: 'Status of case CASE-1001' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Fraud type of case CASE-1001' })).not.toBeInTheDocument();
    expect(within(rowOf('CASE-1001')).getByText('-')).toBeInTheDocument();
  });
});

describe('chargebacks search and filters', () => {
  it('searches from 3 characters, and sends Exact matches only with a search', async () => {
    const { user, listCalls, location } = renderQueue();
    await grid();
    const box = screen.getByRole('combobox', { name: 'Search Chargebacks' });
    const exact = screen.getByRole('checkbox', { name: 'Exact matches' });

    await user.click(exact);
    await waitFor(() => expect(addressOf(location).get('exactMatch')).toBe('true'));
    expect(lastList(listCalls).has('exactMatch')).toBe(false);

    // Enter on two characters searches nothing (it would ask at once); the third character does.
    const calls = listCalls.length;
    await user.type(box, 'CA{Enter}');
    await user.type(box, 'S{Enter}');
    await waitFor(() => expect(lastList(listCalls).get('search')).toBe('CAS'));
    expect(listCalls.slice(calls).map((call) => call.search.get('search'))).not.toContain('CA');
    expect(lastList(listCalls).get('exactMatch')).toBe('true');

    await user.click(exact);
    await waitFor(() => expect(lastList(listCalls).has('exactMatch')).toBe(false));
    expect(lastList(listCalls).get('search')).toBe('CAS');

    await user.clear(box);
    await waitFor(() => expect(lastList(listCalls).has('search')).toBe(false));
  });

  it('takes a typed query: the statuses and the dispute type it names are the filters, the rest is the search', async () => {
    const { user, listCalls, location } = renderQueue();
    await grid();
    const box = screen.getByRole('combobox', { name: 'Search Chargebacks' });
    await user.type(box, 'status:to-do,"in progress" type:chargeback CAS{Enter}');
    await waitFor(() => expect(lastList(listCalls).getAll('status[]')).toEqual(['TO_DO', 'IN_PROGRESS']));
    expect(lastList(listCalls).getAll('operation[]')).toEqual(['CHARGEBACK']);
    expect(lastList(listCalls).get('search')).toBe('CAS');
    expect(addressOf(location).getAll('status')).toEqual(['TO_DO', 'IN_PROGRESS']);
  });

  it('sends every filter with the list call and keeps it in the address', async () => {
    const { user, listCalls, location } = renderQueue({ path: `${QUEUE_PATH}?page=2` });
    await grid();
    const filters = await openFilters(user);
    const labels = [...filters.querySelectorAll('.data-table__filter-label')].map((label) => label.textContent);
    expect(labels).toEqual(['Status', 'Type', 'Agent', 'Notification date', 'Expiration date', 'Reason', 'Fraud type']);

    const pick = async (filter: RegExp, ...options: string[]) => {
      await user.click(within(filters).getByRole('button', { name: filter }));
      for (const option of options) await user.click(await screen.findByRole('checkbox', { name: option }));
      await user.keyboard('{Escape}');
    };
    await pick(/^Status All/, 'Done');
    await waitFor(() => expect(lastList(listCalls).getAll('status[]')).toEqual(['DONE']));
    // A filter change goes back to page 1.
    expect(lastList(listCalls).get('page')).toBe('1');
    expect(addressOf(location).has('page')).toBe(false);

    await pick(/^Type All/, 'Retrieval');
    await pick(/^Agent All/, 'Ben Ode', 'Others', 'Unassigned');
    await pick(/^Reason All/, 'Not as described');
    await pick(/^Fraud type All/, 'Legitimate purchase');
    await waitFor(() => expect(lastList(listCalls).getAll('fraudType[]')).toEqual(['LEGITIMATE_PURCHASE']));
    const call = lastList(listCalls);
    expect(call.getAll('operation[]')).toEqual(['RETRIEVAL']);
    expect(call.getAll('agentId[]')).toEqual([BEN.id, 'OTHERS', 'UNASSIGNED']);
    expect(call.getAll('reason[]')).toEqual(['NotAsDescribed']);
    expect(addressOf(location).getAll('agentId')).toEqual([BEN.id, 'OTHERS', 'UNASSIGNED']);
  });

  it('sends the notification and expiration date ranges as their From and To', async () => {
    const { user, listCalls } = renderQueue();
    await grid();
    const filters = await openFilters(user);
    await user.click(within(filters).getByRole('button', { name: /^Notification date All dates/ }));
    await user.click(screen.getByRole('radio', { name: 'This month' }));
    await waitFor(() => expect(lastList(listCalls).get('notificationDateFrom')).toBeTruthy());
    const from = new Date(lastList(listCalls).get('notificationDateFrom')!);
    expect(from.getDate()).toBe(1);
    expect(new Date(lastList(listCalls).get('notificationDateTo')!).toDateString()).toBe(new Date().toDateString());

    await user.keyboard('{Escape}');
    await user.click(within(filters).getByRole('button', { name: /^Expiration date All dates/ }));
    await user.click(screen.getByRole('radio', { name: 'This year' }));
    await waitFor(() => expect(lastList(listCalls).get('expirationDateFrom')).toBeTruthy());
    expect(new Date(lastList(listCalls).get('expirationDateFrom')!).getMonth()).toBe(0);
    expect(lastList(listCalls).has('notificationDate')).toBe(false);
  });

  it('hides expired cases with the viewer’s time zone, and shows Clear All once a second filter is set', async () => {
    const { user, listCalls, location } = renderQueue();
    await grid();
    const filters = await openFilters(user);
    expect(within(filters).queryByRole('button', { name: 'Clear All' })).not.toBeInTheDocument();

    await user.click(within(filters).getByRole('checkbox', { name: 'Hide expired' }));
    await waitFor(() => expect(lastList(listCalls).get('hideExpired')).toBe('true'));
    expect(lastList(listCalls).get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(addressOf(location).get('hideExpired')).toBe('true');
    // One filter: nothing to clear "all" of.
    expect(within(filters).queryByRole('button', { name: 'Clear All' })).not.toBeInTheDocument();

    await user.click(within(filters).getByRole('button', { name: /^Status All/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'To do' }));
    await user.keyboard('{Escape}');
    const clear = await within(filters).findByRole('button', { name: 'Clear All' });
    await user.click(clear);
    await waitFor(() => expect(lastList(listCalls).has('hideExpired')).toBe(false));
    expect(lastList(listCalls).has('status[]')).toBe(false);
    expect(lastList(listCalls).has('timeZone')).toBe(false);
    expect(within(filters).getByRole('checkbox', { name: 'Hide expired' })).not.toBeChecked();
  });

  it('names the filter toggle Show filters, Hide filters or N filters applied', async () => {
    const { user } = renderQueue({ path: `${QUEUE_PATH}?status=TO_DO&hideExpired=true` });
    await grid();
    // Applied filters open the row at once.
    const toggle = screen.getByRole('button', { name: 'Hide filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    const closed = screen.getByRole('button', { name: '2 filters applied' });
    expect(closed).toHaveAttribute('aria-expanded', 'false');
    await user.hover(closed);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('2 filters applied');
  });

  it('says Show filters when nothing is applied', async () => {
    const { user } = renderQueue();
    await grid();
    const toggle = screen.getByRole('button', { name: 'Show filters' });
    await user.hover(toggle);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Show filters');
  });
});

describe('chargebacks queue states and actions', () => {
  it('shows the page-not-found message with a link back to the default filters when the list fails', async () => {
    let failing = true;
    const { user, listCalls, location } = renderQueue({
      path: `${QUEUE_PATH}?status=DONE`,
      listAnswer: () => (failing ? json(400, { statusCode: 400, error: 'bad-request', message: 'Bad' }) : undefined),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent("Oops! Sorry, we can't find that page");
    failing = false;
    await user.click(screen.getByRole('link', { name: 'Refresh page' }));
    expect(await screen.findByText('CASE-1001')).toBeInTheDocument();
    expect(addressOf(location).has('status')).toBe(false);
    expect(lastList(listCalls).has('status[]')).toBe(false);
  });

  it('offers View detail and Download in the row menu, each only when permitted', async () => {
    const { user, currentPath } = renderQueue();
    await grid();
    await user.click(screen.getByRole('button', { name: 'Actions for Case CASE-1001' }));
    const menu = await screen.findByRole('menu', { name: 'Actions for Case CASE-1001' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/^View detail/);
    expect(items[1]).toHaveTextContent(/^Download/);
    await user.click(within(menu).getByRole('menuitem', { name: /View detail/ }));
    await waitFor(() => expect(currentPath()).toBe(detailPath(FRAUD_ID)));
  });

  it('offers no Download to a viewer', async () => {
    const { user } = renderQueue({ permissions: VIEWER });
    await grid();
    await user.click(screen.getByRole('button', { name: 'Actions for Case CASE-1001' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(1);
    expect(within(menu).getByRole('menuitem', { name: /View detail/ })).toBeInTheDocument();
  });

  it('opens the template choice from the row menu’s Download', async () => {
    const { user } = renderQueue();
    await grid();
    await user.click(screen.getByRole('button', { name: 'Actions for Case CASE-1001' }));
    await user.click(await screen.findByRole('menuitem', { name: /Download/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Download dispute document' });
    expect(within(dialog).getByRole('combobox', { name: /Template/ })).toHaveValue('FraudNoCardholderAuthorization');
  });

  it('exports the filtered list as a ZIP through the one export flow', async () => {
    const downloads = captureDownloads();
    const { user, exportCalls } = renderQueue({
      path: `${QUEUE_PATH}?status=TO_DO&hideExpired=true&search=CASE&exactMatch=true&page=2`,
    });
    await grid();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const call = exportCalls[0]!.search;
    expect(call.getAll('status[]')).toEqual(['TO_DO']);
    expect(call.get('hideExpired')).toBe('true');
    expect(call.get('search')).toBe('CASE');
    expect(call.get('exactMatch')).toBe('true');
    expect(call.get('order')).toBe('-notificationDate');
    expect(call.get('timeZone')).toBeTruthy();
    expect(call.has('page')).toBe(false);
    expect(downloads[0]!.fileName).toBe('chargebacks.zip');
  });

  it('offers no export without chargeback.export', async () => {
    renderQueue({ permissions: SUPPORT });
    await grid();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
  });

  it('opens the Video learning center at Disputes from the filter box, as every list has it', async () => {
    const { user } = renderQueue();
    await grid();
    await user.click(screen.getByRole('button', { name: 'Video learning center' }));
    const help = await screen.findByRole('dialog', { name: 'Video learning center' });
    expect(within(help).getByRole('tab', { name: 'Disputes' })).toHaveAttribute('aria-selected', 'true');
  });

  it('hides the screen from accounts without the chargebacks feature', async () => {
    const fake = chargebacksApi();
    renderApp({
      path: `/accounts/${ACCOUNT_ID}/transactions`,
      session: { permissions: [...DISPUTE_AGENT, 'transaction.read'] },
      server: (call) =>
        call.path === `/account/${ACCOUNT_ID}`
          ? json(200, { ...ACCOUNT, hasChargebacksFeature: false })
          : fake.server(call),
    });
    await screen.findByRole('heading', { name: 'Transactions', level: 1 });
    const sections = screen.getByRole('navigation', { name: /sections/i });
    expect(within(sections).queryByRole('link', { name: /Chargebacks/ })).not.toBeInTheDocument();
  });
});

function side() {
  return within(screen.getByRole('navigation', { name: /sections/i })).getByRole('link', { name: /Chargebacks/ });
}
