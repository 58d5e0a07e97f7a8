import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockTableLayout } from './activity-fixtures';
import { renderApp } from './app-harness';
import { detailPath, PAYMENT_ID, paymentDetail, READER, transactionsApi } from './transactions-fixtures';

// The transaction detail writes the codes the issuer and the shopper's browser report (card type, card segment, device
// type) as words: the spec gives no labels for them, so 'CREDIT' reads 'Credit', never the raw code.

function renderCard(card: { type: string | null; segment: string | null }, deviceType: string | null = 'DESKTOP') {
  const base = paymentDetail();
  const detail = paymentDetail({
    card: base.card ? { ...base.card, ...card } : null,
    shopper: base.shopper ? { ...base.shopper, browserInformation: { deviceType, browser: 'Firefox 133' } } : null,
  });
  const fake = transactionsApi({ details: { [PAYMENT_ID]: detail } });
  return renderApp({ path: detailPath(PAYMENT_ID), session: { permissions: READER }, server: fake.server });
}

/** A field of a section: its value (the dd after the label). */
function field(region: HTMLElement, label: string): HTMLElement {
  const term = within(region)
    .getAllByText(label)
    .find((element) => element.tagName === 'DT');
  if (!term?.nextElementSibling) throw new Error(`No field ${label}`);
  return term.nextElementSibling as HTMLElement;
}

beforeEach(() => {
  sessionStorage.clear();
  mockTableLayout();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the transaction detail's card codes", () => {
  it("shows the card type and segment as words: 'Credit', 'Consumer'", async () => {
    renderCard({ type: 'CREDIT', segment: 'CONSUMER' });
    const card = await screen.findByRole('region', { name: 'Card' });
    expect(field(card, 'Type')).toHaveTextContent(/^Credit$/);
    expect(field(card, 'Segment')).toHaveTextContent(/^Consumer$/);
    expect(card).not.toHaveTextContent('CREDIT');
    expect(card).not.toHaveTextContent('CONSUMER');
  });

  it('reads every code the demo issuers report, and one no one listed, the same way', async () => {
    renderCard({ type: 'DEFERRED_DEBIT', segment: 'CORPORATE' }, 'TABLET');
    const card = await screen.findByRole('region', { name: 'Card' });
    expect(field(card, 'Type')).toHaveTextContent(/^Deferred debit$/);
    expect(field(card, 'Segment')).toHaveTextContent(/^Corporate$/);
    expect(field(screen.getByRole('region', { name: 'Shopper' }), 'Device type')).toHaveTextContent(/^Tablet$/);
  });

  it('keeps a value already written in words, and a dash for none', async () => {
    renderCard({ type: 'Prepaid', segment: null }, null);
    const card = await screen.findByRole('region', { name: 'Card' });
    expect(field(card, 'Type')).toHaveTextContent(/^Prepaid$/);
    expect(field(card, 'Segment')).toHaveTextContent(/^—$/);
    expect(field(screen.getByRole('region', { name: 'Shopper' }), 'Device type')).toHaveTextContent(/^—$/);
  });
});
