import { Button } from '@console/ui/button';
import { ErrorIcon, WarningIcon } from '@console/ui/icons';
import { messageFor } from '@domain/errors';
import { Link, useLocation } from 'wouter';
import { PageLandmark } from './page-landmark';

function goBack(navigate: (path: string) => void) {
  // Opened from a pasted link there is no previous page inside the console; go home instead of leaving it.
  if (globalThis.history.length > 1) globalThis.history.back();
  else navigate('/');
}

/** Spec 1: a header and a 'Go back to the previous page' link; the shell's `main` holds it when signed in. */
export function NotFoundPage() {
  const [, navigate] = useLocation();
  const message = messageFor('page-not-found');
  return (
    <PageLandmark className="status-page" aria-labelledby="not-found-title">
      <div className="status-page__icon">
        <WarningIcon />
      </div>
      <h1 id="not-found-title" className="status-page__title">
        {message.header}
      </h1>
      <p className="status-page__text">The address may be mistyped, or the page may have moved.</p>
      <div className="status-page__actions">
        <Button variant="primary" onClick={() => goBack(navigate)}>
          Go back to the previous page
        </Button>
        <Link href="/">Go to the start page</Link>
      </div>
    </PageLandmark>
  );
}

/** The page at /!: a call answered 403 or 404, most often a missing permission. */
export function ResourceNotFoundPage() {
  const [, navigate] = useLocation();
  const message = messageFor('resource-not-found');
  return (
    <PageLandmark className="status-page" aria-labelledby="resource-not-found-title">
      <div className="status-page__icon">
        <ErrorIcon />
      </div>
      <h1 id="resource-not-found-title" className="status-page__title">
        {message.header}
      </h1>
      <p className="status-page__text">{message.content}</p>
      <div className="status-page__actions">
        <Button variant="primary" onClick={() => goBack(navigate)}>
          Go back to the previous page
        </Button>
        <Link href="/">Go to the start page</Link>
      </div>
    </PageLandmark>
  );
}
