import {
  PDFArray,
  PDFDict,
  PDFDocument,
  type PDFFont,
  PDFName,
  type PDFObject,
  type PDFPage,
  PDFStream,
  rgb,
  StandardFonts,
} from 'pdf-lib';

// PDF files (issue 25): the invoice documents the demo and the invoice template are made of (a real document drawn
// with pdf-lib, which opens in any viewer), and the check every uploaded invoice passes (design.md section 6: uploads
// are checked by content). The check parses the file with pdf-lib, not only its first bytes, and refuses what makes a
// PDF more than a document: JavaScript, actions run on opening or viewing, launching programs, attached or embedded
// files, and encryption (which would hide all of that). It reads the parsed object graph (objects inside compressed
// object streams included: the parser unpacks them) and, to catch what the parser skipped or could not place, the
// names written in the raw bytes outside streams; names are compared decoded (`/J#61vaScript` is `/JavaScript`).

export const PDF_MAX_BYTES = 5_242_880;

export type PdfProblem =
  | 'empty'
  | 'too-big'
  | 'not-pdf'
  | 'encrypted'
  | 'javascript'
  | 'actions'
  | 'launch'
  | 'embedded-file';

/** The refusals that are about the file's format or size; the others are about what it holds. */
export const PDF_FORMAT_PROBLEMS: readonly PdfProblem[] = ['empty', 'too-big', 'not-pdf'];

export const PDF_PROBLEM_TEXTS: Record<Exclude<PdfProblem, 'empty' | 'too-big' | 'not-pdf'>, string> = {
  encrypted: 'The PDF is encrypted or password-protected. Upload an unprotected PDF.',
  javascript: 'The PDF contains JavaScript, which an invoice must not hold. Upload a plain PDF.',
  actions: 'The PDF runs actions when it is opened or viewed, which an invoice must not do. Upload a plain PDF.',
  launch: 'The PDF launches programs or other files, which an invoice must not do. Upload a plain PDF.',
  'embedded-file': 'The PDF contains attached or embedded files, which an invoice must not hold. Upload a plain PDF.',
};

export type PdfCheck = { ok: true; pages: number } | { ok: false; problem: PdfProblem };

/** Dictionary keys that make a PDF active, by what they do. */
const ACTIVE_KEYS: ReadonlyMap<string, PdfProblem> = new Map([
  ['JavaScript', 'javascript'],
  ['JS', 'javascript'],
  ['AA', 'actions'],
  ['Launch', 'launch'],
  ['EmbeddedFiles', 'embedded-file'],
  ['EmbeddedFile', 'embedded-file'],
  ['EF', 'embedded-file'],
  ['RichMedia', 'embedded-file'],
  ['XFA', 'javascript'],
]);

/** Name values (an action's /S, an annotation's /Subtype, an object's /Type) that do the same. */
const ACTIVE_VALUES: ReadonlyMap<string, PdfProblem> = new Map([
  ['JavaScript', 'javascript'],
  ['Launch', 'launch'],
  ['ImportData', 'launch'],
  ['FileAttachment', 'embedded-file'],
  ['EmbeddedFile', 'embedded-file'],
  ['EmbeddedFiles', 'embedded-file'],
  ['RichMedia', 'embedded-file'],
  ['GoToE', 'embedded-file'],
]);

