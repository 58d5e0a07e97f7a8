import { useHoldKeys } from '@console/commands/key-queue';
import { useRegisterCommands } from '@console/commands/registry';
import type { Command } from '@console/commands/types';
import { useSession } from '@console/session/session-provider';
import { NotFoundPage } from '@console/shell/not-found-page';
import { listLocation } from '@console/table/list-memory';
import { EmailLink } from '@console/ui/breakable-text';
import { Button } from '@console/ui/button';
import { DetailField, DetailFields, DetailSection, orDash } from '@console/ui/detail-section';
import { EmptyState } from '@console/ui/empty-state';
import { PageHeader } from '@console/ui/page-header';
import { LoadingBlock } from '@console/ui/spinner';
import { Tooltip } from '@console/ui/tooltip';
import type { User } from '@domain/contract/users';
import { USER_TYPE_LABELS } from '@domain/enums';
import { CATALOGUE } from '@domain/errors';
import { formatDateTime } from '@domain/format';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { Link, useLocation } from 'wouter';
import { allowedUserActions, type UserActionsAllowed } from './user-access';
import { useUserActions } from './user-actions';
import { USER_COMMAND_IDS, useNewUserCommands } from './user-commands';
import { editUserPath, USERS_PATH } from './user-paths';
import { useUserRecord } from './user-queries';
import { UserStatus } from './user-status';
import './users.css';

const NOTHING_ALLOWED: UserActionsAllowed = { view: false, edit: false, delete: false, resend: false };

/** The detail screen's commands: Edit user (`e`), Delete user and Resend invitation, each with its permission. */
function useUserDetailCommands(user: User | undefined, allowed: UserActionsAllowed) {
  const { deleteUser, remindUser } = useUserActions();
  const [, navigate] = useLocation();
  const commands: Command[] = [];
  if (user && allowed.edit) {
    commands.push({
      id: USER_COMMAND_IDS.editUser,
      title: 'Edit user',
      group: 'Actions',
      keys: ['e'],
      scope: 'page',
      keywords: ['change', 'role', 'deactivate'],
      run: (ctx) => ctx.navigate(editUserPath(user.userId)),
    });
  }
  if (user && allowed.resend) {
    commands.push({
      id: USER_COMMAND_IDS.resendInvitation,
      title: 'Resend invitation',
      group: 'Actions',
      scope: 'page',
      keywords: ['reminder', 'invite'],
      run: async () => {
        await remindUser(user);
      },
    });
  }
  if (user && allowed.delete) {
    commands.push({
      id: USER_COMMAND_IDS.deleteUser,
      title: 'Delete user',
      group: 'Actions',
      scope: 'page',
      keywords: ['remove'],
      run: async () => {
        if (await deleteUser(user)) navigate(listLocation(USERS_PATH));
      },
    });
  }
  useRegisterCommands(commands, [user, allowed.edit, allowed.resend, allowed.delete, deleteUser, remindUser, navigate]);
  return { deleteUser, remindUser };
}

function AccountsSection({ user, linkAccounts }: { user: User; linkAccounts: boolean }) {
  return (
    <DetailSection title="Accounts">
      {user.accountsList.length === 0 ? (
        <p className="text-muted">There are no linked accounts.</p>
      ) : (
        <ul className="user-detail__accounts" aria-label="Linked accounts">
          {user.accountsList.map((account) => (
            <li key={account.accountId} className="user-detail__account">
              {linkAccounts ? (
                <Link href={`/accounts/${account.accountId}/merchants`}>{account.prettyName}</Link>
              ) : (
                <span>{account.prettyName}</span>
              )}
              <span className="mono">{account.shortId}</span>
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}

/** /users/detail/{userId}: the user's main information and accounts, with the actions the acting user has. */
export function UserDetailScreen({ userId }: { userId: string }) {
  const { grants, isProviderStaff, userId: actingUserId } = useSession();
  const canView = can(grants, P.userSelect);
  const record = useUserRecord(canView ? userId : undefined);
  const [, navigate] = useLocation();
  const user = record.data;
  const allowed = user ? allowedUserActions(grants, user, actingUserId) : NOTHING_ALLOWED;
  useNewUserCommands();
  const { deleteUser, remindUser } = useUserDetailCommands(user, allowed);
  // `e` typed while the user loads waits for the Edit command instead of vanishing.
  useHoldKeys(record.isLoading);

  if (!canView) return <NotFoundPage />;
  const back = { href: listLocation(USERS_PATH), label: 'Back to Users' };

  const actions = user ? (
    <>
      {allowed.resend ? <Button onClick={() => void remindUser(user)}>Resend invitation</Button> : null}
      {allowed.delete ? (
        <Button
          variant="danger"
          onClick={async () => {
            if (await deleteUser(user)) navigate(listLocation(USERS_PATH));
          }}
        >
          Delete
        </Button>
      ) : null}
      {allowed.edit ? (
        <Tooltip content="Edit user" keys="e">
          <Button variant="primary" onClick={() => navigate(editUserPath(user.userId))}>
            Edit
          </Button>
        </Tooltip>
      ) : null}
    </>
  ) : null;

  return (
    <div className="screen">
      <PageHeader title={user?.fullName.trim() || 'User detail'} back={back} actions={actions} />
      {user ? (
        <div className="detail-sections">
          <DetailSection title="Main information">
            <DetailFields>
              <DetailField label="Name">{orDash(user.fullName.trim())}</DetailField>
              <DetailField label="E-mail">
                <EmailLink email={user.email} />
              </DetailField>
              <DetailField label="Job title">{orDash(user.jobTitle)}</DetailField>
              <DetailField label="Role">{user.role.prettyName}</DetailField>
              <DetailField label="Type">{USER_TYPE_LABELS[user.userType]}</DetailField>
              <DetailField label="Status">
                <UserStatus status={user.status} />
              </DetailField>
              <DetailField label="Last activity">{orDash(formatDateTime(user.lastActivity))}</DetailField>
            </DetailFields>
          </DetailSection>
          <AccountsSection user={user} linkAccounts={isProviderStaff} />
        </div>
      ) : record.isError ? (
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
