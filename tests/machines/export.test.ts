import {
  decodeBase64,
  defaultFileName,
  type ExportAnswer,
  type ExportCallInput,
  type ExportFile,
  type ExportRequest,
  exportMachine,
  fileNameFromDisposition,
  isAskingToEmail,
  isExporting,
} from '@machines/export.machine';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';

const REQUEST: ExportRequest = {
  path: '/account/acc/useractivity/export',
  base: 'activity',
  query: { order: '-date', actionType: ['INSERT'] },
  fileLabel: 'user-activity',
  timeZone: 'Europe/Madrid',
};

/** An error like the console's ApiError: a status and a catalogue key. */
const failure = (status: number, key: string) => Object.assign(new Error(key), { status, key });

function startExport(
  answer: (input: ExportCallInput) => Promise<ExportAnswer>,
  save: (file: ExportFile) => Promise<void> = async () => {},
) {
  const requestExport = vi.fn(answer);
  const saveFile = vi.fn(save);
  const actor = createActor(
    exportMachine.provide({
      actors: {
        requestExport: fromPromise(({ input }: { input: ExportCallInput }) => requestExport(input)),
        saveFile: fromPromise(({ input }: { input: ExportFile }) => saveFile(input)),
      },
    }),
  ).start();
  return { actor, requestExport, saveFile };
}

const settled = (actor: ReturnType<typeof startExport>['actor'], state: string) =>
  vi.waitFor(() => expect(actor.getSnapshot().value).toBe(state));

