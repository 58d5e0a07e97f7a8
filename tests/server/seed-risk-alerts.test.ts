import { ALERT_CARD_BRANDS, ALERT_STATUSES, ALERT_TYPES } from '@domain/enums';
import type { Database, Db } from '@server/db/client';
import { transactionAlertEvents, transactionAlerts, transactions } from '@server/db/schema';
import { isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoWorld, openDemoWorld, WORLD_HOOK_TIMEOUT, WORLD_NOW } from './helpers/demo-world';

// The risk alerts of the demo world: one alert, with its history, for every payment the payments step marked with an
// alert programme's case, on Visa and Mastercard cards, deterministic from the seed.

const NOW = WORLD_NOW;

let worlds: DemoWorld[];
let first: Database;
let second: Database;

async function digest(db: Db, table: string) {
  const result = await db.execute(
    sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as digest, count(*)::int as n
             from ${table} t`),
  );
  return (result as unknown as { rows: { digest: string; n: number }[] }).rows[0]!;
}

beforeAll(async () => {
  worlds = await Promise.all([openDemoWorld('seed1'), openDemoWorld('seed1-again')]);
  [first, second] = worlds.map((world) => world.database) as [Database, Database];
}, WORLD_HOOK_TIMEOUT);

afterAll(async () => {
  await Promise.all((worlds ?? []).map((world) => world.close()));
});

describe('the demo risk alerts', () => {
  it('are the same from the same seed', async () => {
    for (const table of ['transaction_alerts', 'transaction_alert_events']) {
      const [one, two] = await Promise.all([digest(first.db, table), digest(second.db, table)]);
      expect(one.n, table).toBeGreaterThan(0);
      expect(one, table).toEqual(two);
    }
  });

  it("mirror the payments' alert columns: one alert per alerted payment, same type, status, CAID and card data", async () => {
    const alerts = await first.db.select().from(transactionAlerts);
    const payments = await first.db.select().from(transactions).where(isNotNull(transactions.alertType));
    expect(alerts).toHaveLength(payments.length);
    const byPayment = new Map(alerts.map((alert) => [alert.transactionId, alert]));
    for (const payment of payments) {
      const alert = byPayment.get(payment.id)!;
      expect(alert, payment.id).toBeDefined();
      expect(alert).toMatchObject({
        accountId: payment.accountId,
        merchantId: payment.merchantId,
        midId: payment.midId,
        type: payment.alertType,
        status: payment.alertStatus,
        caid: payment.alertCaid,
        amount: payment.amount,
        currency: payment.currency,
        cardBrand: payment.cardBrand,
        descriptor: payment.shopperStatement,
      });
      expect(alert.createdAt.getTime()).toBeGreaterThan(payment.createdAt.getTime());
      expect(alert.updatedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    const seen = (key: 'type' | 'status' | 'cardBrand') => new Set(alerts.map((alert) => alert[key]));
    for (const type of ['RDR', 'ETHOCA', 'VERIFI_CDRN', 'ORDER_INSIGHT', 'COMPELLING_EVIDENCE']) {
      expect(seen('type'), type).toContain(type);
    }
    expect([...seen('type')].every((type) => (ALERT_TYPES as readonly string[]).includes(type))).toBe(true);
    expect([...seen('status')].every((status) => (ALERT_STATUSES as readonly string[]).includes(status))).toBe(true);
    expect([...seen('cardBrand')].sort()).toEqual([...ALERT_CARD_BRANDS].sort());
  });

  it('keep a history per alert: the arrival, then the answer unless still pending', async () => {
    const alerts = await first.db.select().from(transactionAlerts);
    const events = await first.db
      .select()
      .from(transactionAlertEvents)
      .orderBy(transactionAlertEvents.at, transactionAlertEvents.id);
    const byAlert = new Map<string, typeof events>();
    for (const event of events) byAlert.set(event.alertId, [...(byAlert.get(event.alertId) ?? []), event]);
    for (const alert of alerts) {
      const history = (byAlert.get(alert.id) ?? []).map((event) => [event.fromStatus, event.toStatus, event.at]);
      const expected: unknown[] = [[null, 'PENDING', alert.createdAt]];
      if (alert.status !== 'PENDING') expected.push(['PENDING', alert.status, alert.updatedAt]);
      expect(history, alert.id).toEqual(expected);
    }
  });
});
