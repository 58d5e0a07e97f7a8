import { DEFAULT_CURRENCIES } from './enums';

// ISO 4217 currencies in use: the Currency filters (transactions, MIDs) and the query key that types them (issue 26),
// one list, so the filter bar and `currency:` offer the same codes under the same labels. A fixed list
// rather than the runtime's Intl.supportedValuesOf, so the console and the server agree on every runtime; withdrawn
// codes (HRK, SLL, ZWL, CUC, ANG) and units of account (XDR, XSU) are left out.

export const ISO_CURRENCIES: readonly string[] =
  'AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG'.split(
    ' ',
  );

let currencyNames: Intl.DisplayNames | null | undefined;

/** 'EUR' -> 'Euro'; the code itself where the runtime has no currency names. */
export function currencyName(code: string): string {
  if (currencyNames === undefined) {
    try {
      currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });
    } catch {
      currencyNames = null;
    }
  }
  try {
    return currencyNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

let cachedOptions: { value: string; label: string }[] | undefined;

/** Currency options ('EUR · Euro'): the defaults first (EUR, USD, GBP), then by code. */
export function currencyOptions(): { value: string; label: string }[] {
  if (!cachedOptions) {
    const first: readonly string[] = DEFAULT_CURRENCIES;
    const codes = [...first, ...ISO_CURRENCIES.filter((code) => !first.includes(code))];
    cachedOptions = codes.map((code) => ({ value: code, label: `${code} · ${currencyName(code)}` }));
  }
  return cachedOptions;
}
