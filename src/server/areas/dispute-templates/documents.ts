import { disputeDocumentData, disputeDocumentFileName, resolveTemplateKey, splitFileName } from '@domain/chargebacks';
import type { ChargebackDocumentResponse } from '@domain/contract/chargebacks';
import { wordMimeType } from '@domain/contract/dispute-templates';
import type { DisputeTemplateKey } from '@domain/enums';
import { messageFor } from '@domain/errors';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { chargebacks, disputeTemplates } from '../../db/schema';
import { actorOf, recordActivity } from '../../lib/audit';
import { DocxFormatError, fillDocx } from '../../lib/docx';
import type { AuthContext } from '../../plugins/auth';
import { ApiError, notFound } from '../../plugins/errors';
import { chargebackDocumentPath, chargebackIdOrNull, loadChargebackDetail } from '../chargebacks/queries';
import { removeQuietly, type TemplateDeps } from './service';

// The dispute document of a case (spec 3, section 2.4 "Download flow"): the template of the reason asked for, or
// Others, then Default (resolveTemplateKey), filled with the case's fields (disputeDocumentData). Broken placeholders
// answer the spec's format error. Only the latest document of a case is kept: it is written under a generated name,
// the case points at it in a transaction with its audit entry (an UPDATE of the CHARGEBACK: template, file name,
// date), and the document it replaced is removed after the commit.

/**
 * The zone the document's dates are written in. The call carries only the reason (spec 3, section 7), so documents
 * use UTC, the zone the list's and detail's dates fall back to.
 */
const DOCUMENT_TIME_ZONE = 'UTC';

const noTemplates = () => new ApiError(404, 'no-templates-assigned', messageFor('no-templates-assigned').header);
const formatError = () => new ApiError(422, 'template-format-error', messageFor('template-format-error').header);

interface ResolvedTemplate {
  templateKey: DisputeTemplateKey;
  fileName: string;
  bytes: Buffer;
}

/** The template the chain picks among the account's uploaded ones, with its bytes. */
async function resolveTemplate(
  deps: TemplateDeps,
  accountId: string,
  reason: DisputeTemplateKey,
): Promise<ResolvedTemplate> {
  // A template replaced between reading its row and reading its file is gone from disk: read the rows again once.
  for (let attempt = 0; attempt < 2; attempt++) {
    const rows = await deps.db
      .select({
        templateKey: disputeTemplates.templateKey,
        fileName: disputeTemplates.fileName,
        storedName: disputeTemplates.storedName,
      })
      .from(disputeTemplates)
      .where(eq(disputeTemplates.accountId, accountId));
    const key = resolveTemplateKey(
      reason,
      rows.map((row) => row.templateKey as DisputeTemplateKey),
    );
    const row = rows.find((candidate) => candidate.templateKey === key);
    if (!key || !row) throw noTemplates();
    const bytes = await deps.files.templates.read(row.storedName);
    if (bytes) return { templateKey: key, fileName: row.fileName, bytes };
  }
  throw new Error(`The file of the ${reason} dispute template of account ${accountId} is missing`);
}

/** What the audit log keeps of a case's document. */
const documentView = (row: {
  template: string | null;
  documentFileName: string | null;
  documentGeneratedAt: Date | null;
}) => ({
  template: row.template,
  documentFileName: row.documentFileName,
  documentGeneratedAt: row.documentGeneratedAt,
});

export interface DocumentRequest {
  accountId: string;
  chargebackId: string;
  reason: DisputeTemplateKey;
}

/** Generates the case's document; the caller has checked the account (assertChargebacksAccount). */
export async function generateDocument(
  deps: TemplateDeps,
  auth: AuthContext,
  request: DocumentRequest,
): Promise<ChargebackDocumentResponse> {
  const detail = await loadChargebackDetail(deps.db, request.accountId, request.chargebackId);
  if (!detail) throw notFound();
  const template = await resolveTemplate(deps, request.accountId, request.reason);

  let document: Buffer;
  try {
    document = fillDocx(template.bytes, disputeDocumentData(detail, { now: deps.now(), timeZone: DOCUMENT_TIME_ZONE }));
  } catch (error) {
    if (!(error instanceof DocxFormatError)) throw error;
    deps.log.info(
      { accountId: request.accountId, template: template.templateKey, problems: error.problems },
      'dispute template has a format error',
    );
    throw formatError();
  }

  const fileName = disputeDocumentFileName(detail, template.fileName);
  const storedName = await deps.files.documents.write(document, splitFileName(fileName).extension);
  let replaced: string | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      const [current] = await tx
        .select({
          merchantId: chargebacks.merchantId,
          template: chargebacks.template,
          documentStoredName: chargebacks.documentStoredName,
          documentFileName: chargebacks.documentFileName,
          documentGeneratedAt: chargebacks.documentGeneratedAt,
        })
        .from(chargebacks)
        .where(and(eq(chargebacks.id, detail.chargebackId), eq(chargebacks.accountId, request.accountId)))
        .for('no key update');
      if (!current) throw notFound();
      const at = new Date(deps.now());
      const next = {
        template: template.templateKey,
        documentStoredName: storedName,
        documentFileName: fileName,
        documentGeneratedAt: at,
      };
      await tx
        .update(chargebacks)
        .set({ ...next, updatedAt: at })
        .where(and(eq(chargebacks.id, detail.chargebackId), eq(chargebacks.accountId, request.accountId)));
      await recordActivity(tx, {
        actor: actorOf(auth),
        actionType: 'UPDATE',
        resourceType: 'CHARGEBACK',
        resourceId: detail.chargebackId,
        oldValue: documentView(current),
        newValue: documentView(next),
        accountId: request.accountId,
        merchantId: current.merchantId,
      });
      replaced = current.documentStoredName;
    });
  } catch (error) {
    await deps.files.documents.remove(storedName).catch(() => undefined);
    throw error;
  }
  await removeQuietly(deps, 'documents', replaced);
  return {
    chargebackDocumentUrl: chargebackDocumentPath(request.accountId, detail.chargebackId),
    fileName,
    template: template.templateKey,
  };
}

/** The case's latest document; 404 before the first one (or for a case the account does not have). */
export async function readDocumentFile(
  deps: Pick<TemplateDeps, 'files'> & { db: Queryable },
  accountId: string,
  chargebackId: string,
): Promise<{ fileName: string; mimeType: string; bytes: Buffer }> {
  const id = chargebackIdOrNull(chargebackId);
  if (!id) throw notFound();
  // A newer document may replace the file between reading the row and reading the file: read the row again once.
  for (let attempt = 0; attempt < 2; attempt++) {
    const [row] = await deps.db
      .select({ storedName: chargebacks.documentStoredName, fileName: chargebacks.documentFileName })
      .from(chargebacks)
      .where(and(eq(chargebacks.id, id), eq(chargebacks.accountId, accountId)));
    if (!row?.storedName || !row.fileName) throw notFound();
    const bytes = await deps.files.documents.read(row.storedName);
    if (bytes) return { fileName: row.fileName, mimeType: wordMimeType(row.fileName), bytes };
  }
  throw notFound();
}
