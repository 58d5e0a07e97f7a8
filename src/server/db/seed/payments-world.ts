import { createRouter, type Router, type RoutingMid, type RoutingRoute } from '@domain/routing';
import { SAME_DAY_BLOCKING_PROVIDERS } from './payments-data';
import type { Random } from './random';
import type { SeededAccount, SeededProvider, SeededSolution } from './seed-types';
import type { WorldPlan } from './subscription-plans';

// The routing set-up of each demo merchant: MIDs on the account's providers and the routes between them, built so
// that generated traffic shows every routing rule — criteria on routes and on MIDs, priority groups, weight splits,
// fallback to a synchronous MID, a route at weight 0, a route whose MID is disabled, and an asynchronous MID that
// cannot take a fallback.

const DAY_MS = 86_400_000;
export const SANDBOX_ACQUIRER_NAME = 'Sandbox Acquirer';

export interface PaymentsMerchant {
  id: string;
  accountId: string;
  prettyName: string;
  dba: string;
  country: string;
  mccCode: string;
  /** The shop's host (www.<host> is its checkout). */
  host: string;
  createdAt: Date;
}

export interface WorldMid extends RoutingMid {
  readonly id: string;
  readonly accountId: string;
  readonly merchantId: string;
  readonly description: string;
  readonly midAcquirerId: string;
  readonly acquirerId: string;
  readonly acquirerName: string;
  readonly solutionId: string;
  readonly solutionName: string;
  readonly enable: boolean;
  readonly synchronous: boolean;
  readonly providerBlocksSameDay: boolean;
  readonly force3ds: string | null;
  readonly currency: string[];
  readonly issuerCountry: string[];
  readonly cardBrand: string[];
  readonly url: string[];
  readonly customTag: string[];
  readonly binCode: string[];
  readonly customConfig: Record<string, string>;
  readonly createdAt: Date;
}

export interface WorldRoute extends RoutingRoute {
  readonly id: string;
  readonly accountId: string;
  readonly merchantId: string;
  readonly description: string;
  readonly priority: number;
  readonly weight: number;
  readonly midId: string;
  readonly fallbackMidId: string | null;
  readonly currency: string[];
  readonly issuerCountry: string[];
  readonly cardBrand: string[];
  readonly url: string[];
  readonly customTag: string[];
  readonly binCode: string[];
  readonly createdAt: Date;
}

export interface MerchantWorld {
  merchant: PaymentsMerchant;
  mids: WorldMid[];
  routes: WorldRoute[];
  router: Router<WorldRoute, WorldMid>;
  /** When traffic can start: the day after the last route was set up. */
  liveFrom: Date;
  /** The merchant's subscription plans: initial payments subscribe to one, renewals follow it. */
  plans: WorldPlan[];
}

type Criteria = Partial<Pick<WorldMid, 'currency' | 'issuerCountry' | 'cardBrand' | 'url' | 'customTag' | 'binCode'>>;

const EMPTY_CRITERIA = { currency: [], issuerCountry: [], cardBrand: [], url: [], customTag: [], binCode: [] };

interface Placement {
  provider: SeededProvider;
  solution: SeededSolution;
}

/**
 * Acquirer-specific fields as each acquirer's MID template asks for them (src/server/payments/acquirer-templates.ts),
 * credentials included: the seed seals those before writing (payments.ts).
 */
