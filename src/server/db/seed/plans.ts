import {
  type AmountSettings,
  type BasicSettings,
  type CurrencyAmount,
  DEFAULT_TIME_CHARGING,
  deriveCycle,
  PLAN_DEFAULT_CURRENCIES,
  type RetrySettings,
  type TrialSettings,
  toTwelveHour,
} from '@domain/plans';
import type { Queryable } from '../client';
import { plans } from '../schema';
import type { Random } from './random';
import type { GeneratorStep, SeedContext, SeededMerchant, SeededPlan } from './seed-types';

// The plans step of the demo world (issue 24): every merchant gets 2 to 4 realistic plans, all valid under the
// contract's schema (tests/server/seed-plans.test.ts checks each). The subscriptions step reads them from
// ctx.plans (or from the table): their cycle, their amounts per currency and their retry sequence.
//
// Exported names other areas rely on: seedPlans(db, merchants, baseDate, rng) and demoPlansFor(merchant, ...),
// plansStep, and the SeededPlan shape.

const DAY_MS = 86_400_000;

export type { SeededPlan };

const fixed = (amount: string): CurrencyAmount => ({ amount, isDynamic: false, type: 'FIXED' });
const dynamic = (): CurrencyAmount => ({ amount: null, isDynamic: true, type: 'DYNAMIC' });

function basic(
  timeCycle: BasicSettings['timeCycle'],
  options: { customTime?: string; unit?: BasicSettings['unitCharging']; chargingAt?: string } = {},
): BasicSettings {
  const partial = {
    timeCycle,
    customTime: timeCycle === 'CUSTOM' ? (options.customTime ?? '7') : null,
    unitCharging: options.unit ?? 'DAY',
  } as const;
  const custom = options.chargingAt !== undefined;
  return {
    ...partial,
    chargingTimeMode: custom ? 'CUSTOM' : 'FIRST_PAYMENT_TIME',
    timeCharging: custom ? options.chargingAt! : DEFAULT_TIME_CHARGING,
    customCharging: custom ? toTwelveHour(options.chargingAt!) : null,
    cycle: deriveCycle(partial),
  };
}

function amounts(base: string | null, currencies: Record<string, CurrencyAmount>): AmountSettings {
  return { base, currencies, defaultCurrencies: [...PLAN_DEFAULT_CURRENCIES] };
}

function trialOf(plan: AmountSettings, days: number, price: (code: string) => string): TrialSettings {
  const currencies = Object.fromEntries(
    Object.entries(plan.currencies).map(([code, entry]) => [code, entry.isDynamic ? dynamic() : fixed(price(code))]),
  );
  return { timePeriod: days, amountSettings: { ...plan, currencies } };
}

function retries(timePeriod: number, sequence: RetrySettings['sequence'], amount: string | null = null): RetrySettings {
  return { enabled: true, timePeriod, amount, sequence };
}

type Template = (
  rng: Random,
) => Pick<
  SeededPlan,
  'description' | 'basicSettings' | 'amountSettings' | 'trialSettings' | 'retrySettings' | 'cancellationSettings'
>;

const price = (rng: Random, whole: readonly number[]) => `${rng.pick(whole)}.${rng.pick(['00', '50', '90', '99'])}`;

