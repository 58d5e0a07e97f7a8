import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../enums';
import { criterionField } from '../mids';
import type { RoutingCriterion } from '../routing-criteria';
import { MSG, maxCharacters } from '../validation';
import { idPrefixSearchQuery, isoDate, listQuery, listResponse, pageSizeQuery, queryArray, uuid } from './common';
import { criteriaFilters, criteriaLists } from './criteria';
import { exportQuery } from './exports';

// Routes over the API (spec 2, sections 2.4, 2.5, 3 "Route", "Simulator order", "Simulation result", 5 and 7):
// GET /merchant/{merchantId}/route and its export, GET, POST, PUT and DELETE /merchant/{merchantId}/route/{routeId},
// POST /merchant/{merchantId}/routes (several rows at once), the MID pick list for chosen variables (GET or POST
// /merchant/{merchantId}/route-mid), and POST /merchant/{merchantId}/simulation.

export const ROUTE_LIMITS = { description: 100, rowsPerSave: 10, weight: 100, priority: 10 } as const;

export const ROUTE_MESSAGES = {
  midRequired: 'Select a MID to save the route correctly',
  pending: 'You must select at least one value or close this variable to continue.',
  weight: 'Enter a number as the weight',
  weightZero: '(Routes with weight 0 cannot process payments)',
  priority: 'The priority goes from 1 to 10',
  rows: 'In order to continue, you must add a MID and a description to your routes.',
  tooManyRows: `At most ${ROUTE_LIMITS.rowsPerSave} routes at a time`,
  fallbackSynchronous: 'A fallback MID works only with synchronous MIDs',
  fallbackSame: 'The fallback MID must be another MID',
  noMidMatches: 'No MID matches your variables.',
  copyOf: 'Copy of ',
  binCode: 'It must be a 6 digits code',
  versionRequired: 'The version the route was opened on is required',
} as const;

/** A MID as a route shows it (spec 3: midsAssigned[].mid). */
export const routeMid = z.object({
  id: uuid,
  description: z.string(),
  midAcquirerId: z.string(),
  acquirerName: z.string(),
  enable: z.boolean(),
  synchronous: z.boolean(),
});
export type RouteMid = z.infer<typeof routeMid>;

export const routeListItem = z.object({
  routeId: uuid,
  routeDescription: z.string(),
  priority: z.number().int(),
  weight: z.number().int(),
  mid: routeMid,
  fallbackMid: routeMid.nullable(),
  ...criteriaLists,
  /** The edited date. */
  modifiedDate: isoDate,
});
export type RouteListItem = z.infer<typeof routeListItem>;
export const routeList = listResponse(routeListItem);
export type RouteList = z.infer<typeof routeList>;

/** GET /merchant/{merchantId}/route/{routeId}. */
export const routeDetail = routeListItem.extend({
  /** Raised by every save; PUT names the version it edited (409 route-changed when another save came first). */
  version: z.number().int(),
});
export type RouteDetail = z.infer<typeof routeDetail>;

const description = z
  .string()
  .trim()
  .min(1, MSG.required)
  .max(ROUTE_LIMITS.description, maxCharacters(ROUTE_LIMITS.description));

/** One route row as the wizard saves it: variables, MID, optional fallback, description, priority and weight. */
export const routeSave = z.object({
  routeDescription: description,
  midId: z.string({ error: ROUTE_MESSAGES.midRequired }).min(1, ROUTE_MESSAGES.midRequired).pipe(uuid),
  fallbackMidId: uuid.nullable().optional(),
  weight: z
    .number({ error: ROUTE_MESSAGES.weight })
    .int(ROUTE_MESSAGES.weight)
    .min(0, ROUTE_MESSAGES.weight)
    .max(ROUTE_LIMITS.weight, ROUTE_MESSAGES.weight),
  priority: z
    .number({ error: ROUTE_MESSAGES.priority })
    .int(ROUTE_MESSAGES.priority)
    .min(1, ROUTE_MESSAGES.priority)
    .max(ROUTE_LIMITS.priority, ROUTE_MESSAGES.priority)
    .default(1),
  currency: criterionField('currency'),
  issuerCountry: criterionField('issuerCountry'),
  cardBrand: criterionField('cardBrand'),
  url: criterionField('url'),
  customTag: criterionField('customTag'),
  binCode: criterionField('binCode'),
});
/** One route row in a save body: POST .../route, each of POST .../routes, and the wizard's temporary routes. */
export type RouteSave = z.infer<typeof routeSave>;
export type RouteSaveInput = z.input<typeof routeSave>;

