import { agentLabelOf } from '@domain/chargebacks';
import type { Account } from '@domain/contract/accounts';
import {
  CARD_BRAND_LABELS,
  CHARGEBACK_STATUS_LABELS,
  DISPUTE_TEMPLATE_KEY_LABELS,
  FORCE_3DS_LABELS,
  FRAUD_TYPE_LABELS,
  REFUND_REASON_LABELS,
  type ResourceType,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
  USER_STATUS_LABELS,
  USER_TYPE_LABELS,
} from '@domain/enums';
import { formatDateTime, formatInteger, formatMinorMoney } from '@domain/format';
import { roleDefinition } from '@domain/roles';
import { ROUTING_CRITERION_LABELS } from '@domain/routing-criteria';
import { type DisplayValue, displayValue } from './activity-values';

// How the changes modal names an audit entry's fields and shows their values: with the labels the screens use ('Job
// title', not `jobTitle`), enum values by their labels ('Viewer', not `VIEWER`) and identifiers by the names the
// console knows (an account id as the account's name). The audit log stores the raw record, so this is the one
// place that turns it into what a user reads; a field or value it does not know falls back to a readable form.

/** Names of the records an entry may point at, from what the console has loaded (session, account, lists). */
export interface NameBook {
  accounts: ReadonlyMap<string, string>;
  merchants: ReadonlyMap<string, string>;
  acquirers: ReadonlyMap<string, string>;
  solutions: ReadonlyMap<string, string>;
}

export const EMPTY_NAME_BOOK: NameBook = {
  accounts: new Map(),
  merchants: new Map(),
  acquirers: new Map(),
  solutions: new Map(),
};

/**
 * The names the audit log can show: the signed-in user's accounts, the account on screen with its providers and
 * solutions, and its merchants (the list the screen loads for its Merchant filter).
 */
export function nameBookOf({
  accounts,
  account,
  merchants,
}: {
  accounts: readonly { accountId: string; prettyName: string }[];
  account?: Pick<Account, 'accountId' | 'prettyName' | 'providers'>;
  merchants: readonly { merchantId: string; prettyName: string }[];
}): NameBook {
  const linked = account ? [...accounts, account] : accounts;
  const providers = account?.providers ?? [];
  return {
    accounts: new Map(linked.map((item) => [item.accountId, item.prettyName])),
    merchants: new Map(merchants.map((item) => [item.merchantId, item.prettyName])),
    acquirers: new Map(providers.map((provider) => [provider.acquirerId, provider.prettyName])),
    solutions: new Map(
      providers.flatMap((provider) => provider.solutions.map((solution) => [solution.id, solution.prettyName])),
    ),
  };
}

const CRITERIA_LABELS: Readonly<Record<string, string>> = ROUTING_CRITERION_LABELS;

/** Field labels per resource type, as the screen of that resource names them (spec 2 for MIDs and routes). */
const FIELD_LABELS: Partial<Record<ResourceType, Readonly<Record<string, string>>>> = {
  USER: {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'E-mail',
    jobTitle: 'Job title',
    role: 'Role',
    userType: 'Type',
    status: 'Status',
    accountIds: 'Accounts',
    passwordChangedAt: 'Password changed',
  },
  MERCHANT: {
    id: 'Merchant ID',
    prettyName: 'Merchant name',
    accountId: 'Account',
    dba: 'DBA',
    mccCode: 'MCC code',
    image: 'Image',
    createdAt: 'Created',
    updatedAt: 'Last updated',
    merchantLegalName: 'Legal name',
    vatNumber: 'VAT number',
    street: 'Street',
    city: 'City',
    zipCode: 'Zip code',
    country: 'Country',
    email: 'E-mail',
    phone: 'Phone',
    corporateUrl: 'Corporate URL',
    supportUrl: 'Support URL',
    supportEmail: 'Support e-mail',
    supportPhone: 'Support phone',
    webhooksNotificationsUrl: 'Webhooks notifications URL',
    successRedirectUrl: 'Success redirect URL',
    failedRedirectUrl: 'Failed redirect URL',
  },
  ACCOUNT: { prettyName: 'Account', providers: 'Providers', acquirers: 'Providers' },
  MID: {
    ...CRITERIA_LABELS,
    description: 'Description',
    midAcquirerId: 'MID Solution',
    merchantId: 'Merchant',
    acquirerId: 'Acquirer',
    solutionId: 'Solution',
    enable: 'Enabled',
    force3ds: 'Force 3DS',
    synchronous: 'Synchronous',
    customConfig: 'Acquirer fields',
    providerBlocksSameDay: 'Provider blocks same-day refunds',
  },
  ROUTE: {
    ...CRITERIA_LABELS,
    description: 'Description',
    routeDescription: 'Description',
    merchantId: 'Merchant',
    midId: 'MID',
    fallbackMidId: 'Fallback MID',
    weight: 'Weight',
    priority: 'Priority',
  },
  CHARGEBACK: {
    status: 'Status',
    fraudType: 'Fraud type',
    agent: 'Agent',
    template: 'Template',
    documentFileName: 'Dispute document',
    documentGeneratedAt: 'Document generated',
  },
  CHARGEBACK_TEMPLATE: { templateKey: 'Template', fileName: 'File name', sizeBytes: 'Size', uploadedAt: 'Uploaded' },
  TRANSACTION: {
    transactionType: 'Type',
    parentTransactionId: 'Refunded payment',
    status: 'Status',
    amount: 'Amount',
    currency: 'Currency',
    reason: 'Reason',
    fullRefund: 'Full refund',
    refundableBefore: 'Available to refund',
    providerTransactionId: 'Provider transaction ID',
    error: 'Error',
  },
  EXPORT: {
    source: 'List',
    format: 'Format',
    delivery: 'Delivery',
    fileName: 'File name',
    rowCount: 'Rows',
    timeZone: 'Time zone',
    filters: 'Filters',
  },
};

