import { readFileSync } from 'node:fs';
import { ensureDemoData } from '@server/db/seed/ensure';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './helpers/test-app';

// The README's credentials table is what a new user signs in with; it must match what the generator creates.
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

describe('README demo credentials', () => {
  it('lists every generated demo user with its account ID and the password', async () => {
    const demo = await ensureDemoData(database.db);
    expect(demo.credentials.length).toBeGreaterThanOrEqual(7);
    for (const credential of demo.credentials) {
      const row = readme.split('\n').find((line) => line.includes(`| ${credential.email} |`));
      expect(row, `README row for ${credential.email}`).toBeDefined();
      expect(row).toContain(credential.accountId ? `| ${credential.accountId} |` : '(admin sign-in)');
      expect(row).toContain(demo.password);
    }
  });
});
