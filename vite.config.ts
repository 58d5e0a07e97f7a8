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
          sequence: { groupOrder: 0 },
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'console',
          environment: 'jsdom',
          sequence: { groupOrder: 2 },
          include: ['tests/console/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/console/setup.ts'],
          globalSetup: ['tests/console/served-routes.global.ts'],
          // A test makes several waits of up to 10 s each (setup.ts) and a busy machine slows all of its work: the slowest
          // test (eight filter picks) takes 2.4 s idle and 22 s on a saturated 2-core machine, so 60 s, as an e2e test.
          // The workers are vitest's default, one fewer than the cores: one on CI's 2 cores, so files never compete.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
