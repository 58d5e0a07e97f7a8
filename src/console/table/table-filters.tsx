import { Button } from '@console/ui/button';
import { Checkbox } from '@console/ui/checkbox';
import { Select } from '@console/ui/select';
import { DateRangeFilter } from './date-range-filter';
import { RangeFilter } from './range-filter';
import { CHECKED_VALUE, type FilterDefinition, type SelectFilterDefinition } from './types';
import { useFilterPanel } from './use-filter-panel';
// The filters' styles come with them: a screen may use them without the data table (the dashboard's filter bar).
import './table.css';

export interface TableFiltersProps {
  filters: readonly FilterDefinition[];
  applied: Readonly<Record<string, string[]>>;
  onChange: (id: string, values: string[]) => void;
  onClearAll: () => void;
}

/** The filter dropdowns of the filter row, and 'Clear All' once more than one filter is applied. */
export function TableFilters({ filters, applied, onChange, onClearAll }: TableFiltersProps) {
  const appliedCount = filters.filter((filter) => (applied[filter.id]?.length ?? 0) > 0).length;
  return (
    <fieldset className="data-table__filters">
      <legend className="visually-hidden">Filters</legend>
      {filters.map((filter) =>
        filter.kind === 'dateRange' ? (
          <DateRangeFilter
            key={filter.id}
            filter={filter}
            value={applied[filter.id]?.[0] ?? ''}
            onChange={(value) => onChange(filter.id, value ? [value] : [])}
          />
        ) : filter.kind === 'checkbox' ? (
          <Checkbox
            key={filter.id}
            className="data-table__filter-checkbox"
            label={filter.label}
            checked={applied[filter.id]?.[0] === CHECKED_VALUE}
            onChange={(event) => onChange(filter.id, event.target.checked ? [CHECKED_VALUE] : [])}
          />
        ) : filter.kind === 'range' ? (
          <RangeFilter
            key={filter.id}
            filter={filter}
            values={applied[filter.id] ?? []}
            onChange={(values) => onChange(filter.id, values)}
          />
        ) : filter.multiple ? (
          <MultiFilter
            key={filter.id}
            filter={filter}
            values={applied[filter.id] ?? []}
            onChange={(values) => onChange(filter.id, values)}
          />
        ) : (
          <SingleFilter
            key={filter.id}
            filter={filter}
            value={applied[filter.id]?.[0] ?? ''}
            onChange={(value) => onChange(filter.id, value ? [value] : [])}
          />
        ),
      )}
      {appliedCount > 1 ? (
        <Button variant="ghost" size="sm" onClick={onClearAll}>
          Clear All
        </Button>
      ) : null}
    </fieldset>
  );
}

export function SingleFilter({
  filter,
  value,
  onChange,
}: {
  filter: SelectFilterDefinition;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Select
      className="data-table__filter"
      label={filter.label}
      options={[{ value: '', label: 'All' }, ...filter.options]}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

export function MultiFilter({
  filter,
  values,
  onChange,
}: {
  filter: SelectFilterDefinition;
  values: readonly string[];
  onChange: (values: string[]) => void;
}) {
  const { open, setOpen, panelId, triggerRef, rootRef } = useFilterPanel();

  const summary =
    values.length === 0
      ? 'All'
      : values.length === 1
        ? (filter.options.find((option) => option.value === values[0])?.label ?? values[0])
        : `${values.length} selected`;

  const toggle = (value: string, checked: boolean) => {
    const next = checked ? [...values, value] : values.filter((item) => item !== value);
    // Keep the options' order so equal selections give equal addresses.
    onChange(filter.options.map((option) => option.value).filter((item) => next.includes(item)));
  };

  return (
    <div ref={rootRef} className="data-table__filter">
      <span className="data-table__filter-label" id={`${panelId}-label`}>
        {filter.label}
      </span>
      <button
        ref={triggerRef}
        type="button"
        className="select data-table__filter-trigger"
        aria-expanded={open}
        aria-controls={panelId}
        aria-labelledby={`${panelId}-label ${panelId}-value`}
        onClick={() => setOpen((current) => !current)}
      >
        {/* The .select class draws the chevron, as on native selects. */}
        <span id={`${panelId}-value`}>{summary}</span>
      </button>
      {open ? (
        <fieldset id={panelId} className="data-table__filter-panel">
          <legend className="visually-hidden">{filter.label}</legend>
          {filter.options.map((option) => (
            <label key={option.value} className="checkbox">
              <input
                type="checkbox"
                checked={values.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
