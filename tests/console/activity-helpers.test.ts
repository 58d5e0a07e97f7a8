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
