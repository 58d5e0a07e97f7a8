import type { RoutingOrder } from '@domain/routing';
import { addCycle, nextRetry } from '@domain/subscription-cycles';
import {
  ABANDONED_ERROR,
  ALERT_REFUND_REASONS,
  AMOUNT_RANGES,
  AVS_CODES,
  BIN_PREFIXES,
  BROWSERS,
  CARD_BRAND_WEIGHTS,
  CARD_SEGMENTS,
  CARD_TYPES,
  CARDLESS_METHODS,
  CATEGORIES,
  COMMON_REFUND_REASONS,
  CONCEPTS,
  CUSTOM_TAGS,
  DECLINE_ERRORS,
  DEVICE_TYPES,
  ECI,
  ECI_DESCRIPTIONS,
  EMAIL_DOMAINS,
  type ErrorSeed,
  FAILURE_ERRORS,
  HOUR_WEIGHTS,
  INFORMATIONAL_ALERT_OUTCOMES,
  INFORMATIONAL_ALERTS,
  IP_FIRST_OCTETS,
  ISSUER_COUNTRIES,
  ISSUER_COUNTRY_WEIGHTS,
  type IssuerCountrySeed,
  MASTERCARD_ECI_BRANDS,
  PAYMENT_METHODS,
  PLAN_PRICES,
  PREVENTED_ERROR,
  PRICE_ENDINGS,
  REFUND_ERRORS,
  STATUSES,
  SUBSCRIPTION_BUSINESSES,
  THREE_DS_VERSIONS,
  TRANSACTION_TYPES,
} from './payments-data';
import type { MerchantWorld, WorldMid, WorldRoute } from './payments-world';
import { FIRST_NAMES, LAST_NAMES } from './pools';
import type { Random } from './random';
import type { SubscriptionEnd } from './seed-types';
import { decimalToMinor, type WorldPlan } from './subscription-plans';

// The orders of one merchant, turned into transactions the way the platform would: the routing engine picks the
// route and MID (and retries a decline on the fallback MID), then the payment's life goes on — reversals, full and
// partial refunds (settled, pending or refused), retrievals, chargebacks, RDRs and alerts — always ending before the
// seed's "now". Pure: no database; the payments step writes what this returns, and live demo traffic
// (src/server/demo) places orders one by one at the current time with `liveOrder`.

const MINUTE_MS = 60_000;
/** The card brands the alert programmes (RDR, Ethoca, Verifi CDRN, Order Insight ...) cover. */
const ALERT_BRANDS: ReadonlySet<string> = new Set(['VISA', 'MC']);
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** A row of the transactions table, as the step inserts it. */
export interface TransactionRow {
  id: string;
  accountId: string;
  merchantId: string;
  parentId: string | null;
  rootId: string;
  recurrenceParentId: string | null;
  transactionType: string;
  status: string;
  category: string;
  amount: number;
  currency: string;
  paymentMethod: string;
  orderUrl: string | null;
  referenceOrderId: string;
  orderConcept: string | null;
  customTag: string | null;
  acquirerId: string | null;
  solutionId: string | null;
  providerTransactionId: string | null;
  midId: string | null;
  routeId: string | null;
  isFallback: boolean;
  cardBrand: string | null;
  cardBin: string | null;
  cardLast4: string | null;
  cardCountry: string | null;
  cardHolder: string | null;
  cardExpiry: string | null;
  cardTokenUpdatedAt: Date | null;
  cardType: string | null;
  cardSegment: string | null;
  cardBank: string | null;
  cardZipCode: string | null;
  threeDsSent: boolean | null;
  threeDsVersion: string | null;
  eci: string | null;
  eciDescription: string | null;
  avs: string | null;
  authorizationId: string | null;
  shopperStatement: string | null;
  shopperEmail: string | null;
  shopperIp: string | null;
  shopperIpCountry: string | null;
  shopperDeviceType: string | null;
  shopperBrowser: string | null;
  riskScore: number | null;
  errorCode: string | null;
  errorMessage: string | null;
  errorProviderMessage: string | null;
  refundReason: string | null;
  alertType: string | null;
  alertStatus: string | null;
  alertCaid: string | null;
  idempotencyKey: string | null;
  idempotencyFingerprint: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface HistoryRow {
  accountId: string;
  rootId: string;
  transactionId: string;
  /** The transaction's creation time: the history's partition key (migration 0038). */
  transactionCreatedAt: Date;
  transactionType: string;
  status: string;
  isFallback: boolean;
  occurredAt: Date;
}

export interface GeneratedOrder {
  transactions: TransactionRow[];
  history: HistoryRow[];
  /**
   * The subscription the order started (its initial payment succeeded) or charged (a renewal or retry, of `cycle`);
   * null for other orders. The subscription is as the order left it.
   */
  subscription: { kind: 'start' | 'charge'; cycle: number; subscription: Subscription } | null;
}

/** Card and shopper: what a renewal reuses from its initial payment. */
export type Payer = Pick<
  TransactionRow,
  | 'paymentMethod'
  | 'cardBrand'
  | 'cardBin'
  | 'cardLast4'
  | 'cardCountry'
  | 'cardHolder'
  | 'cardExpiry'
  | 'cardTokenUpdatedAt'
  | 'cardType'
  | 'cardSegment'
  | 'cardBank'
  | 'cardZipCode'
  | 'shopperEmail'
  | 'shopperIp'
  | 'shopperIpCountry'
  | 'shopperDeviceType'
  | 'shopperBrowser'
>;

/**
 * A subscription started by a successful initial payment (`id`, the payment's id), charged again on its plan's cycle:
 * the renewal falls due one cycle after the previous one (counted from the start, so months keep their day), a
 * declined charge is retried on the plan's retry sequence, and when the sequence is exhausted the subscription is
 * cancelled (HARD_DECLINE).
 */
export interface Subscription {
  /** The initial payment's id: renewals name it as their recurrence parent. */
  id: string;
  /** The subscription's own id (subscriptionId). */
  subscriptionId: string;
  /** The merchant's account, the initial payment's. */
  accountId: string;
  payer: Payer;
  /** What a cycle charges (the plan's amount in the currency, or the initial payment's when dynamic). */
  amount: number;
  currency: string;
  orderUrl: string | null;
  customTag: string | null;
  plan: WorldPlan;
  startedAt: number;
  /** The current cycle: the last one charged successfully (1 for the initial payment's). */
  cycle: number;
  /** When the next cycle falls due (the retries count from it). */
  dueAt: number;
  /** Declined charges of the next cycle so far. */
  failures: number;
  /** When the next charge falls due; Infinity once nothing more is charged. */
  nextAt: number;
  nextType: 'RENEWAL' | 'MAINTENANCE';
  /** How it ends, when it does; a charge due at or after `end.at` is never made. */
  end: SubscriptionEnd | null;
  /** From when the card is declined every time (the retry sequence then runs out: HARD_DECLINE); null while it works. */
  cardFailsFrom: number | null;
}

/** The reasons a back-office user picks when cancelling (spec 3, section 5), as the seed's BACKOFFICE_API details. */
const BACKOFFICE_REASONS = ['High prices', 'Service not as described', 'Confirmed fraud', 'Unused service'] as const;
/** A binary min-heap of subscriptions by `nextAt`: the next one due on top. */
class DueHeap {
  readonly items: Subscription[] = [];
  push(item: Subscription): void {
    const { items } = this;
    items.push(item);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (items[parent]!.nextAt <= item.nextAt) break;
      items[index] = items[parent]!;
      index = parent;
    }
    items[index] = item;
  }
  peek(): Subscription | undefined {
    return this.items[0];
  }
  pop(): Subscription | undefined {
    const { items } = this;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || !last) return top;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child = right < items.length && items[right]!.nextAt < items[left]!.nextAt ? right : left;
      if (items[child]!.nextAt >= last.nextAt) break;
      items[index] = items[child]!;
      index = child;
    }
    items[index] = last;
    return top;
  }
  clear(): void {
    this.items.length = 0;
  }
}

