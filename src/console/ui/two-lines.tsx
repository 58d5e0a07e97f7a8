import './two-lines.css';

/** A table cell's value with a muted second line under it (a provider and its solution, a URL and its order). */
export function TwoLines({ first, second }: { first: string | null; second: string | null }) {
  return (
    <span className="two-lines">
      <span className="two-lines__first">{first || <span className="text-muted">—</span>}</span>
      {second ? <span className="two-lines__second">{second}</span> : null}
    </span>
  );
}
