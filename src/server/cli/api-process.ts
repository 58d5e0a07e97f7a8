import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

// A real API process (`src/server/main.ts` under tsx, as `npm start` runs it) on a port of its own, for the suites and
// benchmarks that need several processes on one database (issue 27): tests/server/two-processes.test.ts and
// `npm run bench -- --only load`.

const root = resolve(import.meta.dirname, '../../..');

export interface ApiProcess {
  /** The API's base address (http://127.0.0.1:<port>/api). */
  base: string;
  /** What the process printed so far, for a failure's message. */
  output(): string;
  /** SIGTERM, then waits for the exit (the server finishes the requests and the job in hand). */
  stop(): Promise<void>;
}

export interface ApiProcessOptions {
  databaseUrl: string;
  dataDir: string;
  /** More environment, over the defaults below (quiet logs, no live demo orders). */
  env?: Record<string, string>;
  /** How long start-up (migrations, the demo world on an empty database) may take. */
  timeoutMs?: number;
}

/** A port free on the loopback now (the OS's choice), for a process about to listen on it. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/** Starts one API process and resolves once it answers /health; rejects with its output if it exits first. */
export async function startApiProcess(options: ApiProcessOptions): Promise<ApiProcess> {
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(resolve(root, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      DEMO_TRAFFIC: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: unknown) => {
    output = (output + String(chunk)).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const base = `http://127.0.0.1:${port}/api`;
  const deadline = Date.now() + (options.timeoutMs ?? 300_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API process exited (${child.exitCode}):\n${output}`);
    const ok = await fetch(`${base}/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API process did not answer in time:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  return {
    base,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