const ISSUERS = new Map(ISSUER_COUNTRIES.map((country) => [country.code, country]));
/** Rough exchange rates from EUR, so prices look local. */
const FROM_EUR: Readonly<Record<string, number>> = { EUR: 1, USD: 1.08, GBP: 0.85, CHF: 0.95, SEK: 11.3, PLN: 4.3 };
/**
 * A live order is placed this long before the moment it is generated for, so its fallback retry (0.9 to 4 seconds
 * after the first attempt) has happened by then too.
 */
const LIVE_ANSWER_MS = 5_000;
/** The statement descriptors of an order that is not a renewal: one per checkout URL, a few per merchant. */
const CHECKOUT_DESCRIPTORS = ['ONLINE', 'SHOP', 'WEB'] as const;

/** FNV-1a: a stable hash that picks a URL's descriptor without drawing on the seeded random stream. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Charge outcomes that are final declines: the retry sequence takes over. */
const DEFINITE_FAILURES: ReadonlySet<string> = new Set([
  STATUSES.declined,
  STATUSES.failed,
  STATUSES.prevented,
  STATUSES.reversed,
  STATUSES.abandoned,
]);

/**
 * How a new subscription ends other than by declines or a dispute, picked by a hash of its id (not the random stream):
 * about 6 in 100 are cancelled through the merchant's API, 3 by a back-office user (with the reason's label), 4 end
 * with their plan (END_PLAN) and 4 are paused, each after a few cycles; the rest run on.
 */
function fateOf(id: string, startedAt: number, plan: WorldPlan): SubscriptionEnd | null {
  const hash = hashText(`${id}:fate`);
  const roll = hash % 1000;
  const cycles = 1 + (Math.floor(hash / 1000) % 6);
  const renewalAt = (count: number) => addCycle(new Date(startedAt), plan.cycle, count).getTime();
  const before = (count: number) => Math.max(startedAt + HOUR_MS, renewalAt(count) - (1 + (hash % 3)) * DAY_MS);
  if (roll < 60) return { at: before(cycles), status: 'CANCELLED', reason: 'MERCHANT_API', details: null };
  if (roll < 90) {
    const details = BACKOFFICE_REASONS[Math.floor(hash / 7) % BACKOFFICE_REASONS.length]!;
    return { at: before(cycles), status: 'CANCELLED', reason: 'BACKOFFICE_API', details };
  }
  if (roll < 130) return { at: renewalAt(cycles + 1), status: 'CANCELLED', reason: 'END_PLAN', details: null };
  if (roll < 170) return { at: before(cycles), status: 'PAUSED', reason: null, details: null };
  return null;
}

/** About 4 in 100 cards stop working after a few cycles (by a hash of the subscription's initial payment). */
function cardFailsFrom(id: string, startedAt: number, plan: WorldPlan): number | null {
  const hash = hashText(`${id}:card`);
  if (hash % 100 >= 4) return null;
  return addCycle(new Date(startedAt), plan.cycle, 1 + (Math.floor(hash / 100) % 4)).getTime() - HOUR_MS;
}

