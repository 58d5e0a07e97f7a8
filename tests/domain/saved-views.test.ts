import { savedViewCreate, savedViewUpdate } from '@domain/contract/saved-views';
import { ROLE_DEFINITIONS } from '@domain/roles';
import {
  canShareSavedViews,
  canUseSavedViews,
  SAVED_VIEW_LISTS,
  savedViewList,
  savedViewListKey,
} from '@domain/saved-views';
import { TRANSACTION_QUERY_KEYS } from '@domain/search-query';
import { describe, expect, it } from 'vitest';

// Saved views' shared rules (issue 26): how a view names its list, who may use and share views, and the contract's
// bounds.

const grantsOf = (role: string) => {
  const definition = ROLE_DEFINITIONS.find((candidate) => candidate.name === role)!;
  return { permissions: definition.permissions, allAllowed: definition.allAllowed };
};

describe('the lists that take views', () => {
  it('keys a list by its level and its query registry, one key per list', () => {
    expect(savedViewListKey('account', TRANSACTION_QUERY_KEYS)).toBe('account/transactions');
    expect(savedViewListKey('merchant', { list: 'risk alerts' })).toBe('merchant/risk-alerts');
    const keys = SAVED_VIEW_LISTS.map((list) => list.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives the merchant-level transactions list no merchant filter, and each list its address', () => {
    const merchantLevel = savedViewList('merchant/transactions')!;
    expect(merchantLevel.registry.keys.map((spec) => spec.param)).not.toContain('merchantId');
    expect(savedViewList('account/transactions')!.registry.keys.map((spec) => spec.param)).toContain('merchantId');
    expect(merchantLevel.path({ accountId: 'a', merchantId: 'm' })).toBe('/accounts/a/merchants/m/transactions');
    expect(savedViewList('account/nothing')).toBeUndefined();
  });
});

describe('who may use and share views', () => {
  it('lets administrators, managers and provider administrators share, and not viewers or specialists', () => {
    const sharing = ROLE_DEFINITIONS.filter((role) => canShareSavedViews(grantsOf(role.name))).map((role) => role.name);
    expect(sharing.sort()).toEqual(['ADMINISTRATOR', 'MANAGER', 'PROVIDER_ADMINISTRATOR']);
  });

  it("needs the list's read permission to keep views of it", () => {
    const invoices = savedViewList('account/invoices')!;
    expect(canUseSavedViews(grantsOf('VIEWER'), invoices)).toBe(true);
    expect(canUseSavedViews(grantsOf('SUPPORT'), invoices)).toBe(false);
  });
});

describe('the contract', () => {
  const valid = {
    list: 'account/transactions',
    name: ' Declined ',
    query: 'status:declined',
    filters: { status: ['DECLINED'] },
    search: '',
    sort: null,
    pageSize: 50,
    columns: null,
  };

  it('trims the name and defaults shared and isDefault to false', () => {
    expect(savedViewCreate.parse(valid)).toMatchObject({ name: 'Declined', shared: false, isDefault: false });
  });

  it('refuses blank and long names, other page sizes, unknown lists and fields, and empty filter values', () => {
    for (const changes of [
      { name: '  ' },
      { name: 'x'.repeat(61) },
      { pageSize: 25 },
      { list: 'account/unknown' },
      { owner: 'me' },
      { filters: { status: [] } },
      { filters: { 'bad id': ['x'] } },
    ]) {
      expect(savedViewCreate.safeParse({ ...valid, ...changes }).success, JSON.stringify(changes)).toBe(false);
    }
  });

  it('needs the version on an edit', () => {
    const { list: _list, ...rest } = valid;
    expect(savedViewUpdate.safeParse({ ...rest, shared: false }).success).toBe(false);
    expect(savedViewUpdate.safeParse({ ...rest, shared: false, version: 3 }).success).toBe(true);
  });
});
