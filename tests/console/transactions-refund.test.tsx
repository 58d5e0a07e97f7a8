import type { TransactionDetail } from '@domain/contract/transactions';
import { PERMISSIONS as P } from '@domain/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockTableLayout } from './activity-fixtures';
import { json, renderApp, type ServerCall } from './app-harness';
import {
  DECLINED,
  detailPath,
  MERCHANT_ID,
  NEW_REFUND_ID,
  PAYMENT_ID,
  paymentDetail,
  READER,
  REFUNDER,
  refundAnswer,
  transactionsApi,
} from './transactions-fixtures';

// The Refund button, command and modal of the transaction detail (spec 3, sections 2.2, 4, 5 and 8) end to end
// against the fake API: availability and tooltips, the form's rules, every result, the idempotency key, the reload.

type Answer = (call: ServerCall) => Response | Promise<Response>;

function renderRefund({
  detail = paymentDetail(),
  permissions = REFUNDER,
  answers,
}: {
  detail?: TransactionDetail | (() => TransactionDetail);
  permissions?: string[];
  answers?: Answer[];
} = {}) {
  const fake = transactionsApi({ details: { [PAYMENT_ID]: detail }, refundAnswers: answers });
  const app = renderApp({ path: detailPath(PAYMENT_ID), session: { permissions }, server: fake.server });
  return { ...app, ...fake };
}

async function loaded() {
  await screen.findByRole('region', { name: 'Main information' });
}

/** The page's Refund button (the modal has its own). */
function pageRefundButton(): HTMLElement {
  return within(document.querySelector<HTMLElement>('.page-header')!).getByRole('button', { name: 'Refund' });
}

async function openModal(user: ReturnType<typeof renderApp>['user']) {
  await user.click(pageRefundButton());
  return screen.findByRole('dialog', { name: 'Refund' });
}

const key = (call: ServerCall) => call.headers.get('Idempotency-Key');

