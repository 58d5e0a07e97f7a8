import { CATALOGUE } from '@domain/errors';
import type { ReactNode } from 'react';
import { Button } from './button';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  /** 'alert' when the empty state reports a failure, so screen readers announce it. */
  role?: 'status' | 'alert';
}

export function EmptyState({ title, description, icon, action, role }: EmptyStateProps) {
  return (
    <div className="empty-state" role={role}>
      {icon ? <div className="empty-state__icon">{icon}</div> : null}
      <div className="empty-state__title">{title}</div>
      {description ? <div className="empty-state__description">{description}</div> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}

/** A record that could not be loaded ('Error getting details'), with a retry: every detail screen's failure state. */
export function DetailsLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <EmptyState
      role="alert"
      title={CATALOGUE['details-error'].header}
      description={CATALOGUE['details-error'].content}
      action={
        <Button size="sm" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
