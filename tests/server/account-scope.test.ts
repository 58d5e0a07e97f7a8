import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type InvoiceStatus, nextInvoiceStatuses } from '@domain/invoices';
import { newIdempotencyKey } from '@domain/refunds';
import * as schema from '@server/db/schema';
import { createDemoTraffic } from '@server/demo/live-traffic';
import { DISPUTE_TEMPLATES_FOLDER } from '@server/lib/docx';
import { INVOICE_DOCUMENTS_FOLDER } from '@server/lib/pdf';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoWorld, openDemoWorld, WORLD_HOOK_TIMEOUT, WORLD_NOW } from './helpers/demo-world';
import { mayRead, planOf, type UnscopedScan, unscopedScansOf } from './helpers/plan-scope';
import { type LoggedStatement, recordStatements, type StatementLog } from './helpers/statement-log';
import { authHeader, buildTestApp, signIn, type TestApp } from './helpers/test-app';

// The step after one primary (issue 27): every table that grows with payment traffic carries account_id, and every
// statement the server runs on it names the account, so sharding by account on a distributed PostgreSQL (Citus) would
// need no query rewrite. This file records every statement the server sends to its database (statement-log.ts) while a
// signed-in tour drives the API areas that touch those tables (lists, details, exports, refunds and their settlement,
// chargeback and subscription changes, counters, limits and their alerts check, the dashboard, invoices, recent
// records, the routing backtest) and the live demo traffic, then asks PostgreSQL for each statement's plan, with the
// values it ran with, and lists every scan of a growing table that no account_id condition scopes (plan-scope.ts holds
// the rule). The list must be empty but for the statements named and justified in ALLOWED below.
//
// The plan rather than the SQL text: PostgreSQL resolves the aliases, subqueries, CTEs, joins and the columns an
// unqualified name means, and shows where each condition applies, so a check of the plan has no parser of its own to
// get wrong. What no tour call runs is not checked: a new query on these tables wants a call here. The demo generator
// and the bench fixtures, bulk loads run once, are not toured.

/** Tables whose rows grow with payment traffic (or with time, per account), each distributed by account_id. */
const GROWING: Record<string, string> = {
  transactions: 'every payment, retry, refund, chargeback, retrieval and RDR',
  transaction_keys: "every transaction's id, account and month: the partitioned table's registry (migration 0038)",
  transaction_history: "every status a transaction takes, filed under its order's root",
  chargebacks: 'a dispute case per disputed payment',
  transaction_alerts: "a risk alert per alerted payment (the alert programmes' cases)",
  transaction_alert_events: 'every status change of a risk alert',
  subscriptions: 'one per successful initial payment',
  subscription_attempts: "every charge of a subscription's cycles, and their refunds and disputes",
  subscription_pending_actions:
    'at most one per subscription while an action is with the platform; a child of subscriptions, sharded with it',
  subscription_kpis: 'the subscriptions rollup: per merchant, currency, plan and day',
  sales_rollup: 'the sales rollup: per day and per combination of the counters’ dimensions',
  limit_sales: "the counters' totals of the sales rollup, per day and month",
  dashboard_rollup: "the dashboard's rollup, per day and filter grain",
  dashboard_totals: "the dashboard's totals, per day and month",
  limit_alert_firings: 'one per limit alert that fired, per day or month',
  invoices: "an account's invoices, month after month",
};

/**
 * Tables that grow with use but are not tenant data distributed by account: their rows may belong to no account, or
 * are keyed by a user or a token that is looked up before any account is known. In a sharded deployment they stay on
 * the coordinator (Citus local tables) or move out (an analytics store).
 */
const NOT_BY_ACCOUNT: Record<string, string> = {
  sessions: 'looked up by token before the account is known; provider staff sign in to no account',
  refresh_tokens: "looked up by the token's hash, before the account is known",
  password_tokens: "looked up by the link's hash, before the account is known",
  rate_limits: 'keyed by a hashed subject (an e-mail, an address, a device), counted before the password is checked',
  user_activity:
    'the audit log of console users’ changes (not of payments): entries about provider-level resources (acquirers, staff users) have no account, and a distribution column cannot be null',
  exports:
    'export files of the user who asked, read by id and user, removed after 72 hours; staff exports of the users list have no account',
  email_outbox: 'the mail outbox, delivered whatever the account; reset and invitation mails of staff have none',
  jobs: 'the job queue: any worker claims any due job (FOR UPDATE SKIP LOCKED), whatever its account',
  analytics_events:
    'written only (no statement reads it), and provider staff’s events have no account: sharded, it belongs in an analytics store',
  recent_records:
    "at most 50 per user, read by user across the user's accounts (its joins to payments name the account)",
  backtest_runs: 'at most one per user (one running backtest per user, whichever account), deleted when the run ends',
};

