import type { ExportFormat, ExportQuery } from '@domain/contract/exports';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import type { CellValue } from './csv';

// What a list declares to be exportable. The engine (service.ts) does the rest the same way for every list: the
// capped count and the 10k/100k rules, the audit entry, the CSV (or ZIP) stream, the e-mailed background build.

export interface ExportContext {
  /** The caller's IANA zone; Date cells are written in it. */
  timeZone: string;
}

export interface ExportColumn<Row> {
  /** A header, or one built for the zone (a date column names the zone its values are in). */
  header: string | ((context: ExportContext) => string);
  /** A Date is written in the caller's zone as '23/11/2026 14:05:09'; text is made formula-safe and quoted. */
  value(row: Row, context: ExportContext): CellValue;
}

/** The rows of one export request: counted first (the count decides the delivery), then read in batches. */
export interface ExportRows<Row> {
  /** How many rows the export holds, counting no further than `cap`. */
  count(cap: number): Promise<number>;
  /** The rows in the list's order, `size` at a time (see keysetBatches). */
  batches(size: number): AsyncIterable<Row[]>;
}

export interface ExportInput<Params, Query extends ExportQuery> {
  auth: AuthContext;
  params: Params;
  /** The list's filters as validated by `query`, with timeZone and forceEmailExport. */
  query: Query;
}

/** Where the exported data belongs: recorded on the audit entry, and the tenant a later download is checked against. */
export interface ExportScope {
  accountId: string | null;
  merchantId?: string | null;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds definitions of any row, params and query types.
export type AnyExportDefinition = ExportDefinition<any, any, any>;

export interface ExportDefinition<Params, Query extends ExportQuery, Row> {
  /**
   * Names the export in the registry and in queued jobs (renaming one strands the jobs already queued): the list's
   * area name, 'useractivity', 'users'...
   */
  source: string;
  /** The file's base name: 'user-activity' gives 'user-activity-2026-11-23T14-05-09.123Z.csv'. */
  fileLabel: string;
  format: ExportFormat;
  /** Checked on the call, again when an e-mailed file is built, and again when it is downloaded. */
  permission: string;
  /** Validates the path parameters and the query again when a queued job runs. */
  params: z.ZodType<Params>;
  query: z.ZodType<Query>;
  /** The tenant boundary, exactly as the list applies it (throws the list's 404); returns what the data belongs to. */
  scope(auth: AuthContext, params: Params): ExportScope;
  columns: readonly ExportColumn<Row>[];
  rows(db: Queryable, input: ExportInput<Params, Query>): ExportRows<Row>;
}

/** Declares an export with its types inferred from the definition. */
export function defineExport<Params, Query extends ExportQuery, Row>(
  definition: ExportDefinition<Params, Query, Row>,
): ExportDefinition<Params, Query, Row> {
  return definition;
}
