import type { MerchantItemList } from '@domain/contract/lists';
import type { ErrorDependant } from '@domain/errors';
import { LIST_MESSAGES, type ListKind, readItems, shownItem } from '@domain/lists';
import { can, PERMISSIONS } from '@domain/permissions';
import { NONE_CUSTOM_TAG } from '@domain/routing-criteria';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../db/client';
import { merchantListEdits, merchantListItems, mids, routes, users } from '../../db/schema';
import { actorOf, recordActivity } from '../../lib/audit';
import type { AuthContext } from '../../plugins/auth';
import { ApiError, notFound } from '../../plugins/errors';

// My Lists (spec 2, sections 2.6, 4, 5 and 8). An add is all or nothing, in one transaction with its audit entries
// (resource type URL or TAG) and the list's last edition; a delete is refused while a MID's or a route's variables
// use the item, and for the last item of a list.
//
// "Is the item in use?" and "is the item listed?" are checks that writes depend on, so each list has one lock
// (lockList): a MID or route save that names items holds it shared from its check until it commits, and a delete
// holds it alone. Whichever comes second sees the first one's outcome: the delete finds the new dependant (409
// item-in-use), or the save finds the item gone (and lists it again, or is refused without url.create/tag.create).

export type ListDeps = Pick<AppDeps, 'db' | 'now'>;

export interface ListTarget {
  merchantId: string;
  accountId: string;
  kind: ListKind;
}

/** A list's items by name, with who last changed it. */
export async function readList(db: Queryable, merchantId: string, kind: ListKind): Promise<MerchantItemList> {
  const [items, [edit]] = await Promise.all([
    db
      .select({ id: merchantListItems.id, prettyName: merchantListItems.prettyName })
      .from(merchantListItems)
      .where(and(eq(merchantListItems.merchantId, merchantId), eq(merchantListItems.list, kind)))
      .orderBy(asc(merchantListItems.prettyName)),
    db
      .select({ firstName: users.firstName, lastName: users.lastName, editedAt: merchantListEdits.editedAt })
      .from(merchantListEdits)
      .leftJoin(users, eq(users.id, merchantListEdits.editorId))
      .where(and(eq(merchantListEdits.merchantId, merchantId), eq(merchantListEdits.list, kind))),
  ]);
  return {
    items,
    lastEditor: edit
      ? {
          // An editor since removed is still an edition; the name is simply not known any more.
          fullName: edit.firstName ? `${edit.firstName} ${edit.lastName}`.trim() : 'A former user',
          date: edit.editedAt.toISOString(),
        }
      : null,
  };
}

async function recordEdition(tx: Queryable, target: ListTarget, auth: AuthContext, at: Date) {
  await tx
    .insert(merchantListEdits)
    .values({ merchantId: target.merchantId, list: target.kind, editorId: auth.userId, editedAt: at })
    .onConflictDoUpdate({
      target: [merchantListEdits.merchantId, merchantListEdits.list],
      set: { editorId: auth.userId, editedAt: at },
    });
}

/**
 * POST /merchant/{merchantId}/url|custom-tag. Invalid items refuse the whole add (400, listed); items already on the
 * list refuse it too (409 item-duplicated, listed) unless `force`, which adds the others. Answers the list.
 */
export async function addItems(
  deps: ListDeps,
  auth: AuthContext,
  target: ListTarget,
  input: { items: readonly string[]; force?: boolean },
): Promise<MerchantItemList> {
  const typed = readItems(input.items, target.kind);
  if (typed.invalid.length > 0) {
    throw new ApiError(400, target.kind === 'URL' ? 'invalid-url-error' : 'invalid-tag-error', undefined, {
      items: typed.invalid.map(shownItem),
    });
  }
  if (typed.items.length === 0) {
    throw new ApiError(400, 'form-not-validated', LIST_MESSAGES.urlRequired, {
      fields: { items: target.kind === 'URL' ? LIST_MESSAGES.urlRequiredContent : LIST_MESSAGES.tagRequiredContent },
    });
  }
  await deps.db.transaction(async (tx) => {
    const added = new Set(await insertItems(tx, auth, target, typed.items, new Date(deps.now())));
    // Items the unique index turned away: on the list already, or added by a parallel request that committed first.
    const existing = typed.items.filter((item) => !added.has(item));
    if (existing.length > 0 && !input.force) throw new ApiError(409, 'item-duplicated', undefined, { items: existing });
  });
  return readList(deps.db, target.merchantId, target.kind);
}