/** Configuration and reference data: a few rows per account, merchant or day, whatever the traffic. */
const CONFIGURATION = [
  'accounts',
  'account_providers',
  'acquirers',
  'solutions',
  'merchants',
  'merchant_name_words',
  'merchant_list_items',
  'merchant_list_edits',
  'roles',
  'users',
  'user_accounts',
  'server_settings',
  'mids',
  'routes',
  'limits',
  'exchange_rates',
  'chargeback_agents',
  'dispute_templates',
  'plans',
  'saved_views',
  'saved_view_defaults',
];

/** Statements on growing tables that name no account, each with its reason. A statement matches by its text. */
const ALLOWED: { table: string; statement: RegExp; why: string }[] = [
  {
    table: 'transaction_keys',
    statement: /^select .* from "transaction_keys" where "transaction_keys"\."idempotency_key" = \$1 limit \$2$/s,
    why: "a refund's Idempotency-Key is unique across accounts: a key another account used is refused (422) before the acquirer is asked, which only a look-up across accounts can tell (transactions/keys.ts)",
  },
];

const GROWING_TABLES: ReadonlySet<string> = new Set(Object.keys(GROWING));

let world: DemoWorld;
let t: TestApp;
let dataDir: string;
let log: StatementLog;

beforeAll(async () => {
  world = await openDemoWorld('seed1');
  // The world's dispute templates and invoice PDFs where the server reads them.
  dataDir = await mkdtemp(join(tmpdir(), 'account-scope-'));
  await cp(world.templatesDir, join(dataDir, DISPUTE_TEMPLATES_FOLDER), { recursive: true });
  await cp(world.invoicesDir, join(dataDir, INVOICE_DOCUMENTS_FOLDER), { recursive: true });
  t = await buildTestApp({
    database: world.database,
    now: WORLD_NOW.getTime(),
    configOverrides: { dataDir, sandboxPlatform: { delayMs: 0, mode: 'confirm' } },
  });
}, WORLD_HOOK_TIMEOUT);

afterAll(async () => {
  log?.stop();
  await t?.close();
  await world?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the tables', () => {
  const tables = Object.values(schema)
    .filter((value) => is(value, PgTable))
    .map((table) => getTableConfig(table as PgTable));

  it('are each growing (by account), growing but not by account, or configuration', () => {
    const classified = [...Object.keys(GROWING), ...Object.keys(NOT_BY_ACCOUNT), ...CONFIGURATION].sort();
    expect(classified).toEqual(tables.map((table) => table.name).sort());
  });

  it('that grow carry a NOT NULL account_id', () => {
    const withoutAccount = tables
      .filter((table) => GROWING_TABLES.has(table.name))
      .filter((table) => !table.columns.some((column) => column.name === 'account_id' && column.notNull))
      .map((table) => table.name);
    expect(withoutAccount).toEqual([]);
  });
});

/** The demo ids the tour works on, read before the recording starts (the test's own reads are not the server's). */
async function tourFixtures() {
  const one = async <T>(statement: ReturnType<typeof sql>) =>
    ((await t.db.execute(statement)) as unknown as { rows: T[] }).rows[0]!;
  const { accountId } = await one<{ accountId: string }>(
    sql`select id as "accountId" from accounts where short_id = '631006'`,
  );
  // The merchant with the most subscriptions, on the solution it has most MIDs on.
  const { merchantId } = await one<{ merchantId: string }>(sql`
    select merchant_id as "merchantId" from subscriptions where account_id = ${accountId}
    group by merchant_id order by count(*) desc, merchant_id limit 1`);
  const { solutionId, midId } = await one<{ solutionId: string; midId: string }>(sql`
    select solution_id as "solutionId", min(id::text) as "midId" from mids where merchant_id = ${merchantId}
    group by solution_id order by count(*) desc, solution_id limit 1`);
  // A settled payment that nothing refunded or disputed yet, on a MID whose answer the refund's cents choose.
  const payment = await one<{ id: string; currency: string }>(sql`
    select t.id, t.currency from transactions t
      join mids m on m.id = t.mid_id join acquirers a on a.id = m.acquirer_id
    where t.account_id = ${accountId} and t.merchant_id = ${merchantId} and t.transaction_type = 'PAYMENT'
      and t.status = 'SUCCESS' and t.parent_id is null and t.alert_type is null and t.amount > 1000
      and a.pretty_name <> 'Sandbox Acquirer' and not m.provider_blocks_same_day
      and not exists (select 1 from transactions c where c.parent_id = t.id)
    order by t.created_at desc, t.id limit 1`);
  const chargeback = await one<{ id: string }>(sql`
    select id from chargebacks where account_id = ${accountId} and status = 'TO_DO' and agent_id is null
      and not assigned_to_others
    order by notification_date desc, id limit 1`);
  const { agentId } = await one<{ agentId: string }>(
    sql`select id as "agentId" from chargeback_agents where account_id = ${accountId} order by id limit 1`,
  );
  const subscription = await one<{ id: string; version: number }>(sql`
    select id, version from subscriptions where merchant_id = ${merchantId} and status = 'ACTIVE'
    order by last_attempt_at desc, id limit 1`);
  const invoice = await one<{ id: string; status: InvoiceStatus }>(sql`
    select id, status from invoices where account_id = ${accountId} and status in ('PENDING', 'OVERDUE')
    order by issuing_date desc, id limit 1`);
  const draft = await one<{ id: string } | undefined>(sql`
    select id from invoices where account_id = ${accountId} and status = 'DRAFT' order by id limit 1`);
  const { routeId } = await one<{ routeId: string }>(sql`
    select route_id as "routeId" from transactions
    where account_id = ${accountId} and merchant_id = ${merchantId} and route_id is not null limit 1`);
  return {
    accountId,
    merchantId,
    solutionId,
    midId,
    payment,
    chargeback,
    agentId,
    subscription,
    invoice,
    draft,
    routeId,
  };
}

