// The list's address filters and search -> the query that gives them back (parseQuery(printQuery(x)) = x). Values
// the language cannot say (a hand-edited address, a filter without a key) are reported, never silently left out.
import { parseDateFilter } from '../date-filter';
import { isNegatable, type QueryKeyRegistry, type QueryKeySpec } from './key-spec';
import { optionsOf, type QueryContext } from './parse-query';
import { normalise, typedFormOf } from './values';

export interface PrintedQuery {
  query: string;
  /** Filter ids whose address values no key can print. */
  unprintable: string[];
}

const BARE = /^[^\s",\\]+$/;

/** Quotes a value when it would not read back as one bare item. */
export function quoteValue(text: string): string {
  return BARE.test(text) ? text : `"${text.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

/** Free text reads back as free text when it is plain words; otherwise it goes as one quoted string. */
function printSearch(search: string): string {
  const words = search.split(' ');
  const plain = words.every((word) => word !== '' && !/[\s"\\]/.test(word) && !/^-?[A-Za-z][A-Za-z0-9_]*:/.test(word));
  return plain ? search : `"${search.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

function printTerm(spec: QueryKeySpec, values: readonly string[], context: QueryContext): string | null {
  if (spec.kind === 'flag') return values.length === 1 && values[0] === 'true' ? `${spec.name}:true` : null;
  if (spec.kind === 'dateRange') {
    const value = values.length === 1 ? parseDateFilter(values[0]) : null;
    return value ? `${spec.name}:${values[0]}` : null;
  }
  if (spec.kind === 'numberRange') {
    const [from, to] = values;
    if (values.length !== 2 || !/^\d+$/.test(from ?? '') || !/^\d+$/.test(to ?? '')) return null;
    const [low, high] = [Number(from), Number(to)];
    if (low > high || low < spec.min || high > spec.max) return null;
    return `${spec.name}:${low === high ? low : `${low}..${high}`}`;
  }
  if (values.length === 0) return null;
  if (spec.kind === 'textList') return `${spec.name}:${values.map(quoteValue).join(',')}`;
  const options = optionsOf(spec, context);
  const byValue = new Map(options.map((option) => [option.value, option]));
  if (spec.kind === 'idList') {
    const printed = values.map((value) => {
      const option = byValue.get(value);
      // A name shared by several records would read back as all of them; the id says exactly this one.
      const shared = option && options.filter((other) => normalise(other.label) === normalise(option.label)).length > 1;
      return option && !shared ? quoteValue(option.label) : value;
    });
    if (printed.some((text, index) => text === values[index] && !spec.idPattern.test(text) && !byValue.has(text)))
      return null;
    return `${spec.name}:${printed.join(',')}`;
  }
  if (values.some((value) => !byValue.has(value))) return null;
  const chosen = new Set(values);
  const excluded = options.filter((option) => !chosen.has(option.value));
  const form = (option: (typeof options)[number]) => typedFormOf(option, spec.printAs);
  // The shorter of the two, where the key can be negated: 'status:a,b' or '-status:c'; ties stay positive.
  if (isNegatable(spec) && excluded.length > 0 && excluded.length < chosen.size)
    return `-${spec.name}:${excluded.map(form).join(',')}`;
  return `${spec.name}:${options
    .filter((option) => chosen.has(option.value))
    .map(form)
    .join(',')}`;
}

export function printQuery(
  state: { filters: Readonly<Record<string, readonly string[]>>; search: string },
  registry: QueryKeyRegistry,
  context: QueryContext,
): PrintedQuery {
  const parts: string[] = [];
  const unprintable: string[] = [];
  const known = new Set(registry.keys.map((spec) => spec.param));
  for (const spec of registry.keys) {
    const values = state.filters[spec.param];
    if (!values || values.length === 0) continue;
    const term = printTerm(spec, values, context);
    if (term) parts.push(term);
    else unprintable.push(spec.param);
  }
  for (const [id, values] of Object.entries(state.filters))
    if (!known.has(id) && values.length > 0) unprintable.push(id);
  const search = state.search.trim();
  if (search) parts.push(printSearch(search));
  return { query: parts.join(' '), unprintable };
}
