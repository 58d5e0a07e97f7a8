import { readFileSync } from 'node:fs';
import { ensureDemoData } from '@server/db/seed/ensure';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoWorld, openDemoWorld, WORLD_HOOK_TIMEOUT } from './helpers/demo-world';

// The README's credentials table is what a new user signs in with; it must match what the generator creates.
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

let world: DemoWorld;
beforeAll(async () => {
  world = await openDemoWorld('seed1');
}, WORLD_HOOK_TIMEOUT);
afterAll(async () => world?.close());

describe('README demo credentials', () => {
  it('lists every generated demo user with its account ID and the password', async () => {
    // What `npm start` prints: the credentials read back from the demo world.
    const demo = await ensureDemoData(world.db);
    expect(demo.credentials.length).toBeGreaterThanOrEqual(7);
    for (const credential of demo.credentials) {
      const row = readme.split('\n').find((line) => line.includes(`| ${credential.email} |`));
      expect(row, `README row for ${credential.email}`).toBeDefined();
      expect(row).toContain(credential.accountId ? `| ${credential.accountId} |` : '(admin sign-in)');
      expect(row).toContain(demo.password);
    }
  });
});
