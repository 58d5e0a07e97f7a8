import { FormAccordion } from '@console/forms/form-accordion';
import { EditorForm, FormActions } from '@console/forms/form-layout';
import type { FormFields } from '@console/forms/use-form-fields';
import { type EditorMode, useSavingPattern } from '@console/forms/use-saving-pattern';
import { useApi } from '@console/session/session-provider';
import { listLocation } from '@console/table/list-memory';
import { Banner } from '@console/ui/banner';
import { Button, IconButton } from '@console/ui/button';
import { useConfirm } from '@console/ui/confirm';
import { TrashIcon } from '@console/ui/icons';
import { PageHeader } from '@console/ui/page-header';
import { Select } from '@console/ui/select';
import { Switch } from '@console/ui/switch';
import { TextField } from '@console/ui/text-field';
import { useToast } from '@console/ui/toast';
import type { PlanDetail } from '@domain/contract/plans';
import {
  acceptsAmountInput,
  blankPlanForm,
  CHARGING_SLOTS,
  CHARGING_TIME_MODE_LABELS,
  CHARGING_TIME_MODES,
  CUSTOM_UNIT_LABELS,
  CUSTOM_UNITS,
  type CurrencyState,
  canLead,
  clearAll,
  closeTrial,
  formToPayload,
  LEADING_CURRENCY,
  newRetry,
  openRetry,
  openTrial,
  PLAN_CURRENCIES,
  PLAN_LIMITS,
  PLAN_MESSAGES,
  PLAN_SECTION_TITLES,
  PLAN_SECTIONS,
  type PlanFormValues,
  type PlanLike,
  type PlanSection,
  planFormErrors,
  planToForm,
  RETRY_TYPE_LABELS,
  RETRY_TYPES,
  type RetryType,
  removeLeading,
  sectionOf,
  selectAll,
  selectChargingTimeMode,
  selectCurrency,
  selectTimeCycle,
  setAmount,
  setLeading,
  setTrialAmount,
  TIME_CYCLE_LABELS,
  TIME_CYCLES,
  toggleDynamic,
  toTwelveHour,
  unselectCurrency,
} from '@domain/plans';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { planDetailPath, plansPath } from './plan-paths';
import { createPlan, planListQueryKey, planQueryKey, updatePlan } from './plan-queries';
import './plans.css';

// The plan form (spec 3, sections 2.11, 4 and 5) on the saving pattern every editor follows. Its messages come from
// src/domain/plans.ts (planFormErrors: the server's rules on the form's comma amounts); a field is checked when it
// changes, every field when Save is pressed, and the first section with an error then opens and its first field
// takes focus. The currency operations are the domain's pure functions.

export const PLAN_SUBTITLE = 'Fill out the form below';

const currencyName = (code: string) => PLAN_CURRENCIES.find((c) => c.code === code)?.name ?? code;

/** The FormFields the saving pattern needs, over the plan form's own state. */
function usePlanFields(initial: PlanFormValues, onInvalid: (errors: Record<string, string>) => void) {
  const [values, setValues] = useState(initial);
  const valuesRef = useRef(values);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const errors = useMemo(() => planFormErrors(values), [values]);

  const update = useCallback((change: (current: PlanFormValues) => PlanFormValues, ...paths: string[]) => {
    valuesRef.current = change(valuesRef.current);
    setValues(valuesRef.current);
    if (paths.length) {
      setTouched((current) => new Set([...current, ...paths]));
      setServerErrors((current) => {
        const next = { ...current };
        for (const path of paths) delete next[path];
        return next;
      });
    }
  }, []);

  const shown = useCallback(
    (path: string): string | undefined =>
      serverErrors[path] ?? (attempted || touched.has(path) ? errors[path] : undefined),
    [serverErrors, attempted, touched, errors],
  );
  const shownPaths = useMemo(
    () => [...new Set([...Object.keys(serverErrors), ...Object.keys(errors)])].filter((path) => shown(path)),
    [serverErrors, errors, shown],
  );

  const fields: FormFields<PlanFormValues> = {
    values,
    errorOf: (field) => shown(field),
    showsErrors: shownPaths.length > 0,
    setValue: (field, value) => update((current) => ({ ...current, [field]: value }), field),
    blur: () => {},
    validateAll: () => {
      setAttempted(true);
      const all = planFormErrors(valuesRef.current);
      if (Object.keys(all).length > 0) {
        onInvalid(all);
        return null;
      }
      return formToPayload(valuesRef.current);
    },
    showErrors: (next) => {
      setServerErrors((current) => ({ ...current, ...next }));
      onInvalid({ ...next });
    },
    reset: (next) => {
      valuesRef.current = next;
      setValues(next);
      setTouched(new Set());
      setAttempted(false);
      setServerErrors({});
    },
    bindText: (field) => ({
      name: field,
      value: String(values[field] ?? ''),
      onChange: (event) => update((current) => ({ ...current, [field]: event.target.value }), field),
      onBlur: () => {},
      error: shown(field),
    }),
  };
  return { fields, update, shown, shownPaths };
}

