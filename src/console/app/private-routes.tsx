import { HoldKeys } from '@console/commands/key-queue';
import { useSession } from '@console/session/session-provider';
import { AppShell } from '@console/shell/app-shell';
import { NotFoundPage, ResourceNotFoundPage } from '@console/shell/not-found-page';
import { LoadingBlock } from '@console/ui/spinner';
import { isIdentifier } from '@domain/ids';
import { type ReactNode, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { useCurrentScope } from './current-scope';
import { registeredScreens, SCREENS } from './screens';

/** Route parameters named like ids (accountId, merchantId, ...) must be 8-4-4-4-12 identifiers when present. */
export function paramsAreValid(params: Record<string, string | undefined>): boolean {
  return Object.entries(params).every(
    ([name, value]) => !/Id$/.test(name) || value === undefined || value === '' || isIdentifier(value),
  );
}

function Screen({ params, children }: { params: Record<string, string | undefined>; children: ReactNode }) {
  return paramsAreValid(params) ? children : <NotFoundPage />;
}

/** The signed-in part: only the screens the user may open are registered; everything else is not found. */
export function PrivateRoutes() {
  const { grants, isProviderStaff } = useSession();
  const { account } = useCurrentScope();
  const screens = registeredScreens(SCREENS, {
    grants,
    isProviderStaff,
    hasChargebacksFeature: account?.hasChargebacksFeature,
  });
  return (
    <AppShell>
      {/* HoldKeys: keys typed while a screen's code loads wait for its commands (key-queue.ts). */}
      <Suspense
        fallback={
          <>
            <LoadingBlock />
            <HoldKeys />
          </>
        }
      >
        <Switch>
          {screens.map((screen) => {
            const Component = screen.component;
            return (
              <Route key={screen.id} path={screen.pattern}>
                {(params) => (
                  <Screen params={params as Record<string, string | undefined>}>
                    <Component />
                  </Screen>
                )}
              </Route>
            );
          })}
          <Route path="/!" component={ResourceNotFoundPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </AppShell>
  );
}