const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** Initials of the merchant's name: the prefix of its order references. */
function orderPrefix(name: string): string {
  const letters = name
    .split(/[^A-Za-z]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return `${letters}XXX`.slice(0, 3);
}

/**
 * A row with every field, in one fixed order. Rows are built by copying and assigning, never by spreading: objects of
 * one shape keep V8 on its fast path, which matters when a run writes ten million of them.
 */
function emptyRow(): TransactionRow {
  return copyRow(EMPTY_ROW);
}

function copyRow(r: TransactionRow): TransactionRow {
  return {
    id: r.id,
    accountId: r.accountId,
    merchantId: r.merchantId,
    parentId: r.parentId,
    rootId: r.rootId,
    recurrenceParentId: r.recurrenceParentId,
    transactionType: r.transactionType,
    status: r.status,
    category: r.category,
    amount: r.amount,
    currency: r.currency,
    paymentMethod: r.paymentMethod,
    orderUrl: r.orderUrl,
    referenceOrderId: r.referenceOrderId,
    orderConcept: r.orderConcept,
    customTag: r.customTag,
    acquirerId: r.acquirerId,
    solutionId: r.solutionId,
    providerTransactionId: r.providerTransactionId,
    midId: r.midId,
    routeId: r.routeId,
    isFallback: r.isFallback,
    cardBrand: r.cardBrand,
    cardBin: r.cardBin,
    cardLast4: r.cardLast4,
    cardCountry: r.cardCountry,
    cardHolder: r.cardHolder,
    cardExpiry: r.cardExpiry,
    cardTokenUpdatedAt: r.cardTokenUpdatedAt,
    cardType: r.cardType,
    cardSegment: r.cardSegment,
    cardBank: r.cardBank,
    cardZipCode: r.cardZipCode,
    threeDsSent: r.threeDsSent,
    threeDsVersion: r.threeDsVersion,
    eci: r.eci,
    eciDescription: r.eciDescription,
    avs: r.avs,
    authorizationId: r.authorizationId,
    shopperStatement: r.shopperStatement,
    shopperEmail: r.shopperEmail,
    shopperIp: r.shopperIp,
    shopperIpCountry: r.shopperIpCountry,
    shopperDeviceType: r.shopperDeviceType,
    shopperBrowser: r.shopperBrowser,
    riskScore: r.riskScore,
    errorCode: r.errorCode,
    errorMessage: r.errorMessage,
    errorProviderMessage: r.errorProviderMessage,
    refundReason: r.refundReason,
    alertType: r.alertType,
    alertStatus: r.alertStatus,
    alertCaid: r.alertCaid,
    idempotencyKey: r.idempotencyKey,
    idempotencyFingerprint: r.idempotencyFingerprint,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

function applyPayer(row: TransactionRow, payer: Payer): void {
  row.paymentMethod = payer.paymentMethod;
  row.cardBrand = payer.cardBrand;
  row.cardBin = payer.cardBin;
  row.cardLast4 = payer.cardLast4;
  row.cardCountry = payer.cardCountry;
  row.cardHolder = payer.cardHolder;
  row.cardExpiry = payer.cardExpiry;
  row.cardTokenUpdatedAt = payer.cardTokenUpdatedAt;
  row.cardType = payer.cardType;
  row.cardSegment = payer.cardSegment;
  row.cardBank = payer.cardBank;
  row.cardZipCode = payer.cardZipCode;
  row.shopperEmail = payer.shopperEmail;
  row.shopperIp = payer.shopperIp;
  row.shopperIpCountry = payer.shopperIpCountry;
  row.shopperDeviceType = payer.shopperDeviceType;
  row.shopperBrowser = payer.shopperBrowser;
}

const EPOCH = new Date(0);
const EMPTY_ROW: TransactionRow = {
  id: '',
  accountId: '',
  merchantId: '',
  parentId: null,
  rootId: '',
  recurrenceParentId: null,
  transactionType: '',
  status: '',
  category: '',
  amount: 0,
  currency: '',
  paymentMethod: '',
  orderUrl: null,
  referenceOrderId: '',
  orderConcept: null,
  customTag: null,
  acquirerId: null,
  solutionId: null,
  providerTransactionId: null,
  midId: null,
  routeId: null,
  isFallback: false,
  cardBrand: null,
  cardBin: null,
  cardLast4: null,
  cardCountry: null,
  cardHolder: null,
  cardExpiry: null,
  cardTokenUpdatedAt: null,
  cardType: null,
  cardSegment: null,
  cardBank: null,
  cardZipCode: null,
  threeDsSent: null,
  threeDsVersion: null,
  eci: null,
  eciDescription: null,
  avs: null,
  authorizationId: null,
  shopperStatement: null,
  shopperEmail: null,
  shopperIp: null,
  shopperIpCountry: null,
  shopperDeviceType: null,
  shopperBrowser: null,
  riskScore: null,
  errorCode: null,
  errorMessage: null,
  errorProviderMessage: null,
  refundReason: null,
  alertType: null,
  alertStatus: null,
  alertCaid: null,
  idempotencyKey: null,
  idempotencyFingerprint: null,
  createdAt: EPOCH,
  updatedAt: EPOCH,
};

/** No route of the merchant serves an order: never in the seed's worlds, possible once users edit the routing. */
export class NoRouteError extends Error {
  override name = 'NoRouteError';
  constructor(merchantId: string) {
    super(`No route serves an order of merchant ${merchantId}`);
  }
}

const TWO_24 = 2 ** 24;

/** A bijection on 48-bit numbers (a three-round Feistel network): distinct inputs give distinct, scattered outputs. */
export function scatter48(value: number): number {
  let left = Math.floor(value / TWO_24) % TWO_24;
  let right = value % TWO_24;
  for (const key of [0x5bd1e995, 0x27d4eb2f, 0x165667b1]) {
    const mixed = (Math.imul(right ^ key, 0x9e3779b1) >>> 8) & 0xffffff;
    [left, right] = [right, left ^ mixed];
  }
  return left * TWO_24 + right;
}

export class MerchantTraffic {
  private readonly rng: Random;
  private world: MerchantWorld;
  /** The end of the generated history: nothing happens after it. Live traffic moves it forward with each order. */
  private now: number;
  /** Live traffic: every order is answered at once (see liveOrder). */
  private live = false;
  /** The UTC day of the last live order, to close the day when the clock passes midnight. */
  private liveDay = '';
  private readonly subscriptionBusiness: boolean;
  private readonly prefix: string;
  private readonly plans: number[];
  private midsById: Map<string, WorldMid>;
  private readonly homeIssuer: string;
  /** The card statement descriptor's merchant part. */
  private readonly statement: string;
  private sequence = 0;
  /** Where this merchant's transaction ids start (see nextId). */
  private readonly idBase: number;
  private idCount = 0;
  private subscriptionCount = 0;
  /** Every subscription this generator started, oldest first (the seed writes them). */
  readonly started: Subscription[] = [];
  /** The subscriptions still charged, the next due on top. Filled at day ends (see closeDay). */
  private readonly due = new DueHeap();
  private readonly todaysSubscriptions: Subscription[] = [];
  /** The day being generated: a renewal due in it is charged when due, one due before it as soon as it can. */
  private windowFrom = 0;
  private windowTo = 0;

  /** `stream` numbers the merchant within the run (0 to 4095): it keeps the merchants' transaction ids apart. */
  constructor(rng: Random, world: MerchantWorld, now: Date, stream: number) {
    if (!(Number.isInteger(stream) && stream >= 0 && stream < 2 ** 12)) throw new RangeError(`stream ${stream}`);
    this.rng = rng;
    this.idBase = stream * 2 ** 36;
    this.world = world;
    this.now = now.getTime();
    this.subscriptionBusiness = SUBSCRIPTION_BUSINESSES.has(world.merchant.mccCode);
    this.prefix = orderPrefix(world.merchant.prettyName);
    this.plans = rng.sample(PLAN_PRICES, 3);
    this.midsById = new Map(world.mids.map((mid) => [mid.id, mid]));
    this.homeIssuer = ISSUERS.has(world.merchant.country) ? world.merchant.country : 'ES';
    this.statement = world.merchant.dba
      .toUpperCase()
      .replace(/[^A-Z0-9 ]/g, '')
      .replace(/ {2,}/g, ' ')
      .slice(0, 12)
      .trim();
  }

  /**
   * A version-4 UUID that is unique by construction: random hex up front (so id prefixes spread evenly, as the
   * palette's prefix search expects), and a 48-bit scramble of this run's transaction counter at the end. The seeded
   * generator alone cannot promise that: its 32-bit state gives at most 2^32 different UUIDs, and ten million draws
   * from that many would repeat.
   */
  private nextId(): string {
    this.idCount += 1;
    const random = this.rng.hex(19);
    const tail = scatter48(this.idBase + this.idCount)
      .toString(16)
      .padStart(12, '0');
    const variant = ((Number.parseInt(random[15]!, 16) & 0x3) | 0x8).toString(16);
    return `${random.slice(0, 8)}-${random.slice(8, 12)}-4${random.slice(12, 15)}-${variant}${random.slice(16, 19)}-${tail}`;
  }

  /**
   * A subscription's id, unique by construction as nextId is: the seeded UUID (drawn as before, so the stream and the
   * rest of the world stay the same) with its last 12 digits replaced by a scramble of this run's subscription counter.
   * The 10-million-row seed started 100,000s of subscriptions and two drew the same UUID.
   */
  private nextSubscriptionId(): string {
    this.subscriptionCount += 1;
    const drawn = this.rng.uuid();
    const tail = scatter48(this.idBase + this.subscriptionCount)
      .toString(16)
      .padStart(12, '0');
    return `${drawn.slice(0, 24)}${tail}`;
  }

  /** The day the next orders fall in ([from, to)): renewals due in it are charged at their due time. */
  openDay(from: number, to: number): void {
    this.windowFrom = from;
    this.windowTo = to;
  }

  /** Renewals only charge subscriptions of earlier days, so a parent is always older than its renewal. */
  closeDay(): void {
    for (const subscription of this.todaysSubscriptions) this.due.push(subscription);
    this.todaysSubscriptions.length = 0;
  }

  /**
   * Where live traffic picks up after the stored history: the merchant's highest order number of the day (references
   * carry the day, so they stay unique).
   */
  resume(state: { sequence: number }): void {
    this.sequence = Math.max(this.sequence, state.sequence);
    this.closeDay();
  }

  /**
   * The subscriptions live renewals may charge, as the database holds them now (active and due soon): they replace
   * what the generator had, so a pause, a resume or a cancellation made meanwhile is followed.
   */
  setDue(subscriptions: readonly Subscription[]): void {
    this.due.clear();
    this.todaysSubscriptions.length = 0;
    for (const subscription of subscriptions) this.due.push(subscription);
  }

  /** The merchant's MIDs and routes as they are now: live traffic follows the routing users edit meanwhile. */
  reroute(world: MerchantWorld): void {
    if (world.merchant.id !== this.world.merchant.id) throw new Error('reroute: another merchant');
    this.world = world;
    this.midsById = new Map(world.mids.map((mid) => [mid.id, mid]));
  }

  /**
   * One order of live traffic, answered by `now`: placed a few seconds before, routed by the routing engine, approved
   * or declined (and a decline retried on the fallback MID). Nothing waits for a shopper, an acquirer's notification or
   * a settlement that no one would ever bring, and nothing follows it: no refund or dispute lies in the future.
   */
  liveOrder(now: number): GeneratedOrder {
    this.live = true;
    this.now = now;
    const day = new Date(now).toISOString().slice(0, 10);
    if (day !== this.liveDay) {
      this.closeDay();
      this.liveDay = day;
    }
    // A live renewal is charged now, however long ago it fell due.
    this.openDay(now - LIVE_ANSWER_MS, now - LIVE_ANSWER_MS);
    return this.dueOrder(2) ?? this.order(now - LIVE_ANSWER_MS, 2);
  }

  /** A moment in [from, to), following the hour-of-day shape of e-commerce traffic. */
  timeBetween(from: number, to: number): number {
    for (;;) {
      const at = from + Math.floor(this.rng.next() * (to - from));
      const hour = new Date(at).getUTCHours();
      if (this.rng.next() < HOUR_WEIGHTS[hour]!) return at;
    }
  }

  /**
   * One order placed at `at`, as at most `maxRows` transactions (at least 1): the payment (and its fallback retry),
   * then what happened to it up to now.
   */
  order(at: number, maxRows: number): GeneratedOrder {
    const category = this.pickCategory();
    if (category !== CATEGORIES.renewal && category !== CATEGORIES.maintenance) {
      return this.placeOrder(at, maxRows, category, null);
    }
    // A recurring charge only when a subscription is due; otherwise a shopper's order in its place.
    return this.dueOrder(maxRows) ?? this.placeOrder(at, maxRows, this.pickShopperCategory(), null);
  }

  /**
   * The charge of the subscription that falls due first, if one is due by the end of the day being generated: the
   * renewal (or the retry) of its next cycle, at its due time. Null when none is due.
   */
  dueOrder(maxRows: number): GeneratedOrder | null {
    const due = this.pickParent();
    if (!due) return null;
    const parent = due.subscription;
    const cycle = parent.cycle + 1;
    const out = this.placeOrder(due.at, maxRows, parent.nextType, parent);
    this.charged(parent, out);
    out.subscription = { kind: 'charge', cycle, subscription: parent };
    return out;
  }

  private placeOrder(at: number, maxRows: number, category: string, parent: Subscription | null): GeneratedOrder {
    const { rng } = this;
    const out: GeneratedOrder = { transactions: [], history: [], subscription: null };
    const effectiveCategory = parent ? parent.nextType : category === CATEGORIES.oneOff ? category : CATEGORIES.initial;
    const plan = effectiveCategory === CATEGORIES.initial ? this.pickPlan() : null;
    const type =
      effectiveCategory === CATEGORIES.renewal || effectiveCategory === CATEGORIES.maintenance
        ? TRANSACTION_TYPES.recurrence
        : TRANSACTION_TYPES.payment;
    const merchantInitiated = type === TRANSACTION_TYPES.recurrence;

    const payer = parent?.payer ?? this.newPayer(at);
    const preferred = parent?.currency ?? this.pickCurrency(payer.cardCountry ?? this.homeIssuer);
    // A subscription is charged in a currency of its plan: the shopper's when the plan has it, else the plan's lead.
    const currency = plan && !plan.currencies.has(preferred) ? plan.base : preferred;
    const planAmount = plan ? (plan.currencies.get(currency) ?? null) : null;
    const amount =
      effectiveCategory === CATEGORIES.maintenance
        ? (decimalToMinor(parent?.plan.retryAmount, currency) ?? Math.round(100 * (FROM_EUR[currency] ?? 1)))
        : (parent?.amount ?? planAmount ?? this.pickAmount(effectiveCategory, currency));
    const orderUrl = parent?.orderUrl ?? this.pickUrl(effectiveCategory);
    const customTag = parent ? parent.customTag : rng.weighted(CUSTOM_TAGS);
    const routingOrder: RoutingOrder = {
      currency,
      issuerCountry: payer.cardCountry,
      cardBrand: payer.cardBrand,
      url: orderUrl,
      customTag,
      binCode: payer.cardBin,
    };
    const riskScore = this.pickRisk(payer);
    this.sequence += 1;
    const day = new Date(at).toISOString().slice(2, 10).replaceAll('-', '');
    // Every row of the order starts as a copy of this one (rows keep one shape: see copyRow).
    const base = emptyRow();
    base.accountId = this.world.merchant.accountId;
    base.merchantId = this.world.merchant.id;
    base.recurrenceParentId = parent?.id ?? null;
    base.transactionType = type;
    base.category = effectiveCategory;
    base.amount = amount;
    base.currency = currency;
    base.orderUrl = orderUrl;
    base.referenceOrderId = `${this.prefix}-${day}-${String(this.sequence).padStart(6, '0')}`;
    base.orderConcept = CONCEPTS[effectiveCategory] ?? null;
    base.customTag = customTag;
    base.riskScore = riskScore;
    base.shopperStatement = this.descriptor(effectiveCategory, orderUrl);
    applyPayer(base, payer);
    const age = this.now - at;

    // What happened before (or instead of) the issuer's answer.
    // A live order is answered at once: it is as old as any settled one.
    const outcome = this.pickEarlyOutcome(
      riskScore,
      this.live ? Number.POSITIVE_INFINITY : age,
      payer.paymentMethod,
      merchantInitiated,
    );
    if (outcome) {
      const route = this.world.router.chooseRoute(routingOrder, rng.next());
      if (!route) throw new NoRouteError(this.world.merchant.id);
      const mid = this.midsById.get(route.midId)!;
      const id = this.nextId();
      const row = this.row(base, {
        id,
        rootId: id,
        status: outcome.status,
        mid,
        route,
        isFallback: false,
        createdAt: at,
        error: outcome.error,
        reachedAcquirer: outcome.status !== STATUSES.prevented,
        merchantInitiated,
      });
      out.transactions.push(row);
      // An abandoned challenge waited for the shopper first; one still within its time is still waiting.
      const abandonedAt = outcome.status === STATUSES.abandoned ? at + rng.int(10, 20) * MINUTE_MS : 0;
      if (abandonedAt >= this.now) {
        row.status = STATUSES.waitingForUser;
        row.errorCode = null;
        row.errorMessage = null;
        row.errorProviderMessage = null;
      }
      if (row.status === STATUSES.abandoned) {
        this.event(out, row, STATUSES.waitingForUser, at);
        row.updatedAt = new Date(abandonedAt);
        this.event(out, row, STATUSES.abandoned, abandonedAt);
      } else {
        this.event(out, row, row.status, at);
      }
      return out;
    }

    // The issuer answers: the routing engine picks route and MID, and retries a decline on the fallback MID.
    // A subscription's card that has stopped working (closed, lost) is declined by every MID from then on.
    const deadCard = parent !== null && parent.cardFailsFrom !== null && at >= parent.cardFailsFrom;
    const declineChance = deadCard ? 1 : 0.06 + riskScore * 0.3 + (payer.cardType === 'PREPAID' ? 0.06 : 0);
    const routed = this.world.router.routePayment(routingOrder, {
      random: rng.next(),
      declines: (_mid, attempt) => rng.bool(deadCard ? 1 : attempt.fallback ? 0.45 : declineChance),
    });
    if (routed.outcome === 'no-route') throw new NoRouteError(this.world.merchant.id);
    // The retry on the fallback MID follows within seconds; one that would fall after now has not happened yet.
    const retryGap = rng.int(900, 4_000);
    const attempts = maxRows >= 2 && at + retryGap < this.now ? routed.attempts : routed.attempts.slice(0, 1);
    const rootId = this.nextId();
    let when = at;
    let last: TransactionRow | undefined;
    for (const [index, attempt] of attempts.entries()) {
      const mid = this.midsById.get(attempt.midId)!;
      const row = this.row(base, {
        id: index === 0 ? rootId : this.nextId(),
        rootId,
        status: attempt.declined ? STATUSES.declined : STATUSES.success,
        mid,
        route: routed.route,
        isFallback: attempt.fallback,
        createdAt: when,
        error: attempt.declined ? rng.weighted(DECLINE_ERRORS) : null,
        reachedAcquirer: true,
        merchantInitiated,
      });
      out.transactions.push(row);
      this.event(out, row, row.status, when);
      last = row;
      when += retryGap;
    }
    const payment = last!;
    if (payment.status === STATUSES.success) {
      this.afterSuccess(out, payment, maxRows - out.transactions.length);
      // A subscription goes on from a successful initial payment (a reversed one started nothing).
      if (plan && payment.status === STATUSES.success) {
        const subscription = this.startSubscription(payment, plan, { payer, amount, currency, orderUrl, customTag });
        this.endOnChargeback(subscription, out);
        out.subscription = { kind: 'start', cycle: 1, subscription };
      }
    }
    return out;
  }

  // -------------------------------------------------------------------------------------------------------------
  // What happens to a successful payment afterwards.

  private afterSuccess(out: GeneratedOrder, payment: TransactionRow, room: number): void {
    const { rng } = this;
    const at = payment.createdAt.getTime();
    const age = this.now - at;
    if (rng.bool(0.005)) {
      // Reversed (authorisation voided) shortly after.
      const reversedAt = at + rng.int(10, 36 * 60) * MINUTE_MS;
      if (reversedAt >= this.now) return;
      payment.status = STATUSES.reversed;
      payment.updatedAt = new Date(reversedAt);
      this.event(out, payment, STATUSES.reversed, reversedAt);
      return;
    }
    // Refunds are locked for 24 hours after the payment: nothing happens to today's payments yet.
    if (age < DAY_MS || room < 1) return;
    const roll = rng.next();
    const whole = payment.amount;
    if (roll < 0.025) {
      const when = this.after(at, 1, 30);
      if (when === null) return;
      this.refund(out, payment, whole, STATUSES.success, when);
      if (ALERT_BRANDS.has(payment.cardBrand ?? '') && rng.bool(0.15) && this.now - when > DAY_MS) {
        // An issuer alert about a payment the merchant had already refunded.
        this.alert(payment, rng.pick(INFORMATIONAL_ALERTS), STATUSES.previouslyRefunded);
      }
    } else if (roll < 0.05) {
      const first = this.part(whole, 0.1, 0.6);
      const when = this.after(at, 1, 30);
      if (when === null) return;
      this.refund(out, payment, first, STATUSES.success, when);
      const second = room >= 2 && rng.bool(0.3) ? this.after(when, 1, 20) : null;
      if (second !== null) this.refund(out, payment, this.part(whole - first, 0.1, 0.5), STATUSES.success, second);
    } else if (roll < 0.054) {
      // Refunded in two parts that add up to the whole payment.
      const first = this.after(at, 1, 15);
      const second = first === null ? null : this.after(first, 1, 5);
      if (room < 2 || first === null || second === null) return;
      const part = this.part(whole, 0.3, 0.7);
      this.refund(out, payment, part, STATUSES.success, first);
      this.refund(out, payment, whole - part, STATUSES.success, second);
    } else if (roll < 0.064) {
      // A refund the acquirer has not confirmed yet: sent in the last day and a half.
      const when = this.now - rng.int(10, 36 * 60) * MINUTE_MS;
      if (when < at + DAY_MS) return;
      const amount = rng.bool(0.5) ? whole : this.part(whole, 0.2, 0.8);
      this.refund(out, payment, amount, STATUSES.inProcess, when);
    } else if (roll < 0.068) {
      const when = this.after(at, 1, 20);
      if (when !== null) this.refund(out, payment, whole, STATUSES.failed, when);
    } else if (roll < 0.11) {
      // A chargeback, sometimes after a retrieval request. Far more often than in life (about 1%), so the dispute
      // queue of a demo account holds a few pages of cases to triage.
      const retrieval = room >= 2 && rng.bool(0.3) ? this.after(at, 3, 20) : null;
      const chargeback = this.after(retrieval ?? at, 5, 60);
      if (chargeback === null) return;
      if (retrieval !== null) this.child(out, payment, TRANSACTION_TYPES.retrieval, whole, STATUSES.success, retrieval);
      this.child(out, payment, TRANSACTION_TYPES.chargeback, whole, STATUSES.success, chargeback);
    } else if (roll < 0.116) {
      const when = this.after(at, 3, 40);
      if (when !== null) this.child(out, payment, TRANSACTION_TYPES.retrieval, whole, STATUSES.success, when);
    } else if (roll < 0.13 && ALERT_BRANDS.has(payment.cardBrand ?? '')) {
      // The alert programmes cover Visa and Mastercard cards only.
      if (roll < 0.121) {
        const when = this.after(at, 2, 30);
        if (when === null) return;
        this.alert(payment, 'RDR', STATUSES.success);
        this.child(out, payment, TRANSACTION_TYPES.rdr, whole, STATUSES.success, when);
      } else if (roll < 0.127) {
        this.alert(payment, rng.pick(INFORMATIONAL_ALERTS), rng.weighted(INFORMATIONAL_ALERT_OUTCOMES));
      } else {
        // An issuer alert (Ethoca or Verifi CDRN) asked for a refund before the dispute: refunded in full, with the
        // programme as the refund's reason.
        const when = this.after(at, 1, 10);
        if (when === null) return;
        const programme = rng.pick(ALERT_REFUND_REASONS);
        this.alert(payment, programme, STATUSES.refundedManually);
        this.refund(out, payment, whole, STATUSES.success, when, programme);
      }
    }
  }

  private alert(payment: TransactionRow, type: string, status: string): void {
    payment.alertType = type;
    payment.alertStatus = status;
    payment.alertCaid = `CA${this.rng.digits(10)}`;
  }

  /** A moment between `minDays` and `maxDays` after `from` and before now; null when that window has not begun. */
  private after(from: number, minDays: number, maxDays: number): number | null {
    const low = from + minDays * DAY_MS;
    const high = Math.min(from + maxDays * DAY_MS, this.now);
    if (high <= low) return null;
    return low + Math.floor(this.rng.next() * (high - low));
  }

  /** Part of an amount, between two fractions, at least one minor unit and less than the whole. */
  private part(amount: number, low: number, high: number): number {
    const value = Math.round(amount * (low + this.rng.next() * (high - low)));
    return Math.min(Math.max(value, 1), Math.max(amount - 1, 1));
  }

  private refund(
    out: GeneratedOrder,
    payment: TransactionRow,
    amount: number,
    status: string,
    when: number,
    reason = this.rng.weighted(COMMON_REFUND_REASONS),
  ): void {
    const type = amount === payment.amount ? TRANSACTION_TYPES.refund : TRANSACTION_TYPES.partialRefund;
    const row = this.child(out, payment, type, amount, status, when);
    row.refundReason = reason;
    if (status === STATUSES.failed) {
      const error: ErrorSeed = this.rng.weighted(REFUND_ERRORS);
      row.errorCode = error.code;
      row.errorMessage = error.message;
      row.errorProviderMessage = error.providerMessage;
    }
  }

  private child(
    out: GeneratedOrder,
    payment: TransactionRow,
    type: string,
    amount: number,
    status: string,
    when: number,
  ): TransactionRow {
    const { rng } = this;
    const row = copyRow(payment);
    row.id = this.nextId();
    row.parentId = payment.id;
    row.recurrenceParentId = null;
    row.transactionType = type;
    row.status = status;
    row.amount = amount;
    row.isFallback = false;
    row.providerTransactionId = this.providerReference(payment.acquirerId);
    row.threeDsSent = null;
    row.threeDsVersion = null;
    row.eci = null;
    row.eciDescription = null;
    row.avs = null;
    row.authorizationId = null;
    row.riskScore = null;
    row.errorCode = null;
    row.errorMessage = null;
    row.errorProviderMessage = null;
    row.refundReason = null;
    row.alertType = null;
    row.alertStatus = null;
    row.alertCaid = null;
    row.createdAt = new Date(when);
    row.updatedAt = row.createdAt;
    out.transactions.push(row);
    // Refunds answered asynchronously went through IN_PROCESS before they settled.
    const refund = type === TRANSACTION_TYPES.refund || type === TRANSACTION_TYPES.partialRefund;
    const settled = refund && status !== STATUSES.inProcess && rng.bool(0.3) ? when + rng.int(1, 180) * MINUTE_MS : 0;
    if (settled > when && settled < this.now) {
      this.event(out, row, STATUSES.inProcess, when);
      row.updatedAt = new Date(settled);
      this.event(out, row, status, settled);
    } else {
      this.event(out, row, status, when);
    }
    return row;
  }

  private event(out: GeneratedOrder, row: TransactionRow, status: string, at: number): void {
    out.history.push({
      accountId: row.accountId,
      rootId: row.rootId,
      transactionId: row.id,
      transactionCreatedAt: row.createdAt,
      transactionType: row.transactionType,
      status,
      isFallback: row.isFallback,
      occurredAt: new Date(at),
    });
  }

  // -------------------------------------------------------------------------------------------------------------
  // One transaction row of the payment itself.

  private row(
    base: TransactionRow,
    attempt: {
      id: string;
      rootId: string;
      status: string;
      mid: WorldMid;
      route: WorldRoute;
      isFallback: boolean;
      createdAt: number;
      error: ErrorSeed | null;
      reachedAcquirer: boolean;
      merchantInitiated: boolean;
    },
  ): TransactionRow {
    const { rng } = this;
    const { mid, error, reachedAcquirer, status } = attempt;
    const row = copyRow(base);
    const hasCard = row.cardBrand !== null;
    const success = status === STATUSES.success;
    const issuer = row.cardCountry ? ISSUERS.get(row.cardCountry) : undefined;
    const threeDs = hasCard && !attempt.merchantInitiated && this.sendsThreeDs(mid, issuer, status);
    const eciScheme = MASTERCARD_ECI_BRANDS.has(row.cardBrand ?? '') ? ECI.mastercard : ECI.visa;
    const eciKind: keyof typeof ECI_DESCRIPTIONS = !threeDs
      ? 'none'
      : (success || rng.bool(0.5)) && rng.bool(0.92)
        ? 'authenticated'
        : 'attempted';
    const answered = reachedAcquirer && hasCard && status !== STATUSES.waitingForUser;
    row.id = attempt.id;
    row.rootId = attempt.rootId;
    row.status = status;
    row.acquirerId = mid.acquirerId;
    row.solutionId = mid.solutionId;
    row.providerTransactionId = reachedAcquirer ? this.providerReference(mid.acquirerId) : null;
    row.midId = mid.id;
    row.routeId = attempt.route.id;
    row.isFallback = attempt.isFallback;
    row.threeDsSent = hasCard ? threeDs : null;
    row.threeDsVersion = threeDs ? rng.weighted(THREE_DS_VERSIONS) : null;
    row.eci = answered ? eciScheme[eciKind] : null;
    row.eciDescription = answered ? ECI_DESCRIPTIONS[eciKind] : null;
    row.avs = answered && issuer?.avs ? rng.weighted(AVS_CODES) : null;
    row.authorizationId = success ? rng.alphanumeric(6).toUpperCase() : null;
    row.errorCode = error?.code ?? null;
    row.errorMessage = error?.message ?? null;
    row.errorProviderMessage = error?.providerMessage ?? null;
    row.createdAt = new Date(attempt.createdAt);
    row.updatedAt = row.createdAt;
    return row;
  }

  private sendsThreeDs(mid: WorldMid, issuer: IssuerCountrySeed | undefined, status: string): boolean {
    if (status === STATUSES.waitingForUser || status === STATUSES.abandoned) return true;
    if (mid.force3ds === 'REQUIRED_3DS') return true;
    if (mid.force3ds === 'NO_3DS') return false;
    const preferred = mid.force3ds === 'PREFERRED_3DS';
    // Strong customer authentication makes 3-D Secure the rule for European issuers.
    return this.rng.bool(issuer?.sca ? (preferred ? 0.95 : 0.85) : preferred ? 0.6 : 0.3);
  }

  private providerReference(acquirerId: string | null): string {
    const prefix = acquirerId ? acquirerId.slice(0, 4) : 'prov';
    return `${prefix}_${this.rng.alphanumeric(20)}`;
  }

  // -------------------------------------------------------------------------------------------------------------
  // The order's ingredients.

  private pickCategory(): string {
    return this.subscriptionBusiness
      ? this.rng.weighted([
          [CATEGORIES.oneOff, 22],
          [CATEGORIES.initial, 20],
          [CATEGORIES.renewal, 53],
          [CATEGORIES.maintenance, 5],
        ])
      : this.rng.weighted([
          [CATEGORIES.oneOff, 86],
          [CATEGORIES.initial, 5],
          [CATEGORIES.renewal, 8],
          [CATEGORIES.maintenance, 1],
        ]);
  }

  /**
   * The subscription whose charge falls due first, if one is due by the end of the day being generated, and when it is
   * charged: at its due time, or as soon as the day begins when it fell due before (a slot for it came late).
   * Subscriptions that ended before their next charge leave the queue.
   */
  /** A one-off or an initial payment, in the proportion the merchant's business has them. */
  private pickShopperCategory(): string {
    return this.subscriptionBusiness
      ? this.rng.weighted([
          [CATEGORIES.oneOff, 22],
          [CATEGORIES.initial, 20],
        ])
      : this.rng.weighted([
          [CATEGORIES.oneOff, 86],
          [CATEGORIES.initial, 5],
        ]);
  }

  private pickParent(): { subscription: Subscription; at: number } | null {
    for (;;) {
      const next = this.due.peek();
      if (!next || next.nextAt > this.windowTo) return null;
      this.due.pop();
      const at = Math.min(Math.max(next.nextAt, this.windowFrom), this.windowTo);
      if (next.end && next.end.at <= at) continue;
      return { subscription: next, at };
    }
  }

  /** One of the merchant's plans for a new subscription; null when it has none. */
  private pickPlan(): WorldPlan | null {
    const plans = this.world.plans;
    return plans.length === 0 ? null : this.rng.pick(plans);
  }

  private startSubscription(
    payment: TransactionRow,
    plan: WorldPlan,
    order: Pick<Subscription, 'payer' | 'amount' | 'currency' | 'orderUrl' | 'customTag'>,
  ): Subscription {
    const startedAt = payment.createdAt.getTime();
    const dueAt = addCycle(payment.createdAt, plan.cycle).getTime();
    const subscription: Subscription = {
      id: payment.id,
      subscriptionId: this.nextSubscriptionId(),
      accountId: payment.accountId,
      ...order,
      plan,
      startedAt,
      cycle: 1,
      dueAt,
      failures: 0,
      nextAt: dueAt,
      nextType: 'RENEWAL',
      end: fateOf(payment.id, startedAt, plan),
      cardFailsFrom: cardFailsFrom(payment.id, startedAt, plan),
    };
    this.started.push(subscription);
    this.todaysSubscriptions.push(subscription);
    return subscription;
  }

  /**
   * What a charge did to its subscription: a success starts the next cycle, a decline moves to the retry sequence's
   * next step (from the cycle's due date, never before the decline), and a decline with no step left cancels it
   * (HARD_DECLINE). A charge still waiting for an answer leaves nothing more to charge. A chargeback cancels it when
   * the plan says so (DISPUTE).
   */
  private charged(subscription: Subscription, out: GeneratedOrder): void {
    const attempts = out.transactions.filter((row) => row.parentId === null);
    const last = attempts[attempts.length - 1];
    const at = last ? last.createdAt.getTime() : subscription.nextAt;
    const status = last?.status ?? STATUSES.declined;
    const { plan } = subscription;
    if (status === STATUSES.success) {
      subscription.cycle += 1;
      subscription.failures = 0;
      subscription.dueAt = addCycle(new Date(subscription.startedAt), plan.cycle, subscription.cycle).getTime();
      subscription.nextAt = subscription.dueAt;
      subscription.nextType = 'RENEWAL';
    } else if (DEFINITE_FAILURES.has(status)) {
      subscription.failures += 1;
      const retry = nextRetry(new Date(subscription.dueAt), subscription.failures, plan.retrySequence);
      if (retry) {
        subscription.nextAt = Math.max(retry.at.getTime(), at + HOUR_MS);
        subscription.nextType = retry.type;
      } else {
        subscription.nextAt = Number.POSITIVE_INFINITY;
        const end = Math.min(at + 5 * MINUTE_MS, this.now);
        this.endAt(subscription, { at: end, status: 'CANCELLED', reason: 'HARD_DECLINE', details: null });
      }
    } else {
      subscription.nextAt = Number.POSITIVE_INFINITY;
    }
    this.endOnChargeback(subscription, out);
    if (Number.isFinite(subscription.nextAt) && !(subscription.end && subscription.end.at <= subscription.nextAt)) {
      this.due.push(subscription);
    }
  }

  private endOnChargeback(subscription: Subscription, out: GeneratedOrder): void {
    if (!subscription.plan.cancelOnChargeback) return;
    for (const row of out.transactions) {
      if (row.transactionType === TRANSACTION_TYPES.chargeback) {
        const at = Math.min(row.createdAt.getTime() + MINUTE_MS, this.now);
        this.endAt(subscription, { at, status: 'CANCELLED', reason: 'DISPUTE', details: null });
      }
    }
  }

  /** Ends the subscription at `end` unless it ends earlier already; never after the generated history. */
  private endAt(subscription: Subscription, end: SubscriptionEnd): void {
    if (subscription.end && subscription.end.at <= end.at) return;
    subscription.end = end;
  }

  private pickEarlyOutcome(
    risk: number,
    age: number,
    method: string,
    merchantInitiated: boolean,
  ): { status: string; error: ErrorSeed | null } | null {
    const { rng } = this;
    if (risk >= 0.91 && rng.bool(0.75)) return { status: STATUSES.prevented, error: PREVENTED_ERROR };
    if (!merchantInitiated && age < 90 * MINUTE_MS && rng.bool(0.4)) {
      return { status: STATUSES.waitingForUser, error: null };
    }
    if (age < 8 * HOUR_MS && rng.bool(0.15)) return { status: STATUSES.inProcess, error: null };
    if (age < 3 * DAY_MS && CARDLESS_METHODS.has(method) && rng.bool(0.3)) {
      return { status: STATUSES.pending, error: null };
    }
    // Abandonment shows 10 to 20 minutes later: live traffic leaves no order waiting for it.
    if (!merchantInitiated && !this.live && rng.bool(0.028)) {
      return { status: STATUSES.abandoned, error: ABANDONED_ERROR };
    }
    if (rng.bool(0.018)) return { status: STATUSES.failed, error: rng.weighted(FAILURE_ERRORS) };
    return null;
  }

  private pickIssuer(): IssuerCountrySeed {
    const code = this.rng.bool(0.45) ? this.homeIssuer : this.rng.weighted(ISSUER_COUNTRY_WEIGHTS);
    return ISSUERS.get(code)!;
  }

  private pickCurrency(issuerCountry: string): string {
    const issuer = ISSUERS.get(issuerCountry);
    if (!issuer) return 'EUR';
    if (issuer.currency === 'EUR') return this.rng.bool(0.97) ? 'EUR' : 'USD';
    return this.rng.bool(0.8) ? issuer.currency : 'EUR';
  }

  private pickAmount(category: string, currency: string): number {
    const { rng } = this;
    const rate = FROM_EUR[currency] ?? 1;
    if (this.subscriptionBusiness && category === CATEGORIES.initial) {
      // Plans are priced at .99 in every currency.
      return Math.max(99, Math.round(rng.pick(this.plans) * rate) * 100 - 1);
    }
    const [low, high] = AMOUNT_RANGES[this.world.merchant.mccCode] ?? [10, 300];
    const major = Math.exp(Math.log(low) + rng.next() * (Math.log(high) - Math.log(low))) * rate;
    const whole = Math.max(1, Math.floor(major));
    const ending = rng.weighted(PRICE_ENDINGS);
    return whole * 100 + (ending < 0 ? rng.int(0, 99) : ending);
  }

  /**
   * The shopper's statement descriptor: the merchant's name and a few fixed suffixes, as merchants register them with
   * their acquirers, so descriptor limits and counters have something to count. Renewals read RENEWAL; other orders
   * the suffix of their checkout URL, picked by a hash rather than the random stream so every other value of the
   * demo world stays what it was.
   */
  private descriptor(category: string, orderUrl: string | null): string {
    if (category === CATEGORIES.renewal || category === CATEGORIES.maintenance) return `${this.statement}*RENEWAL`;
    const suffix = CHECKOUT_DESCRIPTORS[hashText(orderUrl ?? '') % CHECKOUT_DESCRIPTORS.length]!;
    return `${this.statement}*${suffix}`;
  }

  private pickUrl(category: string): string {
    const host = this.world.merchant.host;
    if (category === CATEGORIES.initial) return `https://app.${host}/subscribe`;
    return this.rng.bool(0.3) ? `https://www.${host}/eu/checkout` : `https://www.${host}/checkout`;
  }

  private pickRisk(payer: Payer): number {
    const { rng } = this;
    const roll = rng.next();
    let value: number;
    if (roll < 0.84) value = rng.next() ** 2 * 0.45;
    else if (roll < 0.97) value = 0.3 + rng.next() * 0.6;
    else value = 0.9 + rng.next() * 0.1;
    if (payer.cardType === 'PREPAID') value = Math.min(1, value + 0.08);
    return Math.round(value * 10_000) / 10_000;
  }

  private newPayer(at: number): Payer {
    const { rng } = this;
    const method = rng.weighted(PAYMENT_METHODS);
    const issuer = this.pickIssuer();
    const device = method === 'APPLE_PAY' ? 'MOBILE' : rng.weighted(DEVICE_TYPES);
    const browser =
      method === 'APPLE_PAY'
        ? device === 'MOBILE'
          ? 'Mobile Safari 18.1'
          : 'Safari 18.1'
        : rng.weighted(BROWSERS[device]!);
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const shopper = {
      shopperEmail: `${ascii(first)}.${ascii(last)}${rng.int(1, 999)}@${rng.pick(EMAIL_DOMAINS)}`,
      shopperIp: `${rng.pick(IP_FIRST_OCTETS)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
      shopperIpCountry: rng.bool(0.92) ? issuer.code : rng.weighted(ISSUER_COUNTRY_WEIGHTS),
      shopperDeviceType: device,
      shopperBrowser: browser,
    };
    if (CARDLESS_METHODS.has(method)) {
      return {
        paymentMethod: method,
        cardBrand: null,
        cardBin: null,
        cardLast4: null,
        cardCountry: null,
        cardHolder: null,
        cardExpiry: null,
        cardTokenUpdatedAt: null,
        cardType: null,
        cardSegment: null,
        cardBank: null,
        cardZipCode: null,
        ...shopper,
      };
    }
    const brand = rng.weighted([...CARD_BRAND_WEIGHTS, ...(issuer.localBrands ?? [])]);
    const prefix = rng.pick(BIN_PREFIXES[brand] ?? ['9']);
    const expiry = new Date(at + rng.int(2, 60) * 30 * DAY_MS);
    const tokenised = method !== 'CARD' || rng.bool(0.4);
    return {
      paymentMethod: method,
      cardBrand: brand,
      cardBin: (prefix + rng.digits(6)).slice(0, 6),
      cardLast4: rng.digits(4),
      cardCountry: issuer.code,
      cardHolder: `${first} ${last}`.toUpperCase(),
      cardExpiry: `${String(expiry.getUTCMonth() + 1).padStart(2, '0')}/${String(expiry.getUTCFullYear() % 100).padStart(2, '0')}`,
      cardTokenUpdatedAt: tokenised ? new Date(at - rng.int(1, 400) * DAY_MS) : null,
      cardType: rng.weighted(CARD_TYPES),
      cardSegment: rng.weighted(CARD_SEGMENTS),
      cardBank: rng.pick(issuer.banks),
      cardZipCode: issuer.avs || rng.bool(0.3) ? rng.digits(5) : null,
      ...shopper,
    };
  }
}
