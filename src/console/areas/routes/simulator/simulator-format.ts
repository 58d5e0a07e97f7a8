import type { SimulatedRoute } from '@domain/contract/routes';

// Words of the simulator, shared by its table and its (lazily loaded) chart; percentages are formatPercent's.

/** Why a matching route takes the share it does, in words (src/domain/routing.ts, RouteShareStatus). */
export const SIMULATED_STATUS_LABELS: Record<SimulatedRoute['status'], string> = {
  serving: 'Serving',
  'lower-priority': 'Lower priority',
  'weight-zero': 'Weight 0',
  'mid-disabled': 'MID disabled',
};

/** The longer explanation of each status, read with the status and shown under it. */
export const SIMULATED_STATUS_HINTS: Record<SimulatedRoute['status'], string> = {
  serving: 'Takes part of this order’s traffic',
  'lower-priority': 'A route with a higher priority takes the traffic',
  'weight-zero': 'Routes with weight 0 cannot process payments',
  'mid-disabled': 'Its MID is disabled',
};
