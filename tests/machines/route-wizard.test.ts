import type { RouteMid, SimulationResult } from '@domain/contract/routes';
import {
  BLANK_VALUES,
  type Criteria,
  clearUnfitMids,
  type RouteWizardEmitted,
  routeWizardMachine,
  type SimulationCall,
  type WizardValues,
  wizardStep,
} from '@machines/route-wizard.machine';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';

// The route wizard (issue 14; spec 2, sections 2.4 and 4): every step's check, the MID palette and its bad-config
// clearing, the simulator child state with its re-runs, the change check, discard and save.

const mid = (id: string, synchronous = true): RouteMid => ({
  id,
  description: `MID ${id}`,
  midAcquirerId: `ACQ-${id}`,
  acquirerName: 'Adyen',
  enable: true,
  synchronous,
});

/** A refusal as the API client raises it: 400 form-not-validated with the server's field messages. */
const refused = (fields: Record<string, string>) =>
  Object.assign(new Error('Form not validated'), { status: 400, fields });

const RESULT: SimulationResult = { otherRoutes: [], temporaryRoutes: [] };

function start(
  options: {
    mids?: (variables: Criteria) => RouteMid[] | Promise<RouteMid[]>;
    simulate?: (call: SimulationCall) => Promise<SimulationResult>;
    save?: () => Promise<void>;
    values?: WizardValues;
    mode?: 'new' | 'edit';
  } = {},
) {
  const calls = { loadMids: [] as Criteria[], simulate: [] as SimulationCall[], save: 0 };
  const machine = routeWizardMachine.provide({
    actors: {
      loadMids: fromPromise(async ({ input }: { input: Criteria }) => {
        calls.loadMids.push(input);
        return (await options.mids?.(input)) ?? [mid('a'), mid('b')];
      }),
      simulate: fromPromise(async ({ input }: { input: SimulationCall }) => {
        calls.simulate.push(input);
        return (await options.simulate?.(input)) ?? RESULT;
      }),
      save: fromPromise(async () => {
        calls.save += 1;
        await options.save?.();
      }),
    },
  });
  const actor = createActor(machine);
  const emitted: RouteWizardEmitted['type'][] = [];
  for (const type of ['confirm-discard', 'without-changes', 'saved', 'left', 'save-failed'] as const) {
    actor.on(type, () => emitted.push(type));
  }
  actor.start();
  actor.send({ type: 'START', mode: options.mode ?? 'new', values: options.values });
  return { actor, calls, emitted };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Through steps 1 and 2 with one row on MID a. */
async function toStep3(wizard: ReturnType<typeof start>) {
  wizard.actor.send({ type: 'CONTINUE' });
  await settle();
  wizard.actor.send({ type: 'SET_ROW', index: 0, row: { midId: 'a', routeDescription: 'EU cards' } });
  wizard.actor.send({ type: 'CONTINUE' });
  expect(wizardStep(wizard.actor.getSnapshot())).toBe(3);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the route wizard', () => {
  it('keeps step 1 while an opened variable has no value, then loads the MIDs for the variables', async () => {
    const wizard = start();
    expect(wizardStep(wizard.actor.getSnapshot())).toBe(1);
    wizard.actor.send({ type: 'OPEN_VARIABLE', criterion: 'currency' });
    wizard.actor.send({ type: 'CONTINUE' });
    expect(wizardStep(wizard.actor.getSnapshot())).toBe(1);
    expect(wizard.actor.getSnapshot().context.errors).toEqual({
      'variables.currency': 'You must select at least one value or close this variable to continue.',
    });
    wizard.actor.send({ type: 'SET_VARIABLE', criterion: 'currency', values: ['EUR'] });
    expect(wizard.actor.getSnapshot().context.errors).toEqual({});
    wizard.actor.send({ type: 'CONTINUE' });
    await settle();
    expect(wizardStep(wizard.actor.getSnapshot())).toBe(2);
    expect(wizard.calls.loadMids).toEqual([{ ...BLANK_VALUES.variables, currency: ['EUR'] }]);
    expect(wizard.actor.getSnapshot().context.mids.map((item) => item.id)).toEqual(['a', 'b']);
  });

  it('says no MID matches, and clears the MIDs that no longer take the variables with the right message', async () => {
    const wizard = start({ mids: (variables) => (variables.currency.length ? [mid('a')] : []) });
    wizard.actor.send({ type: 'CONTINUE' });
    await settle();
    expect(wizard.actor.getSnapshot().context.notice).toBe('no-mids');

    expect(
      clearUnfitMids({ ...BLANK_VALUES, rows: [{ ...BLANK_VALUES.rows[0]!, midId: 'a', fallbackMidId: 'b' }] }, [
        mid('a'),
      ]),
    ).toMatchObject({ notice: 'fallback-bad-config', rows: [{ midId: 'a', fallbackMidId: null }] });
    expect(
      clearUnfitMids({ ...BLANK_VALUES, rows: [{ ...BLANK_VALUES.rows[0]!, midId: 'x', fallbackMidId: 'y' }] }, []),
    ).toMatchObject({ notice: 'mids-bad-config', rows: [{ midId: null, fallbackMidId: null }] });
  });

  it('asks for a MID and a description on every row of step 2; at most 10 rows; a created MID joins the palette', async () => {
    const wizard = start();
    wizard.actor.send({ type: 'CONTINUE' });
    await settle();
    wizard.actor.send({ type: 'CONTINUE' });
    expect(wizard.actor.getSnapshot().context.errors).toEqual({
      rows: 'In order to continue, you must add a MID and a description to your routes.',
      'rows.0.midId': 'Select a MID to save the route correctly',
      'rows.0.routeDescription': 'Required field',
    });
    for (let added = 0; added < 12; added++) wizard.actor.send({ type: 'ADD_ROW' });
    expect(wizard.actor.getSnapshot().context.values.rows).toHaveLength(10);
    wizard.actor.send({ type: 'MID_CREATED', mid: mid('new') });
    expect(wizard.actor.getSnapshot().context.mids.map((item) => item.id)).toEqual(['a', 'b', 'new']);
    wizard.actor.send({ type: 'GO_BACK' });
    expect(wizardStep(wizard.actor.getSnapshot())).toBe(1);
    expect(wizard.actor.getSnapshot().context.values.rows).toHaveLength(10);
  });

  it('simulates on step 3, then re-runs at once on a priority change and 500 ms after the last weight change', async () => {
    vi.useFakeTimers();
    const wizard = start();
    wizard.actor.send({ type: 'CONTINUE' });
    await vi.runAllTimersAsync();
    wizard.actor.send({ type: 'SET_ROW', index: 0, row: { midId: 'a', routeDescription: 'EU cards' } });
    wizard.actor.send({ type: 'CONTINUE' });
    // Before a valid run, changes do not simulate; a 7-character BIN is refused with the spec's message.
    wizard.actor.send({ type: 'SET_WEIGHT', index: 0, weight: 40 });
    wizard.actor.send({ type: 'SET_ORDER', order: { currency: 'EUR', binCode: '4111111' } });
    wizard.actor.send({ type: 'SIMULATE' });
    expect(wizard.actor.getSnapshot().context.errors).toEqual({ 'order.binCode': 'It must be a 6 digits code' });
    expect(wizard.calls.simulate).toHaveLength(0);
    wizard.actor.send({ type: 'SET_ORDER', order: { currency: 'EUR', binCode: '411111' } });
    wizard.actor.send({ type: 'SIMULATE' });
    await vi.runAllTimersAsync();
    expect(wizard.actor.getSnapshot().matches({ editing: { distribution: 'results' } })).toBe(true);
    expect(wizard.calls.simulate).toHaveLength(1);
    expect(wizard.calls.simulate[0]?.rows[0]).toMatchObject({ midId: 'a', weight: 40 });

    wizard.actor.send({ type: 'SET_PRIORITY', index: 0, priority: 9 });
    await vi.advanceTimersByTimeAsync(0);
    expect(wizard.calls.simulate).toHaveLength(2);
    wizard.actor.send({ type: 'SET_WEIGHT', index: 0, weight: 50 });
    await vi.advanceTimersByTimeAsync(300);
    wizard.actor.send({ type: 'SET_WEIGHT', index: 0, weight: 60 });
    await vi.advanceTimersByTimeAsync(300);
    expect(wizard.calls.simulate).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(250);
    expect(wizard.calls.simulate).toHaveLength(3);
    expect(wizard.calls.simulate[2]?.rows[0]).toMatchObject({ priority: 9, weight: 60 });

    // Leaving step 3 clears the simulator.
    wizard.actor.send({ type: 'GO_BACK' });
    expect(wizard.actor.getSnapshot().context).toMatchObject({ simulation: null, simulated: false });
  });

  it('shows a failed simulation as an error and keeps the wizard usable', async () => {
    const wizard = start({ simulate: () => Promise.reject(new Error('offline')) });
    await toStep3(wizard);
    wizard.actor.send({ type: 'SIMULATE' });
    await settle();
    expect(wizard.actor.getSnapshot().matches({ editing: { distribution: 'error' } })).toBe(true);
  });

  it("saves a new route, and sends nothing for an edit that changed nothing ('without-changes')", async () => {
    const wizard = start();
    await toStep3(wizard);
    wizard.actor.send({ type: 'SET_WEIGHT', index: 0, weight: 101 });
    wizard.actor.send({ type: 'SAVE' });
    expect(wizard.actor.getSnapshot().context.errors).toEqual({ 'rows.0.weight': 'Enter a number as the weight' });
    wizard.actor.send({ type: 'SET_WEIGHT', index: 0, weight: 70 });
    wizard.actor.send({ type: 'SAVE' });
    await settle();
    expect(wizard.calls.save).toBe(1);
    expect(wizard.emitted).toEqual(['saved']);
    expect(wizard.actor.getSnapshot().value).toBe('idle');

    const saved: WizardValues = {
      ...BLANK_VALUES,
      rows: [{ routeId: 'r1', midId: 'a', fallbackMidId: null, routeDescription: 'EU', priority: 5, weight: 50 }],
    };
    const edit = start({ mode: 'edit', values: saved });
    edit.actor.send({ type: 'CONTINUE' });
    await settle();
    edit.actor.send({ type: 'CONTINUE' });
    edit.actor.send({ type: 'SAVE' });
    await settle();
    expect(edit.calls.save).toBe(0);
    expect(edit.emitted).toEqual(['without-changes']);
  });

  it('asks before discarding changes, leaves at once without, and goes back to step 3 when a save fails', async () => {
    const clean = start();
    clean.actor.send({ type: 'DISCARD' });
    expect(clean.emitted).toEqual(['left']);

    const wizard = start({ save: () => Promise.reject(new Error('409')) });
    wizard.actor.send({ type: 'OPEN_VARIABLE', criterion: 'currency' });
    wizard.actor.send({ type: 'SET_VARIABLE', criterion: 'currency', values: ['GBP'] });
    wizard.actor.send({ type: 'DISCARD' });
    expect(wizard.emitted).toEqual(['confirm-discard']);
    expect(wizardStep(wizard.actor.getSnapshot())).toBe(1);
    await toStep3(wizard);
    wizard.actor.send({ type: 'SAVE' });
    await settle();
    expect(wizard.emitted).toEqual(['confirm-discard', 'save-failed']);
    expect(wizardStep(wizard.actor.getSnapshot())).toBe(3);
    wizard.actor.send({ type: 'DISCARD' });
    wizard.actor.send({ type: 'CONFIRM_DISCARD' });
    expect(wizard.emitted.at(-1)).toBe('left');
    expect(wizard.actor.getSnapshot().value).toBe('idle');
  });

  it('starts a new row at weight 0, adds rows only to a new route, and offers an order the route takes on step 3', async () => {
    const values: WizardValues = {
      ...BLANK_VALUES,
      variables: { ...BLANK_VALUES.variables, currency: ['EUR', 'USD'], customTag: ['NONE'], binCode: ['411111'] },
      open: ['currency', 'customTag', 'binCode'],
    };
    const wizard = start({ values });
    expect(wizard.actor.getSnapshot().context.values.rows[0]?.weight).toBe(0);
    await toStep3(wizard);
    // The first value of each variable; NONE is an order without a custom tag.
    expect(wizard.actor.getSnapshot().context.order).toEqual({ currency: 'EUR', binCode: '411111' });
    wizard.actor.send({ type: 'SET_ORDER', order: { currency: 'GBP' } });
    wizard.actor.send({ type: 'GO_BACK' });
    wizard.actor.send({ type: 'CONTINUE' });
    expect(wizard.actor.getSnapshot().context.order).toEqual({ currency: 'GBP' });

    const saved = {
      ...BLANK_VALUES,
      rows: [{ routeId: 'r1', midId: 'a', fallbackMidId: null, routeDescription: 'EU', priority: 3, weight: 40 }],
    };
    const edit = start({ mode: 'edit', values: saved });
    edit.actor.send({ type: 'CONTINUE' });
    await settle();
    edit.actor.send({ type: 'ADD_ROW' });
    expect(edit.actor.getSnapshot().context.values.rows).toHaveLength(1);
  });

  it('refuses variable values on step 1 with the spec’s messages, before any call (issue 23)', async () => {
    const wizard = start();
    const set = (criterion: 'currency' | 'issuerCountry' | 'binCode', values: string[]) => {
      wizard.actor.send({ type: 'OPEN_VARIABLE', criterion });
      wizard.actor.send({ type: 'SET_VARIABLE', criterion, values });
    };
    set('currency', ['EURO']);
    set('issuerCountry', ['ESP', 'XX']);
    set('binCode', ['12345']);
    wizard.actor.send({ type: 'CONTINUE' });
    await settle();
    expect(wizardStep(wizard.actor.getSnapshot())).toBe(1);
    expect(wizard.calls.loadMids).toEqual([]);
    expect(wizard.actor.getSnapshot().context.errors).toEqual({
      'variables.currency': 'Some currencies are not 3-letter ISO codes: EURO',
      'variables.issuerCountry': 'Some variables are not in the ISO format: ESP',
      'variables.binCode': 'It must be a 6 digits code',
    });
    // An ISO-shaped code that does not exist has a message of its own; a fixed variable loses its message.
    set('issuerCountry', ['XX']);
    set('currency', ['EUR']);
    set('binCode', ['123456']);
    wizard.actor.send({ type: 'CONTINUE' });
    expect(wizard.actor.getSnapshot().context.errors).toEqual({
      'variables.issuerCountry': 'The following codes do not exist: XX',
    });
    set('issuerCountry', ['ES']);
    wizard.actor.send({ type: 'CONTINUE' });
    await settle();
    expect(wizardStep(wizard.actor.getSnapshot())).toBe(2);
  });

  it('puts each row’s message on its row, clears the one the user fixes, and checks the fallback rule', async () => {
    const wizard = start({ mids: () => [mid('a'), mid('b'), mid('async', false)] });
    wizard.actor.send({ type: 'CONTINUE' });
    await settle();
    wizard.actor.send({ type: 'ADD_ROW' });
    wizard.actor.send({ type: 'SET_ROW', index: 0, row: { midId: 'a', routeDescription: 'First' } });
    wizard.actor.send({ type: 'CONTINUE' });
    expect(wizard.actor.getSnapshot().context.errors).toEqual({
      rows: 'In order to continue, you must add a MID and a description to your routes.',
      'rows.1.midId': 'Select a MID to save the route correctly',
      'rows.1.routeDescription': 'Required field',
    });
    wizard.actor.send({ type: 'SET_ROW', index: 1, row: { midId: 'async' } });
    expect(wizard.actor.getSnapshot().context.errors).toEqual({
      rows: 'In order to continue, you must add a MID and a description to your routes.',
      'rows.1.routeDescription': 'Required field',
    });
    wizard.actor.send({ type: 'SET_ROW', index: 1, row: { routeDescription: 'Second', fallbackMidId: 'a' } });
    expect(wizard.actor.getSnapshot().context.errors).toEqual({});
    // The machine holds the rule as the server does: no fallback for an asynchronous MID.
    wizard.actor.send({ type: 'CONTINUE' });
    expect(wizardStep(wizard.actor.getSnapshot())).toBe(2);
    expect(wizard.actor.getSnapshot().context.errors).toEqual({
      'rows.1.fallbackMidId': 'A fallback MID works only with synchronous MIDs',
    });
    wizard.actor.send({ type: 'SET_ROW', index: 1, row: { midId: 'b' } });
    wizard.actor.send({ type: 'CONTINUE' });
    expect(wizardStep(wizard.actor.getSnapshot())).toBe(3);
  });

  it('shows the server’s field messages on their fields, on the step that holds them', async () => {
    const answers = [
      refused({ 'routes.0.issuerCountry': 'The following codes do not exist: XX' }),
      refused({ 'routes.0.routeDescription': 'Required field' }),
      refused({ 'routes.0.weight': 'Enter a number as the weight' }),
    ];
    const wizard = start({ save: () => Promise.reject(answers.shift()) });
    await toStep3(wizard);
    wizard.actor.send({ type: 'SAVE' });
    await settle();
    expect(wizardStep(wizard.actor.getSnapshot())).toBe(1);
    expect(wizard.actor.getSnapshot().context.errors).toEqual({
      'variables.issuerCountry': 'The following codes do not exist: XX',
    });
    wizard.actor.send({ type: 'CONTINUE' });
    await settle();
    wizard.actor.send({ type: 'CONTINUE' });
    wizard.actor.send({ type: 'SAVE' });
    await settle();
    expect(wizardStep(wizard.actor.getSnapshot())).toBe(2);
    expect(wizard.actor.getSnapshot().context.errors).toEqual({ 'rows.0.routeDescription': 'Required field' });
    wizard.actor.send({ type: 'CONTINUE' });
    wizard.actor.send({ type: 'SAVE' });
    await settle();
    expect(wizardStep(wizard.actor.getSnapshot())).toBe(3);
    expect(wizard.actor.getSnapshot().context.errors).toEqual({ 'rows.0.weight': 'Enter a number as the weight' });
    expect(wizard.emitted).toEqual(['save-failed', 'save-failed', 'save-failed']);

    // A pick list refused for a variable says so on the variable, not with the step's banner.
    const picking = start({ mids: () => Promise.reject(refused({ binCode: 'It must be a 6 digits code' })) });
    picking.actor.send({ type: 'CONTINUE' });
    await settle();
    expect(picking.actor.getSnapshot().context.errors).toEqual({ 'variables.binCode': 'It must be a 6 digits code' });
    const failing = start({ mids: () => Promise.reject(new Error('offline')) });
    failing.actor.send({ type: 'CONTINUE' });
    await settle();
    expect(failing.actor.getSnapshot().context.errors).toEqual({ variables: 'unexpected-error' });
  });

  it('clears only the changed order field’s message in the simulator', async () => {
    const wizard = start();
    await toStep3(wizard);
    wizard.actor.send({ type: 'SET_ORDER', order: { currency: 'EURO', binCode: '4111111' } });
    wizard.actor.send({ type: 'SIMULATE' });
    const shown = wizard.actor.getSnapshot().context.errors;
    expect(Object.keys(shown).sort()).toEqual(['order.binCode', 'order.currency']);
    wizard.actor.send({ type: 'SET_ORDER', order: { currency: 'EURO', binCode: '411111' } });
    expect(wizard.actor.getSnapshot().context.errors).toEqual({ 'order.currency': shown['order.currency'] });
  });
});
