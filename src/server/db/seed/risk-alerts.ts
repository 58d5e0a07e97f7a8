import type { AlertStatus } from '@domain/enums';
import { sql } from 'drizzle-orm';
import { bulkInsert, type Column } from './payments';
import type { Random } from './random';
import type { GeneratorStep, SeedContext } from './seed-types';

// The risk alerts step of the demo world: an alert record, with its history, for every payment the payments step
// marked with an alert programme's case (transactions.alert_type, alert_status, alert_caid: RDRs, Ethoca and Verifi
// CDRN refunds, Order Insight, Consumer Clarity and Compelling Evidence cases, all on Visa or Mastercard cards). The
// alert takes the payment's merchant, MID, amount, currency, card brand, statement descriptor and case id; it arrives
// shortly before what answered it (the RDR, or the refund an Ethoca or CDRN alert asked for), or some days after the
// payment for the informational programmes, and is answered hours later. A share of the alerts that arrived in the
// last two days are still PENDING, and their payments say so too.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Rows per INSERT statement. */
const BATCH_ROWS = 5_000;
/** Alerts that arrived this recently may still be waiting for an answer... */
const PENDING_WINDOW_MS = 2 * DAY_MS;
/** ...this share of them. */
const PENDING_SHARE = 0.5;

interface AlertedPayment {
  id: string;
  accountId: string;
  merchantId: string;
  midId: string | null;
  type: string;
  status: string;
  caid: string;
  amount: number;
  currency: string;
  cardBrand: string;
  descriptor: string | null;
  createdAt: number;
  /** The first RDR or full refund booked on the payment: what answered the alert, or what came before it. */
  answeredAt: number | null;
}

interface AlertRow {
  id: string;
  accountId: string;
  merchantId: string;
  transactionId: string;
  midId: string | null;
  type: string;
  status: string;
  descriptor: string | null;
  caid: string;
  amount: number;
  currency: string;
  cardBrand: string;
  createdAt: Date;
  updatedAt: Date;
}

interface EventRow {
  alertId: string;
  accountId: string;
  at: Date;
  fromStatus: string | null;
  toStatus: string;
}

const iso = (date: Date) => date.toISOString();

const ALERT_COLUMNS: readonly Column<AlertRow>[] = [
  ['id', 'uuid', (r) => r.id],
  ['account_id', 'uuid', (r) => r.accountId],
  ['merchant_id', 'uuid', (r) => r.merchantId],
  ['transaction_id', 'uuid', (r) => r.transactionId],
  ['mid_id', 'uuid', (r) => r.midId],
  ['type', 'text', (r) => r.type],
  ['status', 'text', (r) => r.status],
  ['descriptor', 'text', (r) => r.descriptor],
  ['caid', 'text', (r) => r.caid],
  ['amount', 'bigint', (r) => r.amount],
  ['currency', 'text', (r) => r.currency],
  ['card_brand', 'text', (r) => r.cardBrand],
  ['created_at', 'timestamptz', (r) => iso(r.createdAt)],
  ['updated_at', 'timestamptz', (r) => iso(r.updatedAt)],
];

const EVENT_COLUMNS: readonly Column<EventRow>[] = [
  ['alert_id', 'uuid', (r) => r.alertId],
  ['account_id', 'uuid', (r) => r.accountId],
  ['at', 'timestamptz', (r) => iso(r.at)],
  ['from_status', 'text', (r) => r.fromStatus],
  ['to_status', 'text', (r) => r.toStatus],
];

async function loadAlertedPayments(ctx: SeedContext): Promise<AlertedPayment[]> {
  const result = await ctx.db.execute(sql`
    select p.id, p.account_id as "accountId", p.merchant_id as "merchantId", p.mid_id as "midId",
           p.alert_type as type, p.alert_status as status, p.alert_caid as caid, p.amount::float8 as amount,
           p.currency, p.card_brand as "cardBrand", p.shopper_statement as descriptor,
           extract(epoch from p.created_at)::float8 * 1000 as "createdAt",
           (select extract(epoch from min(c.created_at))::float8 * 1000 from transactions c
             where c.parent_id = p.id and c.transaction_type in ('RDR', 'REFUND')) as "answeredAt"
    from transactions p
    where p.alert_type is not null and p.card_brand in ('VISA', 'MC')
    order by p.created_at, p.id`);
  return (result as unknown as { rows: AlertedPayment[] }).rows.map((row) => ({
    ...row,
    amount: Number(row.amount),
    createdAt: Number(row.createdAt),
    answeredAt: row.answeredAt === null ? null : Number(row.answeredAt),
  }));
}

