import type { FilterDefinition, FilterOption } from '@console/table/types';
import { countryOptions } from '@domain/countries';
import { currencyOptions } from '@domain/currencies';
import { CARD_BRAND_LABELS, CARD_BRANDS, FORCE_3DS_LABELS, FORCE_3DS_VALUES } from '@domain/enums';

// The MIDs list's filters (spec 2, section 7): provider, 3DS and the variables. A variable filter keeps the MIDs
// whose list holds any chosen value. BIN codes are typed, not picked, so they are found with the search instead.

const multi = (id: string, label: string, options: readonly FilterOption[]): FilterDefinition => ({
  id,
  label,
  options,
  multiple: true,
});

export interface MidFilterOptions {
  providers: readonly { acquirerId: string; prettyName: string }[];
  urls: readonly string[];
  customTags: readonly string[];
}

export function midFilters({ providers, urls, customTags }: MidFilterOptions): FilterDefinition[] {
  const listed = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
  return [
    multi(
      'acquirerId',
      'Provider',
      providers.map((provider) => ({ value: provider.acquirerId, label: provider.prettyName })),
    ),
    multi(
      'force3ds',
      'Force 3DS',
      FORCE_3DS_VALUES.map((value) => ({ value, label: FORCE_3DS_LABELS[value] })),
    ),
    multi('currency', 'Currency', currencyOptions()),
    multi('issuerCountry', 'Issuer country', countryOptions()),
    multi(
      'cardBrand',
      'Card brand',
      CARD_BRANDS.map((brand) => ({ value: brand, label: CARD_BRAND_LABELS[brand] })),
    ),
    ...(urls.length ? [multi('url', 'URL', listed(urls))] : []),
    ...(customTags.length ? [multi('customTag', 'Custom tag', listed(customTags))] : []),
  ];
}
