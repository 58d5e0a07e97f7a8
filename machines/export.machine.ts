import type { ErrorKey } from '@domain/errors';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';

// The one export flow of spec 1, section 4 ("Export"): request the file; a 200 answer is saved as a download, a 204
// means the file will be e-mailed, a 406 asks whether to have it e-mailed instead (then asks again with
// forceEmailExport). Effects (the call and the download) live in invoked actors so the console and tests provide them.

/** What a table asks to export: its list call, with the list's current filters. */
export interface ExportRequest {
  /** The list's export path ('/account/{id}/useractivity/export'). */
  path: string;
  /** Which configured base address serves it ('activity' for the audit log). */
  base?: 'api' | 'activity' | 'analytics';
  /** The list query as the table would send it (filters, search, order), without page and limit. */
  query: Readonly<Record<string, string | number | boolean | readonly string[]>>;
  /** Names the file when the answer does not ('user-activity' gives 'user-activity-2025-03-01T10-00-00.000Z.csv'). */
  fileLabel: string;
  /** IANA zone the file's dates are written in: the zone the user sees. */
  timeZone: string;
}

export interface ExportCallInput {
  request: ExportRequest;
  forceEmailExport: boolean;
}

/** The answer of an export call, read by the console's requestExport actor. Failures reject instead. */
export type ExportAnswer =
  /** 200: the file. ZIP files travel as base64 text. */
  | {
      kind: 'file';
      body: string;
      encoding: 'text' | 'base64';
      contentType: string | null;
      contentDisposition: string | null;
    }
  /** 204: the server builds the file in the background and e-mails a link. */
  | { kind: 'emailed' }
  /** 406: more rows than a direct download allows; the user may have it e-mailed. */
  | { kind: 'tooBig' };

/** A file ready to be handed to the browser. */
export interface ExportFile {
  fileName: string;
  mimeType: string;
  data: string | Uint8Array;
}

/** What the user is told when the flow fails: 'Export failed', or the 422 'too large' message. */
export type ExportErrorKey = Extract<ErrorKey, 'export-error' | 'export-too-large'>;

export interface ExportContext {
  request: ExportRequest | null;
  forceEmailExport: boolean;
  file: ExportFile | null;
  errorKey: ExportErrorKey | null;
}

export type ExportEvent =
  | { type: 'EXPORT'; request: ExportRequest }
  /** The 406 question answered with 'Send file'. */
  | { type: 'SEND_BY_EMAIL' }
  /** The 406 question answered with 'Cancel' (or dismissed). */
  | { type: 'CANCEL' };

const MIME_TYPES = { csv: 'text/csv;charset=utf-8', zip: 'application/zip' } as const;

/**
 * The file name of a Content-Disposition header: the RFC 5987 `filename*` (UTF-8, percent-encoded) when present,
 * else the plain `filename`, quoted or not. Path parts are cut off so a name can never point elsewhere.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
    name = plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]?.trim() ?? null) : null;
  }
  if (!name) return null;
  const base = name.split(/[/\\]/).pop()?.trim() ?? '';
  return base === '' || base === '.' || base === '..' ? null : base;
}

/** The spec's fallback name: a default data name plus the ISO time (colons are not allowed in Windows file names). */
export function defaultFileName(label: string, extension: 'csv' | 'zip', at: Date = new Date()): string {
  const stamp = at.toISOString().replaceAll(':', '-');
  const safeLabel = label.trim().replace(/[^\w.-]+/g, '-') || 'data';
  return `${safeLabel}-${stamp}.${extension}`;
}

/** Standard base64 (with or without padding, line breaks ignored) to bytes; throws on anything else. */
export function decodeBase64(text: string): Uint8Array {
  const clean = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) {
    throw new Error('The export file is not valid base64');
  }
  const binary = atob(clean);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * Turns a 200 answer into the file to save: a base64 body becomes the ZIP's bytes, a text body stays CSV text; the
 * name comes from Content-Disposition, else the label plus the ISO time. Returns null when a ZIP body is unreadable.
 */
export function fileFromAnswer(
  answer: Extract<ExportAnswer, { kind: 'file' }>,
  fileLabel: string,
  at: Date = new Date(),
): ExportFile | null {
  const contentType = answer.contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  const isZip = answer.encoding === 'base64' || contentType === 'application/zip';
  const extension = isZip ? 'zip' : 'csv';
  const fileName = fileNameFromDisposition(answer.contentDisposition) ?? defaultFileName(fileLabel, extension, at);
  if (answer.encoding !== 'base64') {
    return { fileName, mimeType: isZip ? MIME_TYPES.zip : (answer.contentType ?? MIME_TYPES.csv), data: answer.body };
  }
  try {
    return { fileName, mimeType: MIME_TYPES.zip, data: decodeBase64(answer.body) };
  } catch {
    return null;
  }
}

