import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Spinner } from './spinner';
import { Tooltip } from './tooltip';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and blocks clicks while an action runs; the label stays so the button keeps its name. */
  loading?: boolean;
  icon?: ReactNode;
  block?: boolean;
}

function classes(variant: ButtonVariant, size: ButtonSize, block: boolean, extra?: string) {
  return ['btn', `btn--${variant}`, size === 'sm' ? 'btn--sm' : '', block ? 'btn--block' : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant = 'secondary',
  size = 'md',
  loading = false,
  icon,
  block = false,
  className,
  type = 'button',
  disabled,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={classes(variant, size, block, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner label="" size={size === 'sm' ? 11 : 13} /> : icon}
      {children}
    </button>
  );
}

export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'icon' | 'aria-label'> {
  /** Required: an icon alone has no name. It is also the tooltip text. */
  'aria-label': string;
  icon: ReactNode;
  /** A key binding shown in the tooltip. */
  keys?: string;
  /** Tooltip text when it should say more than the name. */
  tooltip?: ReactNode;
}

export function IconButton({
  icon,
  keys,
  tooltip,
  variant = 'ghost',
  size = 'md',
  className,
  ...props
}: IconButtonProps) {
  return (
    <Tooltip content={tooltip ?? props['aria-label']} keys={keys}>
      <Button variant={variant} size={size} className={className ? `icon-btn ${className}` : 'icon-btn'} {...props}>
        {icon}
      </Button>
    </Tooltip>
  );
}
