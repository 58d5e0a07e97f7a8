import type { RouteListItem, RoutingLintResult } from '@domain/contract/routes';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_ID, json, renderApp, type ServerCall } from './app-harness';
import { accountFixture, CONFIG_MERCHANT_ID, merchantFixture } from './configuration-fixtures';
import { giveTablesAHeight } from './table-viewport';

// The routing lint on the routes list (issue 28, console part 1): the summary above the table, the badge on the row of
// a route that never takes payments, and its popover with the reason and the routes that take its orders first.

const MERCHANT_ID = CONFIG_MERCHANT_ID;
const BASE = `/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/routes`;
const LINT_PATH = `/merchant/${MERCHANT_ID}/routing-lint`;
const EVERYTHING = ['merchant.read', 'route.read', 'route.select', 'route.create', 'route.delete', 'route.export'];
const SHADOWED_ID = 'e0000000-0000-4000-8000-000000000001';
const SHADOWING_ID = 'e0000000-0000-4000-8000-000000000002';
const PAUSED_ID = 'e0000000-0000-4000-8000-000000000003';
const detailPath = (routeId: string) => `${BASE}/detail/${routeId}`;

function route(routeId: string, routeDescription: string, priority: number, weight: number): RouteListItem {
  return {
    routeId,
    routeDescription,
    priority,
    weight,
    mid: {
      id: 'c0000000-0000-4000-8000-000000000001',
      description: 'Adyen EU cards',
      midAcquirerId: 'ADY-1',
      acquirerName: 'Adyen',
      enable: true,
      synchronous: true,
    },
    fallbackMid: null,
    currency: ['EUR'],
    issuerCountry: [],
    cardBrand: [],
    url: [],
    customTag: [],
    binCode: [],
    modifiedDate: '2026-11-20T10:15:00.000Z',
  };
}

const ROUTES = [
  route(SHADOWING_ID, 'Visa EU', 8, 50),
  route(SHADOWED_ID, 'EU checkout', 7, 30),
  route(PAUSED_ID, 'Paused route', 5, 0),
];

const SHADOWED_REASON = 'Never takes payments: every order it matches goes to Visa EU (priority 8) first.';

/** One route shadowed by a higher priority, one with weight 0, as the server words them. */
const TWO_FINDINGS: RoutingLintResult = {
  checkedRoutes: 3,
  findings: [
    {
      routeId: SHADOWED_ID,
      description: 'EU checkout',
      priority: 7,
      routeDetailPath: detailPath(SHADOWED_ID),
      kind: 'shadowed',
      severity: 'warning',
      reason: SHADOWED_REASON,
      deadReason: null,
      shadowedBy: [
        { routeId: SHADOWING_ID, description: 'Visa EU', priority: 8, routeDetailPath: detailPath(SHADOWING_ID) },
      ],
    },
    {
      routeId: PAUSED_ID,
      description: 'Paused route',
      priority: 5,
      routeDetailPath: detailPath(PAUSED_ID),
      kind: 'dead',
      severity: 'warning',
      reason: 'Never takes payments: its weight is 0.',
      deadReason: 'weight-zero',
      shadowedBy: [],
    },
  ],
};

function renderRoutes(lint: () => Response) {
  return renderApp({
    path: BASE,
    session: { permissions: EVERYTHING },
    server: (call) => {
      if (call.method === 'POST' && call.path.endsWith('/duplicate')) return json(201, { routeId: PAUSED_ID });
      if (call.path === `/account/${ACCOUNT_ID}`) return json(200, accountFixture());
      if (call.path === `/account/${ACCOUNT_ID}/merchant/${MERCHANT_ID}`) return json(200, merchantFixture());
      if (call.path === `/merchant/${MERCHANT_ID}/route`) return json(200, { count: 3, total: 3, items: ROUTES });
      if (call.path === LINT_PATH && call.method === 'GET') return lint();
      return undefined;
    },
  });
}

