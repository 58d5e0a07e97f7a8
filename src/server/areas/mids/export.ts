import { uuid } from '@domain/contract/common';
import { MID_DEFAULT_ORDER, type MidExportQuery, midExportQuery } from '@domain/contract/mids';
import { FORCE_3DS_LABELS, type Force3ds } from '@domain/enums';
import { PERMISSIONS as P } from '@domain/permissions';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { acquirers, mids, solutions } from '../../db/schema';
import { countUpTo } from '../../lib/export/count';
import { dateHeader } from '../../lib/export/csv';
import { defineExport } from '../../lib/export/definition';
import { epochMs, keysetBatches, keysetOrder, packedLoader } from '../../lib/export/keyset';
import { assertAccountAccess } from '../../plugins/auth';
import { MID_SORT_KEYS, midListWhere, selectMids } from './queries';

/** One MID as the file shows it: the list's columns, lists joined with '; ' as the forms take them. */
interface MidExportRow {
  midId: string;
  description: string;
  midAcquirerId: string;
  acquirer: string;
  solution: string;
  enable: boolean;
  force3ds: string;
  currency: string;
  issuerCountry: string;
  cardBrand: string;
  url: string;
  customTag: string;
  binCode: string;
  modifiedDate: Date;
}

const joined = (value: unknown) => (Array.isArray(value) ? value.join('; ') : '');

/** The merchant and the account it belongs to, as the route resolved them for the caller (merchantOfCaller). */
const exportParams = z.object({ merchantId: uuid, accountId: uuid });

/**
 * The MIDs list's export (spec 2, section 7: CSV), through the one export engine. The account is checked again for a
 * queued build, and the rows are bound to both the merchant and its account. Template fields and credentials are not
 * in the file.
 */
export const midsExport = defineExport<z.infer<typeof exportParams>, MidExportQuery, MidExportRow>({
  source: 'mids',
  fileLabel: 'mids',
  format: 'csv',
  permission: P.midExport,
  params: exportParams,
  query: midExportQuery,
  scope: (auth, params) => ({ accountId: assertAccountAccess(auth, params.accountId), merchantId: params.merchantId }),
  columns: [
    { header: 'MID ID', value: (row) => row.midId },
    { header: 'Description', value: (row) => row.description },
    { header: 'MID Solution', value: (row) => row.midAcquirerId },
    { header: 'Provider', value: (row) => row.acquirer },
    { header: 'Solution', value: (row) => row.solution },
    { header: 'Enabled', value: (row) => (row.enable ? 'Yes' : 'No') },
    { header: 'Force 3DS', value: (row) => row.force3ds },
    { header: 'Currency', value: (row) => row.currency },
    { header: 'Issuer country', value: (row) => row.issuerCountry },
    { header: 'Card brand', value: (row) => row.cardBrand },
    { header: 'URL', value: (row) => row.url },
    { header: 'Custom tag', value: (row) => row.customTag },
    { header: 'BIN code', value: (row) => row.binCode },
    { header: ({ timeZone }) => dateHeader('Edited', timeZone), value: (row) => row.modifiedDate },
  ],
  rows(db, { params, query }) {
    const where = and(midListWhere(params.merchantId, query), eq(mids.accountId, params.accountId))!;
    const order = keysetOrder(query.order, MID_SORT_KEYS, MID_DEFAULT_ORDER, mids.id);
    const load = packedLoader<MidExportRow>(db, order, {
      values: [
        mids.id,
        mids.description,
        mids.midAcquirerId,
        acquirers.prettyName,
        solutions.prettyName,
        mids.enable,
        sql`coalesce(${mids.force3ds}, 'NULL')`,
        mids.currency,
        mids.issuerCountry,
        mids.cardBrand,
        mids.url,
        mids.customTag,
        mids.binCode,
        epochMs(mids.updatedAt),
      ],
      select: (fields, after) => selectMids(db, fields).where(and(where, after)).$dynamic(),
      toRow: ([id, description, midAcquirerId, acquirer, solution, enable, force3ds, ...rest]) => {
        const [currency, issuerCountry, cardBrand, url, customTag, binCode, edited] = rest;
        return {
          midId: String(id),
          description: String(description),
          midAcquirerId: String(midAcquirerId),
          acquirer: String(acquirer),
          solution: String(solution),
          enable: Boolean(enable),
          force3ds: FORCE_3DS_LABELS[force3ds as Force3ds] ?? String(force3ds),
          currency: joined(currency),
          issuerCountry: joined(issuerCountry),
          cardBrand: joined(cardBrand),
          url: joined(url),
          customTag: joined(customTag),
          binCode: joined(binCode),
          modifiedDate: new Date(edited as number),
        };
      },
    });
    return {
      count: (cap) => countUpTo(db, selectMids(db, { one: sql`1` }).where(where).$dynamic(), cap),
      batches: (size) => keysetBatches(order, size, load),
    };
  },
});
