import { randomInt } from 'node:crypto';
import { ACCOUNT_MESSAGES, type AccountSave, type AccountUpdate } from '@domain/contract/accounts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Queryable, Tx } from '../../db/client';
import { accountProviders, accounts, acquirers, limits, solutions, userAccounts } from '../../db/schema';
import { actorOf, recordActivity } from '../../lib/audit';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import type { AuthContext } from '../../plugins/auth';
import { ApiError, notFound } from '../../plugins/errors';
import { accountUserCount, merchantCount, solutionInUse } from './queries';

// The writes of the accounts area (spec 2, sections 2.1, 4 and 5), provider staff only. Each runs in one transaction
// with its audit entry (resource type ACCOUNT). The rules hold here whatever the console sends: a provider or a
// solution that a MID or payments use stays, an account with merchants or users is not deleted, and a save made
// over a version the editor did not read is refused instead of dropping the other user's solutions.

export type AccountDeps = Pick<AppDeps, 'db' | 'now'>;

const formError = (fields: Record<string, string>) =>
  new ApiError(400, 'form-not-validated', 'Form not validated', { fields });

/** The providers the save names must exist; an unknown one is a form error on its row. */
async function assertKnownProviders(db: Queryable, save: AccountSave) {
  const ids = save.acquirers.map((provider) => provider.id);
  const known = await db.select({ id: acquirers.id }).from(acquirers).where(inArray(acquirers.id, ids));
  const knownIds = new Set(known.map((row) => row.id));
  const unknown = Object.fromEntries(
    save.acquirers.flatMap((provider, index) =>
      knownIds.has(provider.id) ? [] : [[`acquirers.${index}.id`, 'Select one of the providers offered']],
    ),
  );
  if (Object.keys(unknown).length > 0) throw formError(unknown);
}

/** The save with each provider's solutions de-duplicated (the wizard drops repeats; a client may not). */
function normalised<T extends AccountSave>(save: T): T {
  return {
    ...save,
    acquirers: save.acquirers.map((provider) => ({ ...provider, solutions: [...new Set(provider.solutions)] })),
  };
}

/** What the audit log keeps of an account: its name and providers with their solution names. */
async function auditView(db: Queryable, accountId: string) {
  const [row] = await db.select({ prettyName: accounts.prettyName }).from(accounts).where(eq(accounts.id, accountId));
  const rows = await db
    .select({ provider: acquirers.prettyName, solution: solutions.prettyName })
    .from(accountProviders)
    .innerJoin(acquirers, eq(acquirers.id, accountProviders.acquirerId))
    .leftJoin(
      solutions,
      and(eq(solutions.accountId, accountProviders.accountId), eq(solutions.acquirerId, accountProviders.acquirerId)),
    )
    .where(eq(accountProviders.accountId, accountId));
  const providers: Record<string, string[]> = {};
  for (const entry of rows) {
    providers[entry.provider] ??= [];
    if (entry.solution) providers[entry.provider]!.push(entry.solution);
  }
  for (const names of Object.values(providers)) names.sort();
  return { prettyName: row?.prettyName ?? '', providers };
}

/** A six-digit short ID no account has: the Account ID its users type at sign-in. */
async function freeShortId(db: Queryable): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = String(randomInt(100_000, 1_000_000));
    const [taken] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(sql`lower(${accounts.shortId}) = ${candidate}`);
    if (!taken) return candidate;
  }
  throw new ApiError(503, 'server-error', 'No free account ID; try again');
}

async function insertProvidersAndSolutions(tx: Queryable, accountId: string, save: AccountSave) {
  await tx
    .insert(accountProviders)
    .values(save.acquirers.map((provider) => ({ accountId, acquirerId: provider.id })))
    .onConflictDoNothing();
  const rows = save.acquirers.flatMap((provider) =>
    provider.solutions.map((prettyName) => ({ accountId, acquirerId: provider.id, prettyName })),
  );
  if (rows.length > 0) await tx.insert(solutions).values(rows).onConflictDoNothing();
}

/**
 * POST /account: a new account with its providers and solutions. The provider staff member who creates it is linked
 * to it, so it shows in their lists at once (others are linked as usual, from the users area).
 */
export async function createAccount(deps: AccountDeps, auth: AuthContext, input: AccountSave): Promise<string> {
  const save = normalised(input);
  await assertKnownProviders(deps.db, save);
  for (let attempt = 0; ; attempt++) {
    try {
      return await deps.db.transaction(async (tx) => {
        const at = new Date(deps.now());
        const [created] = await tx
          .insert(accounts)
          .values({ prettyName: save.prettyName, shortId: await freeShortId(tx), createdAt: at, updatedAt: at })
          .returning({ id: accounts.id });
        const accountId = created!.id;
        await insertProvidersAndSolutions(tx, accountId, save);
        await tx.insert(userAccounts).values({ userId: auth.userId, accountId }).onConflictDoNothing();
        await recordActivity(tx, {
          actor: actorOf(auth),
          actionType: 'INSERT',
          resourceType: 'ACCOUNT',
          resourceId: accountId,
          newValue: await auditView(tx, accountId),
          accountId,
        });
        return accountId;
      });
    } catch (error) {
      // Two creations drew the same short ID at once: the unique index decided; draw again.
      if (isUniqueViolation(error) && attempt < 3) continue;
      throw error;
    }
  }
}