/**
 * PUT /merchant/{merchantId}/route/{routeId}: the row with the version the wizard was opened on, always, so two people
 * editing one route cannot overwrite each other unseen (409 route-changed for the later one).
 */
export const routeUpdate = routeSave.extend({
  version: z.number({ error: ROUTE_MESSAGES.versionRequired }).int().positive(),
});
export type RouteUpdate = z.infer<typeof routeUpdate>;
export type RouteUpdateInput = z.input<typeof routeUpdate>;

/** POST /merchant/{merchantId}/routes: up to 10 rows, all saved in one transaction or none. */
export const routesCreate = z.object({
  routes: z.array(routeSave).min(1, ROUTE_MESSAGES.rows).max(ROUTE_LIMITS.rowsPerSave, ROUTE_MESSAGES.tooManyRows),
});
export type RoutesCreate = z.infer<typeof routesCreate>;
export const routesCreated = z.object({ routeIds: z.array(uuid) });

export const ROUTE_SORT_FIELDS = ['routeDescription', 'priority', 'weight', 'modifiedDate'] as const;
/** Spec 2, section 9: routes sort by edited date, newest first. */
export const ROUTE_DEFAULT_ORDER = '-modifiedDate';

/** 'true' / 'false' in a query string. */
const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true')
  .optional();

const routeFilters = listQuery.extend({
  /** The table's quick search: the description, or the id by prefix. */
  search: z.string().trim().max(200).optional(),
  routeId: z.string().trim().max(36).optional(),
  routeDescription: z.string().trim().max(100).optional(),
  midId: queryArray(uuid),
  ...criteriaFilters,
  /** Bands of ten: 0 is 0-9, 10 is 10-19 ... 90 is 90-100. */
  weight: queryArray(z.coerce.number().int().min(0).max(90).multipleOf(10)),
  priority: queryArray(z.coerce.number().int().min(1).max(10)),
  /** true: routes with a fallback MID; false: routes without. */
  fallbackRoute: queryBoolean,
});

/** GET /merchant/{merchantId}/route; limit=0 answers every route (the list variant of section 7). */
export const routeListQuery = routeFilters.extend({
  limit: pageSizeQuery([0, ...PAGE_SIZES], 'Page size must be 50, 100 or 500, or 0 for every route', DEFAULT_PAGE_SIZE),
});
export type RouteListQuery = z.infer<typeof routeListQuery>;

export const routeExportQuery = routeFilters.omit({ page: true, limit: true }).extend(exportQuery.shape);
export type RouteExportQuery = z.infer<typeof routeExportQuery>;

/** One variable of the pick list: one value or several (a query string repeats it), checked as a save checks it. */
const pickListVariable = (criterion: RoutingCriterion) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Array.isArray(value) ? value : [value]),
    criterionField(criterion),
  );

/**
 * The MID pick list's variables (the wizard's step 2 palette): GET /merchant/{merchantId}/route-mid takes them as its
 * query, POST takes them as its body (a route naming hundreds of URLs outgrows a query string). Values are cleaned
 * and checked with the save's rules, so a bad one answers 400 with the spec's message on its field.
 */
export const routeMidQuery = z.object({
  currency: pickListVariable('currency'),
  issuerCountry: pickListVariable('issuerCountry'),
  cardBrand: pickListVariable('cardBrand'),
  url: pickListVariable('url'),
  customTag: pickListVariable('customTag'),
  binCode: pickListVariable('binCode'),
});
export type RouteMidQuery = z.infer<typeof routeMidQuery>;
export const routeMidList = z.object({ items: z.array(routeMid) });

/** The simulator's order (spec 2, section 3): every field optional; a BIN is exactly 6 characters. */
const orderText = (max: number) => z.string().trim().max(max, maxCharacters(max)).optional();

export const simulationOrder = z.object({
  currency: orderText(3),
  issuerCountry: orderText(2),
  cardBrand: orderText(20),
  url: orderText(2048),
  customTag: orderText(100),
  binCode: z
    .string()
    .trim()
    .refine((value) => value === '' || value.length === 6, ROUTE_MESSAGES.binCode)
    .optional(),
});
export type SimulationOrder = z.infer<typeof simulationOrder>;

