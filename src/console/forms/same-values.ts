// Editors decide "changed or not" by comparing what the form holds with what it was opened with (spec 1, section 4).

/** Deep equality over the plain data a form holds: strings, numbers, booleans, null, arrays and plain objects. */
export function sameValues(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameValues(item, b[index]));
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keysA = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => sameValues((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * The default comparable form of an editor's values: surrounding white space is not a change, since it is trimmed
 * before sending.
 */
export function trimmedValues<T>(values: T): unknown {
  if (typeof values === 'string') return values.trim();
  if (Array.isArray(values)) return values.map((item) => trimmedValues(item));
  if (typeof values === 'object' && values !== null) {
    return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, trimmedValues(value)]));
  }
  return values;
}
