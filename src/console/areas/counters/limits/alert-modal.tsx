import { afterPointerRelease } from '@console/forms/use-form-fields';
import { Banner } from '@console/ui/banner';
import { Button } from '@console/ui/button';
import { Modal } from '@console/ui/modal';
import { useToast } from '@console/ui/toast';
import { LIMIT_MESSAGES } from '@domain/limits';
import { type FormEvent, useId, useState } from 'react';
import { alertPercent, type LimitTreeNode, parseAlertPercent } from './limits-draft';
import type { LimitsPermissions } from './limits-tree';

// The 'Alert configuration' modal (spec 3, sections 2.7, 4 and 5): 'Send alert when sales reach [n] % of the limit'.
// Editors get the percentage field, the banner that their change applies to every user, and Delete (when an alert is
// set and they may delete it), Cancel and Save; read-only users see the alert that is set, with only a close icon.
// On a limit not saved yet the alert is the box's draft: Save and Delete change the draft, saved with the limit.

export const ALERT_MODAL_TITLE = 'Alert configuration';

export type AlertAction = 'save' | 'delete';

export interface AlertModalProps {
  node: LimitTreeNode;
  /** The draft alert's percent of a limit not saved yet (null for none); undefined for a saved limit's alert. */
  current?: number | null | undefined;
  permissions: LimitsPermissions;
  /** The call running for this limit, if any: its button shows the loading state. */
  pending: AlertAction | undefined;
  onClose: () => void;
  /** The whole percent to save (sent as a fraction). */
  onSave: (percent: number) => void;
  onDelete: () => void;
}

const sentenceStart = 'Send alert when sales reach';
const sentenceEnd = '% of the limit';

export const SAVED_WITH_THE_LIMIT =
  'This limit is not saved yet: the alert is saved with it, when you save the limits.';

export function AlertModal({ node, current, permissions, pending, onClose, onSave, onDelete }: AlertModalProps) {
  const toast = useToast();
  const formId = useId();
  const errorId = useId();
  const draft = current !== undefined;
  const saved = draft ? current : alertPercent(node.alert);
  const [text, setText] = useState(saved === null ? '' : String(saved));
  const [error, setError] = useState<string | undefined>();
  // Messages show once the user left the field or tried to save, then follow every change.
  const [checking, setChecking] = useState(false);
  const subject = node.phrase.charAt(0).toUpperCase() + node.phrase.slice(1);
  // A draft alert deletes nothing saved: whoever may set it may take it back.
  const mayDelete = saved !== null && (draft ? permissions.editAlerts : permissions.deleteAlerts);
  const errorOf = (value: string) => {
    const parsed = parseAlertPercent(value);
    return 'error' in parsed ? parsed.error : undefined;
  };

  if (!permissions.editAlerts) {
    return (
      <Modal
        open
        onClose={onClose}
        title={ALERT_MODAL_TITLE}
        width={440}
        footer={
          mayDelete ? (
            <>
              <Button variant="danger" onClick={onDelete} loading={pending === 'delete'}>
                Delete
              </Button>
              <Button onClick={onClose}>Cancel</Button>
            </>
          ) : undefined
        }
      >
        <p className="alert-modal__subject">{subject}</p>
        <p className="alert-modal__sentence">
          {sentenceStart} <strong>{saved ?? '–'}</strong> {sentenceEnd}
        </p>
      </Modal>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const parsed = parseAlertPercent(text);
    if ('error' in parsed) {
      setChecking(true);
      setError(parsed.error);
      return;
    }
    // As every editor: an unchanged value sends nothing and says so.
    if (parsed.percent === saved) {
      toast.showMessage('without-changes');
      return;
    }
    onSave(parsed.percent);
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={ALERT_MODAL_TITLE}
      width={460}
      className="alert-modal"
      footer={
        <>
          {mayDelete ? (
            <Button
              variant="danger"
              className="alert-modal__delete"
              onClick={onDelete}
              loading={pending === 'delete'}
              disabled={pending === 'save'}
            >
              Delete
            </Button>
          ) : null}
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            form={formId}
            variant="primary"
            loading={pending === 'save'}
            disabled={pending === 'delete'}
          >
            Save
          </Button>
        </>
      }
    >
      <p className="alert-modal__subject">{subject}</p>
      <form id={formId} noValidate onSubmit={submit}>
        <label className="alert-modal__sentence">
          {sentenceStart}{' '}
          <input
            className="input alert-modal__percent"
            inputMode="numeric"
            autoComplete="off"
            value={text}
            data-autofocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              // Whole percents only: anything but digits never reaches the field.
              const next = event.target.value.replace(/\D/g, '');
              setText(next);
              if (checking) setError(errorOf(next));
            }}
            onBlur={() =>
              // A press on Delete or Cancel must not move under the pointer by a message shown on the way out.
              afterPointerRelease(() => {
                setChecking(true);
                setError(errorOf(text));
              })
            }
          />{' '}
          {sentenceEnd}
        </label>
        {error ? (
          <div id={errorId} className="field__error">
            {error}
          </div>
        ) : null}
      </form>
      {draft ? <p className="alert-modal__draft">{SAVED_WITH_THE_LIMIT}</p> : null}
      <Banner type="info" header={LIMIT_MESSAGES.alertBanner} content={LIMIT_MESSAGES.alertBannerCare} />
    </Modal>
  );
}
