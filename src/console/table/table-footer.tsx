import { IconButton } from '@console/ui/button';
import { EmptyState } from '@console/ui/empty-state';
import { ChevronLeftIcon, ChevronRightIcon } from '@console/ui/icons';
import { Select } from '@console/ui/select';
import { Spinner } from '@console/ui/spinner';
import { PAGE_SIZES } from '@domain/enums';
import { CATALOGUE } from '@domain/errors';
import { formatInteger } from '@domain/format';
import { type PageSize, type TableState, withPage, withPageSize } from './table-state';

// Under and instead of the rows: the page size and the pager; the loading, empty and failed states.

export interface TableFooterProps {
  label: string;
  state: TableState;
  setState: (update: (current: TableState) => TableState) => void;
  lastPage: number;
}

export function TableFooter({ label, state, setState, lastPage }: TableFooterProps) {
  return (
    <div className="data-table__footer">
      <Select
        className="data-table__page-size"
        label="Show"
        value={String(state.limit)}
        options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
        onChange={(event) => setState((current) => withPageSize(current, Number(event.target.value) as PageSize))}
      />
      <nav className="data-table__pager" aria-label={`${label} pages`}>
        <IconButton
          aria-label="Previous page"
          keys="bracketleft"
          size="sm"
          icon={<ChevronLeftIcon />}
          disabled={state.page <= 1}
          onClick={() => setState((current) => withPage(current, current.page - 1))}
        />
        <span className="data-table__page" aria-current="page">
          Page {formatInteger(state.page)} of {formatInteger(lastPage)}
        </span>
        <IconButton
          aria-label="Next page"
          keys="bracketright"
          size="sm"
          icon={<ChevronRightIcon />}
          disabled={state.page >= lastPage}
          onClick={() => setState((current) => withPage(current, Math.min(lastPage, current.page + 1)))}
        />
      </nav>
    </div>
  );
}

const NARROWED_EMPTY_HINTS = ['Check the spelling', 'Try a different search', 'Remove any filters'];

/** The list could not be loaded: its link goes back to the list as a fresh visit shows it, and loads it again. */
export function TableLoadError({ onRefresh }: { onRefresh: () => void }) {
  return (
    <EmptyState
      role="alert"
      title={CATALOGUE['page-not-found'].header}
      description="This list could not be loaded."
      action={
        <a
          href="."
          onClick={(event) => {
            event.preventDefault();
            onRefresh();
          }}
        >
          Refresh page
        </a>
      }
    />
  );
}

export function TableLoading({ label }: { label: string }) {
  return (
    <div className="data-table__feedback">
      <Spinner label={`Loading ${label}`} />
    </div>
  );
}

/** No rows: what to try when a search or filter narrowed the list, else the list's own empty text. */
export function TableEmpty({ narrowed, emptyText }: { narrowed: boolean; emptyText: string }) {
  return (
    <div className="data-table__feedback">
      {narrowed ? (
        <EmptyState
          role="status"
          title="No results found"
          description={
            <ul className="data-table__hints">
              {NARROWED_EMPTY_HINTS.map((hint) => (
                <li key={hint}>{hint}</li>
              ))}
            </ul>
          }
        />
      ) : (
        <EmptyState role="status" title={emptyText} />
      )}
    </div>
  );
}
