import { Button } from '@console/ui/button';
import { ErrorIcon, WarningIcon } from '@console/ui/icons';
import { Modal } from '@console/ui/modal';
import { Select } from '@console/ui/select';
import { Spinner } from '@console/ui/spinner';
import { TextField } from '@console/ui/text-field';
import {
  CANCEL_REASON_OTHER,
  CANCEL_REASONS,
  type CancelReason,
  OTHER_REASON_MAX,
  SUBSCRIPTION_ACTION_PROGRESS_TEXT,
  type SubscriptionAction,
} from '@domain/subscriptions';
import {
  isSubscriptionActionInProgress,
  type SubscriptionActionsMachine,
  type SubscriptionActionsSnapshot,
  subscriptionActionStepOf,
  visibleCancelErrors,
} from '@machines/subscription-actions.machine';
import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';

export type SubscriptionActionsActor = ActorRefFrom<SubscriptionActionsMachine>;

// The one confirm modal of the subscription actions (spec 3, sections 4 and 5): the question (with the reason form
// for a cancel), the progress that cannot be closed, and the error. Every rule lives in the machine; this file reads
// it through narrow selectors and sends it what the user does.

export const ACTION_TITLES: Record<SubscriptionAction, string> = {
  CANCEL: 'Cancel subscription',
  PAUSE: 'Pause subscription',
  RESUME: 'Resume subscription',
};

const QUESTIONS: Record<SubscriptionAction, string> = {
  CANCEL: 'The subscription ends now and is not charged again. This cannot be undone.',
  PAUSE: 'The subscription is not charged while it is paused. You can resume it later.',
  RESUME: 'The subscription becomes active again and is charged on its next cycle.',
};

const PROGRESS: Record<SubscriptionAction, string> = {
  CANCEL: 'Cancelling the subscription…',
  PAUSE: 'Pausing the subscription…',
  RESUME: 'Resuming the subscription…',
};

const MODAL_WIDTH = 440;

const selectView = (snapshot: SubscriptionActionsSnapshot) => ({
  step: subscriptionActionStepOf(snapshot),
  action: snapshot.context.action,
  subscriptionId: snapshot.context.target?.subscriptionId ?? '',
  reason: snapshot.context.reason,
  otherText: snapshot.context.otherText,
  failure: snapshot.context.failure,
});
type View = ReturnType<typeof selectView>;
const sameView = (a: View, b: View) =>
  a.step === b.step &&
  a.action === b.action &&
  a.subscriptionId === b.subscriptionId &&
  a.reason === b.reason &&
  a.otherText === b.otherText &&
  a.failure === b.failure;
const selectErrors = (snapshot: SubscriptionActionsSnapshot) => visibleCancelErrors(snapshot.context);
const sameErrors = (a: ReturnType<typeof selectErrors>, b: ReturnType<typeof selectErrors>) =>
  a.reason === b.reason && a.otherText === b.otherText;

const reasonOptions = CANCEL_REASONS.map((reason) => ({ value: reason, label: reason }));

export function SubscriptionActionModal({ actor }: { actor: SubscriptionActionsActor }) {
  const formId = useId();
  const reasonRef = useRef<HTMLSelectElement>(null);
  const otherRef = useRef<HTMLInputElement>(null);
  const view = useSelector(actor, selectView, sameView);
  const errors = useSelector(actor, selectErrors, sameErrors);
  const inProgress = useSelector(actor, isSubscriptionActionInProgress);
  const { step, action } = view;
  if (!step || !action) return null;

  const title = ACTION_TITLES[action];
  // Nothing can stop the platform once asked, so the modal cannot be closed meanwhile (no close button, no Escape).
  const close = inProgress ? undefined : () => actor.send({ type: 'CLOSE' });

  if (step === 'failed' && view.failure) {
    const Icon = view.failure.kind === 'refused' ? ErrorIcon : WarningIcon;
    return (
      <Modal
        open
        onClose={close}
        title={
          <span className="subscription-action__title">
            <Icon />
            {view.failure.header}
          </span>
        }
        width={MODAL_WIDTH}
        closeOnOutsideClick={false}
        footer={
          <Button variant="primary" onClick={close} data-autofocus="">
            Got it
          </Button>
        }
        className="subscription-action"
      >
        <p>{view.failure.message}</p>
      </Modal>
    );
  }

  const confirm = () => {
    actor.send({ type: 'CONFIRM' });
    // The saving pattern: focus goes to the first field in error.
    const shown = visibleCancelErrors(actor.getSnapshot().context);
    if (shown.reason) reasonRef.current?.focus();
    else if (shown.otherText) otherRef.current?.focus();
  };

  const footer = (
    <>
      <Button onClick={close} disabled={inProgress}>
        Go back
      </Button>
      <Button
        type="submit"
        form={formId}
        variant={action === 'CANCEL' ? 'danger' : 'primary'}
        loading={inProgress}
        data-autofocus={action === 'CANCEL' ? undefined : ''}
      >
        {title}
      </Button>
    </>
  );

  return (
    <Modal
      open
      onClose={close}
      closeOnEscape={!inProgress}
      title={title}
      width={MODAL_WIDTH}
      closeOnOutsideClick={false}
      footer={footer}
      className="subscription-action"
    >
      <form
        id={formId}
        className="subscription-action__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!inProgress) confirm();
        }}
      >
        <p>
          Subscription <span className="mono">{view.subscriptionId}</span>
        </p>
        {inProgress ? (
          <div className="subscription-action__progress" role="status" aria-live="polite">
            <Spinner label="" size={16} />
            <div>
              <p className="subscription-action__progress-title">{PROGRESS[action]}</p>
              <p>{SUBSCRIPTION_ACTION_PROGRESS_TEXT}. The window cannot be closed meanwhile.</p>
            </div>
          </div>
        ) : (
          <p>{QUESTIONS[action]}</p>
        )}
        {action === 'CANCEL' ? (
          <>
            <Select
              ref={reasonRef}
              label="Reason"
              placeholder="Select a reason"
              options={reasonOptions}
              value={view.reason ?? ''}
              disabled={inProgress}
              error={errors.reason}
              required
              onChange={(event) =>
                actor.send({ type: 'SELECT_REASON', reason: (event.target.value || null) as CancelReason | null })
              }
              onBlur={() => actor.send({ type: 'BLUR_REASON' })}
            />
            {view.reason === CANCEL_REASON_OTHER ? (
              <TextField
                ref={otherRef}
                label="Other reason"
                autoComplete="off"
                maxLength={OTHER_REASON_MAX}
                value={view.otherText}
                disabled={inProgress}
                error={errors.otherText}
                hint={`Letters, digits and spaces, up to ${OTHER_REASON_MAX} characters`}
                required
                onChange={(event) => actor.send({ type: 'CHANGE_OTHER', text: event.target.value })}
                onBlur={() => actor.send({ type: 'BLUR_OTHER' })}
              />
            ) : null}
          </>
        ) : null}
      </form>
    </Modal>
  );
}
