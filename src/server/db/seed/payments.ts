import type { ListKind } from '@domain/lists';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { loadSecretBox } from '../../lib/secret-box';
import { splitConfig, templateOf } from '../../payments/acquirer-templates';
import type { Queryable } from '../client';
import { withRollupRebuiltAfter } from '../sales-rollup';
import { merchantListEdits, merchantListItems, merchants, mids, routes, userActivity, users } from '../schema';
import { type HistoryRow, MerchantTraffic, type TransactionRow } from './payments-orders';
import { buildMerchantWorld, type MerchantWorld, type PaymentsMerchant, SANDBOX_ACQUIRER_NAME } from './payments-world';
import type { Random } from './random';
import type { GeneratorStep, SeedContext, SeededAccount } from './seed-types';
import { loadWorldPlans } from './subscription-plans';

// The payments step of the demo world: MIDs and routes for every merchant, then a few months of orders, ending at the
// seed's "now", pushed through the routing engine (payments-orders.ts). Rows stream to the database in batches of
// INSERT ... SELECT FROM unnest(arrays) (design.md: four times faster than VALUES lists), so memory stays flat
// whether the run makes a few thousand transactions or ten million (`npm run seed -- --transactions N`).

const DAY_MS = 86_400_000;
/** How far back the demo's payments go. */
export const PAYMENTS_WINDOW_DAYS = 120;
/** Transactions per account in the default demo: enough to fill lists and charts, small enough for a fast start. */
export const DEMO_TRANSACTIONS_PER_ACCOUNT: readonly [number, number] = [2_600, 3_400];
/** Rows per INSERT statement. */
const BATCH_ROWS = 4_000;
/**
 * From this many transactions on, the load runs without the two tables' secondary indexes and foreign keys, and
 * rebuilds them at the end: one sorted index build and one join per key are far cheaper than maintaining and checking
 * them row by row (about twice as fast for the benchmark's ten million).
 */
const BULK_LOAD_THRESHOLD = 500_000;
const BULK_TABLES = ['transactions', 'transaction_history'];

export type Column<T> = readonly [name: string, type: string, value: (row: T) => unknown];

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const TRANSACTION_COLUMNS: readonly Column<TransactionRow>[] = [
  ['id', 'uuid', (r) => r.id],
  ['account_id', 'uuid', (r) => r.accountId],
  ['merchant_id', 'uuid', (r) => r.merchantId],
  ['parent_id', 'uuid', (r) => r.parentId],
  ['root_id', 'uuid', (r) => r.rootId],
  ['recurrence_parent_id', 'uuid', (r) => r.recurrenceParentId],
  ['transaction_type', 'text', (r) => r.transactionType],
  ['status', 'text', (r) => r.status],
  ['category', 'text', (r) => r.category],
  ['amount', 'bigint', (r) => r.amount],
  ['currency', 'text', (r) => r.currency],
  ['payment_method', 'text', (r) => r.paymentMethod],
  ['order_url', 'text', (r) => r.orderUrl],
  ['reference_order_id', 'text', (r) => r.referenceOrderId],
  ['order_concept', 'text', (r) => r.orderConcept],
  ['custom_tag', 'text', (r) => r.customTag],
  ['acquirer_id', 'uuid', (r) => r.acquirerId],
  ['solution_id', 'uuid', (r) => r.solutionId],
  ['provider_transaction_id', 'text', (r) => r.providerTransactionId],
  ['mid_id', 'uuid', (r) => r.midId],
  ['route_id', 'uuid', (r) => r.routeId],
  ['is_fallback', 'boolean', (r) => r.isFallback],
  ['card_brand', 'text', (r) => r.cardBrand],
  ['card_bin', 'text', (r) => r.cardBin],
  ['card_last4', 'text', (r) => r.cardLast4],
  ['card_country', 'text', (r) => r.cardCountry],
  ['card_holder', 'text', (r) => r.cardHolder],
  ['card_expiry', 'text', (r) => r.cardExpiry],
  ['card_token_updated_at', 'timestamptz', (r) => iso(r.cardTokenUpdatedAt)],
  ['card_type', 'text', (r) => r.cardType],
  ['card_segment', 'text', (r) => r.cardSegment],
  ['card_bank', 'text', (r) => r.cardBank],
  ['card_zip_code', 'text', (r) => r.cardZipCode],
  ['three_ds_sent', 'boolean', (r) => r.threeDsSent],
  ['three_ds_version', 'text', (r) => r.threeDsVersion],
  ['eci', 'text', (r) => r.eci],
  ['eci_description', 'text', (r) => r.eciDescription],
  ['avs', 'text', (r) => r.avs],
  ['authorization_id', 'text', (r) => r.authorizationId],
  ['shopper_statement', 'text', (r) => r.shopperStatement],
  ['shopper_email', 'text', (r) => r.shopperEmail],
  ['shopper_ip', 'text', (r) => r.shopperIp],
  ['shopper_ip_country', 'text', (r) => r.shopperIpCountry],
  ['shopper_device_type', 'text', (r) => r.shopperDeviceType],
  ['shopper_browser', 'text', (r) => r.shopperBrowser],
  ['risk_score', 'numeric', (r) => r.riskScore],
  ['error_code', 'text', (r) => r.errorCode],
  ['error_message', 'text', (r) => r.errorMessage],
  ['error_provider_message', 'text', (r) => r.errorProviderMessage],
  ['refund_reason', 'text', (r) => r.refundReason],
  ['alert_type', 'text', (r) => r.alertType],
  ['alert_status', 'text', (r) => r.alertStatus],
  ['alert_caid', 'text', (r) => r.alertCaid],
  ['idempotency_key', 'text', (r) => r.idempotencyKey],
  ['idempotency_fingerprint', 'text', (r) => r.idempotencyFingerprint],
  ['created_at', 'timestamptz', (r) => iso(r.createdAt)],
  ['updated_at', 'timestamptz', (r) => iso(r.updatedAt)],
];

