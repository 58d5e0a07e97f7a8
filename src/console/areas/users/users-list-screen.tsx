import { useApi, useSession } from '@console/session/session-provider';
import { DataTable } from '@console/table/data-table';
import type { DataColumn, FetchPage, FilterDefinition, RowMenuItem, TableExport } from '@console/table/types';
import { FirstTwo } from '@console/ui/first-two';
import { PageHeader } from '@console/ui/page-header';
import { type User, userList } from '@domain/contract/users';
import { USER_STATUS_LABELS, USER_STATUSES, USER_TYPE_LABELS, USER_TYPES } from '@domain/enums';
import { formatDateTime } from '@domain/format';
import { can, canSome, PERMISSIONS as P } from '@domain/permissions';
import { USER_QUERY_KEYS } from '@domain/search-query';
import { useCallback, useMemo } from 'react';
import { useLocation } from 'wouter';
import { NewUserButton } from './new-user-button';
import { allowedUserActions } from './user-access';
import { useUserActions } from './user-actions';
import { useNewUserCommands } from './user-commands';
import { userDisplayName } from './user-labels';
import { editUserPath, userDetailPath } from './user-paths';
import { USER_LIST_QUERY_KEY, useAccountOptions } from './user-queries';
import { UserStatus } from './user-status';
import './users.css';

const USERS_EXPORT: TableExport = { path: '/user/export', fileLabel: 'users' };

/** Users sort by last activity, most recent first (spec 2, section 9). */
export const USERS_DEFAULT_ORDER = '-lastActivity';

function muted(text: string) {
  return text ? text : <span className="text-muted">—</span>;
}

const BASE_COLUMNS: DataColumn<User>[] = [
  {
    id: 'fullName',
    header: 'Name',
    // Names read first name first, so they sort by it.
    sortField: 'firstName',
    width: 'minmax(130px, 1fr)',
    cell: (user) => muted(user.fullName),
  },
  { id: 'email', header: 'E-mail', sortField: 'email', width: 'minmax(180px, 1.4fr)', cell: (user) => user.email },
  {
    id: 'role',
    header: 'Role',
    sortField: 'role',
    width: 'minmax(110px, 0.8fr)',
    cell: (user) => user.role.prettyName,
  },
  {
    id: 'jobTitle',
    header: 'Job title',
    sortField: 'jobTitle',
    width: 'minmax(110px, 0.9fr)',
    cell: (user) => muted(user.jobTitle),
  },
  {
    id: 'status',
    header: 'Status',
    sortField: 'status',
    width: 'minmax(120px, 0.6fr)',
    cell: (user) => <UserStatus status={user.status} />,
  },
  {
    id: 'lastActivity',
    header: 'Last activity',
    sortField: 'lastActivity',
    width: 'minmax(140px, 0.8fr)',
    cell: (user) => muted(formatDateTime(user.lastActivity)),
  },
];

const STAFF_COLUMNS: DataColumn<User>[] = [
  {
    id: 'accounts',
    header: 'Accounts',
    width: 'minmax(150px, 1fr)',
    cell: (user) => <FirstTwo values={user.accountsList.map((account) => account.prettyName)} />,
  },
  {
    id: 'userType',
    header: 'Type',
    sortField: 'userType',
    width: 'minmax(80px, 0.5fr)',
    cell: (user) => USER_TYPE_LABELS[user.userType],
  },
];

const STAFF_TABLE_COLUMNS = [...BASE_COLUMNS, ...STAFF_COLUMNS];

const STATUS_FILTER: FilterDefinition = {
  id: 'status',
  label: 'Status',
  multiple: true,
  options: USER_STATUSES.map((status) => ({ value: status, label: USER_STATUS_LABELS[status] })),
};

const USER_TYPE_FILTER: FilterDefinition = {
  id: 'userType',
  label: 'User Type',
  options: USER_TYPES.map((type) => ({ value: type, label: USER_TYPE_LABELS[type] })),
};

/**
 * The users list (spec 2, section 2.7). Provider staff see every user of their accounts and staff, with the User
 * Type and Account Name filters and the Accounts and Type columns; an account user sees the users of their account.
 */
export function UsersListScreen() {
  const api = useApi();
  const [, navigate] = useLocation();
  const { grants, isProviderStaff, userId: actingUserId } = useSession();
  const { deleteUser, remindUser } = useUserActions();
  const { accounts } = useAccountOptions();
  useNewUserCommands();

  const fetchPage = useCallback<FetchPage<User>>(
    (query, signal) => api.get('/user', { query, schema: userList, signal }),
    [api],
  );

  const filters = useMemo<FilterDefinition[]>(() => {
    if (!isProviderStaff) return [STATUS_FILTER];
    const accountFilter: FilterDefinition = {
      id: 'accountId',
      label: 'Account Name',
      multiple: true,
      options: accounts.map((account) => ({ value: account.accountId, label: account.prettyName })),
    };
    return [USER_TYPE_FILTER, accountFilter, STATUS_FILTER];
  }, [isProviderStaff, accounts]);

  const canView = can(grants, P.userSelect);
  const openUser = useCallback((user: User) => navigate(userDetailPath(user.userId)), [navigate]);

  // Without any user permission beyond reading the list there is no menu column at all.
  const anyRowAction = canSome(grants, [
    P.userSelect,
    P.accountUserUpdate,
    P.accountUserDelete,
    P.accountUserCreate,
    P.internalUserUpdate,
    P.internalUserDelete,
    P.internalUserCreate,
  ]);
  const rowMenu = useCallback(
    (user: User): RowMenuItem[] => {
      const allowed = allowedUserActions(grants, user, actingUserId);
      const items: RowMenuItem[] = [];
      if (allowed.view) items.push({ id: 'view-detail', label: 'View detail', onSelect: () => openUser(user) });
      if (allowed.edit) items.push({ id: 'edit', label: 'Edit', onSelect: () => navigate(editUserPath(user.userId)) });
      if (allowed.resend) {
        items.push({ id: 'resend', label: 'Resend invitation', onSelect: () => void remindUser(user) });
      }
      if (allowed.delete) {
        items.push({
          id: 'delete',
          label: 'Delete',
          danger: true,
          separatorBefore: items.length > 0,
          onSelect: () => void deleteUser(user),
        });
      }
      return items;
    },
    [grants, actingUserId, openUser, navigate, remindUser, deleteUser],
  );

  return (
    <div className="screen users-screen">
      <PageHeader title="Users" actions={<NewUserButton />} />
      <DataTable
        label="Users"
        queryKey={USER_LIST_QUERY_KEY}
        fetchPage={fetchPage}
        columns={isProviderStaff ? STAFF_TABLE_COLUMNS : BASE_COLUMNS}
        filters={filters}
        queryKeys={USER_QUERY_KEYS}
        getRowId={(user) => user.userId}
        rowLabel={userDisplayName}
        onOpenRow={canView ? openUser : undefined}
        rowMenu={anyRowAction ? rowMenu : undefined}
        defaultOrder={USERS_DEFAULT_ORDER}
        searchPlaceholder="Search by name, e-mail or ID"
        emptyText="There are no users to show."
        exportTable={USERS_EXPORT}
      />
    </div>
  );
}