beforeEach(() => {
  sessionStorage.clear();
  mockTableLayout();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Refund button', () => {
  it('shows for a successful payment to a user with the refund permission, with its key', async () => {
    const { user } = renderRefund();
    await loaded();
    const button = pageRefundButton();
    expect(button).not.toHaveAttribute('aria-disabled');
    await user.hover(button);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Refund this payment');
    expect(tooltip).toHaveTextContent('R');
  });

  it('is absent without transaction.refund', async () => {
    renderRefund({ permissions: READER });
    await loaded();
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('is absent for a payment that did not succeed and for a refund', async () => {
    renderRefund({ detail: paymentDetail({ ...DECLINED, refundable: 'NOT_PAYMENT_SUCCESS' }) });
    await loaded();
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it.each([
    ['FULL_REFUNDED', {}, 'This transaction was fully refunded'],
    ['IN_PROCESS', {}, 'The refund cannot be sent because it is already in progress'],
    [
      'PROVIDER_BLOCKED_SAME_DAY',
      {},
      'This refund is blocked as a PSP requirement until tomorrow. Please, try from now on.',
    ],
    ['RDR', {}, 'The refund cannot be sent because the payment already received an RDR.'],
    ['AVAILABLE', { transactionType: 'RDR' }, 'The refund cannot be sent because the payment already received an RDR.'],
    ['AVAILABLE', { maxRefundAmountAvailable: 0 }, 'This transaction was fully refunded'],
  ] as const)('is disabled for %s %o, saying why', async (refundable, extra, text) => {
    const { user, refundCalls } = renderRefund({ detail: paymentDetail({ refundable, ...extra }) });
    await loaded();
    const button = pageRefundButton();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(text);
    await user.click(button);
    await user.keyboard('r');
    expect(screen.queryByRole('dialog', { name: 'Refund' })).not.toBeInTheDocument();
    expect(refundCalls).toHaveLength(0);
  });

  it('stays enabled after a chargeback, with its note', async () => {
    const { user } = renderRefund({ detail: paymentDetail({ refundable: 'CHARGEBACK_APPLIED' }) });
    await loaded();
    const button = pageRefundButton();
    expect(button).not.toHaveAttribute('aria-disabled');
    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Chargeback already completed for this payment');
    expect(await openModal(user)).toBeInTheDocument();
  });
});

describe('Refund command', () => {
  it('opens the modal with r, and is listed in the shortcuts sheet', async () => {
    const { user } = renderRefund();
    await loaded();
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const actions = within(sheet).getByRole('region', { name: 'Actions' });
    expect(within(actions).getByText('Refund')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(sheet).not.toBeInTheDocument());

    await user.keyboard('r');
    expect(await screen.findByRole('dialog', { name: 'Refund' })).toBeInTheDocument();
  });

  it('runs from the palette', async () => {
    const { user } = renderRefund();
    await loaded();
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.keyboard('refund');
    // 'Refund', this transaction's own; 'Refund a transaction…' (any transaction) is listed beside it.
    await user.click(await within(palette).findByRole('option', { name: /^Refund(?! a transaction)/ }));
    expect(await screen.findByRole('dialog', { name: 'Refund' })).toBeInTheDocument();
  });

  it('is neither in the palette nor on r when the refund is blocked', async () => {
    const { user } = renderRefund({ detail: paymentDetail({ refundable: 'FULL_REFUNDED' }) });
    await loaded();
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(sheet).queryByText('Refund')).not.toBeInTheDocument();
  });
});

describe('refund modal', () => {
  it('is 416 px wide and opens with the full refund on, filling and locking the remaining amount', async () => {
    const { user } = renderRefund();
    await loaded();
    const dialog = await openModal(user);
    expect(dialog).toHaveStyle({ maxWidth: '416px' });
    expect(within(dialog).getByText('1.000,00 EUR')).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'Full refund' })).toBeChecked();
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (EUR)' });
    expect(amount).toHaveValue('1000,00');
    expect(amount).toBeDisabled();
    const reasons = within(within(dialog).getByRole('combobox', { name: 'Reason' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(reasons[0]).toBe('Select a reason');
    expect(reasons.slice(1, 4)).toEqual(['Retrieval request', 'Screening', 'TC40/safe']);
    expect(reasons.at(-1)).toBe('Other');
    expect(reasons).toHaveLength(24);
  });

  it('shows the amount messages of a partial refund', async () => {
    const { user, refundCalls } = renderRefund();
    await loaded();
    const dialog = await openModal(user);
    await user.click(within(dialog).getByRole('switch', { name: 'Full refund' }));
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (EUR)' });
    expect(amount).toBeEnabled();

    await user.clear(amount);
    await user.tab();
    // An empty amount becomes 0 when left.
    expect(amount).toHaveValue('0');
    expect(amount).toHaveAccessibleDescription('Value must be greater than 0');

    await user.clear(amount);
    expect(amount).toHaveAccessibleDescription('Required field');

    await user.type(amount, '1000,01');
    expect(amount).toHaveAccessibleDescription('The amount cannot exceed 1.000,00 EUR');
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    await user.clear(amount);
    await user.type(amount, '25,5');
    expect(amount).not.toHaveAttribute('aria-invalid');

    // The reason is still missing: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByRole('combobox', { name: 'Reason' })).toHaveAccessibleDescription('Required field');
    expect(refundCalls).toHaveLength(0);
  });

  it('turning the full refund back on refills the remaining amount', async () => {
    const { user } = renderRefund();
    await loaded();
    const dialog = await openModal(user);
    const toggle = within(dialog).getByRole('switch', { name: 'Full refund' });
    await user.click(toggle);
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (EUR)' });
    await user.clear(amount);
    await user.type(amount, '3');
    await user.click(toggle);
    expect(amount).toHaveValue('1000,00');
    expect(amount).toBeDisabled();
  });

  it('Cancel and Escape close it without sending anything', async () => {
    const { user, refundCalls } = renderRefund();
    await loaded();
    let dialog = await openModal(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    dialog = await openModal(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(refundCalls).toHaveLength(0);
  });

  it('sends a full refund with the Idempotency-Key header, says Refund sent successfully and reloads on Got it', async () => {
    let refunded = false;
    const { user, refundCalls, detailCalls } = renderRefund({
      detail: () =>
        refunded
          ? paymentDetail({
              refundable: 'FULL_REFUNDED',
              maxRefundAmountAvailable: 0,
              transactionHistory: [
                ...paymentDetail().transactionHistory,
                {
                  transactionId: NEW_REFUND_ID,
                  status: 'SUCCESS',
                  transactionType: 'PARTIAL_REFUND',
                  lastActivity: '2025-03-07T09:00:00.000Z',
                  isFallback: false,
                  money: { amount: 100_000, currency: 'EUR' },
                },
              ],
            })
          : paymentDetail(),
      answers: [
        () => {
          refunded = true;
          return json(200, refundAnswer('SUCCESS'));
        },
      ],
    });
    await loaded();
    const dialog = await openModal(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Duplicated payment');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    const result = await screen.findByRole('dialog', { name: 'Refund sent successfully' });
    expect(result).toHaveStyle({ maxWidth: '416px' });
    expect(refundCalls).toHaveLength(1);
    const call = refundCalls[0]!;
    expect(call.method).toBe('POST');
    expect(call.body).toEqual({
      amount: 100_000,
      currency: 'EUR',
      reason: 'DUPLICATED_PAYMENT',
      merchantId: MERCHANT_ID,
      fullRefund: true,
      maxRefundAmountAvailable: 100_000,
    });
    expect(key(call)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const loadsBefore = detailCalls.length;
    await user.click(within(result).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(result).not.toBeInTheDocument());
    await waitFor(() => expect(detailCalls.length).toBeGreaterThan(loadsBefore));
    expect(await screen.findByRole('link', { name: NEW_REFUND_ID })).toBeInTheDocument();
    await waitFor(() => expect(pageRefundButton()).toHaveAttribute('aria-disabled', 'true'));
  });

  it('sends a partial amount in minor units', async () => {
    const { user, refundCalls } = renderRefund({ answers: [() => json(200, refundAnswer('SUCCESS', null, 2_550))] });
    await loaded();
    const dialog = await openModal(user);
    await user.click(within(dialog).getByRole('switch', { name: 'Full refund' }));
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (EUR)' });
    await user.clear(amount);
    await user.type(amount, '25,5');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Other');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await screen.findByRole('dialog', { name: 'Refund sent successfully' });
    expect(refundCalls[0]!.body).toMatchObject({ amount: 2_550, fullRefund: false, reason: 'OTHER' });
  });

  it('shows a failed refund with its code and message', async () => {
    const { user } = renderRefund({
      answers: [() => json(200, refundAnswer('FAILED', { code: '0201', message: 'Issuer Rejects' }))],
    });
    await loaded();
    const dialog = await openModal(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Duplicated payment');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    const result = await screen.findByRole('dialog', { name: 'Unable to refund' });
    expect(result).toHaveTextContent('0201');
    expect(result).toHaveTextContent('Issuer Rejects');
    expect(within(result).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(within(result).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(result).not.toBeInTheDocument());
  });

  it('shows a refund the acquirer confirms later as Waiting for confirmation', async () => {
    const { user } = renderRefund({ answers: [() => json(200, refundAnswer('IN_PROCESS'))] });
    await loaded();
    const dialog = await openModal(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Duplicated payment');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    const result = await screen.findByRole('dialog', { name: 'Waiting for confirmation' });
    expect(result).toHaveTextContent('in process in the transaction history');
  });

  it('says unexpected-error when no answer comes, and Try again resends the same refund under the same key', async () => {
    const { user, refundCalls } = renderRefund({
      answers: [
        () => {
          throw new TypeError('Failed to fetch');
        },
        () => json(200, refundAnswer('SUCCESS')),
      ],
    });
    await loaded();
    const dialog = await openModal(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Duplicated payment');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    const result = await screen.findByRole('dialog', { name: 'Oops! Something went wrong' });
    expect(result).toHaveTextContent('Sorry, there was a problem. Please try again');
    expect(result).toHaveTextContent('whether the refund is already done');
    await user.click(within(result).getByRole('button', { name: 'Try again' }));

    await screen.findByRole('dialog', { name: 'Refund sent successfully' });
    expect(refundCalls).toHaveLength(2);
    expect(key(refundCalls[1]!)).toBe(key(refundCalls[0]!));
    expect(refundCalls[1]!.body).toEqual(refundCalls[0]!.body);
  });

  it('treats a server error as no response', async () => {
    const { user } = renderRefund({
      answers: [() => json(503, { statusCode: 503, error: 'server-error', message: 'Down' })],
    });
    await loaded();
    const dialog = await openModal(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Duplicated payment');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByRole('dialog', { name: 'Oops! Something went wrong' })).toBeInTheDocument();
    // The modal says it once; no global 'Server error' message on top of it.
    expect(screen.queryByText('Server error')).not.toBeInTheDocument();
  });

  it('issues a new key for a new refund', async () => {
    const { user, refundCalls } = renderRefund({
      answers: [() => json(200, refundAnswer('SUCCESS', null, 1_000))],
    });
    await loaded();
    for (const attempt of [1, 2]) {
      const dialog = await openModal(user);
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Other');
      await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
      const result = await screen.findByRole('dialog', { name: 'Refund sent successfully' });
      await user.click(within(result).getByRole('button', { name: 'Got it' }));
      await waitFor(() => expect(refundCalls).toHaveLength(attempt));
    }
    expect(key(refundCalls[0]!)).not.toBe(key(refundCalls[1]!));
  });

  it('cannot be closed while the refund is on its way, and the Refund button says it is in progress', async () => {
    let release: (response: Response) => void = () => undefined;
    const { user, refundCalls } = renderRefund({
      answers: [() => new Promise<Response>((resolve) => (release = resolve))],
    });
    await loaded();
    const dialog = await openModal(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Duplicated payment');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(refundCalls).toHaveLength(1));

    expect(within(dialog).getByRole('button', { name: 'Refund' })).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    expect(pageRefundButton()).toHaveAttribute('aria-disabled', 'true');

    release(json(200, refundAnswer('SUCCESS')));
    expect(await screen.findByRole('dialog', { name: 'Refund sent successfully' })).toBeInTheDocument();
    expect(refundCalls).toHaveLength(1);
  });

  it('needs the permission for the command as for the button', async () => {
    const { user } = renderRefund({ permissions: [...READER, P.transactionExport] });
    await loaded();
    await user.keyboard('r');
    expect(screen.queryByRole('dialog', { name: 'Refund' })).not.toBeInTheDocument();
  });
});
