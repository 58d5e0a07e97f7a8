import { and, count, desc, eq, gt, lt } from 'drizzle-orm';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { loginAttempts } from '../../db/schema';
import { ApiError } from '../../plugins/errors';

// Failed sign-in attempts are counted in the database, not in memory, so every API process behind a load balancer
// sees the same counts.

export interface AttemptKey {
  /** lower(e-mail) + '|' + the account (or 'admin'): what one person guessing one login tries. */
  identity: string;
  /** The client address, catching one client trying many identities. */
  address: string;
}

export const attemptIdentity = (email: string, account: string) =>
  `${email.trim().toLowerCase()}|${account.toLowerCase()}`;

type Limits = ServerConfig['loginLimit'];

/**
 * Seconds until the caller may try again, or 0. The wait ends when the oldest failure that keeps the count at the
 * limit leaves the window.
 */
async function secondsBlocked(
  db: Queryable,
  column: typeof loginAttempts.identity | typeof loginAttempts.address,
  value: string,
  limit: number,
  windowMs: number,
  now: number,
): Promise<number> {
  const since = new Date(now - windowMs);
  const where = and(eq(column, value), eq(loginAttempts.succeeded, false), gt(loginAttempts.at, since));
  const [{ failures } = { failures: 0 }] = await db.select({ failures: count() }).from(loginAttempts).where(where);
  if (failures < limit) return 0;
  const recent = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(where)
    .orderBy(desc(loginAttempts.at))
    .limit(limit);
  const freesAt = recent[recent.length - 1]!.at.getTime() + windowMs;
  return Math.max(1, Math.ceil((freesAt - now) / 1000));
}

/** Throws 429 'invalid-login-credentials' with retryAfterSeconds when the identity or the address is over its limit. */
export async function assertNotRateLimited(db: Queryable, key: AttemptKey, limits: Limits, now: number): Promise<void> {
  const windowMs = limits.windowSeconds * 1000;
  const waits = await Promise.all([
    secondsBlocked(db, loginAttempts.identity, key.identity, limits.perIdentity, windowMs, now),
    secondsBlocked(db, loginAttempts.address, key.address, limits.perAddress, windowMs, now),
  ]);
  const retryAfterSeconds = Math.max(...waits);
  if (retryAfterSeconds > 0) {
    throw new ApiError(429, 'invalid-login-credentials', undefined, { retryAfterSeconds });
  }
}

export async function recordAttempt(
  db: Queryable,
  key: AttemptKey,
  succeeded: boolean,
  limits: Limits,
  now: number,
): Promise<void> {
  await db.insert(loginAttempts).values({ identity: key.identity, address: key.address, succeeded, at: new Date(now) });
  // Rows older than the window never count again; dropping this identity's keeps the table small without a job.
  const expired = new Date(now - limits.windowSeconds * 1000);
  await db.delete(loginAttempts).where(and(eq(loginAttempts.identity, key.identity), lt(loginAttempts.at, expired)));
}
