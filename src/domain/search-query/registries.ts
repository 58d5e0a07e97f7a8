// The keys of each list. `param` is the filter id in the console's <area>-filters.ts (the list call's query name),
// so a compiled query is exactly the address the filter bar writes. Labels are the filter bar's. Negatable keys are
// enums over a NOT NULL column whose values the options cover (see EnumKeySpec).
import { chargebackReasonOptions, chargebackStatusOptions, fraudTypeOptions } from '../chargebacks';
import { AGENT_OTHERS, AGENT_OTHERS_NAME, AGENT_UNASSIGNED, AGENT_UNASSIGNED_NAME } from '../contract/chargebacks';
import { countryOptions } from '../countries';
import {
  ALERT_CARD_BRANDS,
  ALERT_STATUSES,
  ALERT_TYPES,
  DISPUTE_OPERATION_LABELS,
  DISPUTE_OPERATIONS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  RECURRENCE_TYPE_LABELS,
  RECURRENCE_TYPES,
  SUBSCRIPTION_STATUS_LABELS,
  SUBSCRIPTION_STATUSES,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPE_LABELS,
  TRANSACTION_TYPES,
} from '../enums';
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES } from '../invoices';
import { ALERT_CARD_BRAND_LABELS, ALERT_STATUS_LABELS, ALERT_TYPE_LABELS } from '../risk-alerts';
import type { QueryKeyRegistry, QueryKeySpec, QueryValueOption } from './key-spec';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const labelled = <T extends string>(values: readonly T[], labels: Record<T, string>): QueryValueOption[] =>
  values.map((value) => ({ value, label: labels[value] }));

export const TRANSACTION_QUERY_KEYS: QueryKeyRegistry = {
  list: 'transactions',
  keys: [
    {
      kind: 'enum',
      name: 'country',
      aliases: ['issuerCountry', 'issuer'],
      label: 'Issuer country',
      param: 'issuerCountry',
      options: countryOptions(),
      printAs: 'value',
    },
    {
      kind: 'enum',
      name: 'status',
      aliases: ['is'],
      label: 'Status',
      param: 'status',
      negatable: true,
      options: labelled(TRANSACTION_STATUSES, TRANSACTION_STATUS_LABELS),
    },
    {
      kind: 'enum',
      name: 'type',
      aliases: ['transactionType'],
      label: 'Transaction type',
      param: 'transactionType',
      negatable: true,
      options: labelled(TRANSACTION_TYPES, TRANSACTION_TYPE_LABELS),
    },
    {
      kind: 'enum',
      name: 'category',
      aliases: ['cat'],
      label: 'Category',
      param: 'category',
      negatable: true,
      options: labelled(RECURRENCE_TYPES, RECURRENCE_TYPE_LABELS),
    },
    { kind: 'textList', name: 'url', label: 'URL', param: 'url', maxLength: 2048 },
    {
      kind: 'textList',
      name: 'gateway',
      aliases: ['paymentGateway', 'provider'],
      label: 'Payment gateway',
      param: 'paymentGateway',
      maxLength: 200,
    },
    {
      kind: 'enum',
      name: 'method',
      aliases: ['paymentMethod', 'pm'],
      label: 'Payment method',
      param: 'paymentMethod',
      negatable: true,
      options: labelled(PAYMENT_METHODS, PAYMENT_METHOD_LABELS),
    },
    {
      kind: 'dateRange',
      name: 'created',
      aliases: ['creationDate', 'date'],
      label: 'Creation date',
      param: 'creationDate',
    },
    {
      kind: 'idList',
      name: 'merchant',
      aliases: ['merchantId'],
      label: 'Merchant',
      param: 'merchantId',
      idPattern: UUID,
      source: 'merchants',
    },
    {
      kind: 'idList',
      name: 'route',
      aliases: ['routeId'],
      label: 'Route',
      param: 'routeId',
      idPattern: UUID,
      source: 'routes',
    },
    { kind: 'idList', name: 'mid', aliases: ['midId'], label: 'MID', param: 'midId', idPattern: UUID, source: 'mids' },
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
    {
      kind: 'enum',
      name: 'status',
      aliases: ['is'],
      label: 'Status',
      param: 'status',
      negatable: true,
      options: chargebackStatusOptions,
    },
    {
      kind: 'enum',
      name: 'type',
      aliases: ['operation'],
      label: 'Type',
      param: 'operation',
      negatable: true,
      options: labelled(DISPUTE_OPERATIONS, DISPUTE_OPERATION_LABELS),
    },
    {
      kind: 'idList',
      name: 'agent',
      aliases: ['agentId', 'assignee'],
      label: 'Agent',
      param: 'agentId',
      idPattern: UUID,
      source: 'agents',
      fixedOptions: [
        { value: AGENT_OTHERS, label: AGENT_OTHERS_NAME },
        { value: AGENT_UNASSIGNED, label: AGENT_UNASSIGNED_NAME },
      ],
    },
    {
      kind: 'dateRange',
      name: 'notified',
      aliases: ['notificationDate', 'notification'],
      label: 'Notification date',
      param: 'notificationDate',
    },
    {
      kind: 'dateRange',
      name: 'expires',
      aliases: ['expirationDate', 'expiration'],
      label: 'Expiration date',
      param: 'expirationDate',
    },
    {
      kind: 'enum',
      name: 'reason',
      label: 'Reason',
      param: 'reason',
      options: chargebackReasonOptions,
      negatable: true,
    },
    {
      kind: 'enum',
      name: 'fraud',
      aliases: ['fraudType'],
      label: 'Fraud type',
      param: 'fraudType',
      options: fraudTypeOptions,
    },
    { kind: 'flag', name: 'hideExpired', label: 'Hide expired', param: 'hideExpired' },
  ],
};

