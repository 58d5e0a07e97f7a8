import { ROLE_NAMES } from '@domain/enums';
import { ROLE_DEFINITIONS } from '@domain/roles';
import { hash } from '@node-rs/argon2';
import type { Queryable } from '../client';
import {
  accountProviders,
  accounts,
  acquirers,
  merchants,
  roles,
  serverSettings,
  solutions,
  userAccounts,
  users,
} from '../schema';
import { activityStep } from './activity';
import { chargebacksStep } from './chargebacks';
import { exchangeRatesStep } from './exchange-rates';
import { invoicesStep } from './invoices';
import { paymentsStep } from './payments';
import { plansStep } from './plans';
import {
  ACCOUNTS,
  ACQUIRERS,
  BRAND_PREFIXES,
  BUSINESSES,
  COUNTRIES,
  FIRST_NAMES,
  JOB_TITLES,
  LAST_NAMES,
} from './pools';
import { createRandom } from './random';
import { riskAlertsStep } from './risk-alerts';
import type { DemoData, GeneratorStep, SeedContext, SeededAccount, SeededUser } from './seed-types';
import { subscriptionsStep } from './subscriptions';

export type {
  DemoCredential,
  DemoData,
  GeneratorStep,
  SeedContext,
  SeededAccount,
  SeededMerchant,
  SeededProvider,
  SeededSolution,
  SeededUser,
} from './seed-types';

import { savedViewsStep } from './saved-views';

// The demo world: a stand-in for the payment platform around the console (design.md, section 1). It is built by a
// list of steps sharing one context, so later areas (MIDs, routes, transactions, chargebacks...) append their own
// steps and find the accounts, merchants and users made before them. Demo data is written with plain inserts; the
// 'activity' step then writes the audit history that would have led to it.

export const DEMO_PASSWORD = 'Demo!pass2026';
export const DEMO_ADMIN_EMAIL = 'admin@ops.example';
/** Stored dates are derived from this instant, not from the clock, so a seed always yields the same rows. */
export const DEMO_BASE_DATE = new Date('2026-01-05T09:00:00.000Z');
/** server_settings key holding the e-mails of the demo sign-ins, in the order they are printed. */
export const DEMO_CREDENTIALS_KEY = 'demo_credentials';

const DAY_MS = 86_400_000;
const daysBefore = (date: Date, days: number) => new Date(date.getTime() - days * DAY_MS);
const daysAfter = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

const acquirersStep: GeneratorStep = {
  name: 'acquirers',
  async run(ctx, rng) {
    // Upsert by name: acquirers are shared reference data and may exist before the demo world.
    for (const seed of ACQUIRERS) {
      const [row] = await ctx.db
        .insert(acquirers)
        .values({ id: rng.uuid(), prettyName: seed.prettyName, description: seed.description })
        .onConflictDoUpdate({ target: acquirers.prettyName, set: { description: seed.description } })
        .returning({ id: acquirers.id, prettyName: acquirers.prettyName });
      ctx.acquirers.push(row!);
    }
  },
};

/**
 * Writes the role matrix of src/domain/roles.ts: new roles get `newId`, existing ones take the code's permissions, so
 * a database made by an older version follows the matrix on the next start. Answers the role ids by name.
 */
export async function syncRoles(db: Queryable, newId: () => string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const role of ROLE_DEFINITIONS) {
    const values = {
      prettyName: role.prettyName,
      isInternal: role.internal,
      allAllowed: role.allAllowed ?? false,
      permissions: [...role.permissions],
    };
    const [row] = await db
      .insert(roles)
      .values({ id: newId(), name: role.name, ...values })
      .onConflictDoUpdate({ target: roles.name, set: values })
      .returning({ id: roles.id });
    ids.set(role.name, row!.id);
  }
  return ids;
}

const rolesStep: GeneratorStep = {
  name: 'roles',
  async run(ctx, rng) {
    for (const [name, id] of await syncRoles(ctx.db, () => rng.uuid())) ctx.roles.set(name, id);
  },
};

