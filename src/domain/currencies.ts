import { DEFAULT_CURRENCIES } from './enums';

// Currency options for the filters that pick ISO 4217 codes (the MIDs list's Currency) and the query key that types
// them: one list, so the filter bar and `currency:` offer the same codes under the same labels.

let cached: { value: string; label: string }[] | undefined;

/** Every ISO 4217 currency the runtime knows, the merchant defaults first ('EUR · Euro'). */
export function currencyOptions(): { value: string; label: string }[] {
  if (!cached) {
    const first: readonly string[] = DEFAULT_CURRENCIES;
    const names = new Intl.DisplayNames(['en'], { type: 'currency' });
    const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [...first];
    const option = (code: string) => ({ value: code, label: `${code} · ${names.of(code) ?? code}` });
    cached = [...first.map(option), ...all.filter((code) => !first.includes(code)).map(option)];
  }
  return cached;
}