/** A route the wizard is creating or editing: an edited one names its routeId and stands in for the saved one. */
export const temporaryRoute = routeSave.extend({ routeId: uuid.optional() });
export type TemporaryRoute = z.infer<typeof temporaryRoute>;

export const simulationRequest = z.object({
  order: simulationOrder,
  temporaryRoutes: z.array(temporaryRoute).max(ROUTE_LIMITS.rowsPerSave).default([]),
});
export type SimulationRequest = z.infer<typeof simulationRequest>;
export type SimulationRequestInput = z.input<typeof simulationRequest>;

export const simulatedRoute = z.object({
  /** The route's id; a new temporary route gets 'new-1', 'new-2'... in the order sent. */
  id: z.string(),
  description: z.string(),
  priority: z.number().int(),
  weight: z.number().int(),
  /** Share of the order's traffic, one decimal; the serving routes add up to exactly 100. */
  percentage: z.number(),
  status: z.enum(['serving', 'lower-priority', 'weight-zero', 'mid-disabled']),
  viewRouteDetailPath: z.string().nullable(),
  editRouteDetailPath: z.string().nullable(),
});
export type SimulatedRoute = z.infer<typeof simulatedRoute>;
export const simulationResult = z.object({
  otherRoutes: z.array(simulatedRoute),
  temporaryRoutes: z.array(simulatedRoute),
});
export type SimulationResult = z.infer<typeof simulationResult>;

/** GET /route/search: routes whose id starts with the text, across the caller's accounts (the palette's Find route). */
export const routeIdSearchQuery = idPrefixSearchQuery('route');
export const routeIdSearchItem = z.object({
  routeId: uuid,
  routeDescription: z.string(),
  accountId: uuid,
  merchantId: uuid,
  merchantName: z.string(),
});
export type RouteIdSearchItem = z.infer<typeof routeIdSearchItem>;
export const routeIdSearchResponse = z.object({ items: z.array(routeIdSearchItem) });

export const routeParams = z.object({ merchantId: z.string(), routeId: z.string() });
export const merchantRouteParams = z.object({ merchantId: z.string() });

// Routing that checks itself (issue 28): GET /merchant/{merchantId}/routing-lint on the saved routes, POST on a draft
// (the wizard's rows and removed routes, as the backtest takes them). The findings are src/domain/routing-lint.ts's.

/** Rows a draft may add or edit, and saved routes it may leave out: the backtest's bound (500 routes lint in ms). */
export const ROUTING_LINT_DRAFT_ROUTES = 500;

/**
 * A draft to check: routes added (no routeId) or edited (routeId), and saved routes left out. Strict: a misspelt
 * `removedRouteIds` would otherwise be dropped, and the check answer for a draft the caller did not send.
 */
export const routingLintRequest = z.strictObject({
  temporaryRoutes: z.array(temporaryRoute).max(ROUTING_LINT_DRAFT_ROUTES).default([]),
  removedRouteIds: z.array(uuid).max(ROUTING_LINT_DRAFT_ROUTES).default([]),
});
export type RoutingLintRequest = z.infer<typeof routingLintRequest>;
export type RoutingLintRequestInput = z.input<typeof routingLintRequest>;

const lintedRoute = z.object({
  /** A saved route's id, or 'new-1', 'new-2'... for the draft's new rows in the order sent. */
  routeId: z.string(),
  description: z.string(),
  priority: z.number().int(),
  /** The console's detail of a saved route; null for a new row. */
  routeDetailPath: z.string().nullable(),
});

export const routingLintFinding = lintedRoute.extend({
  kind: z.enum(['shadowed', 'dead']),
  severity: z.enum(['warning', 'error']),
  /** One line: "Never takes payments: every order it matches goes to Visa EU (priority 7) first." */
  reason: z.string(),
  /** For 'dead': weight 0, its MID unknown or disabled, or no order meets its criteria and its MID's. */
  deadReason: z.enum(['mid-missing', 'mid-disabled', 'weight-zero', 'no-order-matches']).nullable(),
  /** For 'shadowed': the higher-priority routes that together take every order it matches. */
  shadowedBy: z.array(lintedRoute),
});
export type RoutingLintFinding = z.infer<typeof routingLintFinding>;

export const routingLintResult = z.object({
  /** Routes checked: the saved ones, or the draft's. */
  checkedRoutes: z.number().int(),
  /** Routes that never take payments, saved ones first by priority (highest first), then new rows. */
  findings: z.array(routingLintFinding),
});
export type RoutingLintResult = z.infer<typeof routingLintResult>;
