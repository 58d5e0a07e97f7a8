import type { User } from '@domain/contract/users';
import type { UserType } from '@domain/enums';
import { can, type Grants, PERMISSIONS as P } from '@domain/permissions';

// Who may do what with users (spec 2, section 6). Each action checks the permission of the target user's type:
// useraccount.* for account users, userinternal.* for provider staff.

const BY_TYPE = {
  ACCOUNT: { create: P.accountUserCreate, update: P.accountUserUpdate, delete: P.accountUserDelete },
  INTERNAL: { create: P.internalUserCreate, update: P.internalUserUpdate, delete: P.internalUserDelete },
} as const;

export function canCreateUser(grants: Grants, type: UserType): boolean {
  return can(grants, BY_TYPE[type].create);
}

export function canEditUserType(grants: Grants, type: UserType): boolean {
  return can(grants, BY_TYPE[type].update);
}

/** The types the acting user may create, account users first (the New User menu's order is the reverse). */
export function creatableUserTypes(grants: Grants): UserType[] {
  return (['ACCOUNT', 'INTERNAL'] as const).filter((type) => canCreateUser(grants, type));
}

/** Whether the acting user manages provider staff: internal role choices and the account selector (spec 2, 5-6). */
export function canManageInternalUsers(grants: Grants): boolean {
  return can(grants, P.internalUserCreate) || can(grants, P.internalUserUpdate);
}

export interface UserActionsAllowed {
  view: boolean;
  edit: boolean;
  delete: boolean;
  /** Resend invitation: invited users only, with the create permission of their type. */
  resend: boolean;
}

/**
 * The actions the acting user has on one user. A deleted user can only be looked at; nobody deletes themselves here
 * (it would end the very session doing it).
 */
export function allowedUserActions(
  grants: Grants,
  user: Pick<User, 'userId' | 'userType' | 'status'>,
  actingUserId: string,
): UserActionsAllowed {
  const permissions = BY_TYPE[user.userType];
  const live = user.status !== 'DELETED';
  return {
    view: can(grants, P.userSelect),
    edit: live && can(grants, permissions.update),
    delete: live && user.userId !== actingUserId && can(grants, permissions.delete),
    resend: user.status === 'INVITED' && can(grants, permissions.create),
  };
}
