import { CheckboxListField } from '@console/forms/checkbox-list-field';
import { TokenField } from '@console/forms/token-field';
import { IconButton } from '@console/ui/button';
import { CloseIcon } from '@console/ui/icons';
import { CARD_BRAND_LABELS, CARD_BRANDS } from '@domain/enums';
import { ROUTING_CRITERION_LABELS, type RoutingCriterion } from '@domain/routing-criteria';
import type { ReactNode } from 'react';

// One variable (currency, issuer country, card brand, URL, custom tag or BIN code) as the MID form and the route
// wizard edit it: a token field, or the card brands' checklist, with a button that closes (and clears) it.

const CRITERION_INPUT: Record<
  RoutingCriterion,
  { placeholder: string; upperCase?: boolean; blockedKeys?: string[]; numeric?: boolean }
> = {
  currency: { placeholder: 'EUR; USD', upperCase: true },
  issuerCountry: { placeholder: 'ES; FR', upperCase: true },
  cardBrand: { placeholder: '' },
  url: { placeholder: 'shop.example/checkout' },
  customTag: { placeholder: 'VIP', upperCase: true },
  // Spec 2, section 5: the BIN input blocks e, E, +, -, . and comma.
  binCode: { placeholder: '411111', blockedKeys: ['e', 'E', '+', '-', '.', ','], numeric: true },
};

export function VariableField({
  criterion,
  values,
  error,
  suggestions,
  canAddToList,
  autoFocus,
  onChange,
  onBlur,
  onClose,
}: {
  criterion: RoutingCriterion;
  values: string[];
  error: string | undefined;
  suggestions: string[] | undefined;
  canAddToList: boolean;
  autoFocus: boolean;
  onChange: (values: string[]) => void;
  onBlur: () => void;
  onClose: () => void;
}) {
  const label = ROUTING_CRITERION_LABELS[criterion];
  const input = CRITERION_INPUT[criterion];
  const listHint =
    suggestions === undefined
      ? 'Separate several with semicolons.'
      : canAddToList
        ? 'Pick from My Lists, or type a new one: it is added to My Lists when you save.'
        : 'Pick from My Lists.';
  let control: ReactNode;
  if (criterion === 'cardBrand') {
    control = (
      <CheckboxListField
        label={label}
        options={CARD_BRANDS.map((brand) => ({ value: brand, label: CARD_BRAND_LABELS[brand] }))}
        values={values}
        onChange={onChange}
        onBlur={onBlur}
        error={error}
        filterFrom={20}
      />
    );
  } else {
    control = (
      <TokenField
        label={label}
        values={values}
        onChange={onChange}
        onBlur={onBlur}
        error={error}
        hint={listHint}
        placeholder={input.placeholder}
        suggestions={suggestions}
        upperCase={input.upperCase}
        blockedKeys={input.blockedKeys}
        inputMode={input.numeric ? 'numeric' : 'text'}
        autoFocus={autoFocus}
      />
    );
  }
  return (
    <div className="form-field--wide mid-form__variable">
      {control}
      <IconButton aria-label={`Close ${label}`} size="sm" icon={<CloseIcon />} onClick={onClose} />
    </div>
  );
}
