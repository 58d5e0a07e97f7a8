import type { PspOption } from '@domain/contract/counters';
import { isIdentifier } from '@domain/ids';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { acquirers, mids, solutions } from '../../db/schema';
import { notFound } from '../../plugins/errors';

// Which provider solutions a merchant's counters cover: those it has MIDs on. The routes have already resolved the
// merchant for the caller (merchantOfCaller); a solution or MID outside it answers 404 like an unknown id.

/** A merchant on one of its provider solutions: what every counter reads within. */
export interface PspScope {
  merchantId: string;
  solutionId: string;
}

/** One of the scope's MIDs. */
export interface ScopedMid {
  midId: string;
  description: string;
  midAcquirerId: string;
  enable: boolean;
}

const label = sql<string>`${acquirers.prettyName} || ' - ' || ${solutions.prettyName}`;

/** The 'Provider - Solution' dropdown: the solutions the merchant has MIDs on, by label, with its MID count. */
export async function listPsps(db: Queryable, merchantId: string): Promise<PspOption[]> {
  const rows = await db
    .select({
      pspId: solutions.id,
      solutionName: solutions.prettyName,
      acquirerId: acquirers.id,
      acquirerName: acquirers.prettyName,
      label,
      mids: count(),
    })
    .from(mids)
    .innerJoin(solutions, eq(solutions.id, mids.solutionId))
    .innerJoin(acquirers, eq(acquirers.id, solutions.acquirerId))
    .where(eq(mids.merchantId, merchantId))
    .groupBy(solutions.id, acquirers.id)
    .orderBy(sql`lower(${label})`, asc(solutions.id));
  return rows.map((row) => ({
    pspId: row.pspId,
    provider: { id: row.acquirerId, prettyName: row.acquirerName },
    solution: { id: row.pspId, prettyName: row.solutionName },
    label: row.label,
    mids: row.mids,
  }));
}

/** The merchant on the solution `pspId`; 404 for a malformed id (a well-formed one is checked by pspOfMerchant). */
export function pspScope(merchantId: string, pspId: string): PspScope {
  if (!isIdentifier(pspId)) throw notFound();
  return { merchantId, solutionId: pspId };
}

/** A MID id of a call; 404 when malformed (a well-formed one is checked by midOfPsp). */
export function midIdOf(midId: string): string {
  if (!isIdentifier(midId)) throw notFound();
  return midId;
}

/** 404 unless the merchant has a MID on the solution: an unknown solution, or one it does not use. */
export async function pspOfMerchant(db: Queryable, scope: PspScope): Promise<void> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(mids)
    .where(and(eq(mids.merchantId, scope.merchantId), eq(mids.solutionId, scope.solutionId)))
    .limit(1);
  if (!row) throw notFound();
}

/** 404 unless the MID is the merchant's and on the solution. */
export async function midOfPsp(db: Queryable, scope: PspScope, midId: string): Promise<void> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(mids)
    .where(and(eq(mids.id, midId), eq(mids.merchantId, scope.merchantId), eq(mids.solutionId, scope.solutionId)));
  if (!row) throw notFound();
}

/**
 * The answer of `read` once `check` has passed. Both run at once: the reads only see the merchant's own rows (its
 * tenant is checked before), so reading ahead of the check reveals nothing, and the call waits on one round trip less.
 */
export async function checkedRead<T>(check: Promise<void>, read: Promise<T>): Promise<T> {
  const [, answer] = await Promise.all([check, read]);
  return answer;
}

/** The scope's MIDs, by description. */
export function scopeMids(db: Queryable, scope: PspScope): Promise<ScopedMid[]> {
  return db
    .select({ midId: mids.id, description: mids.description, midAcquirerId: mids.midAcquirerId, enable: mids.enable })
    .from(mids)
    .where(and(eq(mids.merchantId, scope.merchantId), eq(mids.solutionId, scope.solutionId)))
    .orderBy(sql`lower(${mids.description})`, asc(mids.id));
}
