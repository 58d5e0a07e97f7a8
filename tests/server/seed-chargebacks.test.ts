import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CHARGEBACK_REASONS, CHARGEBACK_STATUSES, DISPUTE_OPERATIONS } from '@domain/enums';
import type { Database, Db } from '@server/db/client';
import { accounts, chargebackAgents, chargebacks, disputeTemplates, transactions } from '@server/db/schema';
import { docxText, fillDocx, inspectDocx } from '@server/lib/docx';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoWorld, openDemoWorld, WORLD_HOOK_TIMEOUT, WORLD_NOW } from './helpers/demo-world';

// The disputes of the demo world: a case for every chargeback and retrieval the payments step booked, in the accounts
// with the chargebacks feature only, with agents and a demo Default template built by code.

const NOW = WORLD_NOW;
const START_OF_TODAY = new Date('2026-03-10T00:00:00.000Z');

let worlds: DemoWorld[];
let first: Database;
let second: Database;
let withoutStep: Database;
let firstDir: string;
let secondDir: string;
type Case = typeof chargebacks.$inferSelect;
type Transaction = typeof transactions.$inferSelect;
let cases: Case[];
let transactionById: Map<string, Transaction>;
let featureAccounts: Set<string>;
let allAccounts: string[];

async function digest(db: Db, table: string) {
  // Password hashes are salted at random: each world, built by a run of its own, has its own.
  const result = await db.execute(
    sql.raw(`select md5(coalesce(string_agg((to_jsonb(t) - 'password_hash')::text, '|' order by t.id), '')) as digest,
                    count(*)::int as n
             from ${table} t`),
  );
  return (result as unknown as { rows: { digest: string; n: number }[] }).rows[0]!;
}

beforeAll(async () => {
  worlds = await Promise.all([
    openDemoWorld('seed1'),
    openDemoWorld('seed1-again'),
    openDemoWorld('seed1-without-chargebacks'),
  ]);
  [first, second, withoutStep] = worlds.map((world) => world.database) as [Database, Database, Database];
  [firstDir, secondDir] = [worlds[0]!.templatesDir, worlds[1]!.templatesDir];
  cases = await first.db.select().from(chargebacks);
  const rows = await first.db.select().from(transactions);
  transactionById = new Map(rows.map((row) => [row.id, row]));
  const accountRows = await first.db.select().from(accounts);
  allAccounts = accountRows.map((account) => account.id);
  featureAccounts = new Set(accountRows.filter((a) => a.hasChargebacksFeature).map((a) => a.id));
}, WORLD_HOOK_TIMEOUT);

afterAll(async () => {
  await Promise.all((worlds ?? []).map((world) => world.close()));
});

const isExpired = (row: Case) => row.expirationDate.getTime() < START_OF_TODAY.getTime();

