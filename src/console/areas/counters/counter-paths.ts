// The counters screen's addresses (spec 3, section 2.6): .../counter picks the merchant's first provider solution,
// .../counter/{pspId} shows its Sales tab, .../counter/{pspId}/{sales|limits|descriptors} a tab. .../counter/{tab}
// (.../counter/limits is the palette's 'Limits & Alerts') opens that tab of the first provider solution.

export const COUNTER_TABS = ['sales', 'limits', 'descriptors'] as const;
export type CounterTab = (typeof COUNTER_TABS)[number];
export const DEFAULT_COUNTER_TAB: CounterTab = 'sales';

export const COUNTER_TAB_LABELS: Record<CounterTab, string> = {
  sales: 'Sales (MIDs)',
  limits: 'Limits & Alerts',
  descriptors: 'Descriptors',
};

export const isCounterTab = (value: string | undefined): value is CounterTab =>
  (COUNTER_TABS as readonly (string | undefined)[]).includes(value);

export const countersPath = (accountId: string, merchantId: string) =>
  `/accounts/${accountId}/merchants/${merchantId}/counter`;

/** A provider solution's tab; the Sales tab is the provider's plain address. */
export const counterTabPath = (accountId: string, merchantId: string, pspId: string, tab: CounterTab) =>
  `${countersPath(accountId, merchantId)}/${pspId}${tab === DEFAULT_COUNTER_TAB ? '' : `/${tab}`}`;

export const counterQueryKeys = {
  psps: (merchantId: string) => ['counters', merchantId, 'psp'] as const,
  counter: (merchantId: string, pspId: string) => ['counters', merchantId, 'psp', pspId, 'counter'] as const,
  mids: (merchantId: string, pspId: string, from: string, to: string) =>
    ['counters', merchantId, 'psp', pspId, 'mid', from, to] as const,
  midCounter: (merchantId: string, pspId: string, midId: string, from: string, to: string) =>
    ['counters', merchantId, 'psp', pspId, 'mid', midId, 'counter', from, to] as const,
  descriptors: (merchantId: string, pspId: string) => ['counters', merchantId, 'psp', pspId, 'descriptor'] as const,
};
