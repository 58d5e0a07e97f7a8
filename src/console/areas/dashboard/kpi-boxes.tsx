import { IconButton } from '@console/ui/button';
import { MoreIcon, WarningIcon } from '@console/ui/icons';
import { Menu, type MenuHandle } from '@console/ui/menu';
import { AMOUNT_UNAVAILABLE_MESSAGE, type DashboardKpi, NO_REJECTED_ERRORS_MESSAGE } from '@domain/dashboard';
import { formatInteger, formatMinorMoney } from '@domain/format';
import { type RefObject, useId } from 'react';
import { changeText, comparisonLabel, type KpiBoxModel } from './dashboard-kpis';

export const EXPORT_TRANSACTIONS_LABEL = 'Export transactions';

export interface KpiBoxesProps {
  boxes: readonly KpiBoxModel[];
  currency: string;
  /** The comparison period's name ('February', 'last 7 days'). */
  comparisonName: string;
  /** Null when the user may not export transactions: the boxes then have no menu (its only item is not allowed). */
  onExport: ((kpi: DashboardKpi) => void) | null;
  exporting: boolean;
  /** Each box's menu handle, so its digit key opens it. */
  menuRefs: Record<DashboardKpi, RefObject<MenuHandle | null>>;
  /** The digit that opens a box's menu, shown in its button's tooltip. */
  menuKeys: Record<DashboardKpi, string>;
}

/**
 * The KPI boxes (spec 3, section 2.8): Total, Sales, Rejected, Top 5 rejected errors, Fallback sales, Refunds and
 * Chargebacks, each a region named by its title, with a menu whose 'Export transactions' downloads the box's
 * transactions (disabled while its figure is 0).
 */
export function KpiBoxes({ boxes, currency, comparisonName, onExport, exporting, menuRefs, menuKeys }: KpiBoxesProps) {
  return (
    <ul className="bare-list dashboard-kpis" aria-label="KPIs">
      {boxes.map((box) => (
        <li key={box.kpi} className="card dashboard-kpi">
          <KpiBox
            box={box}
            currency={currency}
            comparisonName={comparisonName}
            onExport={onExport}
            exporting={exporting}
            menuRef={menuRefs[box.kpi]}
            menuKey={menuKeys[box.kpi]}
          />
        </li>
      ))}
    </ul>
  );
}

interface KpiBoxProps {
  box: KpiBoxModel;
  currency: string;
  comparisonName: string;
  onExport: ((kpi: DashboardKpi) => void) | null;
  exporting: boolean;
  menuRef: RefObject<MenuHandle | null>;
  menuKey: string;
}

function KpiBox({ box, currency, comparisonName, onExport, exporting, menuRef, menuKey }: KpiBoxProps) {
  const titleId = useId();
  return (
    <section className="dashboard-kpi__body" aria-labelledby={titleId}>
      <header className="dashboard-kpi__header">
        <h2 id={titleId} className="dashboard-kpi__title">
          {box.title}
        </h2>
        {onExport ? (
          <Menu
            ref={menuRef}
            label={`Actions for ${box.title}`}
            items={[
              {
                id: 'export',
                label: EXPORT_TRANSACTIONS_LABEL,
                disabled: box.value === 0 || exporting,
                onSelect: () => onExport(box.kpi),
              },
            ]}
            trigger={
              <IconButton aria-label={`Actions for ${box.title}`} keys={menuKey} size="sm" icon={<MoreIcon />} />
            }
          />
        ) : null}
      </header>
      {box.errors ? (
        <TopErrors errors={box.errors} />
      ) : (
        <>
          <p className="dashboard-kpi__figure">{formatInteger(box.value)}</p>
          {box.tally ? <Amount amount={box.tally.amount} currency={currency} /> : null}
          {box.change !== undefined ? (
            <Change
              change={box.change}
              previous={box.previous ?? 0}
              riseIsGood={box.riseIsGood ?? true}
              comparisonName={comparisonName}
            />
          ) : null}
          {box.details.length > 0 ? (
            <dl className="dashboard-kpi__details">
              {box.details.map((detail) => (
                <div key={detail.label} className="dashboard-kpi__detail">
                  <dt>{detail.label}</dt>
                  <dd>{detail.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </>
      )}
    </section>
  );
}

/** The amount in the viewing currency, or the spec's warning when a day's exchange rate is missing. */
function Amount({ amount, currency }: { amount: number | null; currency: string }) {
  if (amount === null) {
    return (
      <p className="dashboard-kpi__unavailable">
        <WarningIcon className="dashboard-kpi__warning-icon" />
        <span>{AMOUNT_UNAVAILABLE_MESSAGE}</span>
      </p>
    );
  }
  return <p className="dashboard-kpi__amount">{formatMinorMoney(amount, currency)}</p>;
}

interface ChangeProps {
  change: number | null;
  previous: number;
  /** A rise is good news for sales, bad for rejections, refunds and chargebacks: the change's colour. */
  riseIsGood: boolean;
  comparisonName: string;
}

function Change({ change, previous, riseIsGood, comparisonName }: ChangeProps) {
  const label = comparisonLabel(comparisonName);
  if (change === null) {
    return (
      <p className="dashboard-kpi__change">
        {formatInteger(previous)} {label}
      </p>
    );
  }
  const better = riseIsGood ? change > 0 : change < 0;
  const tone = change === 0 ? 'flat' : better ? 'better' : 'worse';
  return (
    <p className={`dashboard-kpi__change dashboard-kpi__change--${tone}`}>
      <span className="dashboard-kpi__change-figure">{changeText(change)}</span> {label}
    </p>
  );
}

function TopErrors({ errors }: { errors: KpiBoxModel['errors'] & object }) {
  if (errors.length === 0) return <p className="dashboard-kpi__empty">{NO_REJECTED_ERRORS_MESSAGE}</p>;
  return (
    <ol className="bare-list dashboard-errors">
      {errors.map((error) => (
        <li key={error.code} className="dashboard-errors__item">
          <span className="dashboard-errors__label">
            <span className="dashboard-errors__code">{error.code}</span> {error.label}
          </span>
          <span className="dashboard-errors__total">{formatInteger(error.total)}</span>
        </li>
      ))}
    </ol>
  );
}
