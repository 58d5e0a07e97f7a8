import {
  splitFileName,
  TEMPLATE_UPLOAD_ERROR_KEYS,
  TEMPLATE_UPLOAD_TEXTS,
  type TemplateUploadError,
  validateTemplateUpload,
} from '@domain/chargebacks';
import {
  DEFAULT_TEMPLATE_KEY,
  type DisputeTemplate,
  TEMPLATE_MAX_UNCOMPRESSED_BYTES,
  type TemplateExtension,
} from '@domain/contract/dispute-templates';
import { DISPUTE_TEMPLATE_KEYS, type DisputeTemplateKey } from '@domain/enums';
import type { ErrorKey } from '@domain/errors';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../db/client';
import { accounts, disputeTemplates } from '../../db/schema';
import { actorOf, recordActivity } from '../../lib/audit';
import { type DocxKind, inspectDocx } from '../../lib/docx';
import { type AuthContext, assertAccountAccess } from '../../plugins/auth';
import { ApiError, notFound } from '../../plugins/errors';
import { hasChargebacksFeature } from '../chargebacks/queries';
import type { DisputeFileStores } from './storage';

// Dispute templates (spec 3, sections 2.5, 3 "Dispute template" and 5). One file per slot and account. An upload is
// checked in the console's order with the console's own rules (validateTemplateUpload: extension, name, size) and
// answered with the modal's key and text, then by its content: a real Word package within the uncompressed budget
// whose kind (.docx or .docm) matches its extension. Placeholders are not checked here: the spec reports a broken
// template when a document is downloaded ('template-format-error'), so an upload with broken placeholders is kept.
// Every write runs in one transaction with its audit entry (resource type CHARGEBACK_TEMPLATE), under a lock on the
// account row so concurrent uploads and deletions of one account's templates run one after the other.

export type TemplateDeps = Pick<AppDeps, 'db' | 'now'> & { files: DisputeFileStores; log: FastifyBaseLogger };

/**
 * The tenant boundary for everything dispute-related: an account the caller cannot reach, or one without the
 * chargebacks feature, answers 404 like an account that does not exist.
 */
export async function assertChargebacksAccount(db: Queryable, auth: AuthContext, accountId: string): Promise<string> {
  const id = assertAccountAccess(auth, accountId);
  if (!(await hasChargebacksFeature(db, id))) throw notFound();
  return id;
}

/** Serialises the template writes of one account; FOR NO KEY UPDATE leaves other tables' references to it alone. */
async function lockAccount(tx: Queryable, accountId: string): Promise<void> {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('no key update');
}

type TemplateRow = typeof disputeTemplates.$inferSelect;

const toTemplate = (row: TemplateRow): DisputeTemplate => ({
  reason: row.templateKey as DisputeTemplateKey,
  fileName: row.fileName,
  size: row.sizeBytes,
  uploadedAt: row.uploadedAt.toISOString(),
});

/** What the audit log keeps of a template: the slot and the file as the user knows it, not where it is stored. */
const auditView = (row: TemplateRow) => ({
  templateKey: row.templateKey,
  fileName: row.fileName,
  sizeBytes: row.sizeBytes,
  uploadedAt: row.uploadedAt,
});

const SLOT_ORDER = new Map<string, number>(DISPUTE_TEMPLATE_KEYS.map((key, index) => [key, index]));

/** The account's uploaded templates in the slots' order (Default, Others, then the reasons). */
export async function listTemplates(db: Queryable, accountId: string): Promise<DisputeTemplate[]> {
  const rows = await db.select().from(disputeTemplates).where(eq(disputeTemplates.accountId, accountId));
  return rows
    .sort((a, b) => (SLOT_ORDER.get(a.templateKey) ?? 99) - (SLOT_ORDER.get(b.templateKey) ?? 99))
    .map(toTemplate);
}

