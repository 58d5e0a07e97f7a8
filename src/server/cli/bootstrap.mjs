#!/usr/bin/env node
// Entry point of every npm script. Plain JavaScript on purpose: it must run on a fresh clone before
// `npm ci` has installed TypeScript tooling, so `npm start` and `npm test` are each the only command needed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
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

/** Builds the console when dist/ is missing or older than any of its sources. */
function ensureConsoleBuild() {
  const index = join(root, 'dist/console/index.html');
  const sources = ['src/console', 'src/domain', 'machines', 'index.html', 'vite.config.ts', 'package-lock.json'];
  if (existsSync(index) && statSync(index).mtimeMs >= newestMtime(sources)) return;
  console.log('Building the console...');
  if (run(bin('vite'), ['build', '--logLevel', 'warn']) !== 0) process.exit(1);
}

function exec(cmd, cmdArgs, env = {}) {
  const child = spawn(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
  return child;
}

/** Chromium for the e2e suite: Debian's package (the Playwright browser download does not work here). */
function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("Installing Debian's chromium for the end-to-end tests...");
    run('apt-get', ['update', '-qq']);
    if (run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { DEBIAN_FRONTEND: 'noninteractive' } }) === 0)
      return true;
  }
  console.error(
    `Chromium not found at ${path}. Install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`,
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

function test() {
  const results = join(root, '.test-results');
  rmSync(results, { recursive: true, force: true });
  mkdirSync(results, { recursive: true });
  const steps = [];
  const step = (name, fn) => {
    console.log(`\n=== ${name} ===`);
    const started = Date.now();
    const ok = fn();
    steps.push({ name, ok, seconds: Math.round((Date.now() - started) / 100) / 10 });
    console.log(`--- ${name}: ${ok ? 'ok' : 'FAILED'}`);
  };
  let passed = 0;
  let failed = 0;
  const countVitest = (file) => {
    const report = readJson(file);
    if (!report) return;
    passed += report.numPassedTests ?? 0;
    failed +=
      (report.numFailedTests ?? 0) + (report.numTotalTestSuites && !report.success && !report.numFailedTests ? 1 : 0);
  };

  step('typecheck', () => run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']) === 0);
  step('lint', () => run(bin('biome'), ['check', '.']) === 0);
  step('unit, server (PGlite) and console tests', () => {
    const file = join(results, 'vitest.json');
    const code = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], {
      env: { TEST_DATABASE_URL: '' },
    });
    countVitest(file);
    return code === 0;
  });
  if (process.env.TEST_DATABASE_URL) {
    step('server tests on PostgreSQL', () => {
      const file = join(results, 'vitest-pg.json');
      const code = run(bin('vitest'), [
        'run',
        '--project',
        'server',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${file}`,
      ]);
      countVitest(file);
      return code === 0;
    });
  } else {
    console.log('\n(TEST_DATABASE_URL is not set: the PostgreSQL run of the server tests is skipped.)');
  }
  step('end-to-end (Playwright, Chromium)', () => {
    if (!ensureChromium()) {
      failed += 1;
      return false;
    }
    ensureConsoleBuild();
    const file = join(results, 'playwright.json');
    const code = run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    });
    const report = readJson(file);
    if (report?.stats) {
      passed += report.stats.expected ?? 0;
      failed += (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0);
    } else if (code !== 0) failed += 1;
    return code === 0;
  });

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
