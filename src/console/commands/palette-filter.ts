import type { PaletteItem } from './types';

// The palette ranks items itself (cmdk runs with shouldFilter={false}): cmdk's own filter scores every mounted item on
// each keystroke, which is too slow for a staff user with hundreds of accounts and a thousand merchants, and it would
// need every item mounted. Here each item's lower-cased text is prepared once, a keystroke costs a few substring
// checks per item, and only the best `limit` items ever reach cmdk (design.md section 5: at most 50 rendered).

/** At most this many items are rendered (and so handed to cmdk). */
export const PALETTE_RENDER_LIMIT = 50;
/** Local items considered per keystroke; sources beyond this are cut before ranking. */
export const PALETTE_CANDIDATE_LIMIT = 5000;

interface Prepared {
  title: string;
  /** Title, subtitle and keywords, lower-cased and space-separated. */
  text: string;
}

const prepared = new WeakMap<PaletteItem, Prepared>();

function prepare(item: PaletteItem): Prepared {
  let entry = prepared.get(item);
  if (!entry) {
    const title = item.title.toLowerCase();
    const text = [title, item.subtitle ?? '', ...(item.keywords ?? [])].join(' ').toLowerCase();
    entry = { title, text };
    prepared.set(item, entry);
  }
  return entry;
}

function isWordStart(text: string, index: number): boolean {
  if (index === 0) return true;
  const before = text.charCodeAt(index - 1);
  // Anything but a letter or digit separates words: space, dash, slash, dot, parenthesis.
  return !((before >= 97 && before <= 122) || (before >= 48 && before <= 57));
}

function tokenScore(token: string, entry: Prepared): number {
  const inTitle = entry.title.indexOf(token);
  if (inTitle === 0) return 100;
  if (inTitle > 0) {
    let index = inTitle;
    while (index !== -1) {
      if (isWordStart(entry.title, index)) return 70;
      index = entry.title.indexOf(token, index + 1);
    }
    return 40;
  }
  const inText = entry.text.indexOf(token);
  if (inText === -1) return 0;
  return isWordStart(entry.text, inText) ? 30 : 15;
}

/** Letters of the query in order within the title ('gtm' finds 'Go to merchants'); the weakest kind of match. */
function isSubsequence(query: string, title: string): boolean {
  let position = 0;
  for (let index = 0; index < title.length && position < query.length; index++) {
    if (title[index] === query[position]) position++;
  }
  return position === query.length;
}

/** Score of one item for a lower-cased, trimmed query; 0 means no match. */
export function scoreItem(item: PaletteItem, query: string): number {
  const entry = prepare(item);
  if (query === '') return 1;
  if (entry.title === query) return 1000;
  let total = 0;
  const tokens = query.split(/\s+/);
  for (const token of tokens) {
    const score = tokenScore(token, entry);
    if (score === 0) {
      total = 0;
      break;
    }
    total += score;
  }
  // Abbreviations ('gtm') help with commands and screens; on account and merchant names they mostly add noise.
  const abbreviable = item.group === 'Navigation' || item.group === 'Commands';
  if (total === 0 && abbreviable && tokens.length === 1 && query.length >= 2 && isSubsequence(query, entry.title)) {
    total = 5;
  }
  return total;
}

export interface RankResult {
  items: PaletteItem[];
  /** How many items matched in all, of which `items` are the best. */
  matched: number;
}

/**
 * The best `limit` items for a query, best first; equal scores keep the sources' order, then `priority`. With an
 * empty query every item matches and the sources' order is kept.
 */
export function rankItems(items: readonly PaletteItem[], rawQuery: string, limit = PALETTE_RENDER_LIMIT): RankResult {
  const query = rawQuery.trim().toLowerCase();
  const candidates = items.length > PALETTE_CANDIDATE_LIMIT ? items.slice(0, PALETTE_CANDIDATE_LIMIT) : items;
  if (query === '') return { items: candidates.slice(0, limit), matched: candidates.length };
  const scored: { item: PaletteItem; score: number; order: number }[] = [];
  candidates.forEach((item, order) => {
    const score = scoreItem(item, query);
    if (score > 0) scored.push({ item, score: score + (item.priority ?? 0), order });
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return { items: scored.slice(0, limit).map((entry) => entry.item), matched: scored.length };
}
