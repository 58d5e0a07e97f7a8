import { messageFor } from '@domain/errors';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: unknown;
}

/**
 * The full-page global error of spec 1 (shell). 'Refresh page' clears the error and renders the app again, which
 * is enough after a transient failure; a lasting one comes straight back here.
 */
export class GlobalErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled error in the console', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    const message = messageFor('unexpected-error');
    return (
      <main className="status-page status-page--full" role="alert" aria-labelledby="global-error-title">
        <h1 id="global-error-title" className="status-page__title">
          {message.header}
        </h1>
        <p className="status-page__text">{message.content}</p>
        <div className="status-page__actions">
          <a
            href={globalThis.location?.href ?? '/'}
            onClick={(event) => {
              event.preventDefault();
              this.setState({ error: null });
            }}
          >
            Refresh page
          </a>
        </div>
      </main>
    );
  }
}