/**
 * Adds the items not on the list yet, each with its audit entry, and records the edition. Another add of the same
 * item may commit first: the unique index decides (waiting for it) and that item is skipped here. Answers the items
 * added.
 */
async function insertItems(
  tx: Queryable,
  auth: AuthContext,
  target: ListTarget,
  items: readonly string[],
  at: Date,
): Promise<string[]> {
  if (items.length === 0) return [];
  const added = await tx
    .insert(merchantListItems)
    .values(
      items.map((prettyName) => ({ merchantId: target.merchantId, list: target.kind, prettyName, createdAt: at })),
    )
    .onConflictDoNothing()
    .returning({ id: merchantListItems.id, prettyName: merchantListItems.prettyName });
  if (added.length === 0) return [];
  for (const item of added) {
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: 'INSERT',
      resourceType: target.kind,
      resourceId: item.id,
      newValue: { prettyName: item.prettyName },
      accountId: target.accountId,
      merchantId: target.merchantId,
    });
  }
  await recordEdition(tx, target, auth, at);
  return added.map((item) => item.prettyName);
}

/**
 * The list's lock, for this transaction: shared by the saves whose variables name its items, exclusive for a delete.
 * An advisory lock rather than the items' rows: a save may name items across several statements (a route of ten rows)
 * while a delete reads the whole list, and row locks taken in those two orders could deadlock.
 */
async function lockList(tx: Queryable, target: Omit<ListTarget, 'accountId'>, mode: 'shared' | 'exclusive') {
  const key = sql`hashtextextended(${`merchant-list:${target.merchantId}:${target.kind}`}, 0)`;
  await tx.execute(
    mode === 'shared' ? sql`select pg_advisory_xact_lock_shared(${key})` : sql`select pg_advisory_xact_lock(${key})`,
  );
}

/** The values that are on the merchant's list already. */
async function listedAmong(db: Queryable, target: ListTarget, values: readonly string[]): Promise<string[]> {
  if (values.length === 0) return [];
  const rows = await db
    .select({ prettyName: merchantListItems.prettyName })
    .from(merchantListItems)
    .where(
      and(
        eq(merchantListItems.merchantId, target.merchantId),
        eq(merchantListItems.list, target.kind),
        inArray(merchantListItems.prettyName, [...values]),
      ),
    );
  return rows.map((row) => row.prettyName);
}

/** The values that are not on the merchant's list yet. */
export async function unlisted(db: Queryable, target: ListTarget, values: readonly string[]): Promise<string[]> {
  const listed = new Set(await listedAmong(db, target, values));
  return values.filter((value) => !listed.has(value));
}

/**
 * A MID or route saved with URLs or tags the merchant's list lacks: they join the list (spec 2, section 6: adding
 * them needs url.create or tag.create, which the caller checked), in the caller's transaction.
 */
export async function addToList(
  tx: Queryable,
  auth: AuthContext,
  target: ListTarget,
  values: readonly string[],
  at: Date,
): Promise<string[]> {
  return insertItems(tx, auth, target, await unlisted(tx, target, values), at);
}

