import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OpenedFile } from '../../lib/file-store';
import { generateInvoicePdf } from '../../lib/pdf';

// The blank invoice template of GET /invoice-template (spec 3, sections 2.12 and 7): drawn once by lib/pdf.ts into
// DATA_DIR/invoice-template/ (the first request of a process that finds it missing writes it, aside then renamed) and
// streamed from there, like every other stored file.

export const INVOICE_TEMPLATE_FILE_NAME = 'invoice-template.pdf';
const FOLDER = 'invoice-template';

export function invoiceTemplateStore(dataDir: string) {
  const path = join(dataDir, FOLDER, INVOICE_TEMPLATE_FILE_NAME);
  let ready: Promise<void> | undefined;
  const ensure = () => {
    ready ??= (async () => {
      const exists = await stat(path).then(
        (found) => found.size > 0,
        () => false,
      );
      if (exists) return;
      await mkdir(join(dataDir, FOLDER), { recursive: true });
      const partial = `${path}.${process.pid}.part`;
      await writeFile(partial, await generateInvoicePdf(null));
      await rename(partial, path);
    })().catch((error) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
  return {
    async open(): Promise<OpenedFile> {
      await ensure();
      const { size } = await stat(path);
      return { size, stream: createReadStream(path, { highWaterMark: 64 * 1024 }) };
    },
  };
}
