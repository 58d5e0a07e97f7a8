import type { Readable } from 'node:stream';
import { accountParams } from '@domain/contract/accounts';
import { chargebackDocumentRequest, chargebackDocumentResponse, chargebackParams } from '@domain/contract/chargebacks';
import { errorBody, textProblem } from '@domain/contract/common';
import {
  disputeTemplateFileParams,
  disputeTemplateFileResponse,
  disputeTemplateList,
  disputeTemplateParams,
  disputeTemplateUploadResponse,
  TEMPLATE_MAX_BYTES,
  TEMPLATE_MIME_TYPES,
  wordMimeType,
} from '@domain/contract/dispute-templates';
import { PERMISSIONS as P } from '@domain/permissions';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { sendAttachment } from '../../lib/attachment';
import { fileAnswer } from '../../plugins/api-docs';
import { requirePermission } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { textRefused } from '../../plugins/input-guard';
import { generateDocument, readDocumentFile } from './documents';
import { templateFilePath } from './files';
import {
  assertChargebacksAccount,
  checkTemplateName,
  deleteTemplate,
  findTemplateByFileName,
  listTemplates,
  readTemplateFile,
  saveTemplate,
  type TemplateDeps,
  templateTooBig,
} from './service';
import { disputeFileStores } from './storage';

// Dispute templates (spec 3, sections 2.5 and 7): the list, the upload (multipart field `file`), the download link
// and the bytes behind it, and the deletion; and the dispute document of a case made from them (section 2.4) with
// the bytes behind its link. Every call is scoped to an account the caller reaches that has the chargebacks feature;
// anything else answers 404.

