import { z } from 'zod';
import { isoDate, uuid } from './common';
import { temporaryRoute } from './routes';

// The routing backtest over the API (issue 15): POST /merchant/{merchantId}/routing-backtest replays the merchant's
// first-attempt payments of a window through the current routing and through a draft (the merchant's routes with some
// added, edited or removed), with the one routing engine of src/domain/routing.ts. Weights split traffic as expected
// values (a 70/30 split sends 70 % and 30 % of every segment), so the answer is deterministic: payment counts may
// therefore be fractional; amounts are in minor units, rounded to whole units.

export const BACKTEST_LIMITS = {
  /** The longest window, in days. */
  maxDays: 90,
  /** Routes a draft may add or edit: every route of a large merchant (the simulator screen's edited copy). */
  draftRoutes: 500,
  /** The request's body, in bytes (413 above): a draft's routes and their lists. */
  bodyBytes: 1_048_576,
  /**
   * Values (issuer countries, URLs, custom tags, BINs) the draft's routes may name that no saved route or MID names:
   * each one splits the payments into more kinds to route. Edited copies of saved routes name none.
   */
  newValues: 5_000,
  /** Moving segments answered, largest first. */
  segments: 20,
  /** Payments of a MID and card brand below which the MID's overall approval rate stands in for the brand's. */
  approvalMinPayments: 30,
} as const;

export const BACKTEST_PRESETS = ['7d', '30d', '90d'] as const;
export type BacktestPreset = (typeof BACKTEST_PRESETS)[number];
export const BACKTEST_PRESET_LABELS: Record<BacktestPreset, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
};

export const BACKTEST_MESSAGES = {
  window: `The window goes back at most ${BACKTEST_LIMITS.maxDays} days`,
  windowOrder: 'The start must come before the end',
  expectedValues: 'Weights split each kind of payment as expected values: a 70/30 split sends 70 % and 30 % of it.',
  estimate: 'Estimate: each MID’s own approval rate in the window, per card brand where it has enough payments.',
} as const;

/** Why a draft naming too many new values is refused (400). */
export const tooManyNewValues = (count: number) =>
  `The draft names ${count.toLocaleString('en')} issuer countries, URLs, custom tags and BINs that the saved routes ` +
  `do not; a backtest takes at most ${BACKTEST_LIMITS.newValues.toLocaleString('en')}.`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The window: the last 7, 30 or 90 days up to now, or from (included) to (excluded), at most 90 days apart. */
export const backtestWindow = z.union([
  z.object({ preset: z.enum(BACKTEST_PRESETS) }),
  z
    .object({ from: isoDate, to: isoDate })
    .refine((window) => Date.parse(window.from) < Date.parse(window.to), {
      message: BACKTEST_MESSAGES.windowOrder,
      path: ['from'],
    })
    .refine((window) => Date.parse(window.to) - Date.parse(window.from) <= BACKTEST_LIMITS.maxDays * DAY_MS, {
      message: BACKTEST_MESSAGES.window,
      path: ['from'],
    }),
]);
export type BacktestWindow = z.infer<typeof backtestWindow>;

export const backtestRequest = z.object({
  window: backtestWindow,
  /** Routes added (no routeId) or edited (routeId: it stands in for the saved route), as the simulation takes them. */
  temporaryRoutes: z.array(temporaryRoute).max(BACKTEST_LIMITS.draftRoutes).default([]),
  /** Saved routes the draft leaves out. */
  removedRouteIds: z.array(uuid).max(BACKTEST_LIMITS.draftRoutes).default([]),
});
export type BacktestRequest = z.infer<typeof backtestRequest>;
export type BacktestRequestInput = z.input<typeof backtestRequest>;

/** Amounts per currency, in minor units. */
const amounts = z.array(z.object({ currency: z.string(), amount: z.number().int() }));

/** Payments (expected, so possibly fractional) and their amounts. */
export const backtestVolume = z.object({ payments: z.number(), amounts });
export type BacktestVolume = z.infer<typeof backtestVolume>;

export const backtestMid = z.object({
  midId: uuid,
  description: z.string(),
  acquirerName: z.string(),
  current: backtestVolume,
  draft: backtestVolume,
  /** draft minus current. */
  difference: backtestVolume,
});
export type BacktestMid = z.infer<typeof backtestMid>;

/** A criterion's value in a segment: the value, null when payments carry none, 'OTHER' for values no route names. */
export const BACKTEST_OTHER = 'OTHER';

export const backtestSegment = z.object({
  currency: z.string().nullable(),
  issuerCountry: z.string().nullable(),
  cardBrand: z.string().nullable(),
  url: z.string().nullable(),
  customTag: z.string().nullable(),
  binCode: z.string().nullable(),
  /** null: the payments found no route on that side. */
  fromMidId: uuid.nullable(),
  toMidId: uuid.nullable(),
  payments: z.number(),
  amounts,
});
export type BacktestSegment = z.infer<typeof backtestSegment>;

/** Approval rate (0 to 1) of the traffic as routed, an estimate; null when no MID it reaches has history. */
const approvalRate = z.number().min(0).max(1).nullable();

export const backtestResult = z.object({
  window: z.object({ from: isoDate, to: isoDate }),
  /** First-attempt payments of the window (not refunds, chargebacks or fallback retries). */
  total: backtestVolume,
  mids: z.array(backtestMid),
  moved: backtestVolume.extend({ segments: z.array(backtestSegment) }),
  unrouted: z.object({ current: backtestVolume, draft: backtestVolume }),
  /** Share (0 to 1) of the routed traffic whose route has a fallback MID. */
  fallbackCoverage: z.object({ current: z.number(), draft: z.number() }),
  approvals: z.object({
    current: approvalRate,
    draft: approvalRate,
    /** MIDs that would take traffic but had no successful or declined payment in the window. */
    midsWithoutHistory: z.array(uuid),
  }),
});
export type BacktestResult = z.infer<typeof backtestResult>;
