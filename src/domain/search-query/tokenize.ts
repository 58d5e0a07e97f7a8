// Splits a query into terms ('-key:value,value') and free text, with the offsets of every piece. One pass, no
// backtracking, no regular expressions over the whole input: its cost is linear in the (bounded) length.
import { MAX_QUERY_LENGTH, type QueryError } from './errors';

export interface ValueItem {
  text: string;
  quoted: boolean;
  start: number;
  end: number;
}

export interface TermToken {
  type: 'term';
  negated: boolean;
  key: string;
  keyStart: number;
  keyEnd: number;
  /** Empty when nothing follows the colon ('status:'). */
  items: ValueItem[];
  start: number;
  end: number;
}

export interface TextToken {
  type: 'text';
  text: string;
  quoted: boolean;
  start: number;
  end: number;
}

export type QueryToken = TermToken | TextToken;

export interface Tokenized {
  tokens: QueryToken[];
  errors: QueryError[];
}

// Tabs and line breaks come with pasted text and separate words; every other control character is refused.
const isSpace = (char: string) => char === ' ' || char === '\t' || char === '\n' || char === '\r';
const isControl = (code: number) => (code < 0x20 && code !== 9 && code !== 10 && code !== 13) || code === 0x7f;
const isKeyStart = (char: string) => /[A-Za-z]/.test(char);
const isKeyChar = (char: string) => /[A-Za-z0-9_]/.test(char);

/** The first problem that stops all parsing (too long, a control character), or null. */
export function inputError(input: string): QueryError | null {
  if (input.length > MAX_QUERY_LENGTH)
    return {
      code: 'tooLong',
      start: MAX_QUERY_LENGTH,
      end: input.length,
      message: `A query is at most ${MAX_QUERY_LENGTH} characters long (this one has ${input.length}).`,
    };
  for (let index = 0; index < input.length; index++) {
    const code = input.charCodeAt(index);
    if (isControl(code))
      return {
        code: 'controlCharacter',
        start: index,
        end: index + 1,
        message: `A query cannot contain control characters (U+${code.toString(16).toUpperCase().padStart(4, '0')}).`,
      };
  }
  return null;
}

export function tokenize(input: string): Tokenized {
  const stopper = inputError(input);
  if (stopper) return { tokens: [], errors: [stopper] };
  const tokens: QueryToken[] = [];
  const errors: QueryError[] = [];
  let at = 0;

  /** A quoted string from the opening quote at `at`; backslash escapes a quote or a backslash. */
  const readQuoted = (): ValueItem => {
    const start = at;
    let text = '';
    at++;
    while (at < input.length) {
      const char = input[at] as string;
      if (char === '\\' && at + 1 < input.length) {
        text += input[at + 1];
        at += 2;
        continue;
      }
      if (char === '"') {
        at++;
        return { text, quoted: true, start, end: at };
      }
      text += char;
      at++;
    }
    errors.push({ code: 'unterminatedQuote', start, end: at, message: 'This quote is not closed: add a closing ".' });
    return { text, quoted: true, start, end: at };
  };

  /** A bare value item: up to a space or a comma. */
  const readBare = (): ValueItem => {
    const start = at;
    while (at < input.length && !isSpace(input[at] as string) && input[at] !== ',') at++;
    return { text: input.slice(start, at), quoted: false, start, end: at };
  };

  while (at < input.length) {
    const char = input[at] as string;
    if (isSpace(char)) {
      at++;
      continue;
    }
    const start = at;
    const negated = char === '-';
    let keyEnd = negated ? at + 1 : at;
    if (keyEnd < input.length && isKeyStart(input[keyEnd] as string)) {
      while (keyEnd < input.length && isKeyChar(input[keyEnd] as string)) keyEnd++;
    }
    const keyStart = negated ? at + 1 : at;
    if (keyEnd > keyStart && input[keyEnd] === ':') {
      at = keyEnd + 1;
      const items: ValueItem[] = [];
      while (at < input.length && !isSpace(input[at] as string)) {
        items.push(input[at] === '"' ? readQuoted() : readBare());
        if (input[at] === ',') at++;
        else break;
      }
      tokens.push({
        type: 'term',
        negated,
        key: input.slice(keyStart, keyEnd),
        keyStart,
        keyEnd,
        items,
        start,
        end: at,
      });
      continue;
    }
    if (char === '"') {
      const item = readQuoted();
      tokens.push({ type: 'text', text: item.text, quoted: true, start, end: item.end });
      continue;
    }
    while (at < input.length && !isSpace(input[at] as string)) at++;
    tokens.push({ type: 'text', text: input.slice(start, at), quoted: false, start, end: at });
  }
  return { tokens, errors };
}
