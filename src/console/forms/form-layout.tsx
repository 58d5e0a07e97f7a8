import { Button } from '@console/ui/button';
import { type FormEvent, type KeyboardEvent, type ReactNode, useId } from 'react';
import './forms.css';

export interface EditorFormProps {
  /** The form's accessible name (usually the page title). */
  label: string;
  onSubmit: (event: FormEvent) => void;
  /** Escape anywhere in the form: the editor's Cancel, which asks before discarding changes. */
  onEscape?: () => void;
  children: ReactNode;
}

/**
 * React passes events up its own tree, through portals: a dialog opened from inside an editor (the route wizard's
 * Create New MID) would submit or cancel the editor under it. Only events from the form's own elements count.
 */
const fromOwnElements = (event: { currentTarget: Element; target: EventTarget }) =>
  event.target instanceof Node && event.currentTarget.contains(event.target);

/** An editor's form: sections, then the actions. Native submit, so Enter in a field saves; Escape cancels. */
export function EditorForm({ label, onSubmit, onEscape, children }: EditorFormProps) {
  const cancelOnEscape = (event: KeyboardEvent) => {
    // A field that used Escape itself (an open picker) has handled it already.
    if (event.key !== 'Escape' || event.defaultPrevented || !onEscape || !fromOwnElements(event)) return;
    event.preventDefault();
    onEscape();
  };
  return (
    <form
      className="editor-form"
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        if (fromOwnElements(event)) onSubmit(event);
      }}
      onKeyDown={cancelOnEscape}
    >
      {children}
    </form>
  );
}

export interface FormSectionProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** A titled group of fields laid out in two columns (one on narrow screens); `form-field--wide` spans both. */
export function FormSection({ title, description, children }: FormSectionProps) {
  const id = useId();
  return (
    <section className="form-section" aria-labelledby={id}>
      <div className="form-section__header">
        <h2 id={id} className="form-section__title">
          {title}
        </h2>
        {description ? <p className="form-section__description">{description}</p> : null}
      </div>
      <div className="form-section__fields">{children}</div>
    </section>
  );
}

export interface FormActionsProps {
  saving: boolean;
  onCancel: () => void;
  saveLabel?: string;
}

/**
 * Cancel and Save. A pointer press on Cancel keeps focus in the field, so abandoning the form does not first flash
 * the message of the field just left; tabbing to Cancel validates that field as any blur does.
 */
export function FormActions({ saving, onCancel, saveLabel = 'Save' }: FormActionsProps) {
  return (
    <div className="form-actions">
      <Button onMouseDown={(event) => event.preventDefault()} onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" variant="primary" loading={saving}>
        {saveLabel}
      </Button>
    </div>
  );
}