async function routeRow(name: string): Promise<HTMLElement> {
  const grid = await screen.findByRole('grid', { name: 'Routes' });
  return within(grid).findByRole('row', { name: new RegExp(name) });
}

const lintCalls = (calls: ServerCall[]) => calls.filter((call) => call.path === LINT_PATH);

beforeEach(giveTablesAHeight);
afterEach(() => vi.restoreAllMocks());

describe('routing lint on the routes list (issue 28)', () => {
  it('says above the list how many routes never take payments and why, and marks their rows', async () => {
    renderRoutes(() => json(200, TWO_FINDINGS));
    expect(
      await screen.findByText('2 routes never take payments: 1 shadowed by a higher priority, 1 with weight 0.'),
    ).toBeInTheDocument();
    const paused = await routeRow('Paused route');
    expect(within(paused).getByRole('button', { name: 'Weight 0: why it never takes payments' })).toBeInTheDocument();
    expect(within(await routeRow('Visa EU')).queryByRole('button', { name: /why it never takes payments/ })).toBeNull();
  });

  it('opens the shadowed route’s reason from its badge, with a link to the route that takes its orders first', async () => {
    const { user, currentPath } = renderRoutes(() => json(200, TWO_FINDINGS));
    const row = await routeRow('EU checkout');
    const badge = await within(row).findByRole('button', { name: 'Shadowed: why it never takes payments' });
    expect(badge).toHaveClass('badge--warning');

    await user.click(badge);
    const popover = await screen.findByRole('dialog', { name: 'EU checkout' });
    expect(popover).toHaveTextContent(SHADOWED_REASON);
    const takenFirstBy = within(popover).getByRole('list', { name: 'Taken first by' });
    expect(within(takenFirstBy).getByRole('link', { name: 'Visa EU' })).toHaveAttribute(
      'href',
      detailPath(SHADOWING_ID),
    );
    expect(takenFirstBy).toHaveTextContent('Visa EU (priority 8)');
    // The badge is the row's own control: the click did not open the route.
    expect(currentPath()).toBe(BASE);

    // Escape closes it and gives the focus back to the badge; Enter on the badge opens it again.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'EU checkout' })).not.toBeInTheDocument());
    await waitFor(() => expect(badge).toHaveFocus());
    await user.keyboard('{Enter}');
    const again = await screen.findByRole('dialog', { name: 'EU checkout' });
    await user.click(within(again).getByRole('link', { name: 'Visa EU' }));
    await waitFor(() => expect(currentPath()).toBe(detailPath(SHADOWING_ID)));
  });

  it('checks the routing again whenever the list is refreshed by a change (a duplicate)', async () => {
    const { user, calls } = renderRoutes(() => json(200, TWO_FINDINGS));
    const row = await routeRow('Visa EU');
    await waitFor(() => expect(lintCalls(calls)).toHaveLength(1));
    await user.click(within(row).getByRole('button', { name: 'Actions for Visa EU' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
    expect(await screen.findByText('Duplicated successfully')).toBeInTheDocument();
    await waitFor(() => expect(lintCalls(calls)).toHaveLength(2));
  });

  it('shows no summary and no badge when every route can take payments', async () => {
    const { calls } = renderRoutes(() => json(200, { checkedRoutes: 3, findings: [] }));
    await routeRow('EU checkout');
    await waitFor(() => expect(lintCalls(calls)).toHaveLength(1));
    // Let the answer reach the screen before looking for what it would have shown.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/never takes? payments/)).not.toBeInTheDocument();
    expect(screen.queryByText('Routing checks unavailable.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /why it never takes payments/ })).not.toBeInTheDocument();
  });

  it('still lists the routes when the check fails (500), with a muted line and no error message', async () => {
    renderRoutes(() => json(500, { statusCode: 500, error: 'server-error', message: 'Internal Server Error' }));
    expect(await screen.findByText('Routing checks unavailable.')).toBeInTheDocument();
    expect(await routeRow('EU checkout')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /why it never takes payments/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
