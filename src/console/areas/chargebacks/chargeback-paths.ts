// The chargeback screens' paths (spec 3, section 2), in one place for the queue, the detail and the side bar.

export const chargebacksPath = (accountId: string) => `/accounts/${accountId}/dispute-manager`;
export const chargebackDetailPath = (accountId: string, chargebackId: string) =>
  `${chargebacksPath(accountId)}/${chargebackId}`;
export const disputeConfigurationPath = (accountId: string) => `/accounts/${accountId}/dispute-configuration`;
/** The shape user-activity entries link to (spec 3, section 2); it lands on the detail. */
export const legacyChargebackPattern = '/accounts/:accountId/chargeback/:chargebackId';
