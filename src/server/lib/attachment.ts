import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from './content-disposition';

// Serving a stored file to the signed-in caller (design.md section 6: uploads are served as attachments). The console
// fetches the bytes with its bearer token and saves the blob under the name from Content-Disposition.

export function sendAttachment(
  reply: FastifyReply,
  file: { fileName: string; mimeType: string; bytes: Buffer | Readable; size?: number },
): FastifyReply {
  reply
    .code(200)
    .header('content-type', file.mimeType)
    .header('content-disposition', contentDisposition(file.fileName))
    // An uploaded file is never a page: browsers must not sniff it into something they render.
    .header('x-content-type-options', 'nosniff')
    // Case data, templates and invoices must not stay in shared caches or the browser's disk cache.
    .header('cache-control', 'no-store');
  if (file.size !== undefined && !Buffer.isBuffer(file.bytes)) reply.header('content-length', String(file.size));
  return reply.send(file.bytes);
}
