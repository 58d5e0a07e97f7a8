import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../enums';

export const uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Invalid identifier');
export const isoDate = z.string().datetime({ offset: true });

/** Query strings carry arrays with bracketed names (status[]=A&status[]=B); a single value arrives as a string. */
export const queryArray = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Array.isArray(value) ? value : [value]),
    z.array(item).optional(),
  );

/**
 * The one list convention: page (1-based), limit (50, 100, 500), order "field" or "-field" (descending).
 * Responses carry count (rows in this page), total (capped at 10,001) and items.
 */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((value) => (PAGE_SIZES as readonly number[]).includes(value), 'Page size must be 50, 100 or 500')
    .default(DEFAULT_PAGE_SIZE),
  order: z
    .string()
    .regex(/^-?[A-Za-z][A-Za-z0-9.]*$/)
    .optional(),
  search: z.string().trim().max(200).optional(),
  searchType: z.enum(['ID', 'TEXT']).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const listResponse = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ count: z.number().int(), total: z.number().int(), items: z.array(item) });
export interface ListResponse<T> {
  count: number;
  total: number;
  items: T[];
}

export const errorBody = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  retryAfterSeconds: z.number().optional(),
});
