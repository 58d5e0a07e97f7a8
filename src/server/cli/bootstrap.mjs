#!/usr/bin/env node
// Entry point of every npm script. Plain JavaScript on purpose: it must run on a fresh clone before
// `npm ci` has installed TypeScript tooling, so `npm start` and `npm test` are each the only command needed.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');
const [command = 'start', ...args] = process.argv.slice(2);
const bin = (name) => join(root, 'node_modules/.bin', name);

function run(cmd, cmdArgs, options = {}) {
  const result = spawnSync(cmd, cmdArgs, {
    cwd: root,
    stdio: 'inherit',
    ...options,
    env: { ...process.env, ...options.env },
  });
  return result.status ?? 1;
}

function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const path of paths) visit(join(root, path));
  return newest;
}

/** Installs dependencies when node_modules is missing or older than the lock file. */
function ensureDependencies() {
  const marker = join(root, 'node_modules/.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing dependencies (npm ci)...');
  if (run('npm', ['ci', '--no-audit', '--no-fund']) !== 0) process.exit(1);
}

/** Whether dist/ holds a build newer than every source of the console. */
function consoleBuildIsFresh() {
  const index = join(root, 'dist/console/index.html');
  const sources = ['src/console', 'src/domain', 'machines', 'index.html', 'vite.config.ts', 'package-lock.json'];
  return existsSync(index) && statSync(index).mtimeMs >= newestMtime(sources);
}

/** Builds the console when dist/ is missing or older than any of its sources. */
function ensureConsoleBuild() {
  if (consoleBuildIsFresh()) return;
  console.log('Building the console...');
  if (run(bin('vite'), ['build', '--logLevel', 'warn']) !== 0) process.exit(1);
}

