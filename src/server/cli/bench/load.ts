import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type ApiProcess, startApiProcess } from '../api-process';
import { percentile, round, summarize } from './stats';
import type { Measurement } from './types';

// Issue 27: what a second API process on the same PostgreSQL buys. One demo database (made by the first process's
// start-up), then the same closed-loop load for a fixed time against one process, and split evenly over two: a mix of
// the reads agents make all day (transactions and chargebacks first pages, a transaction's detail, the merchants
// list). Loopback only, bounded in time. Informational: on a 2-core machine the load generator, both processes and
// PostgreSQL share the same two cores, so the figure says how the processes share a machine, not how they scale on
// machines of their own.

const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 16);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;
const DEMO = { username: 'administrator@lumentravel.example', password: 'Demo!pass2026', accountId: '631006' };

let log: (line: string) => void = () => undefined;
export const setLoadLog = (next: (line: string) => void) => {
  log = next;
};

interface Target {
  api: ApiProcess;
  token: string;
}

async function json(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/** The reads one load client cycles through, for the account of the demo administrator. */
async function readPaths(target: Target): Promise<string[]> {
  const session = await json(`${target.api.base}/user/session`, {
    headers: { authorization: `Bearer ${target.token}` },
  });
  const accountId = (session.accounts as { accountId: string }[])[0]!.accountId;
  const page = await json(`${target.api.base}/account/${accountId}/transaction?page=1&limit=50`, {
    headers: { authorization: `Bearer ${target.token}` },
  });
  const ids = (page.items as { transactionId: string }[]).map((item) => item.transactionId);
  return [
    `/account/${accountId}/transaction?page=1&limit=50`,
    `/account/${accountId}/transaction?page=1&limit=50&status[]=SUCCESS`,
    `/account/${accountId}/chargeback?page=1&limit=50`,
    `/account/${accountId}/merchant?page=1&limit=50`,
    ...ids.slice(0, 4).map((id) => `/account/${accountId}/transaction/${id}`),
  ];
}

/** CLIENTS clients, each sending its next request when the last one answered, for `seconds`, over the targets. */
async function closedLoop(targets: readonly Target[], paths: readonly string[], seconds: number) {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  const client = async (index: number) => {
    let sent = index;
    while (performance.now() < until) {
      const target = targets[sent % targets.length]!;
      const path = paths[sent % paths.length]!;
      sent += CLIENTS;
      const begin = performance.now();
      const response = await fetch(`${target.api.base}${path}`, {
        headers: { authorization: `Bearer ${target.token}` },
      }).catch(() => null);
      if (response?.ok) await response.arrayBuffer();
      else failures += 1;
      latencies.push(performance.now() - begin);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: summarize(sorted).p50,
    p99: percentile(sorted, 0.99),
    failures,
    requests: latencies.length,
  };
}

async function signedIn(api: ApiProcess): Promise<Target> {
  const body = await json(`${api.base}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  return { api, token: body.token as string };
}

export const loadOneVersusTwo: Measurement = {
  name: `Load, ${CLIENTS} clients for ${SECONDS} s: requests a second, one process vs two`,
  group: 'load',
  onlyWhenAsked: true,
  async run() {
    const adminUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('needs PostgreSQL (DATABASE_URL or TEST_DATABASE_URL): PGlite is one process’s');
    const name = `ops_bench_load_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const dataDir = await mkdtemp(join(tmpdir(), 'ops-load-'));
    const apis: ApiProcess[] = [];
    try {
      log('starting the first process (migrations and the demo world)...');
      apis.push(await startApiProcess({ databaseUrl: url.toString(), dataDir: join(dataDir, 'a') }));
      // One session per user: the second sign-in would end the first, so both processes share the first's token.
      const first = await signedIn(apis[0]!);
      const paths = await readPaths(first);
      await closedLoop([first], paths, WARM_UP_SECONDS);
      const one = await closedLoop([first], paths, SECONDS);
      log('starting the second process...');
      apis.push(await startApiProcess({ databaseUrl: url.toString(), dataDir: join(dataDir, 'b') }));
      const both = [first, { api: apis[1]!, token: first.token }];
      await closedLoop(both, paths, WARM_UP_SECONDS);
      const two = await closedLoop(both, paths, SECONDS);
      const describe = (run: typeof one) =>
        `${round(run.rps)} req/s, p50 ${round(run.p50)} / p99 ${round(run.p99)} ms (${run.requests} requests, ${run.failures} failed)`;
      return {
        value: round(two.rps / one.rps),
        unit: '×',
        detail: `one process: ${describe(one)}; two: ${describe(two)}`,
        ...(one.failures + two.failures > 0 ? { pass: false } : {}),
      };
    } finally {
      await Promise.all(apis.map((api) => api.stop()));
      await rm(dataDir, { recursive: true, force: true });
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  },
};
