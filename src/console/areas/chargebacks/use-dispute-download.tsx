import type { ApiClient } from '@console/api/client';
import { saveLinkedFile } from '@console/export/save-file';
import { useApi } from '@console/session/session-provider';
import { Button } from '@console/ui/button';
import { ErrorIcon, WarningIcon } from '@console/ui/icons';
import { Modal } from '@console/ui/modal';
import { Select } from '@console/ui/select';
import { Spinner } from '@console/ui/spinner';
import { DISPUTE_DOWNLOAD_TEXTS, templateKeyForReason } from '@domain/chargebacks';
import { type ChargebackDocumentResponse, chargebackDocumentResponse } from '@domain/contract/chargebacks';
import { OTHERS_TEMPLATE_KEY, wordMimeType } from '@domain/contract/dispute-templates';
import {
  type ChargebackReason,
  DISPUTE_TEMPLATE_KEY_LABELS,
  DISPUTE_TEMPLATE_KEYS,
  type DisputeTemplateKey,
} from '@domain/enums';
import {
  type DisputeDownloadRequest,
  type DisputeDownloadSnapshot,
  disputeDownloadMachine,
  disputeDownloadModalOf,
  isDisputeDownloading,
} from '@machines/dispute-download.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { chargebacksQueryKey } from './chargeback-queries';
import './dispute-download.css';

// The dispute document download of spec 3, section 2.4, for the detail's Download button and the queue's `d` key and
// row menu: a modal to pick the template by reason, then machines/dispute-download.machine.ts with the real calls
// ('Preparing your download...', the failure modal with 'Try again', the format error and the no-templates modals).

/** POST /account/{accountId}/chargeback/{chargebackId}/document with { reason }. */
export function generateDisputeDocument(
  api: ApiClient,
  request: DisputeDownloadRequest,
  signal?: AbortSignal,
): Promise<ChargebackDocumentResponse> {
  return api.post(`/account/${request.accountId}/chargeback/${request.chargebackId}/document`, {
    body: { reason: request.reason },
    schema: chargebackDocumentResponse,
    signal,
    // 404 'no-templates-assigned' and 422 'template-format-error' are the modals' answers, not a jump away; a server
    // error is the failure modal, so no second, global message repeats it.
    notFoundIsAnswer: true,
    serverErrorIsAnswer: true,
  });
}

/**
 * Fetches the document's link (a path under the API base, served only to this session) through the API client and
 * saves it under the server's file name.
 */
export function saveDisputeDocument(
  api: ApiClient,
  document: ChargebackDocumentResponse,
  signal?: AbortSignal,
): Promise<void> {
  return saveLinkedFile(
    api,
    document.chargebackDocumentUrl,
    { fileName: document.fileName, fallbackType: wordMimeType(document.fileName) },
    { signal, notFoundIsAnswer: true, serverErrorIsAnswer: true },
  );
}

export type DisputeDownloadActor = ActorRefFrom<typeof disputeDownloadMachine>;

/** The template a case's download starts with: its reason's slot; Others when the caller does not know the reason. */
export function defaultTemplateKey(reason: ChargebackReason | undefined): DisputeTemplateKey {
  return reason ? templateKeyForReason(reason) : OTHERS_TEMPLATE_KEY;
}

const TEMPLATE_OPTIONS = DISPUTE_TEMPLATE_KEYS.map((key) => ({ value: key, label: DISPUTE_TEMPLATE_KEY_LABELS[key] }));

interface Picking {
  chargebackId: string;
  template: DisputeTemplateKey;
}

function TemplatePickerModal({
  picking,
  onChange,
  onCancel,
  onDownload,
}: {
  picking: Picking;
  onChange: (template: DisputeTemplateKey) => void;
  onCancel: () => void;
  onDownload: () => void;
}) {
  const formId = useId();
  return (
    <Modal
      open
      onClose={onCancel}
      title="Download dispute document"
      width={440}
      footer={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" form={formId} variant="primary">
            Download
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="dispute-download__form"
        onSubmit={(event) => {
          event.preventDefault();
          onDownload();
        }}
      >
        <Select
          label="Template"
          options={TEMPLATE_OPTIONS}
          value={picking.template}
          onChange={(event) => onChange(event.target.value as DisputeTemplateKey)}
          // A select does not submit its form on Enter; here Enter is the keyboard path to the download.
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
            event.preventDefault();
            onDownload();
          }}
          hint="The document is built from this reason's template; without one, from Others, then Default."
        />
      </form>
    </Modal>
  );
}

