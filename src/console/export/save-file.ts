import type { ApiClient, RawCallOptions } from '@console/api/client';
import type { ExportFile } from '@machines/export.machine';

// The one way the console hands a file to the browser: a Blob behind an object URL, clicked through a temporary
// <a download>. Every export and download uses it, so they all name and type files the same way.

/** How long the object URL outlives the click; revoking at once can cancel the download in some browsers. */
const REVOKE_AFTER_MS = 30_000;

export function saveFile({ fileName, mimeType, data }: ExportFile): void {
  // A Uint8Array view is copied into a plain ArrayBuffer so the Blob never holds a view of a larger buffer.
  const part = typeof data === 'string' ? data : data.slice().buffer;
  const blob = new Blob([part], { type: mimeType });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}

/**
 * Fetches a file the server links to (a path under the API base, served only to this session) through the API client
 * and saves it as `fileName`. The server's content type wins unless it is missing or generic.
 */
export async function saveLinkedFile(
  api: ApiClient,
  path: string,
  file: { fileName: string; fallbackType: string },
  options: Omit<RawCallOptions, 'responseType'> = {},
): Promise<void> {
  const response = await api.request(path, { ...options, responseType: 'blob' });
  const served = response.headers.get('content-type');
  saveFile({
    fileName: file.fileName,
    mimeType: served && !served.startsWith('application/octet-stream') ? served : file.fallbackType,
    data: new Uint8Array(await (await response.blob()).arrayBuffer()),
  });
}
