import { useSession } from '@console/session/session-provider';
import { canAll, type Grants, PERMISSIONS as P } from '@domain/permissions';
import { useCurrentScope } from './current-scope';
import { lazyScreen } from './lazy-screen';
import type { ScreenDefinition } from './screen-types';

// Every private screen, once. The route table, the side bar, the palette's "Go to" entries and the `g` keys all
// derive from this list, so adding a screen is adding one entry here.

const AccountsListScreen = lazyScreen(() =>
  import('@console/areas/accounts/accounts-list-screen').then((module) => ({ default: module.AccountsListScreen })),
);
const NewAccountScreen = lazyScreen(() =>
  import('@console/areas/accounts/account-wizard-screen').then((module) => ({ default: module.NewAccountScreen })),
);
const EditAccountScreen = lazyScreen(() =>
  import('@console/areas/accounts/account-wizard-screen').then((module) => ({ default: module.EditAccountScreen })),
);
const MerchantsListScreen = lazyScreen(() =>
  import('@console/areas/merchants/merchants-list-screen').then((module) => ({
    default: module.MerchantsListScreen,
  })),
);
const MerchantDetailScreen = lazyScreen(() =>
  import('@console/areas/merchants/merchant-detail-screen').then((module) => ({
    default: module.MerchantDetailScreen,
  })),
);
const NewMerchantScreen = lazyScreen(() =>
  import('@console/areas/merchants/merchant-form-screen').then((module) => ({ default: module.NewMerchantScreen })),
);
const EditMerchantScreen = lazyScreen(() =>
  import('@console/areas/merchants/merchant-form-screen').then((module) => ({ default: module.EditMerchantScreen })),
);
const MyListsScreen = lazyScreen(() =>
  import('@console/areas/lists/my-lists-screen').then((module) => ({ default: module.MyListsScreen })),
);
const MidsListScreen = lazyScreen(() =>
  import('@console/areas/mids/mids-list-screen').then((module) => ({ default: module.MidsListScreen })),
);
const MidDetailScreen = lazyScreen(() =>
  import('@console/areas/mids/mid-detail-screen').then((module) => ({ default: module.MidDetailScreen })),
);
const NewMidScreen = lazyScreen(() =>
  import('@console/areas/mids/mid-form-screen').then((module) => ({ default: module.NewMidScreen })),
);
const EditMidScreen = lazyScreen(() =>
  import('@console/areas/mids/mid-form-screen').then((module) => ({ default: module.EditMidScreen })),
);
const RoutesListScreen = lazyScreen(() =>
  import('@console/areas/routes/routes-list-screen').then((module) => ({ default: module.RoutesListScreen })),
);
const RouteDetailScreen = lazyScreen(() =>
  import('@console/areas/routes/route-detail-screen').then((module) => ({ default: module.RouteDetailScreen })),
);
const NewRouteScreen = lazyScreen(() =>
  import('@console/areas/routes/route-wizard-screen').then((module) => ({ default: module.NewRouteScreen })),
);
const EditRouteScreen = lazyScreen(() =>
  import('@console/areas/routes/route-wizard-screen').then((module) => ({ default: module.EditRouteScreen })),
);
const SimulatorScreen = lazyScreen(() =>
  import('@console/areas/routes/simulator/simulator-screen').then((module) => ({ default: module.SimulatorScreen })),
);
const UsersListScreen = lazyScreen(() =>
  import('@console/areas/users/users-list-screen').then((module) => ({ default: module.UsersListScreen })),
);
const UserRecordScreen = lazyScreen(() =>
  import('@console/areas/users/user-record-screen').then((module) => ({ default: module.UserRecordScreen })),
);
const ActivityScreen = lazyScreen(() =>
  import('@console/areas/activity/activity-screen').then((module) => ({ default: module.ActivityScreen })),
);
const TransactionsListScreen = lazyScreen(() =>
  import('@console/areas/transactions/transactions-list-screen').then((module) => ({
    default: module.TransactionsListScreen,
  })),
);
const MerchantTransactionsListScreen = lazyScreen(() =>
  import('@console/areas/transactions/transactions-list-screen').then((module) => ({
    default: module.MerchantTransactionsListScreen,
  })),
);
const TransactionDetailScreen = lazyScreen(() =>
  import('@console/areas/transactions/transaction-detail-screen').then((module) => ({
    default: module.TransactionDetailScreen,
  })),
);
const ChargebacksListScreen = lazyScreen(() =>
  import('@console/areas/chargebacks/chargebacks-list-screen').then((module) => ({
    default: module.ChargebacksListScreen,
  })),
);
const ChargebackDetailScreen = lazyScreen(() =>
  import('@console/areas/chargebacks/chargeback-detail-screen').then((module) => ({
    default: module.ChargebackDetailScreen,
  })),
);
const ChargebackLegacyRedirect = lazyScreen(() =>
  import('@console/areas/chargebacks/chargeback-legacy-redirect').then((module) => ({
    default: module.ChargebackLegacyRedirect,
  })),
);
const DisputeConfigurationScreen = lazyScreen(() =>
  import('@console/areas/dispute-configuration/dispute-configuration-screen').then((module) => ({
    default: module.DisputeConfigurationScreen,
  })),
);
const ExportDownloadScreen = lazyScreen(() =>
  import('@console/areas/exports/export-download-screen').then((module) => ({
    default: module.ExportDownloadScreen,
  })),
);
const CountersScreen = lazyScreen(() =>
  import('@console/areas/counters/counters-screen').then((module) => ({ default: module.CountersScreen })),
);
const CounterLimitsScreen = lazyScreen(() =>
  import('@console/areas/counters/counters-screen').then((module) => ({ default: module.CounterLimitsScreen })),
);
const CounterSalesScreen = lazyScreen(() =>
  import('@console/areas/counters/counters-screen').then((module) => ({ default: module.CounterSalesScreen })),
);
const CounterDescriptorsScreen = lazyScreen(() =>
  import('@console/areas/counters/counters-screen').then((module) => ({ default: module.CounterDescriptorsScreen })),
);
const PlansListScreen = lazyScreen(() =>
  import('@console/areas/plans/plans-list-screen').then((module) => ({ default: module.PlansListScreen })),
);
const PlanDetailScreen = lazyScreen(() =>
  import('@console/areas/plans/plan-detail-screen').then((module) => ({ default: module.PlanDetailScreen })),
);
const NewPlanScreen = lazyScreen(() =>
  import('@console/areas/plans/plan-form-screen').then((module) => ({ default: module.NewPlanScreen })),
);
const EditPlanScreen = lazyScreen(() =>
  import('@console/areas/plans/plan-form-screen').then((module) => ({ default: module.EditPlanScreen })),
);
const RiskManagementScreen = lazyScreen(() =>
  import('@console/areas/risk-alerts/risk-alerts-list-screen').then((module) => ({
    default: module.RiskManagementScreen,
  })),
);
const MerchantRiskManagementScreen = lazyScreen(() =>
  import('@console/areas/risk-alerts/risk-alerts-list-screen').then((module) => ({
    default: module.MerchantRiskManagementScreen,
  })),
);
const DashboardScreen = lazyScreen(() =>
  import('@console/areas/dashboard/dashboard-screen').then((module) => ({ default: module.DashboardScreen })),
);
const MerchantDashboardScreen = lazyScreen(() =>
  import('@console/areas/dashboard/dashboard-screen').then((module) => ({ default: module.MerchantDashboardScreen })),
);
const SubscriptionsOverviewScreen = lazyScreen(() =>
  import('@console/areas/subscriptions/subscriptions-overview-screen').then((module) => ({
    default: module.SubscriptionsOverviewScreen,
  })),
);
const SubscriptionsListScreen = lazyScreen(() =>
  import('@console/areas/subscriptions/subscriptions-list-screen').then((module) => ({
    default: module.SubscriptionsListScreen,
  })),
);
const SubscriptionDetailScreen = lazyScreen(() =>
  import('@console/areas/subscriptions/subscription-detail-screen').then((module) => ({
    default: module.SubscriptionDetailScreen,
  })),
);
const InvoicesListScreen = lazyScreen(() =>
  import('@console/areas/invoices/invoices-list-screen').then((module) => ({ default: module.InvoicesListScreen })),
);
const NewInvoiceScreen = lazyScreen(() =>
  import('@console/areas/invoices/invoice-form-screen').then((module) => ({ default: module.NewInvoiceScreen })),
);
const EditInvoiceScreen = lazyScreen(() =>
  import('@console/areas/invoices/invoice-form-screen').then((module) => ({ default: module.EditInvoiceScreen })),
);
const MailboxScreen = lazyScreen(() =>
  import('@console/areas/mailbox/mailbox-screen').then((module) => ({ default: module.MailboxScreen })),
);

