// The permission model of spec 1, section 6. Permissions are `resource.action` strings; a requirement holds when
// any of all.manage, all.{action}, {resource}.manage or the exact string is granted, or the user is all-allowed.

/** Every permission the product checks. Names the spec leaves unshown follow its resource.action pattern. */
export const PERMISSIONS = {
  accountRead: 'account.read',
  accountCreate: 'account.create',
  accountUpdate: 'account.update',
  accountSelect: 'account.select',
  accountDelete: 'account.delete',
  merchantRead: 'merchant.read',
  merchantSelect: 'merchant.select',
  merchantCreate: 'merchant.create',
  merchantUpdate: 'merchant.update',
  merchantCredentialsRead: 'merchant.credentials.read',
  midRead: 'mid.read',
  midSelect: 'mid.select',
  midCreate: 'mid.create',
  midUpdate: 'mid.update',
  midDelete: 'mid.delete',
  midExport: 'mid.export',
  routeRead: 'route.read',
  routeSelect: 'route.select',
  routeCreate: 'route.create',
  routeUpdate: 'route.update',
  routeDelete: 'route.delete',
  routeExport: 'route.export',
  routeSimulate: 'route.simulate',
  urlRead: 'url.read',
  urlCreate: 'url.create',
  urlDelete: 'url.delete',
  tagRead: 'tag.read',
  tagCreate: 'tag.create',
  tagDelete: 'tag.delete',
  userRead: 'user.read',
  userSelect: 'user.select',
  accountUserCreate: 'useraccount.create',
  accountUserUpdate: 'useraccount.update',
  accountUserDelete: 'useraccount.delete',
  internalUserCreate: 'userinternal.create',
  internalUserUpdate: 'userinternal.update',
  internalUserDelete: 'userinternal.delete',
  userActivityRead: 'useractivity.read',
  userActivitySelect: 'useractivity.select',
  transactionRead: 'transaction.read',
  transactionSelect: 'transaction.select',
  transactionCreate: 'transaction.create',
  transactionExport: 'transaction.export',
  transactionRefund: 'transaction.refund',
  transactionAlertRead: 'transaction.alert.read',
  transactionAlertSelect: 'transaction.alert.select',
  transactionAlertCreate: 'transaction.alert.create',
  transactionAlertExport: 'transaction.alert.export',
  chargebackRead: 'chargeback.read',
  chargebackSelect: 'chargeback.select',
  chargebackCreate: 'chargeback.create',
  chargebackUpdate: 'chargeback.update',
  chargebackDownload: 'chargeback.download',
  chargebackExport: 'chargeback.export',
  chargebackFraudTypeUpdate: 'chargeback.fraudtype.update',
  chargebackTemplateRead: 'chargeback.template.read',
  chargebackTemplateDownload: 'chargeback.template.download',
  chargebackTemplateCreate: 'chargeback.template.create',
  chargebackTemplateDelete: 'chargeback.template.delete',
  counterRead: 'counter.read',
  limitRead: 'limit.read',
  limitUpdate: 'limit.update',
  alertUpdate: 'alert.update',
  alertDelete: 'alert.delete',
  overviewRead: 'overview.read',
  planRead: 'plan.read',
  planSelect: 'plan.select',
  planCreate: 'plan.create',
  planUpdate: 'plan.update',
  subscriptionRead: 'subscription.read',
  subscriptionSelect: 'subscription.select',
  subscriptionUpdate: 'subscription.update',
  subscriptionExport: 'subscription.export',
  invoiceRead: 'invoice.read',
  invoiceSelect: 'invoice.select',
  invoiceCreate: 'invoice.create',
  invoiceUpdate: 'invoice.update',
  invoiceDelete: 'invoice.delete',
  invoiceDownload: 'invoice.download',
  invoiceTemplateDownload: 'invoice.template.download',
  /** Issue 26: create, edit and delete the views shared with the whole account (personal views need only the list's read). */
  savedViewShare: 'view.share',
} as const;

export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

export interface Grants {
  permissions: readonly string[];
  /** Some users carry a flag that grants everything. */
  allAllowed?: boolean;
}

function split(permission: string): { resource: string; action: string } {
  const dot = permission.lastIndexOf('.');
  if (dot <= 0 || dot === permission.length - 1) return { resource: permission, action: '' };
  return { resource: permission.slice(0, dot), action: permission.slice(dot + 1) };
}

/** Whether one permission holds. */
export function can(grants: Grants, permission: string): boolean {
  if (grants.allAllowed) return true;
  const granted = new Set(grants.permissions);
  if (granted.has('all.manage') || granted.has(permission)) return true;
  const { resource, action } = split(permission);
  if (!action) return false;
  return granted.has(`all.${action}`) || granted.has(`${resource}.manage`);
}

/** A check over a list: whether all and whether some hold. An empty requirement list is allowed. */
export function check(grants: Grants, required: readonly string[]): { all: boolean; some: boolean } {
  if (required.length === 0) return { all: true, some: true };
  let all = true;
  let some = false;
  for (const permission of required) {
    if (can(grants, permission)) some = true;
    else all = false;
  }
  return { all, some };
}

export const canAll = (grants: Grants, required: readonly string[]) => check(grants, required).all;
export const canSome = (grants: Grants, required: readonly string[]) => check(grants, required).some;
