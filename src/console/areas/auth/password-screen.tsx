import { isApiError } from '@console/api/errors';
import { useApi } from '@console/session/session-provider';
import { Banner } from '@console/ui/banner';
import { Button } from '@console/ui/button';
import { CheckIcon } from '@console/ui/icons';
import { LoadingBlock } from '@console/ui/spinner';
import { TextField } from '@console/ui/text-field';
import { okResponse, passwordForm, passwordLinkStatus } from '@domain/contract/auth';
import { type CatalogueMessage, messageFor } from '@domain/errors';
import { MSG, passwordField } from '@domain/validation';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { AuthLayout } from './auth-layout';
import { useFieldValidation } from './use-field-validation';

/** The rules the password form enforces, in the order the form reports them (spec 1, section 5). */
export const PASSWORD_RULES = [
  MSG.passwordMin,
  MSG.passwordNumber,
  MSG.passwordLetter,
  MSG.passwordSpecial,
  MSG.passwordForbidden,
] as const;

const isPasswordRule = (message: string) => (PASSWORD_RULES as readonly string[]).includes(message);

/** Which rules a password meets, read from the same schema the server validates with. */
export function passwordRuleStates(password: string): { rule: string; met: boolean }[] {
  const result = passwordField.safeParse(password);
  const failed = new Set(result.success ? [] : result.error.issues.map((issue) => issue.message));
  return PASSWORD_RULES.map((rule) => ({ rule, met: !failed.has(rule) }));
}

/** The `exp` query is the link's expiry in seconds since the epoch. */
export function linkExpiredByQuery(search: string, now = Date.now()): boolean {
  const exp = Number(new URLSearchParams(search).get('exp'));
  return Number.isFinite(exp) && exp > 0 && exp * 1000 <= now;
}

function PasswordChecklist({ password }: { password: string }) {
  const states = passwordRuleStates(password);
  return (
    <ul className="password-rules" aria-label="Password requirements">
      {states.map(({ rule, met }) => {
        const shown = met && password !== '';
        return (
          <li key={rule} className={shown ? 'password-rules__rule password-rules__rule--met' : 'password-rules__rule'}>
            <span className="password-rules__mark" aria-hidden="true">
              {shown ? <CheckIcon /> : null}
            </span>
            <span>{rule}</span>
            <span className="visually-hidden">{shown ? ' (met)' : ' (not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}

const HEADERS = { reset: 'Reset your Password', new: 'Create your Password' } as const;
const BUTTONS = { reset: 'Update Password', new: 'Activate Account' } as const;

function Outcome({ message, title }: { message: CatalogueMessage; title: string }) {
  return (
    <AuthLayout title={title}>
      <div className="auth-form">
        <Banner type={message.type} header={message.header} content={message.content} />
        <Link href="/login" className="btn btn--primary btn--block">
          Go to Ops Console
        </Link>
      </div>
    </AuthLayout>
  );
}

/** /password/reset/{token} and /password/new/{token}: choose a password through a single-use link. */
export function PasswordScreen({ type, token }: { type: 'reset' | 'new'; token: string }) {
  const api = useApi();
  const search = useSearch();
  const expiredByQuery = linkExpiredByQuery(search);
  const form = useFieldValidation(passwordForm, { password: '', confirmPassword: '' });
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<CatalogueMessage | null>(null);
  const [failure, setFailure] = useState<CatalogueMessage | null>(null);

  const link = useQuery({
    queryKey: ['password-link', token],
    queryFn: ({ signal }) =>
      api.get('/user/password-link', { auth: false, query: { token }, schema: passwordLinkStatus, signal }),
    enabled: token !== '' && !expiredByQuery,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const title = HEADERS[type];
  if (token === '' || expiredByQuery) return <Outcome title={title} message={messageFor('link-expired')} />;
  if (outcome) return <Outcome title={title} message={outcome} />;
  if (link.isPending) {
    return (
      <AuthLayout title={title}>
        <LoadingBlock label="Checking your link…" />
      </AuthLayout>
    );
  }
  // A token the contract refuses (a mangled link) is no link at all.
  const refused = isApiError(link.error) && link.error.status === 400;
  if ((link.data && link.data.state !== 'valid') || refused) {
    return <Outcome title={title} message={messageFor('link-expired')} />;
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = form.submit() as { password: string } | null;
    if (!valid || pending) return;
    setPending(true);
    setFailure(null);
    try {
      await api.post('/user/reset', { auth: false, body: { password: valid.password, token }, schema: okResponse });
      setOutcome(messageFor(type === 'new' ? 'pwd-created-successfully' : 'pwd-changed-successfully'));
    } catch (error) {
      if (isApiError(error) && (error.status === 410 || error.key === 'link-expired')) {
        setOutcome(messageFor('link-expired'));
      } else {
        setFailure(isApiError(error) ? error : messageFor('unexpected-error'));
      }
    } finally {
      setPending(false);
    }
  };

  const password = form.bind('password');
  return (
    <AuthLayout title={title}>
      <form className="auth-form" noValidate onSubmit={onSubmit} aria-label={title}>
        {failure ? <Banner type="error" header={failure.header} content={failure.content} /> : null}
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          autoFocus
          {...password}
          // The checklist below already lists the rules; the field shows what it cannot (empty, too long).
          error={password.error && !isPasswordRule(password.error) ? password.error : undefined}
          aria-describedby="password-rules"
        />
        <div id="password-rules">
          <PasswordChecklist password={form.values.password ?? ''} />
        </div>
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          {...form.bind('confirmPassword')}
        />
        <Button type="submit" variant="primary" block loading={pending}>
          {BUTTONS[type]}
        </Button>
        <div className="auth-form__row auth-form__row--center">
          <Link href="/login">Back to login</Link>
        </div>
      </form>
    </AuthLayout>
  );
}