const accountsStep: GeneratorStep = {
  name: 'accounts',
  async run(ctx, rng) {
    const chosen = rng.sample(ACCOUNTS, 4);
    const shortIds = new Set<string>();
    const byName = new Map(ctx.acquirers.map((acquirer) => [acquirer.prettyName, acquirer.id]));
    const real = ACQUIRERS.filter((acquirer) => acquirer.prettyName !== 'Sandbox Acquirer');
    const sandbox = ACQUIRERS.find((acquirer) => acquirer.prettyName === 'Sandbox Acquirer')!;

    for (const [index, seed] of chosen.entries()) {
      let shortId: string;
      do shortId = String(rng.int(100_000, 999_999));
      while (shortIds.has(shortId));
      shortIds.add(shortId);
      // The first account carries the demo role users, so it gets every feature; the second shows the account
      // without chargebacks (the dispute menu item disappears there).
      const hasChargebacksFeature = index === 0 || (index !== 1 && rng.bool(0.7));
      const providerSeeds = rng.sample(real, rng.int(3, 4));
      if (index === 0) providerSeeds.push(sandbox);
      const account: SeededAccount = {
        id: rng.uuid(),
        shortId,
        prettyName: seed.prettyName,
        domain: seed.domain,
        hasChargebacksFeature,
        createdAt: daysBefore(ctx.baseDate, rng.int(300, 420)),
        providers: providerSeeds.map((provider) => ({
          acquirerId: byName.get(provider.prettyName)!,
          prettyName: provider.prettyName,
          solutions: rng
            .sample(provider.solutions, rng.int(2, Math.min(4, provider.solutions.length)))
            .map((name) => ({ id: rng.uuid(), prettyName: name })),
        })),
      };
      ctx.accounts.push(account);
    }

    await ctx.db.insert(accounts).values(
      ctx.accounts.map((account) => ({
        id: account.id,
        shortId: account.shortId,
        prettyName: account.prettyName,
        image: null,
        hasChargebacksFeature: account.hasChargebacksFeature,
        createdAt: account.createdAt,
        updatedAt: account.createdAt,
      })),
    );
    await ctx.db
      .insert(accountProviders)
      .values(
        ctx.accounts.flatMap((account) =>
          account.providers.map((p) => ({ accountId: account.id, acquirerId: p.acquirerId })),
        ),
      );
    await ctx.db.insert(solutions).values(
      ctx.accounts.flatMap((account) =>
        account.providers.flatMap((provider, providerIndex) =>
          provider.solutions.map((solution, solutionIndex) => ({
            id: solution.id,
            accountId: account.id,
            acquirerId: provider.acquirerId,
            prettyName: solution.prettyName,
            createdAt: new Date(account.createdAt.getTime() + (providerIndex * 10 + solutionIndex) * 60_000),
          })),
        ),
      ),
    );
  },
};

const merchantsStep: GeneratorStep = {
  name: 'merchants',
  async run(ctx, rng) {
    const usedNames = new Set<string>();
    const rows: (typeof merchants.$inferInsert)[] = [];
    for (const account of ctx.accounts) {
      const count = rng.int(4, 8);
      for (let index = 0; index < count; index++) {
        let prefix: string;
        let business: (typeof BUSINESSES)[number];
        let prettyName: string;
        do {
          prefix = rng.pick(BRAND_PREFIXES);
          business = rng.pick(BUSINESSES);
          prettyName = `${prefix} ${business.noun}`;
        } while (usedNames.has(prettyName));
        usedNames.add(prettyName);

        const country = rng.pick(COUNTRIES);
        const host = `${slug(prefix)}${slug(business.noun)}.example`;
        const numberFirst = country.code === 'GB' || country.code === 'IE';
        const streetName = rng.pick(country.streets);
        const streetNumber = rng.int(1, 180);
        const [city, zipPrefix] = rng.pick(country.cities);
        // The merchant form allows 15 characters (spec 2, section 5): '+351 21 1234567' is the longest the pools make.
        const phone = () => `${country.phonePrefix} ${rng.digits(7)}`;
        const createdAt = daysAfter(account.createdAt, rng.int(1, 200));
        const withRedirects = rng.bool(0.6);
        const merchant = {
          id: rng.uuid(),
          accountId: account.id,
          prettyName,
          image: null,
          merchantLegalName: `${prettyName} ${country.legalSuffix}`,
          vatNumber: country.vat(rng.digits),
          corporateUrl: `https://www.${host}`,
          dba: rng.bool(0.5) ? prettyName : `${prefix} Online`,
          mccCode: business.mcc,
          street: numberFirst ? `${streetNumber} ${streetName}` : `${streetName} ${streetNumber}`,
          city,
          zipCode: country.zip(zipPrefix, rng.digits),
          country: country.code,
          email: `billing@${host}`,
          phone: rng.bool(0.7) ? phone() : null,
          supportUrl: `https://help.${host}`,
          supportEmail: `support@${host}`,
          supportPhone: rng.bool(0.5) ? phone() : null,
          webhooksNotificationsUrl: rng.bool(0.7) ? `https://api.${host}/webhooks/payments` : null,
          successRedirectUrl: withRedirects ? `https://www.${host}/checkout/success` : null,
          failedRedirectUrl: withRedirects ? `https://www.${host}/checkout/failed` : null,
          publicKey: `pk_live_${rng.alphanumeric(24)}`,
          privateKey: `sk_live_${rng.alphanumeric(40)}`,
          createdAt,
          updatedAt: createdAt,
        };
        rows.push(merchant);
        ctx.merchants.push({
          id: merchant.id,
          accountId: account.id,
          prettyName,
          country: country.code,
          mccCode: business.mcc,
          createdAt,
        });
      }
    }
    await ctx.db.insert(merchants).values(rows);
  },
};

