import { useAnalytics } from '@console/analytics/analytics-provider';
import { isApiError } from '@console/api/errors';
import { useCurrentScope } from '@console/app/current-scope';
import { EditorForm, FormActions, FormSection } from '@console/forms/form-layout';
import { useFormFields } from '@console/forms/use-form-fields';
import { continueLabel, DISCARD_CHANGES, type EditorMode, useSavingPattern } from '@console/forms/use-saving-pattern';
import { useApi, useSession } from '@console/session/session-provider';
import { listLocation } from '@console/table/list-memory';
import { Banner } from '@console/ui/banner';
import { Button } from '@console/ui/button';
import { useConfirm } from '@console/ui/confirm';
import { Modal } from '@console/ui/modal';
import { PageHeader } from '@console/ui/page-header';
import { Select } from '@console/ui/select';
import { LoadingBlock } from '@console/ui/spinner';
import { TextField } from '@console/ui/text-field';
import { useToast } from '@console/ui/toast';
import { type MidDetail, type MidSave, midCreated, midForm } from '@domain/contract/mids';
import { FORCE_3DS_LABELS, FORCE_3DS_VALUES } from '@domain/enums';
import { CATALOGUE, type ErrorDependant } from '@domain/errors';
import { acquirerTemplate, customConfigSchema, FORCE_3DS_HELP, MID_MESSAGES } from '@domain/mids';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { ROUTING_CRITERIA, ROUTING_CRITERION_LABELS, type RoutingCriterion } from '@domain/routing-criteria';
import { fieldErrors } from '@domain/validation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { editAccountPath } from '../accounts/account-paths';
import { listsQueryKey } from '../lists/list-paths';
import { useListSuggestions } from '../lists/use-list-suggestions';
import { editRoutePath } from '../routes/route-paths';
import { RadioList, TemplateInput } from './mid-form-inputs';
import {
  BLANK_MID,
  type Criteria,
  comparable,
  criteriaOf,
  type MidFormValues,
  valuesOf,
  withCriteria,
} from './mid-form-values';
import {
  editMidPath,
  midDetailPath,
  midListQueryKey,
  midQueryKey,
  midsPath,
  newMidPath,
  templateQueryKey,
} from './mid-paths';
import { MidUnexpectedError } from './mid-unexpected-error';
import { VariableField } from './variable-field';
import './mids.css';

// The MID form (spec 2, sections 2.3, 4, 5 and 8) on the saving pattern every editor follows: the New MID and Edit
// MID screens show it, and other areas may embed it (the route wizard's 'Create New MID'). The payments solution
// comes first; the acquirer's own fields follow its template; variables are added one by one and closing one clears
// it. The rules are the server's (midForm in src/domain), so both say the same thing about the same value.

export const MID_SUBTITLE = 'Fill out the form below';

/** The MID form inside another editor (the route wizard's 'Create New MID'): it creates, then hands the id back. */
export interface EmbeddedMidForm {
  /** The variables the new MID starts with (the route's, so the new MID takes its orders). */
  criteria: Criteria;
  onCreated: (midId: string) => void;
  onCancel: () => void;
}

export interface MidEditorProps {
  mode: EditorMode;
  accountId: string;
  merchantId: string;
  mid?: MidDetail;
  duplicateOf?: MidDetail;
  embedded?: EmbeddedMidForm;
}

/** A failure the server did not explain: unreachable, or an answer outside the contract (spec 2.8: the banner). */
const isUnexpected = (error: unknown) => !isApiError(error) || error.status === 0 || error.key === 'unexpected-error';

