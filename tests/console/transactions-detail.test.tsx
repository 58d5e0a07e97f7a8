import { formatDateTime } from '@domain/format';
import { PERMISSIONS as P } from '@domain/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockTableLayout } from './activity-fixtures';
import { ACCOUNT_ID, renderApp } from './app-harness';
import {
  detailPath,
  LIST_PATH,
  MERCHANT_ID,
  MERCHANT_LIST_PATH,
  MID_ID,
  PARENT_ID,
  PAYMENT,
  PAYMENT_ID,
  paymentDetail,
  READER,
  REFUND_ID,
  ROUTE_ID,
  transactionsApi,
} from './transactions-fixtures';

// The transaction detail (spec 3, section 2.2): every section with the spec's money, date and risk-score formats,
// the history linking to related transactions, the payment boxes, and both levels.

function renderDetail({
  path = detailPath(PAYMENT_ID),
  permissions = READER,
  ...api
}: { path?: string; permissions?: string[] } & Parameters<typeof transactionsApi>[0] = {}) {
  const fake = transactionsApi(api);
  const app = renderApp({ path, session: { permissions }, server: fake.server });
  return { ...app, ...fake };
}

const section = (name: string) => screen.getByRole('region', { name });
/** A field of a section: its value (the dd after the label). */
function field(region: HTMLElement, label: string): HTMLElement {
  const term = within(region)
    .getAllByText(label)
    .find((element) => element.tagName === 'DT');
  if (!term?.nextElementSibling) throw new Error(`No field ${label}`);
  return term.nextElementSibling as HTMLElement;
}

async function loaded() {
  return screen.findByRole('region', { name: 'Main information' });
}

