import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ApiFixture } from './bench/api-fixture';
import { listDeepPage, listFirstPage, listSearchFirstPage, listTotalCap, merchantById } from './bench/api-list';
import { midListFilteredPage, midListFirstPage, simulationP95 } from './bench/api-mids';
import { completionPerKeystroke, searchByName, searchPastedId } from './bench/api-search';
import { BACKTEST_MEASUREMENTS, setBacktestLog } from './bench/backtest';
import { BACKTEST_LOAD_MEASUREMENTS, setBacktestLoadLog } from './bench/backtest-load';
import { consoleInitialJs } from './bench/console-size';
import { COUNTER_MEASUREMENTS, setCountersLog } from './bench/counters';
import { DASHBOARD_MEASUREMENTS, setDashboardLog } from './bench/dashboard';
import { EMBEDDED_MEASUREMENTS, setEmbeddedLog } from './bench/embedded';
import { exportCpu, exportFirstByte, exportMemory } from './bench/export';
import { INVOICE_MEASUREMENTS, setInvoicesLog } from './bench/invoices';
import { loadOneVersusTwo, setLoadLog } from './bench/load';
import { paletteKeystrokeToPaint, setPaletteLog } from './bench/palette';
import { routingLintP95 } from './bench/routing-lint';
import { round } from './bench/stats';
import { SUBSCRIPTION_MEASUREMENTS, setSubscriptionsLog } from './bench/subscriptions';
import { closeTransactionsFixture, setTransactionsLog, TRANSACTION_MEASUREMENTS } from './bench/transactions';
import {
  type BenchContext,
  type BenchGroup,
  type Measurement,
  type ResultLine,
  type Status,
  withinBudget,
} from './bench/types';

// `npm run bench`: the performance budgets of design.md section 5, measured. Prints a table, writes
// .bench/results.json, and exits non-zero on a FAIL line only with --strict.

/** Every measurement, in the order they run. Later areas add theirs here. */
const MEASUREMENTS: readonly Measurement[] = [
  consoleInitialJs,
  listFirstPage,
  listSearchFirstPage,
  listDeepPage,
  listTotalCap,
  merchantById,
  midListFirstPage,
  midListFilteredPage,
  simulationP95,
  searchByName,
  searchPastedId,
  completionPerKeystroke,
  exportCpu,
  exportFirstByte,
  exportMemory,
  ...TRANSACTION_MEASUREMENTS,
  ...BACKTEST_MEASUREMENTS,
  routingLintP95,
  ...BACKTEST_LOAD_MEASUREMENTS,
  ...COUNTER_MEASUREMENTS,
  ...DASHBOARD_MEASUREMENTS,
  ...EMBEDDED_MEASUREMENTS,
  ...SUBSCRIPTION_MEASUREMENTS,
  ...INVOICE_MEASUREMENTS,
  paletteKeystrokeToPaint,
  loadOneVersusTwo,
];

const GROUPS: readonly BenchGroup[] = [
  'console',
  'api',
  'search',
  'export',
  'transactions',
  'backtest',
  'counters',
  'dashboard',
  'embedded',
  'subscriptions',
  'invoices',
  'palette',
  'load',
];
const root = resolve(import.meta.dirname, '../../..');

function parseOptions() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string', multiple: true },
      rows: { type: 'string' },
      strict: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(
      'Usage: npm run bench -- [--only console|api|search|export|transactions|backtest|counters|dashboard|embedded|subscriptions|invoices|palette|load]... [--rows N] [--strict]',
    );
    console.log(
      'Transactions: BENCH_TRANSACTIONS_URL=<a database seeded with npm run seed -- --transactions N>, or BENCH_TRANSACTIONS=N generated rows.',
    );
    console.log(
      'Backtest: BENCH_BACKTEST_URL=<a dedicated database, generated once and reused>, or BENCH_BACKTEST_PAYMENTS=N generated payments.',
    );
    console.log(
      'Counters: BENCH_COUNTERS_URL=<a dedicated database, filled once with 10M demo transactions (BENCH_COUNTERS_TRANSACTIONS=N) and reused>, or the demo data on PGlite.',
    );
    console.log('Dashboard: the counters database (BENCH_COUNTERS_URL), or the demo data on PGlite.');
    console.log(
      'Subscriptions: BENCH_SUBSCRIPTIONS_URL=<a dedicated database, 1M subscriptions generated once and reused>, or a throwaway database on DATABASE_URL/TEST_DATABASE_URL, or 20,000 on PGlite.',
    );
    console.log(
      'Invoices: a throwaway database on DATABASE_URL/TEST_DATABASE_URL with 100,000 invoices (BENCH_INVOICES=N), or 20,000 on PGlite; downloads on port 4281 (BENCH_INVOICES_PORT).',
    );
    console.log(
      'Palette: the built console and the server on a fresh embedded database with the demo data, on port 4360 (BENCH_PALETTE_PORT), in /usr/bin/chromium (CHROMIUM_PATH).',
    );
    process.exit(0);
  }
  const only = (values.only ?? []).flatMap((value) => value.split(','));
  for (const group of only) {
    if (!GROUPS.includes(group as BenchGroup)) {
      console.error(`Unknown group '${group}'. Use ${GROUPS.join(', ')}.`);
      process.exit(2);
    }
  }
  let rows: number | undefined;
  if (values.rows !== undefined) {
    rows = Number(values.rows.replaceAll('_', ''));
    if (!Number.isInteger(rows) || rows < 1) {
      console.error(`--rows must be a positive whole number, not '${values.rows}'.`);
      process.exit(2);
    }
  }
  return { only: only as BenchGroup[], rows, strict: values.strict };
}

