import type { ServerResponse } from 'node:http';
import { availableParallelism } from 'node:os';
import {
  type Backtest,
  backtestWindowRange,
  COLLAPSED_VALUE,
  createBacktest,
  type MentionedValues,
  type MidInfo,
  mentionedValues,
  newlyNamedValues,
  toBacktestResult,
} from '@domain/backtest';
import {
  BACKTEST_LIMITS,
  type BacktestRequest,
  type BacktestResult,
  tooManyNewValues,
} from '@domain/contract/backtest';
import type { RoutingRoute } from '@domain/routing';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyError } from 'fastify';
import type { Db } from '../../db/client';
import { poolOf } from '../../db/connections';
import { replicaUnavailable } from '../../db/replicas';
import { ApiError } from '../../plugins/errors';
import {
  BacktestCancelled,
  type BacktestRun,
  BacktestSuperseded,
  createBacktestRuns,
  signalOnDisconnect,
} from './backtest-runs';
import { loadRoutingDraft, type RoutingDraft, type RoutingMidRow } from './routing-draft';
import type { RouteTarget } from './service';

// POST /merchant/{merchantId}/routing-backtest (issues 15 and 23): the window's first-attempt payments replayed through
// the current routing and through a draft, read-only. PostgreSQL aggregates the payments by their routing values
// first, with the values no route or MID names collapsed, so a million payments become a few thousand groups at most;
// the domain (src/domain/backtest.ts) routes each group once with the routing engine and splits it by the routes'
// weights. The work is bounded: the draft's size (BACKTEST_LIMITS), one running backtest per user (backtest-runs.ts),
// the aggregation in slices that a closed connection or a newer run stops, each slice's rows routed as they arrive,
// and the process's backtests taking turns of the event loop, so that the other calls keep being answered.

/** The outcomes the approval estimate counts. */
const APPROVED = 'SUCCESS';
const DECLINED = 'DECLINED';
/** Printable ASCII without spaces or lower case: a code the engine compares as it is (trim and upper case keep it). */
const PLAIN_CODE = '^[!-`{-~]+$';

// The SQL side of collapseValues(), as cheap per row as it can be (a million rows go through it): a value stored as
// the engine compares it is kept when a list names it and collapsed otherwise; any other spelling (' es', 'vip', beyond
// ASCII) goes up as it is, and the domain finishes it by the engine's own rules. Exact either way. Currency, card brand
// and issuer country go up as they are: a few hundred values at most, which the domain collapses for less than the
// per-row test would cost (a third of the aggregation's time on a million payments).

/**
 * Whether the column holds one of the named values: a hashed subplan, one look-up a row however many values the
 * lists name (PGlite never hashes `= any(array)`, and 5,000 named BINs made that 5,000 comparisons a row).
 */
const isNamed = (column: SQL, named: ReadonlySet<string>) =>
  sql`${column} in (select unnest(${sql.param([...named])}::text[]))`;

/** A custom tag (or any code criterion). */
function codeKey(column: SQL, named: ReadonlySet<string>): SQL {
  return sql`case
    when ${column} is null then null
    when ${isNamed(column, named)} then ${column}
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
    when ${isNamed(column, named)} then ${column}
    when length(${column}) = 6 then ${COLLAPSED_VALUE}
    else ${column} end`;
}

/**
 * The order URL. When no list names a URL, every URL routes alike: present or not is all that is kept. Otherwise the
 * query goes (routing reads host and path only, and a '?' always ends the path) and the domain reduces the rest to the
 * longest named URL it falls under, a fragment with it: one split per row is all the SQL pays.
 */
function urlKey(column: SQL, named: MentionedValues['urls']): SQL {
  if (named.size === 0) return sql`case when ${column} is null then null else ${COLLAPSED_VALUE} end`;
  return sql`split_part(${column}, '?', 1)`;
}

/** Order URLs longer than this (bytes) are kept out of the backtest's covering index (migration 0015). */
const LONG_URL = sql.raw('2000');
/**
 * The two parts of a merchant's payments, each read by its partial index (migration 0015): the payments whose URL
 * fits in the covering index (index-only), and the rare others.
 */
const URL_PARTS = [
  sql`(t.order_url is null or octet_length(t.order_url) <= ${LONG_URL})`,
  sql`octet_length(t.order_url) > ${LONG_URL}`,
];

/**
 * The merchant's first attempts of [from, to) in one part (payments and recurrences; not their children such as
 * refunds and chargebacks, nor fallback retries), in its account. The conditions repeat the indexes' own, so the
 * planner sees that they apply.
 */
const firstAttempts = (target: RouteTarget, from: Date, to: Date, part: SQL) => sql`
  t.account_id = ${target.accountId}::uuid and t.merchant_id = ${target.merchantId}::uuid
  and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
  and t.parent_id is null and not t.is_fallback and t.transaction_type in ('PAYMENT', 'RECURRENCE') and ${part}`;

