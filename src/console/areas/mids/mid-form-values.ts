import { trimmedValues } from '@console/forms/same-values';
import type { MidDetail } from '@domain/contract/mids';
import type { Force3ds } from '@domain/enums';
import { ROUTING_CRITERIA, type RoutingCriterion } from '@domain/routing-criteria';

// The MID form's values (spec 2, section 2.3): what a MID, a duplicate's source or the route wizard's variables open
// the form with, and what counts as a change.

export type Criteria = { [K in RoutingCriterion]: string[] };

export type MidFormValues = Criteria & {
  acquirerId: string;
  solutionId: string;
  description: string;
  midAcquirerId: string;
  force3ds: Force3ds;
  /** The variables shown on the form; one open with no values is pending. */
  open: RoutingCriterion[];
  customConfig: Record<string, string>;
};

const NO_CRITERIA: Criteria = { currency: [], issuerCountry: [], cardBrand: [], url: [], customTag: [], binCode: [] };

export const BLANK_MID: MidFormValues = {
  acquirerId: '',
  solutionId: '',
  description: '',
  midAcquirerId: '',
  force3ds: 'NULL',
  open: [],
  customConfig: {},
  ...NO_CRITERIA,
};

export const criteriaOf = (mid: MidDetail): Criteria => ({
  currency: mid.currency,
  issuerCountry: mid.issuerCountry,
  cardBrand: mid.cardBrand,
  url: mid.url,
  customTag: mid.customTag,
  binCode: mid.binCode,
});

/** Sections with data are open when editing (spec 2.3). */
export const openOf = (criteria: Criteria) => ROUTING_CRITERIA.filter((criterion) => criteria[criterion].length > 0);

export function valuesOf(mid: MidDetail): MidFormValues {
  const criteria = criteriaOf(mid);
  return {
    acquirerId: mid.acquirerId,
    solutionId: mid.solutionId,
    description: mid.description,
    midAcquirerId: mid.midAcquirerId,
    force3ds: mid.force3ds,
    open: openOf(criteria),
    customConfig: { ...mid.customConfig },
    ...criteria,
  };
}

/** A new MID with the given variables: a duplicate's, or the route's in the wizard (spec 2.3, 2.4). */
export const withCriteria = (criteria: Criteria): MidFormValues => ({
  ...BLANK_MID,
  open: openOf(criteria),
  ...criteria,
});

/** Which variables are open is how the form looks, not data: only the values count as a change. */
export const comparable = ({ open: _open, ...values }: MidFormValues) => trimmedValues(values);