describe('the demo chargebacks', () => {
  it('are the same from the same seed, template files included', async () => {
    for (const table of ['chargebacks', 'chargeback_agents', 'dispute_templates']) {
      const [a, b] = await Promise.all([digest(first.db, table), digest(second.db, table)]);
      expect(a.n, table).toBeGreaterThan(0);
      expect(b, table).toEqual(a);
    }
    const names = (await readdir(firstDir)).sort();
    expect(await readdir(secondDir).then((list) => list.sort())).toEqual(names);
    for (const name of names) {
      expect((await readFile(join(secondDir, name))).equals(await readFile(join(firstDir, name)))).toBe(true);
    }
  });

  it('leave the world the earlier steps built untouched', async () => {
    for (const table of ['accounts', 'merchants', 'users', 'transactions', 'transaction_history', 'user_activity']) {
      expect(await digest(first.db, table), table).toEqual(await digest(withoutStep.db, table));
    }
    expect((await digest(withoutStep.db, 'chargebacks')).n).toBe(0);
  });

  it('exist only in accounts with the chargebacks feature, each of which has cases and agents', async () => {
    expect(featureAccounts.size).toBeGreaterThan(0);
    expect(featureAccounts.size).toBeLessThan(allAccounts.length);
    for (const row of cases) expect(featureAccounts.has(row.accountId)).toBe(true);
    const agents = await first.db.select().from(chargebackAgents);
    for (const agent of agents) expect(featureAccounts.has(agent.accountId)).toBe(true);
    for (const accountId of featureAccounts) {
      expect(cases.filter((row) => row.accountId === accountId).length).toBeGreaterThanOrEqual(10);
      expect(agents.filter((agent) => agent.accountId === accountId).length).toBeGreaterThanOrEqual(4);
    }
    // Accounts without the feature keep their chargeback transactions, but no dispute cases.
    const withoutFeature = [...transactionById.values()].filter(
      (row) => row.transactionType === 'CHARGEBACK' && !featureAccounts.has(row.accountId),
    );
    expect(withoutFeature.length).toBeGreaterThan(0);
  });

  it('turn every chargeback and retrieval transaction of those accounts into one case', () => {
    const disputes = [...transactionById.values()].filter(
      (row) =>
        featureAccounts.has(row.accountId) &&
        (row.transactionType === 'CHARGEBACK' || row.transactionType === 'INFORMATION_REQUESTED'),
    );
    expect(new Set(cases.map((row) => row.disputeTransactionId))).toEqual(new Set(disputes.map((row) => row.id)));
  });

  it('link each case to a payment of the same account and merchant, with its amount, currency, order and e-mail', () => {
    for (const row of cases) {
      const payment = transactionById.get(row.paymentTransactionId)!;
      expect(['PAYMENT', 'RECURRENCE']).toContain(payment.transactionType);
      expect(payment.status).toBe('SUCCESS');
      expect([payment.accountId, payment.merchantId]).toEqual([row.accountId, row.merchantId]);
      expect([row.amount, row.currency]).toEqual([payment.amount, payment.currency]);
      expect([row.orderId, row.customerEmail]).toEqual([payment.referenceOrderId, payment.shopperEmail]);
      const dispute = transactionById.get(row.disputeTransactionId!)!;
      expect(dispute.parentId).toBe(payment.id);
      expect(dispute.transactionType).toBe(row.operation === 'CHARGEBACK' ? 'CHARGEBACK' : 'INFORMATION_REQUESTED');
      expect(row.notificationDate).toEqual(dispute.createdAt);
      expect(row.notificationDate.getTime()).toBeGreaterThan(payment.createdAt.getTime());
      expect(row.expirationDate.getTime()).toBeGreaterThan(row.notificationDate.getTime());
      expect(row.updatedAt.getTime()).toBeLessThan(NOW.getTime());
    }
  });

  it('cover every status, reason and operation, in each account too', () => {
    expect(new Set(cases.map((row) => row.operation))).toEqual(new Set(DISPUTE_OPERATIONS));
    expect(new Set(cases.map((row) => row.reason))).toEqual(new Set(CHARGEBACK_REASONS));
    expect(new Set(cases.map((row) => row.status))).toEqual(new Set(CHARGEBACK_STATUSES));
    for (const accountId of featureAccounts) {
      const own = cases.filter((row) => row.accountId === accountId);
      if (own.length < CHARGEBACK_REASONS.length * 2) continue;
      expect(new Set(own.map((row) => row.status))).toEqual(new Set(CHARGEBACK_STATUSES));
      expect(new Set(own.map((row) => row.reason))).toEqual(new Set(CHARGEBACK_REASONS));
    }
  });

  it('hold every chargeback reason among cases expired over a week, in each account with enough of them', () => {
    // A journey works on such a case without touching the open queue ('Hide expired' leaves it out).
    const weekBefore = NOW.getTime() - 7 * 24 * 3600_000;
    for (const accountId of featureAccounts) {
      const old = cases.filter(
        (row) =>
          row.accountId === accountId && row.operation === 'CHARGEBACK' && row.expirationDate.getTime() < weekBefore,
      );
      if (old.length < CHARGEBACK_REASONS.length * 2) continue;
      expect(new Set(old.map((row) => row.reason))).toEqual(new Set(CHARGEBACK_REASONS));
    }
  });

  it('give each case the network codes of its own reason, a moved reason too', () => {
    const codesOf = new Map<string, Set<string>>();
    for (const row of cases) {
      const processor = row.reasonProcessor ?? '';
      codesOf.set(processor, (codesOf.get(processor) ?? new Set()).add(row.reason));
    }
    // One network wording never stands for two reasons.
    for (const [processor, reasons] of codesOf)
      expect([processor, [...reasons]]).toEqual([processor, [...reasons].slice(0, 1)]);
    for (const row of cases) expect(row.reasonProcessor?.startsWith(row.reasonCode ?? '-')).toBe(true);
  });

  it('hold expired and open cases, second chargebacks, refunds, custom fields and CRM links', () => {
    expect(cases.some(isExpired)).toBe(true);
    expect(cases.some((row) => !isExpired(row))).toBe(true);
    expect(cases.some((row) => row.hasPreviousChargebacks)).toBe(true);
    expect(cases.some((row) => row.hasRefund)).toBe(true);
    expect(cases.some((row) => row.custom.length > 0)).toBe(true);
    expect(cases.some((row) => row.custom.some((field) => field.value === ''))).toBe(true);
    const withUrl = cases.filter((row) => row.externalUrl !== null);
    expect(withUrl.length).toBeGreaterThan(0);
    expect(withUrl.length).toBeLessThan(cases.length);
    for (const row of withUrl) expect(row.externalUrl).toMatch(/^https:\/\/crm\.[a-z]+\.example\/cases\/.+$/);
    expect(cases.some((row) => row.disputeId === null)).toBe(true);
    expect(new Set(cases.map((row) => row.caseId)).size).toBe(cases.length);
  });

  it('set fraud types only on fraud claims, and assign agents of the case’s own account', async () => {
    expect(cases.some((row) => row.fraudType !== null)).toBe(true);
    for (const row of cases.filter((r) => r.fraudType !== null)) {
      expect(row.reason).toBe('FraudNoCardholderAuthorization');
    }
    const agents = new Map((await first.db.select().from(chargebackAgents)).map((agent) => [agent.id, agent]));
    const assigned = cases.filter((row) => row.agentId !== null);
    expect(assigned.length).toBeGreaterThan(0);
    expect(assigned.length).toBeLessThan(cases.length);
    for (const row of assigned) {
      expect(agents.get(row.agentId!)!.accountId).toBe(row.accountId);
      expect(row.assignedToOthers).toBe(false);
      expect(row.agentAssignedAt!.getTime()).toBeGreaterThanOrEqual(row.notificationDate.getTime());
    }
  });

  it('assign a share of the cases to Others, and leave the rest unassigned with no assignment date', () => {
    const others = cases.filter((row) => row.assignedToOthers);
    expect(others.length).toBeGreaterThan(0);
    expect(others.length).toBeLessThan(cases.filter((row) => row.agentId !== null).length);
    for (const row of others) {
      expect(row.agentId).toBeNull();
      expect(row.agentAssignedAt!.getTime()).toBeGreaterThanOrEqual(row.notificationDate.getTime());
    }
    const unassigned = cases.filter((row) => row.agentId === null && !row.assignedToOthers);
    expect(unassigned.length).toBeGreaterThan(0);
    for (const row of unassigned) expect(row.agentAssignedAt).toBeNull();
  });

  it('leave every case without a generated document until one is asked for', () => {
    for (const row of cases) {
      expect([row.template, row.documentStoredName, row.documentFileName, row.documentGeneratedAt]).toEqual([
        null,
        null,
        null,
        null,
      ]);
    }
  });

  it('give each account with the feature a Default template: a real Word file with the placeholders', async () => {
    const templates = await first.db.select().from(disputeTemplates);
    expect(new Set(templates.map((t) => t.accountId))).toEqual(featureAccounts);
    for (const template of templates) {
      expect(template.templateKey).toBe('Default');
      expect(template.fileName).toMatch(/^[A-Za-z0-9!\-_.*'()]{3,63}\.docx$/);
      const file = await readFile(join(firstDir, template.storedName));
      expect(file.length).toBe(template.sizeBytes);
      expect(inspectDocx(file)).toMatchObject({ ok: true, kind: 'docx' });
      expect(docxText(file)).toContain('Case ID: {caseId}');
      const filled = docxText(fillDocx(file, { caseId: 'CB-12345678', amount: '10,00 EUR' }));
      expect(filled).toContain('Case ID: CB-12345678');
      expect(filled).toContain('Disputed amount: 10,00 EUR');
    }
    // Without a folder, the generator writes no template rows that would point at missing files.
    expect((await digest(withoutStep.db, 'dispute_templates')).n).toBe(0);
  });
});
