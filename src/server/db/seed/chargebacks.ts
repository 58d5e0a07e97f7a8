import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CHARGEBACK_REASONS,
  CHARGEBACK_STATUSES,
  type ChargebackReason,
  type ChargebackStatus,
  type FraudType,
} from '@domain/enums';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { buildDocx } from '../../lib/docx';
import { chargebackAgents, disputeTemplates, users } from '../schema';
import {
  CHARGEBACK_REASON_WEIGHTS,
  CUSTOM_FIELDS,
  DEMO_TEMPLATE_FILE_NAME,
  DEMO_TEMPLATE_KEY,
  DEMO_TEMPLATE_PARAGRAPHS,
  EXPIRED_STATUS_WEIGHTS,
  FRAUD_TYPE_WEIGHTS,
  OPEN_STATUS_WEIGHTS,
  OTHERS_SHARE,
  REASON_CODES,
  RESPONSE_DAYS,
  RETRIEVAL_REASON_WEIGHTS,
} from './chargebacks-data';
import { bulkInsert, type Column } from './payments';
import { FIRST_NAMES, LAST_NAMES } from './pools';
import type { Random } from './random';
import type { GeneratorStep, SeedContext, SeededAccount } from './seed-types';

// The chargebacks step of the demo world: a dispute case for every CHARGEBACK and INFORMATION_REQUESTED (retrieval)
// transaction the payments step booked, in the accounts with the chargebacks feature only (the others never see the
// dispute manager). Each case takes its payment's amount, currency and merchant and the chargeback's date as its
// notification date; reason, status, agent (or Others) and the rest are invented so that the queue shows every
// reason, operation and status, open and expired cases, second chargebacks, refunds, custom fields and CRM links. The
// step also gives each of those accounts its dispute agents and a demo Default template (a real .docx built by code)
// when the caller names the folder templates are kept in.

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Rows per INSERT statement (the chargebacks of a ten-million-transaction run stay within a few statements). */
const BATCH_ROWS = 5_000;

interface DisputeTransaction {
  id: string;
  accountId: string;
  merchantId: string;
  paymentId: string;
  transactionType: 'CHARGEBACK' | 'INFORMATION_REQUESTED';
  amount: number;
  currency: string;
  createdAt: Date;
  cardBrand: string | null;
  cardHolder: string | null;
  orderId: string;
  shopperEmail: string | null;
}

