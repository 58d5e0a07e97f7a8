import type { TransactionsKpis } from '@domain/contract/dashboard';
import {
  changeAgainst,
  type DashboardKpi,
  dashboardKpis,
  REJECTED_OUTCOMES,
  SALE_TYPES,
  type SaleOutcome,
  type SaleType,
  salesOf,
  type Tally,
} from '@domain/dashboard';
import { formatInteger, formatPercent } from '@domain/format';

// What each KPI box shows (spec 3, sections 2.8, 3 and 9), from the KPI call's answer through the domain's formulas:
// the figure and its amount, the change against the comparison period, and the box's own rates or breakdown.

export interface KpiDetail {
  label: string;
  value: string;
}

export interface KpiBoxModel {
  kpi: DashboardKpi;
  title: string;
  /** The count the box measures; its export is disabled at 0 (spec 3, section 2.8). */
  value: number;
  /** The count with its amount in the viewing currency; absent for the errors box, which lists instead. */
  tally?: Tally;
  /** The change against the comparison period's count, as a fraction; null when that period had none. */
  change?: number | null;
  previous?: number;
  /** Whether a rise is good news (sales) or bad (rejections, refunds, chargebacks): the change's colour. */
  riseIsGood?: boolean;
  details: KpiDetail[];
  errors?: TransactionsKpis['providersErrors'];
}

export const KPI_TITLES: Record<DashboardKpi, string> = {
  total: 'Total',
  sales: 'Sales',
  rejected: 'Rejected',
  errors: 'Top 5 rejected errors',
  fallback: 'Fallback sales',
  refunds: 'Refunds',
  chargebacks: 'Chargebacks',
};

const SALE_TYPE_LABELS: Record<SaleType, string> = {
  oneOff: 'One-off',
  initial: 'Initial',
  renewal: 'Renewal',
  maintenance: 'Maintenance',
};
const OUTCOME_LABELS: Record<SaleOutcome, string> = {
  success: 'Successful',
  declined: 'Declined',
  failed: 'Failed',
  abandoned: 'Abandoned',
};

const RISE_IS_BAD = new Set<DashboardKpi>(['rejected', 'refunds', 'chargebacks']);

/** A rate as the boxes write it ('87,5%'), or a dash when its base is 0. */
export const rateText = (rate: number | null): string => (rate === null ? '—' : formatPercent(rate * 100));

export function kpiBoxes(answer: TransactionsKpis): KpiBoxModel[] {
  const now = dashboardKpis(answer);
  const before = dashboardKpis(answer.comparison);
  const counted = (kpi: DashboardKpi, tally: Tally, previous: Tally, details: KpiDetail[]): KpiBoxModel => ({
    kpi,
    title: KPI_TITLES[kpi],
    value: tally.total,
    tally,
    change: changeAgainst(tally.total, previous.total),
    previous: previous.total,
    riseIsGood: !RISE_IS_BAD.has(kpi),
    details,
  });
  const errorsTotal = answer.providersErrors.reduce((sum, error) => sum + error.total, 0);
  return [
    counted('total', now.total, before.total, [
      { label: 'Authorization rate', value: rateText(now.authorizationRate) },
    ]),
    counted(
      'sales',
      now.sales,
      before.sales,
      SALE_TYPES.map((type) => ({
        label: SALE_TYPE_LABELS[type],
        value: formatInteger(salesOf(answer.sales, ['success'], [type]).total),
      })),
    ),
    counted(
      'rejected',
      now.rejected,
      before.rejected,
      REJECTED_OUTCOMES.map((outcome) => ({
        label: OUTCOME_LABELS[outcome],
        value: formatInteger(salesOf(answer.sales, [outcome]).total),
      })),
    ),
    {
      kpi: 'errors',
      title: KPI_TITLES.errors,
      value: errorsTotal,
      details: [],
      errors: answer.providersErrors,
    },
    counted('fallback', now.fallback, before.fallback, [
      { label: 'Checkout rate', value: rateText(now.fallbackCheckoutRate) },
      { label: 'Uplift', value: rateText(now.uplift) },
    ]),
    counted('refunds', now.refunds, before.refunds, [{ label: 'Refund rate', value: rateText(now.refundRate) }]),
    counted('chargebacks', now.chargebacks, before.chargebacks, [
      { label: 'Chargeback rate', value: rateText(now.chargebackRate) },
    ]),
  ];
}

/** 'vs February', 'vs last 7 days', 'vs previous day' (spec 3, section 9). */
export const comparisonLabel = (name: string): string => `vs ${name}`;

/** The change as shown: '+12,5%', '−3,0%', '0,0%'. */
export function changeText(change: number): string {
  const percent = formatPercent(Math.abs(change) * 100);
  if (percent === '0,0%') return percent;
  return `${change > 0 ? '+' : '−'}${percent}`;
}