export async function findTemplateRow(
  db: Queryable,
  accountId: string,
  templateKey: DisputeTemplateKey,
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(disputeTemplates)
    .where(and(eq(disputeTemplates.accountId, accountId), eq(disputeTemplates.templateKey, templateKey)));
  return row;
}

// Upload checks.

/** A refusal as the console's modal shows it: the modal's key, its content as the message. Size is 413. */
export function uploadRefusal(error: TemplateUploadError): ApiError {
  return new ApiError(
    error.kind === 'size' ? 413 : 422,
    TEMPLATE_UPLOAD_ERROR_KEYS[error.kind] as ErrorKey,
    error.content,
  );
}

/** The name and extension rules, before a byte of the file is read (the size is checked while reading). */
export function checkTemplateName(fileName: string): void {
  const refused = validateTemplateUpload({ name: fileName, size: 0 });
  if (refused) throw uploadRefusal(refused);
}

/** The size refusal, whether the body declares too much or the file grows past the limit while it arrives. */
export const templateTooBig = () => new ApiError(413, 'template-too-big', TEMPLATE_UPLOAD_TEXTS.size);

const MEGABYTE = 1024 * 1024;

export const TEMPLATE_CONTENT_TEXTS = {
  notWord: 'The file is not a Word document. Please use a .docm or .docx instead.',
  uncompressedTooBig: `The file is too big once uncompressed: its content must not exceed ${
    TEMPLATE_MAX_UNCOMPRESSED_BYTES / MEGABYTE
  } MB.`,
  macrosInDocx: 'The file contains macros. Please save it as .docm, or without macros as .docx.',
  noMacrosInDocm: 'The file has no macros. Please save it as .docx.',
} as const;

const formatUnsupported = (message: string) => new ApiError(422, 'template-format-unsupported', message);

/**
 * The content rules: an Office Open XML package holding the Word parts, inflating within the budget (read from the
 * central directory and enforced while inflating, lib/docx.ts), whose main document is of the kind its extension
 * says. Returns that kind.
 */
export function checkTemplateContent(fileName: string, bytes: Uint8Array): DocxKind {
  const refused = validateTemplateUpload({ name: fileName, size: bytes.byteLength });
  if (refused) throw uploadRefusal(refused);
  const inspection = inspectDocx(bytes);
  if (!inspection.ok) {
    switch (inspection.problem) {
      case 'too-big':
        throw templateTooBig();
      case 'uncompressed-too-large':
        throw new ApiError(422, 'template-too-big', TEMPLATE_CONTENT_TEXTS.uncompressedTooBig);
      default:
        throw formatUnsupported(TEMPLATE_CONTENT_TEXTS.notWord);
    }
  }
  const extension = splitFileName(fileName).extension as TemplateExtension;
  if (inspection.kind !== extension) {
    // Word refuses to open a package whose content type disagrees with its extension.
    throw formatUnsupported(
      inspection.kind === 'docm' ? TEMPLATE_CONTENT_TEXTS.macrosInDocx : TEMPLATE_CONTENT_TEXTS.noMacrosInDocm,
    );
  }
  return inspection.kind;
}

// Writes.

export interface TemplateUpload {
  accountId: string;
  templateKey: DisputeTemplateKey;
  fileName: string;
  bytes: Uint8Array;
}

/**
 * Stores an upload in its slot, replacing what was there: the new file is written under a generated name, the row
 * changes in a transaction with its audit entry, and the replaced file is removed after the commit.
 */
