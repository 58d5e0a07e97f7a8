// CSV as spreadsheets read it (RFC 4180): comma separated, CRLF line ends, quoted when needed, UTF-8 with a byte order
// mark so Excel does not guess another encoding. Text that a spreadsheet would run as a formula is defused.

/** Makes Excel read the file as UTF-8. */
export const UTF8_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

export type CellValue = string | number | boolean | Date | null | undefined;

/**
 * Characters that make a spreadsheet treat a cell as a formula (OWASP "CSV injection"); tab and carriage return
 * count because some spreadsheets drop them and read what follows.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * Prefixes text a spreadsheet would evaluate with a single quote, so it shows as text. Numbers are not text from a
 * user and stay as they are (a negative amount must remain a number).
 */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One cell: formula-safe first, then quoted when it holds a quote, comma or line break. */
export function csvCell(value: CellValue, formatDate: (date: Date) => string = (date) => date.toISOString()): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = defuseFormula(value instanceof Date ? formatDate(value) : value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly CellValue[], formatDate?: (date: Date) => string): string {
  let line = '';
  for (let index = 0; index < cells.length; index++) {
    if (index > 0) line += ',';
    line += csvCell(cells[index], formatDate);
  }
  return line + CSV_LINE_END;
}

const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));

const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * Offsets from UTC (minutes) of an IANA zone. Every zone changes its offset on a quarter hour, so one lookup serves a
 * whole quarter hour: a 100,000-row file asks Intl a few thousand times instead of once per row.
 */
function offsetLookup(timeZone: string): (at: number) => number {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
  const cache = new Map<number, number>();
  return (at) => {
    const bucket = Math.floor(at / FIFTEEN_MINUTES);
    let offset = cache.get(bucket);
    if (offset === undefined) {
      const name = format.formatToParts(new Date(at)).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
      const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
      offset = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
      if (cache.size > 50_000) cache.clear();
      cache.set(bucket, offset);
    }
    return offset;
  };
}

/**
 * Formats instants as en-GB day and time in a zone: '23/11/2026 14:05:09'. Throws RangeError for an unknown zone
 * (the contract refuses those before).
 */
export function dateFormatter(timeZone: string): (date: Date) => string {
  const offsetAt = offsetLookup(timeZone);
  return (date) => {
    const at = date.getTime();
    if (Number.isNaN(at)) return '';
    const local = new Date(at + offsetAt(at) * 60_000);
    return `${pad2(local.getUTCDate())}/${pad2(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${pad2(
      local.getUTCHours(),
    )}:${pad2(local.getUTCMinutes())}:${pad2(local.getUTCSeconds())}`;
  };
}

/**
 * The name a date column carries: the zone its values are written in. The IANA name is given rather than one offset,
 * because a file spanning a daylight-saving change holds two offsets.
 */
export function dateHeader(label: string, timeZone: string): string {
  return timeZone === 'UTC' || timeZone === 'Etc/UTC' ? `${label} (UTC)` : `${label} (${timeZone})`;
}

/** '2026-11-23T14-05-09.123Z': an ISO time that is also a valid file name everywhere (no colons). */
export function fileStamp(at: Date): string {
  return at.toISOString().replaceAll(':', '-');
}
