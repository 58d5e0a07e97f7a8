// What the shortcuts sheet says about a list's keys: the values each takes and a few queries to copy. Built from the
// registry itself, so the help can never offer a key, an alias or a '-' the parser would refuse.
import { isNegatable, type QueryKeySpec } from './key-spec';
import { typedFormOf } from './values';

export interface KeyHelp {
  name: string;
  aliases: readonly string[];
  /** The filter's label, as the filter bar shows it. */
  label: string;
  /** The kind of values, in a few words ('success, failed, … (6 in all)'). */
  values: string;
  /** Queries that work as typed ('status:failed,in-process', '-status:success'). */
  examples: readonly string[];
}

/** The syntax every list shares, for one or two lines above the keys. */
export const QUERY_SYNTAX_HELP =
  'Type key:value in the search box and press Enter: key:a,b for any of them, key:"two words", -key:a to leave a ' +
  'value out, ranges like >50 or 10..50, dates like today, >7d or 2026-11-01..2026-11-15. Other words search the list.';

/** How many values the sheet names before it says how many there are. */
const NAMED_VALUES = 4;

function enumHelp(spec: Extract<QueryKeySpec, { kind: 'enum' }>): Pick<KeyHelp, 'values' | 'examples'> {
  const forms = spec.options.map((option) => typedFormOf(option, spec.printAs));
  const shown = forms.slice(0, NAMED_VALUES).join(', ');
  const values = forms.length > NAMED_VALUES ? `${shown}, … (${forms.length} in all)` : shown;
  // Two values show the list form, where the key takes a list.
  const typed = spec.single || forms.length < 2 ? forms[0] : `${forms[0]},${forms[1]}`;
  const examples = [`${spec.name}:${typed}`];
  if (isNegatable(spec)) examples.push(`-${spec.name}:${forms.at(-1)}`);
  return { values: spec.single ? `one of ${values}` : values, examples };
}

function valuesAndExamples(spec: QueryKeySpec): Pick<KeyHelp, 'values' | 'examples'> {
  switch (spec.kind) {
    case 'enum':
      return enumHelp(spec);
    case 'idList': {
      const fixed = (spec.fixedOptions ?? []).map((option) => typedFormOf(option));
      return {
        values: `names as the filter lists them, or ids${fixed.length ? `; also ${fixed.join(', ')}` : ''}`,
        examples: [`${spec.name}:"${spec.label} name"`, ...fixed.slice(0, 1).map((form) => `${spec.name}:${form}`)],
      };
    }
    case 'textList':
      return { values: 'any text, quoted when it has spaces', examples: [`${spec.name}:"some text"`] };
    case 'numberRange': {
      const middle = Math.round((spec.min + spec.max) / 2);
      return {
        values: `whole numbers ${spec.min} to ${spec.max}`,
        examples: [`${spec.name}:>${middle}`, `${spec.name}:${spec.min}..${middle}`],
      };
    }
    case 'dateRange':
      return {
        values: 'today, yesterday, >7d, >2w, a day or from..to',
        examples: [`${spec.name}:>7d`, `${spec.name}:2026-11-01..2026-11-15`],
      };
    case 'flag':
      return { values: 'true', examples: [`${spec.name}:true`] };
  }
}

export function keyHelp(spec: QueryKeySpec): KeyHelp {
  return { name: spec.name, aliases: spec.aliases ?? [], label: spec.label, ...valuesAndExamples(spec) };
}
