// A typed query -> the list's address filters and its search text. Every term either lands in the filters or
// answers a typed error; the caller decides whether to apply a query with errors (the search box does not).
import { closest, type QueryError } from './errors';
import {
  findKey,
  isNegatable,
  isRepeatable,
  type QueryKeyRegistry,
  type QueryKeySpec,
  type QueryValueOption,
} from './key-spec';
import { type TermToken, tokenize } from './tokenize';
import { matchOptions, readDateRange, readNumberRange, unknownValue, type ValueResult } from './values';

export interface QueryContext {
  /** 'today', '>7d' and friends are read against it (the browser's day, as the date filter's presets are). */
  now: Date;
  /** Options loaded at run time, by key name: merchants, routes, MIDs, agents. */
  options?: Readonly<Record<string, readonly QueryValueOption[]>>;
}

export interface ParsedQuery {
  /** Filter id -> the address values, as TableState.filters holds them. */
  filters: Record<string, string[]>;
  /** The free text, for the list's own search box. */
  search: string;
  errors: QueryError[];
}

export function optionsOf(spec: QueryKeySpec, context: QueryContext): readonly QueryValueOption[] {
  if (spec.kind === 'enum') return spec.options;
  if (spec.kind === 'idList') return [...(spec.fixedOptions ?? []), ...(context.options?.[spec.name] ?? [])];
  return [];
}

const FLAG_VALUES = new Set(['true', 'yes', 'on']);
const FLAG_OPTIONS: readonly QueryValueOption[] = [{ value: 'true', label: 'true' }];

const fail = (code: QueryError['code'], start: number, end: number, message: string): ValueResult => ({
  error: { code, start, end, message },
});

/**
 * How many unknown values get suggestions in one parse: each costs an edit distance against every option (250
 * countries), and past a few the user has a different problem; later ones still answer their typed error.
 */
const SUGGESTED_VALUES = 5;

function readValues(
  spec: QueryKeySpec,
  term: TermToken,
  context: QueryContext,
  budget: { suggestions: number },
): ValueResult {
  const single =
    spec.kind === 'numberRange' || spec.kind === 'dateRange' || spec.kind === 'flag' || !isRepeatable(spec);
  const [first, second] = term.items;
  if (!first) return fail('emptyValue', term.start, term.end, `${spec.label}: type a value after the colon.`);
  if (single && second) return fail('badRange', second.start, term.end, `${spec.label} takes one value, not a list.`);
  if (spec.kind === 'numberRange') return readNumberRange(spec, first);
  if (spec.kind === 'dateRange') return readDateRange(spec, first, context.now);
  if (spec.kind === 'flag') {
    if (FLAG_VALUES.has(first.text.toLowerCase())) return { values: ['true'] };
    return unknownValue(first, spec.label, FLAG_OPTIONS);
  }
  const values: string[] = [];
  for (const item of term.items) {
    if (item.text.trim() === '') return fail('emptyValue', item.start, item.end, `${spec.label}: an empty value.`);
    if (spec.kind === 'textList') {
      if (item.text.length > spec.maxLength) {
        const message = `${spec.label} values are at most ${spec.maxLength} characters.`;
        return fail('unknownValue', item.start, item.end, message);
      }
      values.push(item.text.trim());
      continue;
    }
    const options = optionsOf(spec, context);
    const matches = matchOptions(item.text, options);
    if (matches.length > 0) values.push(...matches.map((option) => option.value));
    else if (spec.kind === 'idList' && spec.idPattern.test(item.text)) values.push(item.text);
    else {
      budget.suggestions--;
      return unknownValue(
        item,
        spec.label,
        options,
        spec.kind === 'enum' ? spec.printAs : undefined,
        budget.suggestions >= 0,
      );
    }
  }
  return { values };
}

/** Enum values in the options' order, so equal choices give equal addresses; other lists keep the typed order. */
function ordered(spec: QueryKeySpec, values: Iterable<string>): string[] {
  if (spec.kind !== 'enum' && spec.kind !== 'idList' && spec.kind !== 'textList') return [...values];
  const unique = [...new Set(values)];
  if (spec.kind !== 'enum') return unique;
  const chosen = new Set(unique);
  return spec.options.map((option) => option.value).filter((value) => chosen.has(value));
}

export function parseQuery(input: string, registry: QueryKeyRegistry, context: QueryContext): ParsedQuery {
  const { tokens, errors } = tokenize(input);
  const filters: Record<string, string[]> = {};
  const words: string[] = [];
  const seen = new Map<string, { negated: boolean }>();
  const budget = { suggestions: SUGGESTED_VALUES };
  for (const token of tokens) {
    if (token.type === 'text') {
      if (token.text !== '') words.push(token.text);
      continue;
    }
    const spec = findKey(registry, token.key);
    if (!spec) {
      const names = registry.keys.map((key) => key.name);
      const suggestions = [...closest(token.key, names, 1), ...names].filter(
        (name, index, all) => all.indexOf(name) === index,
      );
      errors.push({
        code: 'unknownKey',
        start: token.keyStart,
        end: token.keyEnd,
        message:
          names.length > 0
            ? `The ${registry.list} list has no key '${token.key}'. Its keys: ${names.join(', ')}.`
            : `The ${registry.list} list has no keys, only its search: put the words in quotes to search for them.`,
        suggestions,
      });
      continue;
    }
    if (token.negated && !isNegatable(spec)) {
      errors.push({
        code: 'notNegatable',
        start: token.start,
        end: token.keyEnd,
        message: `${spec.label} cannot be excluded with '-': the list can only include values.`,
      });
      continue;
    }
    const before = seen.get(spec.param);
    if (before && (!isRepeatable(spec) || before.negated || token.negated)) {
      errors.push({
        code: 'repeatedKey',
        start: token.start,
        end: token.end,
        message: !isRepeatable(spec)
          ? `${spec.label} is given twice: keep one.`
          : before.negated && token.negated
            ? `${spec.label} is excluded twice: exclude the values in one term (-${spec.name}:a,b).`
            : `${spec.label} is given both to include and to exclude: keep one.`,
      });
      continue;
    }
    const result = readValues(spec, token, context, budget);
    if ('error' in result) {
      errors.push(result.error);
      continue;
    }
    let values = [...(filters[spec.param] ?? []), ...result.values];
    if (token.negated && spec.kind === 'enum') {
      const excluded = new Set(result.values);
      values = spec.options.map((option) => option.value).filter((value) => !excluded.has(value));
      if (values.length === 0) {
        errors.push({
          code: 'badRange',
          start: token.start,
          end: token.end,
          message: `Excluding every ${spec.label.toLowerCase()} leaves nothing to list.`,
        });
        continue;
      }
      if (spec.single && values.length > 1) {
        errors.push({
          code: 'notNegatable',
          start: token.start,
          end: token.end,
          message: `${spec.label} picks one value: name it instead of excluding the others.`,
        });
        continue;
      }
    }
    seen.set(spec.param, { negated: token.negated });
    filters[spec.param] = ordered(spec, values);
  }
  errors.sort((a, b) => a.start - b.start);
  // Trimmed as the table trims its search, so a quoted ' x' searches what the list would.
  return { filters, search: words.join(' ').trim(), errors };
}
