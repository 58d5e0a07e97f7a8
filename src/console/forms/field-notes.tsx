import type { ReactNode } from 'react';

/** The ids of a field's hint and error, for its aria-describedby ('' when it has neither). */
export function describedByOf(id: string, hint: ReactNode, error: string | undefined): string {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
}

/** A composite field's hint and message, under it, with the ids describedByOf names. */
export function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | undefined }) {
  return (
    <>
      {hint ? (
        <div id={`${id}-hint`} className="field__hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="field__error">
          {error}
        </div>
      ) : null}
    </>
  );
}
