import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureConsoleBuild } from './console-size';

// The real app as the e2e suite starts it (e2e/playwright.config.ts): the built console served by `src/server/main.ts`
// on a fresh embedded database that seeds the demo world, with no live demo orders so the lists hold still.

const root = resolve(import.meta.dirname, '../../../..');
/** Issue 26's bench range, apart from the e2e (4173) and invoices (4281) ports. */
const DEFAULT_PORT = 4360;
/** Seeding the demo world on a busy 2-core machine takes minutes (see playwright.config.ts). */
const READY_TIMEOUT_MS = 300_000;

export interface ConsoleServer {
  baseUrl: string;
  close(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output().slice(-300)}`);
    const healthy = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    // Polling a health check, as Playwright's webServer does; not a wait on the UI.
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`server not healthy within ${READY_TIMEOUT_MS / 1000} s`);
}

export async function startConsoleServer(log: (line: string) => void): Promise<ConsoleServer> {
  const build = await ensureConsoleBuild();
  if (build.built) log(`console built in ${Math.round(build.seconds)} s`);
  const port = Number(process.env.BENCH_PALETTE_PORT ?? DEFAULT_PORT);
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-bench-palette-'));
  const child = spawn(join(root, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      PUBLIC_URL: `http://localhost:${port}`,
      DEMO_TRAFFIC: 'off',
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  try {
    await waitForHealth(`http://localhost:${port}/api/health`, child, () => output);
  } catch (error) {
    await close();
    throw error;
  }
  log(`console server ready on port ${port} in ${Math.round((Date.now() - started) / 1000)} s`);
  return { baseUrl: `http://localhost:${port}`, close };
}