const HISTORY_COLUMNS: readonly Column<HistoryRow>[] = [
  ['account_id', 'uuid', (r) => r.accountId],
  ['root_id', 'uuid', (r) => r.rootId],
  ['transaction_id', 'uuid', (r) => r.transactionId],
  ['transaction_created_at', 'timestamptz', (r) => iso(r.transactionCreatedAt)],
  ['transaction_type', 'text', (r) => r.transactionType],
  ['status', 'text', (r) => r.status],
  ['is_fallback', 'boolean', (r) => r.isFallback],
  ['occurred_at', 'timestamptz', (r) => iso(r.occurredAt)],
];

/** INSERT ... SELECT FROM unnest(one array per column): one statement and one parameter per column for the batch. */
export function bulkInsert<T>(table: string, columns: readonly Column<T>[], rows: readonly T[]): SQL {
  const names = sql.raw(columns.map(([name]) => `"${name}"`).join(', '));
  const arrays = sql.join(
    columns.map(([, type, value]) => sql`${sql.param(rows.map(value))}::${sql.raw(type)}[]`),
    sql`, `,
  );
  return sql`insert into ${sql.identifier(table)} (${names}) select * from unnest(${arrays})`;
}

/**
 * Buffers an order's rows and writes them in batches; an order's rows always land in the same statement. One batch
 * is in flight while the next is generated, so on PostgreSQL the generator and the server work at the same time.
 */
class BatchWriter {
  private transactions: TransactionRow[] = [];
  private history: HistoryRow[] = [];
  private inFlight: Promise<void> = Promise.resolve();
  written = 0;

  constructor(private readonly db: Queryable) {}

  async add(transactions: readonly TransactionRow[], history: readonly HistoryRow[]): Promise<void> {
    for (const row of transactions) this.transactions.push(row);
    for (const row of history) this.history.push(row);
    if (this.transactions.length >= BATCH_ROWS) await this.flush();
  }

  /** Sends the buffered rows once the previous batch is written; resolves when that previous batch is done. */
  async flush(): Promise<void> {
    const previous = this.inFlight;
    if (this.transactions.length > 0) {
      const transactions = bulkInsert('transactions', TRANSACTION_COLUMNS, this.transactions);
      const history = bulkInsert('transaction_history', HISTORY_COLUMNS, this.history);
      const count = this.transactions.length;
      this.transactions = [];
      this.history = [];
      this.inFlight = previous.then(async () => {
        await this.db.execute(transactions);
        await this.db.execute(history);
        this.written += count;
      });
      // Awaited below or by the next flush; this only keeps a failure from being reported as unhandled meanwhile.
      this.inFlight.catch(() => undefined);
    }
    await previous;
  }

