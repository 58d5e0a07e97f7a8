import { csvCell as consoleCsvCell, majorAmount } from '@console/areas/routes/backtest/backtest-format';
import { BACKTEST_TEXTS } from '@console/areas/routes/backtest/backtest-panel';
import { BACKTEST_MESSAGES, type BacktestResult } from '@domain/contract/backtest';
import type { RouteDetail, RouteListItem, RouteMid } from '@domain/contract/routes';
import { CATALOGUE } from '@domain/errors';
import { csvCell as serverCsvCell } from '@server/lib/export/csv';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from './activity-fixtures';
import { ACCOUNT_ID, json, renderApp, type ServerCall } from './app-harness';
import { accountFixture, CONFIG_MERCHANT_ID, merchantFixture } from './configuration-fixtures';

// The routing backtest (issue 15) in the console: step 3 of the route wizard (`b`, the rows as the draft) and the
// simulator screen (an edited copy of the routes, the palette's 'Backtest this routing'). The headline figures with
// the estimate label, the per-MID and segments tables (jsdom draws no chart; the tables hold the same figures), a new
// run aborting the one before, the window's radio group by arrow keys, and the segments' CSV file.

const MERCHANT_ID = CONFIG_MERCHANT_ID;
const MERCHANT_BASE = `/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}`;
const BACKTEST = `/merchant/${MERCHANT_ID}/routing-backtest`;
const ROUTE_ID = 'e0000000-0000-4000-8000-000000000001';
const OTHER_ROUTE_ID = 'e0000000-0000-4000-8000-000000000002';
const WIZARD_PERMISSIONS = [
  'merchant.read',
  'mid.read',
  'route.read',
  'route.select',
  'route.update',
  'route.simulate',
  'transaction.read',
];
const SIMULATOR_PERMISSIONS = ['merchant.read', 'route.read', 'route.select', 'route.simulate', 'transaction.read'];

const mid = (n: number): RouteMid => ({
  id: `c0000000-0000-4000-8000-00000000000${n}`,
  description: `EU cards ${n}`,
  midAcquirerId: `ADY-${n}`,
  acquirerName: n === 1 ? 'Adyen' : 'Stripe',
  enable: true,
  synchronous: true,
});
const MID_1 = mid(1);
const MID_2 = mid(2);

const ROUTE: RouteDetail = {
  routeId: ROUTE_ID,
  routeDescription: 'EU checkout',
  priority: 7,
  weight: 40,
  mid: MID_1,
  fallbackMid: MID_2,
  currency: ['EUR'],
  issuerCountry: [],
  cardBrand: [],
  url: [],
  customTag: [],
  binCode: [],
  modifiedDate: '2026-11-20T10:15:00.000Z',
  version: 3,
};
const { version: _version, ...ROUTE_ITEM } = ROUTE;
const OTHER_ROUTE: RouteListItem = {
  ...ROUTE_ITEM,
  routeId: OTHER_ROUTE_ID,
  routeDescription: 'EU backup',
  weight: 60,
  mid: MID_2,
  fallbackMid: null,
};

const eur = (amount: number) => [{ currency: 'EUR', amount }];

