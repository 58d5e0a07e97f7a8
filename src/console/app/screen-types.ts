import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * A screen of the console. The route table, the side bar, the palette's navigation entries and the `g` jump keys
 * are all derived from the list of screens, so a screen the user may not see is absent from all four at once.
 */
export interface ScreenDefinition {
  id: string;
  title: string;
  /** wouter pattern, e.g. '/accounts/:accountId/merchants'. */
  pattern: string;
  /** Builds a concrete path; account and merchant screens take the ids they need. */
  path: (ids: { accountId?: string; merchantId?: string }) => string;
  level: 'global' | 'account' | 'merchant';
  /** Every permission listed must hold (an empty list is allowed). */
  permissions: readonly string[];
  providerStaffOnly?: boolean;
  /** Shown only for accounts with the chargebacks feature. */
  requiresChargebacksFeature?: boolean;
  /** The letter after `g` that jumps here. */
  goKey?: string;
  /** Listed in the side bar (detail and editor screens are not). */
  inSideBar: boolean;
  /** The side-bar screen a record screen belongs to, highlighted while it is open ('users' for a user's form). */
  section?: string;
  component: LazyExoticComponent<ComponentType> | ComponentType;
}
