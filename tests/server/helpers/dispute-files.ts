import { randomBytes } from 'node:crypto';
import { TEMPLATE_MAX_BYTES } from '@domain/contract/dispute-templates';
import { buildDocx, type DocxParagraph } from '@server/lib/docx';
import { ZipArchive } from 'archiver';
import PizZip from 'pizzip';

// Real files for the dispute template and document tests: Word documents built by code, a macro-enabled one, a PDF,
// a zip that is no Word document, zip bombs, and the multipart body a browser sends when it uploads one of them.

/** A multipart/form-data body with one file part (field `file` unless told), as a browser's FormData sends it. */
export function multipartFile(
  fileName: string,
  content: Buffer,
  options: { field?: string; contentType?: string; extraFields?: Record<string, string> } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ops-test-${randomBytes(8).toString('hex')}`;
  const fields = Object.entries(options.extraFields ?? {}).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${fileName}"\r\n` +
      `Content-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([...fields, head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A Word template with the given paragraphs (placeholders written {name}). */
export const wordTemplate = (paragraphs: readonly DocxParagraph[]) => buildDocx(paragraphs);

/** The same package declared macro-enabled: what Word writes for a .docm. */
export function macroTemplate(paragraphs: readonly DocxParagraph[]): Buffer {
  const zip = new PizZip(buildDocx(paragraphs));
  const types = zip.file('[Content_Types].xml')!.asText();
  zip.file(
    '[Content_Types].xml',
    types.replace(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
      'application/vnd.ms-word.document.macroEnabled.main+xml',
    ),
  );
  zip.file('word/vbaProject.bin', randomBytes(256));
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A small but real PDF (one empty page), as a user would rename it to .docx. */
export function tinyPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A zip written by archiver (what a zip tool makes) with the given entries. */
export async function archiverZip(entries: Record<string, string | Buffer>): Promise<Buffer> {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const chunks: Buffer[] = [];
  archive.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    archive.on('end', () => resolve());
    archive.on('error', reject);
  });
  for (const [name, content] of Object.entries(entries)) archive.append(content, { name });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
}

/** A Word template plus one part of `bytes` zeros: it deflates to a few kilobytes and inflates to `bytes`. */
export function wordTemplateWithPadding(bytes: number): Buffer {
  const zip = new PizZip(buildDocx(['Case ID: {caseId}']));
  zip.file('word/media/padding.bin', Buffer.alloc(bytes));
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * A zip bomb that hides: its central directory declares a few bytes for a part that really inflates to `actual`
 * bytes, so only a reader that bounds the inflating itself notices.
 */
export function lyingWordTemplate(actual: number): Buffer {
  const zip = wordTemplateWithPadding(actual);
  const name = Buffer.from('word/media/padding.bin');
  const signature = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  for (let offset = zip.indexOf(signature); offset >= 0; offset = zip.indexOf(signature, offset + 4)) {
    if (zip.subarray(offset + 46, offset + 46 + name.length).equals(name)) {
      zip.writeUInt32LE(1_024, offset + 24);
      return zip;
    }
  }
  throw new Error('padding entry not found');
}

/**
 * A valid Word template of exactly `size` bytes: a stored (uncompressed) part of random bytes fills it up. Random
 * bytes do not compress, so the size is reached whatever the compression of the other parts.
 */
export function wordTemplateOfSize(size = TEMPLATE_MAX_BYTES): Buffer {
  const build = (padding: number) => {
    const zip = new PizZip(buildDocx(['Case ID: {caseId}']));
    zip.file('word/media/padding.bin', randomBytes(padding), { compression: 'STORE' });
    return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
  };
  const first = build(1_000);
  const exact = build(1_000 + size - first.length);
  if (exact.length !== size) throw new Error(`built ${exact.length} bytes, wanted ${size}`);
  return exact;
}
