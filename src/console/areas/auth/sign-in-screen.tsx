import { isApiError } from '@console/api/errors';
import { useApi, useSession, useSessionActions } from '@console/session/session-provider';
import { Banner } from '@console/ui/banner';
import { Button } from '@console/ui/button';
import { TextField } from '@console/ui/text-field';
import { adminLoginBody, loginBody, sessionResponse } from '@domain/contract/auth';
import { messageFor } from '@domain/errors';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { AuthLayout } from './auth-layout';
import { useFieldValidation } from './use-field-validation';

interface Failure {
  header: string;
  content?: string;
}

function retryText(seconds: number | undefined): string {
  if (!seconds) return 'Too many attempts. Please wait a few minutes before trying again.';
  const minutes = Math.ceil(seconds / 60);
  return seconds < 90
    ? `Too many attempts. Try again in ${seconds} seconds.`
    : `Too many attempts. Try again in ${minutes} minutes.`;
}

/** What the sign-in screen says about a failed attempt (spec 1, section 8). */
export function signInFailure(error: unknown): Failure {
  if (isApiError(error)) {
    if (error.status === 429) {
      return { header: messageFor('invalid-login-credentials').header, content: retryText(error.retryAfterSeconds) };
    }
    if (error.status === 400 || error.status === 401) {
      const message = messageFor('invalid-login-credentials');
      return { header: message.header, content: message.content };
    }
    return { header: error.header, content: error.content };
  }
  const message = messageFor('unexpected-error');
  return { header: message.header, content: message.content };
}

/** The session-information banner: why the user is back here (nothing after a deliberate logout). */
function SessionInformation() {
  const { endReason } = useSession();
  if (endReason !== 'session-expired' && endReason !== 'session-opened-another-device') return null;
  const message = messageFor(endReason);
  return <Banner type="warning" header={message.header} content={message.content} />;
}

export function SignInScreen({ admin }: { admin: boolean }) {
  const api = useApi();
  const { signIn } = useSessionActions();
  const form = useFieldValidation(admin ? adminLoginBody : loginBody, {
    ...(admin ? {} : { accountId: '' }),
    username: '',
    password: '',
  } as Record<string, string>);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.submit();
    if (!body || pending) return;
    setPending(true);
    setFailure(null);
    try {
      const session = await api.post(admin ? '/user/admin/login' : '/user/login', {
        auth: false,
        body,
        schema: sessionResponse,
      });
      // The sign-in route sends a signed-in user home once the session holds the answer.
      signIn(session);
    } catch (error) {
      setFailure(signInFailure(error));
      setPending(false);
    }
  };

  return (
    <AuthLayout
      title={admin ? 'Admin log in' : 'Log in'}
      subtitle={admin ? 'Provider staff sign-in' : 'Sign in to your account'}
      showEnvironment
      footer={
        admin ? (
          <Link href="/login">Sign in as an account user</Link>
        ) : (
          <Link href="/login/admin">Provider staff? Admin sign-in</Link>
        )
      }
    >
      <form className="auth-form" noValidate onSubmit={onSubmit} aria-label={admin ? 'Admin log in' : 'Log in'}>
        <SessionInformation />
        {failure ? <Banner type="error" header={failure.header} content={failure.content} /> : null}
        {admin ? null : (
          <TextField label="Account ID" autoComplete="organization" autoFocus {...form.bind('accountId')} />
        )}
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus={admin}
          inputMode="email"
          {...form.bind('username')}
        />
        <TextField label="Password" type="password" autoComplete="current-password" {...form.bind('password')} />
        <div className="auth-form__row">
          <Link href={admin ? '/password/forgot/admin' : '/password/forgot'}>Forgot your password?</Link>
        </div>
        <Button type="submit" variant="primary" block loading={pending}>
          Log in
        </Button>
      </form>
    </AuthLayout>
  );
}
