import type { Account } from '@domain/contract/accounts';
import type { Merchant } from '@domain/contract/merchants';
import { ACCOUNT_ID } from './app-harness';

// The account and merchant the configuration screens' tests (merchant form, My Lists, MIDs) run in.

export const CONFIG_MERCHANT_ID = '8b0c0a4e-0000-4000-8000-0000000000a1';

export function accountFixture(overrides: Partial<Account> = {}): Account {
  return {
    accountId: ACCOUNT_ID,
    shortId: 'ACME',
    prettyName: 'Acme',
    image: null,
    hasChargebacksFeature: false,
    providers: [],
    merchantCount: 1,
    userCount: 1,
    version: 1,
    createdAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function merchantFixture(overrides: Partial<Merchant> = {}): Merchant {
  return {
    merchantId: CONFIG_MERCHANT_ID,
    accountId: ACCOUNT_ID,
    prettyName: 'Lumen Books',
    image: null,
    merchantLegalName: 'Lumen Books S.L.',
    vatNumber: 'ESB12345678',
    corporateUrl: 'https://lumen-books.example',
    dba: 'Lumen',
    mccCode: '5942',
    street: 'Calle Mayor 1',
    city: 'Madrid',
    zipCode: '28013',
    country: 'ES',
    email: 'hello@lumen-books.example',
    phone: null,
    supportUrl: 'https://lumen-books.example/help',
    supportEmail: 'help@lumen-books.example',
    supportPhone: null,
    webhooksNotificationsUrl: null,
    successRedirectUrl: null,
    failedRedirectUrl: null,
    accountReference: { id: ACCOUNT_ID, prettyName: 'Acme' },
    version: 1,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',

    ...overrides,
  };
}
