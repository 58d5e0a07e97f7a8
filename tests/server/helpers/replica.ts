import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@server/cli/api-process';
import pg from 'pg';
import { databaseUrl, withAdminClient } from './prepared-databases';

// A real streaming replica of the test PostgreSQL (issue 27), made with the server's own tools: pg_basebackup -R
// copies the running cluster and writes the standby settings, and a second cluster starts from the copy on a port of
// its own, in hot standby, replaying the primary's WAL as it comes. Debian's binaries run as the postgres user; the
// primary must allow replication connections from 127.0.0.1 (.ci/run adds the pg_hba.conf line).

const run = promisify(execFile);

export interface Replica {
  port: number;
  /** The replica's address of a database of the primary. */
  url(database: string): string;
  /** Stops replaying WAL (what it answers stays as it is) until resume(). */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Stops the server ('fast': open connections are ended, as an operator's restart does). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its files. */
  remove(): Promise<void>;
}

/** A standby refuses to start with less of these than its primary has. */
const MATCHED_SETTINGS = [
  'max_connections',
  'max_worker_processes',
  'max_wal_senders',
  'max_prepared_transactions',
  'max_locks_per_transaction',
];

async function primarySettings(primaryUrl: string): Promise<Record<string, string>> {
  return withAdminClient(primaryUrl, async (admin) => {
    const { rows } = await admin.query<{ name: string; setting: string }>(
      'select name, setting from pg_settings where name = any($1)',
      [[...MATCHED_SETTINGS, 'server_version_num']],
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.setting]));
  });
}

function binDir(settings: Record<string, string>): string {
  const major = Math.floor(Number(settings.server_version_num) / 10_000);
  const dir = `/usr/lib/postgresql/${major}/bin`;
  if (!existsSync(join(dir, 'pg_basebackup'))) throw new Error(`No PostgreSQL ${major} binaries in ${dir}`);
  return dir;
}

/** Runs a PostgreSQL binary as the postgres user (the server refuses to run as root). */
function asPostgres(bin: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  return asRoot ? run('runuser', ['-u', 'postgres', '--', bin, ...args]) : run(bin, args);
}

export async function startReplica(primaryUrl: string): Promise<Replica> {
  const settings = await primarySettings(primaryUrl);
  const bin = binDir(settings);
  const primary = new URL(primaryUrl);
  const dir = mkdtempSync(join(tmpdir(), 'ops-replica-'));
  const data = join(dir, 'data');
  const port = await freePort();
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout), Number(group));
  }
  try {
    await asPostgres(join(bin, 'pg_basebackup'), [
      '-h',
      primary.hostname,
      '-p',
      primary.port || '5432',
      '-U',
      decodeURIComponent(primary.username) || 'postgres',
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(
      `pg_basebackup failed: does the primary's pg_hba.conf allow 'host replication all 127.0.0.1/32'? ${String(error)}`,
    );
  }
  // Debian keeps a cluster's settings in /etc, so the copy has none: the few a standby on this port needs.
  writeFileSync(
    join(data, 'postgresql.conf'),
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      'hot_standby = on',
      ...MATCHED_SETTINGS.map((name) => `${name} = ${settings[name]}`),
      // A throwaway copy: nothing to keep safe on a crash, and the tests run beside each other.
      'fsync = off',
      'full_page_writes = off',
      "shared_buffers = '32MB'",
      '',
    ].join('\n'),
  );
  writeFileSync(join(data, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
  writeFileSync(join(data, 'pg_ident.conf'), '');
  if (process.getuid?.() === 0) await run('chown', ['-R', 'postgres:postgres', dir]);

  const ctl = (...args: string[]) => asPostgres(join(bin, 'pg_ctl'), ['-D', data, ...args]);
  const start = async () => {
    await ctl('-l', join(dir, 'log'), '-w', '-t', '120', 'start');
  };
  const stop = async () => {
    await ctl('-m', 'fast', '-w', 'stop');
  };
  try {
    await start();
  } catch (error) {
    const log = await readFile(join(dir, 'log'), 'utf8').catch(() => '');
    await rm(dir, { recursive: true, force: true });
    throw new Error(`The replica did not start: ${String(error)}\n${log.split('\n').slice(-12).join('\n')}`);
  }

  const url = (database: string) => {
    const replica = new URL(databaseUrl(primaryUrl, database));
    replica.hostname = '127.0.0.1';
    replica.port = String(port);
    return replica.toString();
  };
  const onReplica = async (statement: string) => {
    const client = new pg.Client({ connectionString: url('postgres') });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    port,
    url,
    pause: () => onReplica('select pg_wal_replay_pause()'),
    resume: () => onReplica('select pg_wal_replay_resume()'),
    stop,
    start,
    async remove() {
      await ctl('-m', 'immediate', '-w', 'stop').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
