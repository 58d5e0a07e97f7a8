// The shape every benchmark measurement has. Adding one is a small module exporting a Measurement (or a few) and one
// line in the registry of bench.ts.

export type BenchGroup =
  | 'console'
  | 'api'
  | 'search'
  | 'export'
  | 'transactions'
  | 'backtest'
  | 'counters'
  | 'dashboard'
  | 'embedded'
  | 'subscriptions'
  | 'invoices'
  | 'palette'
  | 'load';

export interface Budget {
  op: '<=' | '==';
  value: number;
  unit: string;
}

export interface Outcome {
  value: number;
  unit: string;
  /** One line shown beside the value (percentiles, sample size). */
  detail?: string;
  /** Extra lines printed under the table, for information only. */
  notes?: string[];
  /** Overrides the budget comparison when the right answer depends on the run (a cap with fewer rows than it). */
  pass?: boolean;
}

export interface BenchOptions {
  /** Merchants in the generated table; undefined means the default for the database kind. */
  rows: number | undefined;
}

export interface BenchContext {
  options: BenchOptions;
  /** The seeded database and the built app, created on first use and shared by every API measurement. */
  api(): Promise<import('./api-fixture').ApiFixture>;
}

export interface Measurement {
  name: string;
  group: BenchGroup;
  /** Without a budget the line is informational (INFO). */
  budget?: Budget;
  /** Runs only when its group is named with --only (it starts processes of its own and needs PostgreSQL). */
  onlyWhenAsked?: boolean;
  run(context: BenchContext): Promise<Outcome>;
}

export type Status = 'PASS' | 'FAIL' | 'INFO';

export interface ResultLine {
  group: BenchGroup;
  name: string;
  value: number | null;
  unit: string;
  budget: Budget | null;
  status: Status;
  detail?: string;
  notes?: string[];
  error?: string;
  seconds: number;
}

export function withinBudget(budget: Budget, value: number): boolean {
  return budget.op === '<=' ? value <= budget.value : value === budget.value;
}
