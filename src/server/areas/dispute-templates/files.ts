import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../../lib/content-disposition';

// Serving a stored Word file to the signed-in caller (design.md section 6: uploads are served as attachments). The
// console fetches the bytes with its bearer token and saves the blob under the name from Content-Disposition.

export function sendAttachment(
  reply: FastifyReply,
  file: { fileName: string; mimeType: string; bytes: Buffer | Readable },
): FastifyReply {
  return (
    reply
      .code(200)
      .header('content-type', file.mimeType)
      .header('content-disposition', contentDisposition(file.fileName))
      // A template is a Word file, never a page: browsers must not sniff it into something they render.
      .header('x-content-type-options', 'nosniff')
      // Case data and templates must not stay in shared caches or the browser's disk cache.
      .header('cache-control', 'no-store')
      .send(file.bytes)
  );
}

/**
 * The link a template download answers with: a path under the API base, fetched with the caller's session. (A
 * case's document link is chargebackDocumentPath, next to the detail that also shows it.)
 */
export const templateFilePath = (accountId: string, templateKey: string, fileName: string) =>
  `/account/${accountId}/chargeback-template/${templateKey}/file/${encodeURIComponent(fileName)}/content`;
