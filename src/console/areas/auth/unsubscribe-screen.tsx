import { useApi } from '@console/session/session-provider';
import { Banner } from '@console/ui/banner';
import { LoadingBlock } from '@console/ui/spinner';
import { okResponse } from '@domain/contract/auth';
import { type CatalogueMessage, messageFor } from '@domain/errors';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { AuthLayout } from './auth-layout';

/** /unsubscribe/{userId}: stops e-mails to the user and says so (spec 1, sign-in screens). */
export function UnsubscribeScreen({ userId }: { userId: string }) {
  const api = useApi();
  const [outcome, setOutcome] = useState<CatalogueMessage | null>(null);

  useEffect(() => {
    let current = true;
    // Unsubscribing twice changes nothing, so a repeated effect (React's development double run) is harmless.
    api
      .put(`/user/${userId}/unsubscribe`, { auth: false, schema: okResponse })
      .then(() => current && setOutcome(messageFor('newsletter-unsubscribed')))
      .catch(() => current && setOutcome(messageFor('unexpected-error')));
    return () => {
      current = false;
    };
  }, [api, userId]);

  return (
    <AuthLayout title="E-mail preferences">
      {outcome ? (
        <div className="auth-form">
          <Banner type={outcome.type} header={outcome.header} content={outcome.content} />
          <div className="auth-form__row auth-form__row--center">
            <Link href="/login">Go to Ops Console</Link>
          </div>
        </div>
      ) : (
        <LoadingBlock label="Unsubscribing…" />
      )}
    </AuthLayout>
  );
}
