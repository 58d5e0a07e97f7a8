import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { archiveMonth, listPartitions, maintainPartitions } from '../db/partitions';

// `npm run partitions`: migrates, makes the months that are due, and lists the monthly partitions of transactions and
// their history with their estimated rows. `npm run partitions -- --archive YYYY-MM` takes a past month out of the
// live tables (src/server/db/partitions.ts, archiveMonth): its rows move to the `archive` schema, to be dumped
// (pg_dump -t 'archive.*') and dropped by the operator.

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { archive: { type: 'string' } },
});

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.whileStartingUp(() => database.migrate());
  const by = await maintainPartitions(database.db);
  if (values.archive !== undefined) {
    const archived = await archiveMonth(database, values.archive);
    console.log(
      `Archived ${archived.month} in ${archived.detachMs.toFixed(0)} ms: ${archived.tables.join(', ')} (its ids stay registered; dump and drop the tables when you no longer need them)`,
    );
  }
  console.log(
    `Monthly partitions (made by ${by === 'pg_partman' ? 'pg_partman' : 'transaction_partitions_ensure()'}):`,
  );
  for (const partition of await listPartitions(database.db)) {
    console.log(
      `  ${partition.table.padEnd(20)} ${partition.month.padEnd(8)} ~${partition.estimatedRows.toLocaleString('en')} rows`,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
