import { startOfToday } from '@domain/chargebacks';
import {
  AGENT_OTHERS,
  AGENT_OTHERS_NAME,
  AGENT_UNASSIGNED,
  type Agent,
  CHARGEBACK_DEFAULT_ORDER,
  type ChargebackAgent,
  type ChargebackDetail,
  type ChargebackExportQuery,
  type ChargebackListItem,
  type ChargebackListQuery,
  type ChargebackSortField,
} from '@domain/contract/chargebacks';
import type {
  CardBrand,
  ChargebackReason,
  ChargebackStatus,
  DisputeOperation,
  DisputeTemplateKey,
  FraudType,
} from '@domain/enums';
import { isIdentifier } from '@domain/ids';
import { type AnyColumn, and, asc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import {
  accounts,
  acquirers,
  chargebackAgents,
  chargebacks,
  merchants,
  solutions,
  transactions,
} from '../../db/schema';
import type { SortKey } from '../../lib/export/keyset';
import { containsPattern, idStartsWith } from '../../lib/list';

// Reads of the dispute queue (spec 3, sections 2.3, 2.4 and 3 "Chargeback"). The where-builder and the sort keys are
// shared by the list and its ZIP export, so both filter and order alike. Every filter is a condition on `chargebacks`
// itself (the search's order id and e-mail are copied onto the case), so the planner can walk the (account,
// notification date) indexes in order and stop after a page. A case's payment, card, IP and provider data are read
// through its payment; its company data through the payment's merchant.

export { CHARGEBACK_DEFAULT_ORDER };

/** The queue's sortable fields; the tiebreaker (the id) sorts the same way, as the indexes hold it. */
export const CHARGEBACK_SORT_KEYS: Record<ChargebackSortField, SortKey> = {
  notificationDate: { expression: chargebacks.notificationDate, type: 'timestamptz' },
  expirationDate: { expression: chargebacks.expirationDate, type: 'timestamptz' },
  amount: { expression: chargebacks.amount, type: 'bigint' },
};

/** The filters the list and the export share. */
export type ChargebackFilters = Omit<Partial<ChargebackListQuery>, 'page' | 'limit' | 'order'> &
  Partial<Pick<ChargebackExportQuery, 'timeZone'>>;

/** The disputed payment, joined under its own name so subqueries on `transactions` never mistake it. */
const payment = alias(transactions, 'payment');

/**
 * The quick search. Identifiers (the case's own id and its payment's id) match by prefix, or whole with exactMatch;
 * the case id and the dispute id contain the text (or equal it with exactMatch), ignoring case. searchType TEXT (the
 * default) also looks at the order id and the customer's name and e-mail.
 */
export function chargebackSearch(
  search: string | undefined,
  searchType: ChargebackListQuery['searchType'],
  exactMatch: boolean | undefined,
): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const lowered = text.toLowerCase();
  const matches = (column: AnyColumn) =>
    exactMatch ? sql`lower(${column}) = ${lowered}` : sql`lower(${column}) like ${containsPattern(text)}`;
  const byId = (column: AnyColumn) =>
    exactMatch ? (isIdentifier(text) ? sql`${column} = ${lowered}::uuid` : undefined) : idStartsWith(column, text);
  const conditions: (SQL | undefined)[] = [
    byId(chargebacks.id),
    byId(chargebacks.paymentTransactionId),
    matches(chargebacks.caseId),
    matches(chargebacks.disputeId),
  ];
  if ((searchType ?? 'TEXT') === 'TEXT') {
    conditions.push(
      matches(chargebacks.orderId),
      matches(chargebacks.customerName),
      matches(chargebacks.customerEmail),
    );
  }
  return or(...conditions);
}