beforeEach(() => {
  sessionStorage.clear();
  mockTableLayout();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('transaction detail', () => {
  it('shows the header, the back link and every section of a payment, in order', async () => {
    renderDetail();
    await loaded();
    expect(screen.getByRole('heading', { name: 'Transaction Detail', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to transactions' })).toHaveAttribute('href', LIST_PATH);
    expect(
      screen
        .getAllByRole('region')
        .filter((region) => region.classList.contains('detail-section'))
        .map((region) => region.getAttribute('aria-labelledby'))
        .map((id) => document.getElementById(id ?? '')?.textContent),
    ).toEqual([
      'Main information',
      'Provider',
      'Card',
      'Authorization info',
      'Shopper',
      'Route and merchant MID',
      'Order',
      'Fraud score',
      'Risk alert',
      'Recurrence',
      'Transaction history',
    ]);
    // The transactions side-bar entry stays highlighted on its detail.
    expect(screen.getByRole('link', { name: /^Transactions/ })).toHaveAttribute('aria-current', 'page');
  });

  it('writes money and dates in the spec formats', async () => {
    renderDetail();
    const main = await loaded();
    expect(field(main, 'Amount')).toHaveTextContent('1.234,50 EUR');
    expect(field(main, 'Creation date')).toHaveTextContent(formatDateTime(PAYMENT.creationDate, { seconds: true }));
    expect(formatDateTime(PAYMENT.creationDate, { seconds: true })).toMatch(/^05 Mar 2025, \d{2}:\d{2}:30$/);
    expect(within(field(main, 'Status')).getByText('Success')).toHaveClass('badge--success');
    expect(field(main, 'Type')).toHaveTextContent('Payment');
    expect(field(main, 'Fallback')).toHaveTextContent('No');
    expect(within(main).queryByText('Refund reason')).not.toBeInTheDocument();
  });

  it('shows the provider, card, authorization, shopper, route and order data', async () => {
    renderDetail();
    await loaded();
    const provider = section('Provider');
    expect(field(provider, 'Provider')).toHaveTextContent('Adyen');
    expect(field(provider, 'Solution')).toHaveTextContent('Adyen Cards');
    expect(field(provider, 'Provider transaction ID')).toHaveTextContent('psp-77');

    const card = section('Card');
    expect(field(card, 'Brand')).toHaveTextContent('Visa');
    expect(field(card, 'Country')).toHaveTextContent('Spain (ES)');
    expect(field(card, 'Number')).toHaveTextContent('411111******1111');
    expect(field(card, 'Expiry date')).toHaveTextContent('12/27');
    expect(field(card, '3-D Secure sent')).toHaveTextContent('Yes');
    expect(field(card, '3-D Secure version')).toHaveTextContent('2.2.0');
    expect(field(card, 'Bank')).toHaveTextContent('Banco Uno');

    const authorization = section('Authorization info');
    expect(field(authorization, 'ECI')).toHaveTextContent('05');
    expect(field(authorization, 'ECI description')).toHaveTextContent('Fully authenticated');
    expect(field(authorization, 'Authorization ID')).toHaveTextContent('AUTH-9');

    const shopper = section('Shopper');
    expect(within(field(shopper, 'E-mail')).getByRole('link', { name: 'shopper@example.com' })).toHaveAttribute(
      'href',
      'mailto:shopper@example.com',
    );
    expect(field(shopper, 'IP')).toHaveTextContent('203.0.113.7');
    expect(field(shopper, 'Browser')).toHaveTextContent('Firefox');

    const route = section('Route and merchant MID');
    expect(field(route, 'Route')).toHaveTextContent('Main EUR route');
    expect(field(route, 'Route ID')).toHaveTextContent(ROUTE_ID);
    expect(field(route, 'MID')).toHaveTextContent('Adyen ES main');
    expect(field(route, 'MID ID')).toHaveTextContent(MID_ID);
    expect(field(route, 'Merchant')).toHaveTextContent('Shop One');

    const order = section('Order');
    expect(field(order, 'Reference order ID')).toHaveTextContent('ORD-1001');
    expect(field(order, 'Concept')).toHaveTextContent('Winter jacket');
  });

  it('shows the fraud score as value times 100 with its band', async () => {
    renderDetail({ details: { [PAYMENT_ID]: paymentDetail({ siftData: { riskScore: 0.29 } }) } });
    await loaded();
    const fraud = section('Fraud score');
    // 0.29 * 100 is 28.999999999999996 in floating point; the shown score is still 29.
    expect(within(fraud).getByText('29')).toBeInTheDocument();
    expect(within(fraud).getByText('Low')).toHaveClass('badge--success');
    expect(field(fraud, 'Risk level')).toHaveTextContent('No fraud signals');
  });

  it('shows the bands at their edges', async () => {
    renderDetail({ details: { [PAYMENT_ID]: paymentDetail({ siftData: { riskScore: 0.915 } }) } });
    await loaded();
    expect(within(section('Fraud score')).getByText('91')).toBeInTheDocument();
    expect(within(section('Fraud score')).getByText('Critical')).toBeInTheDocument();
  });

  it("shows the payment's risk alert and recurrence boxes", async () => {
    renderDetail();
    await loaded();
    const alert = section('Risk alert');
    expect(field(alert, 'Type')).toHaveTextContent('RDR');
    expect(within(field(alert, 'Status')).getByText('Cannot refund')).toHaveClass('badge--error');
    expect(field(alert, 'CAID')).toHaveTextContent('CAID-42');

    const recurrence = section('Recurrence');
    expect(within(recurrence).getByRole('link', { name: PARENT_ID })).toHaveAttribute('href', detailPath(PARENT_ID));
    expect(field(recurrence, 'Category')).toHaveTextContent('Renewal');
  });

  it('says so when a payment has no risk alert', async () => {
    renderDetail({ details: { [PAYMENT_ID]: paymentDetail({ alert: null }) } });
    await loaded();
    expect(within(section('Risk alert')).getByText('No risk alert was received for this payment.')).toBeVisible();
  });

  it('lists the history, linking every related transaction but this one', async () => {
    renderDetail();
    await loaded();
    const history = within(section('Transaction history')).getByRole('table', { name: 'Transaction history' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('link', { name: PARENT_ID })).toHaveAttribute('href', detailPath(PARENT_ID));
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(within(rows[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Partial refund');
    expect(rows[2]).toHaveTextContent('234,50 EUR');
    expect(rows[2]).toHaveTextContent(formatDateTime('2025-03-06T11:00:00.000Z', { seconds: true }));
    expect(within(rows[2]!).getByRole('link', { name: REFUND_ID })).toHaveAttribute('href', detailPath(REFUND_ID));
  });

  it('opens a related transaction from the history', async () => {
    const { user, currentPath } = renderDetail();
    await loaded();
    await user.click(screen.getByRole('link', { name: REFUND_ID }));
    await waitFor(() => expect(currentPath()).toBe(detailPath(REFUND_ID)));
    const main = await screen.findByRole('region', { name: 'Main information' });
    await waitFor(() => expect(field(main, 'Type')).toHaveTextContent('Partial refund'));
  });

  it('shows a refund with its reason and error, and without the payment boxes', async () => {
    renderDetail({ path: detailPath(REFUND_ID) });
    const main = await loaded();
    await waitFor(() => expect(field(main, 'Type')).toHaveTextContent('Partial refund'));
    expect(field(main, 'Refund reason')).toHaveTextContent('Duplicated payment');
    const error = section('Error');
    expect(field(error, 'Code')).toHaveTextContent('0201');
    expect(field(error, 'Message')).toHaveTextContent('Issuer Rejects');
    expect(field(error, 'Provider message')).toHaveTextContent('Do not honor');
    expect(screen.queryByRole('region', { name: 'Risk alert' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recurrence' })).not.toBeInTheDocument();
  });

  it('is not found without transaction.select', async () => {
    const { detailCalls } = renderDetail({ permissions: [P.transactionRead] });
    expect(await screen.findByRole('heading', { name: /can't find that page/ })).toBeInTheDocument();
    expect(detailCalls).toHaveLength(0);
  });

  it('is not found for a malformed id', async () => {
    const { detailCalls } = renderDetail({ path: `${LIST_PATH}/not-an-id` });
    expect(await screen.findByRole('heading', { name: /can't find that page/ })).toBeInTheDocument();
    expect(detailCalls).toHaveLength(0);
  });

  it('goes to the resource-not-found page for a transaction the API does not show', async () => {
    const { currentPath } = renderDetail({ details: {} });
    await waitFor(() => expect(currentPath()).toBe('/!'));
  });
});

describe('merchant-level transaction detail', () => {
  const merchantDetail = (id: string) => `${MERCHANT_LIST_PATH}/detail/${id}`;

  it('goes back to the merchant list and links the history at merchant level', async () => {
    const { detailCalls } = renderDetail({ path: merchantDetail(PAYMENT_ID) });
    await loaded();
    expect(detailCalls[0]!.path).toBe(`/account/${ACCOUNT_ID}/transaction/${PAYMENT_ID}`);
    expect(screen.getByRole('link', { name: 'Back to transactions' })).toHaveAttribute('href', MERCHANT_LIST_PATH);
    expect(screen.getByRole('link', { name: REFUND_ID })).toHaveAttribute('href', merchantDetail(REFUND_ID));
    expect(MERCHANT_LIST_PATH).toContain(MERCHANT_ID);
  });

  it("does not show another merchant's transaction under this merchant", async () => {
    renderDetail({
      path: `/accounts/${ACCOUNT_ID}/merchants/8b0c0a4e-0000-4000-8000-000000000002/transactions/detail/${PAYMENT_ID}`,
    });
    expect(await screen.findByRole('heading', { name: /can't find that page/ })).toBeInTheDocument();
  });
});
