import type { ReactNode } from 'react';

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