/** The MIDs and routes of the merchant whose variables name this URL or tag. */
async function dependantsOf(db: Queryable, target: ListTarget, value: string): Promise<ErrorDependant[]> {
  const midColumn = target.kind === 'URL' ? mids.url : mids.customTag;
  const routeColumn = target.kind === 'URL' ? routes.url : routes.customTag;
  const [midRows, routeRows] = await Promise.all([
    db
      .select({ id: mids.id, description: mids.description })
      .from(mids)
      .where(and(eq(mids.merchantId, target.merchantId), sql`${midColumn} @> array[${value}]::text[]`))
      .orderBy(asc(mids.description)),
    db
      .select({ id: routes.id, description: routes.description })
      .from(routes)
      .where(and(eq(routes.merchantId, target.merchantId), sql`${routeColumn} @> array[${value}]::text[]`))
      .orderBy(asc(routes.description)),
  ]);
  return [
    ...routeRows.map((row) => ({ kind: 'ROUTE' as const, ...row })),
    ...midRows.map((row) => ({ kind: 'MID' as const, ...row })),
  ];
}

/** DELETE /merchant/{merchantId}/url|custom-tag/{itemId}. Answers the list as it is after the delete. */
export async function deleteItem(
  deps: ListDeps,
  auth: AuthContext,
  target: ListTarget,
  itemId: string,
): Promise<MerchantItemList> {
  await deps.db.transaction(async (tx) => {
    // Alone on the list: no save naming its items is between its check and its commit, and two deletes of the last
    // two items run one after the other.
    await lockList(tx, target, 'exclusive');
    const rows = await tx
      .select({ id: merchantListItems.id, prettyName: merchantListItems.prettyName })
      .from(merchantListItems)
      .where(and(eq(merchantListItems.merchantId, target.merchantId), eq(merchantListItems.list, target.kind)));
    const item = rows.find((row) => row.id === itemId);
    if (!item) throw notFound();
    if (rows.length === 1) throw new ApiError(409, 'last-item');
    const dependants = await dependantsOf(tx, target, item.prettyName);
    if (dependants.length > 0) throw new ApiError(409, 'item-in-use', undefined, { dependants });
    await tx.delete(merchantListItems).where(eq(merchantListItems.id, item.id));
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: 'DELETE',
      resourceType: target.kind,
      resourceId: item.id,
      oldValue: { prettyName: item.prettyName },
      accountId: target.accountId,
      merchantId: target.merchantId,
    });
    await recordEdition(tx, target, auth, new Date(deps.now()));
  });
  return readList(deps.db, target.merchantId, target.kind);
}

/**
 * The URLs and custom tags a MID or route names: those not on the merchant's lists join them when the caller may add
 * to them (url.create, tag.create), in the caller's transaction; otherwise the save is refused (400, on the field).
 * The lists named stay locked (shared) until the caller's transaction ends, so no delete removes an item between this
 * check and the save's commit. The custom tag NONE (orders without a tag) is no list item.
 */
export async function listVariables(
  tx: Queryable,
  auth: AuthContext,
  target: Omit<ListTarget, 'kind'>,
  variables: { url: readonly string[]; customTag: readonly string[] },
  at: Date,
): Promise<void> {
  const lists: [ListKind, readonly string[], string, string][] = [
    ['URL', variables.url, PERMISSIONS.urlCreate, 'url'],
    ['TAG', variables.customTag.filter((tag) => tag !== NONE_CUSTOM_TAG), PERMISSIONS.tagCreate, 'customTag'],
  ];
  for (const [kind, values, permission, field] of lists) {
    if (values.length === 0) continue;
    // Always URL before TAG, so two transactions take the two locks in the same order.
    await lockList(tx, { merchantId: target.merchantId, kind }, 'shared');
    const missing = await unlisted(tx, { ...target, kind }, values);
    if (missing.length === 0) continue;
    if (!can(auth, permission)) {
      const noun = kind === 'URL' ? 'URLs' : 'custom tags';
      throw new ApiError(400, 'form-not-validated', 'Form not validated', {
        fields: { [field]: `Only ${noun} from My Lists: ${missing.slice(0, 5).join(', ')}` },
      });
    }
    await addToList(tx, auth, { ...target, kind }, missing, at);
  }
}
