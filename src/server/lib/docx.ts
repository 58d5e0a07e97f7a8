import { inflateRawSync } from 'node:zlib';
import { TEMPLATE_MAX_BYTES, TEMPLATE_MAX_UNCOMPRESSED_BYTES } from '@domain/contract/dispute-templates';
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';

// Word documents for disputes: build a template from paragraphs (the demo templates), check an upload by its content
// (design.md: uploads are checked by content, not by name), and fill a template with a case's fields. A .docx or
// .docm is an Office Open XML package: a zip holding [Content_Types].xml, _rels/.rels and word/document.xml.
//
// The upload check reads the zip itself rather than handing it to PizZip: PizZip inflates every part on load with no
// limit, so a 3 MB zip bomb would fill memory. Here each part is inflated with zlib's maxOutputLength against what is
// left of the budget, so the check stops at the bound whatever sizes the zip declares.

const WORD_NAMESPACE = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const MAIN_DOCUMENT_PART = 'word/document.xml';
/** The folder under DATA_DIR holding the dispute templates' files, as the exports live in DATA_DIR/exports. */
export const DISPUTE_TEMPLATES_FOLDER = 'dispute-templates';

/** The parts every Word document has; a zip without them is not one. */
export const DOCX_REQUIRED_PARTS = ['[Content_Types].xml', '_rels/.rels', MAIN_DOCUMENT_PART] as const;
/** The main document's content type: a plain document (.docx) or one with macros (.docm). */
const MAIN_CONTENT_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  docm: 'application/vnd.ms-word.document.macroEnabled.main+xml',
} as const;
/** More parts than any real template has; a zip with thousands of tiny entries is refused before inflating them. */
const MAX_PARTS = 1_000;

export type DocxKind = keyof typeof MAIN_CONTENT_TYPES;

/** Why an upload is refused: the file is over the size limit, not a zip, a zip that is no Word document, or a bomb. */
export type DocxProblem = 'too-big' | 'not-a-zip' | 'not-a-word-document' | 'uncompressed-too-large';

export type DocxInspection =
  | { ok: true; kind: DocxKind; parts: string[]; uncompressedBytes: number }
  | { ok: false; problem: DocxProblem; detail: string };

export interface DocxLimits {
  /** The file itself; default TEMPLATE_MAX_BYTES (3,145,728, spec 3 section 5). */
  maxBytes?: number;
  /** All parts inflated together; default TEMPLATE_MAX_UNCOMPRESSED_BYTES. */
  maxUncompressedBytes?: number;
}

/**
 * The template cannot be filled: broken placeholders ('{caseId' without its brace, '{/loop}' without its start...) or
 * a file that is no Word document. The document call answers with the spec's format error for it.
 */
export class DocxFormatError extends Error {
  readonly code = 'dispute-document-format-error';
  constructor(
    /** One line per problem found, for logs and the template's owner; never shown as the user-facing message. */
    readonly problems: string[],
  ) {
    super(`The dispute template has a format error: ${problems.join('; ')}`);
    this.name = 'DocxFormatError';
  }
}

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const refuse = (problem: DocxProblem, detail: string): DocxInspection => ({ ok: false, problem, detail });

