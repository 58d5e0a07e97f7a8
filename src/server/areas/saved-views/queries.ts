import type { SavedView } from '@domain/contract/saved-views';
import { canShareSavedViews, canUseSavedViews, savedViewList } from '@domain/saved-views';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { savedViewDefaults, savedViews, users } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';

// Reads of saved views (issue 26). A caller sees, in an account they reach, their own personal views and the
// account's shared ones, of the lists whose read permission they hold; everything else answers as if it did not exist.

export type SavedViewReader = Pick<AuthContext, 'userId' | 'permissions' | 'allAllowed'>;
export type SavedViewRow = typeof savedViews.$inferSelect;

const ownerName = (first: string | null, last: string | null) =>
  // A shared view outlives its author: the view stays, the name is simply not known any more.
  first === null ? 'A former user' : `${first} ${last ?? ''}`.trim();

/** Whether the caller may change or delete the view: their own personal one, or a shared one with view.share. */
export const canEditView = (reader: SavedViewReader, row: Pick<SavedViewRow, 'shared' | 'ownerId'>) =>
  row.shared ? canShareSavedViews(reader) : row.ownerId === reader.userId;

/** Whether the caller sees the view at all: shared or theirs, of a list they may read. */
export function canSeeView(reader: SavedViewReader, row: Pick<SavedViewRow, 'shared' | 'ownerId' | 'list'>): boolean {
  const list = savedViewList(row.list);
  return list !== undefined && canUseSavedViews(reader, list) && (row.shared || row.ownerId === reader.userId);
}

const selection = {
  view: savedViews,
  firstName: users.firstName,
  lastName: users.lastName,
  defaultOf: savedViewDefaults.viewId,
};

interface SelectedView {
  view: SavedViewRow;
  firstName: string | null;
  lastName: string | null;
  defaultOf: string | null;
}

function toSavedView(reader: SavedViewReader, selected: SelectedView): SavedView {
  const { view } = selected;
  return {
    id: view.id,
    list: view.list,
    name: view.name,
    shared: view.shared,
    isDefault: selected.defaultOf !== null,
    editable: canEditView(reader, view),
    owner: { id: view.ownerId, name: ownerName(selected.firstName, selected.lastName) },
    query: view.query,
    filters: view.filters,
    search: view.search,
    sort: view.sort,
    pageSize: view.pageSize as SavedView['pageSize'],
    columns: view.columns ?? null,
    version: view.version,
    updatedAt: view.updatedAt.toISOString(),
  };
}

function selectViews(db: Queryable, reader: SavedViewReader, accountId: string) {
  return db
    .select(selection)
    .from(savedViews)
    .leftJoin(users, eq(users.id, savedViews.ownerId))
    .leftJoin(
      savedViewDefaults,
      and(
        eq(savedViewDefaults.viewId, savedViews.id),
        eq(savedViewDefaults.userId, reader.userId),
        eq(savedViewDefaults.accountId, accountId),
      ),
    );
}

const visibleTo = (reader: SavedViewReader, accountId: string) =>
  and(eq(savedViews.accountId, accountId), or(savedViews.shared, eq(savedViews.ownerId, reader.userId)));

/** GET /account/{accountId}/saved-view: by list, then name (ignoring case). */
export async function listSavedViews(
  db: Queryable,
  reader: SavedViewReader,
  accountId: string,
  list: string | undefined,
): Promise<SavedView[]> {
  const rows = await selectViews(db, reader, accountId)
    .where(and(visibleTo(reader, accountId), list === undefined ? undefined : eq(savedViews.list, list)))
    .orderBy(asc(savedViews.list), asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
  return rows.filter((row) => canSeeView(reader, row.view)).map((row) => toSavedView(reader, row));
}

/** One view as the caller sees it, or undefined when they do not (another tenant's, another user's personal one). */
export async function readSavedView(
  db: Queryable,
  reader: SavedViewReader,
  accountId: string,
  viewId: string,
): Promise<SavedView | undefined> {
  const [row] = await selectViews(db, reader, accountId).where(
    and(visibleTo(reader, accountId), eq(savedViews.id, viewId)),
  );
  return row && canSeeView(reader, row.view) ? toSavedView(reader, row) : undefined;
}

/** The stored row, locked for the caller's transaction (an edit or delete compares its version under the lock). */
export async function lockedViewRow(
  tx: Queryable,
  accountId: string,
  viewId: string,
): Promise<SavedViewRow | undefined> {
  const [row] = await tx
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.accountId, accountId), eq(savedViews.id, viewId)))
    .for('update');
  return row;
}
