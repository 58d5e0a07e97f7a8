import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdir, mkdtemp, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, Db } from '@server/db/client';
import { ensureDemoData } from '@server/db/seed/ensure';
import { DEMO_STEPS, type DemoData, generateDemoData } from '@server/db/seed/generator';
import { closeAndDrop, createTestDatabase, databaseUrl, withAdminClient } from './test-app';

// A demo world (the generator's whole output) is the slowest fixture there is: 10 to 20 seconds to build on PGlite,
// and the seed tests need several. Each world is built once per version of the code and copied for every test file
// that opens it: a dump of the PGlite data folder, or a template database on PostgreSQL. Copies are private, so a
// test may change its world freely. The worlds of one version are built by separate generator runs, so comparing two
// of them still proves that the same seed gives the same world.

/** How long a hook that opens worlds may take: building one takes minutes on a loaded 2-core machine. */
export const WORLD_HOOK_TIMEOUT = 600_000;

/** The moment every test world ends at. */
export const WORLD_NOW = new Date('2026-03-10T09:00:00.000Z');

const WORLDS = {
  /** Seed 1 as `npm start` makes it (through ensureDemoData), with the dispute templates' files. */
  seed1: (db: Db, templatesDir: string) => ensureDemoData(db, 1, WORLD_NOW, { disputeTemplatesDir: templatesDir }),
  /** Seed 1 again, from a run of its own: the determinism checks compare it with `seed1`. */
  'seed1-again': (db: Db, templatesDir: string) =>
    generateDemoData(db, { seed: 1, baseDate: WORLD_NOW, disputeTemplatesDir: templatesDir }),
  seed2: (db: Db, templatesDir: string) =>
    generateDemoData(db, { seed: 2, baseDate: WORLD_NOW, disputeTemplatesDir: templatesDir }),
  /** Seed 1 without the chargebacks step: what the steps before it built must not depend on it. */
  'seed1-without-chargebacks': (db: Db) =>
    generateDemoData(db, {
      seed: 1,
      baseDate: WORLD_NOW,
      steps: DEMO_STEPS.filter((step) => step.name !== 'chargebacks'),
    }),
} satisfies Record<string, (db: Db, templatesDir: string) => Promise<DemoData>>;

export type WorldName = keyof typeof WORLDS;

export interface DemoWorld {
  database: Database;
  db: Db;
  /** A private copy of the world's dispute-template files (empty for a world built without them). */
  templatesDir: string;
  /** What the generator answered when it built the world. */
  generated: DemoData;
  close(): Promise<void>;
}

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The code a world depends on: the server (generator, migrations, engine), the domain and the dependencies. */
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
function cacheDir(): string {
  version ??= codeVersion();
  return join(cacheRoot, `${kind()}-${version}`);
}

const DAY_MS = 86_400_000;

/** Opens a private copy of a demo world, building the world first when this version of the code has none yet. */
export async function openDemoWorld(name: WorldName): Promise<DemoWorld> {
  const dir = cacheDir();
  await mkdir(dir, { recursive: true });
  const baseUrl = process.env.TEST_DATABASE_URL;
  const database = baseUrl
    ? await createTestDatabase({ template: await postgresTemplate(baseUrl, name, dir) })
    : await createTestDatabase({ loadDataDir: await pgliteDump(name, dir) });
  const templatesDir = await mkdtemp(join(tmpdir(), 'world-templates-'));
  await cp(join(dir, `${name}.templates`), templatesDir, { recursive: true });
  const generated = JSON.parse(await readFile(join(dir, `${name}.json`), 'utf8')) as DemoData;
  return {
    database,
    db: database.db,
    templatesDir,
    generated,
    close: async () => {
      await database.close();
      await rm(templatesDir, { recursive: true, force: true });
    },
  };
}

/** Builds the world into `database`, keeping the generator's answer and the template files beside the dump. */
async function build(name: WorldName, db: Db, dir: string) {
  const templates = join(dir, `${name}.templates`);
  await rm(templates, { recursive: true, force: true });
  await mkdir(templates, { recursive: true });
  const generated = await WORLDS[name](db, templates);
  await writeFile(
    join(dir, `${name}.json`),
    JSON.stringify({ password: generated.password, credentials: generated.credentials }),
  );
}

async function pgliteDump(name: WorldName, dir: string): Promise<Blob> {
  const dump = join(dir, `${name}.tar`);
  await underFileLock(
    join(dir, `${name}.lock`),
    () => existsSync(dump),
    async () => {
      const database = await createTestDatabase();
      try {
        await build(name, database.db, dir);
        const blob = await database.pglite!.dumpDataDir('none');
        // The dump's presence says the world is complete, so it is written last and appears at once.
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

/** Several test workers may want the same world at once: one builds it, the others wait for it. */
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

/** Worlds of other code versions, a day old or more (a checkout beside this one may still be using newer ones). */
async function removeOldVersions() {
  for (const entry of existsSync(cacheRoot) ? readdirSync(cacheRoot) : []) {
    const path = join(cacheRoot, entry);
    if (path !== cacheDir() && Date.now() - statSync(path).mtimeMs > DAY_MS)
      await rm(path, { recursive: true, force: true });
  }
}

async function postgresTemplate(baseUrl: string, name: WorldName, dir: string): Promise<string> {
  version ??= codeVersion();
  const template = `ops_world_${version}_${name.replaceAll('-', '_')}`;
  await withAdminClient(baseUrl, async (admin) => {
    // Held while building, so parallel test files (and processes) build each world once.
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      const { rows } = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (rows.length > 0 && existsSync(join(dir, `${name}.json`))) return;
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      const building = `${template}_b`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const { openDatabase } = await import('@server/db/client');
      const database = await openDatabase({ url: databaseUrl(baseUrl, building), poolSize: 2 });
      try {
        await database.migrate();
        await build(name, database.db, dir);
      } finally {
        await closeAndDrop(database, baseUrl, building, template);
      }
      await admin.query(`COMMENT ON DATABASE ${template} IS '${Date.now()}'`);
      // Worlds of other code versions built a day ago or more go (one being built has no date yet).
      const old = await admin.query<{ datname: string; built: string | null }>(
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
