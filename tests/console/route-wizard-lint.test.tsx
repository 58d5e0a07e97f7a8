import type { RouteDetail, RouteMid, RoutingLintFinding } from '@domain/contract/routes';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ID, json, renderApp, type ServerCall } from './app-harness';
import { accountFixture, CONFIG_MERCHANT_ID, merchantFixture } from './configuration-fixtures';

// Step 3 of the route wizard says what the routing lint finds in the routing as it would be after Save (issue 28):
// the rows' own findings, the findings the draft adds to or removes from the saved routes, and never blocks Save.

const MERCHANT_ID = CONFIG_MERCHANT_ID;
const BASE = `/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/routes`;
const ROUTE_ID = 'e0000000-0000-4000-8000-000000000001';
const VISA_ID = 'e0000000-0000-4000-8000-000000000007';
const OLD_ID = 'e0000000-0000-4000-8000-000000000009';
const LINT = `/merchant/${MERCHANT_ID}/routing-lint`;
const EVERYTHING = ['merchant.read', 'mid.read', 'route.read', 'route.select', 'route.create', 'route.update'];

const MID: RouteMid = {
  id: 'c0000000-0000-4000-8000-000000000001',
  description: 'EU cards 1',
  midAcquirerId: 'ADY-1',
  acquirerName: 'Adyen',
  enable: true,
  synchronous: true,
};

const ROUTE: RouteDetail = {
  routeId: ROUTE_ID,
  routeDescription: 'EU checkout',
  priority: 7,
  weight: 40,
  mid: MID,
  fallbackMid: null,
  currency: ['EUR'],
  issuerCountry: [],
  cardBrand: [],
  url: [],
  customTag: [],
  binCode: [],
  modifiedDate: '2026-11-20T10:15:00.000Z',
  version: 3,
};

const detailPath = (routeId: string) => `${BASE}/${routeId}`;
const named = (routeId: string, description: string, priority: number) => ({
  routeId,
  description,
  priority,
  routeDetailPath: routeId.startsWith('new-') ? null : detailPath(routeId),
});
const shadowed = (route: ReturnType<typeof named>, by: ReturnType<typeof named>): RoutingLintFinding => ({
  ...route,
  kind: 'shadowed',
  severity: 'warning',
  reason: `Never takes payments: every order it matches goes to ${by.description} (priority ${by.priority}) first.`,
  deadReason: null,
  shadowedBy: [by],
});
const VISA_EU = named(VISA_ID, 'Visa EU', 7);
const answer = (findings: RoutingLintFinding[]) => json(200, { checkedRoutes: 3, findings });

function renderWizard(path: string, lint: (call: ServerCall) => Response | undefined) {
  return renderApp({
    path,
    session: { permissions: EVERYTHING },
    server: (call) => {
      if (call.path === LINT) return lint(call);
      if (call.path === `/account/${ACCOUNT_ID}`) return json(200, accountFixture());
      if (call.path === `/account/${ACCOUNT_ID}/merchant/${MERCHANT_ID}`) return json(200, merchantFixture());
      if (call.path === `/merchant/${MERCHANT_ID}/route-mid`) return json(200, { items: [MID] });
      if (call.path === `/merchant/${MERCHANT_ID}/route/${ROUTE_ID}`) {
        return call.method === 'PUT' ? new Response(null, { status: 204 }) : json(200, ROUTE);
      }
      if (call.path === `/merchant/${MERCHANT_ID}/routes`) return json(201, { routeIds: [ROUTE_ID] });
      return undefined;
    },
  });
}

/** A new route on the first MID, described 'Weekend EUR', up to step 3. */
async function newRouteOnStep3(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Continue' }));
  await user.click(await screen.findByRole('combobox', { name: 'Filter MIDs' }));
  await user.keyboard('{Enter}');
  await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'Weekend EUR');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return screen.findByRole('region', { name: 'Routing checks' });
}

const lintPosts = (calls: ServerCall[]) => calls.filter((call) => call.path === LINT && call.method === 'POST');