const RESULT: BacktestResult = {
  window: { from: '2026-10-22T00:00:00.000Z', to: '2026-11-21T00:00:00.000Z' },
  total: { payments: 300, amounts: [...eur(3_000_000), { currency: 'USD', amount: 50_000 }] },
  mids: [
    {
      midId: MID_1.id,
      description: MID_1.description,
      acquirerName: MID_1.acquirerName,
      current: { payments: 200, amounts: eur(2_000_000) },
      draft: { payments: 80, amounts: eur(800_000) },
      difference: { payments: -120, amounts: eur(-1_200_000) },
    },
    {
      midId: MID_2.id,
      description: MID_2.description,
      acquirerName: MID_2.acquirerName,
      current: { payments: 100, amounts: eur(1_000_000) },
      draft: { payments: 212.5, amounts: eur(2_125_000) },
      difference: { payments: 112.5, amounts: eur(1_125_000) },
    },
  ],
  moved: {
    payments: 120,
    amounts: eur(1_200_000),
    segments: [
      {
        currency: 'EUR',
        issuerCountry: 'ES',
        cardBrand: 'VISA',
        url: null,
        customTag: 'OTHER',
        binCode: 'OTHER',
        fromMidId: MID_1.id,
        toMidId: MID_2.id,
        payments: 112.5,
        amounts: eur(1_125_000),
      },
      {
        currency: 'EUR',
        issuerCountry: 'FR',
        cardBrand: 'MC',
        url: '=HYPERLINK("https://evil.example","x, y")',
        customTag: '@tag',
        binCode: 'OTHER',
        fromMidId: MID_1.id,
        toMidId: null,
        payments: 7.5,
        amounts: eur(75_000),
      },
    ],
  },
  unrouted: { current: { payments: 0, amounts: [] }, draft: { payments: 7.5, amounts: eur(75_000) } },
  fallbackCoverage: { current: 0.4, draft: 0.25 },
  approvals: { current: 0.9123, draft: 0.8876, midsWithoutHistory: [] },
};

/** A request that never answers, and fails as fetch does when its signal aborts. */
function pendingUntilAborted(call: ServerCall): Promise<Response> {
  return new Promise((_, reject) => {
    call.signal?.addEventListener('abort', () => reject(new DOMException('The user aborted a request.', 'AbortError')));
  });
}

type Answer = (call: ServerCall, index: number) => Response | Promise<Response>;

function renderScreen(
  path: string,
  { answer = () => json(200, RESULT), permissions }: { answer?: Answer; permissions: string[] },
) {
  let runs = 0;
  return renderApp({
    path,
    session: { permissions },
    server: (call) => {
      if (call.path === `/account/${ACCOUNT_ID}`) return json(200, accountFixture());
      if (call.path === `/account/${ACCOUNT_ID}/merchant/${MERCHANT_ID}`) return json(200, merchantFixture());
      if (call.path === `/merchant/${MERCHANT_ID}/route-mid`) return json(200, { items: [MID_1, MID_2] });
      if (call.path === `/merchant/${MERCHANT_ID}/route/${ROUTE_ID}`) return json(200, ROUTE);
      if (call.path === `/merchant/${MERCHANT_ID}/route` && call.method === 'GET') {
        return json(200, { count: 2, total: 2, items: [ROUTE_ITEM, OTHER_ROUTE] });
      }
      if (call.path === `/merchant/${MERCHANT_ID}/simulation`)
        return json(200, { otherRoutes: [], temporaryRoutes: [] });
      if (call.path === BACKTEST && call.method === 'POST') return answer(call, runs++);
      return undefined;
    },
  });
}

const backtests = (calls: ServerCall[]) => calls.filter((call) => call.path === BACKTEST);

/** The text of a table's body rows, cell by cell. */
const bodyCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children, (cell) => cell.textContent));

/** Opens the route's edit wizard on step 3. */
async function wizardStep3(options: { answer?: Answer; permissions?: string[] } = {}) {
  const rendered = renderScreen(`${MERCHANT_BASE}/routes/edit/${ROUTE_ID}`, {
    permissions: WIZARD_PERMISSIONS,
    ...options,
  });
  const { user } = rendered;
  await user.click(await screen.findByRole('button', { name: 'Continue' }));
  await screen.findByRole('group', { name: 'Route 1' });
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('spinbutton', { name: /^Weight/ });
  return rendered;
}

afterEach(() => vi.restoreAllMocks());

