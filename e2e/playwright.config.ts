import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// The suite runs against the built console and a real API on a fresh embedded database, in Debian's Chromium (its
// headless shell: the same engine without the full browser's GPU process, about 15 % less CPU).
// Two workers, each with a server and a database of its own (support/test.ts picks a worker's server): the journeys
// spend most of their time waiting on the browser and the server, so two halve the suite's time for little CPU.
const port = Number(process.env.E2E_PORT ?? 4173);
const workers = Number(process.env.E2E_WORKERS ?? 2);
const ports = Array.from({ length: workers }, (_, index) => port + index);
// The config is read again in each worker: the data folders and addresses are chosen once, by the runner.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'ops-e2e-'));
  // Made here, so removed after the run (support/teardown.ts): each run's two demo databases hold about 500 MB.
  process.env.E2E_DATA_DIR_MADE = '1';
}
const dataDir = process.env.E2E_DATA_DIR;
process.env.E2E_BASE_URLS = ports.map((each) => `http://localhost:${each}`).join(',');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results',
  globalTeardown: './support/teardown.ts',
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    // Traces cost CPU on every test (a DOM snapshot per action) for the rare failure; E2E_TRACE=1 records them.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: ports.map((each, index) => ({
    command: 'node_modules/.bin/tsx src/server/main.ts',
    cwd: '..',
    url: `http://localhost:${each}/api/health`,
    // The server seeds the demo world before it answers; `npm test` runs the vitest lane beside this suite, so on
    // CI's 2 cores that takes minutes, not the 20 seconds of a quiet machine.
    timeout: 300_000,
    reuseExistingServer: false,
    env: {
      PORT: String(each),
      DATA_DIR: join(dataDir, `server-${index}`),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      PUBLIC_URL: `http://localhost:${each}`,
      // Sign-ins are many and fast in the suite; the limiter itself is covered by the API tests.
      LOGIN_LIMIT_PER_ADDRESS: '1000',
      // Journeys assert exact lists and counts: live demo orders would change them under the test.
      DEMO_TRAFFIC: 'off',
    },
  })),
});
