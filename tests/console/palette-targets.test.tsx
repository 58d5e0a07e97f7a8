import { PERMISSIONS as P } from '@domain/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockTableLayout } from './activity-fixtures';
import { ACCOUNT_ID, json, openPaletteOnMerchants, renderApp, type Server } from './app-harness';
import {
  ACCOUNT as CHARGEBACKS_ACCOUNT,
  detailPath as caseDetailPath,
  chargebacksApi,
  DISPUTE_AGENT,
  EXPIRED_ID,
  preloadQueueModules,
  VIEWER,
} from './chargebacks-fixtures';
import {
  PAYMENT_ID,
  paymentDetail,
  READER,
  REFUNDER,
  detailPath as transactionDetailPath,
  transactionsApi,
} from './transactions-fixtures';

// Commands that need a record are offered anywhere and ask for it (issue 11): the palette lists 'Refund a
// transaction…' on any screen, asks for the transaction in a picker step (the palette's id lookup), then opens the
// transaction and runs its own Refund command; the same for the chargeback commands, with the case lookup.

const HOME = `/accounts/${ACCOUNT_ID}/merchants`;

function renderWith(server: Server, permissions: string[]) {
  return renderApp({ path: HOME, session: { permissions }, server });
}

const openPalette = openPaletteOnMerchants;

const input = (palette: HTMLElement) => within(palette).getByRole('combobox');

beforeAll(async () => {
  await preloadQueueModules();
  await Promise.all([
    import('@console/areas/merchants/merchants-list-screen'),
    import('@console/areas/transactions/transaction-detail-screen'),
  ]);
}, 20_000);

