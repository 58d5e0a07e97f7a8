import {
  ROUTE_LIMITS,
  ROUTE_MESSAGES,
  type RouteMid,
  type SimulationOrder,
  type SimulationResult,
} from '@domain/contract/routes';
import { criterionProblem } from '@domain/mids';
import {
  type BadConfigKey,
  errorsAfterOrderChange,
  FALLBACK_MESSAGES,
  fallbackProblem,
  orderErrors,
} from '@domain/routes';
import { NONE_CUSTOM_TAG, ROUTING_CRITERIA, type RoutingCriterion } from '@domain/routing-criteria';
import { MSG } from '@domain/validation';
import { assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';

// The route wizard of spec 2, sections 2.4 and 4 (issue 14): 'Route variables', 'MID and Fallback MID', 'Priority and
// Weight Distribution'. Continue checks the current step first; Go back keeps what was entered; Discard asks when
// anything changed. Leaving step 1 loads the MIDs that take the chosen variables and clears the rows' MIDs that no
// longer do (mid-bad-config, fallback-bad-config, mids-bad-config). Step 3 holds the simulator: idle, loading, results
// or error; after a first valid run it runs again at once on a priority change and 500 ms after a weight change, and
// it is cleared when step 3 is left. Calls live in invoked actors that the console and the tests provide.

export type Criteria = { [K in RoutingCriterion]: string[] };

export interface WizardRow {
  /** The saved route this row edits; absent for a new route. */
  routeId?: string;
  midId: string | null;
  fallbackMidId: string | null;
  routeDescription: string;
  priority: number;
  weight: number;
}

export interface WizardValues {
  variables: Criteria;
  /** Variables opened on step 1; an open one without values is pending. */
  open: RoutingCriterion[];
  rows: WizardRow[];
}

export interface RouteWizardContext {
  mode: 'new' | 'edit';
  original: WizardValues;
  values: WizardValues;
  /** The MID palette of step 2: the enabled MIDs that take the variables. */
  mids: RouteMid[];
  /**
   * Messages of the current step, by field: 'variables.currency', 'rows' (the step's own), 'rows.0.midId',
   * 'rows.0.routeDescription', 'rows.0.fallbackMidId', 'rows.0.weight', 'order.binCode'.
   */
  errors: Record<string, string>;
  /** The bad-config message of the last MID check, shown on step 2 until the user acts. */
  notice: BadConfigKey | 'no-mids' | null;
  order: SimulationOrder;
  /** A valid simulation has run on this visit of step 3: changes to priorities and weights re-run it. */
  simulated: boolean;
  simulation: SimulationResult | null;
}

export type RouteWizardEvent =
  | { type: 'START'; mode: 'new' | 'edit'; values?: WizardValues }
  | { type: 'OPEN_VARIABLE'; criterion: RoutingCriterion }
  | { type: 'CLOSE_VARIABLE'; criterion: RoutingCriterion }
  | { type: 'SET_VARIABLE'; criterion: RoutingCriterion; values: string[] }
  | { type: 'CONTINUE' }
  | { type: 'GO_BACK' }
  | { type: 'ADD_ROW' }
  | { type: 'REMOVE_ROW'; index: number }
  | { type: 'SET_ROW'; index: number; row: Partial<Pick<WizardRow, 'midId' | 'fallbackMidId' | 'routeDescription'>> }
  /** 'Create New MID': the embedded MID form returns the new MID, which joins the palette. */
  | { type: 'MID_CREATED'; mid: RouteMid }
  | { type: 'SET_PRIORITY'; index: number; priority: number }
  | { type: 'SET_WEIGHT'; index: number; weight: number }
  | { type: 'SET_ORDER'; order: SimulationOrder }
  | { type: 'SIMULATE' }
  | { type: 'SAVE' }
  /** Discard: leaves at once without changes; with changes the host asks, then sends CONFIRM_DISCARD. */
  | { type: 'DISCARD' }
  | { type: 'CONFIRM_DISCARD' };

export type RouteWizardEmitted =
  | { type: 'confirm-discard' }
  | { type: 'without-changes' }
  | { type: 'saved' }
  | { type: 'left' }
  | { type: 'save-failed'; error: unknown };

export interface SimulationCall {
  order: SimulationOrder;
  rows: WizardRow[];
  variables: Criteria;
}

const NO_CRITERIA: Criteria = { currency: [], issuerCountry: [], cardBrand: [], url: [], customTag: [], binCode: [] };

export const newRow = (): WizardRow => ({
  midId: null,
  fallbackMidId: null,
  routeDescription: '',
  priority: 1,
  // Spec 2, section 9: weight 0 by default; step 3 says a route at 0 cannot process payments.
  weight: 0,
});

export const BLANK_VALUES: WizardValues = { variables: NO_CRITERIA, open: [], rows: [newRow()] };

const BLANK_CONTEXT: RouteWizardContext = {
  mode: 'new',
  original: BLANK_VALUES,
  values: BLANK_VALUES,
  mids: [],
  errors: {},
  notice: null,
  order: {},
  simulated: false,
  simulation: null,
};

/** Spec 2, section 4: the change check compares the variables, the rows (MIDs, descriptions, priority, weight). */
export function wizardChanged(context: Pick<RouteWizardContext, 'original' | 'values'>): boolean {
  const comparable = (values: WizardValues) =>
    JSON.stringify({
      variables: ROUTING_CRITERIA.map((criterion) => values.variables[criterion]),
      rows: values.rows.map((row) => ({ ...row, routeDescription: row.routeDescription.trim() })),
    });
  return comparable(context.original) !== comparable(context.values);
}

/**
 * Step 1: every open variable has a value, and every value passes the rule the MID form and the server apply (a BIN of
 * 6 digits, known ISO countries, 3-letter currencies, known card brands, valid URLs and tags).
 */
export function variableErrors(values: WizardValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const criterion of ROUTING_CRITERIA) {
    const chosen = values.variables[criterion];
    const problem =
      chosen.length === 0
        ? values.open.includes(criterion)
          ? ROUTE_MESSAGES.pending
          : null
        : criterionProblem(criterion, chosen);
    if (problem) errors[`variables.${criterion}`] = problem;
  }
  return errors;
}

