import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { apiSignInAdmin, bodyRows, lumenAccountIdOf, lumenUser, tabTo, typeAccountSignIn } from './support/console';
import { expect, test } from './support/test';

// The routing backtest (issue 15) by keyboard alone: an administrator opens a route that carries traffic, edits it,
// lowers its weight to 0 on step 3, presses b, and reads that its MID loses the traffic and where the traffic goes.
// Nothing is saved: the journey leaves the wizard with Discard.

interface RouteItem {
  routeId: string;
  routeDescription: string;
  priority: number;
  weight: number;
  mid: { id: string; description: string; enable: boolean };
  fallbackMid: { id: string } | null;
  currency: string[];
  issuerCountry: string[];
  cardBrand: string[];
  url: string[];
  customTag: string[];
  binCode: string[];
}

interface BacktestAnswer {
  mids: { midId: string; difference: { payments: number } }[];
  moved: { payments: number };
}

/**
 * A Lumen merchant and one of its routes whose MID would lose payments of the last 30 days at weight 0, found through
 * the API (the demo data is dated relative to now, so nothing is hard-coded).
 */
async function routeCarryingTraffic(request: APIRequestContext) {
  const session = await apiSignInAdmin(request);
  const headers = { authorization: `Bearer ${session.token}` };
  const accountId = lumenAccountIdOf(session);
  const merchants = (await (await request.get(`/api/account/${accountId}/merchant?limit=50`, { headers })).json()) as {
    items: { merchantId: string; prettyName: string }[];
  };
  for (const merchant of merchants.items.slice(0, 5)) {
    const routes = (await (
      await request.get(`/api/merchant/${merchant.merchantId}/route?limit=0`, { headers })
    ).json()) as { items: RouteItem[] };
    const candidates = routes.items.filter((route) => route.weight > 0 && route.mid.enable);
    for (const route of candidates) {
      const { mid, fallbackMid, routeId, routeDescription, priority } = route;
      const answer = await request.post(`/api/merchant/${merchant.merchantId}/routing-backtest`, {
        headers,
        data: {
          window: { preset: '30d' },
          temporaryRoutes: [
            {
              routeId,
              routeDescription,
              midId: mid.id,
              fallbackMidId: fallbackMid?.id ?? null,
              priority,
              weight: 0,
              currency: route.currency,
              issuerCountry: route.issuerCountry,
              cardBrand: route.cardBrand,
              url: route.url,
              customTag: route.customTag,
              binCode: route.binCode,
            },
          ],
          removedRouteIds: [],
        },
      });
      expect(answer.ok(), `the backtest answers 200 (${answer.status()})`).toBe(true);
      const result = (await answer.json()) as BacktestAnswer;
      const loss = result.mids.find((entry) => entry.midId === mid.id)?.difference.payments ?? 0;
      if (loss <= -1) return { merchant, route };
    }
  }
  throw new Error('no Lumen route carries payments of the last 30 days');
}

test('an administrator backtests a route at weight 0 by keyboard and sees where its traffic goes', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { merchant, route } = await routeCarryingTraffic(request);
  const { keyboard } = page;
  await typeAccountSignIn(page, lumenUser('administrator'));

  // The merchant from the palette, then g r.
  await keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await keyboard.type(merchant.prettyName);
  await expect(palette.getByRole('option', { selected: true })).toContainText(merchant.prettyName);
  await keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Merchant Detail', level: 1 })).toBeVisible();
  await keyboard.press('g');
  await keyboard.press('r');
  await expect(page.getByRole('heading', { name: 'Routes', level: 1 })).toBeVisible();

  // / searches the list (by the route's id); Escape leaves the search for the grid, Enter opens the route.
  const grid = page.getByRole('grid', { name: 'Routes' });
  await expect(bodyRows(page, grid).first()).toBeVisible();
  await keyboard.press('/');
  await keyboard.type(route.routeId);
  await expect(bodyRows(page, grid)).toHaveCount(1);
  await keyboard.press('Escape');
  await expect(grid).toBeFocused();
  await keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Route Detail', level: 1 })).toBeVisible();

  // e: Edit route; Continue through steps 1 and 2 (Enter on the palette of step 2 would pick a MID instead).
  await keyboard.press('e');
  await expect(page.getByRole('heading', { name: 'Edit route', level: 1 })).toBeVisible();
  const next = page.getByRole('button', { name: 'Continue' });
  await tabTo(page, next, 25);
  await keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Filter MIDs' })).toBeFocused();
  await tabTo(page, next, 40);
  await keyboard.press('Enter');

  // Step 3: the priority has the focus; Tab, Tab reaches the weight's number field.
  await expect(page.getByRole('combobox', { name: 'Priority' })).toBeFocused();
  const weight = page.getByRole('spinbutton', { name: /^Weight/ });
  await tabTo(page, weight, 3);
  await keyboard.press('Control+a');
  await keyboard.type('0');
  await expect(weight).toHaveValue('0');
  // Single keys never fire while typing in a field: Shift Tab goes back to the weight's slider, then b.
  await keyboard.press('Shift+Tab');
  await expect(page.getByRole('slider', { name: `Weight of ${route.routeDescription}` })).toBeFocused();
  await keyboard.press('b');

  const panel = page.getByRole('region', { name: 'Backtest' });
  await expect(panel.getByRole('heading', { name: 'Backtest' })).toBeFocused();
  const perMid = panel.getByRole('table', { name: 'Payments per MID' });
  await expect(perMid).toBeVisible();
  await expect(panel.getByText('Expected approval rate')).toBeVisible();
  await expect(panel.getByText('Estimate', { exact: true })).toBeVisible();

  // Its MID loses the traffic: a negative difference.
  const midRow = perMid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: route.mid.description }) });
  await expect(midRow).toHaveCount(1);
  const difference = (await midRow.getByRole('cell').nth(2).textContent())?.trim() ?? '';
  expect(difference).toMatch(/^-\d/);

  // And where it goes: segments from its MID to another MID (or to no route at all).
  const segments = panel.getByRole('table', { name: 'Moving segments' });
  const fromIt = segments.locator('tbody tr').filter({ hasText: route.mid.description });
  await expect(fromIt.first()).toBeVisible();
  const destinations = await segments.evaluate((table) => {
    const headers = Array.from(table.querySelectorAll('thead th'), (cell) => cell.textContent ?? '');
    const from = headers.indexOf('From MID');
    const to = headers.indexOf('To MID');
    return Array.from(table.querySelectorAll('tbody tr'), (row) => ({
      from: row.children[from]?.textContent ?? '',
      to: row.children[to]?.textContent ?? '',
    }));
  });
  const moved = destinations.filter((segment) => segment.from.startsWith(route.mid.description));
  expect(moved.length).toBeGreaterThan(0);
  for (const segment of moved) expect(segment.to).not.toBe(segment.from);
  // The chart of the same figures, drawn by its lazily loaded echarts chunk.
  await expect(panel.locator('.backtest-chart svg')).toBeVisible();
  await expectNoSeriousViolations(page, 'route wizard backtest');

  // Nothing was saved: Escape leaves the wizard after 'Discard changes'.
  await keyboard.press('Escape');
  const question = page.getByRole('dialog');
  await expect(question.getByRole('button', { name: 'Discard changes' })).toBeFocused();
  await keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Routes', level: 1 })).toBeVisible();
});
