// Completion for the query language (issue 26): what may follow the word at the cursor, as items that replace a
// span of the text. Pure and bounded: only the text before the cursor is read (at most MAX_QUERY_LENGTH), each
// candidate list is a list's keys or one key's options, and the answer holds at most MAX_COMPLETION_ITEMS items.
// Names kept on the server (merchants, MIDs, routes, agents, plans) are not here: `need` tells the caller to ask.
import { presetSlugOf } from '../date-filter';
import { DATE_PRESETS } from '../format';
import { editDistance } from './errors';
import { findKey, isNegatable, type QueryKeyRegistry, type QueryKeySpec, type QueryValueOption } from './key-spec';
import { quoteValue } from './print-query';
import { inputError, type TermToken, tokenize } from './tokenize';
import { normalise, typedFormOf } from './values';

export interface CompletionItem {
  /** What the list shows. */
  label: string;
  /** What replaces text[from..to] when the item is chosen. */
  insert: string;
  /** A second line: the key's filter label, the value's label. */
  detail?: string;
  kind: 'key' | 'value' | 'syntax';
}

export interface Completion {
  from: number;
  to: number;
  items: CompletionItem[];
  /** The word at the cursor is a value of a key whose names live on the server: ask it for `prefix`. */
  need?: { key: QueryKeySpec; prefix: string };
}

export interface CompletionContext {
  /** Options by key name, as parseQuery takes them: the names the caller loaded (or the server answered). */
  options?: Readonly<Record<string, readonly QueryValueOption[]>>;
}

/** A list a person scans at a glance, and the most a keystroke ever computes into an answer. */
export const MAX_COMPLETION_ITEMS = 8;
/** Candidates longer than this are compared on their start only, so one keystroke costs the same on long names. */
const COMPARED_LENGTH = 32;

interface Candidate {
  /** The forms a user may type for it (a name and its aliases; a value's slug, label and code). */
  forms: readonly string[];
  item: CompletionItem;
}

/**
 * -1: a form is the word ('us' is the United States before the US Minor Outlying Islands); 0: a form starts with
 * it; 1: a form contains it; 2+: a near miss by edit distance; null: no match.
 */
function rankOf(word: string, forms: readonly string[]): number | null {
  if (word === '') return 0;
  if (forms.includes(word)) return -1;
  let best: number | null = null;
  for (const form of forms) {
    const compared = form.slice(0, COMPARED_LENGTH);
    if (compared.startsWith(word)) return 0;
    // One letter inside a word matches nearly everything: a single character only completes a start.
    if (word.length > 1 && compared.includes(word)) best = 1;
  }
  if (best !== null || word.length < 2) return best;
  // A slip in a word typed so far ('stauts', 'mastr'): measured against the form's start of the same length.
  const allowed = word.length < 5 ? 1 : 2;
  for (const form of forms) {
    const distance = editDistance(word.slice(0, COMPARED_LENGTH), form.slice(0, word.length));
    if (distance <= allowed) best = Math.min(best ?? Number.POSITIVE_INFINITY, 2 + distance);
  }
  return best;
}

/** Prefix matches first, then substrings, then near misses; equal ranks keep the candidates' own order. */
function rank(word: string, candidates: readonly Candidate[]): CompletionItem[] {
  const wanted = normalise(word);
  const ranked: { rank: number; index: number; item: CompletionItem }[] = [];
  candidates.forEach((candidate, index) => {
    const found = rankOf(wanted, candidate.forms);
    if (found !== null) ranked.push({ rank: found, index, item: candidate.item });
  });
  return ranked
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, MAX_COMPLETION_ITEMS)
    .map((entry) => entry.item);
}

const KEY_CHAR = /[A-Za-z0-9_]/;
const SPACE = /[\s]/;

/** The end of a key word the cursor is inside, with its colon: choosing 'status:' in 'sta|tus:x' keeps one colon. */
function keyEnd(text: string, cursor: number): number {
  let end = cursor;
  while (end < text.length && end - cursor < 100 && KEY_CHAR.test(text[end] as string)) end++;
  return text[end] === ':' ? end + 1 : end;
}

/** The end of a value the cursor is inside: a bare value runs to a space or comma, a quoted one to its quote. */
function valueEnd(text: string, cursor: number, quoted: boolean): number {
  let end = cursor;
  if (quoted) {
    const close = text.indexOf('"', cursor);
    return close >= 0 && close - cursor <= 200 ? close + 1 : cursor;
  }
  while (end < text.length && end - cursor < 200 && !SPACE.test(text[end] as string) && text[end] !== ',') end++;
  return end;
}

function keyCandidates(registry: QueryKeyRegistry, negated: boolean): Candidate[] {
  return registry.keys
    .filter((spec) => !negated || isNegatable(spec))
    .map((spec) => ({
      forms: [spec.name, ...(spec.aliases ?? [])].map(normalise),
      item: { label: `${spec.name}:`, insert: `${spec.name}:`, detail: spec.label, kind: 'key' as const },
    }));
}