interface PlannedUser {
  role: string;
  userType: SeededUser['userType'];
  status: SeededUser['status'];
  /** A fixed address (demo sign-ins), or the domain to build first.last@domain from the picked name. */
  email: string | { domain: string };
  accounts: SeededAccount[];
  /** Whether this is a demo sign-in (password and README row); other users only make the lists look lived-in. */
  credential?: boolean;
}

const emailLocalPart = (role: string) => role.toLowerCase().replaceAll('_', '-');
const nameSlug = (name: string) => slug(name.normalize('NFD').replace(/[\u0300-\u036f]/g, ''));

const usersStep: GeneratorStep = {
  name: 'users',
  async run(ctx, rng) {
    const [first, second, third, ...rest] = ctx.accounts as [
      SeededAccount,
      SeededAccount,
      SeededAccount,
      ...SeededAccount[],
    ];
    const accountUser = (
      role: string,
      account: SeededAccount,
      status: SeededUser['status'] = 'ACTIVE',
    ): PlannedUser => ({
      role,
      userType: 'ACCOUNT',
      status,
      email: `${emailLocalPart(role)}@${account.domain}.example`,
      accounts: [account],
    });
    const planned: PlannedUser[] = [
      {
        role: 'PROVIDER_ADMINISTRATOR',
        userType: 'INTERNAL',
        status: 'ACTIVE',
        email: DEMO_ADMIN_EMAIL,
        accounts: ctx.accounts,
      },
      // Staff linked to some accounts only: the other accounts must stay invisible to them.
      {
        role: 'PROVIDER_SUPPORT',
        userType: 'INTERNAL',
        status: 'ACTIVE',
        email: 'support@ops.example',
        accounts: [first, second],
      },
      ...ROLE_NAMES.map((role) => accountUser(role, first)),
      accountUser('ADMINISTRATOR', second),
      accountUser('MANAGER', second, 'INVITED'),
      accountUser('VIEWER', third),
      ...rest.map((account) => accountUser('ADMINISTRATOR', account)),
      // Appended last so the users above keep their names and ids: pending invitations, a deactivated user and
      // more provider staff, so the users list shows every status. None of them is a demo sign-in.
      ...(['PAYMENTS_SPECIALIST', 'VIEWER'] as const).map(
        (role): PlannedUser => ({
          role,
          userType: 'ACCOUNT',
          status: 'INVITED',
          email: { domain: `${first.domain}.example` },
          accounts: [first],
        }),
      ),
      {
        role: 'SUPPORT',
        userType: 'ACCOUNT',
        status: 'DEACTIVATED',
        email: { domain: `${first.domain}.example` },
        accounts: [first],
        credential: false,
      },
      {
        role: 'PROVIDER_SUPPORT',
        userType: 'INTERNAL',
        status: 'ACTIVE',
        email: { domain: 'ops.example' },
        accounts: [first, third],
        credential: false,
      },
    ];

    // Everyone who has signed in before carries a last activity in the weeks before the base date; its own stream
    // keeps the names and ids above where they were before last activity existed.
    const activityRng = rng.fork('last-activity');
    const taken = new Set<string>();
    const rows: (typeof users.$inferInsert)[] = [];
    for (const plan of planned) {
      const createdAt = daysAfter(plan.accounts[0]?.createdAt ?? ctx.baseDate, rng.int(1, 60));
      const id = rng.uuid();
      const firstName = rng.pick(FIRST_NAMES);
      const lastName = rng.pick(LAST_NAMES);
      let email = typeof plan.email === 'string' ? plan.email : '';
      if (typeof plan.email !== 'string') {
        const local = `${nameSlug(firstName)}.${nameSlug(lastName)}`;
        email = `${local}@${plan.email.domain}`;
        for (let n = 2; taken.has(email); n++) email = `${local}${n}@${plan.email.domain}`;
      }
      taken.add(email);
      const credential = plan.credential ?? plan.status === 'ACTIVE';
      const lastActivity =
        plan.status === 'INVITED' ? null : new Date(ctx.baseDate.getTime() - activityRng.int(5, 20 * 24 * 60) * 60_000);
      rows.push({
        id,
        email,
        firstName,
        lastName,
        jobTitle: rng.pick(JOB_TITLES[plan.role] ?? ['Operations']),
        userType: plan.userType,
        roleId: ctx.roles.get(plan.role)!,
        status: plan.status,
        passwordHash: credential ? ctx.passwordHash : null,
        lastActivity,
        createdAt,
        updatedAt: createdAt,
      });
      ctx.users.push({
        id,
        email,
        role: plan.role,
        userType: plan.userType,
        status: plan.status,
        accountIds: plan.accounts.map((account) => account.id),
      });
      if (credential) {
        ctx.credentials.push({
          role: plan.role,
          accountId: plan.userType === 'INTERNAL' ? null : plan.accounts[0]!.shortId,
          email,
        });
      }
    }
    await ctx.db.insert(users).values(rows);
    await ctx.db
      .insert(userAccounts)
      .values(ctx.users.flatMap((user) => user.accountIds.map((accountId) => ({ userId: user.id, accountId }))));
  },
};

