// Query building (spec 1, section 5): empty values are dropped, arrays use bracketed names (status[]=A&status[]=B),
// values are trimmed and encoded.

export type QueryScalar = string | number | boolean | null | undefined;
export type QueryValue = QueryScalar | readonly QueryScalar[];
export type QueryParams = Readonly<Record<string, QueryValue>>;

function clean(value: QueryScalar): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

/** The query string without the leading '?'; '' when nothing is left. */
export function buildQuery(params: QueryParams | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      const key = `${encodeURIComponent(name)}[]`;
      for (const item of value as readonly QueryScalar[]) {
        const text = clean(item);
        if (text !== undefined) parts.push(`${key}=${encodeURIComponent(text)}`);
      }
      continue;
    }
    const text = clean(value as QueryScalar);
    if (text !== undefined) parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
  }
  return parts.join('&');
}
