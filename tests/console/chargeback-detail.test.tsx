import { rememberListLocation } from '@console/table/list-memory';
import { formatDate, formatDateTime } from '@domain/format';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_ID, renderApp } from './app-harness';
import {
  AGENT,
  CASE_VIEWER,
  CASE_WORKER,
  type ChargebacksApiOptions,
  chargebackDetail,
  chargebacksApi,
  DETAIL_PATH,
  OTHER_AGENT_ID,
  PAYMENT_ID,
  preloadScreens,
  QUEUE_PATH,
} from './chargeback-detail-fixtures';

// The chargeback detail (spec 3, section 2.4): the header and its actions, every field and section in the spec's
// money and date formats, the fraud type's three variants, 'Additional info' without empty values, and its keys.

function renderDetail({ permissions = AGENT, ...api }: { permissions?: string[] } & ChargebacksApiOptions = {}) {
  const fake = chargebacksApi(api);
  const app = renderApp({ path: DETAIL_PATH, session: { permissions }, server: fake.server });
  return { ...app, ...fake };
}

const section = (name: string) => screen.getByRole('region', { name });
const header = () => document.querySelector<HTMLElement>('.page-header')!;

/** A field of a section: its value (the dd after the label). */
function field(region: HTMLElement, label: string): HTMLElement {
  const term = within(region)
    .getAllByText(label)
    .find((element) => element.tagName === 'DT');
  if (!term?.nextElementSibling) throw new Error(`No field ${label}`);
  return term.nextElementSibling as HTMLElement;
}

const hasField = (region: HTMLElement, label: string) =>
  within(region)
    .queryAllByText(label)
    .some((element) => element.tagName === 'DT');

async function loaded() {
  return screen.findByRole('region', { name: 'Case' });
}

beforeAll(preloadScreens, 20_000);

