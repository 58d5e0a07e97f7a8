// The keys of each list. `param` is the filter id in the console's <area>-filters.ts (the list call's query name),
// so a compiled query is exactly the address the filter bar writes. Labels are the filter bar's. Negatable keys are
// enums over a NOT NULL column whose values the options cover (see EnumKeySpec).
import { chargebackReasonOptions, chargebackStatusOptions, fraudTypeOptions } from '../chargebacks';
import { AGENT_OTHERS, AGENT_OTHERS_NAME, AGENT_UNASSIGNED, AGENT_UNASSIGNED_NAME } from '../contract/chargebacks';
import { countryOptions } from '../countries';
import { currencyOptions } from '../currencies';
import {
  ACTION_TYPE_LABELS,
  ACTION_TYPES,
  ALERT_CARD_BRANDS,
  ALERT_STATUSES,
  ALERT_TYPES,
  CARD_BRAND_LABELS,
  CARD_BRANDS,
  DISPUTE_OPERATION_LABELS,
  DISPUTE_OPERATIONS,
  FORCE_3DS_LABELS,
  FORCE_3DS_VALUES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  RECURRENCE_TYPE_LABELS,
  RECURRENCE_TYPES,
  RESOURCE_TYPE_LABELS,
  RESOURCE_TYPES,
  SUBSCRIPTION_STATUS_LABELS,
  SUBSCRIPTION_STATUSES,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPE_LABELS,
  TRANSACTION_TYPES,
  USER_STATUS_LABELS,
  USER_STATUSES,
  USER_TYPE_LABELS,
  USER_TYPES,
} from '../enums';
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES } from '../invoices';
import { ALERT_CARD_BRAND_LABELS, ALERT_STATUS_LABELS, ALERT_TYPE_LABELS } from '../risk-alerts';
import { ROUTE_FALLBACK_OPTIONS, ROUTE_PRIORITY_OPTIONS, ROUTE_WEIGHT_BAND_OPTIONS } from '../routes';
import type {
  DateRangeKeySpec,
  EnumKeySpec,
  IdListKeySpec,
  QueryKeyRegistry,
  QueryKeySpec,
  QueryValueOption,
} from './key-spec';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const labelled = <T extends string>(values: readonly T[], labels: Record<T, string>): QueryValueOption[] =>
  values.map((value) => ({ value, label: labels[value] }));

type EnumOptions = Pick<EnumKeySpec, 'aliases' | 'negatable' | 'printAs' | 'single'>;

/** A closed-set key: the filter's options under the filter's label. */
const enumKey = (
  name: string,
  param: string,
  label: string,
  options: readonly QueryValueOption[],
  more: EnumOptions = {},
): EnumKeySpec => ({ kind: 'enum', name, param, label, options, ...more });

/** The table's date filter: presets, a day or from..to, kept in the address as one value. */
const dateKey = (name: string, param: string, label: string, aliases?: readonly string[]): DateRangeKeySpec => ({
  kind: 'dateRange',
  name,
  param,
  label,
  ...(aliases ? { aliases } : {}),
});

/** Records picked by id (merchants, MIDs, providers): the names come from the options the screen's filter loaded. */
const idKey = (
  name: string,
  param: string,
  label: string,
  more: Pick<IdListKeySpec, 'aliases' | 'fixedOptions' | 'source'> = {},
): IdListKeySpec => ({ kind: 'idList', name, param, label, idPattern: UUID, ...more });

export const TRANSACTION_QUERY_KEYS: QueryKeyRegistry = {
  list: 'transactions',
  keys: [
    enumKey('country', 'issuerCountry', 'Issuer country', countryOptions(), {
      aliases: ['issuerCountry', 'issuer'],
      printAs: 'value',
    }),
    enumKey('status', 'status', 'Status', labelled(TRANSACTION_STATUSES, TRANSACTION_STATUS_LABELS), {
      aliases: ['is'],
      negatable: true,
    }),
    enumKey('type', 'transactionType', 'Transaction type', labelled(TRANSACTION_TYPES, TRANSACTION_TYPE_LABELS), {
      aliases: ['transactionType'],
      negatable: true,
    }),
    enumKey('category', 'category', 'Category', labelled(RECURRENCE_TYPES, RECURRENCE_TYPE_LABELS), {
      aliases: ['cat'],
      negatable: true,
    }),
    enumKey('currency', 'currency', 'Currency', currencyOptions(), { aliases: ['cur'], printAs: 'value' }),
    { kind: 'textList', name: 'url', label: 'URL', param: 'url', maxLength: 2048 },
    {
      kind: 'textList',
      name: 'gateway',
      aliases: ['paymentGateway', 'provider'],
      label: 'Payment gateway',
      param: 'paymentGateway',
      maxLength: 200,
    },
    enumKey('method', 'paymentMethod', 'Payment method', labelled(PAYMENT_METHODS, PAYMENT_METHOD_LABELS), {
      aliases: ['paymentMethod', 'pm'],
      negatable: true,
    }),
    dateKey('created', 'creationDate', 'Creation date', ['creationDate', 'date']),
    idKey('merchant', 'merchantId', 'Merchant', { aliases: ['merchantId'], source: 'merchants' }),
    idKey('route', 'routeId', 'Route', { aliases: ['routeId'], source: 'routes' }),
    idKey('mid', 'midId', 'MID', { aliases: ['midId'], source: 'mids' }),
    {
      kind: 'numberRange',
      name: 'risk',
      aliases: ['riskScore', 'score'],
      label: 'Risk score',
      param: 'riskScore',
      min: 0,
      max: 100,
    },
  ],
};

