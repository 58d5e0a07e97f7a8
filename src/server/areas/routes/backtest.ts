import type { ServerResponse } from 'node:http';
import {
  backtestWindowRange,
  COLLAPSED_VALUE,
  collapseGroups,
  type MentionedValues,
  type MidApprovalStats,
  type MidInfo,
  mentionedValues,
  type PaymentGroup,
  runBacktest,
  toBacktestResult,
} from '@domain/backtest';
import type { BacktestRequest, BacktestResult } from '@domain/contract/backtest';
import type { RoutingRoute } from '@domain/routing';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { acquirers, mids, routes } from '../../db/schema';
import type { RouteTarget } from './service';
import { withTemporaryRoutes } from './simulation';

// POST /merchant/{merchantId}/routing-backtest (issue 15): the window's first-attempt payments replayed through the
// current routing and through a draft, read-only. PostgreSQL aggregates the payments by their routing values first,
// with the values no route or MID names collapsed, so a million payments become a few thousand groups at most; the
// domain (src/domain/backtest.ts) routes each group once with the routing engine and splits it by the routes' weights.

/** The outcomes the approval estimate counts. */
const APPROVED = 'SUCCESS';
const DECLINED = 'DECLINED';
/** Printable ASCII without spaces or lower case: a code the engine compares as it is (trim and upper case keep it). */
const PLAIN_CODE = '^[!-`{-~]+$';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// The SQL side of collapseValues(), as cheap per row as it can be (a million rows go through it): a value stored as
// the engine compares it is kept when a list names it and collapsed otherwise; any other spelling (' es', 'vip', beyond
// ASCII) goes up as it is, and collapseGroups() finishes it by the engine's own rules. Exact either way.

/** A custom tag (or any code criterion). */
function codeKey(column: SQL, named: ReadonlySet<string>): SQL {
  return sql`case
    when ${column} is null then null
    when ${column} = any(${sql.param([...named])}::text[]) then ${column}
    when ${column} ~ ${PLAIN_CODE} then ${COLLAPSED_VALUE}
    else ${column} end`;
}

/**
 * A BIN. Six characters that are no named BIN can be no named BIN once trimmed either (a BIN is 6 digits): they
 * collapse, the malformed ones with them (no list can name those, so they route alike).
 */
function binKey(column: SQL, named: ReadonlySet<string>): SQL {
  return sql`case
    when ${column} is null then null
    when ${column} = any(${sql.param([...named])}::text[]) then ${column}
    when length(${column}) = 6 then ${COLLAPSED_VALUE}
    else ${column} end`;
}

/**
 * The order URL. When no list names a URL, every URL routes alike: present or not is all that is kept. Otherwise the
 * query and fragment go (routing reads host and path only, and a '?' or '#' always ends the path), and the domain
 * reduces the rest to the longest named URL it falls under.
 */
function urlKey(column: SQL, named: MentionedValues['urls']): SQL {
  if (named.size === 0) return sql`case when ${column} is null then null else ${COLLAPSED_VALUE} end`;
  return sql`split_part(split_part(${column}, '?', 1), '#', 1)`;
}

/** Order URLs longer than this (bytes) are kept out of the backtest's covering index (migration 0015). */
const LONG_URL = 2000;

/**
 * The merchant's first attempts of [from, to) (payments and recurrences; not their children such as refunds and
 * chargebacks, nor fallback retries), with the columns the aggregation reads. Two parts, each read by its
 * partial index (migration 0015): the payments whose URL fits in the covering index (index-only), and the rare others.
 * The conditions repeat the indexes' own, so the planner sees that they apply.
 */
function firstAttempts(merchantId: string, from: Date, to: Date): SQL {
  const part = (url: SQL) => sql`
    select t.currency, t.card_brand, t.card_country, t.custom_tag, t.card_bin, t.order_url, t.amount, t.mid_id, t.status
    from transactions t
    where t.merchant_id = ${merchantId}::uuid
      and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
      and t.parent_id is null and not t.is_fallback and t.transaction_type in ('PAYMENT', 'RECURRENCE') and ${url}`;
  const limit = sql.raw(String(LONG_URL));
  return sql`(${part(sql`(t.order_url is null or octet_length(t.order_url) <= ${limit})`)}
    union all ${part(sql`octet_length(t.order_url) > ${limit}`)})`;
}

interface AggregateRow {
  /** Which grouping set: a MID and card brand's outcomes, or else a payment group. */
  per_mid: boolean;
  currency: string | null;
  card_brand: string | null;
  issuer_country: string | null;
  url: string | null;
  custom_tag: string | null;
  bin_code: string | null;
  mid_id: string | null;
  payments: number;
  amount: number;
  successful: number;
  declined: number;
}

interface Aggregates {
  groups: PaymentGroup[];
  approvals: MidApprovalStats[];
}

/**
 * One pass over the payments of [from, to): the groups by currency and collapsed routing values, and, as a second
 * grouping set of the same scan, each MID and card brand's successful and declined first attempts.
 */
