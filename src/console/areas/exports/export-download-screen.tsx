import { isApiError } from '@console/api/errors';
import { fileAnswerOf } from '@console/export/request-export';
import { saveFile } from '@console/export/save-file';
import { useApi } from '@console/session/session-provider';
import { Button } from '@console/ui/button';
import { EmptyState } from '@console/ui/empty-state';
import { PageHeader } from '@console/ui/page-header';
import { LoadingBlock, Spinner } from '@console/ui/spinner';
import { useToast } from '@console/ui/toast';
import { type ExportStatus, exportStatus } from '@domain/contract/exports';
import { CATALOGUE } from '@domain/errors';
import { formatDateTime, formatInteger } from '@domain/format';
import { fileFromAnswer } from '@machines/export.machine';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'wouter';

// The page an export e-mail links to (spec 1, section 4: 204 means the file is e-mailed). The file is only given to
// the user who asked for it, with their session, while the link lasts; the page starts the download once by itself.

/** How often a file still being built is asked about again. */
export const EXPORT_STATUS_POLL_MS = 5_000;

export const exportStatusQueryKey = (exportId: string) => ['export-status', exportId] as const;

type Outcome = 'none' | 'expired' | 'not-found';

function outcomeOfError(error: unknown): Outcome | null {
  if (!isApiError(error)) return null;
  if (error.key === 'link-expired') return 'expired';
  if (error.status === 403 || error.status === 404) return 'not-found';
  return null;
}

function isBuilding(status: ExportStatus | undefined): boolean {
  return status?.status === 'queued' || status?.status === 'running';
}

export function ExportDownloadScreen() {
  const { exportId = '' } = useParams<{ exportId: string }>();
  const api = useApi();
  const { showMessage } = useToast();
  const [downloading, setDownloading] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>('none');
  const autoStarted = useRef(false);

  const status = useQuery({
    queryKey: exportStatusQueryKey(exportId),
    queryFn: ({ signal }) =>
      api.get(`/export/${exportId}/status`, { schema: exportStatus, signal, notFoundIsAnswer: true }),
    retry: false,
    refetchInterval: (query) => (isBuilding(query.state.data) ? EXPORT_STATUS_POLL_MS : false),
  });

  const download = useCallback(async () => {
    setDownloading(true);
    try {
      const response = await api.request(`/export/${exportId}`, { responseType: 'text', notFoundIsAnswer: true });
      const file = fileFromAnswer(await fileAnswerOf(response), status.data?.fileName ?? 'export');
      if (!file) throw new Error('The export file could not be read');
      saveFile(file);
    } catch (error) {
      const known = outcomeOfError(error);
      if (known) setOutcome(known);
      else showMessage('download-error');
    } finally {
      setDownloading(false);
    }
  }, [api, exportId, status.data?.fileName, showMessage]);

  // Opening the link is the request for the file: download once as soon as it is ready, never again by itself.
  useEffect(() => {
    if (autoStarted.current || status.data?.status !== 'ready') return;
    autoStarted.current = true;
    void download();
  }, [status.data?.status, download]);

  const statusOutcome = outcomeOfError(status.error);
  const shown: Outcome = outcome !== 'none' ? outcome : (statusOutcome ?? 'none');

  let body: ReactNode;
  if (shown === 'expired' || status.data?.status === 'expired') {
    body = (
      <EmptyState
        role="alert"
        title={CATALOGUE['link-expired'].header}
        description={CATALOGUE['link-expired'].content}
      />
    );
  } else if (shown === 'not-found') {
    body = (
      <EmptyState
        role="alert"
        title={CATALOGUE['page-not-found'].header}
        description="This export does not exist or was requested by another user."
      />
    );
  } else if (status.isPending) {
    body = <LoadingBlock label="Loading export…" />;
  } else if (status.isError) {
    body = (
      <EmptyState
        role="alert"
        title={CATALOGUE['unexpected-error'].header}
        description={CATALOGUE['unexpected-error'].content}
      />
    );
  } else if (status.data.status === 'failed') {
    body = (
      <EmptyState
        role="alert"
        title={CATALOGUE['export-error'].header}
        description="The file could not be built. Export the list again."
      />
    );
  } else if (isBuilding(status.data)) {
    body = (
      <div className="export-download__state" role="status">
        <Spinner label="" /> Your file is being prepared. The download starts as soon as it is ready.
      </div>
    );
  } else {
    body = (
      <div className="export-download__state">
        <p role="status">
          Your file is ready{status.data.rowCount !== null ? ` (${formatInteger(status.data.rowCount)} records)` : ''}.
          The download starts by itself; if it did not, use the button.
        </p>
        {status.data.expiresAt ? <p>The link expires on {formatDateTime(status.data.expiresAt)}.</p> : null}
        <Button variant="primary" loading={downloading} onClick={() => void download()}>
          Download
        </Button>
      </div>
    );
  }

  return (
    <div className="screen">
      <PageHeader title="Export" subtitle={status.data?.fileName} />
      {body}
    </div>
  );
}