/** agentId[]: agents by id, OTHERS (assigned to Others) and UNASSIGNED (no assignment at all), any of them. */
export function agentFilter(values: readonly string[] | undefined): SQL | undefined {
  if (!values?.length) return undefined;
  const agentIds = values.filter(isIdentifier).map((id) => id.toLowerCase());
  // `agent_id is null` beside each pseudo-agent lets the partial index of unassigned and Others cases answer.
  return or(
    agentIds.length ? inArray(chargebacks.agentId, agentIds) : undefined,
    values.includes(AGENT_OTHERS)
      ? sql`(${chargebacks.agentId} is null and ${chargebacks.assignedToOthers})`
      : undefined,
    values.includes(AGENT_UNASSIGNED)
      ? sql`(${chargebacks.agentId} is null and not ${chargebacks.assignedToOthers})`
      : undefined,
  );
}

const anyOf = (column: Parameters<typeof inArray>[0], values: readonly string[] | undefined) =>
  values?.length ? inArray(column, [...values]) : undefined;

/**
 * The account's cases narrowed by the queue's filters. hideExpired keeps the cases expiring today or later in the
 * caller's zone (UTC unless given): a case is expired once its expiration date is before the start of today.
 */
export function chargebackListWhere(accountId: string, query: ChargebackFilters, now: number): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(chargebacks.accountId, accountId),
    anyOf(chargebacks.status, query.status),
    anyOf(chargebacks.operation, query.operation),
    agentFilter(query.agentId),
    anyOf(chargebacks.reason, query.reason),
    anyOf(chargebacks.fraudType, query.fraudType),
    query.notificationDateFrom ? gte(chargebacks.notificationDate, new Date(query.notificationDateFrom)) : undefined,
    query.notificationDateTo ? lte(chargebacks.notificationDate, new Date(query.notificationDateTo)) : undefined,
    query.expirationDateFrom ? gte(chargebacks.expirationDate, new Date(query.expirationDateFrom)) : undefined,
    query.expirationDateTo ? lte(chargebacks.expirationDate, new Date(query.expirationDateTo)) : undefined,
    query.hideExpired ? gte(chargebacks.expirationDate, startOfToday(now, query.timeZone ?? 'UTC')) : undefined,
    chargebackSearch(query.search, query.searchType, query.exactMatch),
  ];
  return and(...conditions)!;
}

// The payment's refunds; the subquery's FROM spells `transactions refund` out, as a sql template renders an alias by
// its name alone.
const refund = alias(transactions, 'refund');

/** The columns a queue row is made of: the case, its payment's order and customer data, agent and processor names. */
export const chargebackListColumns = {
  id: chargebacks.id,
  accountId: chargebacks.accountId,
  merchantId: chargebacks.merchantId,
  caseId: chargebacks.caseId,
  disputeId: chargebacks.disputeId,
  operation: chargebacks.operation,
  status: chargebacks.status,
  fraudType: chargebacks.fraudType,
  hasPreviousChargebacks: chargebacks.hasPreviousChargebacks,
  // Refunds notified with the case, or made since (in this console or by the acquirer) on the payment.
  hasRefund: sql<boolean>`(${chargebacks.hasRefund} or exists (select 1 from ${transactions} ${sql.identifier('refund')} where ${refund.accountId} = ${chargebacks.accountId} and ${refund.parentId} = ${chargebacks.paymentTransactionId} and ${refund.createdAt} >= ${chargebacks.paymentCreatedAt} and ${refund.transactionType} in ('REFUND', 'PARTIAL_REFUND') and ${refund.status} = 'SUCCESS'))`,
  amount: chargebacks.amount,
  currency: chargebacks.currency,
  notificationDate: chargebacks.notificationDate,
  expirationDate: chargebacks.expirationDate,
  reason: chargebacks.reason,
  reasonProcessor: chargebacks.reasonProcessor,
  agentId: chargebacks.agentId,
  assignedToOthers: chargebacks.assignedToOthers,
  agentName: sql<
    string | null
  >`(select ${chargebackAgents.name} from ${chargebackAgents} where ${chargebackAgents.id} = ${chargebacks.agentId})`,
  psp: sql<
    string | null
  >`(select ${acquirers.prettyName} from ${acquirers} where ${acquirers.id} = ${payment.acquirerId})`,
  orderId: chargebacks.orderId,
  paymentId: chargebacks.paymentTransactionId,
  customerName: chargebacks.customerName,
  customerEmail: chargebacks.customerEmail,
  customerIp: payment.shopperIp,
};

