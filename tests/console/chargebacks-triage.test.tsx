import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockTableLayout } from './activity-fixtures';
import { ACCOUNT_ID, renderApp } from './app-harness';
import {
  ANA,
  apiCase,
  BEN,
  chargebacksApi,
  DISPUTE_AGENT,
  detailPath,
  EXPIRED_ID,
  FRAUD_ID,
  OTHERS_ID,
  preloadQueueModules,
  QUEUE_PATH,
  SUPPORT,
  VIEWER,
} from './chargebacks-fixtures';

// Keyboard triage of the queue (issue 5, section 2): a, s, f and d on the active row with one small picker, Enter to
// open the case, the next case active after each change, bulk changes on a selection made with x, every action in
// the palette and the shortcuts sheet.

function renderQueue({
  path = QUEUE_PATH,
  permissions = DISPUTE_AGENT,
  ...api
}: { path?: string; permissions?: string[] } & Parameters<typeof chargebacksApi>[0] = {}) {
  const fake = chargebacksApi(api);
  const app = renderApp({ path, session: { permissions }, server: fake.server });
  return { ...app, ...fake };
}

/** The queue with its first row active, as after Tab into the grid. */
async function focusQueue() {
  await screen.findByText('CASE-1001');
  const grid = screen.getByRole('grid', { name: 'Chargebacks' });
  grid.focus();
  await waitFor(() => expect(activeCase()).toBe('CASE-1001'));
  return grid;
}

function activeCase(): string | undefined {
  const row = screen.queryAllByRole('row').find((candidate) => candidate.getAttribute('aria-current') === 'true');
  return row?.textContent?.match(/CASE-\d+/)?.[0];
}

const lastList = (calls: { search: URLSearchParams }[]) => calls.at(-1)!.search;

beforeAll(preloadQueueModules, 20_000);

