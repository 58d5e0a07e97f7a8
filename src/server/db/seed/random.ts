// A seeded pseudo-random source for the demo data. Everything the generator invents (ids included) comes from here,
// so the same seed always builds the same world. Not for secrets that guard anything real.

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with the given probability. */
  bool(probability?: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight: `[[value, weight], ...]`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** `count` distinct items (fewer when the list is shorter), in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  shuffle<T>(items: readonly T[]): T[];
  /** A version-4 UUID built from the stream. */
  uuid(): string;
  /** Lowercase hex digits. */
  hex(length: number): string;
  /** Letters and digits, as API keys carry. */
  alphanumeric(length: number): string;
  digits(length: number): string;
  /**
   * An independent stream named by a label and derived from the seed only (it consumes nothing from this stream), so
   * adding or changing one generator step never shifts what the other steps produce.
   */
  fork(label: string): Random;
}

/** mulberry32: tiny, fast and good enough for demo data. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a, to turn a fork label into a seed. */
function hashLabel(label: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < label.length; index++) {
    hash ^= label.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const HEX = '0123456789abcdef';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function createRandom(seed: number): Random {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const fromAlphabet = (alphabet: string, length: number) => {
    let out = '';
    for (let index = 0; index < length; index++) out += alphabet[Math.floor(next() * alphabet.length)];
    return out;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index--) {
      const other = Math.floor(next() * (index + 1));
      [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
    }
    return copy;
  };
  const random: Random = {
    next,
    int,
    bool: (probability = 0.5) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted: (entries) => {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return (entries[entries.length - 1] as (typeof entries)[number])[0];
    },
    sample: (items, count) => shuffle(items).slice(0, count),
    shuffle,
    uuid: () => {
      const hex = fromAlphabet(HEX, 32).split('');
      hex[12] = '4';
      hex[16] = HEX[(Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8] as string;
      const s = hex.join('');
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
    },
    hex: (length) => fromAlphabet(HEX, length),
    alphanumeric: (length) => fromAlphabet(ALPHANUMERIC, length),
    digits: (length) => fromAlphabet('0123456789', length),
    fork: (label) => createRandom((hashLabel(label) ^ Math.imul(seed >>> 0, 0x9e3779b1)) >>> 0),
  };
  return random;
}
