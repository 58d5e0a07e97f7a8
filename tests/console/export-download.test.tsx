import type { ExportStatus } from '@domain/contract/exports';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CapturedDownload, captureDownloads } from './activity-fixtures';
import { json, renderApp, type Server } from './app-harness';

// The page an export e-mail links to: /exports/{exportId}, signed in, the file saved once by itself.

const EXPORT_ID = 'e0000000-0000-4000-8000-000000000001';
const PATH = `/exports/${EXPORT_ID}`;

const STATUS: ExportStatus = {
  exportId: EXPORT_ID,
  fileName: 'transactions-2025-03-01.zip',
  status: 'ready',
  rowCount: 25_000,
  expiresAt: '2025-03-02T10:00:00.000Z',
};

const ZIP = Uint8Array.from([0x50, 0x4b, 0x05, 0x06, 0x00]);

function zipAnswer(): Response {
  return new Response(Buffer.from(ZIP).toString('base64'), {
    status: 200,
    headers: {
      'content-type': 'application/zip',
      'x-content-encoding': 'base64',
      'content-disposition': 'attachment; filename="transactions-2025-03-01.zip"',
    },
  });
}

function serverOf(status: Response | (() => Response), file: () => Response = zipAnswer): Server {
  return (call) => {
    if (call.path === `/export/${EXPORT_ID}/status`) return typeof status === 'function' ? status() : status.clone();
    if (call.path === `/export/${EXPORT_ID}`) return file();
    return undefined;
  };
}

let downloads: CapturedDownload[];

beforeEach(() => {
  downloads = captureDownloads();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('e-mailed export page', () => {
  it('downloads a ready file once by itself, and again with the Download button', async () => {
    const { user, calls } = renderApp({
      path: PATH,
      session: { permissions: ['transaction.read'] },
      server: serverOf(json(200, STATUS)),
    });

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.fileName).toBe('transactions-2025-03-01.zip');
    expect(Array.from(new Uint8Array(await downloads[0]!.blob.arrayBuffer()))).toEqual(Array.from(ZIP));
    expect(screen.getByRole('heading', { name: 'Export', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/Your file is ready \(25\.000 records\)/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(calls.filter((call) => call.path === `/export/${EXPORT_ID}`)).toHaveLength(2);
  });

  it('shows the link-expired message for an expired export, without asking for the file', async () => {
    const { calls } = renderApp({
      path: PATH,
      session: { permissions: [] },
      server: serverOf(json(200, { ...STATUS, status: 'expired' })),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired');
    expect(calls.some((call) => call.path === `/export/${EXPORT_ID}`)).toBe(false);
  });

  it('keeps the session when the file answers 410 link-expired', async () => {
    const { currentPath } = renderApp({
      path: PATH,
      session: { permissions: [] },
      server: serverOf(json(200, STATUS), () =>
        json(410, { statusCode: 410, error: 'link-expired', message: 'The link has expired' }),
      ),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired');
    expect(currentPath()).toBe(PATH);
    expect(downloads).toHaveLength(0);
  });

  it('says not found for an export that is not the user’s, staying on the page', async () => {
    const { currentPath } = renderApp({
      path: PATH,
      session: { permissions: [] },
      server: serverOf(() => json(404, { statusCode: 404, error: 'resource-not-found', message: 'Not found' })),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent("Oops! Sorry, we can't find that page");
    expect(currentPath()).toBe(PATH);
  });

  it('tells the user the file is still being prepared', async () => {
    renderApp({
      path: PATH,
      session: { permissions: [] },
      server: serverOf(json(200, { ...STATUS, status: 'running' })),
    });
    expect(await screen.findByText(/Your file is being prepared/)).toBeInTheDocument();
    expect(downloads).toHaveLength(0);
  });

  it('sends a signed-out visitor to sign in and back', async () => {
    const { currentPath, location } = renderApp({ path: PATH, server: serverOf(json(200, STATUS)) });
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(location.history.at(-1)).toContain(`next=${encodeURIComponent(PATH)}`);
  });
});
