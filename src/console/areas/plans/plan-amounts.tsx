import { Tooltip } from '@console/ui/tooltip';
import type { AmountSettings } from '@domain/plans';
import { orderedCurrencies } from '@domain/plans';

// A plan's amounts as the list shows them (spec 3, section 2.11): up to two currencies, the leading one first and
// tagged 'Leading', 'Dynamic' for a dynamic amount, and a '+N' whose tooltip names the rest.

/** '9,99 EUR' or 'Dynamic USD': the form's comma, as the product shows money. */
export function amountText(settings: AmountSettings, code: string): string {
  const entry = settings.currencies[code];
  if (!entry || entry.isDynamic || entry.amount === null) return `Dynamic ${code}`;
  const [whole, fraction = ''] = entry.amount.split('.');
  return `${whole},${fraction.padEnd(2, '0')} ${code}`;
}

export function PlanAmounts({ settings }: { settings: AmountSettings }) {
  const codes = orderedCurrencies(settings);
  const shown = codes.slice(0, 2);
  const rest = codes.slice(2);
  return (
    <span className="plan-amounts">
      {shown.map((code) => (
        <span key={code} className="plan-amounts__item">
          {amountText(settings, code)}
          {code === settings.base ? <span className="badge badge--accent">Leading</span> : null}
        </span>
      ))}
      {rest.length > 0 ? (
        <Tooltip content={rest.map((code) => amountText(settings, code)).join(', ')}>
          <span
            className="badge badge--neutral more-badge"
            role="img"
            aria-label={`${rest.length} more: ${rest.map((code) => amountText(settings, code)).join(', ')}`}
          >
            +{rest.length}
          </span>
        </Tooltip>
      ) : null}
    </span>
  );
}
