import { type ReactNode, useId } from 'react';
import './detail-section.css';

/**
 * A titled group of label/value pairs on a record's detail screen; a region named by its title. `wide` sections (a
 * table, long free text) take the whole width below the columns of the others.
 */
export function DetailSection({
  title,
  wide = false,
  children,
}: {
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className={wide ? 'detail-section detail-section--wide' : 'detail-section'} aria-labelledby={id}>
      <h2 id={id} className="detail-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The label/value list of a section. */
export function DetailFields({ children }: { children: ReactNode }) {
  return <dl className="detail-section__fields">{children}</dl>;
}

export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="detail-section__field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A value or a muted dash when there is none. */
export function orDash(value: ReactNode): ReactNode {
  return value === null || value === undefined || value === '' ? <span className="text-muted">—</span> : value;
}