const credentialsStep: GeneratorStep = {
  name: 'credentials',
  async run(ctx) {
    const value = JSON.stringify(ctx.credentials.map((credential) => credential.email));
    await ctx.db
      .insert(serverSettings)
      .values({ key: DEMO_CREDENTIALS_KEY, value })
      .onConflictDoUpdate({ target: serverSettings.key, set: { value } });
  },
};

/** The steps in order. Later areas append theirs (after 'users', before nothing in particular). */
export const DEMO_STEPS: GeneratorStep[] = [
  acquirersStep,
  rolesStep,
  accountsStep,
  merchantsStep,
  // Plans right after the merchants: initial payments subscribe to them and renewals follow their cycles.
  plansStep,
  usersStep,
  activityStep,
  credentialsStep,
  // Rates before payments: the dashboard rollup converts amounts as it is written.
  exchangeRatesStep,
  paymentsStep,
  chargebacksStep,
  riskAlertsStep,
  subscriptionsStep,
  // After the payments: an invoice counts its period's successful payments.
  invoicesStep,
  // Issue 26: a shared 'Declined this month' view per account.
  savedViewsStep,
];

export interface GenerateOptions {
  seed?: number;
  steps?: readonly GeneratorStep[];
  baseDate?: Date;
  /** Transactions to generate in all; the demo's default size when unset. */
  transactions?: number;
  onProgress?: (message: string) => void;
  /** The folder for the demo dispute templates' files (DATA_DIR/dispute-templates); without it, no templates. */
  disputeTemplatesDir?: string;
  /** The folder for the demo invoices' PDFs (DATA_DIR/invoice-documents); without it, the rows only. */
  invoiceDocumentsDir?: string;
}

let cachedHash: Promise<string> | undefined;
const demoPasswordHash = () => {
  cachedHash ??= hash(DEMO_PASSWORD);
  return cachedHash;
};

/**
 * Builds the demo world in one transaction, deterministically from the seed. Expects a database without demo
 * data (see ensureDemoData and resetDatabase).
 */
export async function generateDemoData(
  db: Queryable,
  options: GenerateOptions = {},
): Promise<DemoData & { context: SeedContext }> {
  const seed = options.seed ?? 1;
  const steps = options.steps ?? DEMO_STEPS;
  const passwordHash = await demoPasswordHash();
  const root = createRandom(seed);
  let context: SeedContext | undefined;
  await db.transaction(async (tx) => {
    const ctx: SeedContext = {
      db: tx,
      seed,
      baseDate: options.baseDate ?? DEMO_BASE_DATE,
      passwordHash,
      acquirers: [],
      roles: new Map(),
      accounts: [],
      merchants: [],
      users: [],
      credentials: [],
      transactionTarget: options.transactions,
      progress: options.onProgress,
      disputeTemplatesDir: options.disputeTemplatesDir,
      invoiceDocumentsDir: options.invoiceDocumentsDir,
    };
    for (const step of steps) await step.run(ctx, root.fork(step.name));
    context = ctx;
  });
  return { password: DEMO_PASSWORD, credentials: context!.credentials, context: context! };
}
