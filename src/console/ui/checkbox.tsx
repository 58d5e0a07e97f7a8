import type { ComponentPropsWithRef, ReactNode } from 'react';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  label: ReactNode;
  /** Keeps the label as the accessible name but does not draw it (table row selection). */
  hideLabel?: boolean;
}

export function Checkbox({ label, hideLabel = false, className, ...props }: CheckboxProps) {
  return (
    <label className={className ? `checkbox ${className}` : 'checkbox'}>
      <input type="checkbox" {...props} />
      <span className={hideLabel ? 'visually-hidden' : undefined}>{label}</span>
    </label>
  );
}