/**
 * The first attempts of [from, to) grouped: by currency and collapsed routing values, and, as a second grouping set of
 * the same scan, each MID and card brand's successful and declined first attempts. Each part is aggregated on its own
 * (the domain merges the groups both give).
 */
function sliceAggregation(target: RouteTarget, from: Date, to: Date, named: MentionedValues): SQL {
  // The grouping sets name the keys by position: written out again they would carry other parameters ($1 against
  // $23), and PostgreSQL would not take them for the same expressions.
  const [covered, others] = URL_PARTS.map(
    (part) => sql`
    select grouping(t.mid_id) = 0 as per_mid, t.currency, t.card_brand,
      t.card_country as issuer_country,
      ${urlKey(sql`t.order_url`, named.urls)} as url,
      ${codeKey(sql`t.custom_tag`, named.codes.customTag)} as custom_tag,
      ${binKey(sql`t.card_bin`, named.codes.binCode)} as bin_code,
      t.mid_id,
      count(*)::float8 as payments, coalesce(sum(t.amount), 0)::float8 as amount,
      count(*) filter (where t.status = ${APPROVED})::float8 as successful,
      count(*) filter (where t.status = ${DECLINED})::float8 as declined
    from transactions t
    where ${firstAttempts(target, from, to, part)}
    group by grouping sets ((2, 3, 4, 5, 6, 7), (8, 3))`,
  );
  return sql`${covered} union all ${others}`;
}

