import { alertReached, effectiveLimits, fractionToPercent, type LimitCardBrand, limitLevel } from '@domain/limits';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { unsubscribeUrl } from '../areas/auth/password-links';
import type { Db, Queryable } from '../db/client';
import { hasLimitSql, limitCardBrandSql } from '../db/limit-sql';
import { isLimitSale } from '../db/sales-rollup';
import {
  acquirers,
  jobs,
  limitAlertFirings,
  merchants,
  mids,
  roles,
  solutions,
  userAccounts,
  users,
} from '../db/schema';
import { limitAlertMail } from '../mail/limit-alert-mail';
import type { Mailer } from '../mail/mailer';
import type { JobQueue } from './queue';
import type { JobHandler } from './worker';

// Limit alerts that really fire (spec 3, sections 2.7 and 3 "Limits"; issue 16). A background check reads the sales
// rollup against every limit with an alert, in one grouped query, and fires an alert the first time in a UTC day
// (DAILY) or month (MONTHLY) that sales reach its threshold on the limit in force (alertThreshold): it records the firing and
// e-mails the account's active administrators in one transaction. The firing's unique key (limit, period, period
// start) is what makes "once per period" hold across checks, restarts and server processes: only the transaction
// whose insert wins the key sends anything.
//
// The check is a job on the shared queue. Each run first queues the next one `intervalMs` later, and new sales (the
// demo traffic) pull the queued run forward; there is never more than one queued check, whichever process asks.

export const LIMIT_ALERTS_JOB = 'limit-alerts-check';
export const DEFAULT_LIMIT_ALERTS_INTERVAL_MS = 30_000;
/** Finished checks are kept this long (for the logs of a failure); the worker keeps other jobs a week. */
const KEEP_DONE_CHECKS_MS = 3_600_000;
/** Serialises "is a check queued? otherwise queue one" across processes (pg_advisory_xact_lock). */
const SCHEDULE_LOCK = sql`hashtext(${LIMIT_ALERTS_JOB})`;

export interface FiredLimitAlert {
  limitId: string;
  period: 'DAILY' | 'MONTHLY';
  periodStart: string;
  sales: number;
  limit: number;
  /** Who was told. */
  recipients: string[];
}

export interface LimitAlerts {
  /** The worker's handler for LIMIT_ALERTS_JOB. */
  readonly handler: JobHandler;
  /**
   * Makes sure a check runs now: pulls the queued check forward (or queues one) and wakes this process's worker.
   * `npm start` calls it to start the periodic checks; new sales call it so alerts fire soon after them.
   */
  requestCheck(): Promise<void>;
  /** One check, as the job runs it: answers the alerts this call fired. */
  check(): Promise<FiredLimitAlert[]>;
}

export interface LimitAlertsDeps {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  now: () => number;
  publicUrl: string;
  log: { error(details: object, message: string): void };
}

interface AlertingLimit {
  id: string;
  accountId: string;
  merchantId: string;
  solutionId: string;
  midId: string | null;
  cardBrand: LimitCardBrand | null;
  descriptor: string | null;
  total: number | null;
  daily: number | null;
  alertPercentage: number;
  salesToday: number;
  salesThisMonth: number;
  firedToday: boolean;
  firedThisMonth: boolean;
}

