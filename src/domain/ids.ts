/** Identifier parameters must be 8-4-4-4-12 hexadecimal groups (spec 1, section 2). */
const IDENTIFIER = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isIdentifier(value: unknown): value is string {
  return typeof value === 'string' && IDENTIFIER.test(value);
}

/** A prefix a user might paste or type while looking for an id: hex digits and dashes, at least 4 characters. */
export function looksLikeIdPrefix(value: string): boolean {
  return /^[0-9a-f-]{4,36}$/i.test(value.trim()) && /[0-9]/.test(value);
}
