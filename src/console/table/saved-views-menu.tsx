import { isApiError } from '@console/api/errors';
import { useRegisterCommands } from '@console/commands/registry';
import { Button } from '@console/ui/button';
import { Checkbox } from '@console/ui/checkbox';
import { useConfirm } from '@console/ui/confirm';
import { ChevronDownIcon } from '@console/ui/icons';
import { Menu, type MenuItem } from '@console/ui/menu';
import { Modal } from '@console/ui/modal';
import { TextField } from '@console/ui/text-field';
import { useToast } from '@console/ui/toast';
import { useReportFailure } from '@console/ui/use-report-failure';
import type { SavedView } from '@domain/contract/saved-views';
import { SAVED_VIEW_LIMITS, SAVED_VIEW_MESSAGES } from '@domain/saved-views';
import { type FormEvent, useId, useState } from 'react';
import { type SavedViewContent, type SavedViewsApi, showsView } from './saved-views';
import type { TableState } from './table-state';

// The table toolbar's 'Views' menu (issue 26): the list's views (shared ones marked), choosing one applies it through
// the address; 'Save view…' keeps the current state under a name; the view applied last can be updated when the
// table no longer shows it, renamed, made the default or deleted (with a confirmation).

export interface SavedViewsMenuProps {
  /** The table's name, for the menu's ('Views of Transactions'). */
  tableLabel: string;
  views: SavedViewsApi;
  state: TableState;
  /** The view applied last on this screen, if it is still listed. */
  current: SavedView | undefined;
  onApply: (view: SavedView) => void;
  /** What a new or updated view stores: the table's state now. */
  content: () => SavedViewContent;
  onSaved: (view: SavedView) => void;
}

const viewLabel = (view: SavedView) =>
  [view.name, view.shared ? '(shared)' : null, view.isDefault ? '(default)' : null].filter(Boolean).join(' ');

export const SAVE_VIEW_COMMAND_ID = 'table.save-view';

type Dialog = { kind: 'save' } | { kind: 'rename'; view: SavedView } | null;

export function SavedViewsMenu({ tableLabel, views, state, current, onApply, content, onSaved }: SavedViewsMenuProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const confirm = useConfirm();
  const toast = useToast();
  const reportFailure = useReportFailure();

  const run = (action: () => Promise<unknown>, done?: string) => {
    action().then(() => (done ? toast.show({ type: 'success', header: done }) : undefined), reportFailure);
  };

  // Keyboard users save without reaching for the toolbar: 'Save view…' is a palette command while the list is shown.
  useRegisterCommands(
    [
      {
        id: SAVE_VIEW_COMMAND_ID,
        title: 'Save view…',
        group: 'Table',
        scope: 'page',
        keywords: ['saved view', 'views', 'save filters', 'share view'],
        run: () => setDialog({ kind: 'save' }),
      },
    ],
    [],
  );

  const currentChanged = current !== undefined && !showsView(state, current);
  const items: MenuItem[] = views.views.map((view) => ({
    id: `view-${view.id}`,
    label: viewLabel(view),
    onSelect: () => onApply(view),
  }));
  items.push({ id: 'save', label: 'Save view…', onSelect: () => setDialog({ kind: 'save' }), separatorBefore: true });
  if (current?.editable && currentChanged) {
    items.push({
      id: 'update',
      label: `Update view '${current.name}'`,
      onSelect: () => run(() => views.update(current, content()).then(onSaved), 'View updated'),
    });
  }
  if (current) {
    if (current.editable) {
      items.push({
        id: 'rename',
        label: `Rename view '${current.name}'…`,
        onSelect: () => setDialog({ kind: 'rename', view: current }),
      });
    }
    items.push(
      current.isDefault
        ? {
            id: 'undefault',
            label: `Stop opening '${current.name}' by default`,
            onSelect: () => run(() => views.setDefault(null)),
          }
        : {
            id: 'default',
            label: `Open '${current.name}' by default`,
            onSelect: () => run(() => views.setDefault(current.id)),
          },
    );
    if (current.editable) {
      items.push({
        id: 'delete',
        label: `Delete view '${current.name}'…`,
        danger: true,
        onSelect: () =>
          void confirm({
            title: `Delete the view '${current.name}'?`,
            content: current.shared ? 'It is shared: nobody in the account will have it any more.' : undefined,
            confirmLabel: 'Delete',
            tone: 'danger',
          }).then((confirmed) => (confirmed ? run(() => views.remove(current), 'View deleted') : undefined)),
      });
    }
  }

  return (
    <>
      <Menu
        label={`Views of ${tableLabel}`}
        items={items}
        trigger={
          <Button size="sm" variant={current ? 'secondary' : 'ghost'} icon={<ChevronDownIcon />}>
            {current ? `View: ${current.name}` : 'Views'}
          </Button>
        }
      />
      {dialog?.kind === 'save' ? (
        <SaveViewModal
          canShare={views.canShare}
          onClose={() => setDialog(null)}
          onSave={async ({ name, shared, isDefault }) => {
            const saved = await views.create({ ...content(), name, shared, isDefault });
            onSaved(saved);
            toast.show({ type: 'success', header: 'View saved' });
          }}
        />
      ) : null}
      {dialog?.kind === 'rename' ? (
        <SaveViewModal
          rename={dialog.view}
          canShare={false}
          onClose={() => setDialog(null)}
          onSave={async ({ name }) => {
            onSaved(await views.update(dialog.view, { name }));
          }}
        />
      ) : null}
    </>
  );
}

export interface SaveViewValues {
  name: string;
  shared: boolean;
  isDefault: boolean;
}

export interface SaveViewModalProps {
  /** Only the name is asked for then. */
  rename?: SavedView;
  /** Shows 'Share with the account' (view.share). */
  canShare: boolean;
  onClose: () => void;
  /** Rejects with the server's answer; a name or field error shows under the name. */
  onSave: (values: SaveViewValues) => Promise<void>;
}

/** 'Save view…' and 'Rename view…': the name, and for a new view whether to share it and open it by default. */
export function SaveViewModal({ rename, canShare, onClose, onSave }: SaveViewModalProps) {
  const formId = useId();
  const [name, setName] = useState(rename?.name ?? '');
  const [shared, setShared] = useState(false);
  const [isDefault, setIsDefault] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const reportFailure = useReportFailure();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(SAVED_VIEW_MESSAGES.nameRequired);
    if (trimmed.length > SAVED_VIEW_LIMITS.name) return setError(SAVED_VIEW_MESSAGES.nameTooLong);
    setSaving(true);
    try {
      await onSave({ name: trimmed, shared, isDefault });
      onClose();
    } catch (failure) {
      const fieldError = isApiError(failure) ? (failure.fields.name ?? failure.fields.filters) : undefined;
      if (fieldError) setError(fieldError);
      else reportFailure(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={rename ? 'Rename view' : 'Save view'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} loading={saving}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextField
          label="Name"
          required
          value={name}
          error={error}
          maxLength={SAVED_VIEW_LIMITS.name + 20}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
          data-autofocus
        />
        {rename ? null : (
          <div className="saved-view-form__options">
            {canShare ? (
              <Checkbox
                label="Share with the account"
                checked={shared}
                onChange={(event) => setShared(event.target.checked)}
              />
            ) : null}
            <Checkbox
              label="Make this my default view"
              checked={isDefault}
              onChange={(event) => setIsDefault(event.target.checked)}
            />
          </div>
        )}
      </form>
    </Modal>
  );
}