/** Words of a camelCase key that read as abbreviations. */
const ABBREVIATIONS: Readonly<Record<string, string>> = { id: 'ID', ids: 'IDs', url: 'URL', urls: 'URLs', mid: 'MID' };

/** 'jobTitle' -> 'Job title', 'midAcquirerId' -> 'MID acquirer ID': a key no screen names still reads as words. */
export function humaniseKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((word) => ABBREVIATIONS[word.toLowerCase()] ?? word.toLowerCase());
  const [first = '', ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
}

export function fieldLabel(resourceType: ResourceType, field: string): string {
  return FIELD_LABELS[resourceType]?.[field] ?? humaniseKey(field);
}

/**
 * The fields in the order the resource's screen shows them (the stored record keeps no useful order); fields no
 * screen names follow, in their own order.
 */
export function inScreenOrder<T>(resourceType: ResourceType, items: readonly T[], fieldOf: (item: T) => string): T[] {
  const order = Object.keys(FIELD_LABELS[resourceType] ?? {});
  const rank = (item: T) => {
    const index = order.indexOf(fieldOf(item));
    return index === -1 ? order.length : index;
  };
  return [...items].sort((a, b) => rank(a) - rank(b));
}

const text = (value: string): DisplayValue => ({ kind: 'text', text: value });
const isBlank = (value: unknown) => value === null || value === undefined || value === '';
const labelOf = (labels: Readonly<Record<string, string>>, value: unknown) =>
  typeof value === 'string' ? (labels[value] ?? value) : String(value);
/** A name the console knows for an identifier, else the identifier itself. */
const nameOf = (names: ReadonlyMap<string, string>, value: unknown) =>
  typeof value === 'string' ? (names.get(value) ?? value) : String(value);

function list(value: unknown, each: (item: unknown) => string): DisplayValue {
  const items = Array.isArray(value) ? value : [value];
  const shown = items.filter((item) => !isBlank(item)).map(each);
  return shown.length === 0 ? { kind: 'empty' } : text(shown.join(', '));
}

/** An ISO date-time as the console writes dates, with seconds (an audit trail wants them). */
function dateTime(value: unknown): DisplayValue {
  const shown = typeof value === 'string' ? formatDateTime(value, { seconds: true }) : '';
  return shown ? text(shown) : displayValue(value);
}

const yesNo = (value: unknown): DisplayValue =>
  typeof value === 'boolean' ? text(value ? 'Yes' : 'No') : displayValue(value);

/** An object of plain values as 'Label: value' lines; anything deeper stays indented JSON. */
function record(value: unknown): DisplayValue {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return displayValue(value);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return { kind: 'empty' };
  if (entries.some(([, item]) => item !== null && typeof item === 'object' && !Array.isArray(item))) {
    return displayValue(value);
  }
  const lines = entries.map(([key, item]) => {
    const shown = displayValue(item);
    return `${humaniseKey(key)}: ${shown.kind === 'empty' ? '(empty)' : shown.text}`;
  });
  return { kind: 'block', text: lines.join('\n') };
}

type Presenter = (value: unknown, values: Readonly<Record<string, unknown>>, names: NameBook) => DisplayValue;

const account: Presenter = (value, _values, names) => list(value, (item) => nameOf(names.accounts, item));
const merchant: Presenter = (value, _values, names) => list(value, (item) => nameOf(names.merchants, item));
const criteria: Presenter = (value) => list(value, String);
/** Minor units in the entry's own currency ('1.234,50 EUR'). */
const money: Presenter = (value, values) =>
  typeof value === 'number' && typeof values.currency === 'string'
    ? text(formatMinorMoney(value, values.currency))
    : displayValue(value);