const ROW_FIELDS = ['midId', 'fallbackMidId', 'routeDescription'] as const;
type RowField = (typeof ROW_FIELDS)[number];
const rowKey = (index: number, field: RowField | 'weight' | 'priority') => `rows.${index}.${field}`;

/**
 * Step 2: each row's own messages (a MID, a description, a fallback the MID may have) and, when a row lacks its MID
 * or description, the step's message above them (spec 2, section 5).
 */
export function rowErrors(values: WizardValues, mids: readonly RouteMid[]): Record<string, string> {
  const byId = new Map(mids.map((mid) => [mid.id, mid]));
  const errors: Record<string, string> = {};
  values.rows.forEach((row, index) => {
    if (!row.midId) errors[rowKey(index, 'midId')] = ROUTE_MESSAGES.midRequired;
    if (!row.routeDescription.trim()) errors[rowKey(index, 'routeDescription')] = MSG.required;
    const mid = row.midId ? byId.get(row.midId) : undefined;
    const fallback = row.fallbackMidId ? byId.get(row.fallbackMidId) : undefined;
    const problem = mid && fallback ? fallbackProblem(mid, fallback) : null;
    if (problem) errors[rowKey(index, 'fallbackMidId')] = FALLBACK_MESSAGES[problem];
  });
  const incomplete = Object.keys(errors).some((key) => !key.endsWith('.fallbackMidId'));
  return incomplete ? { rows: ROUTE_MESSAGES.rows, ...errors } : errors;
}

/** The messages left after SET_ROW changed these fields of one row: theirs go, and the step's once no row lacks. */
function errorsAfterRowChange(errors: Record<string, string>, index: number, fields: readonly string[]) {
  const cleared = new Set(fields.map((field) => `rows.${index}.${field}`));
  const kept = Object.entries(errors).filter(([key]) => !cleared.has(key));
  const rowStillIncomplete = kept.some(([key]) => /^rows\.\d+\.(midId|routeDescription)$/.test(key));
  return Object.fromEntries(kept.filter(([key]) => key !== 'rows' || rowStillIncomplete));
}

