import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockTableLayout } from './activity-fixtures';
import { renderApp } from './app-harness';
import {
  ACTIVE,
  ACTIVE_ID,
  CANCELLED_ID,
  cyclesOf,
  detailOf,
  detailPath,
  LIST_PATH,
  MANAGER,
  OVERVIEW_PATH,
  PAUSED,
  PAUSED_ID,
  type SubscriptionsApiOptions,
  subscriptionsApi,
  VIEWER,
} from './subscriptions-fixtures';

// The subscription detail and the overview (spec 3, section 2.10) against the fake API: headings, sections, the
// cancellation, the paged history and its retry modal, the buttons by status made from the `p` `u` `c` commands, and
// the overview's dropdowns and KPI boxes.

function renderAt(
  path: string,
  { permissions = MANAGER, ...api }: { permissions?: string[] } & SubscriptionsApiOptions = {},
) {
  const fake = subscriptionsApi(api);
  const app = renderApp({ path, session: { permissions }, server: fake.server });
  return { ...app, ...fake };
}

const headerButtons = () =>
  within(document.querySelector<HTMLElement>('.page-header__actions') ?? document.createElement('div'))
    .queryAllByRole('button')
    .map((button) => button.textContent);

beforeEach(() => {
  sessionStorage.clear();
  mockTableLayout();
  HTMLElement.prototype.scrollTo = () => undefined;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('subscription detail', () => {
  it('shows the header, back link, sections and Pause and Cancel for an active subscription', async () => {
    renderAt(detailPath(ACTIVE_ID));
    expect(await screen.findByRole('heading', { name: 'Subscription Detail', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Subscriptions' })).toHaveAttribute(
      'href',
      expect.stringContaining(LIST_PATH),
    );
    const information = await screen.findByRole('region', { name: 'Subscription information' });
    expect(within(information).getByText('Gold monthly')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'History' })).toBeInTheDocument();
    expect(headerButtons()).toEqual(['Pause', 'Cancel']);
  });

  it('shows Resume and Cancel for a paused one', async () => {
    renderAt(detailPath(PAUSED_ID));
    await screen.findByRole('region', { name: 'Subscription information' });
    await waitFor(() => expect(headerButtons()).toEqual(['Resume', 'Cancel']));
  });

  it('shows a fulfilled subscription as active, with no actions', async () => {
    renderAt(detailPath(ACTIVE_ID), { details: { [ACTIVE_ID]: detailOf({ ...ACTIVE, status: 'FULFILLED' }) } });
    const information = await screen.findByRole('region', { name: 'Subscription information' });
    expect(within(information).getByText('Active')).toHaveClass('badge--success');
    expect(headerButtons()).toEqual([]);
  });

  it('shows the cancellation reason as Manual Backoffice with its details, and the date', async () => {
    const cancelled = detailOf(
      { ...ACTIVE, subscriptionId: CANCELLED_ID, status: 'CANCELLED' },
      {
        cancellation: {
          cancellationReason: 'BACKOFFICE_API',
          cancellationReasonDetails: 'High prices',
          cancelledAt: '2025-03-07T11:00:00.000Z',
        },
      },
    );
    renderAt(detailPath(CANCELLED_ID), { details: { [CANCELLED_ID]: cancelled } });
    const information = await screen.findByRole('region', { name: 'Subscription information' });
    expect(within(information).getByText(/Manual Backoffice/)).toHaveTextContent('Manual Backoffice - High prices');
    expect(within(information).getByText('Cancellation date')).toBeInTheDocument();
    expect(headerButtons()).toEqual([]);
  });

  it('pages the history 5 cycles at a time, newest first, and hides retrievals in the retry modal', async () => {
    const { user } = renderAt(detailPath(ACTIVE_ID), {
      details: { [ACTIVE_ID]: detailOf({ ...ACTIVE, cycle: 7 }, { cycles: cyclesOf(7) }) },
    });
    const history = await screen.findByRole('region', { name: 'History' });
    const cycles = () =>
      within(within(history).getByRole('table', { name: 'Cycles' }))
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    expect(cycles()).toEqual(['Cycle 7', 'Cycle 6', 'Cycle 5', 'Cycle 4', 'Cycle 3']);
    await user.click(within(history).getByRole('button', { name: 'Next' }));
    expect(cycles()).toEqual(['Cycle 2', 'Cycle 1']);

    await user.click(within(history).getByRole('button', { name: 'Attempts (2) of cycle 2' }));
    const modal = await screen.findByRole('dialog', { name: 'Cycle 2 attempts' });
    const rows = within(modal).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(modal).queryByText('Retrieval')).not.toBeInTheDocument();
  });

  it('says there are no sequences without cycles', async () => {
    renderAt(detailPath(ACTIVE_ID), { details: { [ACTIVE_ID]: detailOf(ACTIVE, { cycles: [] }) } });
    expect(await screen.findByText('There are no sequences for this Subscription')).toBeInTheDocument();
  });

  it('resumes from the Resume button through the one modal, then reloads the subscription', async () => {
    const { user, patchCalls, detailCalls } = renderAt(detailPath(PAUSED_ID));
    await screen.findByRole('region', { name: 'Subscription information' });
    await user.click(await screen.findByRole('button', { name: 'Resume' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resume subscription' });
    const before = detailCalls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Resume subscription' }));
    await waitFor(() => expect(patchCalls).toHaveLength(1));
    expect(patchCalls[0]!.body).toEqual({ action: 'RESUME', version: PAUSED.version });
    await waitFor(() => expect(detailCalls.length).toBeGreaterThan(before));
  });

  it('offers no action buttons to a viewer', async () => {
    renderAt(detailPath(ACTIVE_ID), { permissions: VIEWER });
    await screen.findByRole('region', { name: 'Subscription information' });
    expect(headerButtons()).toEqual([]);
  });
});

describe('subscriptions overview', () => {
  it('shows the plan and currency dropdowns and the three KPI boxes with their exports', async () => {
    const { user, kpiCalls, exportCalls } = renderAt(OVERVIEW_PATH);
    expect(await screen.findByRole('region', { name: 'Active' })).toHaveTextContent('42');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    const plan = screen.getByRole('combobox', { name: 'Plan' });
    expect(within(plan).getByRole('option', { selected: true })).toHaveTextContent('Select Plan');
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR');
    expect(kpiCalls[0]!.search.get('currency')).toBe('EUR');
    expect(kpiCalls[0]!.search.get('planId')).toBeNull();

    const cancelled = screen.getByRole('region', { name: 'Cancelled' });
    expect(cancelled).toHaveTextContent('Churn Rate');
    expect(within(cancelled).getByRole('button', { name: 'About Churn Rate' })).toBeInTheDocument();
    const reasons = screen.getByRole('region', { name: 'Cancellation reasons' });
    expect(reasons).toHaveTextContent('Manual Backoffice4');

    await user.click(within(cancelled).getByRole('button', { name: 'Export subscriptions' }));
    await waitFor(() => expect(exportCalls).toHaveLength(1));
    expect(exportCalls[0]!.search.getAll('status[]')).toEqual(['CANCELLED']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'USD');
    await waitFor(() => expect(kpiCalls.at(-1)!.search.get('currency')).toBe('USD'));
  });
});
