import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/tokens.css';
import './styles/base.css';
import './styles/ui.css';
import './styles/shell.css';
import './styles/auth.css';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { loadRuntimeConfig } from './app/runtime-config';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);

loadRuntimeConfig().then(
  (config) => {
    root.render(
      <StrictMode>
        <AppProviders config={config}>
          <AppRoutes />
        </AppProviders>
      </StrictMode>,
    );
  },
  (error: unknown) => {
    // Without its configuration the console cannot reach the API; say so instead of showing a blank page.
    console.error(error);
    root.render(
      <main className="status-page status-page--full" role="alert">
        <h1 className="status-page__title">Oops! Something went wrong</h1>
        <p className="status-page__text">The console could not load its configuration. Try again later.</p>
        <div className="status-page__actions">
          <a href={window.location.href}>Refresh page</a>
        </div>
      </main>,
    );
  },
);
