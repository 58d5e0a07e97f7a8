import type { ComponentPropsWithRef, ReactNode } from 'react';

export interface SwitchProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'role'> {
  label: ReactNode;
}

/**
 * An on/off setting that takes effect at once (the refund's 'Full refund' fills and locks the amount): a native
 * checkbox with the switch role, so Space, the label's click and form semantics come from the browser, drawn as a
 * track and a thumb. A choice that only counts when a form is sent is a Checkbox instead.
 */
export function Switch({ label, className, ...props }: SwitchProps) {
  return (
    <label className={className ? `switch ${className}` : 'switch'}>
      {/* biome-ignore lint/a11y/useAriaPropsForRole: the native checked state is the switch's state; aria-checked would only repeat it (ARIA in HTML) */}
      <input type="checkbox" role="switch" className="switch__input" {...props} />
      <span className="switch__label">{label}</span>
    </label>
  );
}