describe('backtest in the route wizard', () => {
  it('runs on b with the rows as the draft and shows the headline figures, the estimate and both tables', async () => {
    const { user, calls } = await wizardStep3();
    const weight = screen.getByRole('spinbutton', { name: /^Weight/ });
    await user.clear(weight);
    await user.type(weight, '0');
    // Single keys never fire while typing: from the weight's slider, b runs the backtest.
    await user.keyboard('b');
    expect(backtests(calls)).toHaveLength(0);
    screen.getByRole('slider', { name: 'Weight of EU checkout' }).focus();
    await user.keyboard('b');

    const panel = screen.getByRole('region', { name: 'Backtest' });
    const perMid = await within(panel).findByRole('table', { name: 'Payments per MID' });
    expect(backtests(calls)).toHaveLength(1);
    expect(backtests(calls)[0]!.body).toEqual({
      window: { preset: '30d' },
      temporaryRoutes: [
        {
          routeId: ROUTE_ID,
          routeDescription: 'EU checkout',
          midId: MID_1.id,
          fallbackMidId: MID_2.id,
          priority: 7,
          weight: 0,
          currency: ['EUR'],
          issuerCountry: [],
          cardBrand: [],
          url: [],
          customTag: [],
          binCode: [],
        },
      ],
      removedRouteIds: [],
    });
    // The command moved the keyboard to the panel, whose results follow its heading.
    expect(within(panel).getByRole('heading', { level: 3, name: 'Backtest' })).toHaveFocus();

    const figure = (name: string) => within(panel).getByText(name, { selector: 'dt' }).closest('div') as HTMLElement;
    expect(figure('Moved to another MID')).toHaveTextContent('120 payments (40,0% of all)');
    expect(figure('Moved to another MID')).toHaveTextContent('12.000,00 EUR');
    expect(figure('Unrouted payments')).toHaveTextContent('Current: 0→, draft: 7,5');
    expect(figure('Fallback coverage')).toHaveTextContent('Current: 40,0%→, draft: 25,0%');
    const approval = within(panel)
      .getByText(/^Expected approval rate/)
      .closest('div') as HTMLElement;
    expect(approval).toHaveTextContent('Current: 91,2%→, draft: 88,8%');
    expect(within(approval).getByText('Estimate')).toBeInTheDocument();
    expect(within(approval).getByText(BACKTEST_MESSAGES.estimate)).toBeInTheDocument();
    expect(within(panel).getByText(BACKTEST_MESSAGES.expectedValues)).toBeInTheDocument();
    expect(within(panel).getByText(/22 Oct 2026 – 21 Nov 2026 · 300 payments/)).toBeInTheDocument();

    expect(bodyCells(perMid)).toEqual([
      ['EU cards 1Adyen', '200', '80', '-120', '20.000,00 EUR', '8.000,00 EUR', '-12.000,00 EUR'],
      ['EU cards 2Stripe', '100', '212,5', '+112,5', '10.000,00 EUR', '21.250,00 EUR', '+11.250,00 EUR'],
      ['No routeUnrouted payments', '0', '7,5', '+7,5', '—', '750,00 EUR', '+750,00 EUR'],
    ]);
    const segments = within(panel).getByRole('table', { name: 'Moving segments' });
    // BIN code is 'Other' in every segment: no route tells BINs apart, so it has no column.
    expect(
      within(segments)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Currency',
      'Issuer country',
      'Card brand',
      'URL',
      'Custom tag',
      'From MID',
      'To MID',
      'Payments',
      'Amount',
    ]);
    expect(bodyCells(segments)).toEqual([
      ['EUR', 'ES', 'Visa', 'None', 'Other', 'EU cards 1', 'EU cards 2', '112,5', '11.250,00 EUR'],
      ['EUR', 'FR', 'Mastercard', RESULT.moved.segments[1]!.url, '@tag', 'EU cards 1', 'No route', '7,5', '750,00 EUR'],
    ]);
    // Nothing was saved.
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('says the draft changed since the result, and holds back a draft the API would refuse', async () => {
    const { user, calls } = await wizardStep3();
    const panel = screen.getByRole('region', { name: 'Backtest' });
    await user.click(within(panel).getByRole('button', { name: 'Run backtest' }));
    await within(panel).findByRole('table', { name: 'Payments per MID' });
    expect(within(panel).queryByText(BACKTEST_TEXTS.stale)).not.toBeInTheDocument();

    const weight = screen.getByRole('spinbutton', { name: /^Weight/ });
    await user.clear(weight);
    expect(within(panel).getByText(BACKTEST_TEXTS.stale)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Run backtest' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent(
      'Give every route a priority and a weight from 0 to 100 before the backtest.',
    );
    expect(backtests(calls)).toHaveLength(1);
  });

  it('Enter on a window radio runs the backtest and never saves the wizard', async () => {
    const { user, calls } = await wizardStep3();
    const panel = screen.getByRole('region', { name: 'Backtest' });
    within(panel).getByRole('radio', { name: 'Last 30 days' }).focus();
    await user.keyboard('{Enter}');
    await within(panel).findByRole('table', { name: 'Payments per MID' });
    expect(backtests(calls)).toHaveLength(1);
    expect(screen.queryByText("You haven't made any changes")).not.toBeInTheDocument();
    expect(document.querySelectorAll('form form')).toHaveLength(0);
  });

  it('is not offered without transaction.read: no panel, no b', async () => {
    const { user, calls } = await wizardStep3({
      permissions: WIZARD_PERMISSIONS.filter((permission) => permission !== 'transaction.read'),
    });
    expect(screen.queryByRole('region', { name: 'Backtest' })).not.toBeInTheDocument();
    screen.getByRole('slider', { name: 'Weight of EU checkout' }).focus();
    await user.keyboard('b');
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: /Keyboard shortcuts/ });
    expect(within(sheet).queryByText('Backtest this routing')).not.toBeInTheDocument();
    expect(backtests(calls)).toHaveLength(0);
  });

  it('lists b in the shortcuts sheet while step 3 shows', async () => {
    const { user } = await wizardStep3();
    screen.getByRole('slider', { name: 'Weight of EU checkout' }).focus();
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: /Keyboard shortcuts/ });
    expect(within(sheet).getByText('Backtest this routing')).toBeInTheDocument();
  });
});