beforeEach(() => {
  sessionStorage.clear();
  mockTableLayout();
  HTMLElement.prototype.scrollTo = () => undefined;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('triage by keyboard', () => {
  it('a opens the agent picker; typing filters, Enter assigns, and the next case becomes active', async () => {
    const { user, writes } = renderQueue();
    const grid = await focusQueue();
    await user.keyboard('a');
    const picker = await screen.findByRole('dialog', { name: 'Assign agent' });
    expect(picker).toHaveTextContent('Case CASE-1001');
    const filter = within(picker).getByRole('combobox');
    expect(filter).toHaveFocus();
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Ana Ruiz (current)', 'Ben Ode', 'Others', 'Unassigned']);
    expect(within(picker).getByRole('option', { name: /Ana Ruiz/ })).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('be');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Ben Ode']);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.method).toBe('POST');
    expect(writes[0]!.path).toBe(`${apiCase(FRAUD_ID)}/agent`);
    expect(writes[0]!.body).toEqual({ agentId: BEN.id });
    expect(screen.queryByRole('dialog', { name: 'Assign agent' })).not.toBeInTheDocument();
    await waitFor(() => expect(activeCase()).toBe('CASE-1002'));
    expect(screen.getByRole('combobox', { name: 'Agent of case CASE-1001' })).toHaveValue(BEN.id);
    expect(grid).toHaveFocus();
  });

  it('s opens the status picker; arrows move, Enter sets the status after re-reading it, and the queue moves on', async () => {
    const { user, writes, detailCalls } = renderQueue();
    await focusQueue();
    await user.keyboard('j');
    expect(activeCase()).toBe('CASE-1002');
    await user.keyboard('s');
    const picker = await screen.findByRole('dialog', { name: 'Change status' });
    // The highlight starts on the current status (In progress); two down is Not disputed.
    expect(within(picker).getByRole('option', { name: /In progress/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(detailCalls.map((call) => call.path)).toEqual([apiCase(EXPIRED_ID)]);
    expect(writes[0]!.body).toEqual({ status: 'NOT_DISPUTED', expectedStatus: 'IN_PROGRESS' });
    await waitFor(() => expect(activeCase()).toBe('CASE-1003'));
    expect(screen.getByRole('combobox', { name: 'Status of case CASE-1002' })).toHaveValue('NOT_DISPUTED');
  });

  it('closes the picker with Escape, changing nothing and keeping the row', async () => {
    const { user, writes } = renderQueue();
    const grid = await focusQueue();
    await user.keyboard('s');
    await screen.findByRole('dialog', { name: 'Change status' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Change status' })).not.toBeInTheDocument();
    expect(writes).toHaveLength(0);
    expect(activeCase()).toBe('CASE-1001');
    expect(grid).toHaveFocus();
    // The table's keys work again.
    await user.keyboard('j');
    expect(activeCase()).toBe('CASE-1002');
  });

  it('stays on the case when the change turns out outdated', async () => {
    const { user, cases, writes } = renderQueue();
    await focusQueue();
    cases.set(FRAUD_ID, { ...cases.get(FRAUD_ID)!, status: 'DONE' });
    await user.keyboard('s');
    await screen.findByRole('dialog', { name: 'Change status' });
    await user.keyboard('in pro{Enter}');
    const question = await screen.findByRole('dialog', { name: 'The status has changed' });
    await user.click(within(question).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status of case CASE-1001' })).toHaveValue('DONE'));
    expect(activeCase()).toBe('CASE-1001');
    expect(writes).toHaveLength(0);
  });

  it('f sets the fraud type where the reason has one', async () => {
    const { user, writes } = renderQueue();
    await focusQueue();
    await user.keyboard('f');
    const picker = await screen.findByRole('dialog', { name: 'Set fraud type' });
    await user.keyboard('proven{Enter}');
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toEqual({ fraudType: 'LEGITIMATE_PURCHASE_PROVEN_USE' });
    expect(picker).not.toBeInTheDocument();
    await waitFor(() => expect(activeCase()).toBe('CASE-1002'));
  });

  it('f says why when the case has no fraud type, or the user may not set it', async () => {
    const { user } = renderQueue();
    await focusQueue();
    await user.keyboard('jf');
    expect(await screen.findByRole('status')).toHaveTextContent('This case has no fraud type');
    expect(screen.queryByRole('dialog', { name: 'Set fraud type' })).not.toBeInTheDocument();
  });

  it('f tells a user without the fraud-type permission that they cannot change it', async () => {
    const { user, writes } = renderQueue({ permissions: SUPPORT });
    await focusQueue();
    await user.keyboard('f');
    const note = await screen.findByText("You can't change the fraud type");
    expect(note.closest('[role="status"]')).not.toBeNull();
    expect(writes).toHaveLength(0);
  });

  it('d opens the dispute document download for the active case', async () => {
    const { user } = renderQueue();
    await focusQueue();
    await user.keyboard('jd');
    const dialog = await screen.findByRole('dialog', { name: 'Download dispute document' });
    expect(within(dialog).getByRole('combobox', { name: /Template/ })).toHaveValue('NotAsDescribed');
  });

  it('Enter opens the active case', async () => {
    const { user, currentPath } = renderQueue();
    await focusQueue();
    await user.keyboard('jj{Enter}');
    await waitFor(() => expect(currentPath()).toBe(detailPath(OTHERS_ID)));
  });

  it('binds no triage key for a viewer', async () => {
    const { user, writes } = renderQueue({ permissions: VIEWER });
    await focusQueue();
    await user.keyboard('as');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writes).toHaveLength(0);
  });
});

describe('bulk changes on a selection', () => {
  it('s sets the status of every selected case, each with its own expected status, and reports the outdated ones', async () => {
    const { user, cases, writes, detailCalls } = renderQueue();
    await focusQueue();
    await user.keyboard('xjx');
    expect(screen.getByRole('checkbox', { name: 'Select Case CASE-1001' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Case CASE-1002' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Selected cases' })).toHaveTextContent('2 selected');
    // Another user closes the second case meanwhile.
    cases.set(EXPIRED_ID, { ...cases.get(EXPIRED_ID)!, status: 'REFUNDED' });

    await user.keyboard('s');
    const picker = await screen.findByRole('dialog', { name: 'Change status' });
    expect(picker).toHaveTextContent('2 selected cases');
    await user.keyboard('done{Enter}');

    await waitFor(() => expect(writes).toHaveLength(2));
    expect(detailCalls).toHaveLength(0);
    expect(writes.map((call) => [call.path, call.body])).toEqual([
      [apiCase(FRAUD_ID), { status: 'DONE', expectedStatus: 'TO_DO' }],
      [apiCase(EXPIRED_ID), { status: 'DONE', expectedStatus: 'IN_PROGRESS' }],
    ]);
    const report = await screen.findByText('Status Done: 1 of 2 cases updated');
    expect(report.closest('.toast')).toHaveTextContent('CASE-1002');
    expect(report.closest('.toast')).not.toHaveTextContent('CASE-1001');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Status of case CASE-1002' })).toHaveValue('REFUNDED'),
    );
    expect(screen.getByRole('combobox', { name: 'Status of case CASE-1001' })).toHaveValue('DONE');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Select Case CASE-1001' })).not.toBeChecked());
  });

  it('a assigns every selected case, deleting only assignments that exist for Unassigned', async () => {
    const { user, writes } = renderQueue();
    await focusQueue();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(screen.getByRole('button', { name: 'Assign agent…' }));
    const picker = await screen.findByRole('dialog', { name: 'Assign agent' });
    expect(picker).toHaveTextContent('3 selected cases');
    await user.click(within(picker).getByRole('option', { name: 'Unassigned' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes.map((call) => [call.method, call.path]).sort()).toEqual(
      [
        ['DELETE', `${apiCase(FRAUD_ID)}/agent/${ANA.id}`],
        ['DELETE', `${apiCase(OTHERS_ID)}/agent/OTHERS`],
      ].sort(),
    );
    expect(await screen.findByText('Agent Unassigned: 3 of 3 cases updated')).toBeInTheDocument();
  });
});

describe('triage commands', () => {
  it('lists every triage action in the palette', async () => {
    const { user, listCalls } = renderQueue();
    await focusQueue();
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    for (const [query, title] of [
      ['assign agent', /Assign agent/],
      ['change status', /Change status/],
      ['fraud type', /Set fraud type/],
      ['download dispute', /Download dispute document/],
      ['open case', /Open case/],
      ['select', /Select or unselect case/],
      ['hide expired', /Hide expired cases/],
    ] as const) {
      await user.keyboard(`{Control>}a{/Control}${query}`);
      expect(await within(palette).findByRole('option', { name: title })).toBeInTheDocument();
    }
    await user.click(within(palette).getByRole('option', { name: /Hide expired cases/ }));
    await waitFor(() => expect(lastList(listCalls).get('hideExpired')).toBe('true'));
    expect(lastList(listCalls).get('timeZone')).toBeTruthy();
  });

  it('runs Change status from the palette on the active row', async () => {
    const { user, writes } = renderQueue();
    await focusQueue();
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.keyboard('change status');
    await user.click(await within(palette).findByRole('option', { name: /Change status/ }));
    const picker = await screen.findByRole('dialog', { name: 'Change status' });
    await waitFor(() => expect(within(picker).getByRole('combobox')).toHaveFocus());
    await user.keyboard('done{Enter}');
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toEqual({ status: 'DONE', expectedStatus: 'TO_DO' });
  });

  it('lists the triage keys in the shortcuts sheet', async () => {
    const { user } = renderQueue();
    await focusQueue();
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const actions = within(sheet).getByRole('region', { name: 'Actions' });
    const keyOf = (title: string) =>
      within(actions)
        .getAllByRole('listitem')
        .find((row) => row.firstElementChild?.textContent === title)
        ?.querySelector('kbd')?.textContent;
    expect(keyOf('Assign agent')).toBe('A');
    expect(keyOf('Change status')).toBe('S');
    expect(keyOf('Set fraud type')).toBe('F');
    expect(keyOf('Download dispute document')).toBe('D');
    expect(within(sheet).getByRole('region', { name: 'Table' })).toHaveTextContent('Select row');
  });

  it('g then c opens the queue', async () => {
    const fake = chargebacksApi();
    const { user, currentPath } = renderApp({
      path: `/accounts/${ACCOUNT_ID}/userActivity`,
      session: { permissions: [...DISPUTE_AGENT, 'useractivity.read'] },
      server: fake.server,
    });
    await screen.findByRole('heading', { name: 'User activity', level: 1 });
    await user.keyboard('gc');
    await waitFor(() => expect(currentPath()).toBe(QUEUE_PATH));
  });

  it('sends the user-activity link shape to the case detail', async () => {
    const fake = chargebacksApi();
    const { currentPath } = renderApp({
      path: `/accounts/${ACCOUNT_ID}/chargeback/${FRAUD_ID}`,
      session: { permissions: DISPUTE_AGENT },
      server: fake.server,
    });
    await waitFor(() => expect(currentPath()).toBe(detailPath(FRAUD_ID)));
  });
});
