import type { MessageType } from '@domain/errors';
import type { ReactNode } from 'react';
import { CheckCircleIcon, ErrorIcon, InfoIcon, WarningIcon } from './icons';

const ICONS = { success: CheckCircleIcon, info: InfoIcon, warning: WarningIcon, error: ErrorIcon } as const;

export interface BannerProps {
  type: MessageType;
  header: ReactNode;
  content?: ReactNode;
  children?: ReactNode;
}

/** An inline message inside a page or form (the sign-in screen's session-information banner, form errors). */
export function Banner({ type, header, content, children }: BannerProps) {
  const Icon = ICONS[type];
  return (
    <div className={`banner banner--${type}`} role={type === 'error' ? 'alert' : 'status'}>
      <Icon className="banner__icon" />
      <div>
        <div className="banner__header">{header}</div>
        {content ? <div className="banner__content">{content}</div> : null}
        {children}
      </div>
    </div>
  );
}
