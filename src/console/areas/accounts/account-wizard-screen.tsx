import { isApiError } from '@console/api/errors';
import { accountQueryKey, useCurrentScope } from '@console/app/current-scope';
import { EditorForm, FormActionBar, FormSection } from '@console/forms/form-layout';
import { asNotice, focusFirstFieldInError, useFocusThroughSave, useFormNotice } from '@console/forms/form-notice';
import { continueLabel, DISCARD_CHANGES, type EditorMode } from '@console/forms/use-saving-pattern';
import { useStepHeadingFocus, WizardSteps } from '@console/forms/wizard-steps';
import { useApi, useSession } from '@console/session/session-provider';
import { listLocation } from '@console/table/list-memory';
import { Badge } from '@console/ui/badge';
import { Button, IconButton } from '@console/ui/button';
import { Checkbox } from '@console/ui/checkbox';
import { useConfirm } from '@console/ui/confirm';
import { EmptyState } from '@console/ui/empty-state';
import { ChevronDownIcon, ChevronRightIcon, LockIcon, TrashIcon } from '@console/ui/icons';
import { PageHeader } from '@console/ui/page-header';
import { LoadingBlock } from '@console/ui/spinner';
import { TextField } from '@console/ui/text-field';
import { useToast } from '@console/ui/toast';
import { ACCOUNT_MESSAGES, type Account, type AccountUpdate, acquirerList } from '@domain/contract/accounts';
import { CATALOGUE, effectOfStatus } from '@domain/errors';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ACCOUNT_LIST_QUERY_KEY, accountEditorReturn } from './account-paths';
import {
  BLANK_WIZARD,
  hasErrors,
  nameAndProvidersErrors,
  type StepErrors,
  sameWizardValues,
  solutionsErrors,
  solutionsToAdd,
  toAccountSave,
  valuesOfAccount,
  type WizardValues,
} from './account-wizard';
import './accounts.css';

// New Account and Edit Account (spec 2, section 2.1): step 1, Name and Providers; step 2, Solutions. What a MID or
// payments use is locked here and refused by the server too. Enter continues (step 1) or saves (step 2); Escape,
// Cancel and Discard ask before throwing changes away. A refused save puts the focus on the first field in error and
// says why above the buttons (form-notice.tsx), as every editor does.

export const CANCEL_QUESTION = 'Are you sure that you want to cancel? Your changes will be lost.';
/** Spec 2, section 2.1: the wizard's question offers 'Continue editing', for a new account too. */
const CONTINUE_LABEL = continueLabel('edit');
export const SOLUTION_ADDED = 'You added the solution successfully!';
/** Spec 2, section 9: the success text shows for about 1.8 s. */
export const SOLUTION_ADDED_MS = 1800;
const STEP_TITLES = { 1: 'Name and Providers', 2: 'Solutions' } as const;

export function NewAccountScreen() {
  return <AccountWizard mode="new" />;
}

/** /accounts/{accountId}/config: the account of the path, with what uses its providers and solutions. */
export function EditAccountScreen() {
  const { account, accountId } = useCurrentScope();
  const queryClient = useQueryClient();
  if (account) return <AccountWizard key={account.version} mode="edit" account={account} />;
  const failed = accountId !== undefined && queryClient.getQueryState(accountQueryKey(accountId))?.status === 'error';
  return (
    <div className="screen">
      <PageHeader title="Edit Account" />
      {failed ? (
        <EmptyState role="alert" title={CATALOGUE['not-loaded'].header} description={CATALOGUE['not-loaded'].content} />
      ) : (
        <LoadingBlock label="Loading account…" />
      )}
    </div>
  );
}

