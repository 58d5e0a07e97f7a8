import type { SavedView, SavedViewCreate, SavedViewDefault, SavedViewUpdate } from '@domain/contract/saved-views';
import {
  canShareSavedViews,
  canUseSavedViews,
  SAVED_VIEW_MESSAGES as MSG,
  SAVED_VIEW_LIMITS,
  type SavedViewListDefinition,
  savedViewList,
} from '@domain/saved-views';
import { printQuery } from '@domain/search-query';
import { and, count, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../db/client';
import { savedViewDefaults, savedViews } from '../../db/schema';
import { actorOf, recordActivity } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import type { AuthContext } from '../../plugins/auth';
import { ApiError, forbidden, notFound } from '../../plugins/errors';
import { canEditView, canSeeView, lockedViewRow, readSavedView, type SavedViewRow } from './queries';

// Saved view writes (issue 26). A personal view is its owner's own business: any caller who may read the list keeps
// up to 100 views of it, unaudited. A shared view is account configuration: creating, editing (including sharing or
// unsharing) and deleting one needs view.share and writes its SAVED_VIEW audit entry in the same transaction.
// Edits and deletes compare the version the caller read under the row's lock (409 saved-view-changed); names are
// unique by two partial unique indexes, so of parallel saves of one name exactly one wins (409 saved-view-name-taken);
// the per-list bound is counted under an advisory lock per (account, list, owner), so parallel saves cannot pass it.

export type SavedViewDeps = Pick<AppDeps, 'db' | 'now'>;

const invalid = (field: string, message: string) =>
  new ApiError(400, 'form-not-validated', message, { fields: { [field]: message } });

/**
 * The filters must be the list's (the filter ids its query keys compile to) and hold values the list can apply: the
 * query language prints them back, or names what it cannot print. An id is printed as itself (the server holds no
 * names), so a deleted MID's id is still a valid view: the console shows it as unavailable.
 */
function checkFilters(list: SavedViewListDefinition, filters: Record<string, string[]>, now: number) {
  const params = new Set(list.registry.keys.map((spec) => spec.param));
  const unknown = Object.keys(filters).filter((id) => !params.has(id));
  if (unknown.length > 0) {
    throw invalid(
      'filters',
      MSG.unknownFilters(
        list.label,
        unknown,
        list.registry.keys.map((spec) => spec.param),
      ),
    );
  }
  const { unprintable } = printQuery({ filters, search: '' }, list.registry, { now: new Date(now) });
  if (unprintable.length > 0) throw invalid('filters', MSG.badFilterValues(unprintable));
}

function usableList(auth: AuthContext, key: string): SavedViewListDefinition {
  const list = savedViewList(key);
  if (!list) throw invalid('list', MSG.unknownList);
  if (!canUseSavedViews(auth, list)) throw forbidden();
  return list;
}

const nameTaken = (shared: boolean) => {
  const message = shared ? MSG.sharedNameTaken : MSG.nameTaken;
  return new ApiError(409, 'saved-view-name-taken', message, { fields: { name: message } });
};

/** What the audit log keeps of a shared view. */
const auditValue = (row: SavedViewRow) => ({
  name: row.name,
  list: row.list,
  shared: row.shared,
  query: row.query,
  filters: row.filters,
  search: row.search,
  sort: row.sort,
  pageSize: row.pageSize,
  columns: row.columns,
});

/** Holds the (account, list, owner) lock for the transaction: the bound's count and the insert happen under it. */
async function lockOwnerList(tx: Queryable, accountId: string, list: string, ownerId: string) {
  const key = `saved-views:${accountId}:${list}:${ownerId}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

async function setDefaultRow(tx: Queryable, userId: string, accountId: string, list: string, viewId: string) {
  await tx
    .insert(savedViewDefaults)
    .values({ userId, accountId, list, viewId })
    .onConflictDoUpdate({
      target: [savedViewDefaults.userId, savedViewDefaults.accountId, savedViewDefaults.list],
      set: { viewId },
    });
}

/** Runs a write whose unique indexes decide names: a violation is the name taken, by an earlier or parallel save. */
async function decidingNames<T>(shared: boolean, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(shared);
    throw error;
  }
}

async function answer(deps: SavedViewDeps, auth: AuthContext, accountId: string, viewId: string) {
  const view = await readSavedView(deps.db, auth, accountId, viewId);
  // Deleted by someone else between the write and this read: as gone as if it had been deleted first.
  if (!view) throw notFound();
  return view;
}

/** POST /account/{accountId}/saved-view. */
export async function createSavedView(
  deps: SavedViewDeps,
  auth: AuthContext,
  accountId: string,
  input: SavedViewCreate,
): Promise<SavedView> {
  const list = usableList(auth, input.list);
  if (input.shared && !canShareSavedViews(auth)) throw forbidden();
  checkFilters(list, input.filters, deps.now());
  const id = await decidingNames(input.shared, () =>
    deps.db.transaction(async (tx) => {
      await lockOwnerList(tx, accountId, list.key, auth.userId);
      const [owned] = await tx
        .select({ total: count() })
        .from(savedViews)
        .where(
          and(eq(savedViews.accountId, accountId), eq(savedViews.list, list.key), eq(savedViews.ownerId, auth.userId)),
        );
      if ((owned?.total ?? 0) >= SAVED_VIEW_LIMITS.perUserPerList) {
        throw new ApiError(409, 'saved-view-limit-reached', MSG.limitReached);
      }
      const at = new Date(deps.now());
      const [row] = await tx
        .insert(savedViews)
        .values({
          accountId,
          ownerId: auth.userId,
          list: list.key,
          name: input.name,
          shared: input.shared,
          query: input.query,
          filters: input.filters,
          search: input.search,
          sort: input.sort,
          pageSize: input.pageSize,
          columns: input.columns,
          version: 1,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      if (input.isDefault) await setDefaultRow(tx, auth.userId, accountId, list.key, row!.id);
      if (row!.shared) {
        await recordActivity(tx, {
          actor: actorOf(auth),
          actionType: 'INSERT',
          resourceType: 'SAVED_VIEW',
          resourceId: row!.id,
          newValue: auditValue(row!),
          accountId,
        });
      }
      return row!.id;
    }),
  );
  return answer(deps, auth, accountId, id);
}

/** The locked row the caller may change, at the version they read: 404 unseen, 403 not theirs to edit, 409 stale. */
async function editableRow(tx: Queryable, auth: AuthContext, accountId: string, viewId: string, version: number) {
  const row = await lockedViewRow(tx, accountId, viewId);
  if (!row || !canSeeView(auth, row)) throw notFound();
  if (!canEditView(auth, row)) throw forbidden();
  if (row.version !== version) throw new ApiError(409, 'saved-view-changed');
  return row;
}

/** PUT /account/{accountId}/saved-view/{viewId}: the whole view, at the version it was read. */
export async function updateSavedView(
  deps: SavedViewDeps,
  auth: AuthContext,
  accountId: string,
  viewId: string,
  input: SavedViewUpdate,
): Promise<SavedView> {
  await decidingNames(input.shared, () =>
    deps.db.transaction(async (tx) => {
      const before = await editableRow(tx, auth, accountId, viewId, input.version);
      // Sharing a personal view, or taking a shared one back, changes the account's configuration too.
      if (input.shared !== before.shared && !canShareSavedViews(auth)) throw forbidden();
      checkFilters(usableList(auth, before.list), input.filters, deps.now());
      const [after] = await tx
        .update(savedViews)
        .set({
          name: input.name,
          shared: input.shared,
          query: input.query,
          filters: input.filters,
          search: input.search,
          sort: input.sort,
          pageSize: input.pageSize,
          columns: input.columns,
          version: before.version + 1,
          updatedAt: new Date(deps.now()),
        })
        .where(eq(savedViews.id, before.id))
        .returning();
      if (before.shared || after!.shared) {
        await recordActivity(tx, {
          actor: actorOf(auth),
          actionType: 'UPDATE',
          resourceType: 'SAVED_VIEW',
          resourceId: before.id,
          oldValue: auditValue(before),
          newValue: auditValue(after!),
          accountId,
        });
      }
    }),
  );
  return answer(deps, auth, accountId, viewId);
}

/** DELETE /account/{accountId}/saved-view/{viewId}?version=: every user's default on it goes with it. */
export async function deleteSavedView(
  deps: SavedViewDeps,
  auth: AuthContext,
  accountId: string,
  viewId: string,
  version: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await editableRow(tx, auth, accountId, viewId, version);
    await tx.delete(savedViews).where(eq(savedViews.id, before.id));
    if (before.shared) {
      await recordActivity(tx, {
        actor: actorOf(auth),
        actionType: 'DELETE',
        resourceType: 'SAVED_VIEW',
        resourceId: before.id,
        oldValue: auditValue(before),
        accountId,
      });
    }
  });
}

/**
 * PUT /account/{accountId}/saved-view-default: the caller's default view of a list (one per user, account and list:
 * the key), or none. Any view the caller sees may be their default, a shared one included. Not audited: a preference.
 */
export async function setDefaultSavedView(
  deps: SavedViewDeps,
  auth: AuthContext,
  accountId: string,
  input: SavedViewDefault,
): Promise<SavedViewDefault> {
  const list = usableList(auth, input.list);
  const { viewId } = input;
  if (viewId === null) {
    await deps.db
      .delete(savedViewDefaults)
      .where(
        and(
          eq(savedViewDefaults.userId, auth.userId),
          eq(savedViewDefaults.accountId, accountId),
          eq(savedViewDefaults.list, list.key),
        ),
      );
    return { list: list.key, viewId: null };
  }
  await deps.db.transaction(async (tx) => {
    // Locked so a parallel delete of the view cannot leave a default naming it (the foreign key would refuse it).
    const row = await lockedViewRow(tx, accountId, viewId);
    if (!row || !canSeeView(auth, row) || row.list !== list.key) throw notFound();
    await setDefaultRow(tx, auth.userId, accountId, list.key, row.id);
  });
  return { list: list.key, viewId };
}
