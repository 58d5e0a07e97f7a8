import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ChevronLeftIcon } from './icons';
import { keepClear } from './keep-clear';

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** A link above the title back to the parent screen. */
  back?: { href: string; label: string };
  /** Buttons at the right (New, Export ...). */
  actions?: ReactNode;
  /** Badges or tags beside the title. */
  meta?: ReactNode;
}

export function PageHeader({ title, subtitle, back, actions, meta }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div className="page-header__main">
        {back ? (
          <Link href={back.href} className="page-header__back">
            <ChevronLeftIcon />
            {back.label}
          </Link>
        ) : null}
        <h1 className="page-header__title">
          {title}
          {meta}
        </h1>
        {subtitle ? <div className="page-header__subtitle">{subtitle}</div> : null}
      </div>
      {actions ? (
        <div className="page-header__actions" {...keepClear}>
          {actions}
        </div>
      ) : null}
    </header>
  );
}