  /** Writes what is left and waits for every batch. */
  async finish(): Promise<void> {
    await this.flush();
    await this.inFlight;
  }
}

/** Splits `total` into whole parts proportional to `weights` (largest remainder), adding up to `total` exactly. */
export function splitExactly(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, rest: value - parts[index]! }));
  order.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

/** The rows of a raw query; both drivers answer with `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Runs `load` with the secondary indexes and foreign keys of the payments tables set aside, then puts them back as
 * the database itself described them (pg_get_indexdef, pg_get_constraintdef), so the schema is rebuilt exactly, in the
 * same transaction: a failed load leaves the schema as it was. `bulkTables`: the payments tables unless named (the
 * subscriptions bench fixture names its own).
 */
export async function withoutSecondaryStructures(
  db: Queryable,
  load: () => Promise<void>,
  bulkTables: readonly string[] = BULK_TABLES,
): Promise<void> {
  const tables = sql.join(
    bulkTables.map((table) => sql`${table}`),
    sql`, `,
  );
  const indexes = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in (${tables})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.contype in ('p', 'u', 'x'))
    order by i.indexname`),
  );
  const keys = rowsOf<{ table: string; name: string; definition: string }>(
    await db.execute(sql`
    select c.conrelid::regclass::text as "table", c.conname as name, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    where c.contype = 'f' and c.conrelid::regclass::text in (${tables})
    order by c.conname`),
  );
  for (const key of keys) {
    await db.execute(sql`alter table ${sql.identifier(key.table)} drop constraint ${sql.identifier(key.name)}`);
  }
  for (const index of indexes) await db.execute(sql`drop index ${sql.identifier(index.name)}`);
  await load();
  await db.execute(sql.raw(`set local maintenance_work_mem = '512MB'`));
  // A partitioned table's index reads `ON ONLY parent` in pg_indexes: as written it would make an invalid index of the
  // parent alone, and no partition would get one. Without ONLY it is built on every partition (migration 0038).
  for (const index of indexes) await db.execute(sql.raw(index.definition.replace(/ ON ONLY /, ' ON ')));
  for (const key of keys) {
    await db.execute(
      sql`alter table ${sql.identifier(key.table)} add constraint ${sql.identifier(key.name)} ${sql.raw(key.definition)}`,
    );
  }
  // Fresh statistics, so the first list query plans with the indexes rather than waiting for autovacuum.
  await db.execute(sql.raw(`analyze ${bulkTables.join(', ')}`));
}

async function loadMerchants(ctx: SeedContext): Promise<Map<string, PaymentsMerchant>> {
  const ids = ctx.merchants.map((merchant) => merchant.id);
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({
      id: merchants.id,
      accountId: merchants.accountId,
      prettyName: merchants.prettyName,
      dba: merchants.dba,
      country: merchants.country,
      mccCode: merchants.mccCode,
      corporateUrl: merchants.corporateUrl,
      createdAt: merchants.createdAt,
    })
    .from(merchants)
    .where(inArray(merchants.id, ids));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        accountId: row.accountId,
        prettyName: row.prettyName,
        dba: row.dba,
        country: row.country,
        mccCode: row.mccCode,
        host: new URL(row.corporateUrl).hostname.replace(/^www\./, ''),
        createdAt: row.createdAt,
      },
    ]),
  );
}

/** Who set the account's routing up: its administrator, or provider staff for accounts without one. */
async function setUpActors(ctx: SeedContext): Promise<Map<string, { userId: string; email: string; name: string }>> {
  const people = await ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users);
  const byId = new Map(people.map((person) => [person.id, person]));
  const actors = new Map<string, { userId: string; email: string; name: string }>();
  const staff = ctx.users.find((user) => user.role === 'PROVIDER_ADMINISTRATOR');
  for (const account of ctx.accounts) {
    const admin =
      ctx.users.find(
        (user) =>
          user.userType === 'ACCOUNT' &&
          user.role === 'ADMINISTRATOR' &&
          user.status === 'ACTIVE' &&
          user.accountIds.includes(account.id),
      ) ?? staff;
    const person = admin ? byId.get(admin.id) : undefined;
    if (person) {
      actors.set(account.id, {
        userId: person.id,
        email: person.email,
        name: `${person.firstName} ${person.lastName}`,
      });
    }
  }
  return actors;
}

async function writeWorlds(ctx: SeedContext, rng: Random, worlds: readonly MerchantWorld[]): Promise<void> {
  const midRows = worlds.flatMap((world) => world.mids);
  const routeRows = worlds.flatMap((world) => world.routes);
  if (midRows.length === 0) return;
  // Credentials are sealed as the MID service seals them (CREDENTIALS_KEY, else the key kept in the database).
  const box = await loadSecretBox(ctx.db, process.env.CREDENTIALS_KEY);
  await ctx.db.insert(mids).values(
    midRows.map((mid) => {
      const { plain, secrets } = splitConfig(templateOf(mid.acquirerName), mid.customConfig);
      return {
        id: mid.id,
        accountId: mid.accountId,
        merchantId: mid.merchantId,
        description: mid.description,
        midAcquirerId: mid.midAcquirerId,
        acquirerId: mid.acquirerId,
        solutionId: mid.solutionId,
        enable: mid.enable,
        force3ds: mid.force3ds,
        currency: mid.currency,
        issuerCountry: mid.issuerCountry,
        cardBrand: mid.cardBrand,
        url: mid.url,
        customTag: mid.customTag,
        binCode: mid.binCode,
        customConfig: plain,
        customSecrets: Object.keys(secrets).length > 0 ? box.seal(secrets, mid.id) : null,
        synchronous: mid.synchronous,
        providerBlocksSameDay: mid.providerBlocksSameDay,
        createdAt: mid.createdAt,
        updatedAt: mid.createdAt,
      };
    }),
  );
  await ctx.db.insert(routes).values(
    routeRows.map((route) => ({
      id: route.id,
      accountId: route.accountId,
      merchantId: route.merchantId,
      description: route.description,
      priority: route.priority,
      weight: route.weight,
      midId: route.midId,
      fallbackMidId: route.fallbackMidId,
      currency: route.currency,
      issuerCountry: route.issuerCountry,
      cardBrand: route.cardBrand,
      url: route.url,
      customTag: route.customTag,
      binCode: route.binCode,
      createdAt: route.createdAt,
      updatedAt: route.createdAt,
    })),
  );

  // The audit history of that set-up, as My Lists and the MID and route editors would have written it.
  const actors = await setUpActors(ctx);
  const entries: (typeof userActivity.$inferInsert)[] = [];
  const listItems: (typeof merchantListItems.$inferInsert)[] = [];
  const listEdits: (typeof merchantListEdits.$inferInsert)[] = [];
  for (const world of worlds) {
    const actor = actors.get(world.merchant.accountId);
    const who = actor ? { userId: actor.userId, userEmail: actor.email, userName: actor.name } : {};
    const where = { accountId: world.merchant.accountId, merchantId: world.merchant.id };
    // My Lists first: every URL and tag the MIDs and routes use, the shop's checkout, and a few not used yet.
    const listedAt = new Date(
      Math.min(...[...world.mids, ...world.routes].map((row) => row.createdAt.getTime())) - 3_600_000,
    );
    const lists: [ListKind, string[]][] = [
      [
        'URL',
        unique([
          `www.${world.merchant.host}`,
          ...world.mids.flatMap((mid) => mid.url),
          ...world.routes.flatMap((route) => route.url),
          ...(rng.bool(0.5) ? [`www.${world.merchant.host}/outlet`] : []),
        ]),
      ],
      [
        'TAG',
        unique([
          ...world.mids.flatMap((mid) => mid.customTag),
          ...world.routes.flatMap((route) => route.customTag),
          ...(rng.bool(0.5) ? ['WHOLESALE'] : []),
        ]),
      ],
    ];
    for (const [list, values] of lists) {
      if (values.length === 0) continue;
      for (const prettyName of values) {
        const id = rng.uuid();
        listItems.push({ id, merchantId: world.merchant.id, list, prettyName, createdAt: listedAt });
        entries.push({
          id: rng.uuid(),
          actionType: 'INSERT',
          resourceType: list,
          resourceId: id,
          newValue: { prettyName },
          ...who,
          ...where,
          date: listedAt,
        });
      }
      listEdits.push({ merchantId: world.merchant.id, list, editorId: actor?.userId ?? null, editedAt: listedAt });
    }
    // Now and then a URL typed wrong, removed a few minutes later.
    if (rng.bool(0.5)) {
      const id = rng.uuid();
      const value = { prettyName: `ww.${world.merchant.host}` };
      entries.push(
        {
          id: rng.uuid(),
          actionType: 'INSERT',
          resourceType: 'URL',
          resourceId: id,
          newValue: value,
          ...who,
          ...where,
          date: listedAt,
        },
        {
          id: rng.uuid(),
          actionType: 'DELETE',
          resourceType: 'URL',
          resourceId: id,
          oldValue: value,
          ...who,
          ...where,
          date: new Date(listedAt.getTime() + 7 * 60_000),
        },
      );
    }
    for (const mid of world.mids) {
      const { id, createdAt, acquirerName, solutionName: _s, accountId: _c, customConfig, ...fields } = mid;
      // As the MID service audits: credentials are named, never written (acquirer-templates.ts).
      const { plain, secrets } = splitConfig(templateOf(acquirerName), customConfig);
      entries.push({
        id: rng.uuid(),
        actionType: 'INSERT',
        resourceType: 'MID',
        resourceId: id,
        newValue: {
          ...fields,
          force3ds: fields.force3ds ?? 'NULL',
          customConfig: plain,
          storedSecrets: Object.keys(secrets),
        },
        ...who,
        ...where,
        date: createdAt,
      });
    }
    for (const route of world.routes) {
      const { id, createdAt, accountId: _c, ...fields } = route;
      entries.push({
        id: rng.uuid(),
        actionType: 'INSERT',
        resourceType: 'ROUTE',
        resourceId: id,
        newValue: fields,
        ...who,
        ...where,
        date: createdAt,
      });
    }
  }
  if (listItems.length > 0) await ctx.db.insert(merchantListItems).values(listItems);
  if (listEdits.length > 0) await ctx.db.insert(merchantListEdits).values(listEdits);
  if (entries.length > 0) await ctx.db.insert(userActivity).values(entries);
}

const unique = (values: readonly string[]) => [...new Set(values)];

/** Transactions per merchant: the run's total (or the demo's per-account amounts) split by merchant size. */
function budgets(ctx: SeedContext, rng: Random, worlds: readonly MerchantWorld[]): number[] {
  const sizes = worlds.map(() => 0.4 + rng.next() * 1.6);
  const byAccount = (account: SeededAccount) =>
    worlds.map((world, index) => (world.merchant.accountId === account.id ? index : -1)).filter((i) => i >= 0);
  const accountTotals =
    ctx.transactionTarget === undefined
      ? ctx.accounts.map(() => rng.int(...DEMO_TRANSACTIONS_PER_ACCOUNT))
      : splitExactly(
          ctx.transactionTarget,
          ctx.accounts.map((_, index) => (index === 0 ? 1.5 : 1)),
        );
  const result = worlds.map(() => 0);
  for (const [accountIndex, account] of ctx.accounts.entries()) {
    const members = byAccount(account);
    if (members.length === 0) continue;
    const parts = splitExactly(
      accountTotals[accountIndex]!,
      members.map((index) => sizes[index]!),
    );
    for (const [position, index] of members.entries()) result[index] = parts[position]!;
  }
  return result;
}

/** One merchant's orders, day by day, until exactly `budget` transactions are written. */
async function merchantTraffic(
  ctx: SeedContext,
  rng: Random,
  world: MerchantWorld,
  budget: number,
  stream: number,
  writer: BatchWriter,
  onOrder: () => Promise<void>,
): Promise<void> {
  if (budget <= 0) return;
  const now = ctx.baseDate.getTime();
  const traffic = new MerchantTraffic(rng.fork('orders'), world, ctx.baseDate, stream);
  const start = Math.max(now - PAYMENTS_WINDOW_DAYS * DAY_MS, world.liveFrom.getTime());
  const days = Math.max(1, Math.ceil((now - start) / DAY_MS));
  const shape = rng.fork('days');
  const weights = Array.from({ length: days }, (_, day) => {
    const from = now - (days - day) * DAY_MS;
    const weekday = new Date(from).getUTCDay();
    const growth = 0.7 + (0.3 * day) / days;
    return growth * (weekday === 0 || weekday === 6 ? 0.85 : 1) * (0.85 + shape.next() * 0.3);
  });
  const total = weights.reduce((a, b) => a + b, 0);
  let cumulative = 0;
  let used = 0;
  for (let day = 0; day < days; day++) {
    cumulative += weights[day]!;
    const target = day === days - 1 ? budget : Math.round((budget * cumulative) / total);
    const from = Math.max(now - (days - day) * DAY_MS, start);
    const to = now - (days - day - 1) * DAY_MS;
    traffic.openDay(from, to);
    while (used < target) {
      // Subscriptions falling due today are charged first, at their due time; shoppers' orders fill the rest.
      const order = traffic.dueOrder(budget - used) ?? traffic.order(traffic.timeBetween(from, to), budget - used);
      used += order.transactions.length;
      await writer.add(order.transactions, order.history);
      await onOrder();
    }
    traffic.closeDay();
  }
  // The subscriptions step writes them once their payments are stored.
  ctx.subscriptionsStarted ??= [];
  for (const subscription of traffic.started) ctx.subscriptionsStarted.push(subscription);
}

export const paymentsStep: GeneratorStep = {
  name: 'payments',
  async run(ctx, rng) {
    const merchantInfo = await loadMerchants(ctx);
    const sandboxAccount = ctx.accounts.find((account) =>
      account.providers.some((provider) => provider.prettyName === SANDBOX_ACQUIRER_NAME),
    );
    const worldRng = rng.fork('world');
    const worlds: MerchantWorld[] = [];
    for (const account of ctx.accounts) {
      const accountMerchants = ctx.merchants.filter((merchant) => merchant.accountId === account.id);
      for (const [index, seeded] of accountMerchants.entries()) {
        const merchant = merchantInfo.get(seeded.id);
        if (!merchant) continue;
        // The sandbox account's first two merchants send part of their EUR traffic to the sandbox MIDs.
        const withSandbox = account === sandboxAccount && index < 2;
        worlds.push(buildMerchantWorld(worldRng.fork(merchant.id), account, merchant, withSandbox));
      }
    }
    await writeWorlds(ctx, rng.fork('audit'), worlds);
    const plansByMerchant = await loadWorldPlans(
      ctx.db,
      worlds.map((world) => world.merchant.id),
    );
    for (const world of worlds) world.plans = plansByMerchant.get(world.merchant.id) ?? [];

    const perMerchant = budgets(ctx, rng.fork('budgets'), worlds);
    const total = perMerchant.reduce((a, b) => a + b, 0);
    const writer = new BatchWriter(ctx.db);
    const step = Math.max(BATCH_ROWS, Math.ceil(total / 20));
    let reported = 0;
    const onOrder = async () => {
      if (ctx.progress && writer.written - reported >= step) {
        reported = writer.written;
        ctx.progress(`transactions: ${writer.written.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')}`);
      }
    };
    const load = async () => {
      for (const [index, world] of worlds.entries()) {
        await merchantTraffic(
          ctx,
          rng.fork(`traffic:${world.merchant.id}`),
          world,
          perMerchant[index]!,
          index,
          writer,
          onOrder,
        );
      }
      await writer.finish();
    };
    if (total >= BULK_LOAD_THRESHOLD) {
      // The sales rollup's triggers are off too: one GROUP BY at the end instead of an upsert per batch.
      await withoutSecondaryStructures(ctx.db, () => withRollupRebuiltAfter(ctx.db, load));
      ctx.progress?.('transactions: indexes, foreign keys and sales rollup rebuilt');
    } else {
      // Even for the demo's few thousand a rollup rebuild at the end is cheaper than the rollups' triggers per batch
      // (the dashboard's converts and adds up every row it writes).
      await withRollupRebuiltAfter(ctx.db, load);
    }
    ctx.transactionsCreated = writer.written;
  },
};