function optionCandidates(options: readonly QueryValueOption[], printAs?: 'label' | 'value'): Candidate[] {
  return options.map((option) => {
    // Names go in as users see them (quoted when they have spaces); enums as the slug the printer writes.
    const typed = printAs === undefined ? option.label : typedFormOf(option, printAs);
    return {
      forms: [normalise(typed), normalise(option.label), normalise(option.value)],
      item: { label: typed, insert: quoteValue(typed), detail: option.label, kind: 'value' as const },
    };
  });
}

const value = (text: string, detail: string, kind: CompletionItem['kind'] = 'value'): Candidate => ({
  forms: [normalise(text)],
  item: { label: text, insert: text, detail, kind },
});

const DATE_CANDIDATES: readonly Candidate[] = [
  value('today', 'Today'),
  value('>7d', 'Last 7 days'),
  value('>30d', 'Last 30 days'),
  ...DATE_PRESETS.map((preset) => value(presetSlugOf(preset), preset)),
];

function rangeCandidates(spec: Extract<QueryKeySpec, { kind: 'numberRange' }>): Candidate[] {
  const middle = Math.round((spec.min + spec.max) / 2);
  return [
    value(`>${middle}`, `Above ${middle}`, 'syntax'),
    value(`<${middle}`, `Below ${middle}`, 'syntax'),
    value(`${spec.min}..${middle}`, `From ${spec.min} to ${middle}`, 'syntax'),
  ];
}

/** Values for the key of `term`, the word typed so far being `word`; those already in the term are left out. */
function valueCandidates(spec: QueryKeySpec, term: TermToken, context: CompletionContext): Candidate[] {
  if (spec.kind === 'numberRange') return term.items.length <= 1 ? rangeCandidates(spec) : [];
  if (spec.kind === 'dateRange') return term.items.length <= 1 ? [...DATE_CANDIDATES] : [];
  if (spec.kind === 'flag') return term.items.length <= 1 ? [value('true', spec.label)] : [];
  if (spec.kind === 'textList') return [];
  const options =
    spec.kind === 'enum' ? spec.options : [...(spec.fixedOptions ?? []), ...(context.options?.[spec.name] ?? [])];
  const chosen = new Set(term.items.slice(0, -1).map((item) => normalise(item.text)));
  const candidates = optionCandidates(options, spec.kind === 'enum' ? (spec.printAs ?? 'label') : undefined);
  // A name shared by two records is one item (both ids match it when the query is read).
  const seen = new Set<string>();
  return candidates.filter((candidate) => {
    const form = normalise(candidate.item.label);
    if (chosen.has(form) || seen.has(candidate.item.insert)) return false;
    seen.add(candidate.item.insert);
    return true;
  });
}

function none(cursor: number): Completion {
  return { from: cursor, to: cursor, items: [] };
}

export function completeQuery(
  text: string,
  cursor: number,
  registry: QueryKeyRegistry,
  context: CompletionContext = {},
): Completion {
  const at = Number.isFinite(cursor) ? Math.max(0, Math.min(Math.trunc(cursor), text.length)) : text.length;
  const before = text.slice(0, at);
  // Past the parser's limits nothing would apply anyway; the box shows the error instead.
  if (inputError(before)) return none(at);
  const last = tokenize(before).tokens.at(-1);
  // After a space (or at the start): a new term begins, so the keys are offered.
  if (!last || last.end < at)
    return { from: at, to: keyEnd(text, at), items: rank('', keyCandidates(registry, false)) };

  if (last.type === 'text') {
    if (last.quoted) return none(at);
    const negated = last.text.startsWith('-');
    const from = negated ? last.start + 1 : last.start;
    const word = before.slice(from);
    // Only the start of a key: 'a-b' or '12' are free text, never a key to complete.
    if (word !== '' && !/^[A-Za-z][A-Za-z0-9_]*$/.test(word)) return none(at);
    return { from, to: keyEnd(text, at), items: rank(word, keyCandidates(registry, negated)) };
  }

  const spec = findKey(registry, last.key);
  if (!spec || (last.negated && !isNegatable(spec))) return none(at);
  const item = last.items.at(-1);
  // Right after the colon or a comma the tokenizer has no item ending at the cursor: the next value starts empty.
  const startsNew = !item || item.end < at;
  // After a closed quote the value is whole.
  if (!startsNew && item.quoted && before.endsWith('"') && item.end - item.start > 1) return none(at);
  const from = startsNew ? at : item.start;
  const quoted = !startsNew && item.quoted;
  const prefix = startsNew ? '' : item.text;
  const to = valueEnd(text, at, quoted);
  const term: TermToken = startsNew
    ? { ...last, items: [...last.items, { text: '', quoted: false, start: at, end: at }] }
    : last;
  const completion: Completion = { from, to, items: rank(prefix, valueCandidates(spec, term, context)) };
  if (spec.kind === 'idList' && spec.source) completion.need = { key: spec, prefix };
  return completion;
}
