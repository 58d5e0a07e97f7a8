import type { Provider } from '@domain/contract/accounts';
import type { PspOption } from '@domain/contract/counters';
import type { TransactionsChart, TransactionsKpis } from '@domain/contract/dashboard';
import { emptySales, type SalesByType, type Tally } from '@domain/dashboard';
import { ACCOUNT_ID, json, renderApp, type ServerCall } from './app-harness';
import { accountFixture, CONFIG_MERCHANT_ID, merchantFixture } from './configuration-fixtures';

// The dashboard's world for console tests: an account with two providers (one solution name shared), one merchant, and
// a KPI answer whose figures are easy to check by hand.

export const MERCHANT_ID = CONFIG_MERCHANT_ID;
export const ACCOUNT_DASHBOARD = `/accounts/${ACCOUNT_ID}/dashboard`;
export const MERCHANT_DASHBOARD = `/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/dashboard`;
export const EVERYTHING = ['merchant.read', 'merchant.select', 'overview.read', 'counter.read', 'transaction.export'];

/** The dashboard's calendar day (UTC) today. */
export const TODAY = new Date().toISOString().slice(0, 10);
export const MONTH_START = `${TODAY.slice(0, 8)}01`;

export const PROVIDERS: Provider[] = [
  {
    acquirerId: 'b1000000-0000-4000-8000-000000000001',
    prettyName: 'Adyen',
    usedByMid: true,
    solutions: [
      { id: 'c1000000-0000-4000-8000-000000000001', prettyName: 'Cards EU', usedByMid: true },
      { id: 'c1000000-0000-4000-8000-000000000002', prettyName: 'Wallets', usedByMid: false },
    ],
  },
  {
    acquirerId: 'b1000000-0000-4000-8000-000000000002',
    prettyName: 'Stripe',
    usedByMid: true,
    solutions: [{ id: 'c1000000-0000-4000-8000-000000000003', prettyName: 'Cards EU', usedByMid: true }],
  },
];

/** The merchant's provider solutions (its MIDs'): Cards EU at both providers. */
export const MERCHANT_PSPS: PspOption[] = PROVIDERS.map((provider) => {
  const solution = provider.solutions.find((item) => item.prettyName === 'Cards EU')!;
  return {
    pspId: solution.id,
    provider: { id: provider.acquirerId, prettyName: provider.prettyName },
    solution: { id: solution.id, prettyName: solution.prettyName },
    label: `${provider.prettyName} - ${solution.prettyName}`,
    mids: 1,
  };
});

const tally = (total: number, amount: number | null = total * 1000): Tally => ({ total, amount });

/**
 * One period: 80 one-off sales and 20 renewals succeeded; 10 declined, 5 failed and 5 abandoned one-off payments; 8
 * fallback sales out of 10 fallback attempts; 4 refunds and 2 chargebacks.
 */
export function figuresFixture(scale = 1, amountOf: (total: number) => number | null = (total) => total * 1000) {
  const t = (total: number) => tally(Math.round(total * scale), amountOf(Math.round(total * scale)));
  const sales: SalesByType = emptySales();
  sales.oneOff = { success: t(80), declined: t(10), failed: t(5), abandoned: t(5) };
  sales.renewal.success = t(20);
  const fallbackSales: SalesByType = emptySales();
  fallbackSales.oneOff.success = t(8);
  fallbackSales.oneOff.declined = t(2);
  return {
    sales,
    fallbackSales,
    refunds: { success: t(4) },
    chargebacks: { success: t(2) },
    providersErrors: [
      { code: '0201', label: 'Issuer Rejects', total: Math.round(12 * scale) },
      { code: '0102', label: 'Authentication Failed', total: Math.round(5 * scale) },
    ],
    boxes: { total: t(120), sales: t(100), rejected: t(20), fallback: t(8) },
  };
}

export function kpisFixture(overrides: Partial<TransactionsKpis> = {}): TransactionsKpis {
  return {
    ...figuresFixture(1),
    currency: 'EUR',
    from: MONTH_START,
    to: TODAY,
    comparison: { ...figuresFixture(0.5), name: 'February', from: '2026-02-01', to: '2026-02-10' },
    missingRates: [],
    ...overrides,
  };
}

/** An answer with nothing counted: every figure 0, no errors. */
export function emptyKpisFixture(): TransactionsKpis {
  const zero = figuresFixture(0);
  return kpisFixture({
    ...zero,
    providersErrors: [],
    comparison: { ...zero, providersErrors: [], name: 'February', from: '2026-02-01', to: '2026-02-10' },
  });
}

export function chartFixture(from = MONTH_START, to = TODAY): TransactionsChart {
  const days: TransactionsChart['days'] = [];
  for (
    let day = new Date(`${from}T00:00:00Z`);
    day.toISOString().slice(0, 10) <= to;
    day.setUTCDate(day.getUTCDate() + 1)
  ) {
    const text = day.toISOString().slice(0, 10);
    days.push({ day: text, sales: { total: Number(text.slice(8)), amount: Number(text.slice(8)) * 1000 } });
  }
  return { currency: 'EUR', from, to, days, missingRates: [] };
}

export interface DashboardWorld {
  kpis?: (call: ServerCall) => TransactionsKpis;
  chart?: (call: ServerCall) => TransactionsChart;
  /** Anything else: the export, failures. */
  answer?: (call: ServerCall) => Response | undefined;
}

export function renderDashboard(path: string, world: DashboardWorld = {}, permissions = EVERYTHING) {
  return renderApp({
    path,
    session: { permissions },
    server: (call) => {
      const answered = world.answer?.(call);
      if (answered) return answered;
      if (call.path === `/account/${ACCOUNT_ID}`) return json(200, accountFixture({ providers: PROVIDERS }));
      if (call.path === `/account/${ACCOUNT_ID}/merchant/${MERCHANT_ID}`) return json(200, merchantFixture());
      if (call.path === `/account/${ACCOUNT_ID}/acquirer`) {
        return json(200, { count: PROVIDERS.length, total: PROVIDERS.length, items: PROVIDERS });
      }
      if (call.path === `/merchant/${MERCHANT_ID}/psp`) return json(200, { items: MERCHANT_PSPS });
      if (call.path === `/account/${ACCOUNT_ID}/transactions-kpis`) {
        return json(200, (world.kpis ?? (() => kpisFixture()))(call));
      }
      if (call.path === `/account/${ACCOUNT_ID}/transactions-chart`) {
        const days = (name: string) => call.search.get(name)?.slice(0, 10);
        return json(200, (world.chart ?? (() => chartFixture(days('creationDateFrom'), days('creationDateTo'))))(call));
      }
      return undefined;
    },
  });
}

export const kpiCalls = (calls: readonly ServerCall[]) =>
  calls.filter((call) => call.path === `/account/${ACCOUNT_ID}/transactions-kpis`);
export const lastKpiCall = (calls: readonly ServerCall[]) => kpiCalls(calls).at(-1);