function AccountWizard({ mode, account }: { mode: EditorMode; account?: Account }) {
  const api = useApi();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const search = useSearch();
  const { isProviderStaff } = useSession();
  const acquirers = useQuery({
    queryKey: ['acquirers'],
    queryFn: ({ signal }) => api.get('/acquirer', { schema: acquirerList, signal }),
    staleTime: 5 * 60_000,
  });

  const original = useMemo(() => (account ? valuesOfAccount(account) : BLANK_WIZARD), [account]);
  const [values, setValues] = useState<WizardValues>(original);
  const [step, setStep] = useState<1 | 2>(1);
  const [errors, setErrors] = useState<StepErrors>({});
  const [saving, setSaving] = useState(false);
  const notice = useFormNotice();
  const focus = useFocusThroughSave(saving);
  const solutionsErrorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // Bumped by each refused save: once its step has rendered, the first field in error takes the focus.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0 && formRef.current) focusFirstFieldInError(formRef.current);
  }, [refusals]);
  const refuse = (found: StepErrors, onStep: 1 | 2) => {
    setErrors(found);
    setStep(onStep);
    setRefusals((count) => count + 1);
  };
  // A new step is announced by moving the focus to its title (not on arrival: the name field has it then).
  const stepFocus = useStepHeadingFocus();
  const goTo = (next: 1 | 2) => {
    stepFocus.moved();
    setStep(next);
  };

  /** What a MID or payments use: the provider cannot be unticked, the solution cannot be deleted. */
  const locks = useMemo(() => {
    const providers = new Set<string>();
    const solutions = new Set<string>();
    for (const provider of account?.providers ?? []) {
      if (provider.usedByMid) providers.add(provider.acquirerId);
      for (const solution of provider.solutions) {
        if (solution.usedByMid) solutions.add(`${provider.acquirerId}/${solution.prettyName}`);
      }
    }
    return { providers, solutions };
  }, [account]);

  const providerNames = useMemo(() => {
    const names = new Map((acquirers.data?.items ?? []).map((acquirer) => [acquirer.id, acquirer.prettyName]));
    for (const provider of account?.providers ?? []) names.set(provider.acquirerId, provider.prettyName);
    return names;
  }, [acquirers.data, account]);

  const changed = !sameWizardValues(original, values);
  // 'You haven't made any changes' holds until the first change.
  const clearNotice = notice.clear;
  useEffect(() => {
    if (changed) clearNotice();
  }, [changed, clearNotice]);
  const title = mode === 'new' ? 'New Account' : 'Edit Account';
  const back = accountEditorReturn({
    accountId: account?.accountId,
    isProviderStaff,
    from: new URLSearchParams(search).get('from'),
  });
  const backHref = back.isList ? listLocation(back.href) : back.href;
  const leave = () => navigate(backHref);

  const cancel = async () => {
    if (!changed) {
      leave();
      return;
    }
    const discard = await confirm({
      title: CANCEL_QUESTION,
      confirmLabel: DISCARD_CHANGES,
      cancelLabel: CONTINUE_LABEL,
      tone: 'warning',
    });
    if (discard) leave();
  };

  const update = (change: Partial<WizardValues>) => setValues((current) => ({ ...current, ...change }));

  const toggleProvider = (id: string, checked: boolean) => {
    const providers = checked ? [...values.providers, id] : values.providers.filter((other) => other !== id);
    update({ providers });
    if (errors.providers && providers.length > 0) setErrors({ ...errors, providers: undefined });
  };

  const goToSolutions = () => {
    const found = nameAndProvidersErrors(values);
    if (hasErrors(found)) {
      refuse(found, 1);
      return;
    }
    setErrors(found);
    goTo(2);
  };

  const save = async () => {
    if (saving) return;
    notice.clear();
    if (mode === 'edit' && !changed) {
      notice.show(asNotice(CATALOGUE['without-changes']));
      return;
    }
    const found = { ...nameAndProvidersErrors(values), ...solutionsErrors(values) };
    if (found.prettyName || found.providers) {
      refuse(found, 1);
      return;
    }
    if (hasErrors(found)) {
      refuse(found, 2);
      return;
    }
    setErrors(found);
    focus.remember();
    setSaving(true);
    try {
      const body = toAccountSave(values, providerNames);
      if (account) {
        // The version it was opened on: a save over another user's is refused, never merged away.
        const update: AccountUpdate = { ...body, version: account.version };
        await api.put(`/account/${account.accountId}`, { body: update });
        await queryClient.invalidateQueries({ queryKey: accountQueryKey(account.accountId) });
        toast.showMessage('successfully-edited');
      } else {
        await api.post('/account', { body });
        toast.showMessage('successfully-created');
      }
      await queryClient.invalidateQueries({ queryKey: ACCOUNT_LIST_QUERY_KEY });
      leave();
    } catch (error) {
      if (!isApiError(error)) {
        notice.show(asNotice(CATALOGUE['unexpected-error']));
      } else if (effectOfStatus(error.status) === 'show-message') {
        if (error.fields.prettyName) refuse({ prettyName: error.fields.prettyName }, 1);
        notice.show(asNotice(error));
      }
    } finally {
      setSaving(false);
    }
  };

  const submit = () => (step === 1 ? goToSolutions() : void save());

  return (
    <div className="screen">
      <PageHeader title={title} subtitle={account?.prettyName} back={{ href: backHref, label: back.label }} />
      <EditorForm
        ref={formRef}
        label={title}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        onEscape={() => void cancel()}
      >
        <WizardSteps titles={[STEP_TITLES[1], STEP_TITLES[2]]} current={step} />
        {step === 1 ? (
          <FormSection title={STEP_TITLES[1]} description="Step 1 of 2">
            <h2 className="visually-hidden" ref={stepFocus.headingRef} tabIndex={-1}>
              Step 1 of 2: {STEP_TITLES[1]}
            </h2>
            <TextField
              label="Account Name"
              placeholder="e.g. New Company"
              required
              autoFocus={stepFocus.arrived()}
              value={values.prettyName}
              onChange={(event) => update({ prettyName: event.target.value })}
              onBlur={() => setErrors({ ...errors, prettyName: nameAndProvidersErrors(values).prettyName })}
              error={errors.prettyName}
            />
            <ProviderChecklist
              acquirers={acquirers.data?.items ?? []}
              loading={acquirers.isPending}
              selected={values.providers}
              locked={locks.providers}
              error={errors.providers}
              onToggle={toggleProvider}
            />
          </FormSection>
        ) : (
          <FormSection title={STEP_TITLES[2]} description="Step 2 of 2. Add the solutions of each provider.">
            <h2 className="visually-hidden" ref={stepFocus.headingRef} tabIndex={-1}>
              Step 2 of 2: {STEP_TITLES[2]}
            </h2>
            <div className="form-field--wide solutions">
              {values.providers.map((id, index) => (
                <ProviderSolutions
                  key={id}
                  providerId={id}
                  name={providerNames.get(id) ?? id}
                  solutions={values.solutions[id] ?? []}
                  lockedSolutions={locks.solutions}
                  initiallyOpen={index === 0}
                  // 'Add at least one solution': the first provider's input is where to add it.
                  missingSolutionsId={index === 0 && errors.solutions ? solutionsErrorId : undefined}
                  onChange={(names) => {
                    update({ solutions: { ...values.solutions, [id]: names } });
                    if (names.length > 0) setErrors({ ...errors, solutions: undefined });
                  }}
                />
              ))}
              {errors.solutions ? (
                <p id={solutionsErrorId} className="solutions__error" role="alert">
                  {errors.solutions}
                </p>
              ) : null}
            </div>
          </FormSection>
        )}
        <FormActionBar notice={notice.notice}>
          {step === 1 ? (
            <>
              <Button onMouseDown={(event) => event.preventDefault()} onClick={() => void cancel()}>
                Cancel
              </Button>
              <Button type="submit" variant="primary">
                Continue
              </Button>
            </>
          ) : (
            <>
              <Button onClick={() => goTo(1)} disabled={saving}>
                Go Back
              </Button>
              <Button onClick={() => void cancel()} disabled={saving}>
                Discard
              </Button>
              <Button type="submit" variant="primary" loading={saving}>
                Save
              </Button>
            </>
          )}
        </FormActionBar>
      </EditorForm>
    </div>
  );
}

