import type { Readable } from 'node:stream';
import { textProblem } from '@domain/contract/common';
import { INVOICE_FILE_FIELD, INVOICE_MAX_BYTES } from '@domain/contract/invoices';
import { INVOICE_MESSAGES } from '@domain/invoices';
import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { checkPdf, documentNameOf, isPathLikeFileName, PDF_FORMAT_PROBLEMS, PDF_PROBLEM_TEXTS } from '../../lib/pdf';
import { ApiError } from '../../plugins/errors';
import type { InvoiceDocumentUpload } from './service';

// The invoice form as it arrives (POST, and PATCH of a draft's fields): multipart text fields and the PDF as the file
// part `invoice`. The body is bounded before a byte is kept (the multipart limits of routes.ts: one file of at most
// 5 MB, a dozen short fields), the file is held in memory only up to the limit, and then checked by content
// (lib/pdf.ts). Every field's message and the file's come back together, as the form shows them; a file with
// active content is refused with 422 invoice-file-unsafe. Nothing is stored until all of it passed.

/** Room for the multipart boundary, part headers and the text fields around a file of the maximum size. */
const MULTIPART_SLACK_BYTES = 64 * 1024;

export interface InvoiceForm {
  fields: Record<string, string>;
  file: { fileName: string; bytes: Buffer } | undefined;
  /** Messages by field for what the parts themselves got wrong (file too big, an unknown or repeated part). */
  problems: Record<string, string>;
}

const formRefused = (fields: Record<string, string>) =>
  new ApiError(400, 'form-not-validated', 'Form not validated', { fields });

async function discard(stream: Readable): Promise<void> {
  for await (const _chunk of stream) {
    // Dropped: busboy stops passing bytes past the size limit, so this costs no memory.
  }
}

/** Reads every part of the multipart body: the text fields and the one file. */
export async function readInvoiceForm(request: FastifyRequest): Promise<InvoiceForm> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > INVOICE_MAX_BYTES + MULTIPART_SLACK_BYTES) {
    throw formRefused({ [INVOICE_FILE_FIELD]: INVOICE_MESSAGES.file });
  }
  if (!request.isMultipart()) throw formRefused({ _form: 'Send the invoice as multipart/form-data' });
  const fields: Record<string, string> = {};
  const problems: Record<string, string> = {};
  let file: InvoiceForm['file'];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== INVOICE_FILE_FIELD || file) {
        await discard(part.file);
        problems[part.fieldname] ??= `Only one file is taken, as the part '${INVOICE_FILE_FIELD}'`;
        continue;
      }
      // Multipart parts are not seen by the input guard (plugins/input-guard.ts): its refusal is applied here.
      const nameProblem = isPathLikeFileName(part.filename)
        ? INVOICE_MESSAGES.fileName
        : textProblem(part.filename, 'line');
      if (nameProblem) {
        await discard(part.file);
        problems[INVOICE_FILE_FIELD] = nameProblem;
        file = { fileName: '', bytes: Buffer.alloc(0) };
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.file.truncated) problems[INVOICE_FILE_FIELD] = INVOICE_MESSAGES.file;
      file = { fileName: part.filename, bytes: Buffer.concat(chunks) };
      continue;
    }
    const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
    if (part.valueTruncated || part.fieldnameTruncated) {
      problems[part.fieldname] ??= 'The value is too long';
    } else if (Object.hasOwn(fields, part.fieldname)) {
      problems[part.fieldname] ??= 'Send each field once';
    } else {
      const problem = textProblem(value, 'line');
      if (problem) problems[part.fieldname] ??= problem;
      fields[part.fieldname] = value;
    }
  }
  return { fields, file, problems };
}

/**
 * The form's fields by `schema` and its file by content. `fileRequired`: POST needs the file, a draft's edit keeps its
 * stored PDF without one. Throws the form's messages by field (400), or 422 for a file with active content.
 */
export async function validateInvoiceForm<T>(
  form: InvoiceForm,
  schema: ZodType<T>,
  fileRequired: boolean,
): Promise<{ fields: T; upload: InvoiceDocumentUpload | undefined }> {
  const messages: Record<string, string> = { ...form.problems };
  const parsed = schema.safeParse(form.fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) messages[key] ??= 'This field is not part of an invoice';
      } else {
        messages[String(issue.path[0] ?? '_form')] ??= issue.message;
      }
    }
  }
  let upload: InvoiceDocumentUpload | undefined;
  let unsafe: string | undefined;
  if (!form.file) {
    if (fileRequired) messages[INVOICE_FILE_FIELD] ??= INVOICE_MESSAGES.required;
  } else if (!messages[INVOICE_FILE_FIELD]) {
    const check = await checkPdf(form.file.bytes);
    if (check.ok) {
      upload = { documentName: documentNameOf(form.file.fileName), bytes: form.file.bytes };
    } else if (PDF_FORMAT_PROBLEMS.includes(check.problem)) {
      messages[INVOICE_FILE_FIELD] = INVOICE_MESSAGES.file;
    } else {
      unsafe = PDF_PROBLEM_TEXTS[check.problem as keyof typeof PDF_PROBLEM_TEXTS];
      messages[INVOICE_FILE_FIELD] = unsafe;
    }
  }
  if (Object.keys(messages).length > 0) {
    if (unsafe && Object.keys(messages).length === 1) {
      throw new ApiError(422, 'invoice-file-unsafe', unsafe, { fields: { [INVOICE_FILE_FIELD]: unsafe } });
    }
    throw formRefused(messages);
  }
  return { fields: parsed.data as T, upload };
}

/** The caller left while the body arrived or was checked: nothing is written for an answer nobody reads. */
export function assertStillConnected(request: FastifyRequest): void {
  if (request.raw.aborted || request.raw.socket?.destroyed === true) {
    throw new ApiError(400, 'unexpected-error', 'The request was aborted');
  }
}
