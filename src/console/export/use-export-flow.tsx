import { useApi } from '@console/session/session-provider';
import { Button } from '@console/ui/button';
import { Modal } from '@console/ui/modal';
import { useToast } from '@console/ui/toast';
import { CATALOGUE } from '@domain/errors';
import { browserTimeZone } from '@domain/format';
import {
  type ExportAnswer,
  type ExportCallInput,
  type ExportFile,
  type ExportRequest,
  exportMachine,
  isAskingToEmail,
  isExporting,
} from '@machines/export.machine';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { requestExport } from './request-export';
import { saveFile } from './save-file';

// The console side of the one export flow: the machine with the real call and download, the 406 question as a modal,
// and the outcomes as the shell's messages. The data table uses it for its Export button and command.

export type ExportTarget = Omit<ExportRequest, 'query' | 'timeZone'>;

export interface ExportFlow {
  /** The table's exporting flag (spec 1, section 4): the button shows busy and a second press does nothing. */
  exporting: boolean;
  /** Exports with this list query (filters, search, order) in the browser's time zone. */
  start: (target: ExportTarget, query: ExportRequest['query']) => void;
  /** The 406 question; render it once beside the table. */
  dialog: ReactNode;
}

export function useExportFlow(): ExportFlow {
  const api = useApi();
  const { showMessage } = useToast();
  const [logic] = useState(() =>
    exportMachine.provide({
      actors: {
        requestExport: fromPromise<ExportAnswer, ExportCallInput>(({ input }) => requestExport(api, input)),
        saveFile: fromPromise<void, ExportFile>(async ({ input }) => saveFile(input)),
      },
    }),
  );
  const actor = useActorRef(logic);
  const exporting = useSelector(actor, isExporting);
  const asking = useSelector(actor, isAskingToEmail);

  // Outcomes are told once, on entering the state that holds them.
  useEffect(() => {
    let previous = actor.getSnapshot().value;
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.value === previous) return;
      previous = snapshot.value;
      if (snapshot.matches('emailed')) showMessage('export-email-requested');
      else if (snapshot.matches('failed')) showMessage(snapshot.context.errorKey ?? 'export-error');
    });
    return () => subscription.unsubscribe();
  }, [actor, showMessage]);

  const start = useCallback<ExportFlow['start']>(
    (target, query) => actor.send({ type: 'EXPORT', request: { ...target, query, timeZone: browserTimeZone() } }),
    [actor],
  );
  const cancel = useCallback(() => actor.send({ type: 'CANCEL' }), [actor]);
  const sendByEmail = useCallback(() => actor.send({ type: 'SEND_BY_EMAIL' }), [actor]);

  const dialog = useMemo(
    () => <ExportTooBigModal open={asking} onSend={sendByEmail} onCancel={cancel} />,
    [asking, sendByEmail, cancel],
  );
  return { exporting, start, dialog };
}

const TOO_BIG = CATALOGUE['export-too-big'];

/** Spec 1, section 4: 406 means too big; the file can be e-mailed instead (10k to 100k records, 10-15 minutes). */
export function ExportTooBigModal({
  open,
  onSend,
  onCancel,
}: {
  open: boolean;
  onSend: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={TOO_BIG.header}
      width={460}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="primary" onClick={onSend} data-autofocus>
            Send file
          </Button>
        </>
      }
    >
      <p>{TOO_BIG.content}</p>
    </Modal>
  );
}
