// Pure helpers of the changes modal: which fields an entry shows and which of them an update changed.

export interface FieldChange {
  field: string;
  oldValue: unknown;
  newValue: unknown;
  changed: boolean;
}

/** Structural equality of JSON values (what the audit log stores). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    // A missing field and a null one read the same to the user.
    return (a ?? null) === (b ?? null);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (!sameValue(left[key], right[key])) return false;
  return true;
}

/** Every field of either version, in the order the newer one lists them, then the ones only the older one has. */
export function fieldChanges(
  oldVersion: Record<string, unknown> | null,
  newVersion: Record<string, unknown> | null,
): FieldChange[] {
  const before = oldVersion ?? {};
  const after = newVersion ?? {};
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return fields.map((field) => ({
    field,
    oldValue: before[field],
    newValue: after[field],
    changed: !sameValue(before[field], after[field]),
  }));
}

export type DisplayValue =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  /** Objects and lists of objects: indented JSON, readable and copyable. */
  | { kind: 'block'; text: string };

export function displayValue(value: unknown): DisplayValue {
  if (value === null || value === undefined || value === '') return { kind: 'empty' };
  if (typeof value === 'string') return { kind: 'text', text: value };
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return { kind: 'text', text: String(value) };
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return { kind: 'empty' };
    if (value.every((item) => item === null || typeof item !== 'object')) {
      return { kind: 'text', text: value.map((item) => String(item ?? '')).join(', ') };
    }
  }
  return { kind: 'block', text: JSON.stringify(value, null, 2) };
}