export function MidEditor({ mode, accountId, merchantId, mid, duplicateOf, embedded }: MidEditorProps) {
  const api = useApi();
  const toast = useToast();
  const confirm = useConfirm();
  const analytics = useAnalytics();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { grants } = useSession();
  const { account } = useCurrentScope();
  const [withTransactions, setWithTransactions] = useState(false);
  const [refusingRoutes, setRefusingRoutes] = useState<ErrorDependant[]>();
  const [saveFailed, setSaveFailed] = useState(false);
  const original = useMemo(
    () =>
      mid
        ? valuesOf(mid)
        : duplicateOf
          ? withCriteria(criteriaOf(duplicateOf))
          : embedded
            ? withCriteria(embedded.criteria)
            : BLANK_MID,
    [mid, duplicateOf, embedded],
  );

  const [acquirerId, setAcquirerId] = useState(original.acquirerId);
  const template = useQuery({
    queryKey: templateQueryKey(accountId, acquirerId),
    queryFn: ({ signal }) =>
      api.get(`/account/${accountId}/acquirer/${acquirerId}/template`, { schema: acquirerTemplate, signal }),
    enabled: acquirerId !== '',
    staleTime: 5 * 60_000,
  });
  const templateFields = template.data?.fields;
  // Credentials stay with the MID while its provider stays; another provider's template starts empty.
  const storedSecrets = mid && acquirerId === mid.acquirerId ? mid.storedSecrets : [];
  const schema = useMemo(() => midForm(templateFields ?? [], storedSecrets), [templateFields, storedSecrets]);
  const fields = useFormFields<MidFormValues>({ initial: original, schema });
  const values = fields.values;

  const suggestions = useListSuggestions(merchantId);
  const listed = { url: suggestions.urls, customTag: suggestions.tags };

  const leave = () =>
    embedded
      ? embedded.onCancel()
      : navigate(mid ? midDetailPath(accountId, merchantId, mid.midId) : listLocation(midsPath(accountId, merchantId)));

  const saving = useSavingPattern<MidFormValues, MidSave & { open: RoutingCriterion[] }>({
    mode,
    original,
    fields,
    comparable,
    save: async ({ open, ...data }) => {
      setSaveFailed(false);
      let createdId: string | undefined;
      const criteria = Object.fromEntries(
        ROUTING_CRITERIA.map((criterion) => [criterion, open.includes(criterion) ? data[criterion] : []]),
      );
      // An empty credential keeps the stored one; an empty optional field is simply not set.
      const customConfig = Object.fromEntries(Object.entries(data.customConfig).filter(([, value]) => value !== ''));
      const body = { ...data, ...criteria, customConfig, ...(duplicateOf ? { isDuplicate: true } : {}) };
      if (mid) {
        // The version the form was opened on: a save over another user's newer one is refused (409 mid-changed).
        await api.put(`/merchant/${merchantId}/mid/${mid.midId}`, { body: { ...body, version: mid.version } });
        toast.showMessage('successfully-edited');
      } else {
        const created = await api.post(`/merchant/${merchantId}/mid`, { body, schema: midCreated });
        toast.showMessage(duplicateOf ? 'successfully-duplicated' : 'successfully-created');
        createdId = created.midId;
      }
      const refreshed = Promise.all([
        queryClient.invalidateQueries({ queryKey: midListQueryKey(merchantId) }),
        mid ? queryClient.invalidateQueries({ queryKey: midQueryKey(merchantId, mid.midId) }) : null,
        queryClient.invalidateQueries({ queryKey: listsQueryKey(merchantId) }),
      ]);
      // Spec 2, section 4: after a save the product returns to the list (or to the editor that embeds the form). The
      // list goes at once: waiting for the refetches left the saved form on screen, where a click was then undone; the
      // list reads its stale data afresh when it mounts. The embedding editor waits, as it reads the new MID next.
      if (embedded && createdId) {
        await refreshed;
        embedded.onCreated(createdId);
      } else navigate(listLocation(midsPath(accountId, merchantId)));
    },
    onSaveError: (error) => {
      if (isUnexpected(error)) {
        setSaveFailed(true);
        return true;
      }
      if (!isApiError(error)) return false;
      if (error.key === 'mid-with-transactions') setWithTransactions(true);
      // The variables to blame carry their own messages already; the dialog names the routes to change first.
      else if (error.key === 'mid-routes-bad-config') setRefusingRoutes(error.dependants);
      else return false;
      return true;
    },
    leave,
  });

  /** A link out of the form: with changes, it asks first, as Cancel does. */
  const leaveBy = (href: string) => (event: MouseEvent) => {
    if (!saving.changed) return;
    event.preventDefault();
    setRefusingRoutes(undefined);
    void confirm({
      title: CATALOGUE['confirm-cancel-changes'].header,
      confirmLabel: DISCARD_CHANGES,
      cancelLabel: continueLabel(mode),
      tone: 'warning',
    }).then((discard) => discard && navigate(href));
  };

  const providers = account?.providers ?? [];
  const provider = providers.find((item) => item.acquirerId === values.acquirerId);
  const locked = mid?.hasTransactions === true;
  const chooseProvider = (next: string) => {
    setAcquirerId(next);
    fields.setValue('acquirerId', next);
    fields.setValue('solutionId', '');
    fields.setValue('customConfig', {});
  };

  const setCriterion = (criterion: RoutingCriterion, next: string[]) => {
    if (criterion === 'url' || criterion === 'customTag') {
      const added = next.filter((item) => !values[criterion].includes(item) && !listed[criterion].includes(item));
      if (added.length) analytics.track(criterion === 'url' ? 'add_url_mid' : 'add_customtag_mid');
    }
    fields.setValue(criterion, next);
  };
  const openVariable = (criterion: RoutingCriterion) => fields.setValue('open', [...values.open, criterion]);
  const closeVariable = (criterion: RoutingCriterion) => {
    fields.setValue(criterion, []);
    fields.setValue(
      'open',
      values.open.filter((item) => item !== criterion),
    );
  };

  // The form keeps one message per top-level field; each template field shows its own, once it was left or a save
  // was tried (while the form shows any message for customConfig, so a server's message shows too).
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const configErrors = useMemo(() => {
    const parsed = customConfigSchema(templateFields ?? [], storedSecrets).safeParse(values.customConfig);
    return parsed.success ? {} : fieldErrors(parsed.error);
  }, [templateFields, storedSecrets, values.customConfig]);
  const configShown = fields.errorOf('customConfig');
  const configErrorOf = (name: string) =>
    configShown !== undefined && (attempted || touched.has(name)) ? (configErrors[name] ?? undefined) : undefined;

  const canEditRoutes = can(grants, P.routeUpdate) && can(grants, P.routeSelect);
  const title = mode === 'new' ? 'New MID' : 'Edit MID';
  // The account editor comes back here (Back, Cancel, Save), to this form as it was opened.
  const accountEditor = editAccountPath(
    accountId,
    mid ? editMidPath(accountId, merchantId, mid.midId) : newMidPath(accountId, merchantId, duplicateOf?.midId),
  );
  const form = (
    <>
      <EditorForm
        label={title}
        onSubmit={(event) => {
          setAttempted(true);
          void saving.submit(event);
        }}
        onEscape={() => void saving.cancel()}
      >
        {mid?.hasRoutes ? (
          // Spec 2, section 8: the 'mids-in-use' warning, with the way to the routes that use the MID.
          <Banner
            type="warning"
            header={CATALOGUE['mids-in-use'].header}
            content="New variables must still take every order those routes send it."
          >
            <Link
              href={midDetailPath(accountId, merchantId, mid.midId)}
              onClick={leaveBy(midDetailPath(accountId, merchantId, mid.midId))}
            >
              See the routes in MID Detail
            </Link>
          </Banner>
        ) : null}
        <FormSection
          title="Payments Solution"
          description={
            can(grants, P.accountUpdate) && !locked && !embedded ? (
              // Spec 2.1: an administrator or a payments specialist adds a missing provider or solution from here.
              // In the section's header, so the tab order runs Provider, Solution, Description without a stop.
              <>
                The provider and solution the MID processes on. Missing one?{' '}
                <Link href={accountEditor} onClick={leaveBy(accountEditor)}>
                  Add it to the account
                </Link>
                .
              </>
            ) : (
              'The provider and solution the MID processes on.'
            )
          }
        >
          {locked ? (
            <div className="form-field--wide">
              <Banner type="info" header={MID_MESSAGES.hasTransactions} />
            </div>
          ) : null}
          <Select
            label="Provider"
            placeholder="Select a provider"
            required
            disabled={locked}
            options={providers.map((item) => ({ value: item.acquirerId, label: item.prettyName }))}
            {...fields.bindText('acquirerId')}
            onChange={(event) => chooseProvider(event.target.value)}
            autoFocus={!locked}
          />
          <Select
            label="Solution"
            placeholder={provider ? 'Select a solution' : 'Select a provider first'}
            required
            disabled={locked || !provider}
            options={(provider?.solutions ?? []).map((solution) => ({
              value: solution.id,
              label: solution.prettyName,
            }))}
            {...fields.bindText('solutionId')}
          />
        </FormSection>

        <FormSection title="Main information">
          {/* With the payments solution locked, the editor starts here, so Escape and Tab work from the first key. */}
          <TextField label="Description" required autoFocus={locked} {...fields.bindText('description')} />
          <TextField
            label="MID Solution"
            required
            hint="The MID's own identifier at the provider"
            className="mono-input"
            {...fields.bindText('midAcquirerId')}
          />
        </FormSection>

        {values.acquirerId ? (
          <FormSection title={`${provider?.prettyName ?? 'Provider'} fields`}>
            {templateFields ? (
              templateFields.length === 0 ? (
                <p className="form-field--wide field__error" role="alert">
                  {MID_MESSAGES.noTemplate}
                </p>
              ) : (
                templateFields.map((field) => (
                  <TemplateInput
                    key={field.name}
                    field={field}
                    stored={storedSecrets.includes(field.name)}
                    value={values.customConfig[field.name] ?? ''}
                    error={configErrorOf(field.name)}
                    onChange={(value) =>
                      fields.setValue('customConfig', { ...values.customConfig, [field.name]: value })
                    }
                    onBlur={() => {
                      setTouched((current) => new Set(current).add(field.name));
                      fields.blur('customConfig');
                    }}
                  />
                ))
              )
            ) : template.isError ? (
              <MidUnexpectedError onRetry={() => void template.refetch()} />
            ) : (
              <LoadingBlock label="Loading the provider's fields…" />
            )}
          </FormSection>
        ) : null}

        <FormSection title="Force 3DS" description="How this MID asks for 3-D Secure authentication.">
          <RadioList
            label="Force 3DS"
            value={values.force3ds}
            onChange={(value) => fields.setValue('force3ds', value)}
            options={FORCE_3DS_VALUES.map((value) => ({
              value,
              label: FORCE_3DS_LABELS[value],
              help: FORCE_3DS_HELP[value],
            }))}
          />
        </FormSection>

        <FormSection
          title="Variables"
          description="Payments must match every variable set here. A variable left out accepts any value."
        >
          {suggestions.failed ? <MidUnexpectedError onRetry={suggestions.retry} /> : null}
          {values.open.map((criterion) => (
            <VariableField
              key={criterion}
              criterion={criterion}
              values={values[criterion]}
              error={fields.errorOf(criterion)}
              suggestions={criterion === 'url' || criterion === 'customTag' ? listed[criterion] : undefined}
              canAddToList={can(grants, criterion === 'url' ? P.urlCreate : P.tagCreate)}
              autoFocus={!original.open.includes(criterion)}
              onChange={(next) => setCriterion(criterion, next)}
              onBlur={() => fields.blur(criterion)}
              onClose={() => closeVariable(criterion)}
            />
          ))}
          <fieldset className="form-field--wide mid-form__add-variables">
            <legend className="visually-hidden">Add a variable</legend>
            {ROUTING_CRITERIA.filter((criterion) => !values.open.includes(criterion)).map((criterion) => (
              <Button key={criterion} size="sm" onClick={() => openVariable(criterion)}>
                + {ROUTING_CRITERION_LABELS[criterion]}
              </Button>
            ))}
          </fieldset>
        </FormSection>
        {saveFailed ? <MidUnexpectedError /> : null}
        <FormActions pattern={saving} />
      </EditorForm>
      <Modal
        open={withTransactions}
        onClose={() => setWithTransactions(false)}
        title={CATALOGUE['mid-with-transactions'].header}
        width={460}
        footer={
          <Button variant="primary" onClick={() => setWithTransactions(false)}>
            Got it
          </Button>
        }
      >
        <p>{CATALOGUE['mid-with-transactions'].content}</p>
      </Modal>
      <Modal
        open={refusingRoutes !== undefined}
        onClose={() => setRefusingRoutes(undefined)}
        title={CATALOGUE['mid-routes-bad-config'].header}
        width={520}
        footer={
          <Button variant="primary" onClick={() => setRefusingRoutes(undefined)}>
            Got it
          </Button>
        }
      >
        <p>{CATALOGUE['mid-routes-bad-config'].content}</p>
        <ul className="mid-routes" aria-label="Routes these variables would refuse">
          {refusingRoutes?.map((route) => (
            <li key={route.id}>
              {route.description}{' '}
              {canEditRoutes ? (
                <Link
                  href={editRoutePath(accountId, merchantId, route.id)}
                  aria-label={`Edit route ${route.description}`}
                  onClick={leaveBy(editRoutePath(accountId, merchantId, route.id))}
                >
                  Edit route
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      </Modal>
    </>
  );
  if (embedded) return form;
  return (
    <div className="screen">
      <PageHeader
        title={title}
        subtitle={MID_SUBTITLE}
        back={
          mid
            ? { href: midDetailPath(accountId, merchantId, mid.midId), label: 'Back to MID Detail' }
            : { href: listLocation(midsPath(accountId, merchantId)), label: 'Back to MIDs' }
        }
      />
      {form}
    </div>
  );
}
