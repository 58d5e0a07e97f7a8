import { Readable } from 'node:stream';
import type { ExportFormat } from '@domain/contract/exports';
import { CSV_LINE_END, csvCell, dateFormatter, UTF8_BOM } from './csv';
import type { ExportColumn, ExportContext, ExportRows } from './definition';
import { zipOf } from './zip';

// The export file as a stream: header row, then one batch of rows at a time. Nothing holds the whole file; a batch is
// read only when the previous one has been taken by the client (or the zip, or the disk).

export interface FileProgress {
  /** Rows written so far. */
  rows: number;
}

export function csvStream<Row>(
  columns: readonly ExportColumn<Row>[],
  rows: ExportRows<Row>,
  context: ExportContext,
  batchSize: number,
  progress: FileProgress = { rows: 0 },
): Readable {
  const formatDate = dateFormatter(context.timeZone);
  const headers = columns.map((column) =>
    typeof column.header === 'function' ? column.header(context) : column.header,
  );
  async function* lines(): AsyncGenerator<Buffer> {
    yield Buffer.from(UTF8_BOM + headers.map((header) => csvCell(header)).join(',') + CSV_LINE_END, 'utf8');
    for await (const batch of rows.batches(batchSize)) {
      let text = '';
      for (const row of batch) {
        for (let index = 0; index < columns.length; index++) {
          if (index > 0) text += ',';
          text += csvCell(columns[index]!.value(row, context), formatDate);
        }
        text += CSV_LINE_END;
      }
      progress.rows += batch.length;
      yield Buffer.from(text, 'utf8');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** The file in its format: the CSV itself, or a zip holding it under `csvName`. */
export function fileStream(format: ExportFormat, csv: Readable, csvName: string, at: Date): Readable {
  if (format === 'csv') return csv;
  const zip = zipOf(csvName, csv, at);
  // A client that goes away destroys the zip; the CSV under it must stop reading from the database too.
  zip.once('close', () => csv.destroy());
  return zip;
}
