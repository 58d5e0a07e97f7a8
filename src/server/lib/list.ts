import type { ListQuery, ListResponse } from '@domain/contract/common';
import { TABLE_RECORD_CAP } from '@domain/enums';
import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client';
import { ApiError } from '../plugins/errors';

// The one list convention (spec 1, sections 3 and 9): page, limit and order in; count, total and items out. Tables
// show at most 10,000 records, so counting stops one past that: the console shows '+10k' and the spec's message,
// and the count costs at most 10,001 index entries however large the table grows.

/** The total never exceeds this; a total equal to it means "more than 10,000". */
export const TOTAL_CAP = TABLE_RECORD_CAP + 1;

export type Sortable = AnyColumn | SQL;

export interface ResolvedOrder {
  field: string;
  direction: 'asc' | 'desc';
  /** ORDER BY terms: the field, then the tiebreaker so equal values never swap between pages. */
  orderBy: SQL[];
}

/**
 * Parses `order` ('field' ascending, '-field' descending) against an allow-list of contract fields. Unknown fields
 * are refused, so no caller can sort by a column the list does not expose.
 */
export function resolveOrder(
  order: string | undefined,
  sortable: Record<string, Sortable>,
  defaultOrder: string,
  tiebreaker: AnyColumn,
): ResolvedOrder {
  const requested = order && order.trim() !== '' ? order.trim() : defaultOrder;
  const direction = requested.startsWith('-') ? 'desc' : 'asc';
  const field = requested.replace(/^-/, '');
  const expression = Object.hasOwn(sortable, field) ? sortable[field] : undefined;
  if (!expression) {
    throw new ApiError(400, 'form-not-validated', 'Form not validated', {
      fields: { order: `Sorting is possible by ${Object.keys(sortable).join(', ')}` },
    });
  }
  const by = direction === 'desc' ? desc : asc;
  return { field, direction, orderBy: [by(expression), asc(tiebreaker)] };
}

export interface PageWindow {
  limit: number;
  offset: number;
}

/** The rows a page covers. Pages past the 10,000th record are refused: the table never offers them. */
export function pageWindow(query: Pick<ListQuery, 'page' | 'limit'>): PageWindow {
  const offset = (query.page - 1) * query.limit;
  if (offset >= TABLE_RECORD_CAP) {
    throw new ApiError(400, 'form-not-validated', 'Form not validated', {
      fields: {
        page: 'The table only shows up to 10k records, but there are more. You can see the rest if you do a data export.',
      },
    });
  }
  return { limit: Math.min(query.limit, TABLE_RECORD_CAP - offset), offset };
}

/** Counts the rows of a filtered select, stopping at TOTAL_CAP. `base` selects anything cheap (`sql\`1\``). */
export async function cappedCount(db: Queryable, base: PgSelect): Promise<number> {
  const capped = base.limit(TOTAL_CAP).as('capped');
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(capped);
  return Number(row?.total ?? 0);
}

export interface ListOptions<T> {
  query: Pick<ListQuery, 'page' | 'limit' | 'order'>;
  /** Contract field name -> column or expression. Only these can be sorted by. */
  sortable: Record<string, Sortable>;
  /** 'field' or '-field', used when the query has no order. */
  defaultOrder: string;
  /** A unique column (the id), the stable secondary order. */
  tiebreaker: AnyColumn;
  /** The filtered rows to count: the same FROM and WHERE as the page, selecting `sql\`1\``, in dynamic mode. */
  count: PgSelect;
  /** Loads one page with the resolved order and window. */
  page: (window: PageWindow & { orderBy: SQL[] }) => Promise<T[]>;
}

/**
 * Runs a list: validates order and page, loads the page and the capped total together. Every list endpoint goes
 * through here so paging, sorting and totals behave the same everywhere.
 */
export async function runList<T>(db: Queryable, options: ListOptions<T>): Promise<ListResponse<T>> {
  const { orderBy } = resolveOrder(options.query.order, options.sortable, options.defaultOrder, options.tiebreaker);
  const window = pageWindow(options.query);
  const [items, total] = await Promise.all([options.page({ ...window, orderBy }), cappedCount(db, options.count)]);
  return { count: items.length, total, items };
}

/** Escapes LIKE wildcards so user text matches literally (backslash is PostgreSQL's default LIKE escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A pattern for "contains", case-insensitive when compared with lower(column). */
export const containsPattern = (text: string) => `%${escapeLike(text.toLowerCase())}%`;
/** A pattern for "starts with", case-insensitive when compared with lower(column). */
export const prefixPattern = (text: string) => `${escapeLike(text.toLowerCase())}%`;

/** Dashes of the 8-4-4-4-12 identifier shape, by position. */
const ID_DASHES = new Set([8, 13, 18, 23]);

/**
 * The identifiers starting with `text` as a range on the uuid itself, so the primary key answers it (a
 * `id::text like 'abcd%'` reads every row). Dashes count only where the identifier has them; text that cannot
 * start an identifier gives undefined.
 */
export function idPrefixRange(text: string): { low: string; high: string } | undefined {
  const prefix = text.trim().toLowerCase();
  if (prefix === '' || prefix.length > 36) return undefined;
  for (let i = 0; i < prefix.length; i += 1) {
    const char = prefix[i]!;
    if (ID_DASHES.has(i) ? char !== '-' : !/[0-9a-f]/.test(char)) return undefined;
  }
  const hex = prefix.replaceAll('-', '');
  const shape = (digits: string) =>
    `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
  return { low: shape(hex.padEnd(32, '0')), high: shape(hex.padEnd(32, 'f')) };
}

/**
 * `column` (a uuid) starts with `text`: equality for a whole identifier, else a range; undefined when `text`
 * cannot start an identifier.
 */
export function idStartsWith(column: AnyColumn, text: string): SQL | undefined {
  const range = idPrefixRange(text);
  if (!range) return undefined;
  if (range.low === range.high) return sql`${column} = ${range.low}::uuid`;
  return sql`${column} between ${range.low}::uuid and ${range.high}::uuid`;
}