export const SCREENS: readonly ScreenDefinition[] = [
  {
    id: 'accounts',
    title: 'Accounts',
    pattern: '/accounts',
    path: () => '/accounts',
    level: 'global',
    permissions: [P.accountRead],
    providerStaffOnly: true,
    goKey: 'a',
    inSideBar: true,
    component: AccountsListScreen,
  },
  {
    id: 'account-new',
    title: 'New account',
    pattern: '/accounts/account',
    path: () => '/accounts/account',
    level: 'global',
    permissions: [P.accountCreate],
    providerStaffOnly: true,
    inSideBar: false,
    section: 'accounts',
    component: NewAccountScreen,
  },
  {
    id: 'account-config',
    title: 'Edit account',
    pattern: '/accounts/:accountId/config',
    path: ({ accountId }) => `/accounts/${accountId}/config`,
    level: 'account',
    // Provider staff, and an account's administrator or payments specialist adding providers or solutions (spec 2.1).
    permissions: [P.accountUpdate],
    inSideBar: false,
    component: EditAccountScreen,
  },
  {
    id: 'merchants',
    title: 'Merchants',
    pattern: '/accounts/:accountId/merchants',
    path: ({ accountId }) => `/accounts/${accountId}/merchants`,
    level: 'account',
    permissions: [P.merchantRead],
    goKey: 'm',
    inSideBar: true,
    component: MerchantsListScreen,
  },
  // The dashboard (spec 3, section 2.8) comes after Merchants, so an account's landing stays its merchants list.
  {
    id: 'dashboard',
    title: 'Dashboard',
    pattern: '/accounts/:accountId/dashboard',
    path: ({ accountId }) => `/accounts/${accountId}/dashboard`,
    level: 'account',
    permissions: [P.overviewRead],
    goKey: 'd',
    inSideBar: true,
    component: DashboardScreen,
  },
  {
    id: 'merchant-detail',
    title: 'Merchant detail',
    pattern: '/accounts/:accountId/merchants/:merchantId/detail',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/detail`,
    level: 'merchant',
    permissions: [P.merchantSelect],
    // Reached from the merchants list; the merchant-level side bar links it explicitly.
    inSideBar: false,
    component: MerchantDetailScreen,
  },
  {
    id: 'merchant-new',
    title: 'New merchant',
    pattern: '/accounts/:accountId/merchants/new',
    path: ({ accountId }) => `/accounts/${accountId}/merchants/new`,
    level: 'account',
    permissions: [P.merchantCreate],
    inSideBar: false,
    section: 'merchants',
    component: NewMerchantScreen,
  },
  {
    id: 'merchant-edit',
    title: 'Edit merchant',
    pattern: '/accounts/:accountId/merchants/:merchantId/edit',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/edit`,
    level: 'merchant',
    permissions: [P.merchantUpdate],
    inSideBar: false,
    component: EditMerchantScreen,
  },
  {
    id: 'transactions',
    title: 'Transactions',
    pattern: '/accounts/:accountId/transactions',
    path: ({ accountId }) => `/accounts/${accountId}/transactions`,
    level: 'account',
    permissions: [P.transactionRead],
    goKey: 't',
    inSideBar: true,
    component: TransactionsListScreen,
  },
  {
    id: 'transaction-detail',
    title: 'Transaction detail',
    pattern: '/accounts/:accountId/transactions/:transactionId',
    path: ({ accountId }) => `/accounts/${accountId}/transactions`,
    level: 'account',
    permissions: [P.transactionRead, P.transactionSelect],
    inSideBar: false,
    section: 'transactions',
    component: TransactionDetailScreen,
  },
  // The merchant's own dashboard; no g-key of its own, so `g d` always means the account's dashboard.
  {
    id: 'merchant-dashboard',
    title: 'Dashboard',
    pattern: '/accounts/:accountId/merchants/:merchantId/dashboard',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/dashboard`,
    level: 'merchant',
    permissions: [P.overviewRead],
    inSideBar: true,
    component: MerchantDashboardScreen,
  },
  // The merchant's own list; no g-key of its own, so `g t` always means the account's transactions.
  {
    id: 'merchant-transactions',
    title: 'Transactions',
    pattern: '/accounts/:accountId/merchants/:merchantId/transactions',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/transactions`,
    level: 'merchant',
    permissions: [P.transactionRead],
    inSideBar: true,
    component: MerchantTransactionsListScreen,
  },
  {
    id: 'mids',
    title: 'MIDs',
    pattern: '/accounts/:accountId/merchants/:merchantId/mids',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/mids`,
    level: 'merchant',
    permissions: [P.midRead],
    goKey: 'i',
    inSideBar: true,
    component: MidsListScreen,
  },
  {
    id: 'mid-detail',
    title: 'MID detail',
    pattern: '/accounts/:accountId/merchants/:merchantId/mids/detail/:midId',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/mids`,
    level: 'merchant',
    permissions: [P.midRead, P.midSelect],
    inSideBar: false,
    section: 'mids',
    component: MidDetailScreen,
  },
  {
    id: 'mid-new',
    title: 'New MID',
    pattern: '/accounts/:accountId/merchants/:merchantId/mids/new',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/mids/new`,
    level: 'merchant',
    permissions: [P.midCreate],
    inSideBar: false,
    section: 'mids',
    component: NewMidScreen,
  },
  {
    id: 'mid-edit',
    title: 'Edit MID',
    pattern: '/accounts/:accountId/merchants/:merchantId/mids/edit/:midId',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/mids`,
    level: 'merchant',
    permissions: [P.midRead, P.midSelect, P.midUpdate],
    inSideBar: false,
    section: 'mids',
    component: EditMidScreen,
  },
  // Plans (spec 3, section 2.11): beside the subscriptions' tabs (overview, list, plans); detail, new and edit each
  // need their own permission, otherwise not-found.
  {
    id: 'plans',
    title: 'Plans',
    pattern: '/accounts/:accountId/merchants/:merchantId/plans',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/plans`,
    level: 'merchant',
    permissions: [P.planRead],
    inSideBar: true,
    component: PlansListScreen,
  },
  {
    id: 'plan-new',
    title: 'New Plan',
    pattern: '/accounts/:accountId/merchants/:merchantId/plans/new',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/plans/new`,
    level: 'merchant',
    permissions: [P.planCreate],
    inSideBar: false,
    section: 'plans',
    component: NewPlanScreen,
  },
  {
    id: 'plan-detail',
    title: 'Plan detail',
    pattern: '/accounts/:accountId/merchants/:merchantId/plans/detail/:planId',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/plans`,
    level: 'merchant',
    permissions: [P.planRead, P.planSelect],
    inSideBar: false,
    section: 'plans',
    component: PlanDetailScreen,
  },
  {
    id: 'plan-edit',
    title: 'Edit Plan',
    pattern: '/accounts/:accountId/merchants/:merchantId/plans/edit/:planId',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/plans`,
    level: 'merchant',
    permissions: [P.planRead, P.planSelect, P.planUpdate],
    inSideBar: false,
    section: 'plans',
    component: EditPlanScreen,
  },
  {
    id: 'routes',
    title: 'Routes',
    pattern: '/accounts/:accountId/merchants/:merchantId/routes',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/routes`,
    level: 'merchant',
    permissions: [P.routeRead],
    goKey: 'r',
    inSideBar: true,
    component: RoutesListScreen,
  },
  {
    id: 'route-detail',
    title: 'Route detail',
    pattern: '/accounts/:accountId/merchants/:merchantId/routes/detail/:routeId',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/routes`,
    level: 'merchant',
    permissions: [P.routeRead, P.routeSelect],
    inSideBar: false,
    section: 'routes',
    component: RouteDetailScreen,
  },
  {
    id: 'route-new',
    title: 'New route',
    pattern: '/accounts/:accountId/merchants/:merchantId/routes/new',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/routes/new`,
    level: 'merchant',
    permissions: [P.routeCreate, P.midRead],
    inSideBar: false,
    section: 'routes',
    component: NewRouteScreen,
  },
  {
    id: 'route-edit',
    title: 'Edit route',
    pattern: '/accounts/:accountId/merchants/:merchantId/routes/edit/:routeId',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/routes`,
    level: 'merchant',
    permissions: [P.routeRead, P.routeSelect, P.routeUpdate, P.midRead],
    inSideBar: false,
    section: 'routes',
    component: EditRouteScreen,
  },
  {
    id: 'simulator',
    title: 'Simulator',
    pattern: '/accounts/:accountId/merchants/:merchantId/simulator',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/simulator`,
    level: 'merchant',
    permissions: [P.routeSimulate],
    goKey: 's',
    inSideBar: true,
    component: SimulatorScreen,
  },
  {
    id: 'my-lists',
    title: 'My Lists',
    pattern: '/accounts/:accountId/merchants/:merchantId/my-lists',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/my-lists`,
    level: 'merchant',
    permissions: [P.urlRead, P.tagRead],
    goKey: 'l',
    inSideBar: true,
    component: MyListsScreen,
  },
  // Counters (spec 3, section 2.6): .../counter picks the first provider solution; .../counter/{sales|limits|
  // descriptors} opens that tab of it (.../counter/limits is the palette's 'Limits & Alerts'). Listed before the
  // provider's pattern, which would take the tab for a pspId.
  {
    id: 'counters',
    title: 'Counters',
    pattern: '/accounts/:accountId/merchants/:merchantId/counter',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/counter`,
    level: 'merchant',
    permissions: [P.counterRead],
    // o for cOunters: c is Chargebacks.
    goKey: 'o',
    inSideBar: true,
    component: CountersScreen,
  },
  {
    id: 'counter-limits',
    title: 'Limits & Alerts',
    pattern: '/accounts/:accountId/merchants/:merchantId/counter/limits',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/counter/limits`,
    level: 'merchant',
    permissions: [P.counterRead, P.limitRead],
    inSideBar: false,
    section: 'counters',
    component: CounterLimitsScreen,
  },
  {
    id: 'counter-sales',
    title: 'Sales (MIDs)',
    pattern: '/accounts/:accountId/merchants/:merchantId/counter/sales',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/counter/sales`,
    level: 'merchant',
    permissions: [P.counterRead],
    inSideBar: false,
    section: 'counters',
    component: CounterSalesScreen,
  },
  {
    id: 'counter-descriptors',
    title: 'Descriptors',
    pattern: '/accounts/:accountId/merchants/:merchantId/counter/descriptors',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/counter/descriptors`,
    level: 'merchant',
    permissions: [P.counterRead],
    inSideBar: false,
    section: 'counters',
    component: CounterDescriptorsScreen,
  },
  {
    id: 'counter-psp',
    title: 'Counters',
    pattern: '/accounts/:accountId/merchants/:merchantId/counter/:pspId/:tab?',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/counter`,
    level: 'merchant',
    permissions: [P.counterRead],
    inSideBar: false,
    section: 'counters',
    component: CountersScreen,
  },
  {
    id: 'merchant-transaction-detail',
    title: 'Transaction detail',
    pattern: '/accounts/:accountId/merchants/:merchantId/transactions/detail/:transactionId',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/transactions`,
    level: 'merchant',
    permissions: [P.transactionRead, P.transactionSelect],
    inSideBar: false,
    section: 'merchant-transactions',
    component: TransactionDetailScreen,
  },
  {
    id: 'chargebacks',
    title: 'Chargebacks',
    pattern: '/accounts/:accountId/dispute-manager',
    path: ({ accountId }) => `/accounts/${accountId}/dispute-manager`,
    level: 'account',
    permissions: [P.chargebackRead],
    requiresChargebacksFeature: true,
    goKey: 'c',
    inSideBar: true,
    component: ChargebacksListScreen,
  },
  {
    id: 'chargeback-detail',
    title: 'Chargeback detail',
    pattern: '/accounts/:accountId/dispute-manager/:chargebackId',
    path: ({ accountId }) => `/accounts/${accountId}/dispute-manager`,
    level: 'account',
    permissions: [P.chargebackRead, P.chargebackSelect],
    requiresChargebacksFeature: true,
    inSideBar: false,
    section: 'chargebacks',
    component: ChargebackDetailScreen,
  },
  // The shape user-activity entries link to (spec 3, section 2); it only redirects to the detail above.
  {
    id: 'chargeback-legacy-link',
    title: 'Chargeback detail',
    pattern: '/accounts/:accountId/chargeback/:chargebackId',
    path: ({ accountId }) => `/accounts/${accountId}/dispute-manager`,
    level: 'account',
    permissions: [P.chargebackRead, P.chargebackSelect],
    requiresChargebacksFeature: true,
    inSideBar: false,
    section: 'chargebacks',
    component: ChargebackLegacyRedirect,
  },
  {
    id: 'dispute-configuration',
    title: 'Dispute configuration',
    pattern: '/accounts/:accountId/dispute-configuration',
    path: ({ accountId }) => `/accounts/${accountId}/dispute-configuration`,
    level: 'account',
    permissions: [P.chargebackTemplateRead],
    requiresChargebacksFeature: true,
    inSideBar: true,
    component: DisputeConfigurationScreen,
  },
  // Risk management (spec 3, section 2): the account's alerts of every merchant, with the Alerts tab (the only one)
  // also at .../alerts, and a merchant's own. k for risK: r is Routes.
  {
    id: 'risk-management',
    title: 'Risk management',
    pattern: '/accounts/:accountId/risk-management',
    path: ({ accountId }) => `/accounts/${accountId}/risk-management`,
    level: 'account',
    permissions: [P.transactionAlertRead],
    goKey: 'k',
    inSideBar: true,
    component: RiskManagementScreen,
  },
  {
    id: 'risk-management-alerts',
    title: 'Risk alerts',
    pattern: '/accounts/:accountId/risk-management/alerts',
    path: ({ accountId }) => `/accounts/${accountId}/risk-management/alerts`,
    level: 'account',
    permissions: [P.transactionAlertRead],
    inSideBar: false,
    section: 'risk-management',
    component: RiskManagementScreen,
  },
  // The merchant's own alerts; no g-key of its own, so `g k` always means the account's, as `g t` does.
  {
    id: 'merchant-risk-management',
    title: 'Risk management',
    pattern: '/accounts/:accountId/merchants/:merchantId/risk-management',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/risk-management`,
    level: 'merchant',
    permissions: [P.transactionAlertRead],
    inSideBar: true,
    component: MerchantRiskManagementScreen,
  },
  // Subscriptions (spec 3, section 2.10): the overview is the default tab, the list and one subscription beside it.
  // b for suBscriptions: s is the Simulator.
  {
    id: 'subscriptions',
    title: 'Subscriptions',
    pattern: '/accounts/:accountId/merchants/:merchantId/subscriptions',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/subscriptions`,
    level: 'merchant',
    permissions: [P.subscriptionRead],
    goKey: 'b',
    inSideBar: true,
    component: SubscriptionsOverviewScreen,
  },
  {
    id: 'subscriptions-table',
    title: 'Subscriptions list',
    pattern: '/accounts/:accountId/merchants/:merchantId/subscriptions-table',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/subscriptions-table`,
    level: 'merchant',
    permissions: [P.subscriptionRead],
    inSideBar: false,
    section: 'subscriptions',
    component: SubscriptionsListScreen,
  },
  {
    id: 'subscription-detail',
    title: 'Subscription detail',
    pattern: '/accounts/:accountId/merchants/:merchantId/subscriptions/detail/:subscriptionId?',
    path: ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/subscriptions-table`,
    level: 'merchant',
    permissions: [P.subscriptionRead, P.subscriptionSelect],
    inSideBar: false,
    section: 'subscriptions',
    component: SubscriptionDetailScreen,
  },
  // Billing & Invoicing (spec 3, section 2.12): the account's invoices; the form's new and edit modes each need their
  // permission, otherwise not-found. n for iNvoices: i is MIDs, b Subscriptions, and v is left to saved views (issue 26).
  {
    id: 'invoices',
    title: 'Billing & Invoicing',
    pattern: '/accounts/:accountId/invoices',
    path: ({ accountId }) => `/accounts/${accountId}/invoices`,
    level: 'account',
    permissions: [P.invoiceRead],
    goKey: 'n',
    inSideBar: true,
    component: InvoicesListScreen,
  },
  {
    id: 'invoice-new',
    title: 'Add Invoice',
    pattern: '/accounts/:accountId/invoices/new',
    path: ({ accountId }) => `/accounts/${accountId}/invoices/new`,
    level: 'account',
    permissions: [P.invoiceRead, P.invoiceCreate],
    inSideBar: false,
    section: 'invoices',
    component: NewInvoiceScreen,
  },
  {
    id: 'invoice-edit',
    title: 'Edit Invoice',
    pattern: '/accounts/:accountId/invoices/edit/:invoiceId',
    path: ({ accountId }) => `/accounts/${accountId}/invoices`,
    level: 'account',
    permissions: [P.invoiceRead, P.invoiceUpdate],
    inSideBar: false,
    section: 'invoices',
    component: EditInvoiceScreen,
  },
  {
    id: 'user-activity',
    title: 'User activity',
    pattern: '/accounts/:accountId/userActivity',
    path: ({ accountId }) => `/accounts/${accountId}/userActivity`,
    level: 'account',
    permissions: [P.userActivityRead],
    // h for history: u is Users.
    goKey: 'h',
    inSideBar: true,
    component: ActivityScreen,
  },
  // Global: provider staff see the users of all their accounts, an account user those of their own account. Listed
  // after the account screens so an account user's home stays the first screen of their account.
  {
    id: 'users',
    title: 'Users',
    pattern: '/users',
    path: () => '/users',
    level: 'global',
    permissions: [P.userRead],
    goKey: 'u',
    inSideBar: true,
    component: UsersListScreen,
  },
  {
    id: 'user-record',
    title: 'User',
    // new, edit or detail; the screen checks the action and the create, update or select permission it needs.
    pattern: '/users/:action/:userId?',
    path: () => '/users',
    level: 'global',
    permissions: [P.userRead],
    inSideBar: false,
    section: 'users',
    component: UserRecordScreen,
  },
  {
    id: 'export-download',
    title: 'Export',
    // Opened from the export e-mail; the server gives the file only to the user who asked for it.
    pattern: '/exports/:exportId',
    path: () => '/exports',
    level: 'global',
    permissions: [],
    inSideBar: false,
    component: ExportDownloadScreen,
  },
  {
    id: 'mailbox',
    title: 'Development mailbox',
    // Signed-in users only; the server shows provider staff every message and anyone else their own. Where the
    // server sends real e-mail the screen says not found.
    pattern: '/mailbox',
    path: () => '/mailbox',
    level: 'global',
    permissions: [],
    inSideBar: false,
    component: MailboxScreen,
  },
];