/** The central directory of a zip, or null when the bytes are not one (a PDF renamed .docx, text, a truncated file). */
function readCentralDirectory(bytes: Buffer): ZipEntry[] | null {
  // The end-of-central-directory record sits in the last 22 bytes plus an optional comment of up to 65,535.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let offset = bytes.length - 22; offset >= lowest; offset--) {
    if (bytes.readUInt32LE(offset) === 0x06054b50) {
      end = offset;
      break;
    }
  }
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  // ZIP64 markers: no template of at most 3 MB needs them.
  if (count === 0xffff || directoryOffset === 0xffffffff) return null;
  if (directoryOffset + directorySize > end) return null;
  const entries: ZipEntry[] = [];
  let offset = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (offset + 46 > end || bytes.readUInt32LE(offset) !== 0x02014b50) return null;
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    entries.push({
      flags: bytes.readUInt16LE(offset + 8),
      method: bytes.readUInt16LE(offset + 10),
      compressedSize: bytes.readUInt32LE(offset + 20),
      uncompressedSize: bytes.readUInt32LE(offset + 24),
      localHeaderOffset: bytes.readUInt32LE(offset + 42),
      name: bytes.toString('utf8', offset + 46, offset + 46 + nameLength),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Inflates one part, never past `budget` bytes; 'too-large' when it would, null when the data is damaged. */
function inflatePart(bytes: Buffer, entry: ZipEntry, budget: number): Buffer | 'too-large' | null {
  const header = entry.localHeaderOffset;
  if (header + 30 > bytes.length || bytes.readUInt32LE(header) !== 0x04034b50) return null;
  const start = header + 30 + bytes.readUInt16LE(header + 26) + bytes.readUInt16LE(header + 28);
  if (start + entry.compressedSize > bytes.length) return null;
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return data.length > budget ? 'too-large' : data;
  if (entry.method !== 8) return null;
  try {
    // One byte over the budget tells "exactly at the bound" from "beyond it".
    const out = inflateRawSync(data, { maxOutputLength: budget + 1 });
    return out.length > budget ? 'too-large' : out;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return 'too-large';
    return null;
  }
}

/**
 * Checks an uploaded template by its content: at most `maxBytes`, a zip, every part inflating within
 * `maxUncompressedBytes` in total, the Word parts present, and a main document declared as .docx or .docm content.
 * Which of the two the file is follows from its content, not its name.
 */
export function inspectDocx(input: Uint8Array, limits: DocxLimits = {}): DocxInspection {
  const maxBytes = limits.maxBytes ?? TEMPLATE_MAX_BYTES;
  const maxUncompressed = limits.maxUncompressedBytes ?? TEMPLATE_MAX_UNCOMPRESSED_BYTES;
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (bytes.length > maxBytes) return refuse('too-big', `${bytes.length} bytes, more than ${maxBytes}`);
  const entries = bytes.length >= 22 ? readCentralDirectory(bytes) : null;
  if (!entries) return refuse('not-a-zip', 'no zip central directory');
  if (entries.length > MAX_PARTS) return refuse('not-a-word-document', `${entries.length} parts`);
  const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (declared > maxUncompressed) {
    return refuse('uncompressed-too-large', `parts declare ${declared} bytes, more than ${maxUncompressed}`);
  }
  const names = new Set(entries.map((entry) => entry.name));
  const missing = DOCX_REQUIRED_PARTS.filter((part) => !names.has(part));
  if (missing.length > 0) return refuse('not-a-word-document', `missing ${missing.join(', ')}`);

  // Declared sizes can lie: inflate everything against the budget.
  let left = maxUncompressed;
  let contentTypes = '';
  let mainDocument = '';
  for (const entry of entries) {
    if (entry.name.endsWith('/') && entry.compressedSize === 0) continue;
    // Encrypted parts cannot be read, so they cannot be checked (bit 0 of the general-purpose flags).
    if (entry.flags & 1) return refuse('not-a-word-document', `${entry.name} is encrypted`);
    const out = inflatePart(bytes, entry, left);
    if (out === 'too-large') {
      return refuse('uncompressed-too-large', `parts inflate beyond ${maxUncompressed} bytes (at ${entry.name})`);
    }
    if (out === null) return refuse('not-a-zip', `${entry.name} cannot be read`);
    left -= out.length;
    if (entry.name === '[Content_Types].xml') contentTypes = out.toString('utf8');
    if (entry.name === MAIN_DOCUMENT_PART) mainDocument = out.toString('utf8');
  }
  const declaredType = mainContentType(contentTypes);
  const kind = (Object.keys(MAIN_CONTENT_TYPES) as DocxKind[]).find((key) => MAIN_CONTENT_TYPES[key] === declaredType);
  if (!kind) return refuse('not-a-word-document', `main document content type ${declaredType ?? 'missing'}`);
  if (!mainDocument.includes(WORD_NAMESPACE) || !/<(\w+:)?document[\s>]/.test(mainDocument)) {
    return refuse('not-a-word-document', `${MAIN_DOCUMENT_PART} is not a WordprocessingML document`);
  }
  return { ok: true, kind, parts: entries.map((entry) => entry.name), uncompressedBytes: maxUncompressed - left };
}

/** The content type [Content_Types].xml gives /word/document.xml. */
function mainContentType(xml: string): string | undefined {
  for (const match of xml.matchAll(/<Override\b[^>]*>/g)) {
    const tag = match[0];
    if (/PartName\s*=\s*"\/word\/document\.xml"/.test(tag)) return /ContentType\s*=\s*"([^"]*)"/.exec(tag)?.[1];
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Building and filling

/** A paragraph of a built document: plain text, or text in bold (a title). Placeholders are written as {name}. */
export type DocxParagraph = string | { text: string; bold?: boolean };

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const CONTENT_TYPES_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${MAIN_CONTENT_TYPES.docx}"/></Types>`;

const ROOT_RELS_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

function paragraphXml(paragraph: DocxParagraph): string {
  const { text, bold } = typeof paragraph === 'string' ? { text: paragraph, bold: false } : paragraph;
  if (text === '') return '<w:p/>';
  // One run per paragraph keeps each placeholder in one text node, as the template engine reads them.
  const properties = bold ? '<w:rPr><w:b/></w:rPr>' : '';
  return `<w:p><w:r>${properties}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
}

/**
 * A minimal Word document (.docx) with one paragraph per entry. Entries of the zip carry a fixed date, so the same
 * paragraphs always give the same bytes (the demo templates are part of the seeded world).
 */
export function buildDocx(paragraphs: readonly DocxParagraph[], date = new Date(Date.UTC(2026, 0, 1))): Buffer {
  const body = paragraphs.map(paragraphXml).join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="${WORD_NAMESPACE}"><w:body>${body}<w:sectPr/></w:body></w:document>`;
  const zip = new PizZip();
  zip.file('[Content_Types].xml', CONTENT_TYPES_XML, { date });
  zip.file('_rels/.rels', ROOT_RELS_XML, { date });
  zip.file(MAIN_DOCUMENT_PART, document, { date });
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The explanations docxtemplater gives for a template it cannot compile or render. */
function templateProblems(error: unknown): string[] | null {
  const properties = (error as { properties?: { id?: string; explanation?: string; errors?: unknown[] } }).properties;
  if (!properties) return null;
  const nested = properties.errors?.flatMap((inner) => templateProblems(inner) ?? []) ?? [];
  if (nested.length > 0) return nested;
  return [properties.explanation ?? properties.id ?? String((error as Error).message)];
}

/** {company.name} reads data.company.name; {.} is the current loop item. */
function dottedPathParser(tag: string) {
  const path = tag.trim().split('.');
  return {
    get(scope: unknown) {
      if (tag.trim() === '.') return scope;
      let value: unknown = scope;
      for (const key of path) {
        if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
        value = (value as Record<string, unknown>)[key];
      }
      return value;
    },
  };
}

function compile(template: Uint8Array): Docxtemplater {
  // The stored template was inspected at upload; inspecting again costs milliseconds and keeps a file placed in the
  // folder by other means from inflating without bound here.
  const inspection = inspectDocx(template, { maxBytes: Number.POSITIVE_INFINITY });
  if (!inspection.ok) throw new DocxFormatError([`${inspection.problem}: ${inspection.detail}`]);
  try {
    return new Docxtemplater(new PizZip(template), {
      paragraphLoop: true,
      linebreaks: true,
      // A field the case lacks renders empty, not as 'undefined' (design.md, section 4).
      nullGetter: () => '',
      parser: dottedPathParser,
      // Problems are returned to the caller as DocxFormatError; the library would also print them to the console.
      errorLogging: false,
    });
  } catch (error) {
    const problems = templateProblems(error);
    if (problems) throw new DocxFormatError(problems);
    throw error;
  }
}

/**
 * The placeholders of a template that cannot be filled, or an empty list when it is sound. An upload may still be
 * kept with problems (the spec reports them when the document is downloaded); this lets a caller tell earlier.
 */
export function findTemplateProblems(template: Uint8Array): string[] {
  try {
    compile(template);
    return [];
  } catch (error) {
    if (error instanceof DocxFormatError) return error.problems;
    throw error;
  }
}

/** Scalars, lists of records for loops ({#custom}{label}: {value}{/custom}) and nested records ({payment.amount}). */
export type DocxData = { [key: string]: DocxValue };
export type DocxValue = string | number | boolean | null | undefined | DocxData | readonly DocxData[];

/**
 * Fills a template's {placeholders} with `data` and returns the document. Missing fields render empty; a template
 * with broken placeholders, or a file that is no Word document, throws DocxFormatError.
 */
export function fillDocx(template: Uint8Array, data: DocxData): Buffer {
  const doc = compile(template);
  try {
    doc.render(data);
  } catch (error) {
    const problems = templateProblems(error);
    if (problems) throw new DocxFormatError(problems);
    throw error;
  }
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
}

/** The text of a document's paragraphs, one line each: what a reader of the document sees (tests, previews). */
export function docxText(document: Uint8Array): string {
  const xml = new PizZip(document).file(MAIN_DOCUMENT_PART)?.asText() ?? '';
  const paragraphs = xml.match(/<w:p[\s>][\s\S]*?<\/w:p>|<w:p\/>/g) ?? [];
  const unescapeXml = (text: string) =>
    text
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&apos;', "'")
      .replaceAll('&amp;', '&');
  return paragraphs
    .map((paragraph) =>
      [...paragraph.matchAll(/<w:t(?:\s[^>]*)?>([\s\S]*?)<\/w:t>|<w:br\/>/g)]
        .map((match) => (match[0] === '<w:br/>' ? '\n' : unescapeXml(match[1] ?? '')))
        .join(''),
    )
    .join('\n');
}
