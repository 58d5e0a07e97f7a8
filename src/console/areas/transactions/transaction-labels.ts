import type { Tone } from '@console/ui/badge';
import { type AlertType, DEFAULT_COUNTRIES } from '@domain/enums';
import type { RiskLevel } from '@domain/format';

// Words the transactions screens show beyond the shared enumeration labels in src/domain/enums.ts.

/** Risk-alert programmes (spec 1, section 3; spec 3, section 2.9). */
export const ALERT_TYPE_LABELS: Record<AlertType, string> = {
  RDR: 'RDR',
  INIT_REFUND: 'Init refund',
  ORDER_INSIGHT: 'Order Insight',
  COMPELLING_EVIDENCE: 'Compelling Evidence',
  CONSUMER_CLARITY: 'Consumer Clarity',
  TEST: 'Test',
};

/**
 * The risk levels with their fraud-signal descriptions (spec 1, section 3: none, moderate, strong, multiple), in the
 * order of the bands, and the badge tone each is shown in.
 */
export const RISK_LEVEL_TEXT: Record<RiskLevel, { description: string; tone: Tone }> = {
  Low: { description: 'No fraud signals', tone: 'success' },
  Medium: { description: 'Moderate fraud signals', tone: 'warning' },
  High: { description: 'Strong fraud signals', tone: 'error' },
  Critical: { description: 'Multiple fraud signals', tone: 'error' },
};

/**
 * ISO 3166-1 alpha-2 codes for the issuer-country filter. The spec names only its default list (ES, FR, IT, EU, GB),
 * which comes first; the rest follow by name.
 */
const ISO_COUNTRIES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(
    ' ',
  );

let regionNames: Intl.DisplayNames | null | undefined;

/** 'ES' -> 'Spain'; the code itself where the runtime has no region names. */
export function countryName(code: string): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

let countryOptions: { value: string; label: string }[] | undefined;

/** The issuer-country options: the default list first, then every other country by name. */
export function issuerCountryOptions(): { value: string; label: string }[] {
  if (!countryOptions) {
    const first: readonly string[] = DEFAULT_COUNTRIES;
    const rest = ISO_COUNTRIES.filter((code) => !first.includes(code))
      .map((code) => ({ value: code, label: countryName(code) }))
      .sort((a, b) => a.label.localeCompare(b.label, 'en'));
    countryOptions = [...first.map((code) => ({ value: code, label: countryName(code) })), ...rest];
  }
  return countryOptions;
}

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * A code the issuer or the shopper's browser reports in capitals, as a word: the card type (CREDIT, DEBIT, PREPAID),
 * the card segment (CONSUMER, BUSINESS, CORPORATE) and the device type (DESKTOP, MOBILE, TABLET). The spec names these
 * fields but gives no labels for their values, so each reads as its words in the console's sentence case ('Credit',
 * 'Consumer'); a code no one listed reads the same way ('DEFERRED_DEBIT' -> 'Deferred debit'). A value already
 * written in words ('Credit') shows as it came.
 */
export function reportedCodeLabel(code: string): string {
  if (/\p{Ll}/u.test(code)) return code.trim();
  const words = code.trim().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').toLocaleLowerCase('en');
  return words.charAt(0).toLocaleUpperCase('en') + words.slice(1);
}