const shortError = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 400);

function formatBudget(line: ResultLine): string {
  if (!line.budget) return '-';
  return `${line.budget.op} ${line.budget.value.toLocaleString('en')}${line.budget.unit ? ` ${line.budget.unit}` : ''}`;
}

function formatValue(line: ResultLine): string {
  if (line.value === null) return 'error';
  return `${line.value.toLocaleString('en')}${line.unit ? ` ${line.unit}` : ''}`;
}

function printTable(lines: readonly ResultLine[]): void {
  const rows = lines.map((line) => [
    line.name,
    formatValue(line),
    formatBudget(line),
    line.status,
    line.error ?? line.detail ?? '',
  ]);
  const header = ['Measurement', 'Value', 'Budget', 'Result', 'Detail'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  // The last column is free text: it is not padded, so long details do not widen the table.
  const format = (row: string[]) =>
    row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ');
  console.log(`\n${format(header)}`);
  console.log(widths.map((width, column) => '-'.repeat(column === widths.length - 1 ? 6 : width)).join('  '));
  for (const row of rows) console.log(format(row));
  const notes = lines.flatMap((line) => (line.notes ?? []).map((note) => `  ${line.name}: ${note}`));
  if (notes.length > 0) console.log(`\n${notes.join('\n')}`);
}

async function main() {
  const options = parseOptions();
  const selected = MEASUREMENTS.filter(
    (measurement) =>
      options.only.includes(measurement.group) || (options.only.length === 0 && !measurement.onlyWhenAsked),
  );
  const log = (line: string) => console.log(`  ${line}`);
  setTransactionsLog(log);
  setBacktestLog(log);
  setBacktestLoadLog(log);
  setCountersLog(log);
  setDashboardLog(log);
  setEmbeddedLog(log);
  setSubscriptionsLog(log);
  setInvoicesLog(log);
  setPaletteLog(log);
  setLoadLog(log);

  let fixture: Promise<ApiFixture> | undefined;
  const context: BenchContext = {
    options: { rows: options.rows },
    api() {
      fixture ??= (async () => {
        log('preparing the API fixture...');
        const { createApiFixture } = await import('./bench/api-fixture');
        const created = await createApiFixture(options.rows, log);
        log(`API ready in ${Math.round(created.setupSeconds)} s`);
        return created;
      })();
      return fixture;
    },
  };

  const started = Date.now();
  const loadBefore = loadavg()[0]!;
  const lines: ResultLine[] = [];
  try {
    for (const measurement of selected) {
      console.log(`- ${measurement.name}`);
      const begin = Date.now();
      const line: ResultLine = {
        group: measurement.group,
        name: measurement.name,
        value: null,
        unit: measurement.budget?.unit ?? '',
        budget: measurement.budget ?? null,
        status: 'FAIL',
        seconds: 0,
      };
      try {
        const outcome = await measurement.run(context);
        let status: Status = 'INFO';
        if (outcome.pass !== undefined) status = outcome.pass ? 'PASS' : 'FAIL';
        else if (measurement.budget) status = withinBudget(measurement.budget, outcome.value) ? 'PASS' : 'FAIL';
        Object.assign(line, {
          value: outcome.value,
          unit: outcome.unit,
          status,
          detail: outcome.detail,
          notes: outcome.notes,
        });
      } catch (error) {
        line.error = shortError(error);
      }
      line.seconds = Math.round((Date.now() - begin) / 100) / 10;
      lines.push(line);
    }
  } finally {
    await closeTransactionsFixture().catch((error: unknown) => log(`clean-up: ${shortError(error)}`));
    if (fixture) {
      await fixture.then(
        (created) => created.close().catch((error: unknown) => log(`clean-up: ${shortError(error)}`)),
        () => undefined,
      );
    }
  }

  printTable(lines);
  const load = Math.max(loadBefore, loadavg()[0]!);
  if (load > cpus().length) {
    // Latencies measured while other work competes for the CPUs say little; say so next to them.
    console.log(
      `\nNote: the machine was busy (load average ${load.toFixed(1)} on ${cpus().length} CPUs); timings are inflated.`,
    );
  }
  const failed = lines.filter((line) => line.status === 'FAIL').length;
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  const api = fixture ? await fixture.catch(() => undefined) : undefined;
  const report = {
    finishedAt: new Date().toISOString(),
    seconds,
    machine: { node: process.version, cpus: cpus().length, platform: process.platform, loadAverage: round(load) },
    database: api ? { kind: api.kind, merchants: api.rows } : null,
    failed,
    results: lines,
  };
  const outDir = join(root, '.bench');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'results.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\n${lines.length - failed} of ${lines.length} within budget or informational, ${failed} FAIL (${seconds} s). Results in .bench/results.json`,
  );
  process.exitCode = options.strict && failed > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(`bench: ${shortError(error)}`);
  process.exitCode = 1;
});
