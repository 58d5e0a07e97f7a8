import { TextField } from '@console/ui/text-field';
import type { MidCounter } from '@domain/contract/counters';
import { formatInteger } from '@domain/format';
import {
  DESCRIPTOR_SEARCH_MIN,
  LIMIT_CARD_BRAND_LABELS,
  LIMIT_MESSAGES,
  type LimitCardBrand,
  matchesDescriptor,
} from '@domain/limits';
import { useId, useMemo, useState } from 'react';
import { typedDescriptorSearch } from './descriptor-search';
import { LimitPairText } from './limit-pair-text';

type DescriptorGroup = MidCounter['descriptors'][number];

/**
 * A MID's descriptors per card brand (spec 3, section 2.6): a search over all of them (from 2 characters) and one
 * accordion section per brand with each descriptor's sales and limits. Starting a search opens every section, so what
 * matched is in view.
 */
export function MidDescriptors({ midName, groups }: { midName: string; groups: readonly DescriptorGroup[] }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState<ReadonlySet<LimitCardBrand>>(new Set());
  const search = typedDescriptorSearch(typed);
  const searching = search.kind !== 'all';
  const filtered = useMemo(
    () =>
      groups.map((group) => ({
        ...group,
        shown: group.items.filter((item) => matchesDescriptor(item.descriptor, search)),
      })),
    [groups, search],
  );
  const hasAny = groups.some((group) => group.items.length > 0);

  const toggle = (brand: LimitCardBrand) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(brand)) next.delete(brand);
      else next.add(brand);
      return next;
    });

  return (
    <section className="mid-descriptors" aria-labelledby={`${id}-title`}>
      <div className="mid-descriptors__header">
        <h4 id={`${id}-title`} className="mid-card__subtitle">
          Descriptors
        </h4>
        {hasAny ? (
          <TextField
            className="mid-descriptors__search"
            type="search"
            label={`Search descriptors of ${midName}`}
            hideLabel
            placeholder={`Search descriptors (${DESCRIPTOR_SEARCH_MIN}+ characters)`}
            value={typed}
            maxLength={200}
            autoComplete="off"
            onChange={(event) => {
              const next = event.target.value;
              if (!searching && typedDescriptorSearch(next).kind !== 'all') {
                setOpen(new Set(groups.map((group) => group.cardBrand)));
              }
              setTyped(next);
            }}
          />
        ) : null}
      </div>
      {!hasAny ? (
        <p className="mid-descriptors__empty">{LIMIT_MESSAGES.noDescriptorsForMid}</p>
      ) : (
        <ul className="bare-list mid-descriptors__brands">
          {filtered.map((group) => {
            const expanded = open.has(group.cardBrand);
            const panelId = `${id}-${group.cardBrand}`;
            const brand = LIMIT_CARD_BRAND_LABELS[group.cardBrand];
            return (
              <li key={group.cardBrand} className="mid-descriptors__brand">
                <h5 className="mid-descriptors__brand-heading">
                  <button
                    type="button"
                    className="mid-descriptors__toggle"
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() => toggle(group.cardBrand)}
                  >
                    <span className="mid-descriptors__chevron" aria-hidden="true" />
                    <span>{brand}</span>
                    <span className="mid-descriptors__count">
                      {searching ? `${group.shown.length} of ${group.items.length}` : group.items.length}
                      <span className="visually-hidden"> descriptors</span>
                    </span>
                  </button>
                </h5>
                {expanded ? (
                  <div id={panelId} className="mid-descriptors__panel">
                    {group.items.length === 0 ? (
                      <p className="mid-descriptors__empty">{LIMIT_MESSAGES.noDescriptorsForCard}</p>
                    ) : group.shown.length === 0 ? (
                      <p className="mid-descriptors__empty" role="status">
                        {LIMIT_MESSAGES.notValidSearch}
                      </p>
                    ) : (
                      <table className="counter-table" aria-label={`${brand} descriptors of ${midName}`}>
                        <thead>
                          <tr>
                            <th scope="col">Descriptor</th>
                            <th scope="col" className="counter-table__number">
                              Sales
                            </th>
                            <th scope="col" className="counter-table__number">
                              Limit
                            </th>
                          </tr>
                        </thead>
                        <tbody>
                          {group.shown.map((item) => (
                            <tr key={item.descriptor}>
                              <th scope="row" className="counter-table__descriptor">
                                {item.descriptor}
                              </th>
                              <td className="counter-table__number">{formatInteger(item.sales)}</td>
                              <td className="counter-table__number">
                                <LimitPairText total={item.total} daily={item.daily} />
                              </td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    )}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
