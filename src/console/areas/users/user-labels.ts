import type { UserType } from '@domain/enums';

// The user type and status labels live in @domain/enums (USER_TYPE_LABELS, USER_STATUS_LABELS): the audit log
// shows them too.

/** The form titles of spec 2, section 2.7. */
export function userFormTitle(mode: 'new' | 'edit', type: UserType): string {
  return `${mode === 'new' ? 'New' : 'Edit'} ${type === 'INTERNAL' ? 'Internal' : 'Account'} User`;
}

/** How a user is named where a name is needed: the full name, else the e-mail. */
export function userDisplayName(user: { fullName: string; email: string }): string {
  return user.fullName.trim() || user.email;
}