function errorKeyOf(error: unknown): ExportErrorKey {
  if (typeof error === 'object' && error !== null) {
    const { key, status } = error as { key?: unknown; status?: unknown };
    if (key === 'export-too-large' || status === 422) return 'export-too-large';
  }
  return 'export-error';
}

const IDLE_CONTEXT: ExportContext = { request: null, forceEmailExport: false, file: null, errorKey: null };

export const exportMachine = setup({
  types: {
    context: {} as ExportContext,
    events: {} as ExportEvent,
  },
  actors: {
    /** GET <path>?<filters>&timeZone&forceEmailExport; resolves with the answer, rejects on any other outcome. */
    requestExport: fromPromise<ExportAnswer, ExportCallInput>(async () => {
      throw new Error('requestExport is provided by the console');
    }),
    /** Hands the file to the browser as a download. */
    saveFile: fromPromise<void, ExportFile>(async () => {
      throw new Error('saveFile is provided by the console');
    }),
  },
  guards: {
    answeredFile: ({ event }) => (event as { output?: ExportAnswer }).output?.kind === 'file',
    answeredEmailed: ({ event }) => (event as { output?: ExportAnswer }).output?.kind === 'emailed',
    /** A 406 after the user already chose e-mail delivery cannot be answered again: it is a failure. */
    answeredTooBig: ({ context, event }) =>
      (event as { output?: ExportAnswer }).output?.kind === 'tooBig' && !context.forceEmailExport,
    hasFile: ({ context }) => context.file !== null,
  },
  actions: {
    start: assign(({ event }) =>
      event.type === 'EXPORT' ? { ...IDLE_CONTEXT, request: event.request } : { ...IDLE_CONTEXT },
    ),
    forceEmail: assign({ forceEmailExport: true }),
    storeFile: assign(({ context, event }) => {
      const output = (event as { output?: ExportAnswer }).output;
      if (output?.kind !== 'file' || !context.request) return { file: null };
      return { file: fileFromAnswer(output, context.request.fileLabel) };
    }),
    fail: assign((_, errorKey: ExportErrorKey) => ({ errorKey, file: null })),
    dropFile: assign({ file: null }),
  },
}).createMachine({
  id: 'export',
  context: IDLE_CONTEXT,
  initial: 'idle',
  // Every resting state takes a new export; a busy one ignores it, so a double press never sends two calls.
  states: {
    idle: { on: { EXPORT: { target: 'requesting', actions: 'start' } } },
    requesting: {
      invoke: {
        src: 'requestExport',
        input: ({ context }) => ({ request: context.request!, forceEmailExport: context.forceEmailExport }),
        onDone: [
          { guard: 'answeredFile', target: 'preparing', actions: 'storeFile' },
          { guard: 'answeredEmailed', target: 'emailed' },
          { guard: 'answeredTooBig', target: 'confirmTooBig' },
          { target: 'failed', actions: { type: 'fail', params: 'export-error' } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => errorKeyOf(event.error) } },
      },
    },
    preparing: {
      always: [
        { guard: 'hasFile', target: 'saving' },
        { target: 'failed', actions: { type: 'fail', params: 'export-error' } },
      ],
    },
    saving: {
      invoke: {
        src: 'saveFile',
        input: ({ context }) => context.file!,
        onDone: { target: 'saved', actions: 'dropFile' },
        onError: { target: 'failed', actions: { type: 'fail', params: 'export-error' } },
      },
    },
    confirmTooBig: {
      on: {
        SEND_BY_EMAIL: { target: 'requesting', actions: 'forceEmail' },
        CANCEL: 'idle',
      },
    },
    saved: { on: { EXPORT: { target: 'requesting', actions: 'start' } } },
    emailed: { on: { EXPORT: { target: 'requesting', actions: 'start' } } },
    failed: { on: { EXPORT: { target: 'requesting', actions: 'start' } } },
  },
});

export type ExportMachine = typeof exportMachine;
export type ExportSnapshot = SnapshotFrom<ExportMachine>;

/** The table's exporting flag: a call or a download is under way. */
export function isExporting(snapshot: ExportSnapshot): boolean {
  return snapshot.matches('requesting') || snapshot.matches('preparing') || snapshot.matches('saving');
}

/** Whether the 'The export file is too big!' question is open. */
export function isAskingToEmail(snapshot: ExportSnapshot): boolean {
  return snapshot.matches('confirmTooBig');
}
