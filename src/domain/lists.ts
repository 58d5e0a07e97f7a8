import { isWebAddress, URL_MAX } from './validation';

// My Lists (spec 2, sections 2.6, 5 and 9): a merchant's URL list and custom-tag list. The rules for typed items are
// here, shared by the list screen, the MID and route forms that add items, and the server that checks them again.

export const LIST_NAMES = ['url', 'custom-tag'] as const;
export type ListName = (typeof LIST_NAMES)[number];
export type ListKind = 'URL' | 'TAG';

export const LIST_KIND: Record<ListName, ListKind> = { url: 'URL', 'custom-tag': 'TAG' };
export const isListName = (value: string): value is ListName => (LIST_NAMES as readonly string[]).includes(value);

export const LIST_LIMITS = {
  /** Spec 2, section 9. */
  url: URL_MAX,
  /** Not in the spec: a tag is a short label (the seeded ones are VIP, TRIAL). */
  tag: 50,
  /** Items one add may carry: a pasted list beyond it is refused whole, with this number in the message. */
  itemsPerAdd: 1000,
  /** Invalid items are named in messages cut at 20 characters plus an ellipsis (spec 2, section 5). */
  shownCharacters: 20,
} as const;

/** Letters and digits of any script, spaces, and - _ . : / between them; no emoji or other symbols. */
const TAG_PATTERN = /^[\p{L}\p{N}](?:[\p{L}\p{N} ._:/-]*[\p{L}\p{N}])?$/u;

export const LIST_MESSAGES = {
  /** Spec 1, section 5: invalid URLs, with the items named after the header. */
  urlInvalid: 'URL/s not valid',
  urlInvalidContent: 'Please check and reenter this URL/s',
  urlRequired: 'URL required',
  urlRequiredContent: 'Enter at least one URL to continue',
  tagRequired: 'Custom Tag required',
  tagRequiredContent: 'Enter at least one custom tag to continue',
  tooMany: `Add at most ${LIST_LIMITS.itemsPerAdd.toLocaleString('en')} items at a time`,
  tagInvalid: 'Custom tags use letters, digits, spaces and - _ . : / only, at most 50 characters',
  emptyUrl: 'This list is empty, add your first url',
  emptyTag: 'This list is empty, add your first custom tag',
} as const;

/** 'URL/s not valid. Please check and reenter this URL/s: a, b' (spec 1, section 5), the items cut as shownItem does. */
export function invalidUrlsMessage(items: readonly string[]): string {
  return `${LIST_MESSAGES.urlInvalid}. ${LIST_MESSAGES.urlInvalidContent}: ${items.map(shownItem).join(', ')}`;
}

/** 'https://shop.example/a-very-long-path' -> 'https://shop.example…' (spec 2, section 5). */
export function shownItem(item: string): string {
  const characters = [...item];
  return characters.length > LIST_LIMITS.shownCharacters
    ? `${characters.slice(0, LIST_LIMITS.shownCharacters).join('')}…`
    : item;
}

export interface TypedItems {
  /** Trimmed, de-duplicated, tags in upper case, in the order typed. */
  items: string[];
  /** Items the list refuses (as typed, trimmed). */
  invalid: string[];
}

/** Reads items typed or pasted into a list: split on semicolons (and line breaks), trimmed, empty and repeats dropped. */
export function readItems(input: string | readonly string[], kind: ListKind): TypedItems {
  const parts = (typeof input === 'string' ? input.split(/[;\n\r]+/) : input.flatMap((item) => item.split(';')))
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const items: string[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  for (const part of parts) {
    const value = kind === 'TAG' ? part.toUpperCase() : part;
    if (seen.has(value)) continue;
    seen.add(value);
    if (isValidItem(value, kind)) items.push(value);
    else invalid.push(part);
  }
  return { items, invalid };
}

export function isValidItem(value: string, kind: ListKind): boolean {
  if (kind === 'URL') return isWebAddress(value);
  return value.length <= LIST_LIMITS.tag && TAG_PATTERN.test(value);
}
