import { planDetail, planSave } from '@domain/contract/plans';
import { merchants, plans } from '@server/db/schema';
import { demoPlansFor } from '@server/db/seed/plans';
import { createRandom } from '@server/db/seed/random';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoWorld, openDemoWorld, WORLD_HOOK_TIMEOUT, WORLD_NOW } from './helpers/demo-world';

// The demo plans (src/server/db/seed/plans.ts): every merchant has 2 to 4, each valid under the contract's schema
// as the API would accept it and as it answers it, and the same seed gives the same plans.

let world: DemoWorld;

beforeAll(async () => {
  world = await openDemoWorld('seed1');
}, WORLD_HOOK_TIMEOUT);
afterAll(async () => world?.close());

const asDetail = (row: typeof plans.$inferSelect) => ({
  planId: row.id,
  merchantId: row.merchantId,
  description: row.description,
  basicSettings: row.basicSettings,
  amountSettings: row.amountSettings,
  trialSettings: row.trialSettings,
  retrySettings: row.retrySettings,
  cancellationSettings: row.cancellationSettings,
  createdDate: row.createdAt.toISOString(),
  modifiedDate: row.modifiedAt.toISOString(),
  version: row.version,
});

describe('demo plans', () => {
  it('gives every merchant 2 to 4 plans, each passing the plan schema', async () => {
    const rows = await world.db.select().from(plans);
    const allMerchants = await world.db.select({ id: merchants.id, accountId: merchants.accountId }).from(merchants);
    expect(allMerchants.length).toBeGreaterThan(0);
    for (const merchant of allMerchants) {
      const own = rows.filter((row) => row.merchantId === merchant.id);
      expect(own.length, merchant.id).toBeGreaterThanOrEqual(2);
      expect(own.length, merchant.id).toBeLessThanOrEqual(4);
      expect(own.every((row) => row.accountId === merchant.accountId)).toBe(true);
    }
    for (const row of rows) {
      const detail = asDetail(row);
      expect(planDetail.safeParse(detail).error?.issues ?? []).toEqual([]);
      expect(planSave.safeParse(detail).error?.issues ?? []).toEqual([]);
      expect(row.modifiedAt.getTime()).toBeLessThanOrEqual(WORLD_NOW.getTime());
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(row.modifiedAt.getTime());
    }
    // The catalogue's shapes are all there: a leading EUR with a dynamic USD, a trial, MAINTENANCE retries.
    expect(rows.some((row) => row.description === 'Premium monthly plan')).toBe(true);
    expect(rows.some((row) => row.trialSettings !== null)).toBe(true);
    expect(rows.some((row) => JSON.stringify(row.retrySettings).includes('MAINTENANCE'))).toBe(true);
  });

  it('is deterministic for the stream and valid for any seed', () => {
    const merchant = {
      id: '00000000-0000-4000-8000-000000000001',
      accountId: '00000000-0000-4000-8000-000000000002',
      prettyName: 'Shop',
      country: 'ES',
      mccCode: '5999',
      createdAt: new Date('2024-01-01T00:00:00Z'),
    };
    const once = demoPlansFor(merchant, WORLD_NOW, createRandom(7));
    expect(demoPlansFor(merchant, WORLD_NOW, createRandom(7))).toEqual(once);
    for (let seed = 1; seed <= 50; seed++) {
      for (const plan of demoPlansFor(merchant, WORLD_NOW, createRandom(seed))) {
        expect(planSave.safeParse(plan).error?.issues ?? []).toEqual([]);
      }
    }
  });
});
