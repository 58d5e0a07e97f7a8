import { useCurrentScope } from '@console/app/current-scope';
import { useRegisterCommands } from '@console/commands/registry';
import type { Command } from '@console/commands/types';
import { useSession } from '@console/session/session-provider';
import { Button } from '@console/ui/button';
import { EmptyState } from '@console/ui/empty-state';
import { Modal } from '@console/ui/modal';
import { PageHeader } from '@console/ui/page-header';
import { LoadingBlock } from '@console/ui/spinner';
import { TEMPLATE_UPLOAD_TEXTS, type TemplateSlotActions, templateSlotActions } from '@domain/chargebacks';
import { TEMPLATE_ACCEPT } from '@domain/contract/dispute-templates';
import type { DisputeTemplateKey } from '@domain/enums';
import { CATALOGUE } from '@domain/errors';
import { formatDateTime, formatFileSize } from '@domain/format';
import type { Grants } from '@domain/permissions';
import { type RefObject, useCallback, useId, useMemo, useRef, useState } from 'react';
import { type TemplateActions, useDisputeTemplates, useTemplateActions } from './dispute-template-actions';
import { emptySlotText, type TemplateSlot, templateSlots } from './template-slots';
import './dispute-configuration.css';

// Dispute configuration (spec 3, section 2.5): the Default template and one per reason key, each with upload,
// replace, download and delete behind their permissions. The slots are a list the keyboard moves through (j/k);
// u, d and Delete act on the active slot, and the same actions are palette commands.

export const DISPUTE_TEMPLATE_COMMAND_IDS = {
  next: 'dispute-template.next',
  previous: 'dispute-template.previous',
  upload: 'dispute-template.upload',
  download: 'dispute-template.download',
  delete: 'dispute-template.delete',
} as const;

export const TEMPLATE_KEYS = {
  next: ['j', 'down'],
  previous: ['k', 'up'],
  upload: ['u'],
  download: ['d'],
  delete: ['delete', 'backspace'],
} as const;

function actionsOf(slot: TemplateSlot, grants: Grants): TemplateSlotActions {
  return templateSlotActions(slot.key, slot.template !== null, grants);
}

function UploadErrorModal({ actions }: { actions: TemplateActions }) {
  const error = actions.uploadError;
  if (!error) return null;
  return (
    <Modal
      open
      onClose={actions.dismissUploadError}
      title={error.header}
      width={440}
      footer={
        <Button variant="primary" onClick={actions.dismissUploadError} data-autofocus="">
          {TEMPLATE_UPLOAD_TEXTS.gotIt}
        </Button>
      }
    >
      <p>{error.content}</p>
    </Modal>
  );
}

