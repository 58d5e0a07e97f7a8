// Shared enumerations from spec 1, section 3. Labels live beside the values so every screen says the same thing.

export const ROLE_NAMES = ['ADMINISTRATOR', 'MANAGER', 'PAYMENTS_SPECIALIST', 'VIEWER', 'SUPPORT'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** Internal (provider-staff) roles are not offered to account users. */
export const INTERNAL_ROLE_NAMES = ['PROVIDER_ADMINISTRATOR', 'PROVIDER_SUPPORT'] as const;

export const USER_TYPES = ['INTERNAL', 'ACCOUNT'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const USER_STATUSES = ['INVITED', 'ACTIVE', 'DEACTIVATED', 'DELETED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const CARD_BRANDS = [
  'VISA',
  'MC',
  'DINERS',
  'AMEX',
  'DISCOVER',
  'JCB',
  'MAESTRO',
  'CARTEBLEU',
  'CUP',
  'ELO',
  'DANKORT',
  'HIPERCARD',
  'MIR',
  'TROY',
  'PRIVATELABEL',
  'UNKNOWN',
] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const ACTION_TYPES = ['INSERT', 'UPDATE', 'DELETE'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const RESOURCE_TYPES = [
  'URL',
  'ROUTE',
  'TAG',
  'USER',
  'MID',
  'ACCOUNT',
  'MERCHANT',
  'CHARGEBACK',
  'TRANSACTION',
  'CHARGEBACK_TEMPLATE',
  'MID_LIMIT',
  'GLOBAL_LIMIT',
  'GLOBAL_LIMIT_ALERT',
  'MID_LIMIT_ALERT',
  'PLAN',
  'INVOICE',
  'SUBSCRIPTION',
  // Not in the spec's list: exports are audited too (who took which data, with which filters).
  'EXPORT',
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export const DEFAULT_CURRENCIES = ['EUR', 'USD', 'GBP'] as const;
export const DEFAULT_COUNTRIES = ['ES', 'FR', 'IT', 'EU', 'GB'] as const;

export const PAGE_SIZES = [50, 100, 500] as const;
export const DEFAULT_PAGE_SIZE = 50;
/** Tables show at most this many records; the server stops counting one past it. */
export const TABLE_RECORD_CAP = 10_000;