interface CaseRow {
  id: string;
  accountId: string;
  merchantId: string;
  paymentTransactionId: string;
  disputeTransactionId: string;
  caseId: string;
  disputeId: string | null;
  operation: 'CHARGEBACK' | 'RETRIEVAL';
  status: ChargebackStatus;
  reason: ChargebackReason;
  reasonCode: string;
  reasonProcessor: string;
  /** Not a column: the card network whose codes the reason carries, kept so a moved reason gets its own codes. */
  network: ReturnType<typeof networkOf>;
  fraudType: FraudType | null;
  amount: number;
  currency: string;
  notificationDate: Date;
  expirationDate: Date;
  hasPreviousChargebacks: boolean;
  hasRefund: boolean;
  customerName: string | null;
  orderId: string;
  customerEmail: string | null;
  custom: { label: string; value: string }[];
  externalUrl: string | null;
  agentId: string | null;
  assignedToOthers: boolean;
  agentAssignedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const CASE_COLUMNS: readonly Column<CaseRow>[] = [
  ['id', 'uuid', (r) => r.id],
  ['account_id', 'uuid', (r) => r.accountId],
  ['merchant_id', 'uuid', (r) => r.merchantId],
  ['payment_transaction_id', 'uuid', (r) => r.paymentTransactionId],
  ['dispute_transaction_id', 'uuid', (r) => r.disputeTransactionId],
  ['case_id', 'text', (r) => r.caseId],
  ['dispute_id', 'text', (r) => r.disputeId],
  ['operation', 'text', (r) => r.operation],
  ['status', 'text', (r) => r.status],
  ['reason', 'text', (r) => r.reason],
  ['reason_code', 'text', (r) => r.reasonCode],
  ['reason_processor', 'text', (r) => r.reasonProcessor],
  ['fraud_type', 'text', (r) => r.fraudType],
  ['amount', 'bigint', (r) => r.amount],
  ['currency', 'text', (r) => r.currency],
  ['notification_date', 'timestamptz', (r) => iso(r.notificationDate)],
  ['expiration_date', 'timestamptz', (r) => iso(r.expirationDate)],
  ['has_previous_chargebacks', 'boolean', (r) => r.hasPreviousChargebacks],
  ['has_refund', 'boolean', (r) => r.hasRefund],
  ['customer_name', 'text', (r) => r.customerName],
  ['order_id', 'text', (r) => r.orderId],
  ['customer_email', 'text', (r) => r.customerEmail],
  ['custom', 'jsonb', (r) => JSON.stringify(r.custom)],
  ['external_url', 'text', (r) => r.externalUrl],
  ['agent_id', 'uuid', (r) => r.agentId],
  ['assigned_to_others', 'boolean', (r) => r.assignedToOthers],
  ['agent_assigned_at', 'timestamptz', (r) => iso(r.agentAssignedAt)],
  ['created_at', 'timestamptz', (r) => iso(r.createdAt)],
  ['updated_at', 'timestamptz', (r) => iso(r.updatedAt)],
];

/** The card network whose reason codes a case carries. */
const networkOf = (brand: string | null): 'VISA' | 'MC' | 'AMEX' | 'OTHER' => {
  if (brand === 'VISA') return 'VISA';
  if (brand === 'MC' || brand === 'MAESTRO') return 'MC';
  if (brand === 'AMEX') return 'AMEX';
  return 'OTHER';
};

async function loadDisputeTransactions(ctx: SeedContext, accountIds: string[]): Promise<DisputeTransaction[]> {
  const result = await ctx.db.execute(sql`
    select c.id, c.account_id as "accountId", c.merchant_id as "merchantId", c.parent_id as "paymentId",
           c.transaction_type as "transactionType", c.amount::float8 as amount, c.currency,
           c.created_at as "createdAt", p.card_brand as "cardBrand", p.card_holder as "cardHolder",
           p.reference_order_id as "orderId", p.shopper_email as "shopperEmail"
    from transactions c
    join transactions p on p.id = c.parent_id
    where c.transaction_type in ('CHARGEBACK', 'INFORMATION_REQUESTED')
      and c.account_id in (${sql.join(
        accountIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
    order by c.created_at, c.id`);
  return (result as unknown as { rows: DisputeTransaction[] }).rows.map((row) => ({
    ...row,
    amount: Number(row.amount),
    createdAt: new Date(row.createdAt),
  }));
}

interface Agent {
  id: string;
  accountId: string;
}

/** Four to six agents per account: some are console users of the account, the others outside dispute staff. */
async function createAgents(ctx: SeedContext, rng: Random, accounts: SeededAccount[]): Promise<Map<string, Agent[]>> {
  const people = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(
      and(
        inArray(
          users.id,
          ctx.users.map((user) => user.id),
        ),
        eq(users.status, 'ACTIVE'),
      ),
    );
  const personById = new Map(people.map((person) => [person.id, person]));
  const rows: (typeof chargebackAgents.$inferInsert)[] = [];
  const byAccount = new Map<string, Agent[]>();
  for (const account of accounts) {
    const taken = new Set<string>();
    const agents: Agent[] = [];
    const workers = ctx.users.filter(
      (user) =>
        user.userType === 'ACCOUNT' &&
        user.accountIds.includes(account.id) &&
        ['PAYMENTS_SPECIALIST', 'SUPPORT', 'MANAGER'].includes(user.role) &&
        personById.has(user.id),
    );
    for (const worker of workers.slice(0, 2)) {
      const person = personById.get(worker.id)!;
      const name = `${person.firstName} ${person.lastName}`;
      if (taken.has(name.toLowerCase())) continue;
      taken.add(name.toLowerCase());
      const id = rng.uuid();
      rows.push({
        id,
        accountId: account.id,
        name,
        email: person.email,
        userId: person.id,
        createdAt: new Date(account.createdAt.getTime() + 30 * DAY_MS),
      });
      agents.push({ id, accountId: account.id });
    }
    const target = rng.int(4, 6);
    while (agents.length < target) {
      const first = rng.pick(FIRST_NAMES);
      const last = rng.pick(LAST_NAMES);
      const name = `${first} ${last}`;
      if (taken.has(name.toLowerCase())) continue;
      taken.add(name.toLowerCase());
      const id = rng.uuid();
      const local = `${first}.${last}`
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z.]/g, '');
      rows.push({
        id,
        accountId: account.id,
        name,
        email: `${local}@disputes.${account.domain}.example`,
        userId: null,
        createdAt: new Date(account.createdAt.getTime() + rng.int(20, 90) * DAY_MS),
      });
      agents.push({ id, accountId: account.id });
    }
    byAccount.set(account.id, agents);
  }
  if (rows.length > 0) await ctx.db.insert(chargebackAgents).values(rows);
  return byAccount;
}