export interface VisibilityContext {
  grants: Grants;
  isProviderStaff: boolean;
  /** undefined while the account is loading or when there is no account in scope. */
  hasChargebacksFeature: boolean | undefined;
}

/** The screens a user may open: permissions hold, staff-only screens for staff, chargeback screens with the feature. */
export function visibleScreens(
  screens: readonly ScreenDefinition[],
  { grants, isProviderStaff, hasChargebacksFeature }: VisibilityContext,
): ScreenDefinition[] {
  return screens.filter(
    (screen) =>
      canAll(grants, screen.permissions) &&
      (!screen.providerStaffOnly || isProviderStaff) &&
      (!screen.requiresChargebacksFeature || hasChargebacksFeature === true),
  );
}

/**
 * Whether a route is registered at all. The account's chargebacks feature is not known until the account loads,
 * so a feature screen stays registered meanwhile (its own data calls enforce the rest); menus use visibleScreens.
 */
export function registeredScreens(
  screens: readonly ScreenDefinition[],
  context: Omit<VisibilityContext, 'hasChargebacksFeature'> & { hasChargebacksFeature: boolean | undefined },
): ScreenDefinition[] {
  return visibleScreens(screens, {
    ...context,
    hasChargebacksFeature: context.hasChargebacksFeature ?? true,
  });
}

export function useVisibleScreens(): ScreenDefinition[] {
  const { grants, isProviderStaff } = useSession();
  const { account } = useCurrentScope();
  return visibleScreens(SCREENS, {
    grants,
    isProviderStaff,
    hasChargebacksFeature: account?.hasChargebacksFeature,
  });
}

/** Where a signed-in user starts: the accounts list for staff, else the first screen they may see for their account. */
export function homePath(
  screens: readonly ScreenDefinition[],
  context: { grants: Grants; isProviderStaff: boolean; accounts: readonly { accountId: string }[] },
): string | null {
  const visible = visibleScreens(screens, { ...context, hasChargebacksFeature: undefined });
  if (context.isProviderStaff) {
    const accounts = visible.find((screen) => screen.id === 'accounts');
    if (accounts) return accounts.path({});
  }
  const accountId = context.accounts[0]?.accountId;
  const first = visible.find(
    (screen) =>
      screen.inSideBar && (screen.level === 'global' || (screen.level === 'account' && accountId !== undefined)),
  );
  if (!first) return null;
  return first.level === 'global' ? first.path({}) : first.path({ accountId });
}
