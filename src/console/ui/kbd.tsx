import { shortcutKeys, shortcutLabel } from '@console/commands/shortcut-label';
import { Fragment } from 'react';

// Renders a binding ('mod+k', 'shift+slash', 'g>a') as the keys the user presses on their platform. The text comes
// from the one shortcut formatter in commands/shortcut-label.ts, so tooltips, the palette and the sheet agree.

export interface KbdProps {
  /** A binding in react-hotkeys-hook notation. */
  keys: string;
  className?: string;
}

export function Kbd({ keys, className }: KbdProps) {
  const steps = shortcutKeys(keys);
  return (
    <span className={className ? `kbd-combo ${className}` : 'kbd-combo'}>
      <span className="visually-hidden">{shortcutLabel(keys)}</span>
      <span className="kbd-combo" aria-hidden="true">
        {steps.map((step, stepIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps have no identity beyond their order
          <Fragment key={stepIndex}>
            {stepIndex > 0 && <span className="kbd-combo__then">then</span>}
            {step.map((label, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same key may repeat
              <kbd key={index} className="kbd">
                {label}
              </kbd>
            ))}
          </Fragment>
        ))}
      </span>
    </span>
  );
}
