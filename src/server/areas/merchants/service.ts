import { randomBytes } from 'node:crypto';
import type { MerchantSave, MerchantUpdate } from '@domain/contract/merchants';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../db/client';
import { merchants } from '../../db/schema';
import { actorOf, recordActivity } from '../../lib/audit';
import { isForeignKeyViolation } from '../../lib/db-errors';
import type { AuthContext } from '../../plugins/auth';
import { ApiError, notFound } from '../../plugins/errors';

// The merchant writes (spec 2, sections 2.2, 4 and 5). Each runs in one transaction with its audit entry (resource
// type MERCHANT). The API keys are made here, never sent by the form and never written to the audit log.

export type MerchantDeps = Pick<AppDeps, 'db' | 'now'>;

type MerchantRow = typeof merchants.$inferSelect;

/** The form's fields as the table stores them: optional ones absent become null (an update's version is no field). */
function columnsOf(save: MerchantSave & { version?: number }) {
  const { version: _version, ...fields } = save;
  return {
    ...fields,
    phone: fields.phone ?? null,
    supportPhone: fields.supportPhone ?? null,
    webhooksNotificationsUrl: fields.webhooksNotificationsUrl ?? null,
    successRedirectUrl: fields.successRedirectUrl ?? null,
    failedRedirectUrl: fields.failedRedirectUrl ?? null,
  };
}
type MerchantColumns = ReturnType<typeof columnsOf>;

/** A merchant as the audit log keeps it: every field but the API keys and the bookkeeping. */
function auditView(row: MerchantRow): MerchantColumns {
  const {
    id: _id,
    accountId: _account,
    image: _image,
    publicKey: _p,
    privateKey: _k,
    version: _v,
    createdAt: _c,
    updatedAt: _u,
    ...fields
  } = row;
  return fields;
}

const newKeyPair = () => ({
  publicKey: `pk_${randomBytes(16).toString('hex')}`,
  privateKey: `sk_${randomBytes(24).toString('hex')}`,
});

/** POST /account/{accountId}/merchant: a new merchant with a fresh API key pair. */
export async function createMerchant(
  deps: MerchantDeps,
  auth: AuthContext,
  accountId: string,
  save: MerchantSave,
): Promise<string> {
  try {
    return await deps.db.transaction(async (tx) => {
      const at = new Date(deps.now());
      const [created] = await tx
        .insert(merchants)
        .values({ ...columnsOf(save), ...newKeyPair(), accountId, createdAt: at, updatedAt: at })
        .returning();
      await recordActivity(tx, {
        actor: actorOf(auth),
        actionType: 'INSERT',
        resourceType: 'MERCHANT',
        resourceId: created!.id,
        newValue: auditView(created!),
        accountId,
        merchantId: created!.id,
      });
      return created!.id;
    });
  } catch (error) {
    // The account was deleted in the meantime.
    if (isForeignKeyViolation(error)) throw notFound();
    throw error;
  }
}

async function lockedMerchant(tx: Queryable, accountId: string, merchantId: string): Promise<MerchantRow> {
  const [row] = await tx
    .select()
    .from(merchants)
    .where(and(eq(merchants.id, merchantId), eq(merchants.accountId, accountId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * PUT /account/{accountId}/merchant/{merchantId}: the whole form. Answers whether anything changed; nothing changed
 * writes nothing. A save over a version the editor did not read answers 409 'merchant-changed'.
 */
export async function updateMerchant(
  deps: MerchantDeps,
  auth: AuthContext,
  accountId: string,
  merchantId: string,
  save: MerchantUpdate,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const before = await lockedMerchant(tx, accountId, merchantId);
    if (save.version !== before.version) throw new ApiError(409, 'merchant-changed');
    const wanted = columnsOf(save);
    const old = auditView(before);
    const keys = (Object.keys(wanted) as (keyof MerchantColumns)[]).filter((key) => wanted[key] !== old[key]);
    if (keys.length === 0) return false;
    await tx
      .update(merchants)
      .set({ ...wanted, version: sql`${merchants.version} + 1`, updatedAt: new Date(deps.now()) })
      .where(eq(merchants.id, merchantId));
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: 'UPDATE',
      resourceType: 'MERCHANT',
      resourceId: merchantId,
      oldValue: Object.fromEntries(keys.map((key) => [key, old[key]])),
      newValue: Object.fromEntries(keys.map((key) => [key, wanted[key]])),
      accountId,
      merchantId,
    });
    return true;
  });
}
