import { Badge } from '@console/ui/badge';
import { IconButton } from '@console/ui/button';
import { DetailsLoadError } from '@console/ui/empty-state';
import { EyeIcon } from '@console/ui/icons';
import { LoadingBlock } from '@console/ui/spinner';
import type { MidSales } from '@domain/contract/counters';
import { formatInteger } from '@domain/format';
import { type AlertPeriod, LIMIT_CARD_BRAND_LABELS } from '@domain/limits';
import { useId } from 'react';
import { midDetailPath } from '../mids/mid-paths';
import { type DayRange, useMidCounter } from './counter-queries';
import { MidDailySales } from './mid-daily-sales';
import { MidDescriptors } from './mid-descriptors';
import { UsageBar } from './usage-bar';

export interface MidCardProps {
  accountId: string;
  merchantId: string;
  pspId: string;
  mid: MidSales;
  days: DayRange;
}

/** 'sales/limit', or the sales alone when there is no limit. */
function SalesFigure({ sales, limit }: { sales: number; limit: number | null }) {
  return (
    <span className="mid-card__figure">
      {formatInteger(sales)}
      {limit !== null ? (
        <>
          <span aria-hidden="true">/</span>
          <span className="visually-hidden"> of </span>
          {formatInteger(limit)}
        </>
      ) : null}
    </span>
  );
}

/** The limit a range's bars measure against: a single day the daily one, anything longer the monthly one. */
const LIMIT_NAMES: Record<AlertPeriod, string> = { DAILY: 'daily', MONTHLY: 'monthly' };

/**
 * One MID of the Sales tab (spec 3, section 2.6): its name and MID id, the eye button to its detail in a new tab, the
 * all-brand and per-brand sales bars against the limits of the range's period, the daily sales chart and its
 * descriptors.
 */
export function MidCard({ accountId, merchantId, pspId, mid, days }: MidCardProps) {
  const titleId = useId();
  const counter = useMidCounter(merchantId, pspId, mid.midId, days);
  const { monthlySales } = mid;
  const limitName = LIMIT_NAMES[monthlySales.period];
  // A new tab keeps the counters where they are; noopener, so the MID's tab cannot reach back into this one.
  const openDetail = () => window.open(midDetailPath(accountId, merchantId, mid.midId), '_blank', 'noopener');
  return (
    <article className="card mid-card" aria-labelledby={titleId}>
      <header className="mid-card__header">
        <div className="mid-card__name">
          <h3 id={titleId} className="mid-card__title">
            {mid.description}
          </h3>
          <span className="mid-card__mid-id">
            <span className="visually-hidden">MID ID </span>
            <span className="mono">{mid.midAcquirerId}</span>
          </span>
          {mid.enable ? null : <Badge>Disabled</Badge>}
        </div>
        <IconButton
          aria-label={`Open MID detail of ${mid.description}`}
          tooltip="Open MID detail in a new tab"
          icon={<EyeIcon />}
          onClick={openDetail}
        />
      </header>
      <div className="mid-card__body">
        <section className="mid-card__sales" aria-label={`Sales of ${mid.description}`}>
          <h4 className="mid-card__subtitle">Sales against the {limitName} limits</h4>
          <dl className="mid-bars">
            <div className="mid-bars__row mid-bars__row--all">
              <dt>All brands</dt>
              <dd>
                <SalesFigure sales={monthlySales.sales} limit={monthlySales.limit} />
                <UsageBar
                  size="sm"
                  label={`${mid.description}: all brands against the ${limitName} limit`}
                  sales={monthlySales.sales}
                  limit={monthlySales.limit}
                />
              </dd>
            </div>
            {monthlySales.cardBrands.map((brand) => (
              <div key={brand.name} className="mid-bars__row">
                <dt>{LIMIT_CARD_BRAND_LABELS[brand.name]}</dt>
                <dd>
                  <SalesFigure sales={brand.sales} limit={brand.limit} />
                  <UsageBar
                    size="sm"
                    label={`${mid.description}: ${LIMIT_CARD_BRAND_LABELS[brand.name]} against its ${limitName} limit`}
                    sales={brand.sales}
                    limit={brand.limit}
                  />
                </dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="mid-card__daily" aria-label={`Daily sales of ${mid.description}`}>
          {counter.data ? (
            <MidDailySales midName={mid.description} daily={counter.data.dailySales} />
          ) : counter.isError ? (
            <DetailsLoadError onRetry={() => void counter.refetch()} />
          ) : (
            <LoadingBlock label="Loading daily sales…" />
          )}
        </section>
      </div>
      {counter.data ? <MidDescriptors midName={mid.description} groups={counter.data.descriptors} /> : null}
    </article>
  );
}
