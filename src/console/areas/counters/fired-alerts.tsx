import { Button } from '@console/ui/button';
import type { FiredAlert } from '@domain/contract/limits';
import { formatDate, formatDateTime, formatInteger } from '@domain/format';
import { fractionToPercent, LIMIT_CARD_BRAND_LABELS } from '@domain/limits';
import dayjs from 'dayjs';
import { useId, useState } from 'react';

/** Alerts shown before 'Show all': the newest few, so the list never pushes the tabs off the screen. */
const SHOWN_FIRST = 3;

/** Which limit fired: the global one, or a MID, its card brand or a descriptor of it. */
export function firedAlertScope(alert: FiredAlert): string {
  if (alert.level === 'GLOBAL') return 'Global limit';
  const parts = [alert.midDescription ?? 'MID'];
  if (alert.cardBrand) parts.push(LIMIT_CARD_BRAND_LABELS[alert.cardBrand]);
  if (alert.level === 'DESCRIPTOR' && alert.descriptor) parts.push(alert.descriptor);
  return parts.join(' · ');
}

/** 'Daily limit, 05 Mar 2026' or 'Monthly limit, March 2026' (the period is a UTC day or month). */
export function firedAlertPeriod(alert: FiredAlert): string {
  return alert.period === 'DAILY'
    ? `Daily limit, ${formatDate(alert.periodStart, { timeZone: 'UTC' })}`
    : `Monthly limit, ${dayjs(alert.periodStart).format('MMMM YYYY')}`;
}

/**
 * The alerts that fired on this provider solution this month and last (spec 3, section 2.6 and issue 16): which limit,
 * its period, the sales against the limit when it fired and when. Nothing fired is one quiet line.
 */
export function FiredAlerts({ alerts }: { alerts: readonly FiredAlert[] }) {
  const headingId = useId();
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? alerts : alerts.slice(0, SHOWN_FIRST);
  return (
    <section className="card counter-alerts" aria-labelledby={headingId}>
      <div className="counter-alerts__header">
        <h2 id={headingId} className="counter-alerts__title">
          Alerts fired
        </h2>
        {alerts.length > SHOWN_FIRST ? (
          <Button size="sm" variant="ghost" aria-expanded={showAll} onClick={() => setShowAll((value) => !value)}>
            {showAll ? 'Show fewer' : `Show all ${alerts.length}`}
          </Button>
        ) : null}
      </div>
      {alerts.length === 0 ? (
        <p className="counter-alerts__none">No alert fired this month or last month.</p>
      ) : (
        <ul className="bare-list counter-alerts__list">
          {shown.map((alert) => (
            <li key={`${alert.limitId}:${alert.period}:${alert.periodStart}`} className="counter-alert">
              <span className="counter-alert__scope">{firedAlertScope(alert)}</span>
              <span className="counter-alert__detail">
                {firedAlertPeriod(alert)}: {formatInteger(alert.sales)}/{formatInteger(alert.limit)} sales at the{' '}
                {fractionToPercent(alert.percentage)} % alert
              </span>
              <time className="counter-alert__when" dateTime={alert.firedAt}>
                {formatDateTime(alert.firedAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
