import type { Tone } from '@console/ui/badge';
import type { AlertType } from '@domain/enums';
import type { RiskLevel } from '@domain/format';

// Words the transactions screens show beyond the shared enumeration labels in src/domain/enums.ts.

/** Risk-alert programmes (spec 1, section 3; spec 3, section 2.9). */
export const ALERT_TYPE_LABELS: Record<AlertType, string> = {
  RDR: 'RDR',
  ETHOCA: 'Ethoca',
  VERIFI_CDRN: 'Verifi (CDRN)',
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