function exec(cmd, cmdArgs, env = {}) {
  const child = spawn(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
  return child;
}

/**
 * The browser of the e2e suite: Debian's chromium-headless-shell, Chromium's own engine without the full browser's
 * GPU process and compositing (Playwright's default for headless runs too; about 15 % less CPU on the suite, which
 * shares CI's 2 cores with the vitest lane). The Playwright browser download does not work here.
 */
function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
  if (existsSync(path)) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get') && !process.env.CHROMIUM_PATH) {
    console.log("Installing Debian's chromium-headless-shell for the end-to-end tests...");
    run('apt-get', ['update', '-qq']);
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if (run('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], { env }) === 0) return true;
  }
  console.error(
    `Chromium not found at ${path}. Install Debian's chromium-headless-shell (apt-get install chromium-headless-shell) or set CHROMIUM_PATH.`,
  );
  return false;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Runs a command without blocking, its output appended to `log` (a file) or inherited when `log` is undefined. */
function runLogged(cmd, cmdArgs, { env = {}, log } = {}) {
  return new Promise((done) => {
    const fd = log ? openSync(log, 'a') : undefined;
    const child = spawn(cmd, cmdArgs, {
      cwd: root,
      stdio: fd === undefined ? 'inherit' : ['ignore', fd, fd],
      env: { ...process.env, ...env },
    });
    child.on('error', () => done(1));
    child.on('exit', (code) => {
      if (fd !== undefined) closeSync(fd);
      done(code ?? 1);
    });
  });
}

/**
 * `npm test`: typecheck, lint, the vitest projects on PGlite, the server tests on PostgreSQL (when TEST_DATABASE_URL
 * is set) and the end-to-end suite. Two steps run at a time, because no step fills the 2 cores of the CI machine
 * alone: the console files run one at a time, and the end-to-end journeys spend most of their time waiting on
 * Chromium and the server (about 0.4 of a core). The vitest step prints as it goes; the others write
 * .test-results/<step>.log, printed at the end, so outputs never interleave.
 */
async function test() {
  const results = join(root, '.test-results');
  rmSync(results, { recursive: true, force: true });
  mkdirSync(results, { recursive: true });
  const steps = [];
  let passed = 0;
  let failed = 0;
  const countVitest = (file) => {
    const report = readJson(file);
    if (!report) return;
    passed += report.numPassedTests ?? 0;
    failed +=
      (report.numFailedTests ?? 0) + (report.numTotalTestSuites && !report.success && !report.numFailedTests ? 1 : 0);
  };
  const countPlaywright = (file, code) => {
    const report = readJson(file);
    if (report?.stats) {
      passed += report.stats.expected ?? 0;
      failed += (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0);
    } else if (code !== 0) failed += 1;
  };

  // The vitest projects on PGlite (the longest step, printed live) start at once; typecheck, lint and the end-to-end
  // suite run one after another beside it; the server tests on PostgreSQL go to whichever side is free first.
  const vitestSteps = [
    {
      title: 'unit, server (PGlite) and console tests',
      work: async (log) => {
        const file = join(results, 'vitest.json');
        const code = await runLogged(
          bin('vitest'),
          ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
          { env: { TEST_DATABASE_URL: '' }, log },
        );
        countVitest(file);
        return code === 0;
      },
    },
  ];
  if (process.env.TEST_DATABASE_URL) {
    vitestSteps.push({
      title: 'server tests on PostgreSQL',
      work: async (log) => {
        const file = join(results, 'vitest-pg.json');
        const code = await runLogged(
          bin('vitest'),
          ['run', '--project', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
          { log },
        );
        countVitest(file);
        return code === 0;
      },
    });
  } else {
    console.log('\n(TEST_DATABASE_URL is not set: the PostgreSQL run of the server tests is skipped.)');
  }

  const browserSteps = [
    {
      title: 'typecheck',
      work: async (log) => (await runLogged(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'], { log })) === 0,
    },
    { title: 'lint', work: async (log) => (await runLogged(bin('biome'), ['check', '.'], { log })) === 0 },
    {
      title: 'end-to-end (Playwright, Chromium)',
      work: async (log) => {
        if (!ensureChromium()) {
          failed += 1;
          return false;
        }
        if (!consoleBuildIsFresh() && (await runLogged(bin('vite'), ['build', '--logLevel', 'warn'], { log })) !== 0) {
          failed += 1;
          return false;
        }
        const file = join(results, 'playwright.json');
        const code = await runLogged(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
          env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
          log,
        });
        countPlaywright(file, code);
        return code === 0;
      },
    },
  ];

  const [vitestOnPglite, ...postgres] = vitestSteps;
  const queue = [...browserSteps, ...postgres];
  const logs = [];
  /** Runs `first`, then takes steps from the queue until it is empty. Only the live step prints as it goes. */
  const runner = async (name, first) => {
    for (let step = first; step; step = queue.shift()) {
      const live = step === vitestOnPglite;
      const log = live ? undefined : join(results, `${step.title.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.log`);
      if (log) logs.push({ title: step.title, log });
      console.log(`\n=== ${step.title} (${name})${log ? ` → ${log}` : ''} ===`);
      const started = Date.now();
      const ok = await step.work(log);
      steps.push({ name: step.title, ok, seconds: Math.round((Date.now() - started) / 100) / 10 });
      console.log(`--- ${step.title}: ${ok ? 'ok' : 'FAILED'}`);
    }
  };
  await Promise.all([runner('runner 1', vitestOnPglite), runner('runner 2', queue.shift())]);
  for (const { title, log } of logs) {
    console.log(`\n=== ${title}: output ===`);
    if (existsSync(log)) process.stdout.write(readFileSync(log, 'utf8'));
  }

  console.log('\n=== summary ===');
  for (const s of steps) console.log(`${s.ok ? 'ok    ' : 'FAILED'} ${s.name} (${s.seconds}s)`);
  const allOk = steps.every((s) => s.ok);
  if (!allOk && failed === 0) failed = steps.filter((s) => !s.ok).length;
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(allOk ? 0 : 1);
}

ensureDependencies();
switch (command) {
  case 'start':
    ensureConsoleBuild();
    // NODE_ENV is left to the caller: NODE_ENV=production turns the development mailbox off (README, E-mail).
    exec(bin('tsx'), ['src/server/main.ts']);
    break;
  case 'dev': {
    const apiPort = process.env.API_PORT ?? '3001';
    exec(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
      PORT: apiPort,
      SERVE_CONSOLE: 'false',
      PUBLIC_URL: `http://localhost:${process.env.PORT ?? 5173}`,
    });
    exec(bin('vite'), ['--host', '127.0.0.1'], { API_PORT: apiPort });
    break;
  }
  case 'seed':
    exec(bin('tsx'), ['src/server/cli/seed.ts', ...args]);
    break;
  case 'partitions':
    exec(bin('tsx'), ['src/server/cli/partitions.ts', ...args]);
    break;
  case 'bench':
    exec(bin('tsx'), ['src/server/cli/bench.ts', ...args]);
    break;
  case 'test':
    test();
    break;
  default:
    console.error(`Unknown command ${command}. Use start, dev, seed, test or bench.`);
    process.exit(1);
}
