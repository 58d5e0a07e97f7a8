export interface SpinnerProps {
  size?: number;
  /** Read by screen readers; pass '' when a surrounding element already says what is loading. */
  label?: string;
}

export function Spinner({ size = 14, label = 'Loading' }: SpinnerProps) {
  return (
    <>
      <span className="spinner" aria-hidden="true" style={{ width: size, height: size }} />
      {label ? <span className="visually-hidden">{label}</span> : null}
    </>
  );
}

/** A centred spinner with text, for a screen or panel that is loading. */
export function LoadingBlock({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="spinner-block" role="status" aria-live="polite">
      <Spinner label="" size={16} />
      <span>{label}</span>
    </div>
  );
}