/** A case for one dispute transaction; the coverage pass below may still change its status or reason. */
function buildCase(
  ctx: SeedContext,
  rng: Random,
  dispute: DisputeTransaction,
  account: SeededAccount,
  agents: readonly Agent[],
  caseIds: Set<string>,
): CaseRow {
  const now = ctx.baseDate.getTime();
  const operation = dispute.transactionType === 'CHARGEBACK' ? 'CHARGEBACK' : 'RETRIEVAL';
  const reason = rng.weighted(operation === 'CHARGEBACK' ? CHARGEBACK_REASON_WEIGHTS : RETRIEVAL_REASON_WEIGHTS);
  const notified = dispute.createdAt.getTime();
  const [minDays, maxDays] = RESPONSE_DAYS[operation];
  const expirationDate = new Date(notified + rng.int(minDays, maxDays) * DAY_MS);
  const expired = expirationDate.getTime() < now;
  const status = rng.weighted(expired ? EXPIRED_STATUS_WEIGHTS : OPEN_STATUS_WEIGHTS);

  let caseId: string;
  do caseId = `${operation === 'CHARGEBACK' ? 'CB' : 'RR'}-${rng.digits(8)}`;
  while (caseIds.has(caseId));
  caseIds.add(caseId);

  const custom: { label: string; value: string }[] = [];
  if (rng.bool(0.55)) {
    for (const field of rng.sample(CUSTOM_FIELDS, rng.int(2, 4))) {
      custom.push({ label: field.label, value: field.value(rng.pick, rng.digits) });
    }
  }
  const customerName =
    dispute.cardHolder && rng.bool(0.8) ? dispute.cardHolder : `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
  // Worked cases were touched after the notification; a case is never touched after the seed's now.
  const touched = status === 'TO_DO' ? notified : Math.min(notified + rng.int(2, 20 * 24) * HOUR_MS, now - HOUR_MS);
  const assigned = agents.length > 0 && rng.bool(status === 'TO_DO' ? 0.25 : 0.7);
  // Some cases are handled outside the agent list (by the acquirer or a lawyer): assigned to Others.
  const toOthers = assigned && rng.bool(OTHERS_SHARE);
  const assignedAt = assigned ? Math.max(notified, Math.min(notified + rng.int(1, 48) * HOUR_MS, now - HOUR_MS)) : null;
  const network = networkOf(dispute.cardBrand);
  const code = REASON_CODES[reason][network];
  return {
    id: rng.uuid(),
    accountId: dispute.accountId,
    merchantId: dispute.merchantId,
    paymentTransactionId: dispute.paymentId,
    disputeTransactionId: dispute.id,
    caseId,
    disputeId: rng.bool(0.94) ? rng.digits(operation === 'CHARGEBACK' ? 12 : 10) : null,
    operation,
    status,
    reason,
    reasonCode: code.split(' ')[0]!,
    reasonProcessor: code,
    network,
    fraudType: null,
    amount: dispute.amount,
    currency: dispute.currency,
    notificationDate: dispute.createdAt,
    expirationDate,
    hasPreviousChargebacks: operation === 'CHARGEBACK' && rng.bool(0.12),
    hasRefund: rng.bool(0.1),
    customerName,
    orderId: dispute.orderId,
    customerEmail: dispute.shopperEmail,
    custom,
    externalUrl: rng.bool(0.4) ? `https://crm.${account.domain}.example/cases/${caseId}` : null,
    agentId: assigned && !toOthers ? rng.pick(agents).id : null,
    assignedToOthers: toOthers,
    agentAssignedAt: assignedAt === null ? null : new Date(assignedAt),
    createdAt: dispute.createdAt,
    updatedAt: new Date(Math.max(touched, assignedAt ?? notified)),
  };
}

/**
 * Makes sure every status and every reason appears in the account's queue (when it has enough cases), and every
 * chargeback reason among cases that expired over a week before the seed's now (what 'Hide expired' takes out of the
 * queue, so a journey can work on one without touching the open queue), by moving a case off the most common value;
 * then sets fraud types, which only fraud claims carry.
 */
