import type { Database } from '@server/db/client';
import type pg from 'pg';
import type { LoggedStatement } from './statement-log';

// Which tables a statement reads without an account_id condition, as PostgreSQL itself sees the statement: its plan
// (EXPLAIN VERBOSE, with the values it was run with) names every scan of every table, however the SQL was written
// (aliases, joins, subqueries, CTEs, UPDATE and DELETE), and prints each scan's conditions with the alias qualified.
//
// The rule: a scan of table T under alias A is scoped when a condition that applies to its rows, ANDed with the others,
// is an equality on A.account_id: to a value (`A.account_id = '…'::uuid`, `= ANY ('{…}')`, a parameter or a
// subquery's value) or to the account of another relation (`A.account_id = t.account_id`, `A.account_id = a.id` of
// accounts: the join carrying the account). The conditions that apply are the scan's own (Index Cond, Filter, Recheck
// Cond, and the Index Cond of its bitmap index scans) and its ancestors' (Hash Cond, Merge Cond, Join Filter, Filter):
// the planner puts a join's equality on the join node, or, when one side is filtered by a value, gives the other side
// the same value (equivalence classes). An OR scopes only when each of its branches does. INSERT writes a row and has
// no rows to filter: the NOT NULL account_id column is what keeps it in its account, so its target is not a scan;
// INSERT … SELECT's scans are checked. A correlated EXISTS that PostgreSQL runs as a hashed subplan reads the whole
// table once, whatever the correlation says, and is reported as such (a lateral join keeps the account on the scan).

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  Plans?: PlanNode[];
  [key: string]: unknown;
}

export interface UnscopedScan {
  table: string;
  alias: string;
}

const CONDITIONS = ['Index Cond', 'Recheck Cond', 'Filter', 'TID Cond', 'Join Filter', 'Hash Cond', 'Merge Cond'];

/** The statements that can read rows; anything else (BEGIN, SET, DDL) cannot read a table's rows. */
const READING = /^\s*\(?\s*(select|with|update|delete|insert)\b/i;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text without the parentheses wrapping all of it. */
function unwrap(text: string): string {
  let inner = text.trim();
  while (inner.startsWith('(') && closingOf(inner, 0) === inner.length - 1) inner = inner.slice(1, -1).trim();
  return inner;
}

function closingOf(text: string, open: number): number {
  let depth = 0;
  let quoted = false;
  for (let index = open; index < text.length; index++) {
    const char = text[index];
    if (char === "'") quoted = !quoted;
    if (quoted) continue;
    if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return index;
  }
  return -1;
}

/** The parts of `text` joined by `operator` outside parentheses and quotes (one part when there is none). */
function splitTopLevel(text: string, operator: 'AND' | 'OR'): string[] {
  const parts: string[] = [];
  const separator = ` ${operator} `;
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === "'") quoted = !quoted;
    if (quoted) continue;
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (depth === 0 && text.startsWith(separator, index)) {
      parts.push(text.slice(start, index));
      start = index + separator.length;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** Whether the condition keeps only rows whose `alias.account_id` equals something (see the rule above). */
export function scopes(condition: string, alias: string): boolean {
  const text = unwrap(condition);
  const conjuncts = splitTopLevel(text, 'AND');
  if (conjuncts.length > 1) return conjuncts.some((part) => scopes(part, alias));
  const disjuncts = splitTopLevel(text, 'OR');
  if (disjuncts.length > 1) return disjuncts.every((part) => scopes(part, alias));
  const column = `(?:"${escapeRegExp(alias)}"|${escapeRegExp(alias)})\\.account_id`;
  return new RegExp(`^${column} = `).test(text) || new RegExp(`[^.\\w"]= ${column}$`).test(text);
}

function conditionsOf(node: PlanNode): string[] {
  return CONDITIONS.map((key) => node[key]).filter((value): value is string => typeof value === 'string');
}

/** The scan's own conditions and those of its bitmap index scans (children that scan no relation of their own). */
function scanConditions(node: PlanNode): string[] {
  const own = conditionsOf(node);
  for (const child of node.Plans ?? []) {
    if (!child['Relation Name'] && child['Node Type'].startsWith('Bitmap')) own.push(...scanConditions(child));
  }
  return own;
}

/** A monthly partition (migration 0038: `transactions_p2026_11`, `_p1970_01`, `_default`) is its table. */
const PARTITION = /^(.+)_(p\d{4}_\d{2}|default)$/;

/** Every scan of `tables` in the plan that no condition scopes to an account. */
export function unscopedScansOf(plan: PlanNode, tables: ReadonlySet<string>): UnscopedScan[] {
  const found: UnscopedScan[] = [];
  const visit = (node: PlanNode, inherited: string[]) => {
    const relation = node['Relation Name'];
    const partitionOf = relation ? PARTITION.exec(relation)?.[1] : undefined;
    const table = partitionOf ?? relation;
    if (table && tables.has(table) && node['Node Type'] !== 'ModifyTable') {
      const alias = node.Alias ?? table;
      // A partition's scan is aliased `t_1`, `t_2`..., and a join above the partitions names them all by the
      // statement's own alias `t`: reported once, under `t`.
      const reported = partitionOf ? alias.replace(/_\d+$/, '') : alias;
      const scoped = [...scanConditions(node), ...inherited].some(
        (condition) => scopes(condition, alias) || scopes(condition, reported),
      );
      if (!scoped && !found.some((scan) => scan.table === table && scan.alias === reported))
        found.push({ table, alias: reported });
    }
    const passed = [...inherited, ...conditionsOf(node)];
    for (const child of node.Plans ?? []) visit(child, passed);
  };
  visit(plan, []);
  return found;
}

/** Runs a statement on the database's own client (PGlite, or a connection of the node-postgres pool). */
async function run(database: Database, text: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  if (database.pglite) return (await database.pglite.query<Record<string, unknown>>(text, params)).rows;
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  return (await pool.query(text, params)).rows;
}

/** The plan of a logged statement, planned with the values it ran with (EXPLAIN runs nothing). */
export async function planOf(database: Database, statement: LoggedStatement): Promise<PlanNode> {
  const rows = await run(database, `explain (verbose, format json) ${statement.text}`, statement.params);
  const value = rows[0]?.['QUERY PLAN'];
  const document = (typeof value === 'string' ? JSON.parse(value) : value) as [{ Plan: PlanNode }];
  return document[0].Plan;
}

/**
 * The monthly partitions (migration 0038) a logged SELECT reads when run again with its values: EXPLAIN ANALYZE runs
 * it, and a partition counts when its scan ran (pruned at plan time it is absent from the plan; at run time its scan
 * never runs).
 */
export async function partitionsRead(database: Database, statement: LoggedStatement): Promise<string[]> {
  const rows = await run(database, `explain (analyze, format json) ${statement.text}`, statement.params);
  const value = rows[0]?.['QUERY PLAN'];
  const document = (typeof value === 'string' ? JSON.parse(value) : value) as [{ Plan: PlanNode }];
  const read = new Set<string>();
  const visit = (node: PlanNode) => {
    const relation = node['Relation Name'];
    if (relation && PARTITION.test(relation) && Number(node['Actual Loops'] ?? 0) > 0) read.add(relation);
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(document[0].Plan);
  return [...read].sort();
}

/** Whether the statement may read one of `tables` (a cheap look at its text before asking for a plan). */
export function mayRead(statement: LoggedStatement, tables: ReadonlySet<string>): boolean {
  if (!READING.test(statement.text)) return false;
  return [...tables].some((table) => new RegExp(`\\b${table}\\b`).test(statement.text));
}