/** `select(columns)` from the cases joined to their payments (in the case's account): the FROM every row reader uses. */
export function selectChargebacks<T extends SelectedFields>(db: Queryable, columns: T) {
  return db
    .select(columns)
    .from(chargebacks)
    .$dynamic()
    .innerJoin(
      payment,
      // The payment's month too: `transactions` is partitioned by it (migration 0039).
      and(
        eq(payment.id, chargebacks.paymentTransactionId),
        eq(payment.accountId, chargebacks.accountId),
        eq(payment.createdAt, chargebacks.paymentCreatedAt),
      ),
    );
}

/**
 * One page of the queue in `orderBy`: the page's ids are picked first (an index walk past the offset, nothing
 * joined), with their account, and only its rows are read with their payment and names.
 */
export async function loadListPage(
  db: Queryable,
  where: SQL,
  orderBy: SQL[],
  window: { limit: number; offset: number },
) {
  const page = db
    .select({ id: chargebacks.id, accountId: chargebacks.accountId })
    .from(chargebacks)
    .where(where)
    .orderBy(...orderBy)
    .limit(window.limit)
    .offset(window.offset);
  return selectChargebacks(db, chargebackListColumns)
    .where(sql`(${chargebacks.id}, ${chargebacks.accountId}) in ${page}`)
    .orderBy(...orderBy);
}

export type ChargebackListRow = Awaited<ReturnType<typeof loadListPage>>[number];

/** The case's assignment as the API shows it: the agent, Others, or null (unassigned). */
export function assignmentOf(row: {
  agentId: string | null;
  assignedToOthers: boolean;
  agentName: string | null;
}): ChargebackAgent | null {
  if (row.agentId) return { id: row.agentId, name: row.agentName ?? '' };
  if (row.assignedToOthers) return { id: AGENT_OTHERS, name: AGENT_OTHERS_NAME };
  return null;
}

export function toListItem(row: ChargebackListRow): ChargebackListItem {
  return {
    chargebackId: row.id,
    caseId: row.caseId,
    disputeId: row.disputeId,
    operation: row.operation as DisputeOperation,
    status: row.status as ChargebackStatus,
    fraudType: row.fraudType as FraudType | null,
    hasPreviousChargebacks: row.hasPreviousChargebacks,
    hasRefund: row.hasRefund === true,
    amount: Number(row.amount),
    currency: row.currency,
    notificationDate: row.notificationDate.toISOString(),
    expirationDate: row.expirationDate.toISOString(),
    reason: { parsed: row.reason as ChargebackReason, processor: row.reasonProcessor },
    agent: assignmentOf(row),
    psp: row.psp ?? '',
    orderId: row.orderId,
    paymentId: row.paymentId,
    customer: { name: row.customerName, email: row.customerEmail, ip: row.customerIp },
  };
}

/** The caller may only name cases by identifier; anything else cannot exist. */
export const chargebackIdOrNull = (value: string) => (isIdentifier(value) ? value.toLowerCase() : null);

/** One case's queue row (what every write answers with); null when the account has no such case. */
export async function loadListItem(
  db: Queryable,
  accountId: string,
  chargebackId: string,
): Promise<ChargebackListItem | null> {
  const id = chargebackIdOrNull(chargebackId);
  if (!id) return null;
  const [row] = await selectChargebacks(db, chargebackListColumns)
    .where(and(eq(chargebacks.id, id), eq(chargebacks.accountId, accountId)))
    .limit(1);
  return row ? toListItem(row) : null;
}

/** Whether the account has the dispute manager at all (spec 3, section 2: the chargebacks feature). */
export async function hasChargebacksFeature(db: Queryable, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: accounts.hasChargebacksFeature })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row?.enabled === true;
}

/** The account's agents by name (GET /account/{accountId}/agent). */
export async function loadAgents(db: Queryable, accountId: string): Promise<Agent[]> {
  return db
    .select({ id: chargebackAgents.id, name: chargebackAgents.name })
    .from(chargebackAgents)
    .where(eq(chargebackAgents.accountId, accountId))
    .orderBy(asc(sql`lower(${chargebackAgents.name})`), asc(chargebackAgents.id));
}