/** A moment in [low, high], or `high` when the window is empty. */
const between = (rng: Random, low: number, high: number) =>
  high <= low ? high : low + Math.floor(rng.next() * (high - low));

/** The alert of one payment and its history: arrival (PENDING), then the answer unless it is still pending. */
function buildAlert(rng: Random, payment: AlertedPayment, now: number): { alert: AlertRow; events: EventRow[] } {
  const latest = now - MINUTE_MS;
  let arrived: number;
  let answered: number;
  if (payment.type === 'RDR' && payment.answeredAt !== null) {
    // The issuer's RDR request is matched against the merchant's rules and refunded within minutes.
    answered = payment.answeredAt;
    arrived = Math.max(payment.createdAt + MINUTE_MS, answered - rng.int(2, 45) * MINUTE_MS);
  } else if (payment.status === 'REFUNDED_MANUALLY' && payment.answeredAt !== null) {
    // Ethoca or Verifi CDRN: the merchant refunded within hours of the alert.
    answered = payment.answeredAt;
    arrived = Math.max(payment.createdAt + MINUTE_MS, answered - rng.int(1, 36) * HOUR_MS);
  } else {
    // Informational programmes (and alerts about a payment refunded before): days after the payment, or the refund.
    const after = payment.status === 'PREVIOUSLY_REFUNDED' && payment.answeredAt !== null ? payment.answeredAt : 0;
    const from = Math.max(payment.createdAt + HOUR_MS, after + HOUR_MS);
    arrived = between(rng, from, Math.min(payment.createdAt + 40 * DAY_MS, latest));
    answered = Math.min(arrived + rng.int(10, 72 * 60) * MINUTE_MS, latest);
  }
  arrived = Math.min(arrived, latest);
  answered = Math.max(arrived, Math.min(answered, latest));
  const pending = payment.type !== 'RDR' && now - arrived < PENDING_WINDOW_MS && rng.bool(PENDING_SHARE);
  const status: AlertStatus = pending ? 'PENDING' : (payment.status as AlertStatus);
  const id = rng.uuid();
  const of = { alertId: id, accountId: payment.accountId };
  const events: EventRow[] = [{ ...of, at: new Date(arrived), fromStatus: null, toStatus: 'PENDING' }];
  if (!pending) events.push({ ...of, at: new Date(answered), fromStatus: 'PENDING', toStatus: status });
  return {
    alert: {
      id,
      accountId: payment.accountId,
      merchantId: payment.merchantId,
      transactionId: payment.id,
      midId: payment.midId,
      type: payment.type,
      status,
      descriptor: payment.descriptor,
      caid: payment.caid,
      amount: payment.amount,
      currency: payment.currency,
      cardBrand: payment.cardBrand,
      createdAt: new Date(arrived),
      updatedAt: new Date(pending ? arrived : answered),
    },
    events,
  };
}

export const riskAlertsStep: GeneratorStep = {
  name: 'risk-alerts',
  async run(ctx, rng) {
    const now = ctx.baseDate.getTime();
    const payments = await loadAlertedPayments(ctx);
    const alertRng = rng.fork('alerts');
    const alerts: AlertRow[] = [];
    const events: EventRow[] = [];
    for (const payment of payments) {
      const built = buildAlert(alertRng, payment, now);
      alerts.push(built.alert);
      for (const event of built.events) events.push(event);
    }
    for (let start = 0; start < alerts.length; start += BATCH_ROWS) {
      await ctx.db.execute(bulkInsert('transaction_alerts', ALERT_COLUMNS, alerts.slice(start, start + BATCH_ROWS)));
    }
    for (let start = 0; start < events.length; start += BATCH_ROWS) {
      await ctx.db.execute(
        bulkInsert('transaction_alert_events', EVENT_COLUMNS, events.slice(start, start + BATCH_ROWS)),
      );
    }
    // The payment's alert columns mirror its alert: the ones still waiting say so.
    const waiting = alerts.filter((alert) => alert.status === 'PENDING').map((alert) => alert.transactionId);
    for (let start = 0; start < waiting.length; start += BATCH_ROWS) {
      const ids = waiting.slice(start, start + BATCH_ROWS);
      await ctx.db.execute(
        sql`update transactions set alert_status = 'PENDING' where id = any(${sql.param(ids)}::uuid[])`,
      );
    }
    ctx.riskAlertsCreated = alerts.length;
  },
};
