import { ForgotPasswordScreen } from '@console/areas/auth/forgot-password-screen';
import { PasswordScreen } from '@console/areas/auth/password-screen';
import { SignInScreen } from '@console/areas/auth/sign-in-screen';
import { UnsubscribeScreen } from '@console/areas/auth/unsubscribe-screen';
import { HoldKeys } from '@console/commands/key-queue';
import { useSession } from '@console/session/session-provider';
import { NotFoundPage } from '@console/shell/not-found-page';
import { LoadingBlock } from '@console/ui/spinner';
import { isIdentifier } from '@domain/ids';
import { Suspense } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { lazyScreen } from './lazy-screen';
import { homePath, SCREENS } from './screens';

// The signed-in shell (top menu, side bar, palette, screens) loads after sign-in, so the sign-in page stays light.
const PrivateRoutes = lazyScreen(() =>
  import('./private-routes').then((module) => ({ default: module.PrivateRoutes })),
);

/** Where to go after sign-in: the page the user was sent away from, if it is a path inside the console. */
export function safeNextPath(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/login')) return null;
  return next;
}

export function useHomePath(): string | null {
  const { grants, isProviderStaff, accounts } = useSession();
  return homePath(SCREENS, { grants, isProviderStaff, accounts });
}

/** Sign-in paths: a signed-in user goes home (or back to the page that sent them here). */
function SignInRoute({ admin }: { admin: boolean }) {
  const { signedIn } = useSession();
  const home = useHomePath();
  const search = useSearch();
  if (signedIn) return <Redirect to={safeNextPath(search) ?? home ?? '/!'} replace />;
  return <SignInScreen admin={admin} />;
}

function RedirectToSignIn() {
  const { signInPath, status } = useSession();
  const [location] = useLocation();
  if (status === 'loggingOut') return <LoadingBlock label="Signing out…" />;
  const next = location === '/' || location === '/!' ? '' : `?next=${encodeURIComponent(location)}`;
  return <Redirect to={`${signInPath}${next}`} replace />;
}

const PASSWORD_TYPES = new Set(['forgot', 'reset', 'new']);

export function AppRoutes() {
  const { signedIn } = useSession();
  return (
    <Switch>
      <Route path="/">
        <SignInRoute admin={false} />
      </Route>
      <Route path="/login">
        <SignInRoute admin={false} />
      </Route>
      <Route path="/login/:role">{(params) => <SignInRoute admin={params.role === 'admin'} />}</Route>
      <Route path="/password/:type/:pin?">
        {(params) =>
          PASSWORD_TYPES.has(params.type) ? (
            params.type === 'forgot' ? (
              <ForgotPasswordScreen admin={params.pin === 'admin'} />
            ) : (
              <PasswordScreen type={params.type as 'reset' | 'new'} token={params.pin ?? ''} />
            )
          ) : (
            <NotFoundPage />
          )
        }
      </Route>
      <Route path="/unsubscribe/:userId">
        {(params) => (isIdentifier(params.userId) ? <UnsubscribeScreen userId={params.userId} /> : <NotFoundPage />)}
      </Route>
      <Route>
        {signedIn ? (
          // HoldKeys: keys typed right after sign-in, while the shell's code loads, wait for the hotkeys (key-queue.ts).
          <Suspense
            fallback={
              <>
                <LoadingBlock />
                <HoldKeys />
              </>
            }
          >
            <PrivateRoutes />
          </Suspense>
        ) : (
          <RedirectToSignIn />
        )}
      </Route>
    </Switch>
  );
}
