import { isApiError } from '@console/api/errors';
import { effectOfStatus } from '@domain/errors';
import { useCallback } from 'react';
import { useToast } from './toast';

/**
 * Tells the user about a failed call the screen does not handle itself: the catalogue's message for a failure the
 * server explained, 'unexpected-error' for anything else. Session ends and not-found pages are the API client's
 * own effects, so nothing is shown for them here.
 */
export function useReportFailure(): (failure: unknown) => void {
  const toast = useToast();
  return useCallback(
    (failure: unknown) => {
      if (!isApiError(failure)) toast.showMessage('unexpected-error');
      else if (effectOfStatus(failure.status) === 'show-message') {
        toast.show({ type: failure.type, header: failure.header, content: failure.content });
      }
    },
    [toast],
  );
}
