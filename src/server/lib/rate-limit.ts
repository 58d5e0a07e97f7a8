import { createHash } from 'node:crypto';
import type { ErrorKey } from '@domain/errors';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { rateLimits } from '../db/schema';
import { ApiError } from '../plugins/errors';

// The one rate limiter: sign-in failures, reset e-mails, forgot-password requests and analytics events all count
// here. A hit is taken BEFORE the work it guards, by one atomic statement (INSERT ... ON CONFLICT DO UPDATE ... WHERE
// ... RETURNING): the row lock serialises concurrent hits on the same counter, so for N parallel requests, whether in
// one process or spread over several on one PostgreSQL, exactly `limit` get through and the rest are refused. Counting
// first and checking later (or reading the count and writing the attempt afterwards) lets parallel requests outrun
// the limit.
//
// Windows are fixed and start with the first hit. The hit that reaches the limit restarts the window, so a lockout
// always lasts one full window from the moment it engages (PCI DSS 8.3.4 asks for a minimum lockout duration).

export interface RateLimitRule {
  /** What is counted ('login-identity', 'analytics-session', ...); each bucket counts on its own. */
  bucket: string;
  /** Who is counted: an identity, an address, a session. Stored as a SHA-256 hash, so any length fits. */
  subject: string;
  /** Hits allowed within the window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitLease {
  allowed: true;
  /** Gives the hits back (the attempt turned out not to count, e.g. a sign-in that succeeded). */
  release(): Promise<void>;
}

export interface RateLimitRefusal {
  allowed: false;
  /** Seconds until the refusing counter starts again (at least 1). */
  retryAfterSeconds: number;
  /** The rule that refused. */
  rule: RateLimitRule;
}

export interface TakeOptions {
  now: number;
  /** Hits this request takes (analytics: the events of the batch); 1 by default. */
  cost?: number;
}

const subjectKey = (subject: string) => createHash('sha256').update(subject).digest('hex');

/** Rows swept, at most, when a counter starts a new window: enough to keep the table at the size of the live ones. */
const SWEEP_BATCH = 100;

async function sweepExpired(db: Queryable, at: Date): Promise<void> {
  const expired = db
    .select({ bucket: rateLimits.bucket, subject: rateLimits.subject })
    .from(rateLimits)
    .where(lt(rateLimits.resetAt, at))
    .limit(SWEEP_BATCH)
    // Rows another request holds are left for a later sweep: sweeps never wait on hits, nor on each other.
    .for('update', { skipLocked: true });
  // The outer condition is checked again on the row version a concurrent hit may have just renewed: a counter that
  // started a new window meanwhile is not deleted.
  await db
    .delete(rateLimits)
    .where(and(lt(rateLimits.resetAt, at), sql`(${rateLimits.bucket}, ${rateLimits.subject}) in (${expired})`));
}

async function takeOne(
  db: Queryable,
  rule: RateLimitRule,
  now: number,
  cost: number,
): Promise<RateLimitLease | RateLimitRefusal> {
  const at = new Date(now);
  const end = new Date(now + rule.windowSeconds * 1000);
  const subject = subjectKey(rule.subject);
  const where = and(eq(rateLimits.bucket, rule.bucket), eq(rateLimits.subject, subject));
  const refuse = async (): Promise<RateLimitRefusal> => {
    const [row] = await db.select({ resetAt: rateLimits.resetAt }).from(rateLimits).where(where);
    const waitMs = (row?.resetAt.getTime() ?? end.getTime()) - now;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)), rule };
  };
  if (cost > rule.limit) return refuse();

  const expired = sql`${rateLimits.resetAt} <= ${at}`;
  const [taken] = await db
    .insert(rateLimits)
    .values({ bucket: rule.bucket, subject, hits: cost, windowStart: at, resetAt: end })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.subject],
      set: {
        hits: sql`case when ${expired} then ${cost} else ${rateLimits.hits} + ${cost} end`,
        windowStart: sql`case when ${expired} then ${at} else ${rateLimits.windowStart} end`,
        resetAt: sql`case when ${expired} or ${rateLimits.hits} + ${cost} >= ${rule.limit} then ${end} else ${rateLimits.resetAt} end`,
      },
      // No row comes back when the counter is full: nothing was taken, and the request is refused.
      setWhere: sql`${expired} or ${rateLimits.hits} + ${cost} <= ${rule.limit}`,
    })
    .returning({ windowStart: rateLimits.windowStart });
  if (!taken) return refuse();

  const windowStart = taken.windowStart;
  if (windowStart.getTime() === now) await sweepExpired(db, at);
  return {
    allowed: true,
    release: async () => {
      await db
        .update(rateLimits)
        .set({ hits: sql`greatest(${rateLimits.hits} - ${cost}, 0)` })
        .where(and(where, eq(rateLimits.windowStart, windowStart)));
    },
  };
}

/**
 * Takes a hit from every rule, in order. When one refuses, the hits already taken are given back (a refused request
 * does not count against the other limits) and the refusal is returned; otherwise one lease releases them all.
 */
export async function takeRateLimits(
  db: Queryable,
  rules: readonly RateLimitRule[],
  options: TakeOptions,
): Promise<RateLimitLease | RateLimitRefusal> {
  const cost = options.cost ?? 1;
  const leases: RateLimitLease[] = [];
  for (const rule of rules) {
    const result = await takeOne(db, rule, options.now, cost);
    if (!result.allowed) {
      for (const lease of leases) await lease.release();
      return result;
    }
    leases.push(result);
  }
  return {
    allowed: true,
    release: async () => {
      for (const lease of leases) await lease.release();
    },
  };
}

/** takeRateLimits, answering a refusal with 429, the given error key and Retry-After. */
export async function takeRateLimitsOrThrow(
  db: Queryable,
  rules: readonly RateLimitRule[],
  options: TakeOptions & { errorKey: ErrorKey },
): Promise<RateLimitLease> {
  const result = await takeRateLimits(db, rules, options);
  if (!result.allowed) {
    throw new ApiError(429, options.errorKey, undefined, { retryAfterSeconds: result.retryAfterSeconds });
  }
  return result;
}
