import type { UserStatus, UserType } from '@domain/enums';

export const USER_TYPE_LABEL: Record<UserType, string> = { INTERNAL: 'Internal', ACCOUNT: 'Account' };

export const USER_STATUS_LABEL: Record<UserStatus, string> = {
  INVITED: 'Invited',
  ACTIVE: 'Active',
  DEACTIVATED: 'Deactivated',
  DELETED: 'Deleted',
};

/** The form titles of spec 2, section 2.7. */
export function userFormTitle(mode: 'new' | 'edit', type: UserType): string {
  return `${mode === 'new' ? 'New' : 'Edit'} ${type === 'INTERNAL' ? 'Internal' : 'Account'} User`;
}

/** How a user is named where a name is needed: the full name, else the e-mail. */
export function userDisplayName(user: { fullName: string; email: string }): string {
  return user.fullName.trim() || user.email;
}
