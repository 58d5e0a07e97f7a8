import type { PspOption } from '@domain/contract/counters';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { acquirers, mids, solutions } from '../../db/schema';

// Which provider solutions a merchant's counters cover: those it has MIDs on.

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
    // A solution of the merchant's own account, as the scope of its calls requires (plugins/psp-scope.ts).
    .innerJoin(solutions, and(eq(solutions.id, mids.solutionId), eq(solutions.accountId, mids.accountId)))
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