/** How many first attempts [from, to) holds (both parts, index-only for the first). */
function sliceCounting(target: RouteTarget, from: Date, to: Date): SQL {
  const [covered, others] = URL_PARTS.map(
    (part) => sql`(select count(*) from transactions t where ${firstAttempts(target, from, to, part)})`,
  );
  return sql`select (${covered} + ${others})::float8 as payments`;
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

/**
 * Hands one row of a slice to the backtest. PostgreSQL's rows come a network read at a time (a few milliseconds of
 * routing at most between two reads, and none held); PGlite's a slice of a few thousand payments at a time.
 */
function takeRow(backtest: Backtest, row: AggregateRow): void {
  if (!row.per_mid) {
    backtest.addGroup({
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
    backtest.addApprovals({
      midId: row.mid_id,
      cardBrand: row.card_brand,
      successful: Number(row.successful),
      declined: Number(row.declined),
    });
  }
}

/**
 * PostgreSQL: slices of the window aggregated side by side, on a connection each, on as many cores (it would not run
 * one grouped scan in parallel, expecting a group per payment): one a core of this machine, 2 to 4. More slices than
 * cores take no less time, and each brings the window's groups again (on 2 cores, 4 slices held twice the memory).
 */
const PARALLEL_SLICES = Math.min(4, Math.max(2, availableParallelism()));
/**
 * PGlite runs each statement in this process, holding the event loop: its slices follow one another (its share of
 * the pool is one connection) and each holds about this many payments, a few milliseconds of work, so that the other
 * calls get in between.
 */
const PGLITE_SLICE_PAYMENTS = 2_500;
const PGLITE_MAX_SLICES = 400;

/** How many slices: PostgreSQL's parallel ones, or as many as PGlite's payments of the window fill. */
async function sliceCount(db: Db, run: BacktestRun, target: RouteTarget, window: { from: Date; to: Date }) {
  if (poolOf(db)) return PARALLEL_SLICES;
  let payments = 0;
  await run.slice(
    sliceCounting(target, window.from, window.to),
    (row) => {
      payments = Number(row.payments);
    },
    db,
  );
  return Math.min(PGLITE_MAX_SLICES, Math.max(1, Math.ceil(payments / PGLITE_SLICE_PAYMENTS)));
}

async function aggregate(
  db: Db,
  run: BacktestRun,
  target: RouteTarget,
  window: { from: Date; to: Date },
  named: MentionedValues,
  backtest: Backtest,
): Promise<void> {
  const slices = await sliceCount(db, run, target, window);
  const start = window.from.getTime();
  const span = window.to.getTime() - start;
  const bounds = Array.from({ length: slices + 1 }, (_, index) =>
    index === slices ? window.to : new Date(start + Math.floor((span * index) / slices)),
  );
  // A few slices at a time (the run's signal wakes no more waiters than that); every one settles before the answer,
  // so that when the request ends none of its statements is left running.
  let next = 0;
  const worker = async () => {
    while (next < slices) {
      const index = next++;
      try {
        await run.slice(
          sliceAggregation(target, bounds[index]!, bounds[index + 1]!, named),
          (row) => takeRow(backtest, row as unknown as AggregateRow),
          db,
        );
      } catch (error) {
        run.stop(error);
        throw error;
      }
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: Math.min(PARALLEL_SLICES, slices) }, worker));
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
}

interface Plan {
  window: { from: Date; to: Date };
  routing: RoutingDraft;
  named: MentionedValues;
  backtest: Backtest;
}

/**
 * The routing compared and what the aggregation keeps apart, read before the run starts: a draft refused for its size
 * does not stop the backtest the user has running.
 */
async function planOf(
  db: Db,
  turn: () => Promise<void>,
  target: RouteTarget,
  request: BacktestRequest,
  now: number,
): Promise<Plan> {
  const window = backtestWindowRange(request.window, now);
  const routing = await loadRoutingDraft(db, target.merchantId, request);
  // Reading hundreds of routes' lists takes a while: the other requests get a turn between the steps.
  await turn();
  const saved = mentionedValues([...routing.saved, ...routing.mids]);
  const temporary = routing.draft.filter((route) => route.temporary);
  await turn();
  const added = newlyNamedValues(saved, mentionedValues(temporary));
  if (added > BACKTEST_LIMITS.newValues) {
    const message = tooManyNewValues(added);
    throw new ApiError(400, 'backtest-too-large', message, { fields: { temporaryRoutes: message } });
  }
  await turn();
  const named = mentionedValues([...routing.saved, ...routing.mids, ...temporary]);
  await turn();
  const backtest = createBacktest<RoutingRoute, RoutingMidRow>({
    currentRoutes: routing.saved,
    draftRoutes: routing.draft,
    mids: routing.mids,
    mentioned: named,
  });
  return { window, routing, named, backtest };
}

/** The backtest's answer, within a run (the run's signal stops it between turns, its slices as they go). */
async function answerOf(db: Db, run: BacktestRun, target: RouteTarget, plan: Plan): Promise<BacktestResult> {
  await aggregate(db, run, target, plan.window, plan.named, plan.backtest);
  run.signal.throwIfAborted();
  const info = new Map<string, MidInfo>(
    plan.routing.mids.map((mid) => [mid.id, { description: mid.description, acquirerName: mid.acquirerName }]),
  );
  return toBacktestResult(plan.backtest.finish(), {
    window: plan.window,
    midInfo: (midId) => info.get(midId) ?? { description: midId, acquirerName: '' },
  });
}

export interface RoutingBacktests {
  /**
   * The backtest a user asks for; the answer goes to `response` (its closing stops the work). The payments are read
   * on `source` (a read replica holding the user's writes, or the primary); a replica that fails meanwhile leaves the
   * aggregation to the primary, from the start.
   */
  run(
    userId: string,
    target: RouteTarget,
    request: BacktestRequest,
    response: ServerResponse,
    source?: Db,
  ): Promise<BacktestResult>;
}

export function createRoutingBacktests({ db, now }: { db: Db; now: () => number }): RoutingBacktests {
  const runs = createBacktestRuns(db);
  return {
    async run(userId, target, request, response, source = db) {
      const disconnected = signalOnDisconnect(response);
      let run: BacktestRun | undefined;
      try {
        const at = now();
        const planned = () =>
          planOf(
            db,
            async () => {
              await runs.turn();
              disconnected.throwIfAborted();
            },
            target,
            request,
            at,
          );
        const plan = await planned();
        run = await runs.start(userId, disconnected);
        let result: BacktestResult;
        try {
          result = await answerOf(source, run, target, plan);
        } catch (error) {
          if (source === db || !replicaUnavailable(error) || disconnected.aborted) throw error;
          // Half-aggregated figures are of no use (and the failed slice stopped the run): the primary aggregates the
          // window again, in a new run with a fresh plan.
          await run.abandon();
          run = undefined;
          run = await runs.start(userId, disconnected);
          result = await answerOf(db, run, target, await planned());
        }
        await run.end();
        return result;
      } catch (error) {
        await run?.abandon().catch(() => undefined);
        throw refusal(error);
      }
    },
  };
}

/**
 * The backtest call's own error handler: a body over BACKTEST_LIMITS.bodyBytes answers 413 with the backtest's key
 * (read no further than the limit); every other error goes on to the app's handler.
 */
export function backtestBodyErrors(error: FastifyError): never {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    throw new ApiError(413, 'backtest-too-large', 'The draft is too large to backtest: at most 1 MB of draft routes');
  }
  throw error;
}

/** What the caller is told when the run stopped before its end. */
function refusal(error: unknown): unknown {
  // Nobody reads the answer of a client that went away: the 499 is for the log.
  if (error instanceof BacktestCancelled) return new ApiError(499, 'unexpected-error', 'The backtest was cancelled');
  if (error instanceof BacktestSuperseded) return new ApiError(409, 'backtest-superseded');
  return error;
}