export async function saveTemplate(
  deps: TemplateDeps,
  auth: AuthContext,
  upload: TemplateUpload,
): Promise<{ template: DisputeTemplate; created: boolean }> {
  const kind = checkTemplateContent(upload.fileName, upload.bytes);
  const storedName = await deps.files.templates.write(upload.bytes, kind);
  let replaced: string | null = null;
  let result: { template: DisputeTemplate; created: boolean };
  try {
    result = await deps.db.transaction(async (tx) => {
      await lockAccount(tx, upload.accountId);
      const existing = await findTemplateRow(tx, upload.accountId, upload.templateKey);
      const values = {
        fileName: upload.fileName,
        storedName,
        sizeBytes: upload.bytes.byteLength,
        uploadedBy: auth.userId,
        uploadedAt: new Date(deps.now()),
      };
      const [row] = existing
        ? await tx.update(disputeTemplates).set(values).where(eq(disputeTemplates.id, existing.id)).returning()
        : await tx
            .insert(disputeTemplates)
            .values({ accountId: upload.accountId, templateKey: upload.templateKey, ...values })
            .returning();
      await recordActivity(tx, {
        actor: actorOf(auth),
        actionType: existing ? 'UPDATE' : 'INSERT',
        resourceType: 'CHARGEBACK_TEMPLATE',
        resourceId: row!.id,
        oldValue: existing ? auditView(existing) : null,
        newValue: auditView(row!),
        accountId: upload.accountId,
      });
      replaced = existing?.storedName ?? null;
      return { template: toTemplate(row!), created: !existing };
    });
  } catch (error) {
    await deps.files.templates.remove(storedName).catch(() => undefined);
    throw error;
  }
  await removeQuietly(deps, 'templates', replaced);
  return result;
}

/** The slot's row when `fileName` is the name of the file it holds; 404 otherwise. */
export async function findTemplateByFileName(
  db: Queryable,
  accountId: string,
  templateKey: DisputeTemplateKey,
  fileName: string,
): Promise<TemplateRow> {
  const row = await findTemplateRow(db, accountId, templateKey);
  if (!row || row.fileName !== fileName) throw notFound();
  return row;
}

/** The slot's file for a download: its uploaded name and bytes; 404 when the slot or the file is gone. */
export async function readTemplateFile(
  deps: TemplateDeps,
  accountId: string,
  templateKey: DisputeTemplateKey,
  fileName: string,
): Promise<{ fileName: string; bytes: Buffer }> {
  const row = await findTemplateByFileName(deps.db, accountId, templateKey, fileName);
  const bytes = await deps.files.templates.read(row.storedName);
  if (!bytes) throw notFound();
  return { fileName: row.fileName, bytes };
}

/** Deletes a slot's template and its file; the Default slot is never deleted. */
export async function deleteTemplate(
  deps: TemplateDeps,
  auth: AuthContext,
  target: { accountId: string; templateKey: DisputeTemplateKey; fileName: string },
): Promise<void> {
  if (target.templateKey === DEFAULT_TEMPLATE_KEY) {
    throw new ApiError(
      422,
      'default-template-undeletable',
      'The Default template cannot be deleted: every other template falls back to it. Replace it instead.',
    );
  }
  const removed = await deps.db.transaction(async (tx) => {
    await lockAccount(tx, target.accountId);
    const row = await findTemplateByFileName(tx, target.accountId, target.templateKey, target.fileName);
    await tx.delete(disputeTemplates).where(eq(disputeTemplates.id, row.id));
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: 'DELETE',
      resourceType: 'CHARGEBACK_TEMPLATE',
      resourceId: row.id,
      oldValue: auditView(row),
      accountId: target.accountId,
    });
    return row.storedName;
  });
  await removeQuietly(deps, 'templates', removed);
}

/**
 * Removes a file the database no longer points at. The change is committed by then, so a failure here only leaves
 * an orphan file behind: it is logged, not reported to the caller.
 */
export async function removeQuietly(
  deps: Pick<TemplateDeps, 'files' | 'log'>,
  store: keyof DisputeFileStores,
  storedName: string | null,
): Promise<void> {
  if (!storedName) return;
  try {
    await deps.files[store].remove(storedName);
  } catch (error) {
    deps.log.warn({ err: error, storedName, store }, 'could not remove a replaced dispute file');
  }
}