type Fixtures = Awaited<ReturnType<typeof tourFixtures>>;

/** Calls the API and checks the answer, so a call that fails early cannot skip the statements it is here for. */
function caller(token: string) {
  return async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, options: CallOptions = {}) => {
    const response = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...authHeader(token), ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });
    expect(options.status ?? [200], `${method} ${url}: ${response.body.slice(0, 300)}`).toContain(response.statusCode);
    return response;
  };
}

interface CallOptions {
  payload?: object;
  headers?: Record<string, string>;
  status?: number[];
}

/** The calls of an account administrator, and of provider staff, across the areas that read the growing tables. */
async function tour(f: Fixtures) {
  const admin = caller(
    (
      await signIn(t.app, {
        email: 'administrator@lumentravel.example',
        password: 'Demo!pass2026',
        accountId: '631006',
      })
    ).token,
  );
  const staff = caller((await signIn(t.app, { email: 'admin@ops.example', password: 'Demo!pass2026' })).token);
  const account = `/account/${f.accountId}`;
  const merchant = `/merchant/${f.merchantId}`;
  const psp = `${merchant}/psp/${f.solutionId}`;
  const month = { from: '2026-02-01', to: '2026-03-10' };

  // Transactions: the list at each tenant scope (account, one merchant, one MID), searched, sorted and paged; the
  // detail with its history; the URL pick list, the palette's look-up and the export.
  await admin('GET', `${account}/transaction`);
  await admin('GET', `${account}/transaction?merchantId[]=${f.merchantId}&status[]=SUCCESS`);
  await admin('GET', `${account}/transaction?midId[]=${f.midId}&order=-amount&page=2`);
  await admin('GET', `${account}/transaction?search=${f.payment.id.slice(0, 8)}`);
  await admin('GET', `${account}/transaction/${f.payment.id}`);
  await admin('GET', `${account}/transactionUrl`);
  await admin('GET', `/transaction/search?q=${f.payment.id.slice(0, 6)}`);
  await staff('GET', `/transaction/search?q=${f.payment.id.slice(0, 6)}`);
  await staff('GET', `${account}/transaction?merchantId[]=${f.merchantId}`);
  await admin(
    'GET',
    `${account}/transaction/export?merchantId[]=${f.merchantId}&creationDateFrom=2026-03-01T00:00:00.000Z`,
  );

  // A refund that settles later (cents 61: the acquirer answers IN_PROCESS), its replay, its settlement job.
  const key = newIdempotencyKey();
  const refund = {
    amount: 161,
    currency: f.payment.currency,
    reason: 'OTHER',
    merchantId: f.merchantId,
    fullRefund: false,
  };
  const headers = { 'idempotency-key': key };
  const refundUrl = `${account}/transaction/${f.payment.id}/refund`;
  await admin('POST', refundUrl, { payload: refund, headers, status: [201] });
  await admin('POST', refundUrl, { payload: refund, headers, status: [201] });
  t.clock.advance(60_000);
  expect(await t.app.jobWorker.runDue()).toBeGreaterThan(0);
  await admin('GET', `${account}/transaction/${f.payment.id}`);

  // Chargebacks: the queue filtered and searched, a case, its status, its agent, its document, the export.
  await admin('GET', `${account}/chargeback`);
  await admin('GET', `${account}/chargeback?agentId[]=UNASSIGNED&status[]=TO_DO&search=a&order=-amount`);
  await admin('GET', `${account}/chargeback/${f.chargeback.id}`);
  await admin('PATCH', `${account}/chargeback/${f.chargeback.id}`, {
    payload: { status: 'IN_PROGRESS', expectedStatus: 'TO_DO' },
  });
  await admin('GET', `${account}/agent`);
  await admin('POST', `${account}/chargeback/${f.chargeback.id}/agent`, { payload: { agentId: f.agentId } });
  await admin('DELETE', `${account}/chargeback/${f.chargeback.id}/agent/${f.agentId}`);
  await admin('POST', `${account}/chargeback/${f.chargeback.id}/document`, { payload: { reason: 'Default' } });
  await admin('GET', `${account}/chargeback/export`);

  // Risk alerts, by merchant and by account, and their exports.
  await admin('GET', `${merchant}/transactionalert?status[]=PENDING`);
  await admin('GET', `${account}/transactionalert?merchantId[]=${f.merchantId}`);
  await admin('GET', `${merchant}/transactionalert/export`);
  await admin('GET', `${account}/transactionalert/export`);

  // The dashboard.
  const period = 'creationDateFrom=2026-02-01&creationDateTo=2026-03-10';
  await admin('GET', `${account}/transactions-kpis?${period}`);
  await admin('GET', `${account}/transactions-kpis?${period}&merchantId=${f.merchantId}`);
  await admin('GET', `${account}/transactions-chart?${period}`);

  // Counters and limits, then the limit alerts' check over every account.
  await admin('GET', `${merchant}/psp`);
  await admin('GET', `${psp}/counter`);
  await admin('GET', `${psp}/mid?from=${month.from}&to=${month.to}`);
  await admin('GET', `${psp}/mid/${f.midId}/counter?from=${month.from}&to=${month.to}`);
  await admin('GET', `${psp}/descriptor?from=${month.from}&to=${month.to}`);
  await admin('GET', `${psp}/limit`);
  await admin('GET', `${psp}/mid/${f.midId}/limit`);
  await t.app.limitAlerts.check();

  // Subscriptions: the list, a subscription and its history, the overview, the exports, a pause and a resume.
  const subscription = `${merchant}/subscription/${f.subscription.id}`;
  await admin('GET', `${merchant}/subscription?status[]=ACTIVE&order=-lastAttemptDate`);
  await admin('GET', `${merchant}/subscription?search=${f.subscription.id.slice(0, 8)}`);
  await admin('GET', subscription);
  const kpiPeriod = `dateFrom=${month.from}T00:00:00.000Z&dateTo=${month.to}T23:59:59.999Z`;
  await admin('GET', `${merchant}/subscriptions-kpis?currency=EUR&${kpiPeriod}`);
  await admin('GET', `${merchant}/subscription/export`);
  await admin('GET', `${subscription}/cycle/export`);
  await admin('PATCH', subscription, { payload: { action: 'PAUSE', version: f.subscription.version }, status: [204] });
  await admin('PATCH', subscription, {
    payload: { action: 'RESUME', version: f.subscription.version + 1 },
    status: [204],
  });

  // Invoices: the list, one, and (provider staff's) a status change and a draft deleted.
  await admin('GET', `${account}/invoice`);
  await admin('GET', `${account}/invoice/${f.invoice.id}`);
  const next = nextInvoiceStatuses(f.invoice.status).find((status) => status !== 'CANCELLED')!;
  await staff('PATCH', `${account}/invoice/${f.invoice.id}`, {
    payload: { status: next, expectedStatus: f.invoice.status },
  });
  if (f.draft) await staff('DELETE', `${account}/invoice/${f.draft.id}`, { status: [200, 204] });

  // Recent records: opening a payment and a case, and the list that joins them.
  await admin('POST', '/user/recent-record', { payload: { kind: 'TRANSACTION', id: f.payment.id } });
  await admin('POST', '/user/recent-record', { payload: { kind: 'CHARGEBACK', id: f.chargeback.id } });
  await admin('GET', '/user/recent-record');

  // The account's providers ('in use', 'carried payments'), a MID's detail ('has transactions'), a route in use that
  // cannot be deleted, and the routing backtest.
  await admin('GET', `${account}/acquirer?withUsingInformation=true&withSolutions=true`);
  await admin('GET', `${account}/acquirer?withSolutions=true&from=TXS&merchantId=${f.merchantId}`);
  await admin('GET', `${merchant}/mid/${f.midId}`);
  await admin('DELETE', `${merchant}/route/${f.routeId}`, { status: [409] });
  await admin('POST', `${merchant}/routing-backtest`, { payload: { window: { preset: '30d' } } });

  // Live demo traffic: orders, subscription renewals and their history, then the alerts check they ask for.
  const traffic = createDemoTraffic({
    db: t.db,
    now: t.clock.now,
    log: { error: () => undefined },
    afterSales: () => t.app.limitAlerts.requestCheck(),
  });
  t.clock.advance(3_600_000);
  await traffic.drive(f.merchantId, 30);
  await traffic.stop();
  await t.app.jobWorker.runDue();
}

