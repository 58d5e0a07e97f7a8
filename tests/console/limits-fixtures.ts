import type { GlobalLimit, LimitMid, MidLimit } from '@domain/contract/limits';

// Saved limits as the server answers them, for the Limits & Alerts tab's tests.

export const MERCHANT_ID = '8b0c0a4e-0000-4000-8000-000000000001';
export const PSP_ID = '9c0c0a4e-0000-4000-8000-000000000002';
export const MID_ID = 'a1000000-0000-4000-8000-000000000001';
export const OTHER_MID_ID = 'a1000000-0000-4000-8000-000000000002';

export const LIMIT_IDS = {
  global: 'b1000000-0000-4000-8000-000000000001',
  mid: 'b1000000-0000-4000-8000-000000000002',
  visa: 'b1000000-0000-4000-8000-000000000003',
  shop: 'b1000000-0000-4000-8000-000000000004',
} as const;

/** The solution's MIDs, as the global limit's answer lists them. */
export const LIMIT_MIDS: LimitMid[] = [
  { midId: MID_ID, description: 'Lumen EU', midAcquirerId: '4410001', enable: true },
];

export function globalFixture(overrides: Partial<GlobalLimit> = {}): GlobalLimit {
  return {
    limitId: LIMIT_IDS.global,
    total: 30000,
    daily: null,
    alert: null,
    version: 3,
    mids: LIMIT_MIDS,
    ...overrides,
  };
}

/**
 * A MID with its own monthly limit, a Visa limit with a 50 % alert and three descriptors (one with a saved limit),
 * and Mastercard without any limit.
 */
export function midFixture(overrides: Partial<MidLimit> = {}): MidLimit {
  return {
    midId: MID_ID,
    description: 'Lumen EU',
    midAcquirerId: '4410001',
    limitId: LIMIT_IDS.mid,
    total: 9000,
    daily: null,
    alert: null,
    version: 7,
    cardBrands: [
      {
        name: 'VISA',
        descriptorsConfigurable: true,
        limitId: LIMIT_IDS.visa,
        total: null,
        daily: 200,
        alert: { percentage: 0.5 },
        descriptors: [
          { name: 'LUMEN*SHOP', limitId: LIMIT_IDS.shop, total: 1000, daily: 40, alert: null },
          { name: 'LUMEN*TRAVEL', limitId: null, total: null, daily: null, alert: null },
          { name: 'LUMEN*HOTELS', limitId: null, total: null, daily: null, alert: null },
        ],
      },
      {
        name: 'MC',
        descriptorsConfigurable: false,
        limitId: null,
        total: null,
        daily: null,
        alert: null,
        descriptors: [],
      },
    ],
    ...overrides,
  };
}
