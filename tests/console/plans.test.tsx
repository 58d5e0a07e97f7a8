import type { PlanDetail } from '@domain/contract/plans';
import { PLAN_MESSAGES } from '@domain/plans';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_ID, json, renderApp, type ServerCall } from './app-harness';
import { accountFixture, CONFIG_MERCHANT_ID, merchantFixture } from './configuration-fixtures';
import { giveTablesAHeight } from './table-viewport';

// Plans in the console (issue 24; spec 3, sections 2.11, 4 and 5): the list's columns, the detail, and the plan
// form: sections, currency operations, the messages, the first section with an error opening, the saving pattern.

const MERCHANT_ID = CONFIG_MERCHANT_ID;
const PLAN_ID = 'e0000000-0000-4000-8000-000000000001';
const BASE = `/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/plans`;
const EVERYTHING = ['merchant.read', 'plan.read', 'plan.select', 'plan.create', 'plan.update'];

const PLAN: PlanDetail = {
  planId: PLAN_ID,
  merchantId: MERCHANT_ID,
  description: 'Premium monthly plan',
  basicSettings: {
    timeCycle: 'MONTHLY',
    customTime: null,
    unitCharging: 'DAY',
    chargingTimeMode: 'CUSTOM',
    timeCharging: '21:00',
    customCharging: '9:00 PM',
    cycle: { time: 1, unit: 'MONTH' },
  },
  amountSettings: {
    base: 'EUR',
    currencies: {
      EUR: { amount: '9.99', isDynamic: false, type: 'FIXED' },
      USD: { amount: null, isDynamic: true, type: 'DYNAMIC' },
      GBP: { amount: '8.5', isDynamic: false, type: 'FIXED' },
    },
    defaultCurrencies: ['EUR', 'USD', 'GBP'],
  },
  trialSettings: null,
  retrySettings: {
    enabled: true,
    timePeriod: 3,
    amount: null,
    sequence: [
      { type: 'RENEWAL', time: 1, unit: 'DAY' },
      { type: 'RENEWAL', time: 3, unit: 'DAY' },
    ],
  },
  cancellationSettings: { enabled: true, chargebackAmount: 1 },
  createdDate: '2026-10-01T10:00:00.000Z',
  modifiedDate: '2026-11-20T10:15:00.000Z',
  version: 4,
};

function renderPlans(path: string, answer?: (call: ServerCall) => Response | undefined, permissions = EVERYTHING) {
  return renderApp({
    path,
    session: { permissions },
    server: (call) => {
      const answered = answer?.(call);
      if (answered) return answered;
      if (call.path === `/account/${ACCOUNT_ID}`) return json(200, accountFixture());
      if (call.path === `/account/${ACCOUNT_ID}/merchant/${MERCHANT_ID}`) return json(200, merchantFixture());
      if (call.path === `/merchant/${MERCHANT_ID}/plan` && call.method === 'GET') {
        return json(200, { count: 1, total: 1, items: [PLAN] });
      }
      if (call.path === `/merchant/${MERCHANT_ID}/plan/${PLAN_ID}` && call.method === 'GET') return json(200, PLAN);
      return undefined;
    },
  });
}

beforeEach(giveTablesAHeight);
afterEach(() => vi.restoreAllMocks());

const writes = (calls: ServerCall[]) => calls.filter((call) => call.method !== 'GET');