/** A statement once per text and values (the plan depends on both). */
function distinct(statements: readonly LoggedStatement[]): LoggedStatement[] {
  const seen = new Map<string, LoggedStatement>();
  for (const statement of statements) {
    const key = `${statement.text}\0${JSON.stringify(statement.params, (_key, value) => (typeof value === 'bigint' ? String(value) : value))}`;
    if (!seen.has(key)) seen.set(key, statement);
  }
  return [...seen.values()];
}

interface Finding extends UnscopedScan {
  statement: string;
}

describe('every statement the server runs on a growing table', () => {
  const findings = new Map<string, Finding>();
  const allowedSeen = new Set<number>();
  let checked = 0;

  beforeAll(async () => {
    const fixtures = await tourFixtures();
    log = recordStatements(world.database);
    try {
      await tour(fixtures);
    } finally {
      log.stop();
    }
    for (const statement of distinct(log.statements)) {
      if (!mayRead(statement, GROWING_TABLES)) continue;
      checked += 1;
      for (const scan of unscopedScansOf(await planOf(world.database, statement), GROWING_TABLES)) {
        const allowed = ALLOWED.findIndex(
          (entry) => entry.table === scan.table && entry.statement.test(statement.text),
        );
        if (allowed >= 0) allowedSeen.add(allowed);
        else {
          const text = statement.text.replace(/\s+/g, ' ').trim().slice(0, 400);
          findings.set(`${scan.alias} ${text}`, { ...scan, statement: text });
        }
      }
    }
  }, WORLD_HOOK_TIMEOUT);

  it('names the account', () => {
    // The tour runs more than a hundred distinct statements on the growing tables.
    expect(checked).toBeGreaterThan(100);
    expect([...findings.values()]).toEqual([]);
  });

  it('that names none is one of the justified exceptions, and each exception still happens', () => {
    expect(ALLOWED.filter((_entry, index) => !allowedSeen.has(index)).map((entry) => entry.why)).toEqual([]);
  });
});