/** Step 3: weights 0-100, priorities 1-10. */
export function distributionErrors(values: WizardValues): Record<string, string> {
  const errors: Record<string, string> = {};
  values.rows.forEach((row, index) => {
    if (!Number.isInteger(row.weight) || row.weight < 0 || row.weight > ROUTE_LIMITS.weight) {
      errors[`rows.${index}.weight`] = ROUTE_MESSAGES.weight;
    }
    if (!Number.isInteger(row.priority) || row.priority < 1 || row.priority > ROUTE_LIMITS.priority) {
      errors[`rows.${index}.priority`] = ROUTE_MESSAGES.priority;
    }
  });
  return errors;
}

/** The step a field belongs to. */
type WizardStep = 1 | 2 | 3;

/**
 * The server's field messages (400 form-not-validated) as the wizard's, with the first step that holds one: a variable
 * ('currency', 'routes.2.currency') on step 1, a row's MID, fallback or description on step 2, its weight or priority
 * on step 3. Empty when the failure names no field the wizard shows.
 */
export function serverFieldErrors(failure: unknown): { errors: Record<string, string>; step: WizardStep | null } {
  const fields =
    typeof failure === 'object' && failure !== null && 'fields' in failure && typeof failure.fields === 'object'
      ? (failure.fields as Record<string, unknown>)
      : {};
  const errors: Record<string, string> = {};
  let step: WizardStep | null = null;
  const at = (candidate: WizardStep) => {
    step = step === null ? candidate : (Math.min(step, candidate) as WizardStep);
  };
  for (const [path, message] of Object.entries(fields)) {
    const match = /^(?:routes\.(\d+)\.)?(\w+)$/.exec(path);
    if (!match || typeof message !== 'string') continue;
    const index = Number(match[1] ?? 0);
    const field = match[2]!;
    if ((ROUTING_CRITERIA as readonly string[]).includes(field)) {
      errors[`variables.${field}`] ??= message;
      at(1);
    } else if ((ROW_FIELDS as readonly string[]).includes(field)) {
      errors[rowKey(index, field as RowField)] = message;
      at(2);
    } else if (field === 'weight' || field === 'priority') {
      errors[rowKey(index, field)] = message;
      at(3);
    }
  }
  return { errors, step };
}

/** The rows with the MIDs that no longer take the variables cleared, and the message that says so. */
export function clearUnfitMids(
  values: WizardValues,
  mids: readonly RouteMid[],
): { rows: WizardRow[]; notice: BadConfigKey | null } {
  const fits = new Set(mids.map((mid) => mid.id));
  let worst: BadConfigKey | null = null;
  const rows = values.rows.map((row) => {
    const midBad = row.midId !== null && !fits.has(row.midId);
    const fallbackBad = row.fallbackMidId !== null && !fits.has(row.fallbackMidId);
    if (!midBad && !fallbackBad) return row;
    const key: BadConfigKey =
      midBad && fallbackBad ? 'mids-bad-config' : midBad ? 'mid-bad-config' : 'fallback-bad-config';
    worst = worst === null || worst === key ? key : 'mids-bad-config';
    return { ...row, midId: midBad ? null : row.midId, fallbackMidId: fallbackBad ? null : row.fallbackMidId };
  });
  return { rows, notice: worst };
}

const orderIsEmpty = (order: SimulationOrder) => Object.values(order).every((value) => !value?.trim());

/**
 * An order the route takes, to start the simulator from: the first value of each variable (none for a custom tag of
 * NONE, which is an order without a tag). The user changes it at will; it is only offered while the order is empty.
 */
export function orderOf(values: WizardValues): SimulationOrder {
  const order: SimulationOrder = {};
  for (const criterion of ROUTING_CRITERIA) {
    const first = values.variables[criterion][0];
    if (first !== undefined && !(criterion === 'customTag' && first === NONE_CUSTOM_TAG)) order[criterion] = first;
  }
  return order;
}

