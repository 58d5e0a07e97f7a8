import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVITY_CONFIG,
  ACTIVITY_PATH,
  activityServer,
  type CapturedDownload,
  captureDownloads,
  INSERTED,
  mockTableLayout,
} from './activity-fixtures';
import { json, renderApp, type ServerCall } from './app-harness';

// The one export flow as a user meets it on a table: the Export button, its palette command and key, the 406
// question, and the outcomes. The user-activity screen is the host.

const PERMISSIONS = ['useractivity.read', 'useractivity.select', 'merchant.read'];

let downloads: CapturedDownload[];

function renderExporting(exportAnswer?: (call: ServerCall) => Response | Promise<Response>, path = ACTIVITY_PATH) {
  const stub = activityServer({ exportAnswer });
  const app = renderApp({ path, session: { permissions: PERMISSIONS }, server: stub.server, config: ACTIVITY_CONFIG });
  return { ...app, ...stub };
}

const exportButton = () => screen.getByRole('button', { name: 'Export' });
const tooBig = () => json(406, { statusCode: 406, error: 'export-too-big', message: 'Too many rows' });
const emailed = () => new Response(null, { status: 204 });

beforeEach(() => {
  mockTableLayout();
  downloads = captureDownloads();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('export from a table', () => {
  it('exports the current filters, search and order with the time zone, and downloads the CSV', async () => {
    const { user, exportCalls } = renderExporting(undefined, `${ACTIVITY_PATH}?actionType=UPDATE&search=luis&page=2`);
    await screen.findByText(INSERTED.resourceId);

    await user.click(exportButton());

    await waitFor(() => expect(downloads).toHaveLength(1));
    const query = exportCalls[0]!.search;
    expect(query.getAll('actionType[]')).toEqual(['UPDATE']);
    expect(query.get('search')).toBe('luis');
    expect(query.get('order')).toBe('-date');
    expect(query.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(query.get('forceEmailExport')).toBe('false');
    expect(query.has('page')).toBe(false);
    expect(query.has('limit')).toBe(false);

    expect(downloads[0]!.fileName).toBe('user-activity.csv');
    expect(await downloads[0]!.blob.text()).toBe('Date,User\r\n01 Mar 2025,Ana\r\n');
    expect(downloads[0]!.blob.type).toContain('text/csv');
    expect(URL.revokeObjectURL).not.toHaveBeenCalledWith('blob:test/1');
  });

  it("keeps the server's byte-order mark so spreadsheets read the CSV as UTF-8", async () => {
    const { user } = renderExporting(
      () =>
        new Response('\uFEFFDate,User\r\n01 Mar 2025,Mateo Martínez\r\n', {
          status: 200,
          headers: { 'content-type': 'text/csv; charset=utf-8' },
        }),
    );
    await screen.findByText(INSERTED.resourceId);
    await user.click(exportButton());

    await waitFor(() => expect(downloads).toHaveLength(1));
    const bytes = new Uint8Array(await downloads[0]!.blob.arrayBuffer());
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('Date,User\r\n01 Mar 2025,Mateo Martínez\r\n');
  });

  it('sends a date filter as the instants it covers', async () => {
    const { user, exportCalls } = renderExporting(emailed, `${ACTIVITY_PATH}?date=2025-02-28`);
    await screen.findByText(INSERTED.resourceId);
    await user.click(exportButton());
    await waitFor(() => expect(exportCalls).toHaveLength(1));
    const query = exportCalls[0]!.search;
    expect(query.has('date')).toBe(false);
    expect(new Date(query.get('dateFrom')!).getTime()).toBe(new Date(2025, 1, 28).getTime());
    expect(new Date(query.get('dateTo')!).getTime()).toBe(new Date(2025, 1, 28, 23, 59, 59, 999).getTime());
  });

  it('decodes a base64 ZIP answer and names it by default when no Content-Disposition comes', async () => {
    const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0xfe, 0x01]);
    const { user } = renderExporting(
      () =>
        new Response(Buffer.from(zip).toString('base64'), {
          status: 200,
          headers: { 'content-type': 'application/zip', 'x-content-encoding': 'base64' },
        }),
    );
    await screen.findByText(INSERTED.resourceId);
    await user.click(exportButton());

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.fileName).toMatch(/^user-activity-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z\.zip$/);
    expect(downloads[0]!.blob.type).toBe('application/zip');
    expect(Array.from(new Uint8Array(await downloads[0]!.blob.arrayBuffer()))).toEqual(Array.from(zip));
  });

  it('shows the button busy while exporting and ignores a second press', async () => {
    let answer!: (response: Response) => void;
    const { user, exportCalls } = renderExporting(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    await screen.findByText(INSERTED.resourceId);
    await user.click(exportButton());

    await waitFor(() => expect(exportButton()).toHaveAttribute('aria-busy', 'true'));
    expect(exportButton()).toBeDisabled();
    await user.click(exportButton());
    expect(exportCalls).toHaveLength(1);

    await act(async () => answer(emailed()));
    await waitFor(() => expect(exportButton()).not.toBeDisabled());
  });

  it('says Export email requested on 204', async () => {
    const { user } = renderExporting(emailed);
    await screen.findByText(INSERTED.resourceId);
    await user.click(exportButton());
    const notice = await screen.findByText('Export email requested');
    expect(notice.closest('[role="status"]')).toHaveTextContent('Check your inbox in 10-15 minutes.');
    expect(downloads).toHaveLength(0);
  });

  it('asks on 406 and sends the file by e-mail with forceEmailExport on Send file', async () => {
    const { user, exportCalls } = renderExporting((call) =>
      call.search.get('forceEmailExport') === 'true' ? emailed() : tooBig(),
    );
    await screen.findByText(INSERTED.resourceId);
    await user.click(exportButton());

    const dialog = await screen.findByRole('dialog', { name: 'The export file is too big!' });
    expect(within(dialog).getByText(/10 to 15 minutes/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send file' }));

    expect(await screen.findByText('Export email requested')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(exportCalls.map((call) => call.search.get('forceEmailExport'))).toEqual(['false', 'true']);
    expect(exportCalls[1]!.search.get('order')).toBe('-date');
  });

  it('sends nothing more when the 406 question is cancelled', async () => {
    const { user, exportCalls } = renderExporting(tooBig);
    await screen.findByText(INSERTED.resourceId);
    await user.click(exportButton());
    const dialog = await screen.findByRole('dialog', { name: 'The export file is too big!' });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(exportCalls).toHaveLength(1);
    expect(screen.queryByText('Export email requested')).not.toBeInTheDocument();
    expect(exportButton()).not.toBeDisabled();
  });

  it('says the export is too large on 422', async () => {
    const { user } = renderExporting(() =>
      json(422, { statusCode: 422, error: 'export-too-large', message: 'More than 100,000 rows' }),
    );
    await screen.findByText(INSERTED.resourceId);
    await user.click(exportButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('The export is too large');
  });

  it('says Export failed when the export call fails', async () => {
    const { user } = renderExporting(() => json(400, { statusCode: 400, error: 'bad-request', message: 'x' }));
    await screen.findByText(INSERTED.resourceId);
    await user.click(exportButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Export failed');
    expect(downloads).toHaveLength(0);
  });
});

describe('export command', () => {
  it('is in the palette for the current table and exports', async () => {
    const { user, exportCalls } = renderExporting(emailed);
    await screen.findByText(INSERTED.resourceId);

    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.type(within(palette).getByRole('combobox'), 'export');
    const option = await within(palette).findByRole('option', { name: /Export table/ });
    await user.click(option);

    await waitFor(() => expect(exportCalls).toHaveLength(1));
    expect(await screen.findByText('Export email requested')).toBeInTheDocument();
  });

  it('runs with Shift E and is listed in the shortcuts sheet', async () => {
    const { user, exportCalls } = renderExporting(emailed);
    await screen.findByText(INSERTED.resourceId);

    await user.keyboard('{Shift>}E{/Shift}');
    await waitFor(() => expect(exportCalls).toHaveLength(1));

    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: /Keyboard shortcuts/ });
    const table = within(sheet).getByRole('region', { name: 'Table' });
    expect(within(table).getByText('Export table')).toBeInTheDocument();
  });

  it('is absent from tables without an export', async () => {
    const { user } = renderApp({
      path: '/accounts/5d0c0a4e-0000-4000-8000-0000000000aa/merchants',
      session: { permissions: PERMISSIONS },
    });
    await screen.findByRole('grid', { name: 'Merchants' });
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.type(within(palette).getByRole('combobox'), 'export table');
    // The palette has answered the text (its search included) and offers nothing for it.
    expect(await within(palette).findByText('No results')).toBeInTheDocument();
    expect(within(palette).queryByRole('option', { name: /Export table/ })).not.toBeInTheDocument();
  });
});
