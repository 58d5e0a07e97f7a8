import { IconButton } from '@console/ui/button';
import { DetailsLoadError, EmptyState } from '@console/ui/empty-state';
import { ChevronLeftIcon, ChevronRightIcon } from '@console/ui/icons';
import { Select } from '@console/ui/select';
import { LoadingBlock } from '@console/ui/spinner';
import { useQueryParams } from '@console/ui/use-query-params';
import { formatInteger } from '@domain/format';
import { COUNTER_RANGE_LABELS, COUNTER_RANGES, type CounterRange, counterRangeDays } from '@domain/limits';
import { useCallback, useMemo } from 'react';
import { useMidPagerCommands } from './counter-commands';
import { useMidSales } from './counter-queries';
import { MidCard } from './mid-card';

/** MID cards on a page (spec 3, section 9). */
export const MIDS_PER_PAGE = 5;
const DEFAULT_RANGE: CounterRange = 'thisMonth';
const RANGE_OPTIONS = COUNTER_RANGES.map((range) => ({ value: range, label: COUNTER_RANGE_LABELS[range] }));

const isCounterRange = (value: string | null): value is CounterRange =>
  (COUNTER_RANGES as readonly (string | null)[]).includes(value);

export interface SalesTabProps {
  accountId: string;
  merchantId: string;
  pspId: string;
  /** The server's day (YYYY-MM-DD, UTC) the ranges count from; undefined until it is known. */
  today: string | undefined;
}

/**
 * The Sales (MIDs) tab (spec 3, section 2.6): the range (Today, This month, Last month, Two months ago), then the
 * solution's MIDs, five cards a page. Range and page live in the address, so a link shows the same cards.
 */
export function SalesTab({ accountId, merchantId, pspId, today }: SalesTabProps) {
  const { params, setParams } = useQueryParams();
  const rangeParam = params.get('range');
  const range = isCounterRange(rangeParam) ? rangeParam : DEFAULT_RANGE;
  const days = useMemo(
    () => (today ? counterRangeDays(range, new Date(`${today}T00:00:00Z`)) : undefined),
    [range, today],
  );
  const mids = useMidSales(merchantId, pspId, days);
  const items = mids.data?.items ?? [];
  const pages = Math.max(1, Math.ceil(items.length / MIDS_PER_PAGE));
  const requested = Number(params.get('page') ?? '1');
  const page = Number.isInteger(requested) ? Math.min(Math.max(1, requested), pages) : 1;
  const shown = items.slice((page - 1) * MIDS_PER_PAGE, page * MIDS_PER_PAGE);

  const goTo = useCallback((next: number) => setParams({ page: next > 1 ? String(next) : null }), [setParams]);
  useMidPagerCommands(page, pages, goTo);

  return (
    <div className="sales-tab">
      <div className="sales-tab__toolbar">
        <Select
          className="sales-tab__range"
          label="Range"
          options={RANGE_OPTIONS}
          value={range}
          // A new range is a new list of sales: back to the first page.
          onChange={(event) =>
            setParams({ range: event.target.value === DEFAULT_RANGE ? null : event.target.value, page: null })
          }
        />
        {mids.data ? (
          <p className="sales-tab__count" aria-live="polite">
            {items.length === 1 ? '1 MID' : `${formatInteger(items.length)} MIDs`}
          </p>
        ) : null}
      </div>
      {mids.isError ? (
        <DetailsLoadError onRetry={() => void mids.refetch()} />
      ) : !mids.data || !days ? (
        <LoadingBlock label="Loading MIDs…" />
      ) : items.length === 0 ? (
        <EmptyState role="status" title="There are no MIDs on this provider solution" />
      ) : (
        <>
          <ol className="bare-list mid-cards" aria-label="MIDs">
            {shown.map((mid) => (
              <li key={mid.midId}>
                <MidCard accountId={accountId} merchantId={merchantId} pspId={pspId} mid={mid} days={days} />
              </li>
            ))}
          </ol>
          {pages > 1 ? (
            <nav className="mid-pager" aria-label="MID pages">
              <IconButton
                aria-label="Previous page"
                keys="bracketleft"
                size="sm"
                icon={<ChevronLeftIcon />}
                disabled={page <= 1}
                onClick={() => goTo(page - 1)}
              />
              <span className="mid-pager__page" aria-current="page">
                Page {formatInteger(page)} of {formatInteger(pages)}
              </span>
              <IconButton
                aria-label="Next page"
                keys="bracketright"
                size="sm"
                icon={<ChevronRightIcon />}
                disabled={page >= pages}
                onClick={() => goTo(page + 1)}
              />
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
