import { AppCommandLayer } from '@console/app/app-command-layer';
import { AppProviders } from '@console/app/providers';
import { SAVED_WITH_THE_LIMIT } from '@console/areas/counters/limits/alert-modal';
import { LimitsTab } from '@console/areas/counters/limits/limits-tab';
import { CommandRegistryProvider } from '@console/commands/registry';
import { createConsoleStorage, writeSession } from '@console/session/storage';
import type { GlobalLimit, MidLimit } from '@domain/contract/limits';
import { LIMIT_MESSAGES } from '@domain/limits';
import { credentialsFromResponse } from '@machines/session.machine';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { ACCOUNT_ID, json, type ServerCall, sessionAnswer, TEST_CONFIG } from './app-harness';
import { globalFixture, LIMIT_IDS, MERCHANT_ID, MID_ID, midFixture, PSP_ID } from './limits-fixtures';
import { noteServerCall } from './served-check';

// The Limits & Alerts tab (issue 16; spec 3, sections 2.7, 4, 5, 6 and 8) against a stubbed server: Save and Cancel
// only with changes and the edit permission, read-only values for viewers, the spec's messages, compare-and-set saves,
// the alert modal and the keyboard tree.

const EDITOR = ['limit.read', 'limit.update', 'alert.update', 'alert.delete'];
const VIEWER = ['limit.read'];

const PSP = `/merchant/${MERCHANT_ID}/psp/${PSP_ID}`;
const GLOBAL_PATH = `${PSP}/limit`;
const MID_PATH = `${PSP}/mid/${MID_ID}/limit`;
const MID = 'MID Lumen EU (4410001)';
const VISA = `Visa of ${MID}`;
const MASTERCARD = `Mastercard of ${MID}`;

interface ServerState {
  global: GlobalLimit;
  mid: MidLimit;
}

type Answer = (call: ServerCall, state: ServerState) => Response | undefined;

let storageCounter = 0;

function renderTab({
  permissions = EDITOR,
  answer,
  state: given,
}: {
  permissions?: string[];
  answer?: Answer;
  state?: Partial<ServerState>;
} = {}) {
  storageCounter += 1;
  const storage = createConsoleStorage(window.localStorage, `limits-tab-${storageCounter}`);
  writeSession(storage, credentialsFromResponse(sessionAnswer({ permissions }), Date.now()));
  const state: ServerState = { global: globalFixture(), mid: midFixture(), ...given };
  const calls: ServerCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    noteServerCall(method, url);
    const call: ServerCall = {
      method,
      path: url.pathname.replace(/^\/api/, ''),
      search: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const answered = answer?.(call, state);
    if (answered) return answered;
    return serve(call, state);
  });
  const location = memoryLocation({ path: '/' });
  const user = userEvent.setup();
  render(
    <AppProviders
      config={TEST_CONFIG}
      locationHook={location.hook}
      storage={storage}
      fetch={fetchMock as unknown as typeof fetch}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <CommandRegistryProvider>
        <AppCommandLayer />
        <LimitsTab accountId={ACCOUNT_ID} merchantId={MERCHANT_ID} pspId={PSP_ID} />
      </CommandRegistryProvider>
    </AppProviders>,
  );
  return { user, calls, state };
}

/** The server as the limits routes answer: saves raise the version, alerts come back as the limit's alert. */
function serve(call: ServerCall, state: ServerState): Response {
  if (call.path === GLOBAL_PATH) {
    if (call.method === 'PUT') {
      const { version, ...values } = call.body as GlobalLimit;
      state.global = { ...state.global, ...values, version: version + 1 };
    }
    return json(200, state.global);
  }
  if (call.path === MID_PATH) {
    if (call.method === 'PUT') state.mid = { ...state.mid, version: state.mid.version + 1 };
    return json(200, state.mid);
  }
  const alert = /^\/limit\/([^/]+)\/alert$/.exec(call.path);
  if (alert) {
    const body = call.body as { percentage: number } | undefined;
    return json(200, { limitId: alert[1], alert: call.method === 'PUT' ? { percentage: body!.percentage } : null });
  }
  return json(404, { statusCode: 404, error: 'resource-not-found', message: 'Not found' });
}

const puts = (calls: ServerCall[], path: string) => calls.filter((call) => call.method === 'PUT' && call.path === path);
const midForm = () => screen.getByRole('form', { name: `Limits of ${MID}` });
const input = (name: string) => screen.getByRole('textbox', { name });

