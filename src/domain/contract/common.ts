import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../enums';

export const uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Invalid identifier');
export const isoDate = z.string().datetime({ offset: true });

/**
 * The version of a record its editor was opened on. Every edit of a record two people can open names it, so a save
 * made over another user's is refused (409, '<record>-changed') instead of silently overwriting it (issue 23).
 */
export const openedVersion = z.number({ error: 'The version the record was opened on is required' }).int().positive();

/** Query strings carry arrays with bracketed names (status[]=A&status[]=B); a single value arrives as a string. */
/** Values an array in a query string may repeat: more than any filter or variable holds (250), fewer than a flood. */
export const QUERY_ARRAY_MAX = 500;

export const queryArray = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Array.isArray(value) ? value : [value]),
    z.array(item).max(QUERY_ARRAY_MAX, `At most ${QUERY_ARRAY_MAX} values`).optional(),
  );

/**
 * The query name of the console's cache buster (spec 1, section 7: every call carries one). Every call accepts it,
 * whatever its own parameters (src/server/plugins/query-keys.ts refuses the names a call does not take).
 */
export const CACHE_BUSTER_PARAM = '_';

export const LIST_QUERY_MESSAGES = {
  page: 'The page must be a whole number, 1 or more',
  limit: 'Page size must be 50, 100 or 500',
  order: "Sort by one field's name, with a leading - for descending order (for example -creationDate)",
} as const;

/**
 * A whole number in a query string that is one of `sizes`: 'abc', '1.5' and other sizes all answer `message`, a
 * sentence a person understands (a bare z.coerce.number() answered 'expected number, received NaN').
 */
export const pageSizeQuery = (sizes: readonly number[], message: string, fallback: number) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .refine((value) => sizes.includes(value), message)
    .default(fallback);

/** A whole number from `min` to `max` in a query string, with one message for every way it can be wrong. */
export const boundedQueryNumber = (name: string, min: number, max: number, fallback: number) => {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback);
};

/**
 * The one list convention: page (1-based), limit (50, 100, 500), order "field" or "-field" (descending).
 * Responses carry count (rows in this page), total (capped at 10,001) and items.
 */
export const listQuery = z.object({
  page: z.coerce
    .number({ error: LIST_QUERY_MESSAGES.page })
    .int(LIST_QUERY_MESSAGES.page)
    .min(1, LIST_QUERY_MESSAGES.page)
    .default(1),
  limit: pageSizeQuery(PAGE_SIZES, LIST_QUERY_MESSAGES.limit, DEFAULT_PAGE_SIZE),
  order: z
    .string()
    .regex(/^-?[A-Za-z][A-Za-z0-9.]*$/, LIST_QUERY_MESSAGES.order)
    .optional(),
  search: z.string().trim().max(200).optional(),
  searchType: z.enum(['ID', 'TEXT']).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** The palette's id lookups (GET /transaction/search, /mid/search, /route/search): ids that start with `q`. */
const ID_START = /^[0-9a-f-]{4,36}$/;

export const idPrefixSearchQuery = (noun: string) =>
  z.object({
    // Any start of an id: one of hex letters only ('fadecafe…', one id in 25 at 4 characters) is still one. The digit
    // looksLikeIdPrefix also asks for only tells the palette's pasted ids from words, before it calls here.
    q: z
      .string()
      .trim()
      .toLowerCase()
      .refine((value) => ID_START.test(value), `Enter at least 4 characters of a ${noun} id`),
    limit: boundedQueryNumber('The limit', 1, 20, 10),
  });

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
  items: z.array(z.string()).optional(),
  dependants: z.array(z.object({ kind: z.enum(['ROUTE', 'MID']), id: z.string(), description: z.string() })).optional(),
});

// Control characters (issue 11): PostgreSQL refuses NUL in text, and the others have no place in a name, a search
// or an id; they end up in logs and CSV files. Text areas send tab, line feed and carriage return, so a body may hold
// those three; a query string or a path segment is one line, so it may hold none. A lone UTF-16 surrogate (issue 23:
// JSON can carry "\ud800", UTF-8 cannot) is refused everywhere: jsonb refused it with a 500 and text columns stored
// U+FFFD in its place. The server refuses both once for every request (src/server/plugins/input-guard.ts), before
// any route sees the value.

/** U+0000-U+0008, U+000B, U+000C, U+000E-U+001F and U+007F: refused in any text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose.
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Every C0 control character and U+007F: refused in single-line values (query strings, path parameters). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose.
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type TextKind = 'text' | 'line';

export const CONTROL_CHARACTERS_MESSAGE = 'Control characters are not allowed';
export const LONE_SURROGATE_MESSAGE = 'Unpaired surrogate characters are not allowed';

export function hasControlCharacters(value: string, kind: TextKind): boolean {
  return (kind === 'text' ? CONTROL_IN_TEXT : CONTROL_IN_LINE).test(value);
}

/** Why a text is refused (the field message), or undefined when it may be stored. */
export function textProblem(value: string, kind: TextKind): string | undefined {
  if (hasControlCharacters(value, kind)) return CONTROL_CHARACTERS_MESSAGE;
  if (LONE_SURROGATE.test(value)) return LONE_SURROGATE_MESSAGE;
  return undefined;
}

/**
 * The refused strings of a parsed request part, at most `limit` of them: their paths (dot-separated, as in the error
 * body's `fields`) with the reason; '_form' for the value itself or for a key that is refused. Walked without
 * recursion, so a deeply nested body cannot overflow the stack.
 */
export function refusedTextFields(value: unknown, kind: TextKind, limit = 10): Record<string, string> {
  const found: Record<string, string> = {};
  let count = 0;
  const refuse = (path: string, problem: string) => {
    if (Object.hasOwn(found, path)) return;
    found[path] = problem;
    count++;
  };
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (pending.length > 0 && count < limit) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      const problem = textProblem(current, kind);
      if (problem) refuse(path || '_form', problem);
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        pending.push({ value: current[index], path: path ? `${path}.${index}` : String(index) });
      }
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index]!;
        const keyProblem = textProblem(key, 'line');
        if (keyProblem) {
          refuse('_form', keyProblem);
          continue;
        }
        pending.push({ value: item, path: path ? `${path}.${key}` : key });
      }
    }
  }
  return found;
}