const tags = ['dispute templates'];
const documentTags = ['chargebacks'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * The form, for the OpenAPI document only: the multipart parser leaves the body empty (the file is streamed by
 * readUpload), so the schema lets an absent body through.
 */
const uploadForm = z
  .object({ file: z.string().meta({ format: 'binary', description: 'The .docx or .docm file' }) })
  .nullish();

/** Room for the multipart boundary and part headers around a file of the maximum size. */
const MULTIPART_SLACK_BYTES = 64 * 1024;

const fileRequired = () =>
  new ApiError(400, 'form-not-validated', 'Form not validated', { fields: { file: 'Required field' } });

/** Reads a part to its end without keeping it, so the answer goes out after the request body is consumed. */
async function discard(stream: Readable): Promise<void> {
  for await (const _chunk of stream) {
    // Dropped: busboy stops passing bytes past the size limit, so this costs no memory.
  }
}

/**
 * The uploaded file, held in memory only up to the size limit: the name and extension are checked before a byte of
 * content is kept, a body declaring more than the limit is refused unread, and a file that goes past it while
 * arriving is truncated by the parser and refused.
 */
async function readUpload(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > TEMPLATE_MAX_BYTES + MULTIPART_SLACK_BYTES) throw templateTooBig();
  if (!request.isMultipart()) throw fileRequired();
  const part = await request.file();
  if (!part) throw fileRequired();
  if (part.fieldname !== 'file') {
    await discard(part.file);
    throw fileRequired();
  }
  try {
    // Multipart parts are not seen by the input guard (plugins/input-guard.ts): its refusal is applied here.
    const problem = textProblem(part.filename, 'line');
    if (problem) throw textRefused({ file: problem });
    checkTemplateName(part.filename);
  } catch (error) {
    await discard(part.file);
    throw error;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  if (part.file.truncated) throw templateTooBig();
  return { fileName: part.filename, bytes: Buffer.concat(chunks) };
}

export const disputeTemplatesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const templateDeps: TemplateDeps = {
    db: deps.db,
    now: deps.now,
    files: disputeFileStores(deps.config.dataDir),
    log: app.log,
  };
  const { db } = deps;

  // Multipart for this plugin's routes only. One file of at most the template size (one byte more marks it
  // truncated); a handful of small fields at most.
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: TEMPLATE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 20 },
  });

  app.get(
    '/account/:accountId/chargeback-template',
    {
      preHandler: requirePermission(P.chargebackTemplateRead),
      schema: {
        tags,
        summary: 'The dispute templates uploaded for the account (empty slots are absent)',
        params: accountParams,
        response: { 200: disputeTemplateList, ...errors },
      },
    },
    async (request) => {
      const accountId = await assertChargebacksAccount(db, request.auth, request.params.accountId);
      const items = await listTemplates(db, accountId);
      return { count: items.length, total: items.length, items };
    },
  );

  app.put(
    '/account/:accountId/chargeback-template/:templateKey',
    {
      preHandler: requirePermission(P.chargebackTemplateCreate),
      schema: {
        tags,
        summary:
          'Upload or replace the template of a slot (multipart field `file`: .docx or .docm, name 3 to 63 characters, at most 3,145,728 bytes)',
        consumes: ['multipart/form-data'],
        params: disputeTemplateParams,
        body: uploadForm,
        response: {
          200: disputeTemplateUploadResponse,
          201: disputeTemplateUploadResponse,
          413: errorBody,
          422: errorBody,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const accountId = await assertChargebacksAccount(db, request.auth, request.params.accountId);
      const upload = await readUpload(request);
      const { template, created } = await saveTemplate(templateDeps, request.auth, {
        accountId,
        templateKey: request.params.templateKey,
        ...upload,
      });
      return reply.code(created ? 201 : 200).send(template);
    },
  );

  app.get(
    '/account/:accountId/chargeback-template/:templateKey/file/:fileName',
    {
      preHandler: requirePermission(P.chargebackTemplateDownload),
      schema: {
        tags,
        summary: 'A link (under the API base, fetched with the same session) that serves the template as an attachment',
        params: disputeTemplateFileParams,
        response: { 200: disputeTemplateFileResponse, ...errors },
      },
    },
    async (request) => {
      const { templateKey, fileName } = request.params;
      const accountId = await assertChargebacksAccount(db, request.auth, request.params.accountId);
      const row = await findTemplateByFileName(db, accountId, templateKey, fileName);
      return { url: templateFilePath(accountId, templateKey, row.fileName) };
    },
  );

  app.get(
    '/account/:accountId/chargeback-template/:templateKey/file/:fileName/content',
    {
      preHandler: requirePermission(P.chargebackTemplateDownload),
      schema: {
        tags,
        summary: 'The template file itself, as an attachment named as it was uploaded',
        params: disputeTemplateFileParams,
        response: { 200: fileAnswer('The Word file', Object.values(TEMPLATE_MIME_TYPES)), ...errors },
      },
    },
    async (request, reply) => {
      const { templateKey, fileName } = request.params;
      const accountId = await assertChargebacksAccount(db, request.auth, request.params.accountId);
      const file = await readTemplateFile(templateDeps, accountId, templateKey, fileName);
      return sendAttachment(reply, { ...file, mimeType: wordMimeType(file.fileName) });
    },
  );

  app.delete(
    '/account/:accountId/chargeback-template/:templateKey/file/:fileName',
    {
      preHandler: requirePermission(P.chargebackTemplateDelete),
      schema: {
        tags,
        summary: 'Delete a template and its file (the Default template cannot be deleted: 422)',
        params: disputeTemplateFileParams,
        response: { 204: z.null(), 422: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const { templateKey, fileName } = request.params;
      const accountId = await assertChargebacksAccount(db, request.auth, request.params.accountId);
      await deleteTemplate(templateDeps, request.auth, { accountId, templateKey, fileName });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/account/:accountId/chargeback/:chargebackId/document',
    {
      preHandler: requirePermission(P.chargebackDownload),
      schema: {
        tags: documentTags,
        summary:
          'Fill the template of a reason (or Others, then Default) with the case and keep it as the case’s document; 404 no-templates-assigned, 422 template-format-error',
        params: chargebackParams,
        body: chargebackDocumentRequest,
        response: { 200: chargebackDocumentResponse, 422: errorBody, ...errors },
      },
    },
    async (request) => {
      const accountId = await assertChargebacksAccount(db, request.auth, request.params.accountId);
      return generateDocument(templateDeps, request.auth, {
        accountId,
        chargebackId: request.params.chargebackId,
        reason: request.body.reason,
      });
    },
  );

  app.get(
    '/account/:accountId/chargeback/:chargebackId/document/file',
    {
      preHandler: requirePermission(P.chargebackDownload),
      schema: {
        tags: documentTags,
        summary: 'The case’s latest dispute document, as an attachment',
        params: chargebackParams,
        response: { 200: fileAnswer('The Word file', Object.values(TEMPLATE_MIME_TYPES)), ...errors },
      },
    },
    async (request, reply) => {
      const accountId = await assertChargebacksAccount(db, request.auth, request.params.accountId);
      return sendAttachment(reply, await readDocumentFile(templateDeps, accountId, request.params.chargebackId));
    },
  );
};
