import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { maintainPartitions, startPartitionMaintenance } from './db/partitions';
import { ensureDemoData } from './db/seed/ensure';
import { createDemoTraffic } from './demo/live-traffic';
import { holdsDemoWorld } from './demo/merchant-worlds';
import { DISPUTE_TEMPLATES_FOLDER } from './lib/docx';
import { INVOICE_DOCUMENTS_FOLDER } from './lib/pdf';

// `npm start`: migrate, create demo data on an empty database, serve console and API on one port.

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.');

/**
 * The address to print. `localhost` for the loopback and wildcard addresses: it is the default PUBLIC_URL, so the
 * e-mailed links open in the same origin (and the same session), and browsers and curl fall back to 127.0.0.1 where
 * localhost resolves to ::1 first. Any other address is printed as given.
 */
function browsableHost(host: string): string {
  if (['127.0.0.1', 'localhost', '0.0.0.0', '::'].includes(host)) return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  replicas: {
    urls: config.databaseReadUrls,
    maxLagMs: config.readMaxLagMs,
    log: {
      warn: (details, message) => console.warn(`${message}: ${JSON.stringify(details)}`),
      info: (details, message) => console.info(`${message}: ${JSON.stringify(details)}`),
    },
  },
});
// Several processes may start at once on one PostgreSQL: one migrates and creates the demo world, the others wait for
// it and find it there.
const demo = await database.whileStartingUp(async () => {
  await database.migrate();
  // This month's partition and the next ones, before anything is written (src/server/db/partitions.ts).
  await maintainPartitions(database.db);
  return ensureDemoData(database.db, undefined, undefined, {
    disputeTemplatesDir: join(config.dataDir, DISPUTE_TEMPLATES_FOLDER),
    invoiceDocumentsDir: join(config.dataDir, INVOICE_DOCUMENTS_FOLDER),
  });
});

const app = await buildApp({ config, database });
await app.listen({ port: config.port, host: config.host });
// Background jobs (e-mailed exports, limit alerts); app.close() stops the worker and waits for the job in hand.
app.jobWorker.start();
// Starts the periodic limit-alerts checks (one queued check, whichever process asks).
await app.limitAlerts.requestCheck();
// And every 6 hours from now on.
const stopPartitionMaintenance = startPartitionMaintenance(database.db, app.log);
// Live demo orders, only on the demo world: a database of real payments never gets invented ones.
const traffic =
  config.demoTrafficRate > 0 && (await holdsDemoWorld(database.db))
    ? createDemoTraffic({
        db: database.db,
        now: Date.now,
        log: app.log,
        afterSales: () => app.limitAlerts.requestCheck(),
      })
    : undefined;
traffic?.start(config.demoTrafficRate);

const url = `http://${browsableHost(config.host)}:${config.port}`;
const lines = [
  '',
  `  Payments Ops Console is running at ${url}`,
  isLoopback(config.host)
    ? '  Reachable from this machine only (HOST=0.0.0.0 opens it to the network)'
    : `  Listening on ${config.host}: reachable from other machines`,
  `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/` : 'PostgreSQL (DATABASE_URL)'}`,
  ...(database.reads.enabled
    ? [
        `  Read replicas: ${database.reads
          .status()
          .map((replica) => replica.name)
          .join(', ')} (DATABASE_READ_URL)`,
      ]
    : []),
  `  API reference: ${url}${config.runtime.apiBase}/docs`,
  '',
  ...(config.runtime.mailbox
    ? [
        '  WARNING: the development mailbox is on. Outgoing e-mail (reset and invitation links included) is not sent',
        `  but kept in the mailbox at ${url}/mailbox, readable only by signed-in users: provider staff read`,
        '  every message, other users their own. SMTP_URL, NODE_ENV=production or MAILBOX=off turn it off.',
      ]
    : []),
  ...(traffic
    ? [
        `  Demo traffic: ${config.demoTrafficRate} orders a minute across the demo merchants (DEMO_TRAFFIC=off stops it)`,
      ]
    : []),
  '',
  demo.credentials.length ? `  Demo credentials (password for all: ${demo.password}):` : '',
  ...demo.credentials.map(
    (c) => `    ${c.role.padEnd(24)} ${c.accountId ? `account ${c.accountId}  ` : 'admin sign-in     '}${c.email}`,
  ),
  '',
];
console.log(lines.filter((line, index) => line !== '' || lines[index - 1] !== '').join('\n'));

const shutdown = async () => {
  await traffic?.stop();
  stopPartitionMaintenance();
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
