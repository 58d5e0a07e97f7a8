import { sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';

/**
 * Counts the rows of a filtered select, stopping at `cap` (an export asks for one past its largest size): the answer
 * costs at most `cap` index entries however large the table is. `base` selects anything cheap (`sql\`1\``).
 */
export async function countUpTo(db: Queryable, base: PgSelect, cap: number): Promise<number> {
  const capped = base.limit(cap).as('capped');
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(capped);
  return Number(row?.total ?? 0);
}
