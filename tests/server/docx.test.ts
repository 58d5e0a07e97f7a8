import { buildDocx, DocxFormatError, docxText, fillDocx, findTemplateProblems, inspectDocx } from '@server/lib/docx';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';

// Dispute documents: templates built by code, filled with a case's fields, and uploads checked by their content.

const template = buildDocx([
  { text: 'Dispute response', bold: true },
  'Case ID: {caseId}',
  'Amount: {amount} {currency}',
  'Cardholder: {cardholderName}',
  'Merchant: {company.name}',
  '{#custom}',
  '{label}: {value}',
  '{/custom}',
  'Missing: [{notAField}]',
]);

/** A zip with the given parts, as any zip tool would write it. */
function zipOf(parts: Record<string, string | Buffer>): Buffer {
  const zip = new PizZip();
  for (const [name, content] of Object.entries(parts)) zip.file(name, content);
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * A zip whose central directory claims `declared` bytes for a part that really inflates to `actual`: what a zip bomb
 * looks like to a reader that trusts the declared sizes.
 */
function lyingZip(parts: Record<string, string>, bomb: { name: string; actual: number; declared: number }): Buffer {
  const zip = zipOf({ ...parts, [bomb.name]: Buffer.alloc(bomb.actual) });
  // Patch the bomb's declared uncompressed size in the central directory (offset 24 of its entry).
  const nameBytes = Buffer.from(bomb.name);
  let offset = zip.lastIndexOf(Buffer.concat([Buffer.from([0x50, 0x4b, 0x01, 0x02])]));
  while (offset >= 0) {
    if (zip.subarray(offset + 46, offset + 46 + nameBytes.length).equals(nameBytes)) {
      zip.writeUInt32LE(bomb.declared, offset + 24);
      return zip;
    }
    offset = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), offset - 1);
  }
  throw new Error('bomb entry not found');
}

describe('building and filling a dispute document', () => {
  it('builds a Word document that passes the upload check and reads back its paragraphs', () => {
    expect(inspectDocx(template)).toMatchObject({ ok: true, kind: 'docx' });
    expect(docxText(template)).toContain('Case ID: {caseId}');
    expect(findTemplateProblems(template)).toEqual([]);
  });

  it('fills the placeholders with the case fields, loops over custom fields and leaves missing ones empty', () => {
    const document = fillDocx(template, {
      caseId: 'CASE-0042 <&>',
      amount: '12.50',
      currency: 'EUR',
      cardholderName: 'Ana Pérez',
      company: { name: 'Northwind Retail' },
      custom: [
        { label: 'Customer ID', value: 'C-77' },
        { label: 'Plan', value: 'Premium' },
      ],
    });
    const text = docxText(document);
    expect(text).toContain('Case ID: CASE-0042 <&>');
    expect(text).toContain('Amount: 12.50 EUR');
    expect(text).toContain('Cardholder: Ana Pérez');
    expect(text).toContain('Merchant: Northwind Retail');
    expect(text).toContain('Customer ID: C-77');
    expect(text).toContain('Plan: Premium');
    expect(text).toContain('Missing: []');
    expect(text).not.toContain('undefined');
    expect(text).not.toContain('{caseId}');
    // The filled document is itself a sound Word document.
    expect(inspectDocx(document)).toMatchObject({ ok: true, kind: 'docx' });
  });

  it('reports broken placeholders as a format error', () => {
    const broken = buildDocx(['Case ID: {caseId}', 'Amount: {{amount}', '{#custom}', '{label}']);
    expect(() => fillDocx(broken, { caseId: 'X' })).toThrow(DocxFormatError);
    const problems = findTemplateProblems(broken);
    expect(problems.length).toBeGreaterThanOrEqual(2);
    try {
      fillDocx(broken, {});
    } catch (error) {
      expect((error as DocxFormatError).code).toBe('dispute-document-format-error');
    }
  });

  it('reports a stored file that is no Word document as a format error too', () => {
    expect(() => fillDocx(Buffer.from('%PDF-1.7 not a template'), {})).toThrow(DocxFormatError);
  });
});

describe('checking an uploaded template by its content', () => {
  const wordParts = (document: string) => ({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.ms-word.document.macroEnabled.main+xml"/></Types>',
    '_rels/.rels': '<?xml version="1.0"?><Relationships/>',
    'word/document.xml': document,
  });
  const wordDocument =
    '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>';

  it('accepts a valid docx, and a docm by its declared content type', () => {
    expect(inspectDocx(template)).toMatchObject({ ok: true, kind: 'docx' });
    const docm = zipOf(wordParts(wordDocument));
    expect(inspectDocx(docm)).toMatchObject({ ok: true, kind: 'docm' });
  });

  it('refuses a PDF renamed to .docx', () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    expect(inspectDocx(pdf)).toMatchObject({ ok: false, problem: 'not-a-zip' });
    expect(inspectDocx(Buffer.alloc(0))).toMatchObject({ ok: false, problem: 'not-a-zip' });
  });

  it('refuses a zip that is not a Word document', () => {
    const plainZip = zipOf({ 'readme.txt': 'hello', 'data/report.csv': 'a,b\n1,2\n' });
    expect(inspectDocx(plainZip)).toMatchObject({ ok: false, problem: 'not-a-word-document' });
    // The parts' names are there but the main document is a spreadsheet's content type.
    const spreadsheet = zipOf({
      ...wordParts(wordDocument),
      '[Content_Types].xml':
        '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    });
    expect(inspectDocx(spreadsheet)).toMatchObject({ ok: false, problem: 'not-a-word-document' });
    // Right content type, but the document part is not WordprocessingML.
    expect(inspectDocx(zipOf(wordParts('<html><body>hi</body></html>')))).toMatchObject({
      ok: false,
      problem: 'not-a-word-document',
    });
  });

  it('refuses a file over 3,145,728 bytes', () => {
    expect(inspectDocx(Buffer.alloc(3_145_729))).toMatchObject({ ok: false, problem: 'too-big' });
    expect(inspectDocx(template, { maxBytes: template.length - 1 })).toMatchObject({ ok: false, problem: 'too-big' });
  });

  it('refuses a zip bomb: a small file whose parts inflate beyond the bound', () => {
    const bomb = zipOf({ ...wordParts(wordDocument), 'word/media/padding.bin': Buffer.alloc(40 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(3_145_728);
    expect(inspectDocx(bomb)).toMatchObject({ ok: false, problem: 'uncompressed-too-large' });
  });

  it('refuses a bomb that lies about its sizes, by inflating against the bound', () => {
    const liar = lyingZip(wordParts(wordDocument), {
      name: 'word/media/padding.bin',
      actual: 2 * 1024 * 1024,
      declared: 10,
    });
    expect(inspectDocx(liar, { maxUncompressedBytes: 1024 * 1024 })).toMatchObject({
      ok: false,
      problem: 'uncompressed-too-large',
    });
    // The same file under a bound it fits is fine: the check measures, it does not guess.
    expect(inspectDocx(liar, { maxUncompressedBytes: 4 * 1024 * 1024 })).toMatchObject({ ok: true });
  });

  it('refuses damaged part data', () => {
    const zip = zipOf(wordParts(wordDocument));
    const damaged = Buffer.from(zip);
    // Overwrite the first part's compressed data with bytes that are not a deflate stream.
    const nameLength = damaged.readUInt16LE(26);
    const extraLength = damaged.readUInt16LE(28);
    damaged.fill(0xff, 30 + nameLength + extraLength, 30 + nameLength + extraLength + 8);
    expect(inspectDocx(damaged)).toMatchObject({ ok: false, problem: 'not-a-zip' });
  });
});
