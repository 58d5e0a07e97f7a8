// What a list lets its users type: one QueryKeySpec per key, each compiling to the filter ids the list's address
// already holds (the console's <area>-filters.ts ids, which are the list call's query names). Nothing here knows
// React or the server; the console hands in the options it loaded (agents, merchants) at compile time.

export interface QueryValueOption {
  /** What the address holds (an enum member, an id). */
  value: string;
  /** What users see and may type instead of the value. */
  label: string;
}

interface KeyBase {
  /** The canonical key users type and the printer writes ('status'). */
  name: string;
  /** Short or alternative names, matched case-insensitively like the name ('type' for 'operation'). */
  aliases?: readonly string[];
  /** The filter's label as the filter bar shows it. */
  label: string;
  /** The address parameter the key compiles to (the filter id). */
  param: string;
}

/** A closed set of values (statuses, brands). */
export interface EnumKeySpec extends KeyBase {
  kind: 'enum';
  options: readonly QueryValueOption[];
  /**
   * Whether '-key:value' may compile to the other options. Only where every row holds one of the options (a NOT NULL
   * column the options cover) is the complement exact: a country may be unknown (null), and the subscriptions'
   * status filter leaves FULFILLED out, so there a complement would silently drop rows.
   */
  negatable?: boolean;
  /** What the printer writes: the label as a slug (default, 'in-process') or the code ('us' for a country). */
  printAs?: 'label' | 'value';
  /**
   * The filter picks one value (a single select: the routes' Fallback MID, the users' User Type), so the key takes one
   * and is not repeated; negated, its complement must be one value too (two options).
   */
  single?: boolean;
}

/** Where the server keeps the names of an idList key's records (GET /search/names?source=...). */
export const NAME_SOURCES = ['merchants', 'mids', 'routes', 'agents', 'plans'] as const;
export type NameSource = (typeof NAME_SOURCES)[number];

/**
 * Records chosen by id (merchants, MIDs, agents). The options arrive at run time; `fixedOptions` are those every
 * account has (the agent filter's Others and Unassigned). Not negatable: the set is open, a complement would miss
 * records created after it was taken.
 */
export interface IdListKeySpec extends KeyBase {
  kind: 'idList';
  fixedOptions?: readonly QueryValueOption[];
  /** How a value typed without known options must look to be taken as an id (a uuid). */
  idPattern: RegExp;
  /** The server source that completes names as the user types (completeQuery's `need`). */
  source?: NameSource;
}

/** Free values the server matches as given (URLs, gateway names). Not negatable: the server has no 'not in'. */
export interface TextListKeySpec extends KeyBase {
  kind: 'textList';
  maxLength: number;
}

/** Whole numbers between bounds, kept in the address as a pair [from, to] (the risk score). */
export interface NumberRangeKeySpec extends KeyBase {
  kind: 'numberRange';
  min: number;
  max: number;
}

/** The table's date filter: one address value (a preset slug, a day, or 'from..to' days). */
export interface DateRangeKeySpec extends KeyBase {
  kind: 'dateRange';
}

/** A checkbox filter ('Hide expired'): present as 'true' or absent. */
export interface FlagKeySpec extends KeyBase {
  kind: 'flag';
}

export type QueryKeySpec =
  | EnumKeySpec
  | IdListKeySpec
  | TextListKeySpec
  | NumberRangeKeySpec
  | DateRangeKeySpec
  | FlagKeySpec;

export interface QueryKeyRegistry {
  /** The list, as error messages name it ('transactions'). */
  list: string;
  /** In the order the printer writes them (the filter bar's order). */
  keys: readonly QueryKeySpec[];
}

/** The server has no 'not in': only a closed set's exact complement can say it; every other key refuses a '-'. */
export function isNegatable(spec: QueryKeySpec): boolean {
  return spec.kind === 'enum' && spec.negatable === true;
}

/** Ranges, dates, flags and single selects hold one value; lists may repeat a key, the values add up. */
export function isRepeatable(spec: QueryKeySpec): boolean {
  return (spec.kind === 'enum' && spec.single !== true) || spec.kind === 'idList' || spec.kind === 'textList';
}

/** Finds a key by name or alias, case-insensitively. */
export function findKey(registry: QueryKeyRegistry, typed: string): QueryKeySpec | undefined {
  const wanted = typed.toLowerCase();
  return registry.keys.find(
    (spec) => spec.name.toLowerCase() === wanted || spec.aliases?.some((alias) => alias.toLowerCase() === wanted),
  );
}
