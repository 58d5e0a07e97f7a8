import type { ApiClient } from '@console/api/client';
import { isApiError } from '@console/api/errors';
import { saveLinkedFile } from '@console/export/save-file';
import { useApi } from '@console/session/session-provider';
import { useConfirm } from '@console/ui/confirm';
import { useToast } from '@console/ui/toast';
import {
  TEMPLATE_DELETE_CONFIRM,
  type TemplateUploadError,
  templateUploadErrorOfKey,
  validateTemplateUpload,
} from '@domain/chargebacks';
import {
  type DisputeTemplate,
  disputeTemplateFileResponse,
  disputeTemplateList,
  disputeTemplateUploadResponse,
  wordMimeType,
} from '@domain/contract/dispute-templates';
import type { DisputeTemplateKey } from '@domain/enums';
import { type ErrorKey, effectOfStatus } from '@domain/errors';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';

// The template calls of spec 3, section 7 through the one API client: the list, the multipart upload (checked in the
// console first with the spec's rules), the file's download through the link the server answers, and the delete.

export const disputeTemplatesQueryKey = (accountId: string) => ['dispute-templates', accountId] as const;

const templatesPath = (accountId: string) => `/account/${accountId}/chargeback-template`;
const filePath = (accountId: string, template: DisputeTemplate) =>
  `${templatesPath(accountId)}/${template.reason}/file/${encodeURIComponent(template.fileName)}`;

/** GET /account/{accountId}/chargeback-template: the uploaded templates (empty slots are absent). */
export function useDisputeTemplates(accountId: string) {
  const api = useApi();
  return useQuery({
    queryKey: disputeTemplatesQueryKey(accountId),
    queryFn: ({ signal }) => api.get(templatesPath(accountId), { schema: disputeTemplateList, signal }),
  });
}

/** PUT /account/{accountId}/chargeback-template/{templateKey} with the file as multipart field `file`. */
export function uploadTemplate(api: ApiClient, accountId: string, key: DisputeTemplateKey, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.put(`${templatesPath(accountId)}/${key}`, { body: form, schema: disputeTemplateUploadResponse });
}

/** GET .../file/{fileName} answers a link under the API base that serves the file to this session; saves it. */
export async function downloadTemplate(api: ApiClient, accountId: string, template: DisputeTemplate) {
  const { url } = await api.get(filePath(accountId, template), {
    schema: disputeTemplateFileResponse,
    notFoundIsAnswer: true,
  });
  await saveLinkedFile(
    api,
    url,
    { fileName: template.fileName, fallbackType: wordMimeType(template.fileName) },
    { notFoundIsAnswer: true },
  );
}

export type TemplateBusy = { key: DisputeTemplateKey; action: 'upload' | 'download' | 'delete' } | null;

export interface TemplateActions {
  /** Checks the file, then uploads it into the slot; a refusal (console or server) opens the upload error modal. */
  upload: (key: DisputeTemplateKey, file: File) => Promise<void>;
  download: (template: DisputeTemplate) => Promise<void>;
  /** Asks 'Delete this template?' first. */
  remove: (template: DisputeTemplate) => Promise<void>;
  busy: TemplateBusy;
  /** The upload refusal on screen, with its 'Got It'. */
  uploadError: TemplateUploadError | null;
  dismissUploadError: () => void;
}

export function useTemplateActions(accountId: string): TemplateActions {
  const api = useApi();
  const confirm = useConfirm();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<TemplateBusy>(null);
  const [uploadError, setUploadError] = useState<TemplateUploadError | null>(null);

  const report = useCallback(
    (error: unknown, fallback: ErrorKey, notFoundIsAnswer = false) => {
      if (!isApiError(error)) {
        toast.showMessage(fallback);
        return;
      }
      // Session ends, the not-found screen and server errors have their global effect already; a file that is gone
      // (another user deleted it) is answered here.
      const effect = effectOfStatus(error.status);
      if (effect === 'resource-not-found' && notFoundIsAnswer) {
        toast.showMessage(fallback);
        return;
      }
      if (effect !== 'show-message') return;
      toast.showMessage(error.key === 'unexpected-error' ? fallback : error.key);
    },
    [toast],
  );

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: disputeTemplatesQueryKey(accountId) }),
    [queryClient, accountId],
  );

  const upload = useCallback(
    async (key: DisputeTemplateKey, file: File) => {
      const refused = validateTemplateUpload(file);
      if (refused) {
        setUploadError(refused);
        return;
      }
      setBusy({ key, action: 'upload' });
      try {
        await uploadTemplate(api, accountId, key, file);
        toast.showMessage('successfully-uploaded');
      } catch (error) {
        const modal = isApiError(error) ? templateUploadErrorOfKey(error.key, error.serverMessage) : null;
        if (modal) setUploadError(modal);
        else report(error, 'not-saved');
      } finally {
        setBusy(null);
      }
      await refresh();
    },
    [api, accountId, toast, report, refresh],
  );

  const download = useCallback(
    async (template: DisputeTemplate) => {
      setBusy({ key: template.reason, action: 'download' });
      try {
        await downloadTemplate(api, accountId, template);
      } catch (error) {
        report(error, 'download-error', true);
      } finally {
        setBusy(null);
      }
    },
    [api, accountId, report],
  );

  const remove = useCallback(
    async (template: DisputeTemplate) => {
      const confirmed = await confirm({ title: TEMPLATE_DELETE_CONFIRM, confirmLabel: 'Delete', tone: 'danger' });
      if (!confirmed) return;
      setBusy({ key: template.reason, action: 'delete' });
      try {
        await api.delete(filePath(accountId, template), { notFoundIsAnswer: true });
        toast.showMessage('successfully-deleted');
      } catch (error) {
        report(error, 'delete-error', true);
      } finally {
        setBusy(null);
      }
      await refresh();
    },
    [api, accountId, confirm, toast, report, refresh],
  );

  const dismissUploadError = useCallback(() => setUploadError(null), []);

  return useMemo(
    () => ({ upload, download, remove, busy, uploadError, dismissUploadError }),
    [upload, download, remove, busy, uploadError, dismissUploadError],
  );
}
