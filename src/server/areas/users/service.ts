import {
  type AccountUserCreate,
  type InternalUserCreate,
  inDomains,
  onlyDomainsMessage,
  restrictedDomainMessage,
  type UserUpdate,
} from '@domain/contract/users';
import type { UserType } from '@domain/enums';
import { isIdentifier } from '@domain/ids';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../db/client';
import { passwordTokens, roles, userAccounts, users } from '../../db/schema';
import { actorOf, recordActivity } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import type { AuthContext } from '../../plugins/auth';
import { ApiError, forbidden, notFound } from '../../plugins/errors';
import { createInvitation } from '../auth/password-links';
import { revokeUserSessions } from '../auth/session-service';
import { canSeeUser, type LoadedUser, loadUserRows } from './queries';

// The writes of the users area. Each runs in one transaction with its audit entry (resource type USER):
// account users' entries carry their account; provider staff belong to no single account, so theirs carry none
// (an account's log never shows provider staff, just as its users list does not).

export type UserDeps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'now'>;

/** The permission each action needs, by the type of the user it acts on. */
export const USER_PERMISSIONS = {
  ACCOUNT: { create: P.accountUserCreate, update: P.accountUserUpdate, delete: P.accountUserDelete },
  INTERNAL: { create: P.internalUserCreate, update: P.internalUserUpdate, delete: P.internalUserDelete },
} as const;

type UserAction = keyof (typeof USER_PERMISSIONS)['ACCOUNT'];

/** Whether the caller may see and pick internal roles: they manage provider staff. */
export const canManageInternalUsers = (auth: AuthContext) =>
  can(auth, P.internalUserCreate) || can(auth, P.internalUserUpdate);

const formError = (fields: Record<string, string>) =>
  new ApiError(400, 'form-not-validated', 'Form not validated', { fields });

/** What the audit log keeps of a user: no password hash, no tokens. */
function auditView(row: LoadedUser['user'], roleName: string, accountIds: readonly string[]) {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    jobTitle: row.jobTitle,
    userType: row.userType,
    role: roleName,
    status: row.status,
    accountIds: [...accountIds].sort(),
  };
}
type AuditView = ReturnType<typeof auditView>;

