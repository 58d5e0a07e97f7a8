import { openDatabase } from '@server/db/client';
import { describe, expect, it } from 'vitest';
import { closeAndDrop, databaseUrl, withAdminClient } from './helpers/prepared-databases';

// Several API processes started at once on one PostgreSQL (issue 27): each migrates and makes sure the demo world is
// there on start (main.ts). The start-up work runs under one advisory lock, so the migrations apply once and the
// others wait and find them applied.

const PG = process.env.TEST_DATABASE_URL;

describe('start-up work', () => {
  it('answers what the work answers, and runs a nested call under the lock already held', async () => {
    const database = await openDatabase({ ...(PG ? { url: PG, poolSize: 2 } : { dataDir: 'memory' }) });
    try {
      expect(await database.whileStartingUp(() => database.whileStartingUp(async () => 42))).toBe(42);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!PG)('three processes starting at once on an empty PostgreSQL database', () => {
  it('apply each migration once, and run their start-up work one at a time', async () => {
    const name = `ops_start_${Date.now().toString(36)}`;
    await withAdminClient(PG!, (admin) => admin.query(`CREATE DATABASE ${name}`));
    const processes = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ url: databaseUrl(PG!, name), poolSize: 3 })),
    );
    try {
      await Promise.all(processes.map((database) => database.migrate()));
      const applied = await processes[0]!.db.execute<{ hash: string; n: number }>(
        // Drizzle's journal of applied migrations.
        'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash' as never,
      );
      const rows = (applied as unknown as { rows: { n: number }[] }).rows;
      expect(rows.length).toBeGreaterThan(30);
      expect(rows.every((row) => row.n === 1)).toBe(true);

      const spans: [number, number][] = [];
      await Promise.all(
        processes.map((database) =>
          database.whileStartingUp(async () => {
            const begin = performance.now();
            await database.db.execute('select pg_sleep(0.05)' as never);
            spans.push([begin, performance.now()]);
          }),
        ),
      );
      spans.sort((a, b) => a[0] - b[0]);
      for (let index = 1; index < spans.length; index++)
        expect(spans[index]![0]).toBeGreaterThanOrEqual(spans[index - 1]![1]);
    } finally {
      await Promise.all(processes.slice(1).map((database) => database.close()));
      // Drops it once every connection has gone.
      await closeAndDrop(processes[0]!, PG!, name);
    }
  });
});