/** A PDF name's text with every #xx escape decoded (pdf-lib decodes upper-case escapes only, a viewer all of them). */
function decodedName(raw: string): string {
  let name = raw.startsWith('/') ? raw.slice(1) : raw;
  for (let pass = 0; pass < 3 && name.includes('#'); pass++) {
    const next = name.replace(/#([0-9a-fA-F]{2})/g, (_match, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (next === name) break;
    name = next;
  }
  return name;
}

const nameText = (name: PDFName) => decodedName(name.asString());

/** The first active key or name value among a direct object and what it holds. */
function problemIn(object: PDFObject | undefined, depth = 0): PdfProblem | undefined {
  if (!object || depth > 64) return undefined;
  if (object instanceof PDFName) return ACTIVE_VALUES.get(nameText(object));
  if (object instanceof PDFStream) return problemIn(object.dict, depth + 1);
  if (object instanceof PDFArray) {
    for (let index = 0; index < object.size(); index++) {
      const found = problemIn(object.get(index), depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (object instanceof PDFDict) {
    for (const [key, value] of object.entries()) {
      const found = ACTIVE_KEYS.get(nameText(key)) ?? problemIn(value, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** Stream bodies hold compressed bytes where any short name can appear by chance: the raw scan skips them. */
const STREAM_BODY = /stream\r?\n[\s\S]*?endstream/g;
const RAW_NAME = /\/([^\s/<>[\]()%{}]+)/g;

function problemInRawBytes(bytes: Uint8Array): PdfProblem | undefined {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(STREAM_BODY, ' ');
  for (const match of text.matchAll(RAW_NAME)) {
    const name = decodedName(match[1]!);
    const found = ACTIVE_KEYS.get(name) ?? ACTIVE_VALUES.get(name);
    if (found) return found;
  }
  return undefined;
}

const PDF_HEADER = Buffer.from('%PDF-', 'latin1');

/**
 * Whether `bytes` is an invoice PDF the server keeps: not empty, at most 5,242,880 bytes, starting with the PDF
 * header, parsed by pdf-lib into at least one page, not encrypted, with no active content.
 */
export async function checkPdf(bytes: Uint8Array): Promise<PdfCheck> {
  if (bytes.byteLength === 0) return { ok: false, problem: 'empty' };
  if (bytes.byteLength > PDF_MAX_BYTES) return { ok: false, problem: 'too-big' };
  if (!Buffer.from(bytes.buffer, bytes.byteOffset, PDF_HEADER.length).equals(PDF_HEADER)) {
    return { ok: false, problem: 'not-pdf' };
  }
  let document: PDFDocument;
  let pages: number;
  try {
    document = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: true,
      updateMetadata: false,
    });
    pages = document.getPageCount();
  } catch {
    return { ok: false, problem: 'not-pdf' };
  }
  if (pages < 1) return { ok: false, problem: 'not-pdf' };
  if (document.isEncrypted || document.context.trailerInfo.Encrypt) return { ok: false, problem: 'encrypted' };
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    const found = problemIn(object);
    if (found) return { ok: false, problem: found };
  }
  const raw = problemInRawBytes(bytes);
  if (raw) return { ok: false, problem: raw };
  return { ok: true, pages };
}

// Writing invoices.

export interface InvoiceDocumentFields {
  accountName: string;
  number: string;
  issuingDate: string;
  dueDate: string;
  timePeriodFrom: string;
  timePeriodTo: string;
  paymentsAmount: number;
  /** A decimal string with a dot ('1234.50'). */
  amount: string;
  currency: string;
}

/** The standard fonts encode WinAnsi only: anything else is drawn as '?' rather than failing the document. */
const printable = (text: string) => text.normalize('NFC').replace(/[^\x20-\x7e\xa0-\xff€]/g, '?');

/** 'YYYY-MM-DD' as the console shows dates (en-GB: 05/01/2026). */
const shownDate = (date: string) => (date ? `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}` : '');

/** '1234.5' as the console shows money: '1.234,50' (spec 3, section 9). */
function shownAmount(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${fraction.padEnd(2, '0').slice(0, 2)}`;
}

interface Pen {
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
}

const INK = rgb(0.13, 0.15, 0.2);
const MUTED = rgb(0.42, 0.45, 0.5);
const RULE = rgb(0.82, 0.84, 0.88);

function text(
  pen: Pen,
  value: string,
  x: number,
  y: number,
  options: { size?: number; bold?: boolean; muted?: boolean } = {},
) {
  pen.page.drawText(printable(value), {
    x,
    y,
    size: options.size ?? 10,
    font: options.bold ? pen.bold : pen.regular,
    color: options.muted ? MUTED : INK,
  });
}

function rule(pen: Pen, y: number) {
  pen.page.drawLine({ start: { x: 56, y }, end: { x: 539, y }, thickness: 0.75, color: RULE });
}

/** A value, or the line a blank template leaves to fill in. */
const orBlank = (value: string | null | undefined) => (value ? value : '____________________');

/**
 * An invoice as a one-page A4 PDF: the issuer, the account billed, the number and dates, the period, the payments
 * counted and the amount. Without fields, the blank template (GET /invoice-template) with lines to fill in.
 */
export async function generateInvoicePdf(fields: InvoiceDocumentFields | null): Promise<Uint8Array> {
  const document = await PDFDocument.create({ updateMetadata: false });
  document.setTitle(fields ? `Invoice ${printable(fields.number)}` : 'Invoice template');
  document.setProducer('Payments Ops Console');
  document.setCreator('Payments Ops Console');
  const page = document.addPage([595.28, 841.89]);
  const pen: Pen = {
    page,
    regular: await document.embedFont(StandardFonts.Helvetica),
    bold: await document.embedFont(StandardFonts.HelveticaBold),
  };
  text(pen, 'INVOICE', 56, 770, { size: 24, bold: true });
  text(pen, 'Payments Ops Platform', 360, 778, { size: 11, bold: true });
  text(pen, 'Billing department', 360, 764, { muted: true });
  text(pen, 'billing@ops.example', 360, 750, { muted: true });
  rule(pen, 730);

  text(pen, 'Billed to', 56, 706, { muted: true });
  text(pen, orBlank(fields?.accountName), 56, 690, { size: 13, bold: true });

  const rows: [string, string][] = [
    ['Invoice number', orBlank(fields?.number)],
    ['Issuing date', orBlank(fields && shownDate(fields.issuingDate))],
    ['Due date', orBlank(fields && shownDate(fields.dueDate))],
    ['Time period', fields ? `${shownDate(fields.timePeriodFrom)} - ${shownDate(fields.timePeriodTo)}` : orBlank('')],
    ['Successful payments', orBlank(fields?.paymentsAmount.toLocaleString('en-GB'))],
  ];
  let y = 650;
  for (const [label, value] of rows) {
    text(pen, label, 56, y, { muted: true });
    text(pen, value, 220, y, { bold: true });
    y -= 22;
  }
  rule(pen, y + 6);

  y -= 24;
  text(pen, 'Description', 56, y, { muted: true });
  text(pen, 'Amount', 440, y, { muted: true });
  y -= 22;
  text(pen, 'Payment processing services for the time period', 56, y);
  const amount = fields ? `${shownAmount(fields.amount)} ${fields.currency}` : orBlank('');
  text(pen, amount, 440, y, { bold: true });
  y -= 16;
  rule(pen, y);
  y -= 24;
  text(pen, 'Total due', 330, y, { size: 12, bold: true });
  text(pen, amount, 440, y, { size: 12, bold: true });

  text(pen, 'Payment within 10 days of the issuing date.', 56, 96, { muted: true });
  text(pen, 'Questions about this invoice: billing@ops.example', 56, 82, { muted: true });
  return document.save();
}

// File names.

/** The longest document name kept (the stored name is generated; this one only names downloads). */
const DOCUMENT_NAME_MAX = 100;

/**
 * Whether an uploaded file name tries to name a place rather than a file: a path separator, a parent or current
 * folder, a drive letter or a control character. Such a name is refused (the upload is not a browser's).
 */
export function isPathLikeFileName(fileName: string): boolean {
  return (
    /[/\\]/.test(fileName) ||
    /^\.{1,2}$/.test(fileName.trim()) ||
    /^[A-Za-z]:/.test(fileName) ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
    /[\u0000-\u001f\u007f]/.test(fileName)
  );
}

/**
 * The name a document keeps: the uploaded base name with anything but letters, digits, spaces, dots, dashes,
 * underscores and brackets replaced, no leading dots, at most 100 characters, ending in .pdf.
 */
export function documentNameOf(fileName: string | undefined): string {
  const base = (fileName ?? '').split(/[/\\]/).pop() ?? '';
  let name = base
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[ .]+/, '')
    .trim();
  if (!/\.pdf$/i.test(name)) name = `${name.replace(/\.+$/, '')}.pdf`;
  if (name.length > DOCUMENT_NAME_MAX) name = `${name.slice(0, DOCUMENT_NAME_MAX - 4)}.pdf`;
  return name === '.pdf' ? 'invoice.pdf' : name;
}