/** The changed fields only, old and new side by side. */
function changes(before: AuditView, after: AuditView) {
  const keys = (Object.keys(before) as (keyof AuditView)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    changed: keys.length > 0,
    oldValue: Object.fromEntries(keys.map((key) => [key, before[key]])),
    newValue: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

const auditAccountOf = (userType: string, accountIds: readonly string[]) =>
  userType === 'ACCOUNT' ? (accountIds[0] ?? null) : null;

const userNotCreated = () => new ApiError(409, 'user-not-created');

/** The role to give a user of this type: it must exist and be internal exactly when the user is. */
async function roleFor(db: Queryable, roleId: string, userType: UserType) {
  const [role] = await db.select().from(roles).where(eq(roles.id, roleId));
  if (!role) throw formError({ roleId: 'Select one of the roles offered' });
  if (role.isInternal !== (userType === 'INTERNAL')) {
    throw formError({
      roleId:
        userType === 'INTERNAL'
          ? 'Internal users need an internal role'
          : 'Internal roles cannot be given to account users',
    });
  }
  return role;
}

/** The restricted-domain rules: provider-staff domains are for provider staff only (spec 2, section 5). */
function assertEmailDomain(email: string, userType: UserType, domains: readonly string[]) {
  if (domains.length === 0) return;
  const internalAddress = inDomains(email, domains);
  if (userType === 'ACCOUNT' && internalAddress) throw formError({ email: restrictedDomainMessage(domains) });
  if (userType === 'INTERNAL' && !internalAddress) throw formError({ email: onlyDomainsMessage(domains) });
}

/** Accounts outside the caller's own answer 404, exactly like accounts that do not exist. */
function assertOwnAccounts(auth: AuthContext, accountIds: readonly string[]) {
  if (accountIds.some((accountId) => !isIdentifier(accountId) || !auth.accountIds.includes(accountId))) {
    throw notFound();
  }
}

/**
 * The user, if the caller may see it (else 404, like an unknown one), locked for the caller's transaction when
 * asked. `action` adds the permission check of the user's type (403) and treats deleted users as gone.
 */
export async function findVisibleUser(
  db: Queryable,
  auth: AuthContext,
  userId: string,
  options: { action?: UserAction; lock?: boolean } = {},
): Promise<LoadedUser> {
  if (!isIdentifier(userId)) throw notFound();
  if (options.lock) await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [found] = await loadUserRows(db, [userId]);
  if (!found) throw notFound();
  const target = { userType: found.user.userType, accountIds: found.links.map((link) => link.accountId) };
  if (!canSeeUser(auth, target)) throw notFound();
  if (options.action) {
    if (!can(auth, USER_PERMISSIONS[found.user.userType as UserType][options.action])) throw forbidden();
    if (found.user.status === 'DELETED') throw notFound();
  }
  return found;
}

/** An edit names the version its form was opened on; another administrator's save since then wins (409). */
function assertVersion(found: LoadedUser, version: number) {
  if (found.user.version !== version) throw new ApiError(409, 'user-changed');
}

type CreateInput = AccountUserCreate | InternalUserCreate;

/** POST /user and POST /user/admin: an INVITED user, linked to its accounts, with its invitation e-mail queued. */
export async function createUser(deps: UserDeps, auth: AuthContext, input: CreateInput): Promise<string> {
  const accountIds = input.userType === 'ACCOUNT' ? [input.accountId] : [...new Set(input.accounts)];
  assertOwnAccounts(auth, accountIds);
  assertEmailDomain(input.email, input.userType, deps.config.runtime.internalDomains);
  const role = await roleFor(deps.db, input.roleId, input.userType);
  const email = input.email.trim();
  try {
    return await deps.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
      if (taken) throw userNotCreated();
      const at = new Date(deps.now());
      const [created] = await tx
        .insert(users)
        .values({
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          jobTitle: input.jobTitle,
          userType: input.userType,
          roleId: role.id,
          status: 'INVITED',
          passwordHash: null,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      await tx.insert(userAccounts).values(accountIds.map((accountId) => ({ userId: created!.id, accountId })));
      await createInvitation(tx, created!, deps);
      await recordActivity(tx, {
        actor: actorOf(auth),
        actionType: 'INSERT',
        resourceType: 'USER',
        resourceId: created!.id,
        newValue: auditView(created!, role.name, accountIds),
        accountId: auditAccountOf(input.userType, accountIds),
      });
      return created!.id;
    });
  } catch (error) {
    // Two creations racing for one e-mail: the unique index decides, and the loser hears the same answer.
    if (isUniqueViolation(error)) throw userNotCreated();
    throw error;
  }
}

/**
 * PUT /user/{userId}: names, job title, role, status (ACTIVE and DEACTIVATED) and, for account users, their account.
 * The e-mail and the type cannot change. Nobody changes their own role or status, so nobody locks themselves out.
 * Deactivating, or moving an account user to another account, ends the user's sessions at once; a role change
 * applies on the user's next call, since every call re-reads the role.
 */
export async function updateUser(deps: UserDeps, auth: AuthContext, userId: string, input: UserUpdate): Promise<void> {
  if (input.userId !== undefined && input.userId !== userId) throw formError({ userId: 'It does not match the user' });
  await deps.db.transaction(async (tx) => {
    const found = await findVisibleUser(tx, auth, userId, { action: 'update', lock: true });
    assertVersion(found, input.version);
    const { user: before, role: roleBefore } = found;
    const userType = before.userType as UserType;
    const linksBefore = found.links.map((link) => link.accountId);
    const self = before.id === auth.userId;

    if (input.userType !== undefined && input.userType !== userType) {
      throw formError({ userType: 'The user type cannot be changed' });
    }
    if (input.email !== undefined && input.email.trim().toLowerCase() !== before.email.toLowerCase()) {
      throw formError({ email: 'The e-mail cannot be changed' });
    }
    let role = roleBefore;
    if (input.roleId !== undefined && input.roleId !== roleBefore.id) {
      if (self) throw formError({ roleId: 'You cannot change your own role' });
      role = await roleFor(tx, input.roleId, userType);
    }
    let status = before.status;
    if (input.status !== undefined && input.status !== before.status) {
      if (self) throw formError({ status: 'You cannot change your own status' });
      if (before.status === 'INVITED') {
        throw formError({ status: 'An invited user becomes active by accepting the invitation' });
      }
      status = input.status;
    }
    let links = linksBefore;
    if (input.accountId !== undefined && userType === 'ACCOUNT' && !linksBefore.includes(input.accountId)) {
      if (self) throw formError({ accountId: 'You cannot move yourself to another account' });
      assertOwnAccounts(auth, [input.accountId]);
      links = [input.accountId];
    }

    const after = { ...before, firstName: input.firstName, lastName: input.lastName, jobTitle: input.jobTitle, status };
    const diff = changes(auditView(before, roleBefore.name, linksBefore), auditView(after, role.name, links));
    if (!diff.changed) return;

    const at = new Date(deps.now());
    await tx
      .update(users)
      .set({
        firstName: after.firstName,
        lastName: after.lastName,
        jobTitle: after.jobTitle,
        roleId: role.id,
        status,
        version: sql`${users.version} + 1`,
        updatedAt: at,
      })
      .where(eq(users.id, userId));
    if (links !== linksBefore) {
      await tx.delete(userAccounts).where(eq(userAccounts.userId, userId));
      await tx.insert(userAccounts).values(links.map((accountId) => ({ userId, accountId })));
    }
    // A session is tied to the account it signed in to; a deactivated user has no session left at all.
    if ((status === 'DEACTIVATED' && before.status !== 'DEACTIVATED') || links !== linksBefore) {
      await revokeUserSessions(tx, userId, 'disabled', deps.now());
    }
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: 'UPDATE',
      resourceType: 'USER',
      resourceId: userId,
      oldValue: diff.oldValue,
      newValue: diff.newValue,
      accountId: auditAccountOf(userType, links),
    });
  });
}