export const CHARGEBACK_QUERY_KEYS: QueryKeyRegistry = {
  list: 'chargebacks',
  keys: [
    enumKey('status', 'status', 'Status', chargebackStatusOptions, { aliases: ['is'], negatable: true }),
    enumKey('type', 'operation', 'Type', labelled(DISPUTE_OPERATIONS, DISPUTE_OPERATION_LABELS), {
      aliases: ['operation'],
      negatable: true,
    }),
    idKey('agent', 'agentId', 'Agent', {
      aliases: ['agentId', 'assignee'],
      source: 'agents',
      fixedOptions: [
        { value: AGENT_OTHERS, label: AGENT_OTHERS_NAME },
        { value: AGENT_UNASSIGNED, label: AGENT_UNASSIGNED_NAME },
      ],
    }),
    dateKey('notified', 'notificationDate', 'Notification date', ['notificationDate', 'notification']),
    dateKey('expires', 'expirationDate', 'Expiration date', ['expirationDate', 'expiration']),
    enumKey('reason', 'reason', 'Reason', chargebackReasonOptions, { negatable: true }),
    enumKey('fraud', 'fraudType', 'Fraud type', fraudTypeOptions, { aliases: ['fraudType'] }),
    { kind: 'flag', name: 'hideExpired', label: 'Hide expired', param: 'hideExpired' },
  ],
};

export const INVOICE_QUERY_KEYS: QueryKeyRegistry = {
  list: 'invoices',
  keys: [
    enumKey('status', 'status', 'Status', labelled(INVOICE_STATUSES, INVOICE_STATUS_LABELS), {
      aliases: ['is'],
      negatable: true,
    }),
    dateKey('period', 'timePeriod', 'Time period', ['timePeriod']),
  ],
};

export const RISK_ALERT_QUERY_KEYS: QueryKeyRegistry = {
  list: 'risk alerts',
  keys: [
    enumKey('type', 'type', 'Type', labelled(ALERT_TYPES, ALERT_TYPE_LABELS), { negatable: true }),
    enumKey('status', 'status', 'Status', labelled(ALERT_STATUSES, ALERT_STATUS_LABELS), {
      aliases: ['is'],
      negatable: true,
    }),
    // Not negatable: an alert's brand is any card brand, the filter offers two.
    enumKey('brand', 'paymentMethod', 'Card brand', labelled(ALERT_CARD_BRANDS, ALERT_CARD_BRAND_LABELS), {
      aliases: ['cardBrand', 'paymentMethod'],
    }),
    dateKey('created', 'creationDate', 'Creation Date', ['creationDate', 'date']),
    dateKey('changed', 'lastUpdateDate', 'Last Changes', ['lastUpdateDate', 'updated']),
  ],
};

export const SUBSCRIPTION_QUERY_KEYS: QueryKeyRegistry = {
  list: 'subscriptions',
  keys: [
    // The filter's options: FULFILLED shows as active and is not offered apart (subscription-filters.ts).
    enumKey(
      'status',
      'status',
      'Status',
      labelled(
        SUBSCRIPTION_STATUSES.filter((status) => status !== 'FULFILLED'),
        SUBSCRIPTION_STATUS_LABELS,
      ),
      { aliases: ['is'] },
    ),
    enumKey('country', 'country', 'Country', countryOptions(), { printAs: 'value' }),
    idKey('plan', 'planId', 'Plan', { aliases: ['planId'], source: 'plans' }),
    dateKey('attempted', 'lastAttemptDate', 'Attempt Date', ['lastAttemptDate', 'attempt']),
  ],
};

export const PLAN_QUERY_KEYS: QueryKeyRegistry = {
  list: 'plans',
  keys: [dateKey('changed', 'modifiedDate', 'Last changes', ['modifiedDate', 'lastChanges', 'updated'])],
};

