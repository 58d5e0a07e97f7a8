import { StatusBadge } from '@console/ui/badge';
import type { UserStatus as Status } from '@domain/enums';
import { USER_STATUS_LABEL } from './user-labels';

/** Statuses other than active are an info tag (spec 2, section 2.7); active is plain text. */
export function UserStatus({ status }: { status: Status }) {
  if (status === 'ACTIVE') return <>{USER_STATUS_LABEL.ACTIVE}</>;
  return <StatusBadge status={status} kind="user" label={USER_STATUS_LABEL[status]} />;
}