export const INVOICE_QUERY_KEYS: QueryKeyRegistry = {
  list: 'invoices',
  keys: [
    {
      kind: 'enum',
      name: 'status',
      aliases: ['is'],
      label: 'Status',
      param: 'status',
      negatable: true,
      options: labelled(INVOICE_STATUSES, INVOICE_STATUS_LABELS),
    },
    { kind: 'dateRange', name: 'period', aliases: ['timePeriod'], label: 'Time period', param: 'timePeriod' },
  ],
};

export const RISK_ALERT_QUERY_KEYS: QueryKeyRegistry = {
  list: 'risk alerts',
  keys: [
    {
      kind: 'enum',
      name: 'type',
      label: 'Type',
      param: 'type',
      options: labelled(ALERT_TYPES, ALERT_TYPE_LABELS),
      negatable: true,
    },
    {
      kind: 'enum',
      name: 'status',
      aliases: ['is'],
      label: 'Status',
      param: 'status',
      options: labelled(ALERT_STATUSES, ALERT_STATUS_LABELS),
      negatable: true,
    },
    // Not negatable: an alert's brand is any card brand, the filter offers two.
    {
      kind: 'enum',
      name: 'brand',
      aliases: ['cardBrand', 'paymentMethod'],
      label: 'Card brand',
      param: 'paymentMethod',
      options: labelled(ALERT_CARD_BRANDS, ALERT_CARD_BRAND_LABELS),
    },
    {
      kind: 'dateRange',
      name: 'created',
      aliases: ['creationDate', 'date'],
      label: 'Creation Date',
      param: 'creationDate',
    },
    {
      kind: 'dateRange',
      name: 'changed',
      aliases: ['lastUpdateDate', 'updated'],
      label: 'Last Changes',
      param: 'lastUpdateDate',
    },
  ],
};

export const SUBSCRIPTION_QUERY_KEYS: QueryKeyRegistry = {
  list: 'subscriptions',
  keys: [
    {
      kind: 'enum',
      name: 'status',
      aliases: ['is'],
      label: 'Status',
      param: 'status',
      // The filter's options: FULFILLED shows as active and is not offered apart (subscription-filters.ts).
      options: labelled(
        SUBSCRIPTION_STATUSES.filter((status) => status !== 'FULFILLED'),
        SUBSCRIPTION_STATUS_LABELS,
      ),
    },
    { kind: 'enum', name: 'country', label: 'Country', param: 'country', options: countryOptions(), printAs: 'value' },
    {
      kind: 'idList',
      name: 'plan',
      aliases: ['planId'],
      label: 'Plan',
      param: 'planId',
      idPattern: UUID,
      source: 'plans',
    },
    {
      kind: 'dateRange',
      name: 'attempted',
      aliases: ['lastAttemptDate', 'attempt'],
      label: 'Attempt Date',
      param: 'lastAttemptDate',
    },
  ],
};

/**
 * The registry narrowed to the filters a screen shows (the merchant-level transactions list has no merchant filter),
 * so a key the screen cannot apply is an unknown key rather than a filter that silently does nothing.
 */
export function registryFor(registry: QueryKeyRegistry, filterIds: readonly string[]): QueryKeyRegistry {
  const shown = new Set(filterIds);
  return { ...registry, keys: registry.keys.filter((spec: QueryKeySpec) => shown.has(spec.param)) };
}
