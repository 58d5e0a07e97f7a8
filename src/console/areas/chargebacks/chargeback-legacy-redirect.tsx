import { Redirect, useParams } from 'wouter';
import { chargebackDetailPath } from './chargeback-paths';

/**
 * /accounts/{accountId}/chargeback/{chargebackId}, the shape user-activity entries link to (spec 3, section 2),
 * lands on the case detail; replace, so Back does not bounce through it.
 */
export function ChargebackLegacyRedirect() {
  const { accountId, chargebackId } = useParams<{ accountId: string; chargebackId: string }>();
  return <Redirect to={chargebackDetailPath(accountId, chargebackId)} replace />;
}