beforeEach(() => {
  mockTableLayout();
  HTMLElement.prototype.scrollTo = () => undefined;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Refund a transaction…', () => {
  it("typing 'refund' on the merchants screen offers it; it asks for the transaction and opens its refund", async () => {
    const fake = transactionsApi();
    const { user, currentPath } = renderWith(fake.server, REFUNDER);
    const palette = await openPalette(user);
    await user.keyboard('refund');
    await user.click(await within(palette).findByRole('option', { name: /^Refund a transaction…/ }));

    // The picker step: named after the command, asking for an id, Backspace to go back.
    expect(palette).toHaveTextContent('Refund a transaction…');
    expect(input(palette)).toHaveAccessibleName('Refund a transaction…');
    expect(input(palette)).toHaveAttribute('placeholder', 'Paste or type a transaction ID…');
    expect(input(palette)).toHaveFocus();
    await user.paste(PAYMENT_ID);
    const found = await within(palette).findByRole('option', { name: new RegExp(`^${PAYMENT_ID}`) });
    expect(found).toHaveTextContent('Payment · Success · 1.234,50 EUR');
    expect(found).toHaveTextContent('Account: Acme (ACME) · Merchant: Shop One');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(currentPath()).toBe(transactionDetailPath(PAYMENT_ID)));
    const modal = await screen.findByRole('dialog', { name: 'Refund' });
    expect(within(modal).getByRole('button', { name: 'Refund' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).not.toBeInTheDocument();
  });

  it('Backspace on the empty picker goes back to the whole list', async () => {
    const { user } = renderWith(transactionsApi().server, REFUNDER);
    const palette = await openPalette(user);
    await user.keyboard('refund a');
    await user.keyboard('{Enter}');
    expect(input(palette)).toHaveAccessibleName('Refund a transaction…');
    await user.keyboard('{Backspace}');
    expect(input(palette)).toHaveAccessibleName('Command palette');
    expect(input(palette)).toHaveValue('');
    expect(within(palette).getByRole('option', { name: /^Refund a transaction…/ })).toBeInTheDocument();
  });

  it('a transaction whose refund is blocked opens without the modal, and the user is told', async () => {
    const fake = transactionsApi({ details: { [PAYMENT_ID]: paymentDetail({ refundable: 'FULL_REFUNDED' }) } });
    const { user, currentPath } = renderWith(fake.server, REFUNDER);
    const palette = await openPalette(user);
    await user.keyboard('refund');
    await user.click(await within(palette).findByRole('option', { name: /^Refund a transaction…/ }));
    await user.paste(PAYMENT_ID);
    await user.click(await within(palette).findByRole('option', { name: new RegExp(`^${PAYMENT_ID}`) }));
    await waitFor(() => expect(currentPath()).toBe(transactionDetailPath(PAYMENT_ID)));
    expect(await screen.findByText('Refund not available')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('is not offered to a user who may not refund (a viewer)', async () => {
    const { user } = renderWith(transactionsApi().server, READER);
    const palette = await openPalette(user);
    await user.keyboard('refund');
    await within(palette).findByText('No results');
    expect(within(palette).queryByRole('option', { name: /Refund/ })).not.toBeInTheDocument();
    // Opening one still works: that needs only the right to see transactions.
    await user.clear(input(palette));
    await user.keyboard('open transaction');
    expect(await within(palette).findByRole('option', { name: /^Open transaction…/ })).toBeInTheDocument();
  });
});

describe('chargeback commands with a case picker', () => {
  function renderChargebacks(permissions: string[], account = CHARGEBACKS_ACCOUNT) {
    const fake = chargebacksApi();
    const server: Server = (call) => (call.path === `/account/${ACCOUNT_ID}` ? json(200, account) : fake.server(call));
    return { ...renderWith(server, [P.merchantRead, ...permissions]), ...fake };
  }

  it("'Change chargeback status…' asks for a case and opens it with the status picker", async () => {
    const { user, currentPath, listCalls } = renderChargebacks(DISPUTE_AGENT);
    const palette = await openPalette(user);
    await user.keyboard('chargeback status');
    await user.click(await within(palette).findByRole('option', { name: /^Change chargeback status…/ }));
    expect(input(palette)).toHaveAccessibleName('Change chargeback status…');
    await user.keyboard('CASE-1002');
    const found = await within(palette).findByRole('option', { name: /^Case CASE-1002/ });
    expect(listCalls.at(-1)!.search.get('search')).toBe('CASE-1002');
    expect(found).toHaveTextContent('Account: Acme (ACME)');
    await user.click(found);

    await waitFor(() => expect(currentPath()).toBe(caseDetailPath(EXPIRED_ID)));
    const picker = await screen.findByRole('dialog', { name: 'Change status' });
    expect(within(picker).getByRole('listbox', { name: 'Change status' })).toBeInTheDocument();
  });

  it("'Assign chargeback agent…' opens the case with the agent picker", async () => {
    const { user, currentPath } = renderChargebacks(DISPUTE_AGENT);
    const palette = await openPalette(user);
    await user.keyboard('assign chargeback');
    await user.click(await within(palette).findByRole('option', { name: /^Assign chargeback agent…/ }));
    await user.paste(EXPIRED_ID);
    await user.click(await within(palette).findByRole('option', { name: /^Case CASE-1002/ }));
    await waitFor(() => expect(currentPath()).toBe(caseDetailPath(EXPIRED_ID)));
    expect(await screen.findByRole('dialog', { name: 'Assign agent' })).toBeInTheDocument();
  });

  it('a pasted chargeback id opens the case and names its account and merchant in full', async () => {
    const { user, currentPath } = renderChargebacks(DISPUTE_AGENT);
    const palette = await openPalette(user);
    await user.paste(EXPIRED_ID);
    const open = await within(palette).findByRole('option', { name: new RegExp(`^Open ${EXPIRED_ID}`) });
    expect(open).toHaveTextContent('Chargeback · Case CASE-1002');
    expect(open).toHaveTextContent('Account: Acme (ACME) · Merchant: Lumen Travel SL');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe(caseDetailPath(EXPIRED_ID)));
  });

  it('a viewer may open a case from anywhere but not change it', async () => {
    const { user } = renderChargebacks(VIEWER);
    const palette = await openPalette(user);
    await user.keyboard('chargeback');
    expect(await within(palette).findByRole('option', { name: /^Open chargeback…/ })).toBeInTheDocument();
    expect(within(palette).queryByRole('option', { name: /Change chargeback status/ })).not.toBeInTheDocument();
    expect(within(palette).queryByRole('option', { name: /Assign chargeback agent/ })).not.toBeInTheDocument();
  });

  it('an account without the chargebacks feature gets no chargeback commands', async () => {
    const { user } = renderChargebacks(DISPUTE_AGENT, { ...CHARGEBACKS_ACCOUNT, hasChargebacksFeature: false });
    const palette = await openPalette(user);
    await user.keyboard('chargeback');
    await within(palette).findByText('No results');
    expect(within(palette).queryByRole('option', { name: /chargeback/i })).not.toBeInTheDocument();
  });
});

describe('Find MID…', () => {
  const MID_ID = 'c0000000-0000-4000-8000-0000000000f1';
  const MERCHANT_ID = '8b0c0a4e-0000-4000-8000-0000000000f1';
  const midDetail = `/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/mids/detail/${MID_ID}`;
  const MID_READER = [...READER, P.midRead, P.midSelect];
  const withMids = (): Server => {
    const fake = transactionsApi();
    return (call) =>
      call.path === '/mid/search'
        ? json(200, {
            items: [
              {
                midId: MID_ID,
                description: 'Adyen EU cards',
                midAcquirerId: 'ADY-1',
                accountId: ACCOUNT_ID,
                merchantId: MERCHANT_ID,
                merchantName: 'Lumen Books',
              },
            ],
          })
        : fake.server(call);
  };

  it('a pasted MID id opens the MID’s detail, naming its merchant', async () => {
    const { user, calls, currentPath } = renderApp({
      path: HOME,
      session: { permissions: MID_READER },
      server: withMids(),
    });
    const palette = await openPalette(user);
    await user.paste(MID_ID);
    const open = await within(palette).findByRole('option', { name: new RegExp(`^Open ${MID_ID}`) });
    expect(open).toHaveTextContent('MID · Adyen EU cards · ADY-1');
    expect(open).toHaveTextContent('Merchant: Lumen Books');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe(midDetail));
    expect(calls.find((call) => call.path === '/mid/search')?.search.get('q')).toBe(MID_ID);
  });

  it("'Find MID…' asks for the id in a picker step and opens the MID", async () => {
    const { user, currentPath } = renderApp({ path: HOME, session: { permissions: MID_READER }, server: withMids() });
    const palette = await openPalette(user);
    await user.keyboard('find mid');
    await user.click(await within(palette).findByRole('option', { name: /^Find MID…/ }));
    expect(input(palette)).toHaveAttribute('placeholder', 'Paste or type a MID ID…');
    await user.paste(MID_ID.slice(0, 8));
    await user.click(await within(palette).findByRole('option', { name: /^Adyen EU cards/ }));
    await waitFor(() => expect(currentPath()).toBe(midDetail));
  });

  it("'Find route…' asks for a route id and opens the route", async () => {
    const ROUTE_ID = 'e0000000-0000-4000-8000-0000000000f1';
    const fake = transactionsApi();
    const server: Server = (call) =>
      call.path === '/route/search'
        ? json(200, {
            items: [
              {
                routeId: ROUTE_ID,
                routeDescription: 'EU checkout',
                accountId: ACCOUNT_ID,
                merchantId: MERCHANT_ID,
                merchantName: 'Lumen Books',
              },
            ],
          })
        : fake.server(call);
    const { user, currentPath } = renderApp({
      path: HOME,
      session: { permissions: [...READER, P.routeRead, P.routeSelect] },
      server,
    });
    const palette = await openPalette(user);
    await user.keyboard('find route');
    await user.click(await within(palette).findByRole('option', { name: /^Find route…/ }));
    expect(input(palette)).toHaveAttribute('placeholder', 'Paste or type a route ID…');
    await user.paste(ROUTE_ID);
    await user.click(await within(palette).findByRole('option', { name: /^EU checkout/ }));
    await waitFor(() =>
      expect(currentPath()).toBe(`/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/routes/detail/${ROUTE_ID}`),
    );
  });

  it('is not offered to a user without the MID permissions', async () => {
    const { user } = renderApp({ path: HOME, session: { permissions: READER }, server: withMids() });
    const palette = await openPalette(user);
    await user.keyboard('find mid');
    await within(palette).findByText('No results');
    expect(within(palette).queryByRole('option', { name: /^Find MID…/ })).not.toBeInTheDocument();
  });
});
