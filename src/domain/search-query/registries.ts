// The keys of each list. `param` is the filter id in the console's <area>-filters.ts (the list call's query name),
// so a compiled query is exactly the address the filter bar writes. Labels are the filter bar's.

import { chargebackReasonOptions, chargebackStatusOptions, fraudTypeOptions } from '../chargebacks';
import { AGENT_OTHERS, AGENT_OTHERS_NAME, AGENT_UNASSIGNED, AGENT_UNASSIGNED_NAME } from '../contract/chargebacks';
import { countryOptions } from '../countries';
import {
  DISPUTE_OPERATION_LABELS,
  DISPUTE_OPERATIONS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  RECURRENCE_TYPE_LABELS,
  RECURRENCE_TYPES,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPE_LABELS,
  TRANSACTION_TYPES,
} from '../enums';
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES } from '../invoices';
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
      options: labelled(TRANSACTION_STATUSES, TRANSACTION_STATUS_LABELS),
    },
    {
      kind: 'enum',
      name: 'type',
      aliases: ['transactionType'],
      label: 'Transaction type',
      param: 'transactionType',
      options: labelled(TRANSACTION_TYPES, TRANSACTION_TYPE_LABELS),
    },
    {
      kind: 'enum',
      name: 'category',
      aliases: ['cat'],
      label: 'Category',
      param: 'category',
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
    },
    { kind: 'idList', name: 'route', aliases: ['routeId'], label: 'Route', param: 'routeId', idPattern: UUID },
    { kind: 'idList', name: 'mid', aliases: ['midId'], label: 'MID', param: 'midId', idPattern: UUID },
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
      options: chargebackStatusOptions,
    },
    {
      kind: 'enum',
      name: 'type',
      aliases: ['operation'],
      label: 'Type',
      param: 'operation',
      options: labelled(DISPUTE_OPERATIONS, DISPUTE_OPERATION_LABELS),
    },
    {
      kind: 'idList',
      name: 'agent',
      aliases: ['agentId', 'assignee'],
      label: 'Agent',
      param: 'agentId',
      idPattern: UUID,
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
    { kind: 'enum', name: 'reason', label: 'Reason', param: 'reason', options: chargebackReasonOptions },
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
      options: labelled(INVOICE_STATUSES, INVOICE_STATUS_LABELS),
    },
    { kind: 'dateRange', name: 'period', aliases: ['timePeriod'], label: 'Time period', param: 'timePeriod' },
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
