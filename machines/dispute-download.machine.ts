import { DISPUTE_DOWNLOAD_TIMEOUT_MS } from '@domain/chargebacks';
import type { ChargebackDocumentResponse } from '@domain/contract/chargebacks';
import type { DisputeTemplateKey } from '@domain/enums';
import type { ErrorKey } from '@domain/errors';
import { assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';

// The dispute document download of spec 3, section 2.4: 'Preparing your download...' for up to 30 seconds while the
// server fills the template and the host saves the file; then success, the failure modal with 'Try again', the
// format-error modal with 'Got it', or 'This account doesn't have templates assigned'. The calls live in invoked
// actors that the console and tests provide with `machine.provide`.

/** POST /account/{accountId}/chargeback/{chargebackId}/document with { reason }. */
export interface DisputeDownloadRequest {
  accountId: string;
  chargebackId: string;
  /** The template chosen (by default the case reason's slot); the server falls back to Others, then Default. */
  reason: DisputeTemplateKey;
}

/** What the user is told when the download does not end with a file. */
export type DisputeDownloadErrorKey = Extract<
  ErrorKey,
  'download-error' | 'template-format-error' | 'no-templates-assigned'
>;

export interface DisputeDownloadContext {
  request: DisputeDownloadRequest | null;
  document: ChargebackDocumentResponse | null;
  errorKey: DisputeDownloadErrorKey | null;
  /** The failure was the 30-second limit rather than an answer. */
  timedOut: boolean;
}

export type DisputeDownloadEvent =
  | { type: 'DOWNLOAD'; request: DisputeDownloadRequest }
  /** The failure modal's 'Try again': the same request again. */
  | { type: 'TRY_AGAIN' }
  /** 'Got it' on the format-error and no-templates modals. */
  | { type: 'GOT_IT' }
  /** Escape or the close button on a finished download's modal. */
  | { type: 'CLOSE' };

/** Told to the host when the file is saved, so a queue can move on to the next case. */
export type DisputeDownloadEmitted = { type: 'downloaded'; chargebackId: string; fileName: string };

const IDLE_CONTEXT: DisputeDownloadContext = { request: null, document: null, errorKey: null, timedOut: false };

/** A rejected call's error key: the two the spec words apart, and download-error for anything else. */
export function downloadErrorKeyOf(error: unknown): DisputeDownloadErrorKey {
  const key = typeof error === 'object' && error !== null ? (error as { key?: unknown }).key : undefined;
  if (key === 'template-format-error' || key === 'no-templates-assigned') return key;
  return 'download-error';
}

export const disputeDownloadMachine = setup({
  types: {
    context: {} as DisputeDownloadContext,
    events: {} as DisputeDownloadEvent,
    emitted: {} as DisputeDownloadEmitted,
  },
  actors: {
    /** Asks the server for the document; resolves with its link, rejects with { status, key } on failure. */
    generateDocument: fromPromise<ChargebackDocumentResponse, DisputeDownloadRequest>(async () => {
      throw new Error('generateDocument is provided by the console');
    }),
    /** Fetches the link and hands the file to the browser as a download. */
    saveDocument: fromPromise<void, ChargebackDocumentResponse>(async () => {
      throw new Error('saveDocument is provided by the console');
    }),
  },
  delays: { downloadTimeout: DISPUTE_DOWNLOAD_TIMEOUT_MS },
  guards: {
    isFormatError: ({ context }) => context.errorKey === 'template-format-error',
    isNoTemplates: ({ context }) => context.errorKey === 'no-templates-assigned',
  },
  actions: {
    start: assign(({ event }) => (event.type === 'DOWNLOAD' ? { ...IDLE_CONTEXT, request: event.request } : {})),
    retry: assign(({ context }) => ({ ...IDLE_CONTEXT, request: context.request })),
    storeDocument: assign(({ event }) => ({
      document: (event as { output?: ChargebackDocumentResponse }).output ?? null,
    })),
    storeError: assign(({ event }) => ({ errorKey: downloadErrorKeyOf((event as { error?: unknown }).error) })),
    failSaving: assign({ errorKey: 'download-error' as const }),
    timeOut: assign({ errorKey: 'download-error' as const, timedOut: true }),
    announce: emit(({ context }) => ({
      type: 'downloaded' as const,
      chargebackId: context.request?.chargebackId ?? '',
      fileName: context.document?.fileName ?? '',
    })),
    reset: assign(() => ({ ...IDLE_CONTEXT })),
  },
}).createMachine({
  id: 'disputeDownload',
  context: IDLE_CONTEXT,
  initial: 'idle',
  // Resting states take a new download; 'preparing' ignores it, so a double press never asks twice.
  states: {
    idle: { on: { DOWNLOAD: { target: 'preparing', actions: 'start' } } },
    // The modal cannot be closed meanwhile; the limit bounds the wait.
    preparing: {
      initial: 'generating',
      after: { downloadTimeout: { target: 'failed', actions: 'timeOut' } },
      states: {
        generating: {
          invoke: {
            src: 'generateDocument',
            input: ({ context }) => context.request!,
            onDone: { target: 'saving', actions: 'storeDocument' },
            onError: { target: '#disputeDownload.answeredError', actions: 'storeError' },
          },
        },
        saving: {
          invoke: {
            src: 'saveDocument',
            input: ({ context }) => context.document!,
            onDone: { target: '#disputeDownload.saved', actions: 'announce' },
            onError: { target: '#disputeDownload.failed', actions: 'failSaving' },
          },
        },
      },
    },
    answeredError: {
      always: [
        { guard: 'isFormatError', target: 'formatError' },
        { guard: 'isNoTemplates', target: 'noTemplates' },
        { target: 'failed' },
      ],
    },
    saved: {
      on: {
        DOWNLOAD: { target: 'preparing', actions: 'start' },
        CLOSE: { target: 'idle', actions: 'reset' },
      },
    },
    failed: {
      on: {
        TRY_AGAIN: { target: 'preparing', actions: 'retry' },
        DOWNLOAD: { target: 'preparing', actions: 'start' },
        CLOSE: { target: 'idle', actions: 'reset' },
      },
    },
    formatError: {
      on: {
        GOT_IT: { target: 'idle', actions: 'reset' },
        CLOSE: { target: 'idle', actions: 'reset' },
        DOWNLOAD: { target: 'preparing', actions: 'start' },
      },
    },
    noTemplates: {
      on: {
        GOT_IT: { target: 'idle', actions: 'reset' },
        CLOSE: { target: 'idle', actions: 'reset' },
        DOWNLOAD: { target: 'preparing', actions: 'start' },
      },
    },
  },
});

export type DisputeDownloadMachine = typeof disputeDownloadMachine;
export type DisputeDownloadSnapshot = SnapshotFrom<DisputeDownloadMachine>;

/** Which modal shows, if any. 'saved' has none: the file is in the browser's downloads. */
export type DisputeDownloadModal = 'preparing' | 'failed' | 'formatError' | 'noTemplates';

export function disputeDownloadModalOf(snapshot: DisputeDownloadSnapshot): DisputeDownloadModal | null {
  if (snapshot.matches('preparing')) return 'preparing';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('formatError')) return 'formatError';
  if (snapshot.matches('noTemplates')) return 'noTemplates';
  return null;
}

/** The Download button and `d` are disabled while a document is being prepared. */
export const isDisputeDownloading = (snapshot: DisputeDownloadSnapshot) => snapshot.matches('preparing');