describe('the check', () => {
  const unscoped = async (text: string, params: unknown[] = []) =>
    unscopedScansOf(await planOf(world.database, { text, params }), GROWING_TABLES).map((scan) => scan.alias);
  const account = '00000000-0000-4000-8000-000000000001';

  it('finds a read, an update or a delete that names no account', async () => {
    expect(await unscoped('select * from transaction_history h where h.root_id = $1', [account])).toEqual(['h']);
    expect(await unscoped("update chargebacks set status = 'DONE' where id = $1", [account])).toEqual(['chargebacks']);
    expect(await unscoped('delete from subscription_attempts where subscription_id = $1', [account])).toEqual([
      'subscription_attempts',
    ]);
  });

  it('finds a join or a subquery that does not carry the account', async () => {
    const joined = `select * from transactions t join transaction_history h on h.transaction_id = t.id
      where t.account_id = $1`;
    expect(await unscoped(joined, [account])).toEqual(['h']);
    const nested = `select t.id, (select count(*) from transactions c where c.parent_id = t.id) from transactions t
      where t.account_id = $1`;
    expect(await unscoped(nested, [account])).toEqual(['c']);
    const either = 'select * from chargebacks where account_id = $1 or case_id = $2';
    expect(await unscoped(either, [account, 'CB-1'])).toEqual(['chargebacks']);
  });

  it('accepts the account named by value, by a list, or carried through a join', async () => {
    const joined = `select * from transactions t join transaction_history h
      on h.account_id = t.account_id and h.transaction_id = t.id where t.account_id = $1`;
    expect(await unscoped(joined, [account])).toEqual([]);
    expect(await unscoped('select * from transactions where account_id = any($1::uuid[])', [[account]])).toEqual([]);
    const carried = `select * from limits l join sales_rollup r on r.account_id = l.account_id and r.merchant_id = l.merchant_id`;
    expect(await unscoped(carried)).toEqual([]);
  });
});
