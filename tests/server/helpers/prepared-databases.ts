import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Database, openDatabase } from '@server/db/client';
import pg from 'pg';

// Every server test file starts from a database in a known state: migrated and empty, or a demo world. Building that
// state is most of a file's set-up (PGlite boots and runs two dozen migrations in about 2 seconds; a demo world takes
// 10 to 20), so each state is built once per version of the code and copied for every database that needs it: a dump
// of the PGlite data folder (loaded in about half a second), or on PostgreSQL a template database (CREATE DATABASE …
// TEMPLATE). Copies are private: a test may change its database freely.

export interface PreparedDatabaseOptions {
  /** PGlite: start from this dumped data folder instead of migrating an empty database. */
  loadDataDir?: Blob;
  /** PostgreSQL: copy this database instead of migrating an empty one. */
  template?: string;
}

const suffix = () => randomBytes(4).toString('hex');

/** A new database: a copy of a prepared state, or (to build one) migrated from nothing. */
export async function newDatabase(options: PreparedDatabaseOptions = {}): Promise<Database> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const database = await openDatabase({
      dataDir: 'memory',
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    if (!options.loadDataDir) await database.migrate();
    return database;
  }
  const name = `ops_test_${Date.now().toString(36)}_${suffix()}`;
  await withAdminClient(baseUrl, (admin) =>
    admin.query(`CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ''}`),
  );
  const database = await openDatabase({ url: databaseUrl(baseUrl, name), poolSize: 5 });
  if (!options.template) await database.migrate();
  return { ...database, close: () => closeAndDrop(database, baseUrl, name) };
}

/** A copy of the prepared state `name`, which `build` makes on a migrated, empty database when it is missing. */
export async function copyOfPrepared(name: string, build: (database: Database, dir: string) => Promise<void>) {
  const dir = cacheDir();
  await mkdir(dir, { recursive: true });
  const baseUrl = process.env.TEST_DATABASE_URL;
  return baseUrl
    ? newDatabase({ template: await postgresTemplate(baseUrl, name, dir, build) })
    : newDatabase({ loadDataDir: await pgliteDump(name, dir, build) });
}

/** Where the prepared states of this version of the code keep their files (a world's answer, its templates). */
export function cacheDir(): string {
  version ??= codeVersion();
  return join(cacheRoot, `${kind()}-${version}`);
}

/** The connection string of another database on the server of `baseUrl`. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdminClient<T>(baseUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Closes the pool, then drops the database once its connections have gone (or renames it: a template built). */
export async function closeAndDrop(database: Database, baseUrl: string, name: string, renameTo?: string) {
  await database.close();
  await withAdminClient(baseUrl, async (admin) => {
    // pool.end() resolves before its sockets have closed; a forced drop would kill those connections and their
    // clients, no longer listened to, would raise an unhandled error. Give them a moment to go.
    for (let wait = 0; wait < 100; wait++) {
      const { rows } = await admin.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      );
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (renameTo) await admin.query(`ALTER DATABASE ${name} RENAME TO ${renameTo}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The code a prepared state depends on: the server (migrations, generator, engine), the domain, the dependencies. */
function codeVersion(): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    for (const entry of readdirSync(path).sort()) {
      const full = join(path, entry);
      if (statSync(full).isDirectory()) visit(full);
      else hash.update(relative(root, full)).update('\0').update(readFileSync(full)).update('\0');
    }
  };
  visit(join(root, 'src/server'));
  visit(join(root, 'src/domain'));
  hash.update(readFileSync(join(root, 'package-lock.json')));
  return hash.digest('hex').slice(0, 12);
}

let version: string | undefined;
const kind = () => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
const cacheRoot = join(tmpdir(), 'ops-demo-worlds');
const DAY_MS = 86_400_000;

async function pgliteDump(
  name: string,
  dir: string,
  build: (database: Database, dir: string) => Promise<void>,
): Promise<Blob> {
  const dump = join(dir, `${name}.tar`);
  await underFileLock(
    join(dir, `${name}.lock`),
    () => existsSync(dump),
    async () => {
      const database = await newDatabase();
      try {
        await build(database, dir);
        const blob = await database.pglite!.dumpDataDir('none');
        // The dump's presence says the state is complete, so it is written last and appears at once.
        await writeFile(`${dump}.part`, Buffer.from(await blob.arrayBuffer()));
        await rename(`${dump}.part`, dump);
      } finally {
        await database.close();
      }
      await removeOldVersions();
    },
  );
  return new Blob([await readFile(dump)]);
}

/** Several test workers may want the same state at once: one builds it, the others wait for it. */
async function underFileLock(lock: string, done: () => boolean, work: () => Promise<void>) {
  for (;;) {
    if (done()) return;
    try {
      const handle = await open(lock, 'wx');
      await handle.write(String(process.pid));
      try {
        if (!done()) await work();
      } finally {
        await handle.close();
        await rm(lock, { force: true });
      }
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // A lock whose process has gone was left by a killed run.
    if (!isAlive(Number(await readFile(lock, 'utf8').catch(() => '')))) await rm(lock, { force: true });
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** States of other code versions, a day old or more (a checkout beside this one may still be using newer ones). */
async function removeOldVersions() {
  for (const entry of existsSync(cacheRoot) ? readdirSync(cacheRoot) : []) {
    const path = join(cacheRoot, entry);
    if (path !== cacheDir() && Date.now() - statSync(path).mtimeMs > DAY_MS)
      await rm(path, { recursive: true, force: true });
  }
}

async function postgresTemplate(
  baseUrl: string,
  name: string,
  dir: string,
  build: (database: Database, dir: string) => Promise<void>,
): Promise<string> {
  version ??= codeVersion();
  const template = `ops_world_${version}_${name.replaceAll('-', '_')}`;
  // Set beside the template once it is complete: a template without it (a killed build) is built again.
  const marker = join(dir, `${name}.built`);
  await withAdminClient(baseUrl, async (admin) => {
    // Held while building, so parallel test files (and processes) build each state once.
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      const { rows } = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (rows.length > 0 && existsSync(marker)) return;
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      const building = `${template}_b`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const database = await openDatabase({ url: databaseUrl(baseUrl, building), poolSize: 2 });
      try {
        await database.migrate();
        await build(database, dir);
      } finally {
        await closeAndDrop(database, baseUrl, building, template);
      }
      await admin.query(`COMMENT ON DATABASE ${template} IS '${Date.now()}'`);
      await writeFile(marker, '');
      // States of other code versions built a day ago or more go (one being built has no date yet).
      const old = await admin.query<{ datname: string; built: string }>(
        `select datname, shobj_description(oid, 'pg_database') as built from pg_database
         where datname like 'ops\\_world\\_%' and datname not like $1
           and shobj_description(oid, 'pg_database') is not null`,
        [`ops\\_world\\_${version}\\_%`],
      );
      for (const row of old.rows)
        if (Date.now() - Number(row.built) > DAY_MS)
          await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
    }
  });
  return template;
}