function customConfig(rng: Random, acquirer: string, merchant: PaymentsMerchant): Record<string, string> {
  const account = merchant.prettyName.replace(/[^A-Za-z0-9]/g, '');
  const key = (prefix: string, length = 32) => `${prefix}${rng.alphanumeric(length)}`;
  switch (acquirer) {
    case 'Adyen':
      return { merchantAccount: `${account.slice(0, 60)}ECOM`, apiKey: key('AQE', 40), hmacKey: rng.hex(32) };
    case 'Worldpay':
      return { merchantCode: account.toUpperCase().slice(0, 16), installationId: rng.digits(7), xmlPassword: key('') };
    case 'Checkout.com':
      return { processingChannelId: `pc_${rng.alphanumeric(26).toLowerCase()}`, secretKey: key('sk_', 36) };
    case 'Nuvei':
      return { merchantId: rng.digits(10), merchantSiteId: rng.digits(6), secretKey: key('', 40) };
    case 'Redsys':
      return { merchantCode: rng.digits(9), terminal: rng.digits(3), signatureKey: key('sq7Hj', 27) };
    case 'Trust Payments':
      return {
        siteReference: `${account.toLowerCase().slice(0, 20)}${rng.digits(5)}`,
        webServicesUser: `ws@${account.toLowerCase().slice(0, 30)}.example`,
        webServicesPassword: key(''),
      };
    case 'Paysafe':
      return { accountId: rng.digits(10), apiUsername: `pmle-${rng.digits(6)}`, apiPassword: key('B-qa2-0-', 40) };
    case SANDBOX_ACQUIRER_NAME:
      return { testReference: `${account.slice(0, 40)} sandbox` };
    default:
      return {};
  }
}

const acquirerCode = (name: string) =>
  name
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase();

/**
 * MIDs and routes of one merchant. `withSandbox` adds a MID per sandbox solution to the merchant's EUR traffic, so
 * the demo holds payments whose refunds answer every way the sandbox acquirer can.
 */
