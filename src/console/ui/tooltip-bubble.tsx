import { autoUpdate, FloatingPortal, flip, offset, type Placement, shift, useFloating } from '@floating-ui/react';
import type { ReactNode } from 'react';

// The tooltip's bubble, placed by floating-ui beside its trigger. A chunk of its own, loaded the first time a tooltip
// opens, so floating-ui is not part of the console's initial JS (the sign-in screen and the shell need none of it).

export interface TooltipBubbleProps {
  id: string;
  reference: Element;
  placement: Placement;
  children: ReactNode;
}

export default function TooltipBubble({ id, reference, placement, children }: TooltipBubbleProps) {
  const { refs, floatingStyles } = useFloating({
    elements: { reference },
    placement,
    whileElementsMounted: autoUpdate,
    middleware: [offset(6), flip({ padding: 8 }), shift({ padding: 8 })],
  });
  return (
    <FloatingPortal>
      <div ref={refs.setFloating} id={id} role="tooltip" className="tooltip" style={floatingStyles}>
        {children}
      </div>
    </FloatingPortal>
  );
}