/**
 * PUT /user/{userId}/account: the accounts of a provider-staff user. The caller changes only links to their own
 * accounts; links to accounts they cannot see stay as they are.
 */
export async function updateUserAccounts(
  deps: UserDeps,
  auth: AuthContext,
  userId: string,
  requested: readonly string[],
  version: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const found = await findVisibleUser(tx, auth, userId, { action: 'update', lock: true });
    assertVersion(found, version);
    if (found.user.userType !== 'INTERNAL') {
      throw formError({ accountIds: 'Account users belong to one account; change it in the user form' });
    }
    assertOwnAccounts(auth, requested);
    const before = found.links.map((link) => link.accountId);
    const hidden = before.filter((accountId) => !auth.accountIds.includes(accountId));
    const after = [...new Set([...hidden, ...requested])];
    const removed = before.filter((accountId) => !after.includes(accountId));
    const added = after.filter((accountId) => !before.includes(accountId));
    if (removed.length === 0 && added.length === 0) return;
    if (removed.length) {
      await tx
        .delete(userAccounts)
        .where(and(eq(userAccounts.userId, userId), inArray(userAccounts.accountId, removed)));
    }
    if (added.length) await tx.insert(userAccounts).values(added.map((accountId) => ({ userId, accountId })));
    await tx
      .update(users)
      .set({ version: sql`${users.version} + 1`, updatedAt: new Date(deps.now()) })
      .where(eq(users.id, userId));
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: 'UPDATE',
      resourceType: 'USER',
      resourceId: userId,
      oldValue: { accountIds: [...before].sort() },
      newValue: { accountIds: [...after].sort() },
      accountId: null,
    });
  });
}

/**
 * DELETE /user/{userId}: a soft delete. The row stays (the audit log and past activity name it) with status
 * DELETED, no password and no usable link; its account links stay too, so a list filtered by status DELETED still
 * shows whose user it was. Its sessions end at once. Nobody deletes themselves.
 */
export async function deleteUser(deps: UserDeps, auth: AuthContext, userId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const found = await findVisibleUser(tx, auth, userId, { action: 'delete', lock: true });
    if (found.user.id === auth.userId) throw new ApiError(400, 'delete-error', 'You cannot delete your own user');
    const now = deps.now();
    const at = new Date(now);
    await tx.update(users).set({ status: 'DELETED', passwordHash: null, updatedAt: at }).where(eq(users.id, userId));
    await tx
      .update(passwordTokens)
      .set({ usedAt: at })
      .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
    await revokeUserSessions(tx, userId, 'disabled', now);
    const accountIds = found.links.map((link) => link.accountId);
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: 'DELETE',
      resourceType: 'USER',
      resourceId: userId,
      oldValue: auditView(found.user, found.role.name, accountIds),
      accountId: auditAccountOf(found.user.userType, accountIds),
    });
  });
}

/**
 * POST /user/{userId}/reminder: a new invitation link for an invited user; earlier invitation links stop working.
 * Logged as an update of the user, so the log tells who re-sent it and when.
 */
export async function remindUser(deps: UserDeps, auth: AuthContext, userId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const found = await findVisibleUser(tx, auth, userId, { action: 'create', lock: true });
    if (found.user.status !== 'INVITED') {
      throw new ApiError(409, 'unexpected-error', 'Only invited users can be sent an invitation reminder');
    }
    const link = await createInvitation(tx, found.user, deps);
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: 'UPDATE',
      resourceType: 'USER',
      resourceId: userId,
      oldValue: {},
      newValue: { invitationSentAt: new Date(deps.now()), invitationExpiresAt: link.expiresAt },
      accountId: auditAccountOf(
        found.user.userType,
        found.links.map((entry) => entry.accountId),
      ),
    });
  });
}
