import { ChevronDownIcon } from '@console/ui/icons';
import { type ReactNode, useId } from 'react';
import './forms.css';

// A form section that opens and closes (the invoice form's three accordions, the plan form's five sections): a
// heading holding the toggle button, a flag while any of its fields shows a message, optional header actions (the
// plan form's 'Discard setting'), and its fields in two columns or stacked. Closed sections keep their fields mounted
// (hidden), so values and messages survive; an editor opens the first flagged one on a refused save.

export interface FormAccordionProps {
  title: string;
  open: boolean;
  onToggle: () => void;
  /** Said beside the title while a field inside shows a message. */
  flag?: string | undefined;
  /** Buttons at the header's end, after the flag. */
  actions?: ReactNode;
  /** 'columns' (the default): fields in two columns; 'stack': the children lay out their own rows. */
  layout?: 'columns' | 'stack';
  children: ReactNode;
}

export function FormAccordion({
  title,
  open,
  onToggle,
  flag,
  actions,
  layout = 'columns',
  children,
}: FormAccordionProps) {
  const id = useId();
  return (
    <section className="form-accordion" aria-labelledby={`${id}-title`}>
      <div className="form-accordion__header">
        <h2 id={`${id}-title`} className="form-accordion__title">
          <button
            type="button"
            className="form-accordion__toggle"
            aria-expanded={open}
            aria-controls={`${id}-body`}
            onClick={onToggle}
          >
            <ChevronDownIcon />
            {title}
          </button>
        </h2>
        {flag ? (
          <span className="form-accordion__flag" role="status">
            {flag}
          </span>
        ) : null}
        {actions}
      </div>
      <div id={`${id}-body`} className={`form-accordion__body form-accordion__body--${layout}`} hidden={!open}>
        {children}
      </div>
    </section>
  );
}