describe('the route wizard’s routing checks', () => {
  it('names the row that never takes payments and links the route that takes its orders first; Save still saves', async () => {
    const { user, calls } = renderWizard(`${BASE}/new`, (call) =>
      call.method === 'POST' ? answer([shadowed(named('new-1', 'Weekend EUR', 1), VISA_EU)]) : answer([]),
    );
    const region = await newRouteOnStep3(user);
    expect(
      await within(region).findByText(
        "'Weekend EUR' never takes payments: every order it matches goes to Visa EU (priority 7) first.",
      ),
    ).toBeInTheDocument();
    expect(within(region).getByText('Shadowed')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Visa EU' })).toHaveAttribute('href', detailPath(VISA_ID));
    expect(lintPosts(calls)[0]?.body).toMatchObject({
      temporaryRoutes: [{ routeDescription: 'Weekend EUR', midId: MID.id, priority: 1, weight: 0 }],
      removedRouteIds: [],
    });
    expect(calls.some((call) => call.path === LINT && call.method === 'GET')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Created successfully')).toBeInTheDocument();
    expect(
      calls.filter((call) => call.method === 'POST' && call.path === `/merchant/${MERCHANT_ID}/routes`),
    ).toHaveLength(1);
  });

  it('says no routing problems were found when neither routing has any', async () => {
    const { user } = renderWizard(`${BASE}/new`, () => answer([]));
    const region = await newRouteOnStep3(user);
    expect(await within(region).findByText('No routing problems found.')).toBeInTheDocument();
    expect(within(region).getByText('No routing problems found.').parentElement).toHaveAttribute('aria-live', 'polite');
  });

  it('tells the findings the draft adds to saved routes and the ones it removes', async () => {
    const oldRoute = named(OLD_ID, 'Old EU route', 3);
    const freed = named(VISA_ID, 'Visa EU', 2);
    const { user } = renderWizard(`${BASE}/new`, (call) =>
      call.method === 'POST'
        ? answer([shadowed(oldRoute, named('new-1', 'Weekend EUR', 5))])
        : answer([shadowed(freed, named(ROUTE_ID, 'EU checkout', 7))]),
    );
    const region = await newRouteOnStep3(user);
    expect(
      await within(region).findByText(
        "Saving makes 'Old EU route' never take payments: every order it matches goes to Weekend EUR (priority 5) first.",
      ),
    ).toBeInTheDocument();
    expect(within(region).getByText("Saving lets 'Visa EU' take payments again.")).toBeInTheDocument();
    expect(within(region).queryByText('No routing problems found.')).not.toBeInTheDocument();
  });

  it('says the checks are unavailable when the check fails, and Save still works', async () => {
    const { user, calls } = renderWizard(`${BASE}/new`, (call) =>
      call.method === 'POST'
        ? json(500, { statusCode: 500, error: 'server-error', message: 'Internal Server Error' })
        : answer([]),
    );
    const region = await newRouteOnStep3(user);
    expect(await within(region).findByText('Routing checks unavailable.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Created successfully')).toBeInTheDocument();
    expect(
      calls.filter((call) => call.method === 'POST' && call.path === `/merchant/${MERCHANT_ID}/routes`),
    ).toHaveLength(1);
  });

  it('sends an edited row with its routeId, and asks again when its priority changes', async () => {
    const { user, calls } = renderWizard(`${BASE}/edit/${ROUTE_ID}`, (call) => {
      const priority = (call.body as { temporaryRoutes?: { priority: number }[] } | undefined)?.temporaryRoutes?.[0]
        ?.priority;
      return call.method === 'POST' && priority === 7
        ? answer([shadowed(named(ROUTE_ID, 'EU checkout', 7), named(VISA_ID, 'Visa EU', 8))])
        : answer([]);
    });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const region = await screen.findByRole('region', { name: 'Routing checks' });
    expect(
      await within(region).findByText(
        "'EU checkout' never takes payments: every order it matches goes to Visa EU (priority 8) first.",
      ),
    ).toBeInTheDocument();
    expect(lintPosts(calls)[0]?.body).toMatchObject({ temporaryRoutes: [{ routeId: ROUTE_ID, priority: 7 }] });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), '9');
    expect(await within(region).findByText('No routing problems found.')).toBeInTheDocument();
    await waitFor(() =>
      expect(lintPosts(calls).at(-1)?.body).toMatchObject({ temporaryRoutes: [{ routeId: ROUTE_ID, priority: 9 }] }),
    );
  });
});