function cover(rng: Random, cases: CaseRow[], now: number): void {
  const fill = <K extends 'status' | 'reason'>(
    key: K,
    values: readonly CaseRow[K][],
    among: CaseRow[],
    eligible: (row: CaseRow) => boolean,
  ) => {
    if (among.length < values.length * 2) return;
    for (const value of values) {
      const counts = new Map<CaseRow[K], number>();
      for (const row of among) counts.set(row[key], (counts.get(row[key]) ?? 0) + 1);
      if (counts.has(value)) continue;
      const [common] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
      const candidates = among.filter((row) => row[key] === common && eligible(row));
      if (candidates.length > 0) rng.pick(candidates)[key] = value;
    }
  };
  const isChargeback = (row: CaseRow) => row.operation === 'CHARGEBACK';
  fill('status', CHARGEBACK_STATUSES, cases, () => true);
  fill('reason', CHARGEBACK_REASONS, cases, isChargeback);
  const longExpired = cases.filter((row) => isChargeback(row) && row.expirationDate.getTime() < now - 7 * DAY_MS);
  fill('reason', CHARGEBACK_REASONS, longExpired, () => true);
  for (const row of cases) {
    // A moved reason carries its own network codes.
    const code = REASON_CODES[row.reason][row.network];
    row.reasonCode = code.split(' ')[0]!;
    row.reasonProcessor = code;
    if (row.reason !== 'FraudNoCardholderAuthorization') continue;
    // Agents classify a fraud claim once they work it; new cases mostly wait for it.
    if (rng.bool(row.status === 'TO_DO' ? 0.3 : 0.8)) row.fraudType = rng.weighted(FRAUD_TYPE_WEIGHTS);
  }
}

/** One demo Default template per account, written to the templates folder under a generated name. */
async function createTemplates(ctx: SeedContext, rng: Random, accounts: SeededAccount[], dir: string): Promise<void> {
  const file = buildDocx(DEMO_TEMPLATE_PARAGRAPHS);
  await mkdir(dir, { recursive: true });
  const rows: (typeof disputeTemplates.$inferInsert)[] = [];
  for (const account of accounts) {
    const uploader = ctx.users.find(
      (user) => user.userType === 'ACCOUNT' && user.role === 'ADMINISTRATOR' && user.accountIds.includes(account.id),
    );
    const storedName = `${rng.uuid()}.docx`;
    await writeFile(join(dir, storedName), file);
    rows.push({
      id: rng.uuid(),
      accountId: account.id,
      templateKey: DEMO_TEMPLATE_KEY,
      fileName: DEMO_TEMPLATE_FILE_NAME,
      storedName,
      sizeBytes: file.length,
      uploadedBy: uploader?.id ?? null,
      uploadedAt: new Date(account.createdAt.getTime() + rng.int(30, 60) * DAY_MS),
    });
  }
  if (rows.length > 0) await ctx.db.insert(disputeTemplates).values(rows);
}

export const chargebacksStep: GeneratorStep = {
  name: 'chargebacks',
  async run(ctx, rng) {
    const accounts = ctx.accounts.filter((account) => account.hasChargebacksFeature);
    if (accounts.length === 0) return;
    const agentsByAccount = await createAgents(ctx, rng.fork('agents'), accounts);
    if (ctx.disputeTemplatesDir) {
      await createTemplates(ctx, rng.fork('templates'), accounts, ctx.disputeTemplatesDir);
    }

    const disputes = await loadDisputeTransactions(
      ctx,
      accounts.map((account) => account.id),
    );
    const caseRng = rng.fork('cases');
    const caseIds = new Set<string>();
    const byAccount = new Map<string, CaseRow[]>();
    const accountById = new Map(accounts.map((account) => [account.id, account]));
    for (const dispute of disputes) {
      const account = accountById.get(dispute.accountId)!;
      const row = buildCase(ctx, caseRng, dispute, account, agentsByAccount.get(account.id) ?? [], caseIds);
      const own = byAccount.get(account.id);
      if (own) own.push(row);
      else byAccount.set(account.id, [row]);
    }
    const coverRng = rng.fork('coverage');
    for (const account of accounts) cover(coverRng, byAccount.get(account.id) ?? [], ctx.baseDate.getTime());

    const rows = accounts.flatMap((account) => byAccount.get(account.id) ?? []);
    for (let start = 0; start < rows.length; start += BATCH_ROWS) {
      await ctx.db.execute(bulkInsert('chargebacks', CASE_COLUMNS, rows.slice(start, start + BATCH_ROWS)));
    }
    ctx.chargebacksCreated = rows.length;
  },
};
