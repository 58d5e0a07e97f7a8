import { useEnvironment, useRuntimeConfig } from '@console/app/runtime-config';
import type { ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';

/** The Live/Test switch of the sign-in screen: the current environment, and a link to the other configured origin. */
export function EnvironmentSwitch() {
  const config = useRuntimeConfig();
  const environment = useEnvironment();
  const [location] = useLocation();
  const search = useSearch();
  // The same page on the other origin, so switching environment keeps the user where they are.
  const path = `${location}${search ? `?${search}` : ''}`;
  const targets = { Live: config.liveOrigin, Test: config.sandboxOrigin } as const;
  return (
    <nav className="env-switch" aria-label="Environment">
      {(['Live', 'Test'] as const).map((name) =>
        name === environment ? (
          <span key={name} className="env-switch__option env-switch__option--current" aria-current="true">
            {name}
          </span>
        ) : targets[name] ? (
          <a key={name} className="env-switch__option" href={`${targets[name].replace(/\/$/, '')}${path}`}>
            {name}
          </a>
        ) : (
          <span key={name} className="env-switch__option env-switch__option--unavailable" title="Not configured">
            {name}
          </span>
        ),
      )}
    </nav>
  );
}

export interface AuthLayoutProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Shows the Live/Test switch above the card (the sign-in screens). */
  showEnvironment?: boolean;
  footer?: ReactNode;
}

/** The public pages: a centred card under the product mark, the app version at the bottom. */
export function AuthLayout({ title, subtitle, children, showEnvironment = false, footer }: AuthLayoutProps) {
  const { appVersion } = useRuntimeConfig();
  return (
    <div className="auth-page">
      <main className="auth-page__main">
        <div className="auth-page__brand">
          <span className="auth-page__logo" aria-hidden="true" />
          <span className="auth-page__product">Ops Console</span>
          {showEnvironment ? <EnvironmentSwitch /> : null}
        </div>
        <div className="auth-card">
          <h1 className="auth-card__title">{title}</h1>
          {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
          {children}
        </div>
        {footer ? <div className="auth-page__footer">{footer}</div> : null}
      </main>
      <footer className="auth-page__version">Version {appVersion}</footer>
    </div>
  );
}