beforeEach(() => {
  sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('chargeback detail header', () => {
  it("reads 'Case ID: {disputeId}' with the back link to the queue", async () => {
    renderDetail();
    await loaded();
    expect(screen.getByRole('heading', { name: 'Case ID: DSP-2025-0042', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Chargebacks' })).toHaveAttribute('href', QUEUE_PATH);
  });

  it("reads 'Case ID: -' when the case has no dispute id", async () => {
    renderDetail({ detail: chargebackDetail({ disputeId: null }) });
    await loaded();
    expect(screen.getByRole('heading', { name: 'Case ID: -', level: 1 })).toBeInTheDocument();
  });

  it('goes back to the queue with the filters and page it was left at', async () => {
    rememberListLocation(QUEUE_PATH, 'status[]=TO_DO&page=3');
    renderDetail();
    await loaded();
    expect(screen.getByRole('link', { name: 'Back to Chargebacks' })).toHaveAttribute(
      'href',
      `${QUEUE_PATH}?status[]=TO_DO&page=3`,
    );
  });

  it('links the case in the CRM in a new tab, only when it has an external URL', async () => {
    renderDetail();
    await loaded();
    const crm = within(header()).getByRole('link', { name: 'Open case in CRM' });
    expect(crm).toHaveAttribute('href', 'https://crm.example.com/cases/7781');
    expect(crm).toHaveAttribute('target', '_blank');
    expect(crm.getAttribute('rel')).toContain('noopener');
  });

  it('has no CRM link without an external URL', async () => {
    renderDetail({ detail: chargebackDetail({ externalUrl: null }) });
    await loaded();
    expect(screen.queryByRole('link', { name: 'Open case in CRM' })).not.toBeInTheDocument();
  });

  it('offers the agent and status dropdowns and Download to an agent', async () => {
    renderDetail();
    await loaded();
    expect(within(header()).getByRole('combobox', { name: 'Agent' })).toHaveDisplayValue('Marta Gil');
    expect(within(header()).getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('In progress');
    expect(within(header()).getByRole('button', { name: 'Download' })).toBeEnabled();
  });

  it('shows a viewer the agent and status as text, without Download', async () => {
    renderDetail({ permissions: CASE_VIEWER });
    await loaded();
    expect(within(header()).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(header()).getByText('Marta Gil')).toBeInTheDocument();
    expect(within(header()).getByText('In progress')).toHaveClass('badge');
    expect(within(header()).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });
});

describe('chargeback detail sections', () => {
  it('shows every section in order', async () => {
    renderDetail();
    await loaded();
    expect(
      screen
        .getAllByRole('region')
        .filter((region) => region.classList.contains('detail-section'))
        .map((region) => document.getElementById(region.getAttribute('aria-labelledby') ?? '')?.textContent),
    ).toEqual(['Case', 'Customer', 'Payment', 'Payment processor', 'Account', 'Company', 'Additional info']);
  });

  it("writes the case's fields in the spec's formats", async () => {
    renderDetail();
    const main = await loaded();
    expect(field(main, 'Case ID')).toHaveTextContent('CASE-7781');
    expect(field(main, 'Type')).toHaveTextContent('Chargeback');
    expect(field(main, 'Reason')).toHaveTextContent('Fraud - no cardholder authorization');
    expect(field(main, 'Reason')).toHaveTextContent('10.4 Other Fraud - Card Absent Environment');
    expect(within(field(main, 'Status')).getByText('In progress')).toHaveClass('badge');
    expect(field(main, 'Dispute amount')).toHaveTextContent('1.234,50 EUR');
    const notified = formatDateTime('2025-03-05T10:15:00.000Z');
    expect(notified).toMatch(/^05 Mar 2025, \d{2}:\d{2}$/);
    expect(field(main, 'Notification date')).toHaveTextContent(notified);
    expect(field(main, 'Expiration date')).toHaveTextContent(formatDate('2099-04-04T00:00:00.000Z'));
    expect(field(main, 'Expiration date')).not.toHaveTextContent('Expired');
    expect(field(main, 'Second chargeback')).toHaveTextContent('Yes');
    expect(field(main, 'Refund')).toHaveTextContent('No');
    expect(field(main, 'Order ID')).toHaveTextContent('ORD-1001');
    expect(field(main, 'Cardholder name')).toHaveTextContent('A. Ruiz');
    expect(field(main, 'Card brand')).toHaveTextContent('Visa');
  });

  it('marks a case whose expiration date has passed', async () => {
    renderDetail({ detail: chargebackDetail({ expirationDate: '2020-01-01T00:00:00.000Z' }) });
    const main = await loaded();
    expect(within(field(main, 'Expiration date')).getByText('Expired')).toHaveClass('badge');
  });

  it('shows the customer, the payment linking to its transaction, the processor, account and company', async () => {
    renderDetail();
    await loaded();
    const customer = section('Customer');
    expect(field(customer, 'Customer name')).toHaveTextContent('Ana Ruiz');
    expect(within(field(customer, 'Customer email')).getByRole('link')).toHaveAttribute(
      'href',
      'mailto:ana.ruiz@example.com',
    );
    expect(field(customer, 'IP address')).toHaveTextContent('203.0.113.7');

    const payment = section('Payment');
    expect(within(field(payment, 'Transaction')).getByRole('link', { name: PAYMENT_ID })).toHaveAttribute(
      'href',
      `/accounts/${ACCOUNT_ID}/transactions/${PAYMENT_ID}`,
    );
    expect(field(payment, 'Date')).toHaveTextContent(formatDateTime('2025-02-20T08:30:00.000Z'));
    expect(field(payment, 'Amount')).toHaveTextContent('1.500,00 EUR');
    expect(field(payment, 'Currency')).toHaveTextContent('EUR');
    expect(field(payment, 'External ID')).toHaveTextContent('psp-77');
    expect(field(payment, '3-D Secure')).toHaveTextContent('Yes');

    const processor = section('Payment processor');
    expect(field(processor, 'Provider')).toHaveTextContent('Adyen');
    expect(field(processor, 'Solution')).toHaveTextContent('Adyen Cards');
    expect(field(section('Account'), 'Account name')).toHaveTextContent('Acme');

    const company = section('Company');
    expect(field(company, 'Name')).toHaveTextContent('Lumen Travel SL');
    expect(field(company, 'Product')).toHaveTextContent('City breaks');
    expect(within(field(company, 'URL')).getByRole('link')).toHaveAttribute('href', 'https://lumentravel.example');
    expect(within(field(company, 'Policy terms URL')).getByRole('link')).toHaveAttribute(
      'href',
      'https://lumentravel.example/terms',
    );
    expect(field(company, 'Privacy terms URL')).toHaveTextContent('https://lumentravel.example/privacy');
    expect(field(company, 'Registration number')).toHaveTextContent('B-12345678');
    expect(field(company, 'Address')).toHaveTextContent('Calle Mayor 1, Madrid');
    expect(field(company, 'Email')).toHaveTextContent('billing@lumentravel.example');
  });

  it('does not link the payment for a user who may not open transactions', async () => {
    renderDetail({ permissions: CASE_WORKER });
    await loaded();
    const transaction = field(section('Payment'), 'Transaction');
    expect(transaction).toHaveTextContent(PAYMENT_ID);
    expect(within(transaction).queryByRole('link')).not.toBeInTheDocument();
  });

  it("lists the custom fields under 'Additional info', leaving out empty values", async () => {
    renderDetail();
    await loaded();
    const info = section('Additional info');
    expect(field(info, 'Booking reference')).toHaveTextContent('BK-991');
    expect(field(info, 'Channel')).toHaveTextContent('Mobile app');
    expect(hasField(info, 'Loyalty tier')).toBe(false);
    expect(hasField(info, 'Notes')).toBe(false);
    expect(within(info).getAllByRole('term')).toHaveLength(2);
  });

  it('says so when no custom field has a value', async () => {
    renderDetail({ detail: chargebackDetail({ custom: [{ label: 'Notes', value: '' }] }) });
    await loaded();
    expect(section('Additional info')).toHaveTextContent('There is no additional info for this case.');
  });
});

describe('fraud type', () => {
  it('is a dropdown for a fraud case with the fraud-type permission', async () => {
    renderDetail();
    const main = await loaded();
    expect(within(field(main, 'Fraud type')).getByRole('combobox', { name: 'Fraud type' })).toHaveDisplayValue(
      'Client contact',
    );
  });

  it('is read-only text without the permission', async () => {
    renderDetail({ permissions: CASE_WORKER });
    const main = await loaded();
    expect(within(field(main, 'Fraud type')).queryByRole('combobox')).not.toBeInTheDocument();
    expect(field(main, 'Fraud type')).toHaveTextContent('Client contact');
  });

  it("is a dash when not set and the user can't change it", async () => {
    renderDetail({ permissions: CASE_WORKER, detail: chargebackDetail({ fraudType: null }) });
    const main = await loaded();
    expect(field(main, 'Fraud type')).toHaveTextContent(/^-$/);
  });

  it('is absent for any other reason', async () => {
    renderDetail({
      detail: chargebackDetail({ reason: { parsed: 'NotAsDescribed', processor: '13.3' }, fraudType: null }),
    });
    const main = await loaded();
    expect(hasField(main, 'Fraud type')).toBe(false);
  });
});

describe('chargeback detail keys', () => {
  it('goes back to the queue with u', async () => {
    const { user, currentPath } = renderDetail();
    await loaded();
    await user.keyboard('u');
    await waitFor(() => expect(currentPath()).toBe(QUEUE_PATH));
  });

  it('opens the case in the CRM with o, only when it has one', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderDetail();
    await loaded();
    await user.keyboard('o');
    expect(open).toHaveBeenCalledWith('https://crm.example.com/cases/7781', '_blank', 'noopener,noreferrer');
  });

  it('binds no CRM key when the case has no external URL', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderDetail({ detail: chargebackDetail({ externalUrl: null }) });
    await loaded();
    await user.keyboard('o');
    expect(open).not.toHaveBeenCalled();
  });

  it('sets the status with s through the quick picker, re-reading the case first', async () => {
    const { user, changeCalls, detailCalls } = renderDetail();
    await loaded();
    await user.keyboard('s');
    const picker = await screen.findByRole('dialog', { name: 'Change status' });
    expect(picker).toHaveTextContent('Case CASE-7781');
    // Keyboard only: the filter box takes the typing at once.
    await waitFor(() => expect(within(picker).getByRole('combobox', { name: 'Filter: Change status' })).toHaveFocus());
    await user.keyboard('done{Enter}');
    await waitFor(() => expect(changeCalls).toHaveLength(1));
    expect(changeCalls[0]!.method).toBe('PATCH');
    expect(changeCalls[0]!.body).toEqual({ status: 'DONE', expectedStatus: 'IN_PROGRESS' });
    expect(detailCalls.length).toBeGreaterThan(1);
    await waitFor(() => expect(within(header()).getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Done'));
    expect(screen.queryByRole('dialog', { name: 'Change status' })).not.toBeInTheDocument();
  });

  it('assigns an agent with a and sets the fraud type with f', async () => {
    const { user, changeCalls } = renderDetail();
    await loaded();
    await user.keyboard('a');
    const agents = await screen.findByRole('dialog', { name: 'Assign agent' });
    await waitFor(() => expect(within(agents).getByRole('combobox')).toHaveFocus());
    await user.keyboard('jon{Enter}');
    await waitFor(() => expect(changeCalls).toHaveLength(1));
    expect(changeCalls[0]!.body).toEqual({ agentId: OTHER_AGENT_ID });
    await waitFor(() =>
      expect(within(header()).getByRole('combobox', { name: 'Agent' })).toHaveDisplayValue('Jon Ibarra'),
    );

    await user.keyboard('f');
    const fraudTypes = await screen.findByRole('dialog', { name: 'Set fraud type' });
    await waitFor(() => expect(within(fraudTypes).getByRole('combobox')).toHaveFocus());
    await user.keyboard('legitimate purchase proven{Enter}');
    await waitFor(() => expect(changeCalls).toHaveLength(2));
    expect(changeCalls[1]!.body).toEqual({ fraudType: 'LEGITIMATE_PURCHASE_PROVEN_USE' });
  });

  it('opens no fraud-type picker without the fraud-type permission', async () => {
    const { user } = renderDetail({ permissions: CASE_WORKER });
    await loaded();
    await user.keyboard('f');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens no agent or status picker for a viewer', async () => {
    const { user } = renderDetail({ permissions: CASE_VIEWER });
    await loaded();
    await user.keyboard('a');
    await user.keyboard('s');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists its commands in the shortcuts sheet', async () => {
    const { user } = renderDetail();
    await loaded();
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: /keyboard shortcuts/i });
    expect(sheet).toHaveTextContent('Download dispute document');
    expect(sheet).toHaveTextContent('Open case in CRM');
    expect(sheet).toHaveTextContent('Back to Chargebacks');
  });
});
