import type { PspCounter, SalesByRange } from '@domain/contract/counters';
import { formatInteger } from '@domain/format';
import { UsageBar } from './usage-bar';

interface KpiCard {
  range: keyof SalesByRange;
  title: string;
  /** Today is measured against the daily limit, a month against the monthly (total) one. */
  period: 'daily' | 'total';
}

const KPI_CARDS: readonly KpiCard[] = [
  { range: 'today', title: 'Sales today', period: 'daily' },
  { range: 'thisMonth', title: 'Sales this month', period: 'total' },
  { range: 'lastMonth', title: 'Sales last month', period: 'total' },
];

const LIMIT_NAMES = { daily: 'daily limit', total: 'monthly limit' } as const;

/** The KPI cards of a provider solution (spec 3, section 2.6): the sales count, '/limit' and the usage bar. */
export function KpiCards({ counter }: { counter: PspCounter }) {
  // The global limits in force, as the call answers them.
  const { limits } = counter;
  return (
    <ul className="counter-kpis bare-list" aria-label="Sales against the global limits">
      {KPI_CARDS.map((card) => {
        const sales = counter.sales.success[card.range];
        const limit = limits[card.period];
        return (
          <li key={card.range} className="card counter-kpi">
            <h2 className="counter-kpi__title">{card.title}</h2>
            <p className="counter-kpi__figures">
              <span className="counter-kpi__sales">{formatInteger(sales)}</span>
              {limit !== null ? (
                <span className="counter-kpi__limit">
                  <span aria-hidden="true">/</span>
                  <span className="visually-hidden"> of a {LIMIT_NAMES[card.period]} of </span>
                  {formatInteger(limit)}
                </span>
              ) : null}
            </p>
            <UsageBar label={`${card.title} against the ${LIMIT_NAMES[card.period]}`} sales={sales} limit={limit} />
          </li>
        );
      })}
    </ul>
  );
}

/** The cards' places while the counter loads, so the page does not jump when it comes. */
export function KpiCardsPlaceholder() {
  return (
    <ul className="counter-kpis bare-list" aria-hidden="true">
      {KPI_CARDS.map((card) => (
        <li key={card.range} className="card counter-kpi counter-kpi--loading">
          <span className="counter-kpi__title">{card.title}</span>
        </li>
      ))}
    </ul>
  );
}