async function loaded() {
  return screen.findByRole('textbox', { name: `Monthly (total) for ${VISA}` });
}

describe('limits tab: editing', () => {
  it('shows the hint, the global box and the MID with its brands, and Save and Cancel only once something changed', async () => {
    const { user } = renderTab();
    await loaded();
    expect(
      screen.getByText('You only need to fill in one of the two limits: the other is calculated on a 30-day month.'),
    ).toBeInTheDocument();
    expect(input('Monthly (total) for the global limit')).toHaveValue('30000');
    expect(input(`Monthly (total) for ${MID}`)).toHaveValue('9000');
    expect(input(`Daily for ${VISA}`)).toHaveValue('200');
    // Only Visa takes descriptor limits; Mastercard's row has no children.
    expect(screen.getByRole('row', { name: VISA })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('row', { name: MASTERCARD })).not.toHaveAttribute('aria-expanded');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    await user.type(input(`Daily for ${MASTERCARD}`), '35');
    const form = midForm();
    expect(within(form).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    // The global box has no changes, so it has no buttons.
    expect(
      within(screen.getByRole('form', { name: 'Global limit' })).queryByRole('button', { name: 'Save' }),
    ).toBeNull();

    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(input(`Daily for ${MASTERCARD}`)).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    // The buttons went with the changes: the MID's row keeps the focus.
    expect(screen.getByRole('row', { name: MID })).toHaveFocus();
  });

  it('treats typing back the saved value as no change', async () => {
    const { user } = renderTab();
    await loaded();
    const field = input(`Monthly (total) for ${MID}`);
    await user.clear(field);
    expect(within(midForm()).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    await user.type(field, '9000');
    expect(within(midForm()).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it("says '0 is not valid value' at the field, and saves nothing while a field is invalid", async () => {
    const { user, calls } = renderTab();
    await loaded();
    const field = input(`Monthly (total) for ${MASTERCARD}`);
    await user.type(field, '0');
    const message = await screen.findByText('0 is not valid value');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);

    await user.clear(field);
    await user.type(field, '-4');
    expect(await screen.findByText('The minimum number is 1')).toBeInTheDocument();
    await user.click(within(midForm()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Form not validated')).toBeInTheDocument();
    expect(puts(calls, MID_PATH)).toEqual([]);
  });

  it('saves the MID tree with the version it read, says so, and starts again from the saved values', async () => {
    const { user, calls } = renderTab();
    await loaded();
    await user.clear(input(`Monthly (total) for ${MID}`));
    await user.type(input(`Monthly (total) for ${MID}`), '12000');
    await user.type(input(`Daily for ${MASTERCARD}`), '35{Enter}');

    expect(await screen.findByText('Changes saved successfully!')).toBeInTheDocument();
    const [put] = puts(calls, MID_PATH);
    expect(put!.body).toMatchObject({
      total: 12000,
      daily: null,
      version: 7,
      cardBrands: [
        { name: 'VISA', total: null, daily: 200, descriptors: [{ name: 'LUMEN*SHOP', total: 1000, daily: 40 }] },
        { name: 'MC', total: null, daily: 35, descriptors: [] },
      ],
    });
    await waitFor(() => expect(within(midForm()).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: MID })).toHaveFocus();
  });

  it('saves the global limit on its own, with its version', async () => {
    const { user, calls } = renderTab();
    await loaded();
    await user.type(input('Daily for the global limit'), '1000');
    await user.click(within(screen.getByRole('form', { name: 'Global limit' })).getByRole('button', { name: 'Save' }));
    await screen.findByText('Changes saved successfully!');
    expect(puts(calls, GLOBAL_PATH).map((call) => call.body)).toEqual([{ total: 30000, daily: 1000, version: 3 }]);
    expect(puts(calls, MID_PATH)).toEqual([]);
  });

  it('refuses to overwrite limits another user saved first, and reloads them on request', async () => {
    let conflict = true;
    const { user, calls, state } = renderTab({
      answer: (call) => {
        if (call.path !== MID_PATH || call.method !== 'PUT' || !conflict) return undefined;
        conflict = false;
        state.mid = { ...state.mid, total: 15000, version: 8 };
        return json(409, { statusCode: 409, error: 'limit-changed', message: 'Changed' });
      },
    });
    await loaded();
    await user.type(input(`Daily for ${MASTERCARD}`), '35{Enter}');

    expect(await screen.findByText('These limits have changed')).toBeInTheDocument();
    expect(
      screen.getByText('Another user saved them while you were editing. Reload them and make your changes again.'),
    ).toBeInTheDocument();
    expect(puts(calls, MID_PATH)).toHaveLength(1);
    expect(screen.queryByText('Changes saved successfully!')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(input(`Monthly (total) for ${MID}`)).toHaveValue('15000'));
    expect(input(`Daily for ${MASTERCARD}`)).toHaveValue('');
    expect(screen.queryByText('These limits have changed')).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: MID })).toHaveFocus();
    expect(puts(calls, MID_PATH)).toHaveLength(1);
  });

  it("shows 'Not saved' when the server refuses a save", async () => {
    const { user } = renderTab({
      answer: (call) =>
        call.path === GLOBAL_PATH && call.method === 'PUT'
          ? json(400, { statusCode: 400, error: 'validation-error', message: 'Bad' })
          : undefined,
    });
    await loaded();
    await user.type(input('Daily for the global limit'), '5{Enter}');
    expect(await screen.findByText('Not saved')).toBeInTheDocument();
    expect(
      within(screen.getByRole('form', { name: 'Global limit' })).getByRole('button', { name: 'Save' }),
    ).toBeEnabled();
  });

  it("copies the first descriptor's limits to every descriptor of the brand", async () => {
    const { user } = renderTab();
    await loaded();
    await user.click(screen.getByRole('button', { name: `Open ${VISA}` }));
    const copy = screen.getByRole('button', { name: `Copy to all descriptors of ${VISA}` });
    expect(screen.getAllByRole('button', { name: /^Copy to all/ })).toHaveLength(1);
    await user.click(copy);
    for (const name of ['LUMEN*TRAVEL', 'LUMEN*HOTELS']) {
      expect(input(`Monthly (total) for descriptor ${name}, ${VISA}`)).toHaveValue('1000');
      expect(input(`Daily for descriptor ${name}, ${VISA}`)).toHaveValue('40');
    }
    expect(within(midForm()).getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });
});

describe('limits tab: read-only', () => {
  it('shows viewers the values or a dash, no fields and no buttons, and a set alert read-only', async () => {
    const { user } = renderTab({ permissions: VIEWER });
    const visa = await screen.findByRole('row', {
      name: `Visa of ${MID}: Monthly (total) –, Daily 200, alert at 50 %`,
    });
    expect(screen.getByRole('row', { name: 'The global limit: Monthly (total) 30.000, Daily –' })).toBeVisible();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByText(/You only need to fill in one/)).not.toBeInTheDocument();
    expect(within(visa).getAllByText('–').length).toBeGreaterThan(0);
    // No bell for limits without an alert: there is nothing a viewer could do or see there.
    expect(screen.queryByRole('button', { name: /^Set alert/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Alert at 50 % for ${VISA}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Alert configuration' });
    expect(dialog).toHaveTextContent('Send alert when sales reach 50 % of the limit');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Close']);
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Your changes can overwrite these settings for all users.')).toBeNull();
  });
});

describe('limits tab: alerts', () => {
  it('sets an alert as a fraction of the limit after checking the percentage', async () => {
    const { user, calls } = renderTab();
    await loaded();
    await user.click(screen.getByRole('button', { name: `Set alert for ${MID}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Alert configuration' });
    expect(within(dialog).getByText('Your changes can overwrite these settings for all users.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please, be careful.')).toBeInTheDocument();
    // No alert yet: nothing to delete.
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    const percentage = within(dialog).getByRole('textbox', { name: /Send alert when sales reach/ });
    expect(percentage).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required field')).toBeInTheDocument();
    await user.type(percentage, '0');
    expect(await within(dialog).findByText('The minimum number is 1')).toBeInTheDocument();
    expect(percentage).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.path.endsWith('/alert'))).toEqual([]);

    await user.clear(percentage);
    await user.type(percentage, '5x0{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const alerts = calls.filter((call) => call.path === `/limit/${LIMIT_IDS.mid}/alert`);
    expect(alerts.map((call) => [call.method, call.body])).toEqual([['PUT', { percentage: 0.5 }]]);
    expect(await screen.findByRole('button', { name: `Alert at 50 % for ${MID}` })).toHaveTextContent('50 %');
    expect(screen.getByText('Changes saved successfully!')).toBeInTheDocument();
  });

  it('deletes a set alert for users who may, and offers Delete to no one else', async () => {
    const { user, calls } = renderTab();
    await loaded();
    await user.click(screen.getByRole('button', { name: `Alert at 50 % for ${VISA}` }));
    let dialog = await screen.findByRole('dialog', { name: 'Alert configuration' });
    expect(within(dialog).getByRole('textbox', { name: /Send alert when sales reach/ })).toHaveValue('50');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/limit/${LIMIT_IDS.visa}/alert`,
    ]);
    expect(await screen.findByRole('button', { name: `Set alert for ${VISA}` })).toBeInTheDocument();

    const withoutDelete = renderTab({ permissions: ['limit.read', 'limit.update', 'alert.update'] });
    const bells = await screen.findAllByRole('button', { name: `Alert at 50 % for ${VISA}` });
    await withoutDelete.user.click(bells.at(-1)!);
    dialog = await screen.findByRole('dialog', { name: 'Alert configuration' });
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('keeps the bell disabled, saying why, only while both values are empty', async () => {
    const { user } = renderTab();
    await loaded();
    const bell = () => screen.getByRole('button', { name: `Set alert for ${MASTERCARD}` });
    expect(bell()).toHaveAttribute('aria-disabled', 'true');
    expect(bell()).toHaveAccessibleDescription(LIMIT_MESSAGES.alertNeedsLimit);
    await user.click(bell());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // A value typed, not yet saved, is enough (spec 3, section 2.7).
    await user.type(input(`Daily for ${MASTERCARD}`), '35');
    expect(bell()).not.toHaveAttribute('aria-disabled');
    await user.clear(input(`Daily for ${MASTERCARD}`));
    expect(bell()).toHaveAttribute('aria-disabled', 'true');
  });

  it('sets a new limit and its alert in one go: the alert waits in the draft and is saved with the limit', async () => {
    const { user, calls } = renderTab();
    await loaded();
    await user.type(input(`Daily for ${MASTERCARD}`), '35');
    await user.click(screen.getByRole('button', { name: `Set alert for ${MASTERCARD}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Alert configuration' });
    expect(within(dialog).getByText(SAVED_WITH_THE_LIMIT)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Send alert when sales reach/ }), '80{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: `Alert at 80 % for ${MASTERCARD}` })).toHaveTextContent('80 %');
    expect(calls.filter((call) => call.path.endsWith('/alert'))).toEqual([]);

    await user.click(within(midForm()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes saved successfully!')).toBeInTheDocument();
    expect(puts(calls, MID_PATH).map((call) => (call.body as MidLimit).cardBrands[1])).toEqual([
      { name: 'MC', total: null, daily: 35, alert: { percentage: 0.8 }, descriptors: [] },
    ]);
    expect(calls.filter((call) => call.path.endsWith('/alert'))).toEqual([]);
  });

  it('drops a draft alert with Cancel, and with Delete in its modal', async () => {
    const { user } = renderTab();
    await loaded();
    const setAlert = async (percent: string) => {
      await user.click(screen.getByRole('button', { name: `Set alert for ${MASTERCARD}` }));
      const dialog = await screen.findByRole('dialog', { name: 'Alert configuration' });
      await user.type(
        within(dialog).getByRole('textbox', { name: /Send alert when sales reach/ }),
        `${percent}{Enter}`,
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };
    await user.type(input(`Daily for ${MASTERCARD}`), '35');
    await setAlert('60');
    await user.click(within(midForm()).getByRole('button', { name: 'Cancel' }));
    await user.type(input(`Daily for ${MASTERCARD}`), '35');
    expect(screen.getByRole('button', { name: `Set alert for ${MASTERCARD}` })).toBeInTheDocument();

    await setAlert('60');
    await user.click(screen.getByRole('button', { name: `Alert at 60 % for ${MASTERCARD}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Alert configuration' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: `Set alert for ${MASTERCARD}` })).toBeInTheDocument();
  });
});

describe('limits tab: the solution’s MIDs and their brands', () => {
  it('lists the MIDs the global limit’s answer names, without the sales call', async () => {
    const other = { midId: 'a1000000-0000-4000-8000-000000000002', description: 'Lumen US', midAcquirerId: '4410002' };
    const { calls } = renderTab({
      state: { global: globalFixture({ mids: [globalFixture().mids[0]!, { ...other, enable: false }] }) },
      answer: (call) =>
        call.path === `${PSP}/mid/${other.midId}/limit`
          ? json(200, midFixture({ ...other, limitId: null, total: null, version: 0 }))
          : undefined,
    });
    await loaded();
    expect(await screen.findByRole('form', { name: 'Limits of MID Lumen US (4410002)' })).toBeInTheDocument();
    expect(calls.some((call) => call.path === `${PSP}/mid`)).toBe(false);
  });

  it('shows the brand groups the server lists: Others alone for an AMEX-only MID', async () => {
    const onlyOthers = midFixture({
      cardBrands: [
        {
          name: 'OTHERS',
          descriptorsConfigurable: false,
          limitId: null,
          total: 40,
          daily: null,
          alert: null,
          descriptors: [],
        },
      ],
    });
    renderTab({ state: { mid: onlyOthers } });
    expect(await screen.findByRole('textbox', { name: `Monthly (total) for Others of ${MID}` })).toHaveValue('40');
    expect(screen.queryByRole('row', { name: VISA })).not.toBeInTheDocument();
    expect(screen.queryByRole('row', { name: MASTERCARD })).not.toBeInTheDocument();
  });
});

describe('limits tab: keyboard', () => {
  it('moves through the tree with the arrow keys, Home and End, and edits a row with Enter', async () => {
    const { user } = renderTab();
    await loaded();
    const row = (name: string) => screen.getByRole('row', { name });

    await user.tab();
    expect(row('The global limit')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(row(MID)).toHaveFocus();
    expect(row(MID)).toHaveAttribute('tabindex', '0');
    expect(row('The global limit')).toHaveAttribute('tabindex', '-1');
    // The MID starts open: Right goes to its first card brand.
    await user.keyboard('{ArrowRight}');
    expect(row(VISA)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(row(VISA)).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(row(`Descriptor LUMEN*SHOP, ${VISA}`)).toHaveFocus();
    await user.keyboard('{End}');
    expect(row(MASTERCARD)).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(row(`Descriptor LUMEN*HOTELS, ${VISA}`)).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(row(VISA)).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(row(VISA)).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('row', { name: /LUMEN\*SHOP/ })).not.toBeInTheDocument();
    await user.keyboard('{Home}');
    expect(row('The global limit')).toHaveFocus();

    await user.keyboard('{ArrowDown}{Enter}');
    expect(input(`Monthly (total) for ${MID}`)).toHaveFocus();
    // In a field the arrows are the field's: the focus stays.
    await user.keyboard('{ArrowDown}');
    expect(input(`Monthly (total) for ${MID}`)).toHaveFocus();
  });

  it('cancels a box’s changes with Escape, and returns from a field to its row', async () => {
    const { user } = renderTab();
    await loaded();
    const field = input(`Daily for ${MASTERCARD}`);
    await user.type(field, '35');
    expect(within(midForm()).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(field).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: MASTERCARD })).toHaveFocus();
    // Only the box being edited is restored.
    await user.type(input('Daily for the global limit'), '7');
    await user.type(field, '9');
    await user.keyboard('{Escape}');
    expect(input('Daily for the global limit')).toHaveValue('7');
  });

  it('saves or cancels the box last edited from the palette, and offers neither without changes', async () => {
    const { user, calls } = renderTab();
    await loaded();
    await user.keyboard('{Control>}k{/Control}');
    let palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.keyboard('limit changes');
    expect(within(palette).queryByRole('option', { name: /Save limit changes/ })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.type(input(`Daily for ${MASTERCARD}`), '35');
    await user.keyboard('{Control>}k{/Control}');
    palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.keyboard('Save limit changes');
    await user.click(await within(palette).findByRole('option', { name: /Save limit changes/ }));
    await screen.findByText('Changes saved successfully!');
    expect(puts(calls, MID_PATH).map((call) => (call.body as MidLimit).cardBrands[1])).toEqual([
      { name: 'MC', total: null, daily: 35, descriptors: [] },
    ]);

    await user.type(input('Daily for the global limit'), '7');
    await user.keyboard('{Control>}k{/Control}');
    palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.keyboard('Cancel limit changes');
    await user.click(await within(palette).findByRole('option', { name: /Cancel limit changes/ }));
    await waitFor(() => expect(input('Daily for the global limit')).toHaveValue(''));
    expect(puts(calls, GLOBAL_PATH)).toEqual([]);
  });

  it('lists its keys in the shortcuts sheet', async () => {
    const { user } = renderTab();
    await loaded();
    await act(async () => screen.getByRole('row', { name: 'The global limit' }).focus());
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const title of ['Next limit', 'Previous limit', 'Edit the limit', 'Cancel limit changes']) {
      expect(within(sheet).getByText(title)).toBeInTheDocument();
    }
  });
});
