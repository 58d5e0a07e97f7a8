import { z } from 'zod';
import { PAGE_SIZES } from '../enums';
import { SAVED_VIEW_LIMITS as LIMITS, SAVED_VIEW_MESSAGES as MSG, SAVED_VIEW_LIST_KEYS } from '../saved-views';
import { isoDate, openedVersion, uuid } from './common';

// Saved views (issue 26): /account/{accountId}/saved-view. A view holds what the list's address holds (the filter ids
// of the list's <area>-filters.ts with their values, ids never names, so a rename never breaks it; the search; the
// order; the page size) plus the visible columns and the query as printed when it was saved, for display only.

export const savedViewListName = z.enum(SAVED_VIEW_LIST_KEYS, { error: MSG.unknownList });

/** A field's name as the lists use it, for an order and a column: 'creationDate', 'source.cardCountry'. */
const FIELD = '[A-Za-z][A-Za-z0-9.]{0,99}';
const viewName = z.string().trim().min(1, MSG.nameRequired).max(LIMITS.name, MSG.nameTooLong);

/** Filter id -> values, as TableState.filters holds them; the server checks the ids and values against the list. */
export const savedViewFilters = z
  .record(
    z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,99}$/, 'Invalid filter id'),
    z.array(z.string().min(1).max(LIMITS.valueLength)).min(1).max(LIMITS.valuesPerFilter),
  )
  .refine((filters) => Object.keys(filters).length <= 50, 'Too many filters');

const viewState = {
  /** The query the filters print as, when saved (display only: the filters are what applies). */
  query: z.string().trim().max(LIMITS.query),
  filters: savedViewFilters,
  search: z.string().trim().max(LIMITS.search),
  /** The list's order ('-createdAt'), or null for the server's natural order. */
  sort: z
    .string()
    .regex(new RegExp(`^-?${FIELD}$`), 'Invalid sort')
    .nullable(),
  pageSize: z.literal([...PAGE_SIZES], { error: 'Page size must be 50, 100 or 500' }),
  /** Visible column ids in order (the table's ids: 'transactionId', 'cardCountry'); null: the list's own columns. */
  columns: z
    .array(z.string().regex(new RegExp(`^${FIELD}$`), 'Invalid column'))
    .max(LIMITS.columns)
    .nullable(),
};

/** POST: a new view of `list`; `shared` needs view.share; `isDefault` makes it the caller's default of the list. */
export const savedViewCreate = z.strictObject({
  list: savedViewListName,
  name: viewName,
  shared: z.boolean().default(false),
  isDefault: z.boolean().default(false),
  ...viewState,
});
export type SavedViewCreate = z.infer<typeof savedViewCreate>;

/**
 * PUT: the whole view again (rename, 'Update view'), with the version it was read at: over a newer save, 409
 * saved-view-changed. Changing `shared` either way needs view.share, as any edit of a shared view does.
 */
export const savedViewUpdate = z.strictObject({
  name: viewName,
  shared: z.boolean(),
  ...viewState,
  version: openedVersion,
});
export type SavedViewUpdate = z.infer<typeof savedViewUpdate>;

export const savedViewAccountParams = z.object({ accountId: z.string() });
export const savedViewParams = z.object({ accountId: z.string(), viewId: z.string() });
export const savedViewListQuery = z.object({ list: savedViewListName.optional() });
/** DELETE carries the version it was read at, as a query parameter. */
export const savedViewDeleteQuery = z.object({
  version: z.coerce.number({ error: 'The version the record was opened on is required' }).pipe(openedVersion),
});

export const savedView = z.object({
  id: uuid,
  list: savedViewListName,
  name: z.string(),
  shared: z.boolean(),
  /** The caller's default of this list. */
  isDefault: z.boolean(),
  /** Whether the caller may edit and delete it: their own personal view, or a shared one with view.share. */
  editable: z.boolean(),
  /** Who made it; null id once that user is gone (a shared view outlives its author). */
  owner: z.object({ id: uuid.nullable(), name: z.string() }),
  ...viewState,
  version: z.number().int(),
  updatedAt: isoDate,
});
export type SavedView = z.infer<typeof savedView>;

/** GET: the caller's personal views and the account's shared ones, by list then name. */
export const savedViewList = z.object({ items: z.array(savedView) });
export type SavedViewList = z.infer<typeof savedViewList>;

/** PUT /account/{accountId}/saved-view-default: the caller's default view of a list, or none (viewId null). */
export const savedViewDefault = z.strictObject({ list: savedViewListName, viewId: uuid.nullable() });
export type SavedViewDefault = z.infer<typeof savedViewDefault>;