/**
 * The simulator's events, handled in each of its states: a transition between siblings re-enters its target without
 * leaving step 3, so a run under way is dropped for a fresh one and each move of the weight slider restarts the wait.
 */
const SIMULATOR_EVENTS = {
  SET_ORDER: { target: 'idle', actions: 'setOrder' },
  SIMULATE: [
    { guard: 'orderValid', target: 'loading', reenter: true },
    { target: 'idle', actions: 'showOrderErrors' },
  ],
  SET_PRIORITY: [
    { guard: 'simulated', target: 'loading', reenter: true, actions: 'setPriority' },
    { actions: 'setPriority' },
  ],
  SET_WEIGHT: [
    { guard: 'simulated', target: 'debouncing', reenter: true, actions: 'setWeight' },
    { actions: 'setWeight' },
  ],
} as const;

export const routeWizardMachine = setup({
  types: {
    context: {} as RouteWizardContext,
    events: {} as RouteWizardEvent,
    emitted: {} as RouteWizardEmitted,
  },
  actors: {
    /** GET /merchant/{merchantId}/route-mid with the variables. */
    loadMids: fromPromise<RouteMid[], Criteria>(async () => {
      throw new Error('loadMids is provided by the console');
    }),
    /** POST /merchant/{merchantId}/simulation with the order and the wizard's rows as temporary routes. */
    simulate: fromPromise<SimulationResult, SimulationCall>(async () => {
      throw new Error('simulate is provided by the console');
    }),
    /** POST .../routes for a new route, PUT .../route/{routeId} for an edit. */
    save: fromPromise<void, { mode: 'new' | 'edit'; values: WizardValues }>(async () => {
      throw new Error('save is provided by the console');
    }),
  },
  delays: { weightDebounce: 500 },
  guards: {
    variablesValid: ({ context }) => Object.keys(variableErrors(context.values)).length === 0,
    rowsValid: ({ context }) => Object.keys(rowErrors(context.values, context.mids)).length === 0,
    distributionValid: ({ context }) => Object.keys(distributionErrors(context.values)).length === 0,
    changed: ({ context }) => wizardChanged(context),
    editWithoutChanges: ({ context }) => context.mode === 'edit' && !wizardChanged(context),
    orderValid: ({ context }) => Object.keys(orderErrors(context.order)).length === 0,
    /** A refused save or pick list whose field messages belong to this step. */
    serverErrorsOnStep1: ({ event }) => 'error' in event && serverFieldErrors(event.error).step === 1,
    serverErrorsOnStep2: ({ event }) => 'error' in event && serverFieldErrors(event.error).step === 2,
    simulated: ({ context }) => context.simulated,
    // An edit changes the one route it opened; a new route may save up to 10 rows at once.
    canAddRow: ({ context }) => context.mode === 'new' && context.values.rows.length < ROUTE_LIMITS.rowsPerSave,
    canRemoveRow: ({ context }) => context.values.rows.length > 1,
  },
  actions: {
    start: assign(({ event }) => {
      if (event.type !== 'START') return {};
      const values = event.values ?? BLANK_VALUES;
      return { ...BLANK_CONTEXT, mode: event.mode, original: values, values };
    }),
    reset: assign(() => BLANK_CONTEXT),
    openVariable: assign(({ context, event }) =>
      event.type === 'OPEN_VARIABLE' && !context.values.open.includes(event.criterion)
        ? { values: { ...context.values, open: [...context.values.open, event.criterion] } }
        : {},
    ),
    closeVariable: assign(({ context, event }) => {
      if (event.type !== 'CLOSE_VARIABLE') return {};
      const { criterion } = event;
      const { [`variables.${criterion}`]: _closed, ...errors } = context.errors;
      return {
        errors,
        values: {
          ...context.values,
          open: context.values.open.filter((item) => item !== criterion),
          variables: { ...context.values.variables, [criterion]: [] },
        },
      };
    }),
    setVariable: assign(({ context, event }) => {
      if (event.type !== 'SET_VARIABLE') return {};
      const { [`variables.${event.criterion}`]: _set, ...errors } = context.errors;
      return {
        errors,
        values: { ...context.values, variables: { ...context.values.variables, [event.criterion]: event.values } },
      };
    }),
    showVariableErrors: assign(({ context }) => ({ errors: variableErrors(context.values) })),
    showRowErrors: assign(({ context }) => ({ errors: rowErrors(context.values, context.mids) })),
    showServerErrors: assign(({ event }) => ({
      errors: 'error' in event ? serverFieldErrors(event.error).errors : {},
    })),
    showDistributionErrors: assign(({ context }) => ({ errors: distributionErrors(context.values) })),
    clearErrors: assign({ errors: {} }),
    takeMids: assign(({ context }, mids: RouteMid[]) => {
      const { rows, notice } = clearUnfitMids(context.values, mids);
      return { mids, values: { ...context.values, rows }, notice: notice ?? (mids.length === 0 ? 'no-mids' : null) };
    }),
    addRow: assign(({ context }) => ({ values: { ...context.values, rows: [...context.values.rows, newRow()] } })),
    // The rows' messages are keyed by index, which a removal shifts: they go, and Continue shows them again.
    removeRow: assign(({ context, event }) =>
      event.type === 'REMOVE_ROW'
        ? {
            values: { ...context.values, rows: context.values.rows.filter((_, index) => index !== event.index) },
            errors: {},
          }
        : {},
    ),
    setRow: assign(({ context, event }) => {
      if (event.type !== 'SET_ROW') return {};
      const rows = context.values.rows.map((row, index) => (index === event.index ? { ...row, ...event.row } : row));
      const errors = errorsAfterRowChange(context.errors, event.index, Object.keys(event.row));
      return { values: { ...context.values, rows }, notice: null, errors };
    }),
    addCreatedMid: assign(({ context, event }) =>
      event.type === 'MID_CREATED' ? { mids: [...context.mids, event.mid], notice: null } : {},
    ),
    setPriority: assign(({ context, event }) => {
      if (event.type !== 'SET_PRIORITY') return {};
      const rows = context.values.rows.map((row, index) =>
        index === event.index ? { ...row, priority: event.priority } : row,
      );
      return { values: { ...context.values, rows } };
    }),
    setWeight: assign(({ context, event }) => {
      if (event.type !== 'SET_WEIGHT') return {};
      const rows = context.values.rows.map((row, index) =>
        index === event.index ? { ...row, weight: event.weight } : row,
      );
      return { values: { ...context.values, rows } };
    }),
    setOrder: assign(({ context, event }) => {
      if (event.type !== 'SET_ORDER') return {};
      // A changed order field loses its message (the others keep theirs), and the order counts as not yet validated.
      return {
        order: event.order,
        errors: errorsAfterOrderChange(context.errors, context.order, event.order),
        simulated: false,
      };
    }),
    showOrderErrors: assign(({ context }) => ({
      errors: {
        ...Object.fromEntries(Object.entries(context.errors).filter(([key]) => !key.startsWith('order.'))),
        ...orderErrors(context.order),
      },
    })),
    clearSimulation: assign({ simulated: false, simulation: null }),
    suggestOrder: assign(({ context }) => (orderIsEmpty(context.order) ? { order: orderOf(context.values) } : {})),
    emitWithoutChanges: emit({ type: 'without-changes' as const }),
    emitSaved: emit({ type: 'saved' as const }),
    emitLeft: emit({ type: 'left' as const }),
    emitSaveFailed: emit(({ event }) => ({
      type: 'save-failed' as const,
      error: 'error' in event ? event.error : null,
    })),
  },
}).createMachine({
  id: 'routeWizard',
  context: BLANK_CONTEXT,
  initial: 'idle',
  states: {
    idle: {
      on: { START: { target: 'editing', actions: 'start' } },
    },
    editing: {
      initial: 'variables',
      on: {
        DISCARD: [{ guard: 'changed', actions: emit({ type: 'confirm-discard' as const }) }, { target: 'left' }],
        CONFIRM_DISCARD: { target: 'left' },
      },
      states: {
        variables: {
          on: {
            OPEN_VARIABLE: { actions: 'openVariable' },
            CLOSE_VARIABLE: { actions: 'closeVariable' },
            SET_VARIABLE: { actions: 'setVariable' },
            CONTINUE: [
              { guard: 'variablesValid', target: 'loadingMids', actions: 'clearErrors' },
              { actions: 'showVariableErrors' },
            ],
          },
        },
        loadingMids: {
          invoke: {
            src: 'loadMids',
            input: ({ context }) => context.values.variables,
            onDone: { target: 'mids', actions: { type: 'takeMids', params: ({ event }) => event.output } },
            onError: [
              // A variable the server refuses shows its message on its field; anything else, the step's banner.
              { guard: 'serverErrorsOnStep1', target: 'variables', actions: 'showServerErrors' },
              { target: 'variables', actions: assign({ errors: { variables: 'unexpected-error' } }) },
            ],
          },
        },
        mids: {
          on: {
            SET_ROW: { actions: 'setRow' },
            ADD_ROW: { guard: 'canAddRow', actions: 'addRow' },
            REMOVE_ROW: { guard: 'canRemoveRow', actions: 'removeRow' },
            MID_CREATED: { actions: 'addCreatedMid' },
            GO_BACK: { target: 'variables', actions: 'clearErrors' },
            CONTINUE: [
              { guard: 'rowsValid', target: 'distribution', actions: 'clearErrors' },
              { actions: 'showRowErrors' },
            ],
          },
        },
        distribution: {
          initial: 'idle',
          entry: 'suggestOrder',
          exit: 'clearSimulation',
          on: {
            GO_BACK: { target: 'mids', actions: 'clearErrors' },
            SAVE: [
              { guard: 'editWithoutChanges', actions: 'emitWithoutChanges' },
              { guard: 'distributionValid', target: 'saving' },
              { actions: 'showDistributionErrors' },
            ],
          },
          states: {
            idle: { on: SIMULATOR_EVENTS },
            /** A weight is moving (the slider): the simulation runs again once it rests for 500 ms. */
            debouncing: { on: SIMULATOR_EVENTS, after: { weightDebounce: 'loading' } },
            loading: {
              on: SIMULATOR_EVENTS,
              invoke: {
                src: 'simulate',
                input: ({ context }) => ({
                  order: context.order,
                  rows: context.values.rows,
                  variables: context.values.variables,
                }),
                onDone: {
                  target: 'results',
                  actions: assign(({ event }) => ({ simulation: event.output, simulated: true })),
                },
                onError: { target: 'error' },
              },
            },
            results: { on: SIMULATOR_EVENTS },
            error: { on: SIMULATOR_EVENTS },
          },
        },
        saving: {
          invoke: {
            src: 'save',
            input: ({ context }) => ({ mode: context.mode, values: context.values }),
            onDone: { target: '#routeWizard.done', actions: 'emitSaved' },
            // The server's field messages go on their fields, on the first step that holds one.
            onError: [
              { guard: 'serverErrorsOnStep1', target: 'variables', actions: ['showServerErrors', 'emitSaveFailed'] },
              { guard: 'serverErrorsOnStep2', target: 'mids', actions: ['showServerErrors', 'emitSaveFailed'] },
              { target: 'distribution', actions: ['showServerErrors', 'emitSaveFailed'] },
            ],
          },
        },
      },
    },
    /** Left without saving (Discard, confirmed when anything had changed). */
    left: { entry: ['emitLeft', 'reset'], always: 'idle' },
    /** Saved: the host goes back to the routes list. */
    done: { entry: 'reset', always: 'idle' },
  },
});

export type RouteWizardSnapshot = SnapshotFrom<typeof routeWizardMachine>;

/** Which step the wizard shows (1, 2 or 3), or null before START and after leaving. */
export function wizardStep(snapshot: RouteWizardSnapshot): 1 | 2 | 3 | null {
  if (snapshot.matches({ editing: 'variables' }) || snapshot.matches({ editing: 'loadingMids' })) return 1;
  if (snapshot.matches({ editing: 'mids' })) return 2;
  if (snapshot.matches({ editing: 'distribution' }) || snapshot.matches({ editing: 'saving' })) return 3;
  return null;
}
