import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockTableLayout } from './activity-fixtures';
import { json, renderApp } from './app-harness';
import {
  ANA,
  apiCase,
  BEN,
  chargebacksApi,
  DISPUTE_AGENT,
  EXPIRED_ID,
  FRAUD_ID,
  OTHERS_ID,
  outdatedAnswer,
  preloadQueueModules,
  QUEUE_PATH,
} from './chargebacks-fixtures';

// Status, agent and fraud type from the queue's dropdowns (spec 3, section 4): the status is re-read before it is
// changed and sent with the status the console showed; an outdated case asks 'outdated-local-status' and refreshes
// instead of changing; Unassigned deletes the assignment; failures show their message.

function renderQueue(api: Parameters<typeof chargebacksApi>[0] = {}) {
  const fake = chargebacksApi(api);
  const app = renderApp({ path: QUEUE_PATH, session: { permissions: DISPUTE_AGENT }, server: fake.server });
  return { ...app, ...fake };
}

const statusOf = (caseId: string) => screen.getByRole('combobox', { name: `Status of case ${caseId}` });
const agentOf = (caseId: string) => screen.getByRole('combobox', { name: `Agent of case ${caseId}` });
const writesTo = (writes: { method: string; path: string }[], method: string) =>
  writes.filter((call) => call.method === method);

function deferred() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release };
}

beforeAll(preloadQueueModules, 20_000);

