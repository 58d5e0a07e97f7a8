import type { PlanDetail } from '@domain/contract/plans';
import type { Cycle } from '@domain/subscriptions-kpis';
import type { Queryable } from '../client';
import type { Random } from './random';

// The shapes the demo generator's steps share: a module of their own, so a step never imports generator.ts, which
// imports every step.

export interface DemoCredential {
  role: string;
  /** The account's short ID to type at sign-in; null for provider staff (admin sign-in). */
  accountId: string | null;
  email: string;
}

export interface DemoData {
  password: string;
  credentials: DemoCredential[];
}

export interface SeededSolution {
  id: string;
  prettyName: string;
}

export interface SeededProvider {
  acquirerId: string;
  prettyName: string;
  solutions: SeededSolution[];
}

export interface SeededAccount {
  id: string;
  shortId: string;
  prettyName: string;
  /** E-mail domain of its users, without the .example suffix. */
  domain: string;
  hasChargebacksFeature: boolean;
  createdAt: Date;
  providers: SeededProvider[];
}

export interface SeededMerchant {
  id: string;
  accountId: string;
  prettyName: string;
  country: string;
  mccCode: string;
  createdAt: Date;
}

/** A demo plan (src/server/db/seed/plans.ts): the stored row's fields in the API's shape. */
export type SeededPlan = Omit<PlanDetail, 'createdDate' | 'modifiedDate'> & {
  accountId: string;
  createdAt: Date;
  modifiedAt: Date;
};

/** How and when a subscription stops being charged (spec 1's cancellation sources, or a pause). */
export interface SubscriptionEnd {
  at: number;
  status: 'CANCELLED' | 'PAUSED';
  /** HARD_DECLINE, MERCHANT_API, END_PLAN, BACKOFFICE_API or DISPUTE; null for a pause. */
  reason: string | null;
  /** BACKOFFICE_API: the reason's label. */
  details: string | null;
}

/** What the subscriptions step writes of a subscription the generator started (payments-orders.ts `Subscription`). */
export interface SeededSubscription {
  /** The initial payment's id. */
  id: string;
  subscriptionId: string;
  /** The initial payment's account. */
  accountId: string;
  amount: number;
  plan: { id: string; cycle: Cycle };
  cycle: number;
  nextAt: number;
  end: SubscriptionEnd | null;
}

export interface SeededUser {
  id: string;
  email: string;
  role: string;
  userType: 'INTERNAL' | 'ACCOUNT';
  status: 'INVITED' | 'ACTIVE' | 'DEACTIVATED';
  accountIds: string[];
}

export interface SeedContext {
  db: Queryable;
  seed: number;
  baseDate: Date;
  /** The argon2 hash of DEMO_PASSWORD, computed once: hashing per user would dominate seeding time. */
  passwordHash: string;
  acquirers: { id: string; prettyName: string }[];
  /** Role id by role name. */
  roles: Map<string, string>;
  accounts: SeededAccount[];
  merchants: SeededMerchant[];
  users: SeededUser[];
  credentials: DemoCredential[];
  /** Transactions to generate in all (`npm run seed -- --transactions N`); the demo's default size when unset. */
  transactionTarget?: number | undefined;
  /** Transactions the payments step wrote. */
  transactionsCreated?: number;
  /** Progress lines for long runs. */
  progress?: ((message: string) => void) | undefined;
  /** Where the demo dispute templates are written (DATA_DIR/dispute-templates); none are made when unset. */
  disputeTemplatesDir?: string | undefined;
  /** Dispute cases the chargebacks step wrote. */
  chargebacksCreated?: number;
  /** The plans step's plans, 2 to 4 per merchant (the subscriptions follow them). */
  plans?: SeededPlan[];
  /** Risk alerts the risk alerts step wrote. */
  riskAlertsCreated?: number;
  /** The subscriptions the payments step started, as the generated history left them (the subscriptions step). */
  subscriptionsStarted?: SeededSubscription[];
  /** Subscriptions the subscriptions step wrote. */
  subscriptionsCreated?: number;
  /** Where the demo invoices' PDFs are written (DATA_DIR/invoice-documents); the rows are written without it too. */
  invoiceDocumentsDir?: string | undefined;
  /** Invoices the invoices step wrote. */
  invoicesCreated?: number;
}

export interface GeneratorStep {
  name: string;
  /** `rng` is the step's own stream (forked by name), so steps never shift each other's output. */
  run(ctx: SeedContext, rng: Random): Promise<void>;
}
