import { isApiError } from '@console/api/errors';
import { useCurrentScope } from '@console/app/current-scope';
import { useRuntimeConfig } from '@console/app/runtime-config';
import { CheckboxListField } from '@console/forms/checkbox-list-field';
import { EditorForm, FormActions, FormSection } from '@console/forms/form-layout';
import { sameValues, trimmedValues } from '@console/forms/same-values';
import { useFormFields } from '@console/forms/use-form-fields';
import { type EditorMode, useSavingPattern } from '@console/forms/use-saving-pattern';
import { useApi, useSession } from '@console/session/session-provider';
import { NotFoundPage } from '@console/shell/not-found-page';
import { listLocation } from '@console/table/list-memory';
import { Button } from '@console/ui/button';
import { EmptyState } from '@console/ui/empty-state';
import { PageHeader } from '@console/ui/page-header';
import { Select, type SelectOption } from '@console/ui/select';
import { LoadingBlock } from '@console/ui/spinner';
import { TextField } from '@console/ui/text-field';
import { useToast } from '@console/ui/toast';
import type { AccountSummary } from '@domain/contract/auth';
import {
  type AccountUserCreate,
  type InternalUserCreate,
  type User,
  type UserAccountsUpdate,
  type UserFormValues,
  type UserUpdate,
  userFormSchema,
  user as userSchema,
} from '@domain/contract/users';
import { USER_STATUS_LABELS, type UserType } from '@domain/enums';
import { CATALOGUE, effectOfStatus } from '@domain/errors';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { canCreateUser, canEditUserType, canManageInternalUsers } from './user-access';
import { userDisplayName, userFormTitle } from './user-labels';
import { USERS_PATH, userTypeOfSearch } from './user-paths';
import { USER_LIST_QUERY_KEY, useAccountOptions, useRoles, userQueryKey, useUserRecord } from './user-queries';

/** The form's values: the contract's form values, and the status an existing user can be moved between. */
export type UserEditorValues = UserFormValues & { status: string };

const EDITABLE_STATUSES = ['ACTIVE', 'DEACTIVATED'] as const;

/** The fields PUT /user/{userId} carries; the accounts of an internal user go through their own call. */
const MAIN_FIELDS = ['firstName', 'lastName', 'jobTitle', 'roleId', 'accountId', 'status'] as const;

function valuesOfUser(user: User): UserEditorValues {
  return {
    userType: user.userType,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    jobTitle: user.jobTitle,
    roleId: user.role.id,
    accountId: user.accountId ?? '',
    accounts: user.accountsList.map((account) => account.accountId),
    status: user.status,
  };
}

function blankValues(type: UserType, accountId: string): UserEditorValues {
  return {
    userType: type,
    firstName: '',
    lastName: '',
    email: '',
    jobTitle: '',
    roleId: '',
    accountId: type === 'ACCOUNT' ? accountId : '',
    accounts: [],
    status: '',
  };
}

/** Accounts compare as a set: ticking them in another order is not a change. */
function comparable(values: UserEditorValues): unknown {
  return trimmedValues({ ...values, accounts: [...values.accounts].sort() });
}

const pick = (values: UserEditorValues) => Object.fromEntries(MAIN_FIELDS.map((field) => [field, values[field]]));

/** The options, plus the chosen values the acting user cannot list (an account outside their links). */
function accountOptions(available: readonly AccountSummary[], linked: readonly AccountSummary[]): SelectOption[] {
  const known = new Set(available.map((account) => account.accountId));
  return [...available, ...linked.filter((account) => !known.has(account.accountId))].map((account) => ({
    value: account.accountId,
    label: account.prettyName,
  }));
}

