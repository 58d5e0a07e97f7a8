import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { importRatesFile, RatesFileError } from '../db/exchange-rates';
import { rebuildSalesRollup } from '../db/sales-rollup';
import { users } from '../db/schema';
import { demoBaseDate, seedFromEnv } from '../db/seed/ensure';
import { generateDemoData } from '../db/seed/generator';
import { resetDatabase } from '../db/seed/reset';
import { rebuildSubscriptionKpis } from '../db/seed/subscriptions';
import { DISPUTE_TEMPLATES_FOLDER } from '../lib/docx';
import { INVOICE_DOCUMENTS_FOLDER } from '../lib/pdf';

// `npm run seed -- [--reset] [--seed N] [--transactions N]`: builds the demo world; --reset drops the database's
// contents first; --transactions sets how many transactions the world holds in all (the benchmark's 10,000,000 on
// PostgreSQL), streamed in batches instead of the demo's few thousand per account.
// `npm run seed -- --rebuild-rollups`: migrates, then truncates the daily sales rollup and recomputes it from the raw
// transactions in one transaction; nothing else changes (with --reset, it runs after the new demo data). The dashboard's
// rollup is rebuilt with it, and the subscriptions' KPI rollup from the subscriptions and their attempts.
// `npm run seed -- --import-rates file.csv`: migrates, then writes the file's exchange rates (lines day,currency,rate:
// units per 1 EUR) in one transaction, replacing the stored rate of every day and currency it names; a bad line
// changes nothing. Runs after the demo data when combined with --reset.

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    reset: { type: 'boolean', default: false },
    seed: { type: 'string' },
    transactions: { type: 'string' },
    'rebuild-rollups': { type: 'boolean', default: false },
    'import-rates': { type: 'string' },
  },
  allowPositionals: true,
});

const seed = values.seed === undefined ? seedFromEnv() : Number(values.seed);
if (!Number.isSafeInteger(seed)) {
  console.error(`--seed expects a whole number, got '${values.seed}'`);
  process.exit(2);
}

const transactions = values.transactions === undefined ? undefined : Number(values.transactions.replaceAll('_', ''));
if (transactions !== undefined && !(Number.isSafeInteger(transactions) && transactions >= 0)) {
  console.error(`--transactions expects a whole number of transactions, got '${values.transactions}'`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/` : 'PostgreSQL (DATABASE_URL)';
let alreadySeeded = false;
try {
  if (values.reset) {
    await resetDatabase(database);
    console.log(`Reset ${where}.`);
  } else if (values['rebuild-rollups'] || values['import-rates'] !== undefined) {
    await database.migrate();
    alreadySeeded = true;
  } else {
    await database.migrate();
    const [row] = await database.db.select({ count: sql<number>`count(*)::int` }).from(users);
    if ((row?.count ?? 0) > 0) {
      console.log(`The database (${where}) already has data; nothing changed. Use --reset to rebuild it.`);
      alreadySeeded = true;
    }
  }
  if (!alreadySeeded) {
    const started = performance.now();
    const { password, credentials, context } = await generateDemoData(database.db, {
      seed,
      baseDate: demoBaseDate(),
      disputeTemplatesDir: join(config.dataDir, DISPUTE_TEMPLATES_FOLDER),
      invoiceDocumentsDir: join(config.dataDir, INVOICE_DOCUMENTS_FOLDER),
      ...(transactions === undefined ? {} : { transactions }),
      onProgress: (message) => console.log(`  ${message} (${((performance.now() - started) / 1000).toFixed(0)} s)`),
    });
    if (transactions !== undefined) {
      // A large load leaves the visibility map unset, and index-only scans (the lists' capped counts) would visit the
      // table for every entry; VACUUM sets it. It cannot run inside the seed's transaction, so it runs here.
      await database.db.execute(sql`vacuum (analyze) transactions, transaction_history`);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Demo data (seed ${seed}) in ${seconds} s: ${context.accounts.length} accounts, ${context.merchants.length} merchants, ${context.users.length} users, ${(context.transactionsCreated ?? 0).toLocaleString('en-GB')} transactions.`,
    );
    console.log(`Demo credentials (password for all: ${password}):`);
    for (const c of credentials) {
      console.log(
        `  ${c.role.padEnd(24)} ${c.accountId ? `account ${c.accountId}  ` : 'admin sign-in     '}${c.email}`,
      );
    }
  }
  if (values['import-rates'] !== undefined) {
    const file = values['import-rates'];
    try {
      const written = await importRatesFile(database.db, readFileSync(file, 'utf8'));
      console.log(`Exchange rates imported from ${file}: ${written.toLocaleString('en-GB')} rates.`);
    } catch (error) {
      if (!(error instanceof RatesFileError) && (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      console.error(`${file}: ${(error as Error).message}; nothing was imported.`);
      process.exitCode = 2;
    }
  }
  if (values['rebuild-rollups']) {
    const started = performance.now();
    const rows = await rebuildSalesRollup(database.db);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Sales and dashboard rollups rebuilt from the transactions in ${seconds} s: ${rows.toLocaleString('en-GB')} rows.`,
    );
    const kpis = await rebuildSubscriptionKpis(database.db);
    console.log(`Subscription KPI rollup rebuilt: ${kpis.toLocaleString('en-GB')} rows.`);
  }
} finally {
  await database.close();
}
