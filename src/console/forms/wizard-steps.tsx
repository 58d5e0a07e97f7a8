import { useCallback, useRef } from 'react';
import './forms.css';

// The steps of a wizard (the account wizard, the route wizard): a numbered list with the current step marked, and
// the focus moved to a new step's heading so a screen reader announces where the user now is.

export function WizardSteps({ titles, current }: { titles: readonly string[]; current: number }) {
  return (
    <ol className="wizard-steps" aria-label="Steps">
      {titles.map((title, index) => (
        <li key={title} className="wizard-steps__step" aria-current={current === index + 1 ? 'step' : undefined}>
          <span className="wizard-steps__number" aria-hidden="true">
            {index + 1}
          </span>
          {title}
        </li>
      ))}
    </ol>
  );
}

/**
 * Focus for a step's heading: after `moved()`, the next heading mounted takes the focus. Not on arrival, where the
 * step's first field has it (`arrived()` says which).
 */
export function useStepHeadingFocus() {
  const movedRef = useRef(false);
  const moved = useCallback(() => {
    movedRef.current = true;
  }, []);
  const arrived = useCallback(() => !movedRef.current, []);
  // A new function each render on purpose: React calls it again after every render, so a heading that React kept
  // (the same element in the next step) still takes the focus.
  const headingRef = (heading: HTMLHeadingElement | null) => {
    if (!heading || !movedRef.current) return;
    movedRef.current = false;
    heading.focus();
  };
  return { moved, arrived, headingRef };
}
