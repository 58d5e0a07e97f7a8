import type { Tone } from '@console/ui/badge';
import type { ActionType, ResourceType } from '@domain/enums';

// The action-type and resource-type dictionaries of the audit log (spec 1, section 1: translation dictionaries).

export const ACTION_TYPE_LABELS: Record<ActionType, string> = {
  INSERT: 'Insert',
  UPDATE: 'Update',
  DELETE: 'Delete',
};

/** Update and delete in their spec tones (info, error); an insert reads as a success. */
export const ACTION_TYPE_TONES: Record<ActionType, Tone> = {
  INSERT: 'success',
  UPDATE: 'info',
  DELETE: 'error',
};

export const RESOURCE_TYPE_LABELS: Record<ResourceType, string> = {
  URL: 'URL',
  ROUTE: 'Route',
  TAG: 'Custom tag',
  USER: 'User',
  MID: 'MID',
  ACCOUNT: 'Account',
  MERCHANT: 'Merchant',
  CHARGEBACK: 'Chargeback',
  TRANSACTION: 'Transaction',
  CHARGEBACK_TEMPLATE: 'Chargeback template',
  MID_LIMIT: 'MID limit',
  GLOBAL_LIMIT: 'Global limit',
  GLOBAL_LIMIT_ALERT: 'Global limit alert',
  MID_LIMIT_ALERT: 'MID limit alert',
  PLAN: 'Plan',
  INVOICE: 'Invoice',
  SUBSCRIPTION: 'Subscription',
  SAVED_VIEW: 'Shared view',
  EXPORT: 'Export',
};

/** The detail modal's title per action (spec 2, section 2.8). */
export const CHANGES_TITLES: Record<ActionType, string> = {
  INSERT: 'New values',
  DELETE: 'Old values',
  UPDATE: 'Update information',
};

/** The provider-staff hint on the Resource type column (spec 2, section 2.8). */
export const USER_RESOURCE_HINT = 'Resource type User can belong to any account.';