/** The machine's modal, if any; each kind mounts its own dialog so focus lands on its own button. */
function DownloadStateModal({ actor }: { actor: DisputeDownloadActor }) {
  const modal = useSelector(actor, (snapshot: DisputeDownloadSnapshot) => disputeDownloadModalOf(snapshot));
  if (!modal) return null;
  const close = () => actor.send({ type: 'CLOSE' });
  const gotIt = () => actor.send({ type: 'GOT_IT' });
  switch (modal) {
    case 'preparing':
      // Nothing can stop the server once asked, and the wait is bounded: the modal cannot be closed meanwhile.
      return (
        <Modal key={modal} open title={DISPUTE_DOWNLOAD_TEXTS.preparing} width={440} closeOnOutsideClick={false}>
          <div className="dispute-download__preparing" role="status">
            <Spinner label="" size={16} />
            <span>{DISPUTE_DOWNLOAD_TEXTS.preparingHint}</span>
          </div>
        </Modal>
      );
    case 'failed':
      return (
        <Modal
          key={modal}
          open
          onClose={close}
          title={
            <span className="dispute-download__title dispute-download__title--error">
              <ErrorIcon />
              {DISPUTE_DOWNLOAD_TEXTS.failedHeader}
            </span>
          }
          width={440}
          closeOnOutsideClick={false}
          footer={
            <>
              <Button onClick={close}>Cancel</Button>
              <Button variant="primary" onClick={() => actor.send({ type: 'TRY_AGAIN' })} data-autofocus="">
                {DISPUTE_DOWNLOAD_TEXTS.tryAgain}
              </Button>
            </>
          }
        >
          <p>{DISPUTE_DOWNLOAD_TEXTS.failed}</p>
        </Modal>
      );
    case 'formatError':
    case 'noTemplates':
      return (
        <Modal
          key={modal}
          open
          onClose={gotIt}
          title={
            <span className="dispute-download__title dispute-download__title--warning">
              <WarningIcon />
              {modal === 'formatError' ? DISPUTE_DOWNLOAD_TEXTS.formatError : DISPUTE_DOWNLOAD_TEXTS.noTemplatesHeader}
            </span>
          }
          width={440}
          closeOnOutsideClick={false}
          footer={
            <Button variant="primary" onClick={gotIt} data-autofocus="">
              {DISPUTE_DOWNLOAD_TEXTS.gotIt}
            </Button>
          }
        >
          {modal === 'noTemplates' ? <p>{DISPUTE_DOWNLOAD_TEXTS.noTemplates}</p> : null}
        </Modal>
      );
  }
}

export interface DisputeDownloadOptions {
  /** Told when a document was saved (the queue moves on to the next case). */
  onDownloaded?: (event: { chargebackId: string; fileName: string }) => void;
}

export interface DisputeDownload {
  /** Opens the template picker for a case, preset to its reason's template; ignored while a download runs. */
  start(chargebackId: string, reason?: ChargebackReason): void;
  /** The picker and the download's modals; render it once where the hook is used. */
  element: ReactNode;
  /** A document is being prepared (the Download button and `d` wait meanwhile). */
  downloading: boolean;
}

export function useDisputeDownload(accountId: string, options: DisputeDownloadOptions = {}): DisputeDownload {
  const api = useApi();
  const queryClient = useQueryClient();
  const [logic] = useState(() =>
    disputeDownloadMachine.provide({
      actors: {
        generateDocument: fromPromise<ChargebackDocumentResponse, DisputeDownloadRequest>(({ input, signal }) =>
          generateDisputeDocument(api, input, signal),
        ),
        saveDocument: fromPromise<void, ChargebackDocumentResponse>(({ input, signal }) =>
          saveDisputeDocument(api, input, signal),
        ),
      },
    }),
  );
  const actor = useActorRef(logic);
  const downloading = useSelector(actor, isDisputeDownloading);
  const [picking, setPicking] = useState<Picking | null>(null);
  const onDownloadedRef = useRef(options.onDownloaded);
  onDownloadedRef.current = options.onDownloaded;

  // The picker and the modals hand focus on to each other, and the button that started it all is disabled while
  // the document is prepared; when the last one closes, focus goes back to where the download was started.
  const returnFocus = useRef<HTMLElement | null>(null);
  const open = useSelector(actor, (snapshot: DisputeDownloadSnapshot) => disputeDownloadModalOf(snapshot) !== null);
  const flowOpen = open || picking !== null;
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !flowOpen) {
      const target = returnFocus.current;
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && target?.isConnected) target.focus();
    }
    wasOpen.current = flowOpen;
  }, [flowOpen]);

  useEffect(() => {
    const subscription = actor.on('downloaded', (event) => {
      // The case now records the template it used and its document's link.
      void queryClient.invalidateQueries({
        queryKey: [...chargebacksQueryKey(accountId), 'detail', event.chargebackId],
      });
      onDownloadedRef.current?.({ chargebackId: event.chargebackId, fileName: event.fileName });
    });
    return () => subscription.unsubscribe();
  }, [actor, queryClient, accountId]);

  const start = useCallback(
    (chargebackId: string, reason?: ChargebackReason) => {
      if (isDisputeDownloading(actor.getSnapshot())) return;
      if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
        returnFocus.current = document.activeElement;
      }
      // A finished download's modal gives way to the new one.
      actor.send({ type: 'CLOSE' });
      setPicking({ chargebackId, template: defaultTemplateKey(reason) });
    },
    [actor],
  );

  const download = () => {
    if (!picking) return;
    setPicking(null);
    actor.send({
      type: 'DOWNLOAD',
      request: { accountId, chargebackId: picking.chargebackId, reason: picking.template },
    });
  };

  const element = (
    <>
      {picking ? (
        <TemplatePickerModal
          picking={picking}
          onChange={(template) => setPicking({ ...picking, template })}
          onCancel={() => setPicking(null)}
          onDownload={download}
        />
      ) : null}
      <DownloadStateModal actor={actor} />
    </>
  );

  return { start, element, downloading };
}