// ---- Detail ----

const detailColumns = {
  ...chargebackListColumns,
  externalUrl: chargebacks.externalUrl,
  template: chargebacks.template,
  documentStoredName: chargebacks.documentStoredName,
  custom: chargebacks.custom,
  paymentExternalId: payment.providerTransactionId,
  paymentDate: payment.createdAt,
  paymentAmount: payment.amount,
  paymentCurrency: payment.currency,
  paymentThreeDs: payment.threeDsSent,
  cardHolder: payment.cardHolder,
  cardBrand: payment.cardBrand,
  orderConcept: payment.orderConcept,
  solution: sql<
    string | null
  >`(select ${solutions.prettyName} from ${solutions} where ${solutions.id} = ${payment.solutionId})`,
  accountName: accounts.prettyName,
  companyName: merchants.merchantLegalName,
  companyEmail: merchants.email,
  companyUrl: merchants.corporateUrl,
  companyRegistrationNumber: merchants.vatNumber,
  companyStreet: merchants.street,
  companyZipCode: merchants.zipCode,
  companyCity: merchants.city,
  companyCountry: merchants.country,
};

/** The link of the case's last generated document, relative to the API base, served with the caller's session. */
export const chargebackDocumentPath = (accountId: string, chargebackId: string) =>
  `/account/${accountId}/chargeback/${chargebackId}/document/file`;

/** 'Gran Via 1, 28013 Madrid, ES': the merchant's address on one line, skipping empty parts. */
function addressOf(street: string, zipCode: string, city: string, country: string): string | null {
  const place = [zipCode, city].filter((part) => part.trim() !== '').join(' ');
  const line = [street, place, country].filter((part) => part.trim() !== '').join(', ');
  return line === '' ? null : line;
}

/**
 * The case with every field of the spec's Chargeback entity (spec 3, sections 2.4 and 3); null when the id is not an
 * identifier, the account has no such case, or the account does not have the chargebacks feature. The company is
 * the payment's merchant as its legal data describe it; the product is what the payment's order sold.
 */
export async function loadChargebackDetail(
  db: Queryable,
  accountId: string,
  chargebackId: string,
): Promise<ChargebackDetail | null> {
  const id = chargebackIdOrNull(chargebackId);
  if (!id || !isIdentifier(accountId)) return null;
  const [row] = await selectChargebacks(db, detailColumns)
    .innerJoin(merchants, eq(merchants.id, chargebacks.merchantId))
    .innerJoin(accounts, and(eq(accounts.id, chargebacks.accountId), eq(accounts.hasChargebacksFeature, true)))
    .where(and(eq(chargebacks.id, id), eq(chargebacks.accountId, accountId)))
    .limit(1);
  if (!row) return null;
  return {
    ...toListItem(row),
    externalUrl: row.externalUrl,
    template: row.template as DisputeTemplateKey | null,
    payment: {
      id: row.paymentId,
      externalId: row.paymentExternalId,
      date: row.paymentDate.toISOString(),
      amount: Number(row.paymentAmount),
      currency: row.paymentCurrency,
      is3dSecure: row.paymentThreeDs === true,
      card: { holder: row.cardHolder, brand: row.cardBrand as CardBrand | null },
    },
    paymentProcessor: { solution: row.solution ?? '', provider: row.psp ?? '' },
    company: {
      name: row.companyName,
      email: row.companyEmail,
      product: row.orderConcept,
      address: addressOf(row.companyStreet, row.companyZipCode, row.companyCity, row.companyCountry),
      url: row.companyUrl,
      // Merchants keep no terms or privacy pages; the fields stay empty until they do.
      policyTermUrl: null,
      privacyTermUrl: null,
      registrationNumber: row.companyRegistrationNumber,
    },
    account: { id: row.accountId, prettyName: row.accountName },
    custom: row.custom.map((field) => ({ label: field.label, value: field.value ?? null })),
    chargebackDocumentUrl: row.documentStoredName ? chargebackDocumentPath(row.accountId, row.id) : null,
  };
}
