import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database, Db } from '@server/db/client';
import { ensureDemoData } from '@server/db/seed/ensure';
import { DEMO_STEPS, type DemoData, generateDemoData } from '@server/db/seed/generator';
import { cacheDir, copyOfPrepared } from './prepared-databases';

// A demo world (the generator's whole output) is the slowest fixture there is: 10 to 20 seconds to build on PGlite,
// and the seed tests need several. Each is a prepared state (prepared-databases.ts): built once per version of the
// code and copied for every test file that opens it. The worlds of one version are built by separate generator runs,
// so comparing two of them still proves that the same seed gives the same world.

/** How long a hook that opens worlds may take: building one takes minutes on a loaded 2-core machine. */
export const WORLD_HOOK_TIMEOUT = 600_000;

/** The moment every test world ends at. */
export const WORLD_NOW = new Date('2026-03-10T09:00:00.000Z');

const WORLDS = {
  /** Seed 1 as `npm start` makes it (through ensureDemoData), with the dispute templates' and invoices' files. */
  seed1: (db: Db, templatesDir: string, invoicesDir: string) =>
    ensureDemoData(db, 1, WORLD_NOW, { disputeTemplatesDir: templatesDir, invoiceDocumentsDir: invoicesDir }),
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
} satisfies Record<string, (db: Db, templatesDir: string, invoicesDir: string) => Promise<DemoData>>;

export type WorldName = keyof typeof WORLDS;

export interface DemoWorld {
  database: Database;
  db: Db;
  /** A private copy of the world's dispute-template files (empty for a world built without them). */
  templatesDir: string;
  /** A private copy of the world's invoice PDFs (empty for a world built without them). */
  invoicesDir: string;
  /** What the generator answered when it built the world. */
  generated: DemoData;
  close(): Promise<void>;
}

/** Opens a private copy of a demo world, building the world first when this version of the code has none yet. */
export async function openDemoWorld(name: WorldName): Promise<DemoWorld> {
  const database = await copyOfPrepared(name, (built, dir) => build(name, built.db, dir));
  const dir = cacheDir();
  const templatesDir = await mkdtemp(join(tmpdir(), 'world-templates-'));
  await cp(join(dir, `${name}.templates`), templatesDir, { recursive: true });
  const invoicesDir = await mkdtemp(join(tmpdir(), 'world-invoices-'));
  await cp(join(dir, `${name}.invoices`), invoicesDir, { recursive: true });
  const generated = JSON.parse(await readFile(join(dir, `${name}.json`), 'utf8')) as DemoData;
  return {
    database,
    db: database.db,
    templatesDir,
    invoicesDir,
    generated,
    close: async () => {
      await database.close();
      await rm(templatesDir, { recursive: true, force: true });
      await rm(invoicesDir, { recursive: true, force: true });
    },
  };
}

/** Builds the world into `db`, keeping the generator's answer and the files beside the prepared state. */
async function build(name: WorldName, db: Db, dir: string) {
  const templates = join(dir, `${name}.templates`);
  const invoices = join(dir, `${name}.invoices`);
  for (const folder of [templates, invoices]) {
    await rm(folder, { recursive: true, force: true });
    await mkdir(folder, { recursive: true });
  }
  const generated = await WORLDS[name](db, templates, invoices);
  await writeFile(
    join(dir, `${name}.json`),
    JSON.stringify({ password: generated.password, credentials: generated.credentials }),
  );
}
