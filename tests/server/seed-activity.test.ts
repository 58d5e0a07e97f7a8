import { merchantListItems, merchants, userActivity, users } from '@server/db/schema';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoWorld, openDemoWorld, WORLD_HOOK_TIMEOUT, WORLD_NOW } from './helpers/demo-world';

// The demo world's audit log: a believable history by the demo users, consistent with the data it led to.

let world: DemoWorld;
let again: DemoWorld;
let entries: (typeof userActivity.$inferSelect)[];

beforeAll(async () => {
  [world, again] = await Promise.all([openDemoWorld('seed1'), openDemoWorld('seed1-again')]);
  entries = await world.db.select().from(userActivity).orderBy(asc(userActivity.date), asc(userActivity.id));
}, WORLD_HOOK_TIMEOUT);

afterAll(() => Promise.all([world?.close(), again?.close()]));

describe('the demo audit history', () => {
  it('covers every account with changes the product can make: merchants, users, accounts, lists', async () => {
    const accountsWithEntries = new Set(entries.map((entry) => entry.accountId));
    const demoAccounts = new Set(
      (await world.db.select({ accountId: merchants.accountId }).from(merchants)).map((row) => row.accountId),
    );
    expect([...demoAccounts].every((id) => accountsWithEntries.has(id))).toBe(true);
    const kinds = new Set(entries.map((entry) => `${entry.actionType} ${entry.resourceType}`));
    for (const kind of [
      'INSERT MERCHANT',
      'UPDATE MERCHANT',
      'INSERT USER',
      'UPDATE USER',
      'INSERT URL',
      'DELETE URL',
    ]) {
      expect(kinds).toContain(kind);
    }
    // No screen or call deletes a merchant.
    expect(kinds).not.toContain('DELETE MERCHANT');
    expect(kinds).toContain('DELETE USER');
    expect(kinds).toContain('UPDATE ACCOUNT');
    expect(kinds).toContain('INSERT EXPORT');
  });

  it('is dated up to the base date, the recent part within the last six weeks', () => {
    expect(entries.every((entry) => entry.date.getTime() <= WORLD_NOW.getTime())).toBe(true);
    const recent = entries.filter((entry) => entry.actionType === 'UPDATE' && entry.resourceType === 'MERCHANT');
    const sixWeeks = 42 * 86_400_000;
    expect(recent.every((entry) => WORLD_NOW.getTime() - entry.date.getTime() <= sixWeeks)).toBe(true);
  });

  it('names real demo users as the actors', async () => {
    const people = new Map((await world.db.select().from(users)).map((user) => [user.id, user]));
    for (const entry of entries) {
      const actor = people.get(entry.userId!);
      expect(actor, `${entry.actionType} ${entry.resourceType}`).toBeDefined();
      expect(entry.userEmail).toBe(actor!.email);
      expect(entry.userName).toBe(`${actor!.firstName} ${actor!.lastName}`);
    }
  });

  it("ends every merchant update on the merchant's current value, and keeps no API keys", async () => {
    const updates = entries.filter((entry) => entry.actionType === 'UPDATE' && entry.resourceType === 'MERCHANT');
    for (const entry of updates) {
      const [row] = await world.db.select().from(merchants).where(eq(merchants.id, entry.resourceId));
      const [field, value] = Object.entries(entry.newValue as Record<string, unknown>)[0]!;
      expect(row![field as keyof typeof row]).toEqual(value);
      expect((entry.oldValue as Record<string, unknown>)[field]).not.toEqual(value);
    }
    const text = JSON.stringify(entries.map((entry) => [entry.oldValue, entry.newValue]));
    expect(text).not.toMatch(/privateKey|publicKey|passwordHash|sk_live_|pk_live_/);
  });

  it('leaves deleted resources without a row, and the same seed gives the same history', async () => {
    const deletedItems = entries.filter((entry) => entry.actionType === 'DELETE' && entry.resourceType === 'URL');
    expect(deletedItems.length).toBeGreaterThan(0);
    for (const entry of deletedItems) {
      expect(await world.db.select().from(merchantListItems).where(eq(merchantListItems.id, entry.resourceId))).toEqual(
        [],
      );
    }
    expect(await again.db.select().from(userActivity).orderBy(asc(userActivity.date), asc(userActivity.id))).toEqual(
      entries,
    );
  });
});