/** The changed fields only, old and new side by side. */
function changes<T extends Record<string, unknown>>(before: T, after: T) {
  const keys = Object.keys(before).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    changed: keys.length > 0,
    oldValue: Object.fromEntries(keys.map((key) => [key, before[key]])),
    newValue: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/**
 * PUT /account/{accountId}: the name and the whole set of providers and solutions, as the wizard shows them.
 * Providers and solutions left out are removed, unless a MID or payments use them (409 with the rows that must stay).
 * Answers whether anything changed; nothing changed writes nothing (no version, no audit entry).
 */
export async function updateAccount(
  deps: AccountDeps,
  auth: AuthContext,
  accountId: string,
  input: AccountUpdate,
): Promise<boolean> {
  const save = normalised(input);
  await assertKnownProviders(deps.db, save);
  try {
    return await saveChanges(deps, auth, accountId, save);
  } catch (error) {
    // A MID took a solution being removed between the check and the delete: its foreign key decided.
    if (isForeignKeyViolation(error)) throw new ApiError(409, 'account-in-use');
    throw error;
  }
}

/**
 * The limits (and alerts) of solutions being removed: no MID is left on such a solution (it would be in use), so they
 * count nothing and never fire; they go with it, each with its audit entry (issue 23: they used to block the removal
 * with an account-in-use naming nothing).
 */
async function deleteLimitsOf(tx: Tx, auth: AuthContext, solutionIds: string[]) {
  const dropped = await tx.delete(limits).where(inArray(limits.solutionId, solutionIds)).returning();
  for (const row of dropped) {
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: 'DELETE',
      resourceType: row.midId === null ? 'GLOBAL_LIMIT' : 'MID_LIMIT',
      resourceId: row.id,
      oldValue: {
        solutionId: row.solutionId,
        midId: row.midId,
        cardBrand: row.cardBrand,
        descriptor: row.descriptor,
        total: row.total,
        daily: row.daily,
        alertPercentage: row.alertPercentage,
        removedWithSolution: true,
      },
      accountId: row.accountId,
      merchantId: row.merchantId,
    });
  }
}

function saveChanges(deps: AccountDeps, auth: AuthContext, accountId: string, save: AccountUpdate): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ version: accounts.version })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    if (!current) throw notFound();
    if (save.version !== current.version) throw new ApiError(409, 'account-changed');

    const existing = await tx
      .select({
        id: solutions.id,
        acquirerId: solutions.acquirerId,
        prettyName: solutions.prettyName,
        inUse: solutionInUse,
      })
      .from(solutions)
      .where(eq(solutions.accountId, accountId));
    const wanted = new Map(save.acquirers.map((provider) => [provider.id, new Set(provider.solutions)]));
    const removed = existing.filter((solution) => !wanted.get(solution.acquirerId)?.has(solution.prettyName));
    const blocked = removed.filter((solution) => solution.inUse);
    if (blocked.length > 0) {
      const fields: Record<string, string> = {};
      for (const solution of blocked) {
        const index = save.acquirers.findIndex((provider) => provider.id === solution.acquirerId);
        if (index === -1) fields[`acquirers.${solution.acquirerId}`] = ACCOUNT_MESSAGES.providerInUse;
        fields[`solutions.${solution.id}`] = `${solution.prettyName}: ${ACCOUNT_MESSAGES.solutionInUse}`;
      }
      throw new ApiError(409, 'account-in-use', undefined, { fields });
    }

    const before = await auditView(tx, accountId);
    if (removed.length > 0) {
      await deleteLimitsOf(
        tx,
        auth,
        removed.map((solution) => solution.id),
      );
      await tx.delete(solutions).where(
        inArray(
          solutions.id,
          removed.map((solution) => solution.id),
        ),
      );
    }
    const providerIds = save.acquirers.map((provider) => provider.id);
    await tx.delete(accountProviders).where(
      and(
        eq(accountProviders.accountId, accountId),
        sql`${accountProviders.acquirerId} not in (${sql.join(
          providerIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ),
    );
    await insertProvidersAndSolutions(tx, accountId, save);
    await tx.update(accounts).set({ prettyName: save.prettyName }).where(eq(accounts.id, accountId));
    const after = await auditView(tx, accountId);

    const diff = changes(before, after);
    if (!diff.changed) return false;
    await tx
      .update(accounts)
      .set({ version: sql`${accounts.version} + 1`, updatedAt: new Date(deps.now()) })
      .where(eq(accounts.id, accountId));
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: 'UPDATE',
      resourceType: 'ACCOUNT',
      resourceId: accountId,
      oldValue: diff.oldValue,
      newValue: diff.newValue,
      accountId,
    });
    return true;
  });
}

/**
 * DELETE /account/{accountId}: only an account without merchants and without account users ('Can't delete
 * account'). Its providers, solutions, staff links, templates and agents go with it.
 */
export async function deleteAccount(deps: AccountDeps, auth: AuthContext, accountId: string): Promise<void> {
  try {
    await removeAccount(deps, auth, accountId);
  } catch (error) {
    // A merchant created while the account was being deleted: its foreign key decided.
    if (isForeignKeyViolation(error)) throw new ApiError(409, 'cant-delete-account');
    throw error;
  }
}

async function removeAccount(deps: AccountDeps, auth: AuthContext, accountId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: accounts.id, merchants: merchantCount, users: accountUserCount })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    if (!current) throw notFound();
    if (Number(current.merchants) > 0 || Number(current.users) > 0) throw new ApiError(409, 'cant-delete-account');
    const before = await auditView(tx, accountId);
    await tx.delete(accounts).where(eq(accounts.id, accountId));
    // The entry names the account that no longer exists; the audit log keeps no foreign key to it.
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: 'DELETE',
      resourceType: 'ACCOUNT',
      resourceId: accountId,
      oldValue: before,
      accountId,
    });
  });
}
