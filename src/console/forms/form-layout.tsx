import { Button } from '@console/ui/button';
import { keepClear } from '@console/ui/keep-clear';
import { type FormEvent, type KeyboardEvent, type ReactNode, type Ref, useId } from 'react';
import { type FormNotice, FormNoticeBanner } from './form-notice';
import type { SavingPattern } from './use-saving-pattern';
import './forms.css';

export interface EditorFormProps {
  /** The form's accessible name (usually the page title). */
  label: string;
  onSubmit: (event: FormEvent) => void;
  /** Escape anywhere in the form: the editor's Cancel, which asks before discarding changes. */
  onEscape?: () => void;
  ref?: Ref<HTMLFormElement>;
  children: ReactNode;
}

/**
 * React passes events up its own tree, through portals: a dialog opened from inside an editor (the route wizard's
 * Create New MID) would submit or cancel the editor under it. Only events from the form's own elements count.
 */
const fromOwnElements = (event: { currentTarget: Element; target: EventTarget }) =>
  event.target instanceof Node && event.currentTarget.contains(event.target);

/** An editor's form: sections, then the actions. Native submit, so Enter in a field saves; Escape cancels. */
export function EditorForm({ label, onSubmit, onEscape, ref, children }: EditorFormProps) {
  const cancelOnEscape = (event: KeyboardEvent) => {
    // A field that used Escape itself (an open picker) has handled it already.
    if (event.key !== 'Escape' || event.defaultPrevented || !onEscape || !fromOwnElements(event)) return;
    event.preventDefault();
    onEscape();
  };
  return (
    <form
      ref={ref}
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

export interface FormActionBarProps {
  /** What the form says about its last save, above the buttons. */
  notice?: FormNotice | null;
  /** The bar's own look where it differs from an editor's (a limit box). */
  className?: string;
  children: ReactNode;
}

/** The end of a form: its notice, then its buttons, which toasts never cover (keep-clear.ts). */
export function FormActionBar({ notice = null, className = 'form-actions', children }: FormActionBarProps) {
  return (
    <>
      <FormNoticeBanner notice={notice} />
      <div className={className} {...keepClear}>
        {children}
      </div>
    </>
  );
}

export interface FormActionsProps {
  /** The editor's saving pattern: its state (saving, notice) and Cancel. */
  pattern: Pick<SavingPattern, 'saving' | 'cancel' | 'notice'>;
  saveLabel?: string;
}

/**
 * The saving pattern's notice, then Cancel and Save. A pointer press on Cancel keeps focus in the field, so
 * abandoning the form does not first flash the message of the field just left; tabbing to Cancel validates that field
 * as any blur does.
 */
export function FormActions({ pattern, saveLabel = 'Save' }: FormActionsProps) {
  return (
    <FormActionBar notice={pattern.notice}>
      <Button
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => void pattern.cancel()}
        disabled={pattern.saving}
      >
        Cancel
      </Button>
      <Button type="submit" variant="primary" loading={pattern.saving}>
        {saveLabel}
      </Button>
    </FormActionBar>
  );
}
