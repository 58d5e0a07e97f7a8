import { NotFoundPage } from '@console/shell/not-found-page';
import { useParams } from 'wouter';
import { UserDetailScreen } from './user-detail-screen';
import { UserFormScreen } from './user-form-screen';

/**
 * /users/{action}/{userId?} (spec 2, section 2.7): new takes no id, edit and detail need one; any other action is
 * the not-found page.
 */
export function UserRecordScreen() {
  const { action, userId } = useParams<{ action?: string; userId?: string }>();
  if (action === 'new' && !userId) return <UserFormScreen mode="new" />;
  if (action === 'edit' && userId) return <UserFormScreen mode="edit" userId={userId} />;
  if (action === 'detail' && userId) return <UserDetailScreen userId={userId} />;
  return <NotFoundPage />;
}
