import type { SimulatedRoute } from '@domain/contract/routes';

// Words and numbers of the simulator, shared by its table and its (lazily loaded) chart.

/** A route's share of the traffic, one decimal and '%': 70 -> '70.0%'. */
export function formatPercentage(value: number): string {
  return `${value.toFixed(1)}%`;
}

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