interface ProviderChecklistProps {
  acquirers: { id: string; prettyName: string; description: string }[];
  loading: boolean;
  selected: readonly string[];
  locked: ReadonlySet<string>;
  error: string | undefined;
  onToggle: (id: string, checked: boolean) => void;
}

function ProviderChecklist({ acquirers, loading, selected, locked, error, onToggle }: ProviderChecklistProps) {
  const errorId = useId();
  return (
    <fieldset
      className="form-field--wide providers"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="field__label">Providers</legend>
      {loading ? <LoadingBlock label="Loading providers…" /> : null}
      <div className="providers__grid">
        {acquirers.map((acquirer) => {
          const isLocked = locked.has(acquirer.id) && selected.includes(acquirer.id);
          return (
            <div key={acquirer.id} className="providers__item">
              <Checkbox
                label={acquirer.prettyName}
                checked={selected.includes(acquirer.id)}
                disabled={isLocked}
                aria-describedby={isLocked ? `${errorId}-${acquirer.id}` : undefined}
                onChange={(event) => onToggle(acquirer.id, event.target.checked)}
              />
              {isLocked ? (
                <span id={`${errorId}-${acquirer.id}`} className="providers__lock">
                  <LockIcon /> Used by a MID
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
      {error ? (
        <div id={errorId} className="field__error" role="alert">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}

interface ProviderSolutionsProps {
  providerId: string;
  name: string;
  solutions: readonly string[];
  lockedSolutions: ReadonlySet<string>;
  initiallyOpen: boolean;
  /** The id of the wizard's 'no solution' message when this provider's input is where to fix it. */
  missingSolutionsId?: string | undefined;
  onChange: (names: string[]) => void;
}

/** One provider's accordion: its solutions with their count, delete (unless in use) and '+Add'. */
function ProviderSolutions({
  providerId,
  name,
  solutions,
  lockedSolutions,
  initiallyOpen,
  missingSolutionsId,
  onChange,
}: ProviderSolutionsProps) {
  const confirm = useConfirm();
  const [open, setOpen] = useState(initiallyOpen);
  // Open where the missing solution goes, so the focus can reach its input.
  if (missingSolutionsId && !open) setOpen(true);
  const [input, setInput] = useState('');
  const [error, setError] = useState<string>();
  const [added, setAdded] = useState(false);
  const panelId = useId();
  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(false), SOLUTION_ADDED_MS);
    return () => clearTimeout(timer);
  }, [added]);

  const add = async () => {
    const typed = solutionsToAdd(input, solutions);
    if (typed.invalid) {
      setError(typed.invalid);
      return;
    }
    if (typed.added.length === 0) {
      if (typed.duplicated.length > 0) setError(ACCOUNT_MESSAGES.allDuplicated);
      return;
    }
    if (typed.duplicated.length > 0) {
      const proceed = await confirm({
        title: 'These Solutions are already on the list:',
        content: (
          <div className="solutions__duplicates">
            <ul>
              {typed.duplicated.map((solution) => (
                <li key={solution}>{solution}</li>
              ))}
            </ul>
            <p>We will only add the following new ones:</p>
            <ul>
              {typed.added.map((solution) => (
                <li key={solution}>{solution}</li>
              ))}
            </ul>
          </div>
        ),
        confirmLabel: 'Add Solutions',
        cancelLabel: 'Cancel',
        tone: 'warning',
      });
      if (!proceed) return;
    }
    onChange([...solutions, ...typed.added]);
    setInput('');
    setError(undefined);
    setAdded(true);
  };

  const remove = async (solution: string) => {
    const sure = await confirm({
      title: 'Are you sure that you want to delete this solution?',
      content: solution,
      confirmLabel: 'Delete',
      tone: 'danger',
    });
    if (sure) onChange(solutions.filter((other) => other !== solution));
  };

  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter here adds what was typed; it does not save the wizard.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void add();
  };

  return (
    <section className="solutions__provider">
      <h3 className="solutions__heading">
        <button
          type="button"
          className="solutions__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          {open ? <ChevronDownIcon /> : <ChevronRightIcon />}
          <span>{name}</span>
          <Badge tone="neutral" title={`${solutions.length} solutions`}>
            {solutions.length}
          </Badge>
        </button>
      </h3>
      <div id={panelId} className="solutions__panel" hidden={!open}>
        {solutions.length === 0 ? (
          <p className="solutions__empty">No solutions yet.</p>
        ) : (
          <ul className="solutions__list" aria-label={`Solutions of ${name}`}>
            {solutions.map((solution) => (
              <li key={solution} className="solutions__item">
                <span>{solution}</span>
                {lockedSolutions.has(`${providerId}/${solution}`) ? (
                  <span className="providers__lock">
                    <LockIcon /> In use
                  </span>
                ) : (
                  <IconButton
                    aria-label={`Delete solution ${solution}`}
                    size="sm"
                    variant="ghost"
                    icon={<TrashIcon />}
                    onClick={() => void remove(solution)}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
        <div className="solutions__add">
          <TextField
            label={`New solutions for ${name}`}
            placeholder="e.g. Cards EU; Recurring"
            hint="Separate several solutions with semicolons."
            value={input}
            onChange={(event) => {
              setInput(event.target.value);
              setError(undefined);
            }}
            onKeyDown={addOnEnter}
            error={error}
            aria-invalid={missingSolutionsId ? true : undefined}
            aria-describedby={missingSolutionsId}
          />
          <Button onClick={() => void add()}>+Add</Button>
        </div>
        <p className="solutions__added" role="status">
          {added ? SOLUTION_ADDED : ''}
        </p>
      </div>
    </section>
  );
}
