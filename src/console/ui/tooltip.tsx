import {
  autoUpdate,
  FloatingPortal,
  flip,
  offset,
  type Placement,
  shift,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useMergeRefs,
  useRole,
} from '@floating-ui/react';
import { cloneElement, isValidElement, type ReactElement, type ReactNode, type Ref, useState } from 'react';
import { Kbd } from './kbd';

export interface TooltipProps {
  content: ReactNode;
  /** A key binding shown beside the text (react-hotkeys-hook notation), e.g. the command's first key. */
  keys?: string;
  placement?: Placement;
  /** One element that accepts a ref and DOM props (a button, a link). */
  children: ReactElement;
  delay?: number;
}

/**
 * Shows on hover and on keyboard focus, so keyboard users see the same hints as mouse users. The tooltip describes
 * its trigger (aria-describedby); the trigger keeps its own accessible name.
 */
export function Tooltip({ content, keys, placement = 'bottom', children, delay = 350 }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    whileElementsMounted: autoUpdate,
    middleware: [offset(6), flip({ padding: 8 }), shift({ padding: 8 })],
  });
  const hover = useHover(context, { move: false, delay: { open: delay, close: 0 } });
  const focus = useFocus(context);
  const dismiss = useDismiss(context);
  const role = useRole(context, { role: 'tooltip' });
  const { getReferenceProps, getFloatingProps } = useInteractions([hover, focus, dismiss, role]);

  const childRef = isValidElement(children) ? (children.props as { ref?: Ref<Element> }).ref : undefined;
  const ref = useMergeRefs([refs.setReference, childRef]);

  if (!isValidElement(children)) return <>{children}</>;
  const childProps = children.props as Record<string, unknown>;

  return (
    <>
      {cloneElement(children, getReferenceProps({ ...childProps, ref } as Record<string, unknown>))}
      {open && (content || keys) ? (
        <FloatingPortal>
          <div ref={refs.setFloating} className="tooltip" style={floatingStyles} {...getFloatingProps()}>
            {content ? <span>{content}</span> : null}
            {keys ? <Kbd keys={keys} /> : null}
          </div>
        </FloatingPortal>
      ) : null}
    </>
  );
}
