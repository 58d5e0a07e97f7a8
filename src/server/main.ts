import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { ensureDemoData } from './db/seed/ensure';
import { DISPUTE_TEMPLATES_FOLDER } from './lib/docx';

// `npm start`: migrate, create demo data on an empty database, serve console and API on one port.
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const demo = await ensureDemoData(database.db, undefined, undefined, {
  disputeTemplatesDir: join(config.dataDir, DISPUTE_TEMPLATES_FOLDER),
});

const app = await buildApp({ config, database });
await app.listen({ port: config.port, host: config.host });
// Background jobs (e-mailed exports); app.close() stops the worker and waits for the job in hand.
app.jobWorker.start();

const url = `http://localhost:${config.port}`;
const lines = [
  '',
  `  Payments Ops Console is running at ${url}`,
  `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/` : 'PostgreSQL (DATABASE_URL)'}`,
  `  API reference: ${url}${config.runtime.apiBase}/docs`,
  config.runtime.mailbox ? `  Development mailbox: ${url}/mailbox` : '',
  '',
  demo.credentials.length ? `  Demo credentials (password for all: ${demo.password}):` : '',
  ...demo.credentials.map(
    (c) => `    ${c.role.padEnd(24)} ${c.accountId ? `account ${c.accountId}  ` : 'admin sign-in     '}${c.email}`,
  ),
  '',
];
console.log(lines.filter((line, index) => line !== '' || lines[index - 1] !== '').join('\n'));

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
