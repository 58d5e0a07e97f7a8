import { Readable } from 'node:stream';
import { csvCell, csvLine, dateFormatter, dateHeader, defuseFormula, fileStamp } from '@server/lib/export/csv';
import { csvStream } from '@server/lib/export/stream';
import { base64Encoder } from '@server/lib/export/zip';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** The stream's bytes as UTF-8, byte order mark kept (TextDecoder, behind stream/consumers' text(), drops it). */
const text = async (stream: Readable) => Buffer.concat(await stream.toArray()).toString('utf8');

// The pure pieces of the export engine: cells, dates in a zone, the streamed base64 encoding, the CSV stream.

describe('CSV cells', () => {
  it('quotes cells holding a comma, a quote or a line break (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
  });

  it('defuses text a spreadsheet would run as a formula, also when it must be quoted', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(defuseFormula(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell("'already")).toBe("'already");
  });

  it('leaves numbers as numbers, negative ones included', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('ends lines with CRLF', () => {
    expect(csvLine(['a', 1, null, '=x'])).toBe("a,1,,'=x\r\n");
  });

  it('never lets a cell start a formula or break out of its cell', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const cell = csvCell(value);
        const inner = cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
        expect(inner === value || inner === `'${value}`).toBe(true);
        expect(/^[=+\-@\t\r]/.test(inner)).toBe(false);
        if (!cell.startsWith('"')) expect(cell).not.toMatch(/[",\r\n]/);
      }),
    );
  });
});

describe('dates in a time zone', () => {
  it("writes en-GB day and time in the caller's zone, daylight saving included", () => {
    const madrid = dateFormatter('Europe/Madrid');
    expect(madrid(new Date('2026-01-05T13:05:09.000Z'))).toBe('05/01/2026 14:05:09');
    expect(madrid(new Date('2026-07-10T08:00:00.000Z'))).toBe('10/07/2026 10:00:00');
    // The spring change happens at 01:00 UTC.
    expect(madrid(new Date('2026-03-29T00:59:59.000Z'))).toBe('29/03/2026 01:59:59');
    expect(madrid(new Date('2026-03-29T01:00:00.000Z'))).toBe('29/03/2026 03:00:00');
    expect(dateFormatter('UTC')(new Date('2026-12-31T23:59:59.999Z'))).toBe('31/12/2026 23:59:59');
    expect(dateFormatter('Asia/Kolkata')(new Date('2026-01-01T00:00:00.000Z'))).toBe('01/01/2026 05:30:00');
    expect(dateFormatter('America/St_Johns')(new Date('2026-01-01T12:00:00.000Z'))).toBe('01/01/2026 08:30:00');
  });

  it('agrees with Intl for any instant and zone', () => {
    const zones = ['Europe/Madrid', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2000-01-01'), max: Date.parse('2040-01-01') }),
        fc.constantFrom(...zones),
        (at, zone) => {
          const expected = new Intl.DateTimeFormat('en-GB', {
            timeZone: zone,
            day: '2-digit',
            month: '2-digit',
            year: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
            hourCycle: 'h23',
          })
            .format(new Date(at))
            .replace(',', '');
          expect(dateFormatter(zone)(new Date(at))).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('names the zone in the date header', () => {
    expect(dateHeader('Date', 'Europe/Madrid')).toBe('Date (Europe/Madrid)');
    expect(dateHeader('Date', 'UTC')).toBe('Date (UTC)');
  });

  it('stamps file names with an ISO time without colons', () => {
    expect(fileStamp(new Date('2026-11-23T14:05:09.123Z'))).toBe('2026-11-23T14-05-09.123Z');
  });
});

describe('streamed base64', () => {
  it('gives the same text as encoding the whole input, however the bytes are split', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.uint8Array({ maxLength: 40 }), { maxLength: 12 }), async (chunks) => {
        const buffers = chunks.map((chunk) => Buffer.from(chunk));
        const encoded = await text(Readable.from(buffers).pipe(base64Encoder()));
        expect(encoded).toBe(Buffer.concat(buffers).toString('base64'));
      }),
    );
  });
});

describe('the CSV stream', () => {
  it('writes the header row, then every batch, and counts the rows', async () => {
    const progress = { rows: 0 };
    const batches = [
      [{ n: 1, at: new Date('2026-01-01T00:00:00Z') }],
      [{ n: 2, at: new Date('2026-06-01T00:00:00Z') }],
    ];
    const stream = csvStream(
      [
        { header: 'N', value: (row: { n: number; at: Date }) => row.n },
        { header: ({ timeZone }) => dateHeader('At', timeZone), value: (row) => row.at },
      ],
      {
        count: async () => 2,
        async *batches() {
          yield* batches;
        },
      },
      { timeZone: 'Europe/London' },
      1,
      progress,
    );
    expect(await text(stream)).toBe('\uFEFFN,At (Europe/London)\r\n1,01/01/2026 00:00:00\r\n2,01/06/2026 01:00:00\r\n');
    expect(progress.rows).toBe(2);
  });
});
