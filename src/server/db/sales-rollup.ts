import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from './client';

// The daily sales rollup (schema.ts `salesRollup`, kept by the triggers of migration 0016).

/**
 * A sale as limits and counters count it (src/domain/limits.ts): a successful payment or recurrence. Written with
 * constants, not parameters, so the planner sees the predicate of the rollup's partial index of sales (migration
 * 0018). `rollup` is the table's name or alias in the statement.
 */
export function isLimitSale(rollup: SQL = sql.raw('sales_rollup')): SQL {
  return sql`${rollup}.transaction_type in ('PAYMENT', 'RECURRENCE') and ${rollup}.status = 'SUCCESS'`;
}

/** The statement-level triggers on `transactions` that keep the rollup. */
export const SALES_ROLLUP_TRIGGERS = ['sales_rollup_insert', 'sales_rollup_update', 'sales_rollup_delete'] as const;

/**
 * Truncates the rollup and recomputes it from the raw transactions (`sales_rollup_rebuild()`, one statement, so one
 * transaction of its own or the caller's); writers of transactions wait meanwhile. Answers the number of rollup rows.
 */
export async function rebuildSalesRollup(db: Queryable): Promise<number> {
  const result = await db.execute(sql`select sales_rollup_rebuild()::int as rows`);
  return (result as unknown as { rows: { rows: number }[] }).rows[0]?.rows ?? 0;
}

/**
 * Runs `load` with the rollup's triggers off, then rebuilds the rollup once: for bulk loads, where one GROUP BY at the
 * end is cheaper than an upsert per statement. Meant for a transaction (the demo generator's): ALTER TABLE locks
 * `transactions` until it ends, and a failed load leaves the triggers as they were.
 */
export async function withRollupRebuiltAfter(db: Queryable, load: () => Promise<void>): Promise<void> {
  for (const trigger of SALES_ROLLUP_TRIGGERS) {
    await db.execute(sql`alter table transactions disable trigger ${sql.identifier(trigger)}`);
  }
  await load();
  for (const trigger of SALES_ROLLUP_TRIGGERS) {
    await db.execute(sql`alter table transactions enable trigger ${sql.identifier(trigger)}`);
  }
  await rebuildSalesRollup(db);
}