beforeEach(() => {
  sessionStorage.clear();
  mockTableLayout();
  HTMLElement.prototype.scrollTo = () => undefined;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('status change', () => {
  it('re-reads the case, sends the shown status as expectedStatus and stays disabled while saving', async () => {
    const held = deferred();
    const fake = chargebacksApi();
    const app = renderApp({
      path: QUEUE_PATH,
      session: { permissions: DISPUTE_AGENT },
      server: (call) => {
        const answer = fake.server(call);
        // The write is recorded (and applied) at once; its answer waits until the test releases it.
        if (call.method === 'PATCH' && answer) return held.gate.then(() => answer);
        return answer;
      },
    });
    // The first screen of a file loads its lazy modules; give it time.
    await screen.findByText('CASE-1001');

    await app.user.selectOptions(statusOf('CASE-1001'), 'Done');
    await waitFor(() => expect(writesTo(fake.writes, 'PATCH')).toHaveLength(1));
    expect(fake.detailCalls.map((call) => call.path)).toEqual([apiCase(FRAUD_ID)]);
    expect(fake.writes[0]!.path).toBe(apiCase(FRAUD_ID));
    expect(fake.writes[0]!.body).toEqual({ status: 'DONE', expectedStatus: 'TO_DO' });
    expect(statusOf('CASE-1001')).toBeDisabled();
    expect(statusOf('CASE-1001')).toHaveValue('DONE');
    // Other cases stay workable meanwhile.
    expect(statusOf('CASE-1002')).toBeEnabled();

    held.release();
    await waitFor(() => expect(statusOf('CASE-1001')).toBeEnabled());
    expect(statusOf('CASE-1001')).toHaveValue('DONE');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks outdated-local-status when the re-read finds another status; Update shows it and changes nothing', async () => {
    const { user, cases, writes, listCalls } = renderQueue();
    await screen.findByText('CASE-1001');
    // Another user sets the case to Done while this console still shows To do.
    cases.set(FRAUD_ID, { ...cases.get(FRAUD_ID)!, status: 'DONE' });

    await user.selectOptions(statusOf('CASE-1001'), 'In progress');
    const dialog = await screen.findByRole('dialog', { name: 'The status has changed' });
    expect(dialog).toHaveTextContent('Another user changed this case');
    expect(writesTo(writes, 'PATCH')).toHaveLength(0);

    const lists = listCalls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(statusOf('CASE-1001')).toHaveValue('DONE'));
    await waitFor(() => expect(listCalls.length).toBeGreaterThan(lists));
    expect(writesTo(writes, 'PATCH')).toHaveLength(0);
  });

  it('closes the question on Cancel and leaves the case as shown', async () => {
    const { user, cases, writes } = renderQueue();
    await screen.findByText('CASE-1001');
    cases.set(FRAUD_ID, { ...cases.get(FRAUD_ID)!, status: 'DONE' });

    await user.selectOptions(statusOf('CASE-1001'), 'In progress');
    const dialog = await screen.findByRole('dialog', { name: 'The status has changed' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(statusOf('CASE-1001')).toHaveValue('TO_DO');
    expect(statusOf('CASE-1001')).toBeEnabled();
    expect(writesTo(writes, 'PATCH')).toHaveLength(0);
  });

  it('asks the same question when the server refuses the change with 409', async () => {
    const { user, writes } = renderQueue({
      writeAnswer: (call) => (call.method === 'PATCH' ? outdatedAnswer() : undefined),
    });
    await screen.findByText('CASE-1001');
    await user.selectOptions(statusOf('CASE-1001'), 'Done');
    const dialog = await screen.findByRole('dialog', { name: 'The status has changed' });
    expect(writesTo(writes, 'PATCH')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(statusOf('CASE-1001')).toHaveValue('TO_DO');
  });

  it('says Update status failed when the change fails', async () => {
    const { user } = renderQueue({
      writeAnswer: (call) =>
        call.method === 'PATCH' ? json(500, { statusCode: 500, error: 'server-error', message: 'Down' }) : undefined,
    });
    await screen.findByText('CASE-1001');
    await user.selectOptions(statusOf('CASE-1001'), 'Done');
    expect(await screen.findByRole('alert')).toHaveTextContent('Update status failed');
    expect(statusOf('CASE-1001')).toHaveValue('TO_DO');
    expect(statusOf('CASE-1001')).toBeEnabled();
  });
});

describe('agent and fraud type', () => {
  it('deletes the assignment for Unassigned, naming the agent it removes', async () => {
    const { user, writes } = renderQueue();
    await screen.findByText('CASE-1001');
    await user.selectOptions(agentOf('CASE-1001'), 'Unassigned');
    await waitFor(() => expect(agentOf('CASE-1001')).toHaveValue('UNASSIGNED'));
    expect(writes.map((call) => [call.method, call.path])).toEqual([
      ['DELETE', `${apiCase(FRAUD_ID)}/agent/${ANA.id}`],
    ]);
  });

  it('assigns an agent or Others with POST', async () => {
    const { user, writes } = renderQueue();
    await screen.findByText('CASE-1001');
    await user.selectOptions(agentOf('CASE-1002'), 'Ben Ode');
    await waitFor(() => expect(agentOf('CASE-1002')).toHaveValue(BEN.id));
    await user.selectOptions(agentOf('CASE-1001'), 'Others');
    await waitFor(() => expect(agentOf('CASE-1001')).toHaveValue('OTHERS'));
    expect(writes.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', `${apiCase(EXPIRED_ID)}/agent`, { agentId: BEN.id }],
      ['POST', `${apiCase(FRAUD_ID)}/agent`, { agentId: 'OTHERS' }],
    ]);
  });

  it('asks outdated-local-status when the assignment it would delete is no longer there', async () => {
    const { user, cases, writes } = renderQueue();
    await screen.findByText('CASE-1003');
    // Somebody reassigned the case from Others to Ben meanwhile.
    cases.set(OTHERS_ID, { ...cases.get(OTHERS_ID)!, agent: { id: BEN.id, name: BEN.name } });
    await user.selectOptions(agentOf('CASE-1003'), 'Unassigned');
    const dialog = await screen.findByRole('dialog', { name: 'The status has changed' });
    expect(writes.map((call) => call.path)).toEqual([`${apiCase(OTHERS_ID)}/agent/OTHERS`]);
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(agentOf('CASE-1003')).toHaveValue(BEN.id));
  });

  it('sets and clears the fraud type through its own PATCH', async () => {
    const { user, writes } = renderQueue();
    await screen.findByText('CASE-1001');
    const fraudType = screen.getByRole('combobox', { name: 'Fraud type of case CASE-1001' });
    await user.selectOptions(fraudType, 'Legitimate purchase');
    await waitFor(() => expect(fraudType).toHaveValue('LEGITIMATE_PURCHASE'));
    await waitFor(() => expect(fraudType).toBeEnabled());
    await user.selectOptions(fraudType, '-');
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes.map((call) => [call.method, call.body])).toEqual([
      ['PATCH', { fraudType: 'LEGITIMATE_PURCHASE' }],
      ['PATCH', { fraudType: null }],
    ]);
    await waitFor(() => expect(fraudType).toHaveValue(''));
  });
});