interface Crossing {
  limit: AlertingLimit;
  period: 'DAILY' | 'MONTHLY';
  periodStart: string;
  sales: number;
  value: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const monthStartOf = (ms: number) => `${dayOf(ms).slice(0, 7)}-01`;

/**
 * Every limit with an alert, with its successful sales today and this month over its scope (the solution, narrowed
 * by MID, card brand and descriptor where the row sets them) and whether it fired already in each period: one
 * statement, grouped by limit, reading the rollup's (account, merchant, day) range and the limit's firings, each in
 * the limit's account. The firings are a lateral look-up per limit: as EXISTS in the select list, PostgreSQL would
 * read every account's firings of the period into one hash instead.
 */
async function alertingLimits(db: Queryable, today: string, monthStart: string): Promise<AlertingLimit[]> {
  const result = await db.execute(sql`
    select l.id, l.account_id as "accountId", l.merchant_id as "merchantId", l.solution_id as "solutionId",
      l.mid_id as "midId", l.card_brand as "cardBrand", l.descriptor, l.total, l.daily,
      l.alert_percentage as "alertPercentage",
      coalesce(sum(r.count) filter (where r.day = ${today}::date), 0)::int as "salesToday",
      coalesce(sum(r.count), 0)::int as "salesThisMonth",
      fired.today as "firedToday", fired.month as "firedThisMonth"
    from limits l
    cross join lateral (
      select coalesce(bool_or(f.period = 'DAILY'), false) as today, coalesce(bool_or(f.period = 'MONTHLY'), false) as month
      from limit_alert_firings f
      where f.account_id = l.account_id and f.limit_id = l.id
        and ((f.period = 'DAILY' and f.period_start = ${today}::date)
          or (f.period = 'MONTHLY' and f.period_start = ${monthStart}::date))
    ) fired
    left join sales_rollup r
      on r.account_id = l.account_id and r.merchant_id = l.merchant_id
      and r.day between ${monthStart}::date and ${today}::date
      and r.solution_id = l.solution_id
      and (l.mid_id is null or r.mid_id = l.mid_id)
      and (l.card_brand is null or ${limitCardBrandSql(sql.raw('r.card_brand'))} = l.card_brand)
      and (l.descriptor is null or r.descriptor = l.descriptor)
      and ${isLimitSale(sql.raw('r'))}
    where l.alert_percentage is not null and ${hasLimitSql(sql.raw('l'))}
    group by l.id, fired.today, fired.month`);
  return rowsOf<AlertingLimit>(result);
}

/** The periods whose threshold the limit's sales reached and that have not fired yet. */
function crossings(limit: AlertingLimit, today: string, monthStart: string): Crossing[] {
  const effective = effectiveLimits({ total: limit.total, daily: limit.daily });
  const reached = (sales: number, value: number | null): value is number =>
    value !== null && alertReached(sales, value, limit.alertPercentage);
  const found: Crossing[] = [];
  if (!limit.firedToday && reached(limit.salesToday, effective.daily)) {
    found.push({ limit, period: 'DAILY', periodStart: today, sales: limit.salesToday, value: effective.daily });
  }
  if (!limit.firedThisMonth && reached(limit.salesThisMonth, effective.total)) {
    found.push({
      limit,
      period: 'MONTHLY',
      periodStart: monthStart,
      sales: limit.salesThisMonth,
      value: effective.total,
    });
  }
  return found;
}

export function createLimitAlerts(deps: LimitAlertsDeps, intervalMs = DEFAULT_LIMIT_ALERTS_INTERVAL_MS): LimitAlerts {
  const { db, now } = deps;
  const base = deps.publicUrl.replace(/\/$/, '');

  /** Queues a check to run at `runAt` at the latest: an earlier queued one stays, a later one is brought forward. */
  async function queueCheck(runAt: number): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SCHEDULE_LOCK})`);
      const at = new Date(runAt).toISOString();
      const queued = await tx
        .update(jobs)
        .set({ runAt: sql`least(${jobs.runAt}, ${at}::timestamptz)` })
        .where(and(eq(jobs.kind, LIMIT_ALERTS_JOB), eq(jobs.status, 'queued')))
        .returning({ id: jobs.id });
      // One attempt: a failed check is not retried, the next periodic one runs anyway.
      if (queued.length === 0) await deps.jobs.enqueue(tx, LIMIT_ALERTS_JOB, {}, { runAt, maxAttempts: 1 });
    });
  }

  /** What the e-mail names: merchant, acquirer, solution and MID. */
  async function describe(tx: Queryable, limit: AlertingLimit) {
    const [row] = await tx
      .select({
        merchantName: merchants.prettyName,
        acquirerName: acquirers.prettyName,
        acquirerDescription: acquirers.description,
        solutionName: solutions.prettyName,
        midDescription: mids.description,
      })
      .from(merchants)
      .innerJoin(solutions, eq(solutions.id, limit.solutionId))
      .innerJoin(acquirers, eq(acquirers.id, solutions.acquirerId))
      .leftJoin(mids, limit.midId ? eq(mids.id, limit.midId) : sql`false`)
      .where(eq(merchants.id, limit.merchantId));
    return row;
  }

  /** The account's active administrators who still take e-mail. */
  function administrators(tx: Queryable, accountId: string) {
    return tx
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .innerJoin(userAccounts, eq(userAccounts.userId, users.id))
      .where(
        and(
          eq(userAccounts.accountId, accountId),
          eq(users.userType, 'ACCOUNT'),
          eq(roles.name, 'ADMINISTRATOR'),
          eq(users.status, 'ACTIVE'),
          isNull(users.unsubscribedAt),
        ),
      )
      .orderBy(users.email);
  }

  /** Records one crossing and, if this transaction won its key, e-mails the administrators; null when it lost. */
  async function fire(crossing: Crossing): Promise<FiredLimitAlert | null> {
    const { limit } = crossing;
    return db.transaction(async (tx) => {
      const [won] = await tx
        .insert(limitAlertFirings)
        .values({
          limitId: limit.id,
          accountId: limit.accountId,
          merchantId: limit.merchantId,
          solutionId: limit.solutionId,
          period: crossing.period,
          periodStart: crossing.periodStart,
          percentage: limit.alertPercentage,
          limitValue: crossing.value,
          sales: crossing.sales,
          firedAt: new Date(now()),
        })
        .onConflictDoNothing()
        .returning({ id: limitAlertFirings.id });
      // Another check, in this process or another, fired it first.
      if (!won) return null;
      // The limit's merchant and solution are foreign keys: they exist.
      const names = (await describe(tx, limit))!;
      const recipients = await administrators(tx, limit.accountId);
      for (const recipient of recipients) {
        await deps.mailer.enqueue(
          tx,
          limitAlertMail({
            to: recipient.email,
            firstName: recipient.firstName,
            ...names,
            level: limitLevel(limit),
            cardBrand: limit.cardBrand,
            descriptor: limit.descriptor,
            period: crossing.period,
            periodStart: crossing.periodStart,
            sales: crossing.sales,
            limit: crossing.value,
            percent: fractionToPercent(limit.alertPercentage),
            url: `${base}/accounts/${limit.accountId}/merchants/${limit.merchantId}/counter/${limit.solutionId}/limits`,
            unsubscribeUrl: unsubscribeUrl(deps.publicUrl, recipient.id),
          }),
        );
      }
      return {
        limitId: limit.id,
        period: crossing.period,
        periodStart: crossing.periodStart,
        sales: crossing.sales,
        limit: crossing.value,
        recipients: recipients.map((recipient) => recipient.email),
      };
    });
  }

  async function check(): Promise<FiredLimitAlert[]> {
    const at = now();
    const today = dayOf(at);
    const monthStart = monthStartOf(at);
    const limits = await alertingLimits(db, today, monthStart);
    const fired: FiredLimitAlert[] = [];
    for (const crossing of limits.flatMap((limit) => crossings(limit, today, monthStart))) {
      const alert = await fire(crossing);
      if (alert) fired.push(alert);
    }
    if (fired.length > 0) {
      await deps.mailer.flush().catch((error) => deps.log.error({ err: error }, 'limit alert mail delivery failed'));
    }
    return fired;
  }

  const handler: JobHandler = {
    async run() {
      // The next run is queued before this one can fail, so one failure never ends the periodic checks.
      await queueCheck(now() + intervalMs);
      await check();
      await db
        .delete(jobs)
        .where(
          and(
            eq(jobs.kind, LIMIT_ALERTS_JOB),
            eq(jobs.status, 'done'),
            lt(jobs.finishedAt, new Date(now() - KEEP_DONE_CHECKS_MS)),
          ),
        );
    },
  };

  return {
    handler,
    check,
    async requestCheck() {
      await queueCheck(now());
      deps.jobs.wake();
    },
  };
}
