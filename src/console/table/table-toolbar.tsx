import { VideoLearningCenterButton } from '@console/shell/help-centre';
import { Button, IconButton } from '@console/ui/button';
import { ListIcon, RefreshIcon } from '@console/ui/icons';
import { Spinner } from '@console/ui/spinner';
import { Tooltip } from '@console/ui/tooltip';
import { formatDateTime, formatInteger, timeZoneLabel } from '@domain/format';
import { type ReactNode, useMemo } from 'react';
import { EXPORT_KEYS } from './table-commands';
import { TableSearch, type TableSearchProps } from './table-search';
import { countText, type TableState } from './table-state';

// The table's first row: what the page holds and when it was read, Refresh; then the search, the filters' toggle,
// the screen's own buttons and Export.

export interface TableToolbarProps {
  state: TableState;
  /** The page's rows and the list's total, once a page is there. */
  counts: { count: number; total: number } | undefined;
  /** When the page was read (0 before the first). */
  lastUpdate: number;
  fetching: boolean;
  onRefresh: () => void;
  /** The search box, when the table has one. */
  search: TableSearchProps | undefined;
  /** The filters' toggle, when the table has filters. */
  filters: { open: boolean; applied: number; onToggle: () => void } | undefined;
  actions: ReactNode;
  /** The Columns menu, when the list has columns to hide. */
  columns?: ReactNode;
  /** The Views menu (saved views), when the list takes them. */
  views?: ReactNode;
  /** The Export button, when the user may export. */
  exportButton: { exporting: boolean; waits: boolean; onExport: () => void } | undefined;
}

function useTimeZoneLabel(at: number): string {
  return useMemo(() => timeZoneLabel(at || Date.now()), [at]);
}

export function TableToolbar({
  state,
  counts,
  lastUpdate,
  fetching,
  onRefresh,
  search,
  filters,
  actions,
  columns,
  views,
  exportButton,
}: TableToolbarProps) {
  const zoneLabel = useTimeZoneLabel(lastUpdate);
  const filterTooltip = filters?.open
    ? 'Hide filters'
    : filters && filters.applied > 0
      ? `${filters.applied} ${filters.applied === 1 ? 'filter' : 'filters'} applied`
      : 'Show filters';
  return (
    <div className="data-table__toolbar">
      <div className="data-table__summary">
        <span className="data-table__count" aria-live="polite">
          {counts ? countText(state.page, state.limit, counts.count, counts.total, formatInteger) : ''}
        </span>
        {lastUpdate > 0 ? (
          <span className="data-table__stamp">
            Last update: {formatDateTime(lastUpdate, { seconds: true })} ({zoneLabel})
          </span>
        ) : null}
        <IconButton
          aria-label="Refresh"
          tooltip="Refresh table"
          keys="shift+r"
          size="sm"
          icon={fetching ? <Spinner label="" size={12} /> : <RefreshIcon />}
          onClick={onRefresh}
        />
      </div>
      <div className="data-table__controls">
        {search ? <TableSearch {...search} /> : null}
        {filters ? (
          <IconButton
            aria-label={filterTooltip}
            aria-expanded={filters.open}
            size="sm"
            variant={filters.applied > 0 ? 'secondary' : 'ghost'}
            icon={<ListIcon />}
            onClick={filters.onToggle}
          />
        ) : null}
        {columns}
        {views}
        <VideoLearningCenterButton />
        {actions}
        {exportButton ? (
          <Tooltip content="Export the filtered list" keys={EXPORT_KEYS[0]}>
            <Button
              size="sm"
              variant="secondary"
              loading={exportButton.exporting}
              disabled={exportButton.waits}
              onClick={exportButton.onExport}
            >
              Export
            </Button>
          </Tooltip>
        ) : null}
      </div>
    </div>
  );
}
