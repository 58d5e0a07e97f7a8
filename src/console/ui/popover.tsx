import { useFocusScope } from '@console/commands/focus-scope';
import {
  autoUpdate,
  FloatingFocusManager,
  FloatingPortal,
  flip,
  offset,
  type Placement,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { type ReactElement, type ReactNode, useId, useState } from 'react';
import './popover.css';

export interface PopoverProps {
  /**
   * The control that opens it: a real button, spreading the props given (its ref, click handler, aria-expanded,
   * aria-haspopup and aria-controls). A function rather than an element, so the trigger may sit inside a Tooltip.
   */
  trigger: (props: Record<string, unknown>) => ReactElement;
  /** The popover's heading, which also names it. */
  title: ReactNode;
  children: ReactNode;
  placement?: Placement;
  className?: string;
}

/**
 * A small non-modal dialog under its trigger (the reason behind a badge, with links): the focus moves into it (its
 * first link, or the popover itself), Tab out of it or a click outside closes it, and Escape closes it and returns the
 * focus to the trigger. While open it is a dialog-level focus scope, so Escape and the table's keys never reach the
 * page behind it.
 */
export function Popover({ trigger, title, children, placement = 'bottom-start', className }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    whileElementsMounted: autoUpdate,
    middleware: [offset(6), flip({ padding: 8 }), shift({ padding: 8 })],
  });
  const click = useClick(context);
  const dismiss = useDismiss(context);
  const role = useRole(context, { role: 'dialog' });
  const { getReferenceProps, getFloatingProps } = useInteractions([click, dismiss, role]);

  useFocusScope('dialog', { active: open, onEscape: () => setOpen(false) });

  return (
    <>
      {trigger({ ...getReferenceProps(), ref: refs.setReference })}
      {open ? (
        <FloatingPortal>
          <FloatingFocusManager context={context} modal={false}>
            <div
              ref={refs.setFloating}
              className={className ? `popover ${className}` : 'popover'}
              style={floatingStyles}
              role="dialog"
              aria-labelledby={titleId}
              {...getFloatingProps()}
            >
              <h2 id={titleId} className="popover__title">
                {title}
              </h2>
              {children}
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      ) : null}
    </>
  );
}
