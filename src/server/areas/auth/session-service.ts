import { createHash, randomBytes } from 'node:crypto';
import type { AccountSummary, SessionResponse } from '@domain/contract/auth';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { ServerConfig } from '../../config';
import type { Db, Queryable } from '../../db/client';
import { accounts, refreshTokens, roles, sessions, userAccounts, users } from '../../db/schema';
import type { TokenSigner } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';

export interface SessionDeps {
  db: Db;
  config: ServerConfig;
  signer: TokenSigner;
  now: () => number;
}

export type UserRow = typeof users.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;

/** Why a session ended; plugins/auth.ts maps 'replaced' to 'session-opened-another-device', the rest to expiry. */
export type RevokeReason = 'logout' | 'replaced' | 'reuse' | 'disabled' | 'expired' | 'password-reset';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newRefreshToken = () => randomBytes(32).toString('base64url');

export async function revokeUserSessions(
  tx: Queryable,
  userId: string,
  reason: RevokeReason,
  now: number,
): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(now), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function revokeSession(
  tx: Queryable,
  sessionId: string,
  reason: RevokeReason,
  now: number,
): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(now), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Staff act on their linked accounts; an account user on the one account of the session. */
async function sessionAccounts(
  tx: Queryable,
  user: UserRow,
  sessionAccountId: string | null,
): Promise<AccountSummary[]> {
  const linked = await tx
    .select({ accountId: accounts.id, shortId: accounts.shortId, prettyName: accounts.prettyName })
    .from(userAccounts)
    .innerJoin(accounts, eq(accounts.id, userAccounts.accountId))
    .where(eq(userAccounts.userId, user.id))
    .orderBy(accounts.prettyName);
  if (user.userType === 'INTERNAL') return linked;
  return linked.filter((account) => account.accountId === sessionAccountId);
}

async function buildResponse(
  deps: SessionDeps,
  tx: Queryable,
  input: { user: UserRow; role: RoleRow; sessionId: string; accountId: string | null; refreshToken: string },
): Promise<SessionResponse> {
  const { user, role } = input;
  const isProviderStaff = user.userType === 'INTERNAL';
  const token = await deps.signer.sign(
    {
      sub: user.id,
      sid: input.sessionId,
      email: user.email,
      pst: isProviderStaff,
      perms: role.permissions,
      all: role.allAllowed,
    },
    deps.now(),
  );
  return {
    token,
    refreshToken: input.refreshToken,
    expiresIn: deps.signer.ttlSeconds,
    permissions: role.permissions,
    allAllowed: role.allAllowed,
    isProviderStaff,
    email: user.email,
    userId: user.id,
    fullName: `${user.firstName} ${user.lastName}`.trim(),
    accounts: await sessionAccounts(tx, user, input.accountId),
  };
}

export interface NewSessionInput {
  user: UserRow;
  role: RoleRow;
  /** The account an account user signed in to; null for provider staff. */
  accountId: string | null;
  userAgent?: string | undefined;
  ip?: string | undefined;
}

/**
 * Opens the user's one active session: any other open session is revoked as 'replaced', so its next call reports
 * 'session-opened-another-device'.
 */
export async function createSession(deps: SessionDeps, input: NewSessionInput): Promise<SessionResponse> {
  const now = deps.now();
  const at = new Date(now);
  const expiresAt = new Date(now + deps.config.sessionTtlSeconds * 1000);
  const refreshToken = newRefreshToken();
  return deps.db.transaction(async (tx) => {
    // Locking the user row serialises two sign-ins of the same user, so exactly one session survives.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.user.id)).for('update');
    await revokeUserSessions(tx, input.user.id, 'replaced', now);
    const [session] = await tx
      .insert(sessions)
      .values({
        userId: input.user.id,
        accountId: input.accountId,
        createdAt: at,
        lastSeenAt: at,
        expiresAt,
        userAgent: input.userAgent?.slice(0, 500) ?? null,
        ip: input.ip ?? null,
      })
      .returning({ id: sessions.id });
    await tx
      .insert(refreshTokens)
      .values({ sessionId: session!.id, tokenHash: sha256(refreshToken), createdAt: at, expiresAt });
    await tx.update(users).set({ lastActivity: at }).where(eq(users.id, input.user.id));
    return buildResponse(deps, tx, { ...input, sessionId: session!.id, refreshToken });
  });
}

const expired = () => new ApiError(401, 'session-expired');

/**
 * Trades a refresh token for a new access token and the next refresh token. A token that was already used means
 * it leaked (or was replayed): the whole session is revoked.
 */
export async function renewSession(deps: SessionDeps, refreshToken: string): Promise<SessionResponse> {
  const now = deps.now();
  const at = new Date(now);
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: refreshTokens, session: sessions, user: users, role: roles })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
    if (!row) return { error: expired() };
    const { token, session, user, role } = row;
    if (session.revokedAt) {
      return {
        error: session.revokedReason === 'replaced' ? new ApiError(401, 'session-opened-another-device') : expired(),
      };
    }
    // Marking the token used only if nobody did first makes a concurrent replay count as reuse too.
    const claimed = token.usedAt
      ? []
      : await tx
          .update(refreshTokens)
          .set({ usedAt: at })
          .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.usedAt)))
          .returning({ id: refreshTokens.id });
    if (claimed.length === 0) {
      await revokeSession(tx, session.id, 'reuse', now);
      return { error: expired() };
    }
    if (session.expiresAt.getTime() <= now || token.expiresAt.getTime() <= now) {
      await revokeSession(tx, session.id, 'expired', now);
      return { error: expired() };
    }
    if (user.status !== 'ACTIVE') {
      await revokeSession(tx, session.id, 'disabled', now);
      return { error: expired() };
    }
    if (user.userType !== 'INTERNAL') {
      const [link] = await tx
        .select({ accountId: userAccounts.accountId })
        .from(userAccounts)
        .where(
          and(
            eq(userAccounts.userId, user.id),
            inArray(userAccounts.accountId, session.accountId ? [session.accountId] : []),
          ),
        );
      if (!link) {
        await revokeSession(tx, session.id, 'disabled', now);
        return { error: expired() };
      }
    }
    const next = newRefreshToken();
    await tx
      .insert(refreshTokens)
      .values({ sessionId: session.id, tokenHash: sha256(next), createdAt: at, expiresAt: session.expiresAt });
    await tx.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, session.id));
    const response = await buildResponse(deps, tx, {
      user,
      role,
      sessionId: session.id,
      accountId: session.accountId,
      refreshToken: next,
    });
    return { response };
  });
  if ('response' in outcome && outcome.response) return outcome.response;
  throw (outcome as { error: ApiError }).error;
}