/** A role by its label ('Viewer'): the stored name, or a role object with its name. */
function roleLabel(value: unknown): string {
  const role = value as { name?: unknown; prettyName?: unknown } | string;
  const name = typeof role === 'string' ? role : String(role?.name ?? role?.prettyName ?? '');
  return roleDefinition(name)?.prettyName ?? name;
}

const COMMON: Readonly<Record<string, Presenter>> = {
  accountId: account,
  accountIds: account,
  merchantId: merchant,
  createdAt: dateTime,
  updatedAt: dateTime,
};

const PRESENTERS: Partial<Record<ResourceType, Readonly<Record<string, Presenter>>>> = {
  USER: {
    role: (value) => text(roleLabel(value)),
    userType: (value) => text(labelOf(USER_TYPE_LABELS, value)),
    status: (value) => text(labelOf(USER_STATUS_LABELS, value)),
    passwordChangedAt: dateTime,
  },
  ACCOUNT: {
    // Each provider with its solutions: { Adyen: ['Cards EU', 'Recurring'] } as the account wizard records them.
    providers: (value) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return displayValue(value);
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.length === 0) return { kind: 'empty' };
      return text(
        entries
          .map(([provider, solutions]) => {
            const names = Array.isArray(solutions) ? solutions.map(String).join(', ') : '';
            return names ? `${provider} (${names})` : provider;
          })
          .join('; '),
      );
    },
    // Entries written before the wizard existed: a list of providers with their solutions.
    acquirers: (value) =>
      list(value, (item) => {
        const provider = (item ?? {}) as { prettyName?: string; solutions?: unknown[] };
        const solutions = (provider.solutions ?? []).map(String).join(', ');
        return solutions ? `${provider.prettyName ?? ''} (${solutions})` : String(provider.prettyName ?? '');
      }),
  },
  MID: {
    acquirerId: (value, _values, names) => text(nameOf(names.acquirers, value)),
    solutionId: (value, _values, names) => text(nameOf(names.solutions, value)),
    force3ds: (value) => text(labelOf(FORCE_3DS_LABELS, value)),
    cardBrand: (value) => list(value, (item) => labelOf(CARD_BRAND_LABELS, item)),
    currency: criteria,
    enable: yesNo,
    synchronous: yesNo,
    providerBlocksSameDay: yesNo,
    customConfig: record,
  },
  ROUTE: {
    cardBrand: (value) => list(value, (item) => labelOf(CARD_BRAND_LABELS, item)),
    currency: criteria,
  },
  CHARGEBACK: {
    status: (value) => text(labelOf(CHARGEBACK_STATUS_LABELS, value)),
    fraudType: (value) => (isBlank(value) ? { kind: 'empty' } : text(labelOf(FRAUD_TYPE_LABELS, value))),
    agent: (value) => text(agentLabelOf(value as Parameters<typeof agentLabelOf>[0])),
    template: (value) => (isBlank(value) ? { kind: 'empty' } : text(labelOf(DISPUTE_TEMPLATE_KEY_LABELS, value))),
    documentGeneratedAt: dateTime,
  },
  CHARGEBACK_TEMPLATE: {
    templateKey: (value) => text(labelOf(DISPUTE_TEMPLATE_KEY_LABELS, value)),
    sizeBytes: (value) => (typeof value === 'number' ? text(`${formatInteger(value)} bytes`) : displayValue(value)),
    uploadedAt: dateTime,
  },
  TRANSACTION: {
    transactionType: (value) => text(labelOf(TRANSACTION_TYPE_LABELS, value)),
    status: (value) => text(labelOf(TRANSACTION_STATUS_LABELS, value)),
    reason: (value) => (isBlank(value) ? { kind: 'empty' } : text(labelOf(REFUND_REASON_LABELS, value))),
    amount: money,
    refundableBefore: money,
    fullRefund: yesNo,
    error: (value) => {
      const error = value as { code?: unknown; message?: unknown } | null;
      if (!error || typeof error !== 'object') return displayValue(value);
      return text([error.code, error.message].filter((part) => !isBlank(part)).join(' '));
    },
  },
  EXPORT: { filters: record },
};

/**
 * A field's value as the modal shows it. `values` is the whole version the value belongs to (an amount needs its
 * currency); `names` the names the console knows for identifiers.
 */
export function presentValue(
  resourceType: ResourceType,
  field: string,
  value: unknown,
  values: Readonly<Record<string, unknown>>,
  names: NameBook,
): DisplayValue {
  // A case without an agent is what the queue calls Unassigned; any other missing value is empty.
  if (isBlank(value)) {
    return resourceType === 'CHARGEBACK' && field === 'agent' ? text(agentLabelOf(null)) : { kind: 'empty' };
  }
  const presenter = PRESENTERS[resourceType]?.[field] ?? COMMON[field];
  if (presenter) return presenter(value, values, names);
  if (typeof value === 'boolean') return yesNo(value);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? record(value) : displayValue(value);
}