// A MID's currencies, countries and brands are lists (a MID takes any of them), so no complement is exact there:
// '-brand:visa' would keep a MID that takes Visa and Mastercard. Force 3DS is one value per MID, an unset one read as
// 'Null' by the server, so its options cover every MID.
export const MID_QUERY_KEYS: QueryKeyRegistry = {
  list: 'MIDs',
  keys: [
    idKey('provider', 'acquirerId', 'Provider', { aliases: ['acquirer', 'acquirerId'] }),
    enumKey('force3ds', 'force3ds', 'Force 3DS', labelled(FORCE_3DS_VALUES, FORCE_3DS_LABELS), {
      aliases: ['threeds'],
      negatable: true,
    }),
    enumKey('currency', 'currency', 'Currency', currencyOptions(), { aliases: ['cur'], printAs: 'value' }),
    enumKey('country', 'issuerCountry', 'Issuer country', countryOptions(), {
      aliases: ['issuerCountry', 'issuer'],
      printAs: 'value',
    }),
    enumKey('brand', 'cardBrand', 'Card brand', labelled(CARD_BRANDS, CARD_BRAND_LABELS), {
      aliases: ['cardBrand'],
    }),
    // The merchant's URL and tag lists fill these filters; the server matches the values as given.
    { kind: 'textList', name: 'url', label: 'URL', param: 'url', maxLength: 2048 },
    { kind: 'textList', name: 'tag', aliases: ['customTag'], label: 'Custom tag', param: 'customTag', maxLength: 200 },
  ],
};

// Weight and priority are NOT NULL and checked to 0-100 and 1-10, so the bands and priorities cover every route.
export const ROUTE_QUERY_KEYS: QueryKeyRegistry = {
  list: 'routes',
  keys: [
    enumKey('weight', 'weight', 'Weight', ROUTE_WEIGHT_BAND_OPTIONS, { negatable: true }),
    enumKey('priority', 'priority', 'Priority', ROUTE_PRIORITY_OPTIONS, {
      aliases: ['prio'],
      negatable: true,
      printAs: 'value',
    }),
    enumKey('fallback', 'fallbackRoute', 'Fallback MID', ROUTE_FALLBACK_OPTIONS, {
      aliases: ['fallbackRoute', 'fallbackMid'],
      negatable: true,
      printAs: 'value',
      single: true,
    }),
    idKey('mid', 'midId', 'MID', { aliases: ['midId'], source: 'mids' }),
  ],
};

// The merchants and accounts lists have no filters beyond their search box: their registries hold no key, so the
// box answers 'status:…' with a typed error instead of searching for the words 'status:…'.
export const MERCHANT_QUERY_KEYS: QueryKeyRegistry = { list: 'merchants', keys: [] };
export const ACCOUNT_QUERY_KEYS: QueryKeyRegistry = { list: 'accounts', keys: [] };

// Not negatable: the list leaves deleted users out unless the status filter names them, so '-status:invited' would
// bring deleted users in. The user type is NOT NULL and one of two.
export const USER_QUERY_KEYS: QueryKeyRegistry = {
  list: 'users',
  keys: [
    enumKey('type', 'userType', 'User Type', labelled(USER_TYPES, USER_TYPE_LABELS), {
      aliases: ['userType'],
      negatable: true,
      single: true,
    }),
    idKey('account', 'accountId', 'Account Name', { aliases: ['accountId', 'acc'] }),
    enumKey('status', 'status', 'Status', labelled(USER_STATUSES, USER_STATUS_LABELS), { aliases: ['is'] }),
  ],
};

// Every audit entry has an action and a resource type from the closed lists the filters offer.
export const ACTIVITY_QUERY_KEYS: QueryKeyRegistry = {
  list: 'user activity',
  keys: [
    enumKey('action', 'actionType', 'Action type', labelled(ACTION_TYPES, ACTION_TYPE_LABELS), {
      aliases: ['actionType'],
      negatable: true,
    }),
    idKey('merchant', 'merchantId', 'Merchant', { aliases: ['merchantId'], source: 'merchants' }),
    enumKey('resource', 'resourceType', 'Resource type', labelled(RESOURCE_TYPES, RESOURCE_TYPE_LABELS), {
      aliases: ['resourceType'],
      negatable: true,
    }),
    dateKey('date', 'date', 'Date', ['when']),
  ],
};

/** Every list's keys, for what covers them all (the property tests, the README's list of keys). */
export const QUERY_KEY_REGISTRIES: readonly QueryKeyRegistry[] = [
  TRANSACTION_QUERY_KEYS,
  CHARGEBACK_QUERY_KEYS,
  INVOICE_QUERY_KEYS,
  RISK_ALERT_QUERY_KEYS,
  SUBSCRIPTION_QUERY_KEYS,
  PLAN_QUERY_KEYS,
  MID_QUERY_KEYS,
  ROUTE_QUERY_KEYS,
  MERCHANT_QUERY_KEYS,
  ACCOUNT_QUERY_KEYS,
  USER_QUERY_KEYS,
  ACTIVITY_QUERY_KEYS,
];

/**
 * The registry narrowed to the filters a screen shows (the merchant-level transactions list has no merchant filter),
 * so a key the screen cannot apply is an unknown key rather than a filter that silently does nothing.
 */
export function registryFor(registry: QueryKeyRegistry, filterIds: readonly string[]): QueryKeyRegistry {
  const shown = new Set(filterIds);
  return { ...registry, keys: registry.keys.filter((spec: QueryKeySpec) => shown.has(spec.param)) };
}