describe('backtest on the simulator screen', () => {
  it('backtests an edited copy: a changed weight as a temporary route, a route left out by its id', async () => {
    const { user, calls } = renderScreen(`${MERCHANT_BASE}/simulator`, { permissions: SIMULATOR_PERMISSIONS });
    const panel = await screen.findByRole('region', { name: 'Backtest' });
    const copy = await within(panel).findByRole('table', { name: 'Edited copy of the routes' });
    // Highest priority first, then by description.
    expect(bodyCells(copy).map((cells) => cells[0])).toEqual(['EU backup', 'EU checkout']);
    const weight = within(copy).getByRole('spinbutton', { name: 'Weight of EU checkout' });
    expect(weight).toHaveValue(40);
    await user.clear(weight);
    await user.type(weight, '10');
    await user.click(within(copy).getByRole('checkbox', { name: 'Leave out EU backup' }));
    expect(within(panel).getByText('2 routes changed')).toBeInTheDocument();
    // Enter in a weight runs the backtest.
    await user.type(weight, '{Enter}');
    await within(panel).findByRole('table', { name: 'Payments per MID' });
    expect(backtests(calls)[0]!.body).toEqual({
      window: { preset: '30d' },
      temporaryRoutes: [
        {
          routeId: ROUTE_ID,
          routeDescription: 'EU checkout',
          midId: MID_1.id,
          fallbackMidId: MID_2.id,
          priority: 7,
          weight: 10,
          currency: ['EUR'],
          issuerCountry: [],
          cardBrand: [],
          url: [],
          customTag: [],
          binCode: [],
        },
      ],
      removedRouteIds: [OTHER_ROUTE_ID],
    });
    const routeList = calls.find((call) => call.method === 'GET' && call.path === `/merchant/${MERCHANT_ID}/route`);
    expect(routeList?.search.get('limit')).toBe('0');

    await user.click(within(panel).getByRole('button', { name: 'Reset changes' }));
    expect(weight).toHaveValue(40);
    expect(within(panel).getByText(BACKTEST_TEXTS.stale)).toBeInTheDocument();
  });

  it('a second run aborts the first; Cancel aborts the one running', async () => {
    const { user, calls } = renderScreen(`${MERCHANT_BASE}/simulator`, {
      permissions: SIMULATOR_PERMISSIONS,
      answer: (call, index) => (index === 1 ? json(200, RESULT) : pendingUntilAborted(call)),
    });
    const panel = await screen.findByRole('region', { name: 'Backtest' });
    await within(panel).findByRole('table', { name: 'Edited copy of the routes' });
    await user.click(within(panel).getByRole('button', { name: 'Run backtest' }));
    expect(await within(panel).findByText('Running the backtest on the last 30 days…')).toBeInTheDocument();
    expect(
      within(panel).getByText('Running the backtest on the last 30 days…').closest('[role="status"]'),
    ).not.toBeNull();
    expect(panel.querySelector('.backtest-results')).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(backtests(calls)).toHaveLength(1));
    const first = backtests(calls)[0]!;
    expect(first.signal?.aborted).toBe(false);

    await user.click(within(panel).getByRole('radio', { name: 'Last 7 days' }));
    await user.click(within(panel).getByRole('button', { name: 'Run backtest' }));
    await waitFor(() => expect(backtests(calls)).toHaveLength(2));
    expect(first.signal?.aborted).toBe(true);
    expect(backtests(calls)[1]!.body).toMatchObject({ window: { preset: '7d' } });
    await within(panel).findByRole('table', { name: 'Payments per MID' });
    expect(within(panel).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();

    // A third run, cancelled: its request is aborted and the last result stays.
    await user.click(within(panel).getByRole('button', { name: 'Run backtest' }));
    await user.click(await within(panel).findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(backtests(calls)[2]?.signal?.aborted).toBe(true));
    expect(within(panel).queryByText(/Running the backtest/)).not.toBeInTheDocument();
    expect(within(panel).getByRole('table', { name: 'Payments per MID' })).toBeInTheDocument();
  });

  it('moves between the windows by arrow keys', async () => {
    const { user, calls } = renderScreen(`${MERCHANT_BASE}/simulator`, { permissions: SIMULATOR_PERMISSIONS });
    const panel = await screen.findByRole('region', { name: 'Backtest' });
    const windows = within(panel).getByRole('group', { name: 'Window' });
    const radio = (name: string) => within(windows).getByRole('radio', { name });
    expect(radio('Last 30 days')).toBeChecked();
    radio('Last 30 days').focus();
    await user.keyboard('{ArrowRight}');
    expect(radio('Last 90 days')).toBeChecked();
    expect(radio('Last 90 days')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(radio('Last 7 days')).toBeChecked();
    expect(radio('Last 7 days')).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(backtests(calls)).toHaveLength(1));
    expect(backtests(calls)[0]!.body).toMatchObject({ window: { preset: '7d' } });
  });

  it('exports the moving segments as CSV with the server exports’ quoting and defused formulas', async () => {
    const downloads = captureDownloads();
    const { user } = renderScreen(`${MERCHANT_BASE}/simulator`, { permissions: SIMULATOR_PERMISSIONS });
    const panel = await screen.findByRole('region', { name: 'Backtest' });
    await within(panel).findByRole('table', { name: 'Edited copy of the routes' });
    await user.click(within(panel).getByRole('button', { name: 'Run backtest' }));
    await within(panel).findByRole('table', { name: 'Moving segments' });
    await user.click(within(panel).getByRole('button', { name: 'Export segments (CSV)' }));

    expect(downloads).toHaveLength(1);
    const [download] = downloads;
    expect(download!.fileName).toMatch(/^backtest-segments-lumen-books-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(download!.blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await download!.blob.arrayBuffer());
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1)).toEqual([
      'Currency,Issuer country,Card brand,URL,Custom tag,BIN code,From MID,From MID ID,To MID,To MID ID,Payments,Amount EUR',
      `EUR,ES,VISA,,OTHER,OTHER,EU cards 1,${MID_1.id},EU cards 2,${MID_2.id},112.5,11250.00`,
      `EUR,FR,MC,"'=HYPERLINK(""https://evil.example"",""x, y"")",'@tag,OTHER,EU cards 1,${MID_1.id},No route,,7.5,750.00`,
    ]);
  });

  it('writes every cell as the server’s exports do', () => {
    const cells = ['plain', '=1+1', '+SUM(A1)', '-2', '@cmd', '\tx', 'a,b', 'say "hi"', 'two\r\nlines', '', 12.5, -3];
    for (const cell of cells) expect(consoleCsvCell(cell)).toBe(serverCsvCell(cell));
    expect(consoleCsvCell(null)).toBe(serverCsvCell(null));
    // Amounts as the server's exports write them (src/server/areas/transactions/export.ts, majorAmount).
    expect([
      majorAmount(123450, 'EUR'),
      majorAmount(5, 'EUR'),
      majorAmount(1250, 'JPY'),
      majorAmount(12345, 'KWD'),
    ]).toEqual(['1234.50', '0.05', '1250', '12.345']);
  });

  it('is reached from the palette’s ‘Backtest this routing’, which runs it and moves the keyboard there', async () => {
    const { user, calls } = renderScreen(`${MERCHANT_BASE}/simulator`, { permissions: SIMULATOR_PERMISSIONS });
    const panel = await screen.findByRole('region', { name: 'Backtest' });
    await within(panel).findByRole('table', { name: 'Edited copy of the routes' });
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.keyboard('Backtest this routing');
    await user.click(await within(palette).findByRole('option', { name: /Backtest this routing/ }));
    await within(panel).findByRole('table', { name: 'Payments per MID' });
    expect(backtests(calls)).toHaveLength(1);
    expect(within(panel).getByRole('heading', { level: 2, name: 'Backtest' })).toHaveFocus();
  });

  it('shows the empty window and a failure with Try again', async () => {
    const empty: BacktestResult = {
      ...RESULT,
      total: { payments: 0, amounts: [] },
      mids: [],
      moved: { payments: 0, amounts: [], segments: [] },
      unrouted: { current: { payments: 0, amounts: [] }, draft: { payments: 0, amounts: [] } },
      approvals: { current: null, draft: null, midsWithoutHistory: [] },
    };
    const { user } = renderScreen(`${MERCHANT_BASE}/simulator`, {
      permissions: SIMULATOR_PERMISSIONS,
      answer: (_call, index) =>
        index === 0 ? json(500, { statusCode: 500, error: 'unexpected-error', message: 'Boom' }) : json(200, empty),
    });
    const panel = await screen.findByRole('region', { name: 'Backtest' });
    expect(within(panel).getByText(BACKTEST_TEXTS.beforeRun)).toBeInTheDocument();
    await within(panel).findByRole('table', { name: 'Edited copy of the routes' });
    await user.click(within(panel).getByRole('button', { name: 'Run backtest' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent(BACKTEST_TEXTS.failed);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText(BACKTEST_TEXTS.noPayments)).toBeInTheDocument();
    expect(within(panel).getByText(/no first-attempt payments from 22 Oct 2026 – 21 Nov 2026/)).toBeInTheDocument();
  });

  it('tells a draft too large to backtest and a run another one replaced in words of their own', async () => {
    const { user } = renderScreen(`${MERCHANT_BASE}/simulator`, {
      permissions: SIMULATOR_PERMISSIONS,
      answer: (_call, index) =>
        index === 0
          ? json(413, { statusCode: 413, error: 'backtest-too-large', message: 'The draft is too large to backtest' })
          : json(409, { statusCode: 409, error: 'backtest-superseded', message: 'Backtest replaced' }),
    });
    const panel = await screen.findByRole('region', { name: 'Backtest' });
    await within(panel).findByRole('table', { name: 'Edited copy of the routes' });
    await user.click(within(panel).getByRole('button', { name: 'Run backtest' }));
    const tooLarge = await within(panel).findByRole('alert');
    expect(tooLarge).toHaveTextContent(CATALOGUE['backtest-too-large'].content);
    await user.click(within(tooLarge).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(within(panel).getByRole('alert')).toHaveTextContent(CATALOGUE['backtest-superseded'].content),
    );
  });

  it('is not on the simulator screen without transaction.read', async () => {
    renderScreen(`${MERCHANT_BASE}/simulator`, {
      permissions: SIMULATOR_PERMISSIONS.filter((permission) => permission !== 'transaction.read'),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Simulator' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Backtest' })).not.toBeInTheDocument();
  });
});
