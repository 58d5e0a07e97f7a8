import { PERMISSIONS as P, type Permission } from './permissions';

// The permission set of each role. The spec names the roles but not their sets (spec 2, section 6), so this is our
// matrix; the README renders it. Account roles never hold account.read (the accounts list is for provider staff).

const READ_ALL: Permission[] = [
  P.accountSelect,
  P.merchantRead,
  P.merchantSelect,
  P.midRead,
  P.midSelect,
  P.routeRead,
  P.routeSelect,
  P.urlRead,
  P.tagRead,
  P.transactionRead,
  P.transactionSelect,
  P.transactionAlertRead,
  P.transactionAlertSelect,
  P.chargebackRead,
  P.chargebackSelect,
  P.counterRead,
  P.limitRead,
  P.overviewRead,
  P.planRead,
  P.planSelect,
  P.subscriptionRead,
  P.subscriptionSelect,
  P.invoiceRead,
  P.invoiceSelect,
];

const EXPORTS: Permission[] = [
  P.midExport,
  P.routeExport,
  P.transactionExport,
  P.transactionAlertExport,
  P.chargebackExport,
  P.subscriptionExport,
];

const PAYMENTS_WORK: Permission[] = [
  P.transactionRefund,
  P.chargebackUpdate,
  P.chargebackDownload,
  P.chargebackFraudTypeUpdate,
  P.chargebackTemplateRead,
  P.chargebackTemplateDownload,
  P.subscriptionUpdate,
  P.routeSimulate,
];

const CONFIGURATION: Permission[] = [
  P.merchantCreate,
  P.merchantUpdate,
  P.midCreate,
  P.midUpdate,
  P.midDelete,
  P.routeCreate,
  P.routeUpdate,
  P.routeDelete,
  P.urlCreate,
  P.urlDelete,
  P.tagCreate,
  P.tagDelete,
  P.limitUpdate,
  P.alertUpdate,
  P.alertDelete,
  P.planCreate,
  P.planUpdate,
];

const USER_ADMIN: Permission[] = [
  P.userRead,
  P.userSelect,
  P.accountUserCreate,
  P.accountUserUpdate,
  P.accountUserDelete,
  P.userActivityRead,
  P.userActivitySelect,
];

const uniq = (list: Permission[]) => [...new Set(list)].sort();

export interface RoleDefinition {
  name: string;
  prettyName: string;
  internal: boolean;
  permissions: readonly string[];
  /** Grants everything, whatever the list says (spec 1, section 6). */
  allAllowed?: boolean;
}

export const ROLE_DEFINITIONS: readonly RoleDefinition[] = [
  {
    name: 'ADMINISTRATOR',
    prettyName: 'Administrator',
    internal: false,
    permissions: uniq([
      ...READ_ALL,
      ...EXPORTS,
      ...PAYMENTS_WORK,
      ...CONFIGURATION,
      ...USER_ADMIN,
      P.accountUpdate,
      P.merchantCredentialsRead,
      P.chargebackTemplateCreate,
      P.chargebackTemplateDelete,
      P.invoiceDownload,
      P.invoiceTemplateDownload,
      P.savedViewShare,
    ]),
  },
  {
    name: 'MANAGER',
    prettyName: 'Manager',
    internal: false,
    permissions: uniq([
      ...READ_ALL,
      ...EXPORTS,
      ...PAYMENTS_WORK,
      ...CONFIGURATION,
      P.userRead,
      P.userSelect,
      P.userActivityRead,
      P.userActivitySelect,
      P.invoiceDownload,
      P.savedViewShare,
    ]),
  },
  {
    name: 'PAYMENTS_SPECIALIST',
    prettyName: 'Payments specialist',
    internal: false,
    permissions: uniq([
      ...READ_ALL,
      ...EXPORTS,
      ...PAYMENTS_WORK,
      // Spec 2, section 2.1: a payments specialist may add providers and solutions from the MID screen's hint.
      P.accountUpdate,
      P.midCreate,
      P.midUpdate,
      P.routeCreate,
      P.routeUpdate,
      P.urlCreate,
      P.tagCreate,
    ]),
  },
  {
    name: 'VIEWER',
    prettyName: 'Viewer',
    internal: false,
    permissions: uniq([...READ_ALL]),
  },
  {
    name: 'SUPPORT',
    prettyName: 'Support',
    internal: false,
    permissions: uniq([
      P.accountSelect,
      P.merchantRead,
      P.merchantSelect,
      P.transactionRead,
      P.transactionSelect,
      P.transactionAlertRead,
      P.transactionAlertSelect,
      P.chargebackRead,
      P.chargebackSelect,
      P.chargebackUpdate,
      P.chargebackDownload,
      P.subscriptionRead,
      P.subscriptionSelect,
      P.userRead,
      P.userActivityRead,
    ]),
  },
  {
    name: 'PROVIDER_ADMINISTRATOR',
    prettyName: 'Provider administrator',
    internal: true,
    permissions: ['all.manage'],
    allAllowed: true,
  },
  {
    name: 'PROVIDER_SUPPORT',
    prettyName: 'Provider support',
    internal: true,
    permissions: uniq([P.accountRead, ...READ_ALL, P.userRead, P.userSelect, P.userActivityRead, P.userActivitySelect]),
  },
];

export function roleDefinition(name: string): RoleDefinition | undefined {
  return ROLE_DEFINITIONS.find((role) => role.name === name);
}
