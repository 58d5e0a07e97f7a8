import {
  fieldLabel,
  humaniseKey,
  inScreenOrder,
  nameBookOf,
  presentValue,
} from '@console/areas/activity/activity-fields';
import { displayValue, fieldChanges, sameValue } from '@console/areas/activity/activity-values';
import { resourcePath } from '@console/areas/activity/resource-link';
import type { ActivityEntry } from '@domain/contract/activity';
import { describe, expect, it } from 'vitest';

const ACCOUNT = '5d0c0a4e-0000-4000-8000-0000000000aa';
const MERCHANT = '8b0c0a4e-0000-4000-8000-000000000001';
const ID = 'c0000000-0000-4000-8000-000000000009';

function entry(overrides: Partial<ActivityEntry>): ActivityEntry {
  return {
    userActivityId: 'a0000000-0000-4000-8000-000000000001',
    actionType: 'UPDATE',
    resourceType: 'MID',
    resourceId: ID,
    user: null,
    merchant: { id: MERCHANT, merchantLegalName: 'Shop' },
    accountId: ACCOUNT,
    resourceDeleted: false,
    date: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

describe('resource links', () => {
  it('builds account, merchant, detail and id paths', () => {
    const merchantBase = `/accounts/${ACCOUNT}/merchants/${MERCHANT}`;
    expect(resourcePath(entry({ resourceType: 'MID' }))).toBe(`${merchantBase}/mids/detail/${ID}`);
    expect(resourcePath(entry({ resourceType: 'ROUTE' }))).toBe(`${merchantBase}/routes/detail/${ID}`);
    expect(resourcePath(entry({ resourceType: 'PLAN' }))).toBe(`${merchantBase}/plans/detail/${ID}`);
    expect(resourcePath(entry({ resourceType: 'MERCHANT', resourceId: MERCHANT }))).toBe(`${merchantBase}/detail`);
    expect(resourcePath(entry({ resourceType: 'USER', merchant: null }))).toBe(`/users/detail/${ID}`);
    expect(resourcePath(entry({ resourceType: 'ACCOUNT', resourceId: ACCOUNT }))).toBe(`/accounts/${ACCOUNT}/config`);
    expect(resourcePath(entry({ resourceType: 'TRANSACTION', merchant: null }))).toBe(
      `/accounts/${ACCOUNT}/transactions/${ID}`,
    );
    expect(resourcePath(entry({ resourceType: 'CHARGEBACK' }))).toBe(`/accounts/${ACCOUNT}/dispute-manager/${ID}`);
    expect(resourcePath(entry({ resourceType: 'URL' }))).toBe(`${merchantBase}/my-lists`);
  });

  it('offers no link for deleted resources, exports, or merchant resources without their merchant', () => {
    expect(resourcePath(entry({ resourceDeleted: true }))).toBeNull();
    expect(resourcePath(entry({ resourceType: 'EXPORT' }))).toBeNull();
    expect(resourcePath(entry({ resourceType: 'MID', merchant: null }))).toBeNull();
    expect(resourcePath(entry({ resourceId: 'not-an-id' }))).toBeNull();
  });
});

describe('changes of an update', () => {
  it('compares nested values structurally and lists every field once', () => {
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameValue(null, undefined)).toBe(true);
    expect(fieldChanges({ a: 1, gone: 'x', same: [1] }, { a: 2, added: true, same: [1] })).toEqual([
      { field: 'a', oldValue: 1, newValue: 2, changed: true },
      { field: 'added', oldValue: undefined, newValue: true, changed: true },
      { field: 'same', oldValue: [1], newValue: [1], changed: false },
      { field: 'gone', oldValue: 'x', newValue: undefined, changed: true },
    ]);
  });

  it('shows values readably', () => {
    expect(displayValue(null)).toEqual({ kind: 'empty' });
    expect(displayValue([])).toEqual({ kind: 'empty' });
    expect(displayValue(false)).toEqual({ kind: 'text', text: 'false' });
    expect(displayValue(['EUR', 'USD'])).toEqual({ kind: 'text', text: 'EUR, USD' });
    expect(displayValue({ id: 1 })).toEqual({ kind: 'block', text: '{\n  "id": 1\n}' });
  });
});

describe('fields and values as a user reads them', () => {
  const names = nameBookOf({
    accounts: [{ accountId: ACCOUNT, prettyName: 'Acme' }],
    account: {
      accountId: ACCOUNT,
      prettyName: 'Acme',
      providers: [
        {
          acquirerId: 'aa000000-0000-4000-8000-000000000001',
          prettyName: 'Nuvei',
          usedByMid: true,
          solutions: [{ id: 'a5000000-0000-4000-8000-000000000001', prettyName: 'Cards LATAM', usedByMid: true }],
        },
      ],
    },
    merchants: [{ merchantId: MERCHANT, prettyName: 'Shop One' }],
  });
  const shown = (type: Parameters<typeof presentValue>[0], field: string, value: unknown, version = {}) =>
    presentValue(type, field, value, version, names);

  it('names fields as their screens do, and any other key in words', () => {
    expect(fieldLabel('USER', 'jobTitle')).toBe('Job title');
    expect(fieldLabel('USER', 'accountIds')).toBe('Accounts');
    expect(fieldLabel('MID', 'midAcquirerId')).toBe('MID Solution');
    expect(fieldLabel('ROUTE', 'fallbackMidId')).toBe('Fallback MID');
    expect(fieldLabel('TRANSACTION', 'refundableBefore')).toBe('Available to refund');
    expect(humaniseKey('webhooksNotificationsUrl')).toBe('Webhooks notifications URL');
    expect(humaniseKey('parentTransactionId')).toBe('Parent transaction ID');
    expect(fieldLabel('PLAN', 'someNewField')).toBe('Some new field');
  });

  it('orders fields as the screen shows them, unknown ones last', () => {
    expect(inScreenOrder('USER', ['status', 'zeta', 'firstName', 'email'], (field) => field)).toEqual([
      'firstName',
      'email',
      'status',
      'zeta',
    ]);
  });

  it('shows codes by their labels and identifiers by the names the console knows', () => {
    expect(shown('USER', 'role', 'PAYMENTS_SPECIALIST')).toEqual({ kind: 'text', text: 'Payments specialist' });
    expect(shown('USER', 'userType', 'INTERNAL')).toEqual({ kind: 'text', text: 'Internal' });
    expect(shown('USER', 'accountIds', [ACCOUNT, ID])).toEqual({ kind: 'text', text: `Acme, ${ID}` });
    expect(shown('ROUTE', 'merchantId', MERCHANT)).toEqual({ kind: 'text', text: 'Shop One' });
    expect(shown('ROUTE', 'cardBrand', ['VISA', 'MC'])).toEqual({ kind: 'text', text: 'Visa, Mastercard' });
    expect(shown('MID', 'acquirerId', 'aa000000-0000-4000-8000-000000000001')).toEqual({ kind: 'text', text: 'Nuvei' });
    expect(shown('MID', 'solutionId', 'a5000000-0000-4000-8000-000000000001')).toEqual({
      kind: 'text',
      text: 'Cards LATAM',
    });
    expect(shown('MID', 'force3ds', 'NO_3DS')).toEqual({ kind: 'text', text: 'Avoided' });
    expect(shown('MID', 'enable', true)).toEqual({ kind: 'text', text: 'Yes' });
    expect(shown('CHARGEBACK', 'status', 'IN_PROGRESS')).toEqual({ kind: 'text', text: 'In progress' });
    expect(shown('CHARGEBACK', 'agent', { id: ID, name: 'Tomás Müller' })).toEqual({
      kind: 'text',
      text: 'Tomás Müller',
    });
    expect(shown('CHARGEBACK', 'agent', null)).toEqual({ kind: 'text', text: 'Unassigned' });
    expect(shown('CHARGEBACK_TEMPLATE', 'templateKey', 'NotAsDescribed')).toEqual({
      kind: 'text',
      text: 'Not as described',
    });
    expect(shown('ACCOUNT', 'providers', { Adyen: ['Cards EU', 'Recurring'], Worldpay: [] })).toEqual({
      kind: 'text',
      text: 'Adyen (Cards EU, Recurring); Worldpay',
    });
    expect(fieldLabel('ACCOUNT', 'providers')).toBe('Providers');
    // A value no label knows stays as it is rather than disappear.
    expect(shown('CHARGEBACK', 'status', 'NEW_STATUS')).toEqual({ kind: 'text', text: 'NEW_STATUS' });
  });

  it('writes a refund as the refund modal does: money in its currency, the reason by its label', () => {
    const refund = { amount: 6299, currency: 'EUR', reason: 'CONFIRMED_FRAUD', fullRefund: false };
    expect(shown('TRANSACTION', 'amount', 6299, refund)).toEqual({ kind: 'text', text: '62,99 EUR' });
    expect(shown('TRANSACTION', 'reason', 'CONFIRMED_FRAUD', refund)).toEqual({
      kind: 'text',
      text: 'Confirmed fraud',
    });
    expect(shown('TRANSACTION', 'fullRefund', false, refund)).toEqual({ kind: 'text', text: 'No' });
    expect(shown('TRANSACTION', 'transactionType', 'PARTIAL_REFUND')).toEqual({ kind: 'text', text: 'Partial refund' });
    expect(shown('TRANSACTION', 'error', { code: '1401', message: 'Refund Rejected' })).toEqual({
      kind: 'text',
      text: '1401 Refund Rejected',
    });
  });

  it('lists an export’s filters one a line', () => {
    expect(shown('EXPORT', 'filters', { search: 'ana', actionType: ['INSERT', 'UPDATE'] })).toEqual({
      kind: 'block',
      text: 'Search: ana\nAction type: INSERT, UPDATE',
    });
    expect(shown('EXPORT', 'filters', {})).toEqual({ kind: 'empty' });
  });
});
