import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './app-harness';
import { AGENT, chargebackDetail, chargebacksApi, DETAIL_PATH, preloadScreens } from './chargeback-detail-fixtures';

// The fraud types of the chargeback detail keep the spec's whole labels (spec 1, section 3; spec 3, section 4): the
// `f` picker offers each one whole, and the field's dropdown, cut to its column, holds its value whole in a tooltip.

const SPEC_FRAUD_TYPES = [
  'Fraud',
  'Product processing error',
  'Client contact',
  'Document or action needed',
  'Refund solicited form not received',
  'Legitimate purchase',
  'Legitimate purchase proven use',
];

function renderDetail() {
  const fake = chargebacksApi({ detail: chargebackDetail({ fraudType: 'REFUND_SOLICITED_FORM_NOT_RECEIVED' }) });
  return renderApp({ path: DETAIL_PATH, session: { permissions: AGENT }, server: fake.server });
}

beforeAll(preloadScreens, 20_000);

beforeEach(() => {
  sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the chargeback detail's fraud types", () => {
  it('shows the chosen fraud type in its dropdown with the whole label as its tooltip', async () => {
    renderDetail();
    const main = await screen.findByRole('region', { name: 'Case' });
    const trigger = within(main).getByRole('combobox', { name: 'Fraud type' });
    expect(trigger).toHaveDisplayValue('Refund solicited form not received');
    expect(trigger).toHaveAttribute('title', 'Refund solicited form not received');
  });

  it("offers every fraud type under the spec's whole label in the f picker", async () => {
    const { user } = renderDetail();
    await screen.findByRole('region', { name: 'Case' });
    await user.keyboard('f');
    const picker = await screen.findByRole('dialog', { name: 'Set fraud type' });
    await waitFor(() => expect(within(picker).getByRole('combobox')).toHaveFocus());
    // Each option is named by its whole label; the case's own fraud type is also marked current.
    const current = 'Refund solicited form not received';
    expect(within(picker).getAllByRole('option')).toHaveLength(SPEC_FRAUD_TYPES.length + 1);
    expect(within(picker).getByRole('option', { name: 'None' })).toBeVisible();
    for (const label of SPEC_FRAUD_TYPES.filter((label) => label !== current)) {
      expect(within(picker).getByRole('option', { name: label })).toBeVisible();
    }
    expect(
      within(picker).getByRole('option', { name: /^Refund solicited form not received\s*\(current\)$/ }),
    ).toBeVisible();
  });
});
