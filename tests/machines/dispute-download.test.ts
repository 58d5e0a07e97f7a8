import type { ChargebackDocumentResponse } from '@domain/contract';
import {
  type DisputeDownloadRequest,
  disputeDownloadMachine,
  disputeDownloadModalOf,
  isDisputeDownloading,
} from '@machines/dispute-download.machine';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';

const REQUEST: DisputeDownloadRequest = {
  accountId: '0a1b2c3d-0000-4000-8000-000000000001',
  chargebackId: '5f0c8a1e-7b2d-4c3e-9f10-0000000000cb',
  reason: 'NotAsDescribed',
};
const DOCUMENT: ChargebackDocumentResponse = {
  chargebackDocumentUrl: '/api/download/abc',
  fileName: 'dispute-CB-1.docx',
  template: 'Others',
};

/** A download machine whose calls are `generate` and `save`. */
function startDownload(
  generate: (request: DisputeDownloadRequest) => Promise<ChargebackDocumentResponse>,
  save: (document: ChargebackDocumentResponse) => Promise<void> = async () => {},
) {
  const generateDocument = vi.fn(generate);
  const saveDocument = vi.fn(save);
  const actor = createActor(
    disputeDownloadMachine.provide({
      actors: {
        generateDocument: fromPromise(({ input }: { input: DisputeDownloadRequest }) => generateDocument(input)),
        saveDocument: fromPromise(({ input }: { input: ChargebackDocumentResponse }) => saveDocument(input)),
      },
    }),
  );
  const downloaded: string[] = [];
  actor.on('downloaded', (event) => downloaded.push(event.fileName));
  actor.start();
  return { actor, generateDocument, saveDocument, downloaded };
}

const modalOf = (actor: ReturnType<typeof startDownload>['actor']) => disputeDownloadModalOf(actor.getSnapshot());
const rejectWith = (key: string, status: number) => Promise.reject(Object.assign(new Error(key), { key, status }));

afterEach(() => {
  vi.useRealTimers();
});

describe('dispute document download', () => {
  it('prepares, saves the document through the host and closes without a modal', async () => {
    const { actor, generateDocument, saveDocument, downloaded } = startDownload(async () => DOCUMENT);
    actor.send({ type: 'DOWNLOAD', request: REQUEST });
    expect(modalOf(actor)).toBe('preparing');
    expect(isDisputeDownloading(actor.getSnapshot())).toBe(true);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('saved')).toBe(true));
    expect(generateDocument).toHaveBeenCalledWith(REQUEST);
    expect(saveDocument).toHaveBeenCalledWith(DOCUMENT);
    expect(downloaded).toEqual(['dispute-CB-1.docx']);
    expect(modalOf(actor)).toBeNull();
  });

  it('ignores a second press while preparing', async () => {
    let finish: (document: ChargebackDocumentResponse) => void = () => {};
    const { actor, generateDocument } = startDownload(
      () => new Promise<ChargebackDocumentResponse>((resolve) => (finish = resolve)),
    );
    actor.send({ type: 'DOWNLOAD', request: REQUEST });
    actor.send({ type: 'DOWNLOAD', request: REQUEST });
    expect(generateDocument).toHaveBeenCalledTimes(1);
    finish(DOCUMENT);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('saved')).toBe(true));
  });

  it("offers 'Try again' after a failure, and tries the same request again", async () => {
    let calls = 0;
    const { actor, generateDocument } = startDownload(async () => {
      calls += 1;
      if (calls === 1) return rejectWith('server-error', 500);
      return DOCUMENT;
    });
    actor.send({ type: 'DOWNLOAD', request: REQUEST });
    await vi.waitFor(() => expect(modalOf(actor)).toBe('failed'));
    expect(actor.getSnapshot().context.errorKey).toBe('download-error');
    actor.send({ type: 'TRY_AGAIN' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('saved')).toBe(true));
    expect(generateDocument).toHaveBeenNthCalledWith(2, REQUEST);
  });

  it('fails when the host cannot save the file', async () => {
    const { actor } = startDownload(
      async () => DOCUMENT,
      async () => {
        throw new Error('link expired');
      },
    );
    actor.send({ type: 'DOWNLOAD', request: REQUEST });
    await vi.waitFor(() => expect(modalOf(actor)).toBe('failed'));
  });

  it("shows the format error with 'Got it', which closes it", async () => {
    const { actor } = startDownload(() => rejectWith('template-format-error', 422));
    actor.send({ type: 'DOWNLOAD', request: REQUEST });
    await vi.waitFor(() => expect(modalOf(actor)).toBe('formatError'));
    actor.send({ type: 'TRY_AGAIN' });
    expect(modalOf(actor)).toBe('formatError');
    actor.send({ type: 'GOT_IT' });
    expect(modalOf(actor)).toBeNull();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it("says the account doesn't have templates assigned", async () => {
    const { actor, saveDocument } = startDownload(() => rejectWith('no-templates-assigned', 404));
    actor.send({ type: 'DOWNLOAD', request: REQUEST });
    await vi.waitFor(() => expect(modalOf(actor)).toBe('noTemplates'));
    expect(saveDocument).not.toHaveBeenCalled();
    actor.send({ type: 'GOT_IT' });
    expect(modalOf(actor)).toBeNull();
  });

  it('gives up after 30 seconds with the failure modal, and ignores a late answer', async () => {
    vi.useFakeTimers();
    let finish: (document: ChargebackDocumentResponse) => void = () => {};
    const { actor, saveDocument } = startDownload(
      () => new Promise<ChargebackDocumentResponse>((resolve) => (finish = resolve)),
    );
    actor.send({ type: 'DOWNLOAD', request: REQUEST });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(modalOf(actor)).toBe('preparing');
    await vi.advanceTimersByTimeAsync(1);
    expect(modalOf(actor)).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({ timedOut: true, errorKey: 'download-error' });
    finish(DOCUMENT);
    await vi.advanceTimersByTimeAsync(0);
    expect(saveDocument).not.toHaveBeenCalled();
    expect(modalOf(actor)).toBe('failed');
  });

  it('counts the 30 seconds from each attempt, not from the first', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const { actor } = startDownload(async () => {
      calls += 1;
      if (calls === 1) return rejectWith('server-error', 500);
      return new Promise<ChargebackDocumentResponse>((resolve) => setTimeout(() => resolve(DOCUMENT), 20_000));
    });
    actor.send({ type: 'DOWNLOAD', request: REQUEST });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(modalOf(actor)).toBe('failed');
    actor.send({ type: 'TRY_AGAIN' });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(actor.getSnapshot().matches('saved')).toBe(true);
  });
});
