import type { MidCounter, MidSales, PspCounter, PspOption } from '@domain/contract/counters';
import type { FiredAlert } from '@domain/contract/limits';
import { ACCOUNT_ID, json, renderApp, type ServerCall } from './app-harness';
import { accountFixture, CONFIG_MERCHANT_ID, merchantFixture } from './configuration-fixtures';

// The counters screen's world for console tests: a merchant with two provider solutions, the first with seven MIDs.

export const MERCHANT_ID = CONFIG_MERCHANT_ID;
export const COUNTERS = `/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/counter`;
export const PSP_ADYEN = 'a1000000-0000-4000-8000-000000000001';
export const PSP_STRIPE = 'a1000000-0000-4000-8000-000000000002';
export const EVERYTHING = ['merchant.read', 'merchant.select', 'mid.read', 'counter.read', 'limit.read'];

/** The server's day (UTC) the counters count from. */
export const TODAY = new Date().toISOString().slice(0, 10);

export const PSPS: PspOption[] = [
  {
    pspId: PSP_ADYEN,
    provider: { id: 'b1000000-0000-4000-8000-000000000001', prettyName: 'Adyen' },
    solution: { id: 'c1000000-0000-4000-8000-000000000001', prettyName: 'Cards EU' },
    label: 'Adyen - Cards EU',
    mids: 7,
  },
  {
    pspId: PSP_STRIPE,
    provider: { id: 'b1000000-0000-4000-8000-000000000002', prettyName: 'Stripe' },
    solution: { id: 'c1000000-0000-4000-8000-000000000002', prettyName: 'Wallets' },
    label: 'Stripe - Wallets',
    mids: 1,
  },
];

export const midId = (index: number) => `d1000000-0000-4000-8000-00000000000${index}`;

export const FIRED: FiredAlert = {
  limitId: 'e1000000-0000-4000-8000-000000000001',
  level: 'MID',
  midId: midId(1),
  midDescription: 'Adyen EU 1',
  cardBrand: null,
  descriptor: null,
  period: 'DAILY',
  periodStart: TODAY,
  percentage: 0.5,
  limit: 40,
  sales: 20,
  firedAt: `${TODAY}T10:15:00.000Z`,
};

export function counterFixture(overrides: Partial<PspCounter> = {}): PspCounter {
  return {
    today: TODAY,
    // Today against the daily limit in force, derived from the monthly one (ceil(1000 / 30) = 34): 30 is 88,2 %.
    sales: { success: { today: 30, thisMonth: 500, lastMonth: 1200, twoMonthsAgo: 700 } },
    limits: { total: 1000, daily: 34 },
    firedAlerts: [FIRED],
    ...overrides,
  };
}

export function midSalesFixture(index: number): MidSales {
  return {
    midId: midId(index),
    description: `Adyen EU ${index}`,
    midAcquirerId: `ADY-00${index}`,
    enable: true,
    monthlySales: {
      sales: 90,
      period: 'MONTHLY',
      limit: 100,
      cardBrands: [
        { name: 'VISA', sales: 60, limit: 50 },
        { name: 'MC', sales: 30, limit: null },
      ],
    },
  };
}

export const MIDS: MidSales[] = [1, 2, 3, 4, 5, 6, 7].map(midSalesFixture);

export const MID_COUNTER: MidCounter = {
  dailySales: {
    xMetric: [TODAY],
    maxY: 40,
    series: [
      { label: 'All brands', cardBrand: null, data: [12], limit: 34, threshold: 17 },
      { label: 'Visa', cardBrand: 'VISA', data: [8], limit: null, threshold: null },
    ],
  },
  descriptors: [
    {
      cardBrand: 'VISA',
      items: [
        // Limits in force: a monthly 300 is 10 a day, a daily 5 is 150 a month.
        { descriptor: 'LUMEN*BOOKS', sales: 40, total: 300, daily: 10 },
        { descriptor: 'Lumen travel', sales: 12, total: null, daily: null },
        { descriptor: 'ACME*SHOP', sales: 8, total: 150, daily: 5 },
      ],
    },
    { cardBrand: 'MC', items: [] },
  ],
};

export interface CountersWorld {
  psps?: PspOption[];
  counter?: (pspId: string) => PspCounter;
  mids?: MidSales[];
  midCounter?: (midId: string) => MidCounter;
  /** Anything else: the descriptors call, failures. */
  answer?: (call: ServerCall) => Response | undefined;
}

export function renderCounters(path: string, world: CountersWorld = {}, permissions = EVERYTHING) {
  const psps = world.psps ?? PSPS;
  return renderApp({
    path,
    session: { permissions },
    server: (call) => {
      const answered = world.answer?.(call);
      if (answered) return answered;
      if (call.path === `/account/${ACCOUNT_ID}`) return json(200, accountFixture());
      if (call.path === `/account/${ACCOUNT_ID}/merchant/${MERCHANT_ID}`) return json(200, merchantFixture());
      if (call.path === `/merchant/${MERCHANT_ID}/psp`) return json(200, { items: psps });
      const counter = /^\/merchant\/[^/]+\/psp\/([^/]+)\/counter$/.exec(call.path);
      if (counter) return json(200, (world.counter ?? (() => counterFixture()))(counter[1]!));
      if (/^\/merchant\/[^/]+\/psp\/[^/]+\/mid$/.test(call.path)) return json(200, { items: world.mids ?? MIDS });
      const mid = /^\/merchant\/[^/]+\/psp\/[^/]+\/mid\/([^/]+)\/counter$/.exec(call.path);
      if (mid) return json(200, (world.midCounter ?? (() => MID_COUNTER))(mid[1]!));
      if (/^\/merchant\/[^/]+\/psp\/[^/]+\/descriptor$/.test(call.path)) return json(200, { count: 0, items: [] });
      // The Limits & Alerts tab's own calls are its tests' business.
      return undefined;
    },
  });
}
