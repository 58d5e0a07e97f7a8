import { Button } from '@console/ui/button';
import { CheckCircleIcon, ErrorIcon, WarningIcon } from '@console/ui/icons';
import { Modal } from '@console/ui/modal';
import { Select } from '@console/ui/select';
import { Switch } from '@console/ui/switch';
import { TextField } from '@console/ui/text-field';
import type { RefundReason } from '@domain/enums';
import { CATALOGUE } from '@domain/errors';
import { formatMinorMoney } from '@domain/format';
import { REFUND_TEXTS, refundReasonOptions } from '@domain/refunds';
import {
  isAmountLocked,
  isRefundFormOpen,
  isRefundInFlight,
  type RefundSnapshot,
  refundResultOf,
  visibleRefundErrors,
} from '@machines/refund.machine';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { RefundActor } from './use-refund-flow';

// The refund modal and its result (spec 3, sections 4, 5 and 8), 416 px wide. Every rule lives in the refund machine;
// this file only reads its snapshot through narrow selectors and sends it what the user does.

/** Spec 3, section 9: the refund modal is 416 px wide. */
export const REFUND_MODAL_WIDTH = 416;

const ClockIcon = () => (
  <svg
    viewBox="0 0 16 16"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.5}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
    className="icon"
  >
    <circle cx="8" cy="8" r="6" />
    <path d="M8 4.5V8l2.5 1.5" />
  </svg>
);

const selectForm = (snapshot: RefundSnapshot) => {
  const { target, fullRefund, amountText, reason } = snapshot.context;
  return { target, fullRefund, amountText, reason };
};
const sameForm = (a: ReturnType<typeof selectForm>, b: ReturnType<typeof selectForm>) =>
  a.target === b.target && a.fullRefund === b.fullRefund && a.amountText === b.amountText && a.reason === b.reason;
const selectErrors = (snapshot: RefundSnapshot) => visibleRefundErrors(snapshot.context);
const sameErrors = (a: ReturnType<typeof selectErrors>, b: ReturnType<typeof selectErrors>) =>
  a.amount === b.amount && a.reason === b.reason;

export function RefundModals({ actor }: { actor: RefundActor }) {
  return (
    <>
      <RefundFormModal actor={actor} />
      <RefundResultModal actor={actor} />
    </>
  );
}

function RefundFormModal({ actor }: { actor: RefundActor }) {
  const formId = useId();
  const open = useSelector(actor, (snapshot) => isRefundFormOpen(snapshot) || isRefundInFlight(snapshot));
  const submitting = useSelector(actor, isRefundInFlight);
  const locked = useSelector(actor, isAmountLocked);
  const form = useSelector(actor, selectForm, sameForm);
  const errors = useSelector(actor, selectErrors, sameErrors);
  const target = form.target;
  if (!open || !target) return null;

  // Nothing can stop a refund on its way, so the modal cannot be closed meanwhile.
  const cancel = submitting ? undefined : () => actor.send({ type: 'CANCEL' });
  const footer = (
    <>
      <Button onClick={cancel} disabled={submitting}>
        Cancel
      </Button>
      <Button type="submit" form={formId} variant="primary" loading={submitting}>
        Refund
      </Button>
    </>
  );

  return (
    <Modal
      open
      onClose={cancel}
      title="Refund"
      width={REFUND_MODAL_WIDTH}
      closeOnOutsideClick={false}
      footer={footer}
      className="refund-modal"
    >
      <form
        id={formId}
        className="refund-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'SUBMIT' });
        }}
      >
        <p className="refund-form__available">
          Available to refund: <strong>{formatMinorMoney(target.maxRefundAmountAvailable, target.currency)}</strong>
        </p>
        <Switch
          label="Full refund"
          checked={form.fullRefund}
          disabled={submitting}
          onChange={(event) => actor.send({ type: 'SET_FULL_REFUND', on: event.target.checked })}
        />
        <TextField
          label={`Amount (${target.currency})`}
          inputMode="decimal"
          autoComplete="off"
          value={form.amountText}
          disabled={locked || submitting}
          error={errors.amount}
          onChange={(event) => actor.send({ type: 'CHANGE_AMOUNT', text: event.target.value })}
          onBlur={() => actor.send({ type: 'BLUR_AMOUNT' })}
        />
        <Select
          label="Reason"
          placeholder="Select a reason"
          options={refundReasonOptions}
          value={form.reason ?? ''}
          disabled={submitting}
          error={errors.reason}
          onChange={(event) =>
            actor.send({ type: 'SELECT_REASON', reason: (event.target.value || null) as RefundReason | null })
          }
          onBlur={() => actor.send({ type: 'BLUR_REASON' })}
        />
      </form>
    </Modal>
  );
}

const selectOutcome = (snapshot: RefundSnapshot) => snapshot.context.outcome;

function RefundResultModal({ actor }: { actor: RefundActor }) {
  const result = useSelector(actor, refundResultOf);
  const outcome = useSelector(actor, selectOutcome);
  if (!result || !outcome) return null;

  const gotIt = () => actor.send({ type: 'GOT_IT' });
  const unexpected = CATALOGUE['unexpected-error'];
  const view =
    outcome.kind === 'success'
      ? { title: REFUND_TEXTS.success, icon: <CheckCircleIcon />, tone: 'success', body: null }
      : outcome.kind === 'inProcess'
        ? {
            title: REFUND_TEXTS.inProcess,
            icon: <ClockIcon />,
            tone: 'warning',
            body: (
              <p>
                The acquirer confirms this refund later. It shows as in process in the transaction history until then.
              </p>
            ),
          }
        : outcome.kind === 'failed'
          ? {
              title: REFUND_TEXTS.failed,
              icon: <WarningIcon />,
              tone: 'warning',
              body: (
                <dl className="refund-result__error">
                  <div>
                    <dt>Code</dt>
                    <dd className="mono">{outcome.code}</dd>
                  </div>
                  {outcome.message ? (
                    <div>
                      <dt>Message</dt>
                      <dd>{outcome.message}</dd>
                    </div>
                  ) : null}
                </dl>
              ),
            }
          : {
              title: unexpected.header,
              icon: <ErrorIcon />,
              tone: 'error',
              body: (
                <>
                  <p>{unexpected.content}</p>
                  <p>{REFUND_TEXTS.refundFailedAdvice}</p>
                </>
              ),
            };

  const footer = (
    <>
      {result === 'noResponse' ? <Button onClick={() => actor.send({ type: 'RETRY' })}>Try again</Button> : null}
      <Button variant="primary" onClick={gotIt} data-autofocus="">
        {REFUND_TEXTS.gotIt}
      </Button>
    </>
  );

  return (
    <Modal
      open
      onClose={gotIt}
      title={
        <span className={`refund-result__title refund-result__title--${view.tone}`}>
          {view.icon}
          {view.title}
        </span>
      }
      width={REFUND_MODAL_WIDTH}
      closeOnOutsideClick={false}
      footer={footer}
      className="refund-result"
    >
      {view.body}
    </Modal>
  );
}
