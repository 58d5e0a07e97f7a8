import { useSession } from '@console/session/session-provider';
import { Button } from '@console/ui/button';
import { ChevronDownIcon } from '@console/ui/icons';
import { Menu } from '@console/ui/menu';
import { useLocation } from 'wouter';
import { creatableUserTypes } from './user-access';
import { newUserPath } from './user-paths';

/**
 * New User: a dropdown offering an internal or an account user when both may be created, a plain button when only
 * one may, nothing without either (spec 2, section 2.7).
 */
export function NewUserButton() {
  const { grants } = useSession();
  const [, navigate] = useLocation();
  const types = creatableUserTypes(grants);
  if (types.length === 0) return null;
  if (types.length === 1) {
    return (
      <Button variant="primary" onClick={() => navigate(newUserPath(types[0]!))}>
        New User
      </Button>
    );
  }
  return (
    <Menu
      label="New User"
      items={[
        { id: 'internal', label: 'Internal user', keys: 'shift+n', onSelect: () => navigate(newUserPath('INTERNAL')) },
        { id: 'account', label: 'Account user', keys: 'n', onSelect: () => navigate(newUserPath('ACCOUNT')) },
      ]}
      trigger={
        <Button variant="primary">
          New User
          <ChevronDownIcon />
        </Button>
      }
    />
  );
}
