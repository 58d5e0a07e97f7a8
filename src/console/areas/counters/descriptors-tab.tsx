import { useApi } from '@console/session/session-provider';
import { DataTable } from '@console/table/data-table';
import { TableFilters } from '@console/table/table-filters';
import type { DataColumn, FetchPage, FilterDefinition, ListQueryParams } from '@console/table/types';
import { LoadingBlock } from '@console/ui/spinner';
import { TextField } from '@console/ui/text-field';
import { useQueryParams } from '@console/ui/use-query-params';
import { type DescriptorRow, dayRangeQuery } from '@domain/contract/counters';
import { formatInteger } from '@domain/format';
import {
  counterRangeDays,
  DESCRIPTOR_SEARCH_MIN,
  LIMIT_CARD_BRAND_LABELS,
  LIMIT_CARD_BRAND_NAMES,
  LIMIT_MESSAGES,
} from '@domain/limits';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { counterQueryKeys } from './counter-paths';
import { fetchDescriptorPage, useMidSales } from './counter-queries';
import { typedDescriptorSearch } from './descriptor-search';
import { LimitPairText } from './limit-pair-text';

// The Descriptors tab (spec 3, section 2.6): the one data table over GET .../psp/{pspId}/descriptor, a page at a time,
// sorted by the server, with the total of every row. The filters (descriptor, dates, MID, card brand) are the call's
// own and sit above the table, so its empty text can be the spec's: 'not valid search' for a search, 'There are no
// descriptors for this MID' or '... for this card' for those filters.

const SEARCH_DEBOUNCE_MS = 350;
const PARAMS = { descriptor: 'descriptor', from: 'from', to: 'to', mid: 'midId', brand: 'brand' } as const;

const COLUMNS: DataColumn<DescriptorRow>[] = [
  {
    id: 'descriptor',
    header: 'Descriptors',
    sortField: 'descriptor',
    width: 'minmax(200px, 2fr)',
    cell: (row) => <span className="descriptor-cell">{row.descriptor}</span>,
  },
  {
    id: 'sales',
    header: 'Sales',
    sortField: 'sales',
    align: 'end',
    width: 'minmax(90px, 0.6fr)',
    cell: (row) => formatInteger(row.sales),
  },
  {
    id: 'limit',
    header: 'Limit',
    headerHint: 'Monthly and daily limits in force: the one not set is derived on a 30-day month.',
    width: 'minmax(190px, 1.1fr)',
    cell: (row) => <LimitPairText total={row.total} daily={row.daily} />,
  },
  { id: 'mid', header: 'MID', sortField: 'mid', width: 'minmax(160px, 1.2fr)', cell: (row) => row.mid },
  {
    id: 'cardBrand',
    header: 'Card brand',
    sortField: 'cardBrand',
    width: 'minmax(110px, 0.7fr)',
    cell: (row) => LIMIT_CARD_BRAND_LABELS[row.cardBrand],
  },
];

const BRAND_FILTER: FilterDefinition = {
  id: PARAMS.brand,
  label: 'Card brand',
  multiple: true,
  options: LIMIT_CARD_BRAND_NAMES.map((brand) => ({ value: brand, label: LIMIT_CARD_BRAND_LABELS[brand] })),
};

const rowId = (row: DescriptorRow) => `${row.midId}:${row.cardBrand}:${row.descriptor}`;

export interface DescriptorsTabProps {
  merchantId: string;
  pspId: string;
  /** The server's day (YYYY-MM-DD, UTC): the dates start at this month; undefined until it is known. */
  today: string | undefined;
}

export function DescriptorsTab({ merchantId, pspId, today }: DescriptorsTabProps) {
  if (!today) return <LoadingBlock label="Loading descriptors…" />;
  return <Descriptors merchantId={merchantId} pspId={pspId} today={today} />;
}

