import { isApiError } from '@console/api/errors';
import { useApi } from '@console/session/session-provider';
import { Banner } from '@console/ui/banner';
import { Button } from '@console/ui/button';
import { TextField } from '@console/ui/text-field';
import { adminForgotBody, forgotBody, okResponse } from '@domain/contract/auth';
import { type CatalogueMessage, messageFor } from '@domain/errors';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { AuthLayout } from './auth-layout';
import { useFieldValidation } from './use-field-validation';

/** Forgot password (spec 1, sign-in screens): Account ID (not for admin), Email, Send, Back to login. */
export function ForgotPasswordScreen({ admin }: { admin: boolean }) {
  const api = useApi();
  const form = useFieldValidation(admin ? adminForgotBody : forgotBody, {
    ...(admin ? {} : { accountId: '' }),
    email: '',
  } as Record<string, string>);
  const [pending, setPending] = useState(false);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<CatalogueMessage | null>(null);
  const loginPath = admin ? '/login/admin' : '/login';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.submit();
    if (!body || pending) return;
    setPending(true);
    setEmailError(null);
    try {
      await api.post(admin ? '/user/admin/forgot' : '/user/forgot', { auth: false, body, schema: okResponse });
      setOutcome(messageFor('forgot-email-sent'));
    } catch (error) {
      if (isApiError(error) && error.key === 'not-existing-email') setEmailError(error.header);
      else if (isApiError(error) && error.status === 429) setOutcome(messageFor('too-many-requests'));
      else setOutcome(isApiError(error) ? error : messageFor('unexpected-error'));
    } finally {
      setPending(false);
    }
  };

  if (outcome) {
    return (
      <AuthLayout title="Password recovery">
        <div className="auth-form">
          <Banner type={outcome.type} header={outcome.header} content={outcome.content} />
          <Button
            variant="secondary"
            block
            onClick={() => {
              setOutcome(null);
              form.reset();
            }}
          >
            Try again
          </Button>
          <div className="auth-form__row auth-form__row--center">
            <Link href={loginPath}>Back to login</Link>
          </div>
        </div>
      </AuthLayout>
    );
  }

  const email = form.bind('email');
  return (
    <AuthLayout
      title="Password recovery"
      subtitle="Enter the e-mail you sign in with and we will send you a link to choose a new password."
    >
      <form className="auth-form" noValidate onSubmit={onSubmit} aria-label="Password recovery">
        {admin ? null : (
          <TextField label="Account ID" autoComplete="organization" autoFocus {...form.bind('accountId')} />
        )}
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus={admin}
          {...email}
          onChange={(event) => {
            setEmailError(null);
            email.onChange(event);
          }}
          error={email.error ?? emailError}
        />
        <Button type="submit" variant="primary" block loading={pending}>
          Send
        </Button>
        <div className="auth-form__row auth-form__row--center">
          <Link href={loginPath}>Back to login</Link>
        </div>
      </form>
    </AuthLayout>
  );
}