describe('the plans list and detail', () => {
  it('shows Plan, Plan ID, Billing cycle and Amount with Leading, Dynamic and +N, newest change first', async () => {
    const { calls } = renderPlans(BASE);
    const grid = await screen.findByRole('grid', { name: 'Plans' });
    const row = await within(grid).findByRole('row', { name: /Premium monthly plan/ });
    expect(row).toHaveTextContent('Monthly - 2 retries');
    expect(row).toHaveTextContent('9,99 EURLeading');
    expect(row).toHaveTextContent('Dynamic USD');
    expect(within(row).getByRole('img', { name: '1 more: 8,50 GBP' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === `/merchant/${MERCHANT_ID}/plan`)?.search.get('order')).toBe(
      '-modifiedDate',
    );
    expect(screen.getByRole('button', { name: 'New Plan' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Plans', selected: true })).toBeInTheDocument();
  });

  it('takes a typed query in its search box: changed sets the Last changes filter, the rest stays the search', async () => {
    const { user, calls } = renderPlans(BASE);
    await within(await screen.findByRole('grid', { name: 'Plans' })).findByRole('row', {
      name: /Premium monthly plan/,
    });
    const box = screen.getByRole('combobox', { name: 'Search Plans' });
    await user.type(box, 'changed:2026-11-01..2026-11-15 premium{Enter}');
    const lists = () => calls.filter((call) => call.path === `/merchant/${MERCHANT_ID}/plan`);
    await waitFor(() => expect(lists().at(-1)!.search.get('search')).toBe('premium'));
    // The start of the first day and the end of the last, in the browser's zone, as the filter sends them.
    const sent = (name: string) => new Date(lists().at(-1)!.search.get(name)!).getTime();
    expect(sent('modifiedDateFrom')).toBe(new Date(2026, 10, 1).getTime());
    expect(sent('modifiedDateTo')).toBe(new Date(2026, 10, 15, 23, 59, 59, 999).getTime());
  });

  it('shows the detail with its sections and an Edit icon button for editors only', async () => {
    renderPlans(`${BASE}/detail/${PLAN_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Plan Detail' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to plans' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Charging cycle and time' })).toHaveTextContent(
      '9:00 PM (UTC +00:00)',
    );
    expect(screen.getByRole('region', { name: 'Retry sequence' })).toHaveTextContent('Renewal after 3 days');
    expect(screen.getByRole('button', { name: 'Edit plan' })).toBeInTheDocument();
  });

  it('n opens New Plan from the list', async () => {
    const { user, currentPath } = renderPlans(BASE);
    await within(await screen.findByRole('grid', { name: 'Plans' })).findByRole('row', {
      name: /Premium monthly plan/,
    });
    await user.keyboard('n');
    await waitFor(() => expect(currentPath()).toBe(`${BASE}/new`));
    expect(await screen.findByRole('heading', { level: 1, name: 'New Plan' })).toBeInTheDocument();
  });

  it('e on the detail opens Edit Plan', async () => {
    const { user, currentPath } = renderPlans(`${BASE}/detail/${PLAN_ID}`);
    await screen.findByRole('region', { name: 'Retry sequence' });
    await user.keyboard('e');
    await waitFor(() => expect(currentPath()).toBe(`${BASE}/edit/${PLAN_ID}`));
  });

  it('offers a viewer no New Plan and no Edit', async () => {
    renderPlans(`${BASE}/detail/${PLAN_ID}`, undefined, ['merchant.read', 'plan.read', 'plan.select']);
    await screen.findByRole('region', { name: 'Retry sequence' });
    expect(screen.queryByRole('button', { name: 'Edit plan' })).not.toBeInTheDocument();
  });
});

describe('the plan form', () => {
  it('refuses an empty plan: the messages, the section flags, and nothing sent', async () => {
    const { user, calls } = renderPlans(`${BASE}/new`);
    expect(await screen.findByRole('heading', { level: 1, name: 'New Plan' })).toBeInTheDocument();
    expect(screen.getByText('Fill out the form below')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add retry sequence' }));
    const retry = screen.getByRole('region', { name: 'Retry sequence' });
    await user.click(within(retry).getByRole('button', { name: 'Delete retry 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Form not validated')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription('Required field');
    expect(screen.getByText(PLAN_MESSAGES.atLeastOneCurrency)).toBeInTheDocument();
    expect(within(retry).getByText(PLAN_MESSAGES.atLeastOneRetry)).toBeInTheDocument();
    const amount = screen.getByRole('region', { name: 'Amount and currency' });
    expect(within(amount).getByText(PLAN_MESSAGES.sectionErrors)).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('opens the first section with an error on save', async () => {
    const { user } = renderPlans(`${BASE}/new`);
    await screen.findByRole('heading', { level: 1, name: 'New Plan' });
    const amount = screen.getByRole('region', { name: 'Amount and currency' });
    const toggle = within(amount).getByRole('button', { name: 'Amount and currency' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Gold');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'true'));
  });

  it('creates a plan with EUR leading, USD dynamic, a trial and two retries, sending dots', async () => {
    const { user, calls, currentPath } = renderPlans(`${BASE}/new`, (call) =>
      call.method === 'POST' ? json(201, { planId: PLAN_ID, version: 1 }) : undefined,
    );
    await screen.findByRole('heading', { level: 1, name: 'New Plan' });
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Gold monthly');
    await user.click(screen.getByRole('checkbox', { name: /EUR/ }));
    await user.click(screen.getByRole('checkbox', { name: /USD/ }));
    // Letters and a third decimal are ignored as typed.
    await user.type(screen.getByRole('textbox', { name: 'Amount EUR' }), '1a2,345');
    expect(screen.getByRole('textbox', { name: 'Amount EUR' })).toHaveValue('12,34');
    await user.click(screen.getByRole('button', { name: 'Set as leading' }));
    // USD had no amount: it became dynamic.
    expect(screen.getByRole('switch', { name: 'Dynamic USD' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Add trial period' }));
    await user.type(screen.getByRole('textbox', { name: /^Trial period/ }), '7');
    await user.type(screen.getByRole('textbox', { name: /^Trial amount EUR/ }), '0,99');
    await user.click(screen.getByRole('button', { name: 'Add retry sequence' }));
    await user.click(screen.getByRole('button', { name: 'Add retry' }));
    await user.type(screen.getByRole('textbox', { name: /^Retry 1 after/ }), '1');
    await user.type(screen.getByRole('textbox', { name: /^Retry 2 after/ }), '3');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Retry 2 type/ }), 'MAINTENANCE');
    await user.type(screen.getByRole('textbox', { name: /^Interval of successful payments/ }), '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: /^Maintenance amount/ })).toHaveAccessibleDescription('Required field');
    await user.type(screen.getByRole('textbox', { name: /^Maintenance amount/ }), '1,5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toBe(BASE));
    const [post] = writes(calls);
    expect(post?.body).toMatchObject({
      description: 'Gold monthly',
      amountSettings: {
        base: 'EUR',
        currencies: {
          EUR: { amount: '12.34', isDynamic: false, type: 'FIXED' },
          USD: { amount: null, isDynamic: true, type: 'DYNAMIC' },
        },
      },
      trialSettings: { timePeriod: 7, amountSettings: { base: 'EUR', currencies: { EUR: { amount: '0.99' } } } },
      retrySettings: {
        timePeriod: 2,
        amount: '1.5',
        sequence: [
          { type: 'RENEWAL', time: 1, unit: 'DAY' },
          { type: 'MAINTENANCE', time: 3, unit: 'DAY' },
        ],
      },
    });
  });

  it('asks before Clear All, then removes the leading currency; the Select all adds every currency', async () => {
    const { user } = renderPlans(`${BASE}/new`);
    await screen.findByRole('heading', { level: 1, name: 'New Plan' });
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    expect(screen.getByRole('checkbox', { name: /CHF/ })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'Amount EUR' }), '5');
    await user.click(screen.getByRole('button', { name: 'Set as leading' }));
    expect(screen.getByRole('button', { name: 'Remove leading' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear All' });
    expect(dialog).toHaveTextContent(PLAN_MESSAGES.clearAllConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: /CHF/ })).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: /EUR/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /USD/ })).toBeChecked();
  });

  it('edits with the basic settings disabled, says without-changes, and asks before discarding changes', async () => {
    const { user, calls } = renderPlans(`${BASE}/edit/${PLAN_ID}`);
    await screen.findByRole('textbox', { name: /^Name/ });
    expect(screen.getByText(PLAN_MESSAGES.inUse)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Charging cycle/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /^Time \(UTC \+00:00\)/ })).toHaveDisplayValue('9:00 PM');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("You haven't made any changes")).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /^Name/ }));
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to cancel? Your changes will be lost.',
    });
    expect(within(dialog).getByRole('button', { name: 'Continue editing' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Discard changes' })).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('sends the version it was opened on', async () => {
    const { user, calls } = renderPlans(`${BASE}/edit/${PLAN_ID}`, (call) =>
      call.method === 'PUT' ? json(200, { ...PLAN, version: 5 }) : undefined,
    );
    await screen.findByRole('textbox', { name: /^Name/ });
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), ' v2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toMatchObject({ description: 'Premium monthly plan v2', version: 4 });
  });
});
