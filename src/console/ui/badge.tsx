import type { ReactNode } from 'react';

export type Tone = 'success' | 'info' | 'error' | 'warning' | 'neutral' | 'accent';

// Spec 1, 'Status tones'. Statuses arrive as ACTIVE, IN_PROGRESS, 'waiting for user' ...; they are compared as
// lower-case words.
const TONES: Record<string, Tone> = {
  active: 'success',
  done: 'success',
  success: 'success',
  accepted: 'success',
  paid: 'success',
  prevented: 'success',
  'refunded manually': 'success',
  'previously refunded': 'success',
  'to do': 'info',
  todo: 'info',
  update: 'info',
  claimed: 'info',
  failed: 'error',
  declined: 'error',
  abandoned: 'error',
  'not disputed': 'error',
  cancelled: 'error',
  canceled: 'error',
  overdue: 'error',
  'cannot refund': 'error',
  delete: 'error',
  'in progress': 'warning',
  'in process': 'warning',
  'waiting for user': 'warning',
  paused: 'warning',
  pending: 'warning',
  expired: 'neutral',
  'cancelled invoice': 'neutral',
};

function words(status: string): string {
  return status.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ');
}

/**
 * The badge tone of a status. `kind` covers the two places the spec words differently: user statuses (anything
 * but active is an info tag) and invoices (a cancelled invoice is neutral, not an error).
 */
export function statusTone(status: string, kind?: 'user' | 'invoice'): Tone {
  const normalised = words(status);
  if (kind === 'user') return normalised === 'active' ? 'success' : 'info';
  if (kind === 'invoice' && (normalised === 'cancelled' || normalised === 'canceled')) return 'neutral';
  return TONES[normalised] ?? 'neutral';
}

export interface BadgeProps {
  tone?: Tone;
  children: ReactNode;
  title?: string;
}

export function Badge({ tone = 'neutral', children, title }: BadgeProps) {
  return (
    <span className={`badge badge--${tone}`} title={title}>
      {children}
    </span>
  );
}

/** A status shown as a badge in its spec tone, with the words made readable ('IN_PROGRESS' -> 'In progress'). */
export function StatusBadge({ status, kind, label }: { status: string; kind?: 'user' | 'invoice'; label?: string }) {
  const text = label ?? words(status).replace(/^\w/, (c) => c.toUpperCase());
  return <Badge tone={statusTone(status, kind)}>{text}</Badge>;
}