function Descriptors({ merchantId, pspId, today }: DescriptorsTabProps & { today: string }) {
  const api = useApi();
  const { params, setParams } = useQueryParams();
  const thisMonth = useMemo(() => counterRangeDays('thisMonth', new Date(`${today}T00:00:00Z`)), [today]);

  // The dates as the address has them when they make a valid range, this month otherwise.
  const addressRange = dayRangeQuery.safeParse({ from: params.get(PARAMS.from), to: params.get(PARAMS.to) });
  const range = addressRange.success ? addressRange.data : thisMonth;
  const [draft, setDraft] = useState(range);
  // The address changed by itself (Back, a link): the inputs show its dates.
  const rangeKey = `${range.from}..${range.to}`;
  const [shownRange, setShownRange] = useState(rangeKey);
  if (rangeKey !== shownRange) {
    setShownRange(rangeKey);
    setDraft(range);
  }
  const checked = dayRangeQuery.safeParse(draft);
  const dateError = checked.success ? null : (checked.error.issues[0]?.message ?? null);
  const changeDate = (field: 'from' | 'to', value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    // Only a valid range is applied, so the table never asks for one the server refuses.
    if (dayRangeQuery.safeParse(next).success) {
      const isDefault = next.from === thisMonth.from && next.to === thisMonth.to;
      setParams({
        [PARAMS.from]: isDefault ? null : next.from,
        [PARAMS.to]: isDefault ? null : next.to,
        page: null,
      });
    }
  };

  const applied = params.get(PARAMS.descriptor) ?? '';
  const [typed, setTyped] = useState(applied);
  const [shownSearch, setShownSearch] = useState(applied);
  if (applied !== shownSearch) {
    setShownSearch(applied);
    setTyped(applied);
  }
  useEffect(() => {
    if (typed === applied) return;
    const timer = setTimeout(() => setParams({ [PARAMS.descriptor]: typed, page: null }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, applied, setParams]);
  const search = typedDescriptorSearch(applied);

  const mids = useMidSales(merchantId, pspId, range);
  const midFilter = useMemo<FilterDefinition>(
    () => ({
      id: PARAMS.mid,
      label: 'MID',
      multiple: true,
      options: (mids.data?.items ?? []).map((mid) => ({ value: mid.midId, label: mid.description })),
    }),
    [mids.data],
  );
  const midIds = params.getAll(PARAMS.mid);
  const brands = params.getAll(PARAMS.brand);
  const midKey = midIds.join();
  const brandKey = brands.join();

  // biome-ignore lint/correctness/useExhaustiveDependencies: midKey and brandKey stand for the lists by value
  const baseQuery = useMemo<ListQueryParams>(
    () => ({
      from: range.from,
      to: range.to,
      ...(search.kind === 'match' ? { descriptor: search.text } : {}),
      ...(midIds.length > 0 ? { midId: midIds } : {}),
      ...(brands.length > 0 ? { brand: brands } : {}),
    }),
    [range.from, range.to, search.kind, search.kind === 'match' ? search.text : '', midKey, brandKey],
  );

  const fetchPage = useCallback<FetchPage<DescriptorRow>>(
    // A blank search is not valid: nothing is asked and the table says so.
    async (query, signal) =>
      search.kind === 'invalid'
        ? { count: 0, total: 0, items: [] }
        : fetchDescriptorPage(api, merchantId, pspId, query, signal),
    [api, merchantId, pspId, search.kind],
  );

  const emptyText =
    search.kind !== 'all'
      ? LIMIT_MESSAGES.notValidSearch
      : midIds.length > 0
        ? LIMIT_MESSAGES.noDescriptorsForMid
        : brands.length > 0
          ? LIMIT_MESSAGES.noDescriptorsForCard
          : 'There are no descriptors in these dates';

  return (
    <div className="descriptors-tab">
      <div className="descriptors-tab__filters">
        <TextField
          className="descriptors-tab__search"
          type="search"
          label="Search descriptors"
          placeholder={`At least ${DESCRIPTOR_SEARCH_MIN} characters`}
          value={typed}
          maxLength={200}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
        />
        <fieldset className="descriptors-tab__dates">
          <legend className="visually-hidden">Dates</legend>
          <TextField
            type="date"
            label="From"
            value={draft.from}
            onChange={(event) => changeDate('from', event.target.value)}
          />
          {/* The message concerns the pair; it stands under To, where the range ends. */}
          <TextField
            type="date"
            label="To"
            value={draft.to}
            error={dateError}
            onChange={(event) => changeDate('to', event.target.value)}
          />
        </fieldset>
        <TableFilters
          filters={[midFilter, BRAND_FILTER]}
          applied={{ [PARAMS.mid]: midIds, [PARAMS.brand]: brands }}
          onChange={(id, values) => setParams({ [id]: values, page: null })}
          onClearAll={() => setParams({ [PARAMS.mid]: null, [PARAMS.brand]: null, page: null })}
        />
      </div>
      <DataTable
        label="Descriptors"
        queryKey={[...counterQueryKeys.descriptors(merchantId, pspId), 'table', search.kind]}
        fetchPage={fetchPage}
        baseQuery={baseQuery}
        columns={COLUMNS}
        getRowId={rowId}
        rowLabel={(row) => row.descriptor}
        defaultOrder="-sales"
        emptyText={emptyText}
        rowHeight={44}
      />
    </div>
  );
}
