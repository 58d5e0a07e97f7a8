import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { ServerConfig } from '../../config';
import type { Db, Queryable } from '../../db/client';
import { passwordTokens, userAccounts, users } from '../../db/schema';
import { recordActivity } from '../../lib/audit';
import type { Mailer } from '../../mail/mailer';
import { invitationMail, passwordResetMail } from '../../mail/templates';
import { ApiError } from '../../plugins/errors';
import { hashPassword } from './passwords';
import { revokeUserSessions, sha256 } from './session-service';

/** Links are valid for 24 hours (spec 1, section 9). */
export const PASSWORD_LINK_TTL_MS = 24 * 3600 * 1000;

export type PasswordLinkKind = 'reset' | 'new';

export interface PasswordLinkDeps {
  config: Pick<ServerConfig, 'publicUrl'>;
  mailer: Mailer;
  now: () => number;
}

type LinkUser = Pick<typeof users.$inferSelect, 'id' | 'email' | 'firstName'>;

export interface IssuedLink {
  url: string;
  expiresAt: Date;
  mailId: string;
}

/** The console's password page: /password/{reset|new}/{token}?exp={unix seconds}&type={reset|new}. */
export function passwordLinkUrl(publicUrl: string, kind: PasswordLinkKind, token: string, expiresAt: Date): string {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  return `${publicUrl.replace(/\/$/, '')}/password/${kind}/${token}?exp=${exp}&type=${kind}`;
}

export const unsubscribeUrl = (publicUrl: string, userId: string) =>
  `${publicUrl.replace(/\/$/, '')}/unsubscribe/${userId}`;

/**
 * Issues a single-use link (stored hashed) and queues its e-mail in the caller's transaction. Earlier unused links
 * of the same kind stop working, so only the newest e-mail counts.
 */
async function issueLink(
  tx: Queryable,
  user: LinkUser,
  kind: PasswordLinkKind,
  deps: PasswordLinkDeps,
): Promise<IssuedLink> {
  const now = deps.now();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + PASSWORD_LINK_TTL_MS);
  await tx
    .update(passwordTokens)
    .set({ usedAt: new Date(now) })
    .where(and(eq(passwordTokens.userId, user.id), eq(passwordTokens.kind, kind), isNull(passwordTokens.usedAt)));
  await tx
    .insert(passwordTokens)
    .values({ userId: user.id, kind, tokenHash: sha256(token), createdAt: new Date(now), expiresAt });
  const url = passwordLinkUrl(deps.config.publicUrl, kind, token, expiresAt);
  const mail = {
    to: user.email,
    firstName: user.firstName,
    url,
    unsubscribeUrl: unsubscribeUrl(deps.config.publicUrl, user.id),
  };
  const mailId = await deps.mailer.enqueue(tx, kind === 'new' ? invitationMail(mail) : passwordResetMail(mail));
  return { url, expiresAt, mailId };
}

/** The invitation e-mail for a new (INVITED) user: a 'new' password link that activates the user when used. */
export function createInvitation(tx: Queryable, user: LinkUser, deps: PasswordLinkDeps): Promise<IssuedLink> {
  return issueLink(tx, user, 'new', deps);
}

/** A reset link for an active user; an invited user who forgot the invitation gets a fresh one instead. */
export function createResetLink(
  tx: Queryable,
  user: LinkUser & { status: string },
  deps: PasswordLinkDeps,
): Promise<IssuedLink> {
  return issueLink(tx, user, user.status === 'INVITED' ? 'new' : 'reset', deps);
}

export type LinkState = 'valid' | 'expired' | 'used' | 'invalid';

export async function inspectLink(
  db: Queryable,
  token: string,
  now: number,
): Promise<{ state: LinkState; kind: PasswordLinkKind | null; expiresAt: Date | null }> {
  const [row] = await db
    .select()
    .from(passwordTokens)
    .where(eq(passwordTokens.tokenHash, sha256(token)));
  if (!row) return { state: 'invalid', kind: null, expiresAt: null };
  const kind = row.kind as PasswordLinkKind;
  if (row.usedAt) return { state: 'used', kind, expiresAt: row.expiresAt };
  if (row.expiresAt.getTime() <= now) return { state: 'expired', kind, expiresAt: row.expiresAt };
  return { state: 'valid', kind, expiresAt: row.expiresAt };
}

const linkExpired = () => new ApiError(410, 'link-expired');

/**
 * Sets the password through a reset or invitation link. The link is spent even if two requests race; the user's
 * sessions end (someone else may have known the old password); an invited user becomes ACTIVE.
 */
export async function usePasswordLink(
  db: Db,
  input: { token: string; password: string },
  now: number,
): Promise<{ kind: PasswordLinkKind; userId: string }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const at = new Date(now);
    const [spent] = await tx
      .update(passwordTokens)
      .set({ usedAt: at })
      .where(and(eq(passwordTokens.tokenHash, sha256(input.token)), isNull(passwordTokens.usedAt)))
      .returning();
    if (!spent || spent.expiresAt.getTime() <= now) throw linkExpired();
    const [user] = await tx.select().from(users).where(eq(users.id, spent.userId)).for('update');
    if (!user || user.status === 'DEACTIVATED' || user.status === 'DELETED') throw linkExpired();
    const kind = spent.kind as PasswordLinkKind;
    const status = user.status === 'INVITED' ? 'ACTIVE' : user.status;
    await tx.update(users).set({ passwordHash, status, updatedAt: at }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, 'password-reset', now);
    const [link] = await tx
      .select({ accountId: userAccounts.accountId })
      .from(userAccounts)
      .where(eq(userAccounts.userId, user.id))
      .limit(1);
    await recordActivity(tx, {
      actor: { userId: user.id, email: user.email, fullName: `${user.firstName} ${user.lastName}`.trim() },
      actionType: 'UPDATE',
      resourceType: 'USER',
      resourceId: user.id,
      oldValue: status !== user.status ? { status: user.status } : {},
      newValue: { ...(status !== user.status ? { status } : {}), passwordChangedAt: at },
      accountId: user.userType === 'ACCOUNT' ? (link?.accountId ?? null) : null,
    });
    return { kind, userId: user.id };
  });
}