describe('export machine', () => {
  it('saves a 200 CSV answer under the name of its Content-Disposition', async () => {
    const { actor, requestExport, saveFile } = startExport(async () => ({
      kind: 'file',
      body: 'Date,User\n01 Mar 2025,Ana\n',
      encoding: 'text',
      contentType: 'text/csv; charset=utf-8',
      contentDisposition: 'attachment; filename="user-activity-2025-03-01.csv"',
    }));
    expect(isExporting(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'EXPORT', request: REQUEST });
    expect(isExporting(actor.getSnapshot())).toBe(true);
    await settled(actor, 'saved');

    expect(requestExport).toHaveBeenCalledWith({ request: REQUEST, forceEmailExport: false });
    expect(saveFile).toHaveBeenCalledWith({
      fileName: 'user-activity-2025-03-01.csv',
      mimeType: 'text/csv; charset=utf-8',
      data: 'Date,User\n01 Mar 2025,Ana\n',
    });
    expect(isExporting(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.file).toBeNull();
  });

  it('decodes a 200 base64 ZIP answer to bytes and names it by label and ISO time without a header', async () => {
    const zipBytes = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0x10]);
    const { actor, saveFile } = startExport(async () => ({
      kind: 'file',
      body: Buffer.from(zipBytes).toString('base64'),
      encoding: 'base64',
      contentType: 'application/zip',
      contentDisposition: null,
    }));

    actor.send({ type: 'EXPORT', request: REQUEST });
    await settled(actor, 'saved');

    const file = saveFile.mock.calls[0]![0];
    expect(file.fileName).toMatch(/^user-activity-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z\.zip$/);
    expect(file.mimeType).toBe('application/zip');
    expect(file.data).toBeInstanceOf(Uint8Array);
    expect(Array.from(file.data as Uint8Array)).toEqual(Array.from(zipBytes));
  });

  it('fails with Export failed when a base64 answer cannot be decoded, without saving', async () => {
    const { actor, saveFile } = startExport(async () => ({
      kind: 'file',
      body: 'not base64 at all!',
      encoding: 'base64',
      contentType: 'application/zip',
      contentDisposition: null,
    }));
    actor.send({ type: 'EXPORT', request: REQUEST });
    await settled(actor, 'failed');
    expect(actor.getSnapshot().context.errorKey).toBe('export-error');
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('reports a 204 answer as e-mailed', async () => {
    const { actor, saveFile } = startExport(async () => ({ kind: 'emailed' }));
    actor.send({ type: 'EXPORT', request: REQUEST });
    await settled(actor, 'emailed');
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('asks on 406 and, on Send file, asks again with forceEmailExport until the 204', async () => {
    const { actor, requestExport } = startExport(async ({ forceEmailExport }) =>
      forceEmailExport ? { kind: 'emailed' } : { kind: 'tooBig' },
    );
    actor.send({ type: 'EXPORT', request: REQUEST });
    await settled(actor, 'confirmTooBig');
    expect(isAskingToEmail(actor.getSnapshot())).toBe(true);
    expect(isExporting(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'SEND_BY_EMAIL' });
    await settled(actor, 'emailed');
    expect(requestExport.mock.calls.map(([input]) => input.forceEmailExport)).toEqual([false, true]);
    expect(requestExport.mock.calls[1]![0].request).toEqual(REQUEST);
  });

  it('goes back to idle on Cancel after a 406, sending nothing more', async () => {
    const { actor, requestExport } = startExport(async () => ({ kind: 'tooBig' }));
    actor.send({ type: 'EXPORT', request: REQUEST });
    await settled(actor, 'confirmTooBig');

    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(requestExport).toHaveBeenCalledTimes(1);
  });

  it('treats a 406 after choosing e-mail delivery as a failure instead of asking forever', async () => {
    const { actor } = startExport(async () => ({ kind: 'tooBig' }));
    actor.send({ type: 'EXPORT', request: REQUEST });
    await settled(actor, 'confirmTooBig');
    actor.send({ type: 'SEND_BY_EMAIL' });
    await settled(actor, 'failed');
    expect(actor.getSnapshot().context.errorKey).toBe('export-error');
  });

  it('fails with Export failed on any error, and with the too-large message on 422', async () => {
    const broken = startExport(async () => {
      throw failure(500, 'server-error');
    });
    broken.actor.send({ type: 'EXPORT', request: REQUEST });
    await settled(broken.actor, 'failed');
    expect(broken.actor.getSnapshot().context.errorKey).toBe('export-error');

    const offline = startExport(async () => {
      throw new TypeError('Failed to fetch');
    });
    offline.actor.send({ type: 'EXPORT', request: REQUEST });
    await settled(offline.actor, 'failed');
    expect(offline.actor.getSnapshot().context.errorKey).toBe('export-error');

    const tooLarge = startExport(async () => {
      throw failure(422, 'export-too-large');
    });
    tooLarge.actor.send({ type: 'EXPORT', request: REQUEST });
    await settled(tooLarge.actor, 'failed');
    expect(tooLarge.actor.getSnapshot().context.errorKey).toBe('export-too-large');
  });

  it('fails when the download cannot be saved', async () => {
    const { actor } = startExport(
      async () => ({
        kind: 'file',
        body: 'a,b\n',
        encoding: 'text',
        contentType: 'text/csv',
        contentDisposition: null,
      }),
      async () => {
        throw new Error('blocked');
      },
    );
    actor.send({ type: 'EXPORT', request: REQUEST });
    await settled(actor, 'failed');
    expect(actor.getSnapshot().context.errorKey).toBe('export-error');
  });

  it('ignores a second export while one is running and starts afresh after a result', async () => {
    let release!: (answer: ExportAnswer) => void;
    const { actor, requestExport } = startExport(
      () =>
        new Promise<ExportAnswer>((resolve) => {
          release = resolve;
        }),
    );
    actor.send({ type: 'EXPORT', request: REQUEST });
    actor.send({ type: 'EXPORT', request: { ...REQUEST, fileLabel: 'other' } });
    expect(requestExport).toHaveBeenCalledTimes(1);
    release({ kind: 'emailed' });
    await settled(actor, 'emailed');

    actor.send({ type: 'EXPORT', request: { ...REQUEST, query: {} } });
    expect(actor.getSnapshot().value).toBe('requesting');
    expect(requestExport).toHaveBeenCalledTimes(2);
    expect(requestExport.mock.calls[1]![0]).toEqual({ request: { ...REQUEST, query: {} }, forceEmailExport: false });
  });
});

describe('export file helpers', () => {
  it('reads the file name of a Content-Disposition header', () => {
    expect(fileNameFromDisposition('attachment; filename="mids.csv"')).toBe('mids.csv');
    expect(fileNameFromDisposition('attachment; filename=routes.csv')).toBe('routes.csv');
    expect(fileNameFromDisposition(`attachment; filename="x.csv"; filename*=UTF-8''Transacci%C3%B3n.zip`)).toBe(
      'Transacción.zip',
    );
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it('builds the default name from a label and the ISO time', () => {
    expect(defaultFileName('user activity', 'csv', new Date('2025-01-02T03:04:05.678Z'))).toBe(
      'user-activity-2025-01-02T03-04-05.678Z.csv',
    );
  });

  it('decodes base64 and refuses what is not', () => {
    expect(new TextDecoder().decode(decodeBase64('aGVsbG8='))).toBe('hello');
    expect(new TextDecoder().decode(decodeBase64('aGVs\nbG8'))).toBe('hello');
    expect(() => decodeBase64('%%%')).toThrow();
  });
});
