import type { ApiClient } from '@console/api/client';
import { isApiError } from '@console/api/errors';
import { BASE64_HEADER } from '@domain/contract/exports';
import type { ExportAnswer, ExportCallInput } from '@machines/export.machine';

// The export call of every list (spec 1, sections 4 and 7): the list's filters plus timeZone and forceEmailExport.

/** What a 200 export or download answer carries, read the same way for table exports and e-mailed links. */
export async function fileAnswerOf(response: Response): Promise<Extract<ExportAnswer, { kind: 'file' }>> {
  // Decoded with ignoreBOM: response.text() would drop the byte-order mark the server writes so that spreadsheets
  // read the CSV as UTF-8, and the saved file would show accented names garbled in Excel.
  const body = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
  return {
    kind: 'file',
    body,
    encoding: response.headers.get(BASE64_HEADER)?.toLowerCase() === 'base64' ? 'base64' : 'text',
    contentType: response.headers.get('content-type'),
    contentDisposition: response.headers.get('content-disposition'),
  };
}

export async function requestExport(
  api: ApiClient,
  { request, forceEmailExport }: ExportCallInput,
): Promise<ExportAnswer> {
  try {
    const response = await api.request(request.path, {
      base: request.base,
      responseType: 'text',
      query: { ...request.query, timeZone: request.timeZone, forceEmailExport },
      // A refused export reads 'Export failed' where the user is; it never navigates away from the table.
      notFoundIsAnswer: true,
    });
    if (response.status === 204) return { kind: 'emailed' };
    return await fileAnswerOf(response);
  } catch (error) {
    if (isApiError(error) && error.status === 406) return { kind: 'tooBig' };
    throw error;
  }
}
