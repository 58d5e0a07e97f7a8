import { StatusBadge } from '@console/ui/badge';
import { type UserStatus as Status, USER_STATUS_LABELS } from '@domain/enums';

/** Statuses other than active are an info tag (spec 2, section 2.7); active is plain text. */
export function UserStatus({ status }: { status: Status }) {
  if (status === 'ACTIVE') return <>{USER_STATUS_LABELS.ACTIVE}</>;
  return <StatusBadge status={status} kind="user" label={USER_STATUS_LABELS[status]} />;
}
