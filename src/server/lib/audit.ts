import type { ActionType, ResourceType } from '@domain/enums';
import type { Queryable } from '../db/client';
import { userActivity } from '../db/schema';

/** Fields that never reach the audit log, whatever resource they belong to. */
const SECRET_FIELDS = new Set([
  'passwordHash',
  'password',
  'privateKey',
  'publicKey',
  'tokenHash',
  'token',
  'refreshToken',
]);

function redact(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !SECRET_FIELDS.has(key))
        .map(([key, inner]) => [key, redact(inner)]),
    );
  }
  return value;
}

export interface Actor {
  userId: string;
  email: string;
  fullName: string;
}

export interface ActivityEntry {
  actor: Actor | null;
  actionType: ActionType;
  resourceType: ResourceType;
  resourceId: string;
  oldValue?: unknown;
  newValue?: unknown;
  accountId?: string | null;
  merchantId?: string | null;
}

/**
 * Writes one audit entry. Call it with the transaction that makes the change, so a failed entry rolls the change
 * back and a rolled-back change leaves no entry.
 */
export async function recordActivity(tx: Queryable, entry: ActivityEntry): Promise<void> {
  await tx.insert(userActivity).values({
    actionType: entry.actionType,
    resourceType: entry.resourceType,
    resourceId: entry.resourceId,
    oldValue: entry.actionType === 'INSERT' ? null : redact(entry.oldValue),
    newValue: entry.actionType === 'DELETE' ? null : redact(entry.newValue),
    userId: entry.actor?.userId ?? null,
    userEmail: entry.actor?.email ?? null,
    userName: entry.actor?.fullName ?? null,
    accountId: entry.accountId ?? null,
    merchantId: entry.merchantId ?? null,
  });
}

/** The signed-in caller, as an audit entry names them. */
export const actorOf = (auth: Pick<Actor, 'email' | 'fullName'> & { userId: string }): Actor => ({
  userId: auth.userId,
  email: auth.email,
  fullName: auth.fullName,
});