function SlotRow({
  slot,
  allowed,
  active,
  actions,
  rowRef,
  onActivate,
  onChooseFile,
}: {
  slot: TemplateSlot;
  allowed: TemplateSlotActions;
  active: boolean;
  actions: TemplateActions;
  rowRef: (node: HTMLLIElement | null) => void;
  onActivate: () => void;
  onChooseFile: () => void;
}) {
  const nameId = useId();
  const busy = actions.busy?.key === slot.key ? actions.busy.action : null;
  const { template } = slot;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the screen's registered commands (j/k, u, d, Delete)
    <li
      ref={rowRef}
      className={active ? 'template-slot template-slot--active' : 'template-slot'}
      aria-labelledby={nameId}
      aria-current={active ? 'true' : undefined}
      tabIndex={-1}
      onFocus={onActivate}
      onClick={onActivate}
    >
      <div className="template-slot__info">
        <span id={nameId} className="template-slot__name">
          {slot.label}
        </span>
        {template ? (
          <span className="template-slot__file">
            <span className="template-slot__file-name">{template.fileName}</span>
            <span className="text-muted">{formatFileSize(template.size)}</span>
            <span className="text-muted">Uploaded {formatDateTime(template.uploadedAt)}</span>
          </span>
        ) : (
          <span className="template-slot__empty text-muted">{emptySlotText(slot)}</span>
        )}
      </div>
      <div className="template-slot__actions">
        {allowed.upload ? (
          <Button size="sm" variant="primary" loading={busy === 'upload'} onClick={onChooseFile}>
            Upload
          </Button>
        ) : null}
        {allowed.replace ? (
          <Button size="sm" loading={busy === 'upload'} onClick={onChooseFile}>
            Replace
          </Button>
        ) : null}
        {allowed.download && template ? (
          <Button size="sm" loading={busy === 'download'} onClick={() => void actions.download(template)}>
            Download
          </Button>
        ) : null}
        {allowed.delete && template ? (
          <Button size="sm" variant="danger" loading={busy === 'delete'} onClick={() => void actions.remove(template)}>
            Delete
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function useSlotCommands({
  slots,
  active,
  move,
  chooseFile,
  actions,
  grants,
}: {
  slots: TemplateSlot[];
  active: number;
  move: (index: number) => void;
  chooseFile: (key: DisputeTemplateKey) => void;
  actions: TemplateActions;
  grants: Grants;
}) {
  const slot = slots[active];
  const allowed = slot ? actionsOf(slot, grants) : null;
  const commands: Command[] = [];
  if (slots.length > 0) {
    commands.push(
      {
        id: DISPUTE_TEMPLATE_COMMAND_IDS.next,
        title: 'Next template',
        group: 'Actions',
        keys: TEMPLATE_KEYS.next,
        scope: 'page',
        hiddenInPalette: true,
        run: () => move(Math.min(active + 1, slots.length - 1)),
      },
      {
        id: DISPUTE_TEMPLATE_COMMAND_IDS.previous,
        title: 'Previous template',
        group: 'Actions',
        keys: TEMPLATE_KEYS.previous,
        scope: 'page',
        hiddenInPalette: true,
        run: () => move(Math.max(active - 1, 0)),
      },
    );
  }
  if (slot && allowed && (allowed.upload || allowed.replace)) {
    commands.push({
      id: DISPUTE_TEMPLATE_COMMAND_IDS.upload,
      title: `${allowed.replace ? 'Replace' : 'Upload'} template: ${slot.label}`,
      group: 'Actions',
      keys: TEMPLATE_KEYS.upload,
      scope: 'page',
      keywords: ['dispute', 'template', 'word', 'docx', 'upload', 'replace'],
      run: () => chooseFile(slot.key),
    });
  }
  const template = slot?.template;
  if (template && allowed?.download) {
    commands.push({
      id: DISPUTE_TEMPLATE_COMMAND_IDS.download,
      title: `Download template: ${slot.label}`,
      group: 'Actions',
      keys: TEMPLATE_KEYS.download,
      scope: 'page',
      keywords: ['dispute', 'template', 'docx'],
      run: () => actions.download(template),
    });
  }
  if (template && allowed?.delete) {
    commands.push({
      id: DISPUTE_TEMPLATE_COMMAND_IDS.delete,
      title: `Delete template: ${slot.label}`,
      group: 'Actions',
      keys: TEMPLATE_KEYS.delete,
      scope: 'page',
      keywords: ['dispute', 'template', 'remove'],
      run: () => actions.remove(template),
    });
  }
  useRegisterCommands(commands, [slots, active, move, chooseFile, actions, grants]);
}

function SlotList({
  slots,
  actions,
  grants,
  fileInput,
}: {
  slots: TemplateSlot[];
  actions: TemplateActions;
  grants: Grants;
  fileInput: RefObject<HTMLInputElement | null>;
}) {
  const [active, setActive] = useState(0);
  const rows = useRef<Array<HTMLLIElement | null>>([]);
  const uploadTarget = useRef<DisputeTemplateKey | null>(null);

  const move = useCallback((index: number) => {
    setActive(index);
    rows.current[index]?.focus();
  }, []);
  const chooseFile = useCallback(
    (key: DisputeTemplateKey) => {
      uploadTarget.current = key;
      fileInput.current?.click();
    },
    [fileInput],
  );
  useSlotCommands({ slots, active, move, chooseFile, actions, grants });

  return (
    <>
      <input
        ref={fileInput}
        type="file"
        accept={TEMPLATE_ACCEPT}
        aria-label="Template file"
        className="visually-hidden"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so the same file can be chosen again after a refusal.
          event.target.value = '';
          const key = uploadTarget.current;
          if (file && key) void actions.upload(key, file);
        }}
      />
      <ul className="template-slots" aria-label="Dispute templates">
        {slots.map((slot, index) => (
          <SlotRow
            key={slot.key}
            slot={slot}
            allowed={actionsOf(slot, grants)}
            active={index === active}
            actions={actions}
            rowRef={(node) => {
              rows.current[index] = node;
            }}
            onActivate={() => setActive(index)}
            onChooseFile={() => chooseFile(slot.key)}
          />
        ))}
      </ul>
    </>
  );
}

function DisputeConfigurationView({ accountId }: { accountId: string }) {
  const { grants } = useSession();
  const query = useDisputeTemplates(accountId);
  const actions = useTemplateActions(accountId);
  const fileInput = useRef<HTMLInputElement>(null);
  const items = query.data?.items;
  const slots = useMemo(() => (items ? templateSlots(items) : null), [items]);

  return (
    <div className="screen dispute-configuration">
      <PageHeader
        title="Dispute configuration"
        subtitle="One Word template (.docx or .docm) per reason. A reason without its own template uses Others, then Default."
      />
      {slots ? (
        <SlotList slots={slots} actions={actions} grants={grants} fileInput={fileInput} />
      ) : query.isError ? (
        <EmptyState
          role="alert"
          title={CATALOGUE['not-loaded'].header}
          description={CATALOGUE['not-loaded'].content}
          action={
            <Button size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <LoadingBlock label="Loading templates…" />
      )}
      <UploadErrorModal actions={actions} />
    </div>
  );
}

/** /accounts/{accountId}/dispute-configuration. */
export function DisputeConfigurationScreen() {
  const { accountId } = useCurrentScope();
  if (!accountId) return null;
  return <DisputeConfigurationView key={accountId} accountId={accountId} />;
}