/** A collapsible section of the form (the one form accordion); flagged when any of its fields shows a message. */
function PlanFormSection({
  section,
  open,
  onToggle,
  flagged,
  onDiscard,
  children,
}: {
  section: PlanSection;
  open: boolean;
  onToggle: () => void;
  flagged: boolean;
  onDiscard?: () => void;
  children: ReactNode;
}) {
  const title = PLAN_SECTION_TITLES[section];
  return (
    <div className="plan-section">
      <FormAccordion
        title={title}
        open={open}
        onToggle={onToggle}
        flag={flagged ? PLAN_MESSAGES.sectionErrors : undefined}
        layout="stack"
        actions={
          onDiscard ? (
            <IconButton
              aria-label="Discard setting"
              tooltip={`Discard setting: ${title}`}
              icon={<TrashIcon />}
              onClick={onDiscard}
            />
          ) : null
        }
      >
        {children}
      </FormAccordion>
    </div>
  );
}

export interface PlanEditorProps {
  mode: EditorMode;
  accountId: string;
  merchantId: string;
  plan?: PlanDetail;
}

export function PlanEditor({ mode, accountId, merchantId, plan }: PlanEditorProps) {
  const api = useApi();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const original = useMemo(() => (plan ? planToForm(plan) : blankPlanForm()), [plan]);
  const [open, setOpen] = useState<Record<PlanSection, boolean>>({
    basic: true,
    amount: true,
    cancellation: true,
    trial: true,
    retry: true,
  });
  const [focusFirstError, setFocusFirstError] = useState(0);

  const onInvalid = useCallback((errors: Record<string, string>) => {
    const first = PLAN_SECTIONS.find((section) => Object.keys(errors).some((path) => sectionOf(path) === section));
    if (first) setOpen((current) => ({ ...current, [first]: true }));
    setFocusFirstError((n) => n + 1);
  }, []);
  const { fields, update, shown, shownPaths } = usePlanFields(original, onInvalid);
  const values = fields.values;
  const locked = mode === 'edit';

  // After a refused save: focus the first field showing a message, once its section is open.
  useEffect(() => {
    if (focusFirstError === 0) return;
    const target = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    target?.focus();
  }, [focusFirstError]);

  const leave = () =>
    navigate(
      plan ? planDetailPath(accountId, merchantId, plan.planId) : listLocation(plansPath(accountId, merchantId)),
    );

  const saving = useSavingPattern<PlanFormValues, PlanLike>({
    mode,
    original,
    fields,
    comparable: (v) => formToPayload(v),
    save: async (payload) => {
      if (plan) {
        await updatePlan(api, merchantId, plan, payload);
        toast.showMessage('successfully-edited');
      } else {
        await createPlan(api, merchantId, payload);
        toast.showMessage('successfully-created');
      }
      void queryClient.invalidateQueries({ queryKey: planListQueryKey(merchantId) });
      if (plan) void queryClient.invalidateQueries({ queryKey: planQueryKey(merchantId, plan.planId) });
      // Spec 3, section 4: after saving the user returns to the plans list.
      navigate(listLocation(plansPath(accountId, merchantId)));
    },
    leave,
  });

  const flagged = (section: PlanSection) => shownPaths.some((path) => sectionOf(path) === section);
  const toggle = (section: PlanSection) => setOpen((current) => ({ ...current, [section]: !current[section] }));

  const currencies = (change: (state: CurrencyState) => CurrencyState, ...paths: string[]) =>
    update(
      (current) => ({ ...current, currencies: change(current.currencies) }),
      'amountSettings.currencies',
      ...paths,
    );

  // The currency table: the default currencies and the selected ones; a search of 2 characters or more lists matches.
  const [currencySearch, setCurrencySearch] = useState('');
  const amounts = values.currencies.amountSettings;
  const search = currencySearch.trim().toLowerCase();
  const rows =
    search.length >= 2
      ? PLAN_CURRENCIES.filter(
          (c) => c.code.toLowerCase().includes(search) || c.name.toLowerCase().includes(search),
        ).map((c) => c.code)
      : PLAN_CURRENCIES.map((c) => c.code).filter(
          (code) => amounts.defaultCurrencies.includes(code) || amounts.currencies[code],
        );

  const confirmClearAll = async () => {
    const yes = await confirm({
      title: 'Clear All',
      content: PLAN_MESSAGES.clearAllConfirm,
      confirmLabel: 'Clear all',
      cancelLabel: 'Cancel',
      tone: 'warning',
    });
    if (yes) currencies(clearAll);
  };

  const retry = values.retry;
  const setRetry = (
    change: (r: NonNullable<PlanFormValues['retry']>) => NonNullable<PlanFormValues['retry']>,
    ...paths: string[]
  ) =>
    update(
      (current) => (current.retry ? { ...current, retry: change(current.retry) } : current),
      'retrySettings.sequence',
      ...paths,
    );

  const title = mode === 'new' ? 'New Plan' : 'Edit Plan';
  const slotOptions = CHARGING_SLOTS.map((slot) => ({ value: slot, label: toTwelveHour(slot) }));
  const currencyError = shown('amountSettings.currencies');

  return (
    <div className="screen">
      <PageHeader title={title} subtitle={PLAN_SUBTITLE} />
      <EditorForm
        label={title}
        ref={formRef}
        onSubmit={(event) => void saving.submit(event)}
        onEscape={() => void saving.cancel()}
      >
        {mode === 'edit' ? <Banner type="warning" header={PLAN_MESSAGES.inUse} /> : null}
        <div className="plan-form__name">
          <TextField
            label="Name"
            required
            placeholder="e.g. Premium monthly plan"
            maxLength={PLAN_LIMITS.name + 10}
            autoFocus
            {...fields.bindText('description')}
          />
        </div>

        <PlanFormSection section="basic" open={open.basic} onToggle={() => toggle('basic')} flagged={flagged('basic')}>
          {locked ? (
            <p className="plan-hint">The charging cycle and time cannot be changed once the plan exists.</p>
          ) : null}
          <div className="plan-section__row">
            <Select
              label="Charging cycle"
              required
              disabled={locked}
              options={TIME_CYCLES.map((cycle) => ({ value: cycle, label: TIME_CYCLE_LABELS[cycle] }))}
              value={values.timeCycle}
              onChange={(event) =>
                update(
                  (current) => ({
                    ...current,
                    ...selectTimeCycle(current, event.target.value as PlanFormValues['timeCycle']),
                    customTime: event.target.value === 'CUSTOM' ? current.customTime : '',
                  }),
                  'basicSettings.customTime',
                )
              }
            />
            {values.timeCycle === 'CUSTOM' ? (
              <>
                <TextField
                  label="Every"
                  required
                  inputMode="numeric"
                  disabled={locked}
                  value={values.customTime}
                  onChange={(event) =>
                    update((current) => ({ ...current, customTime: event.target.value }), 'basicSettings.customTime')
                  }
                  error={shown('basicSettings.customTime')}
                />
                <Select
                  label="Unit"
                  required
                  disabled={locked}
                  options={CUSTOM_UNITS.map((unit) => ({ value: unit, label: CUSTOM_UNIT_LABELS[unit] }))}
                  value={values.unitCharging}
                  onChange={(event) =>
                    update(
                      (current) => ({ ...current, unitCharging: event.target.value as PlanFormValues['unitCharging'] }),
                      'basicSettings.customTime',
                    )
                  }
                />
              </>
            ) : null}
          </div>
          <div className="plan-section__row">
            <Select
              label="Charging time"
              required
              disabled={locked}
              options={CHARGING_TIME_MODES.map((m) => ({ value: m, label: CHARGING_TIME_MODE_LABELS[m] }))}
              value={values.chargingTimeMode}
              onChange={(event) =>
                update((current) => {
                  const next = selectChargingTimeMode(
                    {
                      chargingTimeMode: current.chargingTimeMode,
                      timeCharging: current.timeCharging as string | null,
                      customCharging: null as string | null,
                    },
                    event.target.value as PlanFormValues['chargingTimeMode'],
                  );
                  return {
                    ...current,
                    chargingTimeMode: next.chargingTimeMode,
                    timeCharging: next.timeCharging ?? current.timeCharging,
                  };
                })
              }
            />
            {values.chargingTimeMode === 'CUSTOM' ? (
              <Select
                label="Time (UTC +00:00)"
                required
                disabled={locked}
                options={slotOptions}
                value={values.timeCharging}
                onChange={(event) =>
                  update((current) => ({ ...current, timeCharging: event.target.value }), 'basicSettings.timeCharging')
                }
                error={shown('basicSettings.timeCharging')}
              />
            ) : null}
          </div>
        </PlanFormSection>

        <PlanFormSection
          section="amount"
          open={open.amount}
          onToggle={() => toggle('amount')}
          flagged={flagged('amount')}
        >
          <p className="plan-hint">{PLAN_MESSAGES.atLeastOneCurrencyHint}</p>
          <div className="plan-currency-tools">
            <TextField
              label="Search currency"
              type="search"
              hint="Type at least 2 characters"
              value={currencySearch}
              onChange={(event) => setCurrencySearch(event.target.value)}
            />
            <Button onClick={() => currencies(selectAll)}>Select all</Button>
            <Button onClick={() => void confirmClearAll()}>Clear All</Button>
          </div>
          {currencyError ? (
            <p className="plan-error" role="alert">
              {currencyError}
            </p>
          ) : null}
          <table className="plan-currency-table">
            <caption className="visually-hidden">Currencies and amounts</caption>
            <thead>
              <tr>
                <th scope="col">Currency</th>
                <th scope="col">Amount</th>
                <th scope="col">Dynamic</th>
                <th scope="col">Leading</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((code) => {
                const entry = amounts.currencies[code];
                const path = `amountSettings.currencies.${code}.amount`;
                return (
                  <tr key={code}>
                    <td>
                      <label className="checkbox">
                        <input
                          type="checkbox"
                          checked={Boolean(entry)}
                          onChange={(event) =>
                            currencies((state) =>
                              event.target.checked ? selectCurrency(state, code) : unselectCurrency(state, code),
                            )
                          }
                        />
                        <span>
                          {code} <span className="text-muted">{currencyName(code)}</span>
                        </span>
                      </label>
                    </td>
                    <td>
                      {entry?.isDynamic ? (
                        <span className="text-muted">Dynamic</span>
                      ) : (
                        <TextField
                          label={`Amount ${code}`}
                          hideLabel
                          inputMode="decimal"
                          disabled={!entry}
                          value={entry?.amount ?? ''}
                          onChange={(event) => {
                            if (acceptsAmountInput(event.target.value))
                              currencies((state) => setAmount(state, code, event.target.value), path);
                          }}
                          error={entry ? shown(path) : undefined}
                        />
                      )}
                    </td>
                    <td>
                      <Switch
                        label={<span className="visually-hidden">{`Dynamic ${code}`}</span>}
                        checked={Boolean(entry?.isDynamic)}
                        disabled={!entry || !amounts.base || code === amounts.base}
                        onChange={() => currencies((state) => toggleDynamic(state, code), path)}
                      />
                    </td>
                    <td>
                      {code === amounts.base ? (
                        <span className="plan-amounts__item">
                          <span className="badge badge--accent">Leading</span>
                          <Button size="sm" variant="ghost" onClick={() => currencies(removeLeading)}>
                            Remove leading
                          </Button>
                        </span>
                      ) : code === LEADING_CURRENCY ? (
                        <Button
                          size="sm"
                          disabled={!canLead(amounts, code)}
                          onClick={() => currencies((state) => setLeading(state, code))}
                        >
                          Set as leading
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </PlanFormSection>

        {values.cancellation ? (
          <PlanFormSection
            section="cancellation"
            open={open.cancellation}
            onToggle={() => toggle('cancellation')}
            flagged={flagged('cancellation')}
            onDiscard={() => update((current) => ({ ...current, cancellation: null }))}
          >
            <Switch
              label="Cancel the subscription after receiving a chargeback"
              checked={values.cancellation.enabled}
              onChange={(event) =>
                update((current) => ({ ...current, cancellation: { enabled: event.target.checked } }))
              }
            />
            <p className="plan-hint">Chargebacks before cancelling: 1</p>
          </PlanFormSection>
        ) : null}

        {values.currencies.trial ? (
          <PlanFormSection
            section="trial"
            open={open.trial}
            onToggle={() => toggle('trial')}
            flagged={flagged('trial')}
            onDiscard={() =>
              update((current) => ({ ...current, currencies: closeTrial(current.currencies), trialDays: '' }))
            }
          >
            <div className="plan-section__row">
              <TextField
                label="Trial period (days)"
                required
                inputMode="numeric"
                value={values.trialDays}
                onChange={(event) =>
                  update((current) => ({ ...current, trialDays: event.target.value }), 'trialSettings.timePeriod')
                }
                error={shown('trialSettings.timePeriod')}
              />
            </div>
            {shown('trialSettings.amountSettings') ? (
              <p className="plan-error" role="alert">
                {shown('trialSettings.amountSettings')}
              </p>
            ) : null}
            <div className="plan-section__row">
              {Object.keys(values.currencies.trial.currencies).map((code) => {
                const entry = values.currencies.trial!.currencies[code]!;
                const path = `trialSettings.amountSettings.currencies.${code}.amount`;
                return entry.isDynamic ? (
                  <TextField key={code} label={`Trial amount ${code}`} value="Dynamic" readOnly disabled />
                ) : (
                  <TextField
                    key={code}
                    label={`Trial amount ${code}`}
                    required
                    inputMode="decimal"
                    value={entry.amount ?? ''}
                    onChange={(event) => {
                      if (acceptsAmountInput(event.target.value))
                        currencies((state) => setTrialAmount(state, code, event.target.value), path);
                    }}
                    error={shown(path)}
                  />
                );
              })}
            </div>
          </PlanFormSection>
        ) : null}

        {retry ? (
          <PlanFormSection
            section="retry"
            open={open.retry}
            onToggle={() => toggle('retry')}
            flagged={flagged('retry')}
            onDiscard={() => update((current) => ({ ...current, retry: null }))}
          >
            <div className="plan-section__row">
              <TextField
                label="Interval of successful payments (days)"
                required={retry.sequence.length > 0}
                inputMode="numeric"
                disabled={retry.sequence.length === 0}
                value={retry.timePeriod}
                onChange={(event) =>
                  setRetry((r) => ({ ...r, timePeriod: event.target.value }), 'retrySettings.timePeriod')
                }
                error={shown('retrySettings.timePeriod')}
              />
              <TextField
                label="Maintenance amount"
                required={retry.sequence.some((item) => item.type === 'MAINTENANCE')}
                inputMode="decimal"
                value={retry.amount}
                onChange={(event) => {
                  if (acceptsAmountInput(event.target.value))
                    setRetry((r) => ({ ...r, amount: event.target.value }), 'retrySettings.amount');
                }}
                error={shown('retrySettings.amount')}
              />
            </div>
            {shown('retrySettings.sequence') ? (
              <p className="plan-error" role="alert">
                {shown('retrySettings.sequence')}
              </p>
            ) : null}
            <ol className="plan-retries" aria-label="Retries">
              {retry.sequence.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: retries have no identity but their position.
                <li key={index} className="plan-retry">
                  <span>{index + 1}.</span>
                  <Select
                    label={`Retry ${index + 1} type`}
                    required
                    options={RETRY_TYPES.map((type) => ({ value: type, label: RETRY_TYPE_LABELS[type] }))}
                    value={item.type}
                    onChange={(event) =>
                      setRetry(
                        (r) => ({
                          ...r,
                          sequence: r.sequence.map((s, i) =>
                            i === index ? { ...s, type: event.target.value as RetryType } : s,
                          ),
                        }),
                        'retrySettings.amount',
                      )
                    }
                  />
                  <TextField
                    label={`Retry ${index + 1} after (days)`}
                    required
                    inputMode="numeric"
                    value={item.time}
                    onChange={(event) =>
                      setRetry(
                        (r) => ({
                          ...r,
                          sequence: r.sequence.map((s, i) => (i === index ? { ...s, time: event.target.value } : s)),
                        }),
                        `retrySettings.sequence.${index}.time`,
                      )
                    }
                    error={shown(`retrySettings.sequence.${index}.time`)}
                  />
                  <IconButton
                    aria-label={`Delete retry ${index + 1}`}
                    icon={<TrashIcon />}
                    onClick={() => setRetry((r) => ({ ...r, sequence: r.sequence.filter((_, i) => i !== index) }))}
                  />
                </li>
              ))}
            </ol>
            <div>
              <Button
                disabled={retry.sequence.length >= PLAN_LIMITS.addRetryBelow}
                onClick={() => setRetry((r) => ({ ...r, sequence: [...r.sequence, newRetry()] }))}
              >
                Add retry
              </Button>
            </div>
          </PlanFormSection>
        ) : null}

        <div className="plan-add plan-currency-tools">
          {values.cancellation ? null : (
            <Button onClick={() => update((current) => ({ ...current, cancellation: { enabled: true } }))}>
              Add cancellation
            </Button>
          )}
          {values.currencies.trial ? null : (
            <Button
              onClick={() =>
                update((current) => ({ ...current, currencies: openTrial(current.currencies), trialDays: '' }))
              }
            >
              Add trial period
            </Button>
          )}
          {retry ? null : (
            <Button onClick={() => update((current) => ({ ...current, retry: openRetry() }))}>
              Add retry sequence
            </Button>
          )}
        </div>

        <FormActions pattern={saving} />
      </EditorForm>
    </div>
  );
}
