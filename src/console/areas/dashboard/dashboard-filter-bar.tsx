import { MultiFilter, SingleFilter } from '@console/table/table-filters';
import type { FilterOption, SelectFilterDefinition } from '@console/table/types';
import { Button } from '@console/ui/button';
import { Select } from '@console/ui/select';
import { countryOptions } from '@domain/countries';
import { DASHBOARD_CURRENCIES, type DashboardCurrency } from '@domain/dashboard';
import { type RefObject, useMemo } from 'react';
import {
  DASHBOARD_PRESETS,
  type DashboardFilters,
  type DashboardPreset,
  type DashboardRange,
  hasFiltersToClear,
  PRESET_LABELS,
  SINGLE_DATE_LABEL,
} from './dashboard-filters';

const SINGLE = 'single';
const RANGE_OPTIONS = [
  ...DASHBOARD_PRESETS.map((preset) => ({ value: preset, label: PRESET_LABELS[preset] })),
  { value: SINGLE, label: SINGLE_DATE_LABEL },
];
const CURRENCY_OPTIONS = DASHBOARD_CURRENCIES.map((currency) => ({ value: currency, label: currency }));
const COUNTRY_FILTER: SelectFilterDefinition = { id: 'issuerCountry', label: 'Issuer country', options: [] };

export interface DashboardFilterBarProps {
  filters: DashboardFilters;
  solutionOptions: readonly FilterOption[];
  /** The UTC day today: the single date's default and its latest choice. */
  today: string;
  onRangeChange: (range: DashboardRange) => void;
  onSolutionsChange: (solutions: string[]) => void;
  onCountryChange: (country: string | null) => void;
  onCurrencyChange: (currency: DashboardCurrency) => void;
  onClearAll: () => void;
  /** The single date's input, focused by the 'Dashboard: Single date' command. */
  dayInputRef: RefObject<HTMLInputElement | null>;
}

/**
 * The filter bar (spec 3, section 2.8): date range (This month, Last 7 days, Last month, Last 30 days, single date),
 * Solution (several), Issuer country (one), Clear All, and 'View amount in' EUR, USD or GBP at the end.
 */
export function DashboardFilterBar({
  filters,
  solutionOptions,
  today,
  onRangeChange,
  onSolutionsChange,
  onCountryChange,
  onCurrencyChange,
  onClearAll,
  dayInputRef,
}: DashboardFilterBarProps) {
  const { range } = filters;
  const solutionFilter = useMemo<SelectFilterDefinition>(() => {
    // A solution the address names but the options lack (yet) stays listed, so it can be unticked.
    const known = new Set(solutionOptions.map((option) => option.value));
    const extra = filters.solutions.filter((name) => !known.has(name)).map((name) => ({ value: name, label: name }));
    return { id: 'solution', label: 'Solution', multiple: true, options: [...solutionOptions, ...extra] };
  }, [solutionOptions, filters.solutions]);
  const countryFilter = useMemo(() => ({ ...COUNTRY_FILTER, options: countryOptions() }), []);

  return (
    <div className="dashboard-filters">
      <fieldset className="dashboard-filters__group">
        <legend className="visually-hidden">Filters</legend>
        <Select
          className="dashboard-filters__range"
          label="Date range"
          options={RANGE_OPTIONS}
          value={range.kind === 'day' ? SINGLE : range.preset}
          onChange={(event) => {
            const value = event.target.value;
            if (value === SINGLE) onRangeChange({ kind: 'day', day: today });
            else onRangeChange({ kind: 'preset', preset: value as DashboardPreset });
          }}
        />
        {range.kind === 'day' ? (
          <label className="field dashboard-filters__day">
            <span className="field__label">Date</span>
            <input
              ref={dayInputRef}
              className="input"
              type="date"
              value={range.day}
              max={today}
              onChange={(event) => {
                if (/^\d{4}-\d{2}-\d{2}$/.test(event.target.value))
                  onRangeChange({ kind: 'day', day: event.target.value });
              }}
            />
          </label>
        ) : null}
        {/* As the list filters: a pick list with nothing to pick is left out, unless the address applies it. */}
        {solutionFilter.options.length > 0 ? (
          <div className="dashboard-filters__filter">
            <MultiFilter filter={solutionFilter} values={filters.solutions} onChange={onSolutionsChange} />
          </div>
        ) : null}
        <div className="dashboard-filters__filter">
          <SingleFilter
            filter={countryFilter}
            value={filters.issuerCountry ?? ''}
            onChange={(value) => onCountryChange(value || null)}
          />
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="dashboard-filters__clear"
          disabled={!hasFiltersToClear(filters)}
          onClick={onClearAll}
        >
          Clear All
        </Button>
      </fieldset>
      <Select
        className="dashboard-filters__currency"
        label="View amount in"
        options={CURRENCY_OPTIONS}
        value={filters.currency}
        onChange={(event) => onCurrencyChange(event.target.value as DashboardCurrency)}
      />
    </div>
  );
}