/** /users/new?type=0|1 and /users/edit/{userId} (spec 2, sections 2.7 and 5). */
export function UserFormScreen({ mode, userId }: { mode: EditorMode; userId?: string }) {
  const search = useSearch();
  const { grants } = useSession();
  const record = useUserRecord(mode === 'edit' ? userId : undefined);

  if (mode === 'new') {
    const type = userTypeOfSearch(search);
    if (!canCreateUser(grants, type)) return <NotFoundPage />;
    return <UserEditor key={type} mode="new" type={type} />;
  }

  const user = record.data;
  if (user) {
    if (!canEditUserType(grants, user.userType) || user.status === 'DELETED') return <NotFoundPage />;
    return <UserEditor key={user.userId} mode="edit" type={user.userType} user={user} />;
  }
  return (
    <div className="screen">
      <PageHeader title="Edit User" />
      {record.isError ? (
        <EmptyState
          role="alert"
          title={CATALOGUE['not-loaded'].header}
          description={CATALOGUE['not-loaded'].content}
          action={
            <Button size="sm" onClick={() => void record.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <LoadingBlock label="Loading user…" />
      )}
    </div>
  );
}

interface UserEditorProps {
  mode: EditorMode;
  type: UserType;
  user?: User;
}

function UserEditor({ mode, type, user }: UserEditorProps) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { internalDomains } = useRuntimeConfig();
  const { grants, accounts: sessionAccounts, userId: actingUserId } = useSession();
  const { accountId: scopeAccountId } = useCurrentScope();
  const roles = useRoles();
  const { accounts: availableAccounts } = useAccountOptions();

  const manageInternal = canManageInternalUsers(grants);
  // Who cannot manage provider staff creates users in their own account, shown but not changeable.
  const ownAccountId = scopeAccountId ?? sessionAccounts[0]?.accountId ?? '';
  const schema = useMemo(
    () => userFormSchema({ internalDomains, mode, canManageInternal: manageInternal }),
    [internalDomains, mode, manageInternal],
  );
  const original = useMemo(
    () => (user ? valuesOfUser(user) : blankValues(type, manageInternal ? '' : ownAccountId)),
    [user, type, manageInternal, ownAccountId],
  );
  const fields = useFormFields<UserEditorValues>({ initial: original, schema, validateOnBlurOnly: ['email'] });
  const { values } = fields;

  // Nobody changes their own role, status or account: they could lock themselves out (the server refuses it too).
  const self = user?.userId === actingUserId;
  // Invited users become active by accepting the invitation, not here.
  const statusEditable = user !== undefined && !self && (EDITABLE_STATUSES as readonly string[]).includes(user.status);
  const leave = () => navigate(listLocation(USERS_PATH));

  const create = async (data: UserFormValues) => {
    const common = {
      firstName: data.firstName,
      lastName: data.lastName,
      email: data.email,
      jobTitle: data.jobTitle,
      roleId: data.roleId,
    };
    if (type === 'INTERNAL') {
      const body: InternalUserCreate = { ...common, userType: 'INTERNAL', accounts: data.accounts };
      await api.post('/user/admin', { body });
    } else {
      const body: AccountUserCreate = { ...common, userType: 'ACCOUNT', accountId: data.accountId };
      await api.post('/user', { body });
    }
    toast.showMessage('successfully-created', { content: `An invitation has been sent to ${data.email}.` });
  };

  const update = async (data: UserFormValues, current: UserEditorValues, existing: User) => {
    const mainChanged = !sameValues(trimmedValues(pick(original)), trimmedValues(pick(current)));
    const accountsChanged =
      type === 'INTERNAL' && !sameValues([...original.accounts].sort(), [...current.accounts].sort());
    // The version the form was opened on: a save over another administrator's is refused, never merged away.
    let version = existing.version;
    if (mainChanged) {
      const body: UserUpdate = {
        userId: existing.userId,
        userType: existing.userType,
        email: existing.email,
        firstName: data.firstName,
        lastName: data.lastName,
        jobTitle: data.jobTitle,
        roleId: data.roleId || undefined,
        accountId: type === 'ACCOUNT' && current.accountId !== original.accountId ? data.accountId : undefined,
        status:
          statusEditable && current.status !== original.status ? (current.status as UserUpdate['status']) : undefined,
        version,
      };
      version = (await api.put(`/user/${existing.userId}`, { body, schema: userSchema })).version;
    }
    if (accountsChanged) {
      const body: UserAccountsUpdate = { accountIds: current.accounts, version };
      await api.put(`/user/${existing.userId}/account`, { body });
    }
    toast.showMessage('successfully-edited');
    await queryClient.invalidateQueries({ queryKey: userQueryKey(existing.userId) });
  };

  const saving = useSavingPattern<UserEditorValues, UserFormValues>({
    mode,
    original,
    fields,
    comparable,
    save: async (data, current) => {
      if (user) await update(data, current, user);
      else await create(data);
      await queryClient.invalidateQueries({ queryKey: USER_LIST_QUERY_KEY });
      leave();
    },
    onSaveError: (error) => {
      if (mode !== 'new' || !isApiError(error) || effectOfStatus(error.status) !== 'show-message') return false;
      if (error.key === 'user-not-created' || error.status === 409) {
        const message = CATALOGUE['user-not-created'];
        fields.showErrors({ email: error.fields.email ?? message.content });
        return { type: 'error', header: message.header, content: message.content };
      }
      const message = CATALOGUE['user-creation-error'];
      return { type: 'error', header: message.header, content: message.content };
    },
    leave,
    serverFieldNames: { accountIds: 'accounts' },
  });

  const title = userFormTitle(mode, type);

  const roleOptions = (roles.data ?? [])
    .filter((role) => type === 'INTERNAL' || !role.internal || role.id === original.roleId)
    // Provider roles first on the internal form: they are the usual choice there.
    .sort((a, b) => (type === 'INTERNAL' ? Number(b.internal) - Number(a.internal) : 0))
    .map((role) => ({ value: role.id, label: role.prettyName }));
  const linkedAccounts = user?.accountsList ?? [];
  const accountChoices = accountOptions(availableAccounts, linkedAccounts);
  const fixedAccountName =
    [...linkedAccounts, ...sessionAccounts, ...availableAccounts].find(
      (account) => account.accountId === values.accountId,
    )?.prettyName ?? '';

  return (
    <div className="screen">
      <PageHeader title={title} subtitle={user ? userDisplayName(user) : undefined} />
      <EditorForm label={title} onSubmit={(event) => void saving.submit(event)} onEscape={() => void saving.cancel()}>
        <FormSection title="Main information">
          <TextField label="First name" required autoFocus {...fields.bindText('firstName')} />
          <TextField label="Last name" required {...fields.bindText('lastName')} />
          {mode === 'new' ? (
            <TextField
              label="E-mail"
              type="email"
              required
              autoComplete="off"
              inputMode="email"
              {...fields.bindText('email')}
            />
          ) : (
            <TextField
              label="E-mail"
              type="email"
              readOnly
              value={values.email}
              hint="The e-mail cannot be changed once the user exists."
            />
          )}
          <TextField label="Job title" required {...fields.bindText('jobTitle')} />
        </FormSection>
        <FormSection
          title={type === 'INTERNAL' ? 'Role and accounts' : 'Role and account'}
          description={
            type === 'INTERNAL'
              ? 'Provider staff can work on every account linked to them.'
              : 'An account user belongs to one account.'
          }
        >
          <Select
            label="Role"
            placeholder={roles.isPending ? 'Loading roles…' : 'Select a role'}
            options={roleOptions}
            disabled={self}
            hint={self ? 'You cannot change your own role.' : undefined}
            {...fields.bindText('roleId')}
          />
          {statusEditable ? (
            <Select
              label="Status"
              options={EDITABLE_STATUSES.map((status) => ({ value: status, label: USER_STATUS_LABELS[status] }))}
              hint="A deactivated user cannot sign in; their open sessions end at once."
              {...fields.bindText('status')}
            />
          ) : null}
          {type === 'INTERNAL' ? (
            <div className="form-field--wide">
              <CheckboxListField
                label="Accounts"
                options={accountChoices}
                values={values.accounts}
                onChange={(accounts) => fields.setValue('accounts', accounts)}
                onBlur={() => fields.blur('accounts')}
                error={fields.errorOf('accounts')}
              />
            </div>
          ) : manageInternal && !self ? (
            <Select
              label="Account"
              placeholder="Select an account"
              options={accountChoices}
              {...fields.bindText('accountId')}
            />
          ) : (
            <TextField
              label="Account"
              readOnly
              value={fixedAccountName}
              hint={mode === 'new' ? 'Users you create belong to your account.' : undefined}
              error={fields.errorOf('accountId')}
            />
          )}
        </FormSection>
        <FormActions pattern={saving} />
      </EditorForm>
    </div>
  );
}
