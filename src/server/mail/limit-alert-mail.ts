import { formatInteger, formatPercent } from '@domain/format';
import { type AlertPeriod, LIMIT_CARD_BRAND_LABELS, type LimitCardBrand, type LimitLevel } from '@domain/limits';
import type { OutgoingMail } from './mailer';
import { renderMail } from './templates';

// The e-mail of a limit alert that fired (jobs/limit-alerts.ts). The acquirer and MID descriptions identify the alert
// (spec 3, section 3 "Limits"); the merchant, the level, the period and the figures say what was reached, and the
// link opens the limits of that provider solution.

export interface LimitAlertMailInput {
  to: string;
  firstName: string;
  merchantName: string;
  acquirerName: string;
  /** The acquirer's description; empty when the provider has none. */
  acquirerDescription: string;
  solutionName: string;
  level: LimitLevel;
  /** The MID's description, for MID, card brand and descriptor limits. */
  midDescription: string | null;
  cardBrand: LimitCardBrand | null;
  descriptor: string | null;
  period: AlertPeriod;
  /** The day, or the first day of the month (YYYY-MM-DD, UTC). */
  periodStart: string;
  /** Successful sales in the period when the alert fired. */
  sales: number;
  /** The limit in force for the period (given or derived). */
  limit: number;
  /** The alert's threshold, a whole percent. */
  percent: number;
  /** The counters screen's Limits & Alerts tab for the merchant and provider solution. */
  url: string;
  unsubscribeUrl: string;
}

const PERIOD_NAMES: Record<AlertPeriod, string> = { DAILY: 'daily', MONTHLY: 'monthly' };

function periodText(period: AlertPeriod, start: string): string {
  const date = new Date(`${start}T00:00:00.000Z`);
  if (period === 'MONTHLY') {
    return date.toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  }
  return `${date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })} (UTC)`;
}

/** A limit's card brand group as the screens name it ('Visa', 'Mastercard', 'Others'). */
const brandName = (cardBrand: LimitCardBrand | null) => (cardBrand === null ? '' : LIMIT_CARD_BRAND_LABELS[cardBrand]);

/** What the limit covers: every MID of the solution, or one MID (named on a line of its own), a brand or descriptor on it. */
function levelText(input: LimitAlertMailInput): string {
  switch (input.level) {
    case 'GLOBAL':
      return 'Global limit, every MID of the solution';
    case 'MID':
      return 'MID limit';
    case 'CARD_BRAND':
      return `Card brand limit, ${brandName(input.cardBrand)}`;
    case 'DESCRIPTOR':
      return `Descriptor limit, ${input.descriptor} on ${brandName(input.cardBrand)}`;
  }
}

export function limitAlertMail(input: LimitAlertMailInput): OutgoingMail {
  const period = PERIOD_NAMES[input.period];
  const reached = formatPercent((input.sales / input.limit) * 100);
  const acquirer = input.acquirerDescription
    ? `${input.acquirerName} (${input.acquirerDescription})`
    : input.acquirerName;
  return renderMail({
    to: input.to,
    kind: 'limit-alert',
    subject: `Limit alert: ${input.merchantName} reached ${input.percent}% of the ${period} limit (${input.acquirerName} - ${input.solutionName})`,
    greeting: `Hello ${input.firstName},`,
    paragraphs: [
      `Sales of ${input.merchantName} reached ${reached} of the ${period} limit; the alert is set at ${input.percent}%.`,
      `Acquirer: ${acquirer}, solution ${input.solutionName}`,
      ...(input.midDescription ? [`MID: ${input.midDescription}`] : []),
      `Level: ${levelText(input)}`,
      `Period: ${period}, ${periodText(input.period, input.periodStart)}`,
      `Sales: ${formatInteger(input.sales)} of a limit of ${formatInteger(input.limit)}`,
      'This alert is sent once a period. Change the limit or the alert in Limits & Alerts.',
    ],
    action: { label: 'Open Limits & Alerts', url: input.url },
    footer: { label: 'Unsubscribe', url: input.unsubscribeUrl },
  });
}
