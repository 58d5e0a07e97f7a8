// The query language never throws: each problem is one of these, placed on the characters it is about (offsets
// into the input, end exclusive) so the search box can underline it.

export type QueryErrorCode =
  | 'tooLong'
  | 'controlCharacter'
  | 'unterminatedQuote'
  | 'emptyValue'
  | 'unknownKey'
  | 'unknownValue'
  | 'badRange'
  | 'repeatedKey'
  | 'notNegatable';

export interface QueryError {
  code: QueryErrorCode;
  start: number;
  end: number;
  message: string;
  /** Keys or values to offer instead (unknown key: the list's keys; unknown value: the closest values). */
  suggestions?: readonly string[];
}

/** Longest input parsed at all; longer answers one error without looking further (a pasted document). */
export const MAX_QUERY_LENGTH = 2000;

/** Levenshtein distance, two rows: inputs are short (a value typed in a search box). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The candidates nearest to what was typed, best first, case-insensitively; a completion counts as nearest. */
export function closest(typed: string, candidates: readonly string[], count = 3): string[] {
  // Bounded lengths keep a query of many long near misses linear in its length; 24 characters tell values apart.
  const wanted = typed.toLowerCase().slice(0, 24);
  return candidates
    .map((candidate) => {
      const lower = candidate.toLowerCase().slice(0, 32);
      // A value half typed with a slip ('mastr') is nearer its completion than a short unrelated word ('amex').
      const distance = lower.startsWith(wanted)
        ? 0
        : Math.min(editDistance(wanted, lower), editDistance(wanted, lower.slice(0, wanted.length)) + 1);
      return { candidate, distance };
    })
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate, 'en'))
    .slice(0, count)
    .map((entry) => entry.candidate);
}
