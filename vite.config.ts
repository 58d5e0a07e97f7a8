import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const alias = {
  '@domain': here('./src/domain'),
  '@machines': here('./machines'),
  '@console': here('./src/console'),
  '@server': here('./src/server'),
};

// The dev server proxies the API to the Fastify process started by `npm run dev`.
const apiPort = Number(process.env.API_PORT ?? 3001);

/** Console test files that vi.mock a console module: they run isolated, see the 'console-mocked' project. */
const OWN_MODULE_GRAPH = [
  'tests/console/hotkeys.test.tsx',
  'tests/console/palette-aria.test.tsx',
  'tests/console/palette.test.tsx',
];

const consoleTests = {
  environment: 'jsdom' as const,
  setupFiles: ['tests/console/setup.ts'],
  globalSetup: ['tests/console/served-routes.global.ts'],
  // A test makes several waits of up to 10 s each (setup.ts) and a busy machine slows all of its work: the slowest
  // test (eight filter picks) takes 2.4 s idle and 22 s on a saturated 2-core machine, so 60 s, as an e2e test.
  // The workers are vitest's default, one fewer than the cores: one on CI's 2 cores, so files never compete.
  testTimeout: 60_000,
};

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  build: {
    outDir: 'dist/console',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/config.json': `http://127.0.0.1:${apiPort}`,
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // Pure code: the files share one module graph (see 'server').
          isolate: false,
          sequence: { groupOrder: 0 },
          // The property tests are pure CPU: routing 50,000 sampled orders takes 2 s idle and took over 5 s (vitest's
          // default limit) while a CI run built the console beside it.
          testTimeout: 30_000,
          include: ['tests/domain/**/*.test.ts', 'tests/machines/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // Two files at once even on CI's 2 cores: a file spends much of its time waiting on its database (PostgreSQL
          // runs in other processes), and every file has a database of its own, so files never share state.
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          // The files of a worker share one module graph: each used to load the whole server and compile PGlite's
          // WebAssembly again, half of the project's CPU time (CI, README "Tests on a busy machine"). Each file still
          // has a database and an app of its own, and the server keeps no state in its modules.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          ...consoleTests,
          name: 'console',
          sequence: { groupOrder: 2 },
          include: ['tests/console/**/*.test.{ts,tsx}'],
          exclude: OWN_MODULE_GRAPH,
          // The files share one module graph and one jsdom: loading the console and a jsdom for each file was half of
          // the project's time. Each test still renders a fresh app (query client, router, storage cleared), and the
          // console's modules keep nothing a user would see in memory (list-memory.ts reads sessionStorage).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          ...consoleTests,
          // Files that replace a console module (vi.mock) need a module graph of their own.
          name: 'console-mocked',
          sequence: { groupOrder: 3 },
          include: OWN_MODULE_GRAPH,
        },
      },
    ],
  },
});