export function buildMerchantWorld(
  rng: Random,
  account: SeededAccount,
  merchant: PaymentsMerchant,
  withSandbox: boolean,
): MerchantWorld {
  const real = account.providers.filter((provider) => provider.prettyName !== SANDBOX_ACQUIRER_NAME);
  const sandbox = account.providers.find((provider) => provider.prettyName === SANDBOX_ACQUIRER_NAME);
  const placements = rng.shuffle(
    real.flatMap((provider) => provider.solutions.map((solution): Placement => ({ provider, solution }))),
  );
  const placement = (index: number) => placements[index % placements.length]!;
  const setUp = new Date(merchant.createdAt.getTime() + rng.int(1, 6) * DAY_MS);
  let minutes = 0;
  /** Set-up happens in one sitting: each MID and route a few minutes after the previous one. */
  const nextStamp = () => {
    minutes += rng.int(2, 9);
    return new Date(setUp.getTime() + minutes * 60_000 + rng.int(0, 59_999));
  };

  const mids: WorldMid[] = [];
  const mid = (
    where: Placement,
    purpose: string,
    options: { criteria?: Criteria; synchronous?: boolean; enable?: boolean; force3ds?: string | null } = {},
  ): WorldMid => {
    const created = nextStamp();
    const id = rng.uuid();
    const made: WorldMid = {
      id,
      accountId: merchant.accountId,
      merchantId: merchant.id,
      description: `${where.provider.prettyName} ${where.solution.prettyName} - ${purpose}`.slice(0, 100),
      midAcquirerId: `${acquirerCode(where.provider.prettyName)}-${rng.digits(9)}`,
      acquirerId: where.provider.acquirerId,
      acquirerName: where.provider.prettyName,
      solutionId: where.solution.id,
      solutionName: where.solution.prettyName,
      enable: options.enable ?? true,
      synchronous: options.synchronous ?? true,
      providerBlocksSameDay: SAME_DAY_BLOCKING_PROVIDERS.has(where.provider.prettyName),
      force3ds: options.force3ds === undefined ? null : options.force3ds,
      ...EMPTY_CRITERIA,
      ...options.criteria,
      // Its own stream: the template's fields can change without shifting the rest of the world.
      customConfig: customConfig(rng.fork(`config ${id}`), where.provider.prettyName, merchant),
      createdAt: created,
    };
    mids.push(made);
    return made;
  };

  const primary = mid(placement(0), 'main', {
    force3ds: rng.weighted<string | null>([
      [null, 50],
      ['PREFERRED_3DS', 30],
      ['REQUIRED_3DS', 10],
      ['INDIFFERENT', 10],
    ]),
  });
  const secondary = mid(placement(1), 'backup');
  const northAmerica = rng.bool(0.35);
  const regional = northAmerica
    ? mid(placement(2), 'North America', { criteria: { currency: ['USD'], issuerCountry: ['US', 'CA'] } })
    : mid(placement(2), 'UK cards', { criteria: { currency: ['GBP'], issuerCountry: ['GB', 'IE'] } });
  // Charge cards answered by notification: asynchronous, so no fallback can follow a decline there.
  const premium = mid(placement(3), 'AMEX & Diners', {
    criteria: { cardBrand: ['AMEX', 'DINERS', 'JCB'] },
    synchronous: false,
  });
  const legacy = rng.bool(0.5) ? mid(placement(4), 'legacy', { enable: false }) : undefined;
  const sandboxMids =
    withSandbox && sandbox ? sandbox.solutions.map((solution) => mid({ provider: sandbox, solution }, 'sandbox')) : [];

  const routes: WorldRoute[] = [];
  const route = (
    description: string,
    priority: number,
    weight: number,
    target: WorldMid,
    fallback: WorldMid | null,
    criteria: Criteria = {},
  ) => {
    const created = nextStamp();
    routes.push({
      id: rng.uuid(),
      accountId: merchant.accountId,
      merchantId: merchant.id,
      description,
      priority,
      weight,
      midId: target.id,
      // A fallback MID is only allowed together with synchronous MIDs (spec 2, section 2.4).
      fallbackMidId: fallback && target.synchronous && fallback.synchronous ? fallback.id : null,
      ...EMPTY_CRITERIA,
      ...criteria,
      createdAt: created,
    });
  };

  route('Default route', 1, 100, primary, secondary);
  if (rng.bool(0.85) || sandboxMids.length > 0) {
    const eur = { currency: ['EUR'] };
    route('EUR traffic', 5, 70, primary, secondary, eur);
    route('EUR traffic', 5, 30, secondary, primary, eur);
    for (const sandboxMid of sandboxMids) {
      route(`EUR traffic - sandbox ${sandboxMid.solutionName}`, 5, 12, sandboxMid, null, eur);
    }
  }
  if (northAmerica) {
    route('North America', 7, 100, regional, primary, { currency: ['USD'], issuerCountry: ['US', 'CA'] });
  } else {
    route('UK issuers', 7, 100, regional, primary, { currency: ['GBP'], issuerCountry: ['GB'] });
  }
  if (rng.bool(0.8)) route('AMEX & Diners', 8, 100, premium, null, { cardBrand: ['AMEX', 'DINERS'] });
  if (rng.bool(0.6)) route('VIP shoppers', 9, 100, secondary, primary, { customTag: ['VIP'] });
  if (rng.bool(0.5)) route('EU checkout', 6, 100, secondary, primary, { url: [`www.${merchant.host}/eu`] });
  if (rng.bool(0.4)) {
    route('Trials', 4, 60, secondary, primary, { customTag: ['TRIAL'] });
    route('Trials', 4, 40, primary, secondary, { customTag: ['TRIAL'] });
  }
  // Kept for testing cards but switched off: weight 0 takes no traffic.
  if (rng.bool(0.5)) route('Test BINs', 10, 0, primary, null, { binCode: ['400000', '510510'] });
  if (legacy) route('Legacy acquirer', 6, 50, legacy, primary, { currency: ['EUR', 'USD'] });

  const lastSetUp = Math.max(...routes.map((r) => r.createdAt.getTime()));
  return {
    merchant,
    mids,
    routes,
    router: createRouter(routes, mids),
    liveFrom: new Date(lastSetUp + DAY_MS),
    plans: [],
  };
}
