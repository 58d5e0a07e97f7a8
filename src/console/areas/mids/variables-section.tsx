import { DetailField, DetailFields, DetailSection } from '@console/ui/detail-section';
import { countryName } from '@domain/countries';
import { CARD_BRAND_LABELS, type CardBrand } from '@domain/enums';
import { ROUTING_CRITERIA, ROUTING_CRITERION_LABELS, type RoutingCriterion } from '@domain/routing-criteria';

/** A variable's values as the forms list them; an empty list accepts any value. */
function variableText(criterion: RoutingCriterion, values: readonly string[]): string {
  if (values.length === 0) return 'Any';
  if (criterion === 'cardBrand')
    return values.map((brand) => CARD_BRAND_LABELS[brand as CardBrand] ?? brand).join(', ');
  if (criterion === 'issuerCountry') return values.map((code) => `${code} · ${countryName(code)}`).join(', ');
  return values.join(', ');
}

/** The Variables section of a MID's or a route's detail (spec 2, sections 2.3 and 2.4). */
export function VariablesSection({ criteria }: { criteria: { readonly [K in RoutingCriterion]: readonly string[] } }) {
  return (
    <DetailSection title="Variables">
      <DetailFields>
        {ROUTING_CRITERIA.map((criterion) => (
          <DetailField key={criterion} label={ROUTING_CRITERION_LABELS[criterion]}>
            {variableText(criterion, criteria[criterion])}
          </DetailField>
        ))}
      </DetailFields>
    </DetailSection>
  );
}