async function aggregateSlice(db: Db, target: RouteTarget, from: Date, to: Date, named: MentionedValues) {
  return db.transaction(
    async (tx) => {
      // The planner cannot know that the collapsed values make few groups (it counts the raw ones, URLs with their
      // query strings): with the default memory it would sort a million rows instead of hashing them. Compiling the
      // expressions (JIT) costs more than it saves here.
      await tx.execute(sql`select set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`);
      // The grouping sets name the keys by position: written out again they would carry other parameters ($1 against
      // $23), and PostgreSQL would not take them for the same expressions.
      const result = await tx.execute(sql`
      select grouping(t.mid_id) = 0 as per_mid, t.currency, t.card_brand,
        ${codeKey(sql`t.card_country`, named.codes.issuerCountry)} as issuer_country,
        ${urlKey(sql`t.order_url`, named.urls)} as url,
        ${codeKey(sql`t.custom_tag`, named.codes.customTag)} as custom_tag,
        ${binKey(sql`t.card_bin`, named.codes.binCode)} as bin_code,
        t.mid_id,
        count(*)::float8 as payments, coalesce(sum(t.amount), 0)::float8 as amount,
        count(*) filter (where t.status = ${APPROVED})::float8 as successful,
        count(*) filter (where t.status = ${DECLINED})::float8 as declined
      from ${firstAttempts(target.merchantId, from, to)} t
      group by grouping sets ((2, 3, 4, 5, 6, 7), (8, 3))`);
      return rowsOf<AggregateRow>(result);
    },
    { accessMode: 'read only' },
  );
}

/**
 * Slices of the window, aggregated side by side: PostgreSQL runs them on a connection each, on as many cores (it
 * would not run one grouped scan in parallel, expecting a group per payment); PGlite runs them one after the other.
 */
const SLICES = 4;

async function aggregate(
  db: Db,
  target: RouteTarget,
  window: { from: Date; to: Date },
  named: MentionedValues,
): Promise<Aggregates> {
  const span = window.to.getTime() - window.from.getTime();
  const bounds = Array.from({ length: SLICES + 1 }, (_, index) =>
    index === SLICES ? window.to : new Date(window.from.getTime() + Math.floor((span * index) / SLICES)),
  );
  const parts = await Promise.all(
    bounds.slice(0, -1).map((from, index) => aggregateSlice(db, target, from, bounds[index + 1]!, named)),
  );
  const groups: PaymentGroup[] = [];
  const approvals: MidApprovalStats[] = [];
  for (const row of parts.flat()) {
    if (!row.per_mid) {
      groups.push({
        values: {
          currency: row.currency,
          issuerCountry: row.issuer_country,
          cardBrand: row.card_brand,
          url: row.url,
          customTag: row.custom_tag,
          binCode: row.bin_code,
        },
        currency: row.currency ?? '',
        payments: Number(row.payments),
        amount: Number(row.amount),
      });
    } else if (row.mid_id && (row.successful > 0 || row.declined > 0)) {
      approvals.push({
        midId: row.mid_id,
        cardBrand: row.card_brand,
        successful: Number(row.successful),
        declined: Number(row.declined),
      });
    }
  }
  return { groups, approvals };
}

export interface BacktestOptions {
  /** The app's clock (ms): a preset window ends now. */
  now: number;
  /** Aborted when the client goes away: the work stops at the next step or group. */
  signal?: AbortSignal;
}

export async function routingBacktest(
  db: Db,
  target: RouteTarget,
  request: BacktestRequest,
  { now, signal }: BacktestOptions,
): Promise<BacktestResult> {
  const window = backtestWindowRange(request.window, now);
  const saved = await db.select().from(routes).where(eq(routes.merchantId, target.merchantId));
  signal?.throwIfAborted();
  const removed = new Set(request.removedRouteIds);
  const draft = withTemporaryRoutes(
    saved.filter((route) => !removed.has(route.id)),
    request.temporaryRoutes,
  );
  // Only the MIDs the routes name, the merchant's own: a route naming another MID serves nothing, as in the engine.
  const midIds = new Set(
    [...saved, ...draft].flatMap((route) => [route.midId, ...(route.fallbackMidId ? [route.fallbackMidId] : [])]),
  );
  const midRows = midIds.size
    ? await db
        .select({ mid: mids, acquirerName: acquirers.prettyName })
        .from(mids)
        .innerJoin(acquirers, eq(acquirers.id, mids.acquirerId))
        .where(and(eq(mids.merchantId, target.merchantId), inArray(mids.id, [...midIds])))
    : [];
  signal?.throwIfAborted();
  const midList = midRows.map((row) => row.mid);
  const named = mentionedValues([...saved, ...draft, ...midList]);

  const { groups, approvals } = await aggregate(db, target, window, named);
  signal?.throwIfAborted();

  const figures = runBacktest<RoutingRoute, (typeof midList)[number]>({
    groups: collapseGroups(groups, named),
    currentRoutes: saved,
    draftRoutes: draft,
    mids: midList,
    approvals,
    signal,
  });
  const info = new Map<string, MidInfo>(
    midRows.map((row) => [row.mid.id, { description: row.mid.description, acquirerName: row.acquirerName }]),
  );
  return toBacktestResult(figures, {
    window,
    midInfo: (midId) => info.get(midId) ?? { description: midId, acquirerName: '' },
  });
}

/**
 * A signal aborted when the client goes away before the answer is sent (the console cancels a backtest it no longer
 * wants by aborting its fetch). The response's 'close' tells: the request's own 'close' fires as soon as its body has
 * been read, connection or not.
 */
export function signalOnDisconnect(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  const closed = () => {
    if (!response.writableEnded) controller.abort(new BacktestCancelled());
  };
  // Gone already (while the body was read or the caller was checked): 'close' will not come again.
  if (response.destroyed) closed();
  else response.once('close', closed);
  return controller.signal;
}

/** The reason of an abandoned backtest. */
export class BacktestCancelled extends Error {
  constructor() {
    super('The client closed the connection');
    this.name = 'BacktestCancelled';
  }
}