/** The catalogue the merchants draw from; the first always comes, then 1 to 3 of the others. */
const TEMPLATES: readonly Template[] = [
  (rng) => {
    const amountSettings = amounts('EUR', { EUR: fixed(price(rng, [9, 12, 14, 19])), USD: dynamic() });
    return {
      description: 'Premium monthly plan',
      basicSettings: basic('MONTHLY'),
      amountSettings,
      trialSettings: null,
      retrySettings: retries(3, [
        { type: 'RENEWAL', time: 1, unit: 'DAY' },
        { type: 'RENEWAL', time: 3, unit: 'DAY' },
      ]),
      cancellationSettings: { enabled: true, chargebackAmount: 1 },
    };
  },
  (rng) => ({
    description: 'Yearly membership',
    basicSettings: basic('YEARLY', { chargingAt: rng.pick(['06:00', '09:00', '14:00']) }),
    amountSettings: amounts(null, {
      EUR: fixed(price(rng, [99, 119, 149])),
      USD: fixed(price(rng, [109, 129, 159])),
      GBP: fixed(price(rng, [89, 99, 129])),
    }),
    trialSettings: null,
    retrySettings: retries(5, [{ type: 'RENEWAL', time: 2, unit: 'DAY' }]),
    cancellationSettings: null,
  }),
  (rng) => {
    const amountSettings = amounts('EUR', { EUR: fixed(price(rng, [3, 4, 5])), GBP: dynamic(), USD: dynamic() });
    return {
      description: 'Weekly starter with trial',
      basicSettings: basic('CUSTOM', { customTime: '7', unit: 'DAY' }),
      amountSettings,
      trialSettings: trialOf(amountSettings, rng.pick([3, 7, 14]), () => '0.99'),
      retrySettings: null,
      cancellationSettings: { enabled: true, chargebackAmount: 1 },
    };
  },
  (rng) => ({
    description: 'Basic 28-day plan',
    basicSettings: basic('DAY_28'),
    amountSettings: amounts(null, { EUR: fixed(price(rng, [6, 7, 8])) }),
    trialSettings: null,
    retrySettings: retries(
      2,
      [
        { type: 'RENEWAL', time: 1, unit: 'DAY' },
        { type: 'MAINTENANCE', time: 5, unit: 'DAY' },
        { type: 'MAINTENANCE', time: 10, unit: 'DAY' },
      ],
      rng.pick(['1.00', '1.99', '2.50']),
    ),
    cancellationSettings: null,
  }),
  (rng) => {
    const amountSettings = amounts('EUR', {
      EUR: fixed(price(rng, [24, 29, 34])),
      USD: dynamic(),
      CHF: fixed(price(rng, [27, 32, 36])),
    });
    return {
      description: 'Quarterly pro plan',
      basicSettings: basic('CUSTOM', { customTime: '3', unit: 'MONTH', chargingAt: '10:00' }),
      amountSettings,
      trialSettings: trialOf(amountSettings, 30, (code) => (code === 'CHF' ? '5.00' : '4.99')),
      retrySettings: retries(
        4,
        [
          { type: 'RENEWAL', time: 2, unit: 'DAY' },
          { type: 'MAINTENANCE', time: 7, unit: 'DAY' },
        ],
        '4.99',
      ),
      cancellationSettings: { enabled: false, chargebackAmount: 1 },
    };
  },
];

/** The merchant's demo plans, deterministic for the stream. */
export function demoPlansFor(merchant: SeededMerchant, baseDate: Date, rng: Random): SeededPlan[] {
  const extra = rng.sample(TEMPLATES.slice(1), rng.int(1, 3));
  const start = Math.max(merchant.createdAt.getTime(), baseDate.getTime() - 400 * DAY_MS);
  return [TEMPLATES[0]!, ...extra].map((template) => {
    const created = start + rng.int(1, 30) * DAY_MS + rng.int(0, 86_399) * 1000;
    const modified = Math.min(baseDate.getTime() - 1000, created + rng.int(0, 60) * DAY_MS);
    return {
      ...template(rng),
      planId: rng.uuid(),
      accountId: merchant.accountId,
      merchantId: merchant.id,
      version: 1,
      createdAt: new Date(Math.min(created, modified)),
      modifiedAt: new Date(modified),
    };
  });
}

/** Inserts the demo plans of the merchants and returns them. */
export async function seedPlans(
  db: Queryable,
  merchants: readonly SeededMerchant[],
  baseDate: Date,
  rng: Random,
): Promise<SeededPlan[]> {
  const seeded = merchants.flatMap((merchant) => demoPlansFor(merchant, baseDate, rng.fork(merchant.id)));
  for (let index = 0; index < seeded.length; index += 500) {
    await db.insert(plans).values(
      seeded.slice(index, index + 500).map((plan) => ({
        id: plan.planId,
        accountId: plan.accountId,
        merchantId: plan.merchantId,
        description: plan.description,
        basicSettings: plan.basicSettings,
        amountSettings: plan.amountSettings,
        trialSettings: plan.trialSettings,
        cancellationSettings: plan.cancellationSettings,
        retrySettings: plan.retrySettings,
        version: plan.version,
        createdAt: plan.createdAt,
        modifiedAt: plan.modifiedAt,
      })),
    );
  }
  return seeded;
}

export const plansStep: GeneratorStep = {
  name: 'plans',
  async run(ctx: SeedContext, rng: Random) {
    ctx.plans = await seedPlans(ctx.db, ctx.merchants, ctx.baseDate, rng);
  },
};
