import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { resolveOrder, type Sortable } from '../list';

// Exports read their rows in batches by keyset: each batch starts after the last row of the previous one, so the
// 50th batch costs what the first does (an OFFSET would re-read everything before it), and no connection or
// transaction is held while the client reads; other calls interleave, on PGlite's single connection too.

/** PostgreSQL types a sort key is cast back to when it resumes a batch. */
export type SortKeyType = 'timestamptz' | 'date' | 'text' | 'integer' | 'bigint' | 'numeric' | 'boolean' | 'uuid';

export interface SortKey {
  /** Never null: a null key cannot be compared, and the rows after it would be skipped. Coalesce nullable columns. */
  expression: SQL | AnyColumn;
  type: SortKeyType;
}

/** The export's sortable fields: the list's, each with its type. */
export type SortKeys = Record<string, SortKey>;

/** The list's sortable map from the same keys, so the list and its export sort by the same expressions. */
export function sortableOf(keys: SortKeys): Record<string, Sortable> {
  return Object.fromEntries(Object.entries(keys).map(([field, key]) => [field, key.expression]));
}

export interface KeysetOrder {
  key: SortKey;
  direction: 'asc' | 'desc';
  /** The unique tiebreaker (the id), sorted in the same direction as the key so (key, id) is one row comparison. */
  id: AnyColumn;
  idType: SortKeyType;
  orderBy: SQL[];
}

/** Resolves `order` like the list does (same allow-list, same errors) into a keyset order. */
export function keysetOrder(
  order: string | undefined,
  keys: SortKeys,
  defaultOrder: string,
  id: AnyColumn,
  idType: SortKeyType = 'uuid',
): KeysetOrder {
  const { field, direction } = resolveOrder(order, sortableOf(keys), defaultOrder, id);
  const key = keys[field]!;
  const by = direction === 'desc' ? desc : asc;
  return { key, direction, id, idType, orderBy: [by(key.expression), by(id)] };
}

/** Where a batch ended: the last row's sort key and id, as text so they round-trip exactly (microseconds kept). */
export interface Cursor {
  cursorKey: string | null;
  cursorId: string;
}

/**
 * Rows after `cursor` in `order`: one row comparison, which a btree index on (key, id) answers as a range. The key's
 * own bound, implied by it, is added because partition pruning does not look into row comparisons: sorted by
 * creation date, a partitioned table's later batches then skip the months already read (migration 0038).
 */
export function afterCursor(order: KeysetOrder, cursor: Cursor): SQL {
  const [operator, keyOperator] = order.direction === 'desc' ? [sql`<`, sql`<=`] : [sql`>`, sql`>=`];
  const keyType = sql.raw(order.key.type);
  const idType = sql.raw(order.idType);
  const key = sql`cast(${cursor.cursorKey} as ${keyType})`;
  return sql`(${order.key.expression}, ${order.id}) ${operator} (${key}, cast(${cursor.cursorId} as ${idType})) and ${order.key.expression} ${keyOperator} ${key}`;
}

export interface BatchRequest {
  /** Undefined for the first batch. */
  after: SQL | undefined;
  orderBy: SQL[];
  limit: number;
}

export interface Batch<Row> {
  rows: Row[];
  /** The last row's position; undefined when the batch is empty. */
  last: Cursor | undefined;
}

/** Yields the rows in batches of `size`, each batch starting after the last row of the one before. */
export async function* keysetBatches<Row>(
  order: KeysetOrder,
  size: number,
  load: (request: BatchRequest) => Promise<Batch<Row>>,
): AsyncGenerator<Row[]> {
  let after: SQL | undefined;
  while (true) {
    const { rows, last } = await load({ after, orderBy: order.orderBy, limit: size });
    if (rows.length > 0) yield rows;
    if (rows.length < size || !last) return;
    if (last.cursorKey === null) throw new Error('An export sort key was null; coalesce it so batches can resume');
    after = afterCursor(order, last);
  }
}

export interface PackedQuery<Row extends object> {
  /**
   * The values a row is made of, in the order `toRow` reads them. They travel as JSON: give dates as epoch
   * milliseconds (`epochMs(column)`), which JavaScript reads far faster than ISO text.
   */
  values: readonly (SQL | AnyColumn)[];
  /**
   * The list's FROM, joins and WHERE (with `after` added) selecting `fields`, in dynamic mode:
   * `db.select(fields).from(table).leftJoin(...).where(and(where, after)).$dynamic()`.
   */
  select(fields: Record<string, SQL.Aliased>, after: SQL | undefined): PgSelect;
  /** Builds a row from its values (the array may carry more values after them: ignore those). */
  toRow(values: unknown[]): Row;
}

/** A timestamp as epoch milliseconds (fractions of a millisecond dropped by `new Date`). */
export const epochMs = (column: SQL | AnyColumn) => sql`extract(epoch from ${column}) * 1000`;

/**
 * A batch loader for keysetBatches that has the database hand over a whole batch as one JSON value. Reading values
 * one by one is most of an export's cost on PGlite (WASM); one value per batch makes it several times cheaper, and
 * costs PostgreSQL next to nothing.
 */
export function packedLoader<Row extends object>(
  db: Queryable,
  order: KeysetOrder,
  query: PackedQuery<Row>,
): (request: BatchRequest) => Promise<Batch<Row>> {
  const fields = {
    packed:
      sql`json_build_array(${sql.join([...query.values], sql`, `)}, (${order.key.expression})::text, (${order.id})::text)`.as(
        'packed',
      ),
    sortKey: sql`${order.key.expression}`.as('sort_key'),
    sortId: sql`${order.id}`.as('sort_id'),
  };
  const direction = sql.raw(order.direction);
  const width = query.values.length;
  return async ({ after, orderBy, limit }) => {
    const batch = query
      .select(fields, after)
      .orderBy(...orderBy)
      .limit(limit)
      .as('batch');
    // The aggregate sorts again: an ordered subquery feeding an aggregate keeps its order only by habit.
    const [result] = await db
      .select({
        rows: sql<string>`coalesce(json_agg(${batch.packed} order by ${batch.sortKey} ${direction}, ${batch.sortId} ${direction})::text, '[]')`,
      })
      .from(batch);
    const arrays = JSON.parse(result?.rows ?? '[]') as unknown[][];
    const final = arrays[arrays.length - 1];
    return {
      rows: arrays.map(query.toRow),
      last: final && { cursorKey: final[width] as string | null, cursorId: final[width + 1] as string },
    };
  };
}
