import { AppProviders } from '@console/app/providers';
import { HotkeyEngine } from '@console/commands/hotkeys';
import { CommandRegistryProvider } from '@console/commands/registry';
import { createConsoleStorage, writeSession } from '@console/session/storage';
import { DataTable } from '@console/table/data-table';
import type { DataColumn, TableExport } from '@console/table/types';
import { credentialsFromResponse } from '@machines/session.machine';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { captureDownloads, mockTableLayout } from './activity-fixtures';
import { sessionAnswer, TEST_CONFIG } from './app-harness';

// The data table's export prop on its own: the permission it names, the path and base it calls.

interface Item {
  id: string;
  name: string;
}

const COLUMNS: DataColumn<Item>[] = [{ id: 'name', header: 'Name', sortField: 'name', cell: (row) => row.name }];

function renderTable(exportTable: TableExport, permissions: string[], path = '/list?order=name&page=3') {
  const location = memoryLocation({ path, record: true });
  const storage = createConsoleStorage(window.localStorage, 'table-export');
  writeSession(storage, credentialsFromResponse(sessionAnswer({ permissions }), Date.now()));
  const requests: URL[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    requests.push(new URL(String(input), 'http://console.test'));
    return new Response('Name\r\nOne\r\n', {
      status: 200,
      headers: { 'content-type': 'text/csv', 'content-disposition': "attachment; filename*=UTF-8''Items%20list.csv" },
    });
  });
  const fetchPage = vi.fn(async () => ({ count: 1, total: 1, items: [{ id: '1', name: 'One' }] }));
  render(
    <AppProviders
      config={{ ...TEST_CONFIG, userActivityBase: '/activity-base' }}
      locationHook={location.hook}
      searchHook={location.searchHook}
      storage={storage}
      fetch={fetchImpl as unknown as typeof fetch}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <CommandRegistryProvider>
        <HotkeyEngine />
        <DataTable
          label="Items"
          queryKey={['items']}
          fetchPage={fetchPage}
          columns={COLUMNS}
          getRowId={(row) => row.id}
          exportTable={exportTable}
        />
      </CommandRegistryProvider>
    </AppProviders>,
  );
  return { requests };
}

beforeEach(() => mockTableLayout());
afterEach(() => vi.restoreAllMocks());

describe('data table export prop', () => {
  it('offers no Export without the permission it names', async () => {
    renderTable({ path: '/items/export', fileLabel: 'items', permission: 'mid.export' }, ['mid.read']);
    expect(await screen.findByText('One')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
  });

  it('calls the path on its base with the list order and saves under the header name', async () => {
    const downloads = captureDownloads();
    const { requests } = renderTable(
      { path: '/items/export', base: 'activity', fileLabel: 'items', permission: 'mid.export' },
      ['mid.export'],
    );
    await screen.findByText('One');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    const call = requests.find((url) => url.pathname === '/activity-base/items/export')!;
    expect(call.searchParams.get('order')).toBe('name');
    expect(call.searchParams.has('page')).toBe(false);
    expect(call.searchParams.get('forceEmailExport')).toBe('false');
    expect(downloads[0]!.fileName).toBe('Items list.csv');
  });
});
