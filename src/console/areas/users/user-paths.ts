import type { UserType } from '@domain/enums';

// Paths of spec 2, section 2.7: /users and /users/{action}/{userId?}, with type 0 (account user, the default) or 1
// (internal user) in the query of the new-user form.

export const USERS_PATH = '/users';

const TYPE_PARAM: Record<UserType, string> = { ACCOUNT: '0', INTERNAL: '1' };

export const newUserPath = (type: UserType) => `${USERS_PATH}/new?type=${TYPE_PARAM[type]}`;
export const editUserPath = (userId: string) => `${USERS_PATH}/edit/${userId}`;
export const userDetailPath = (userId: string) => `${USERS_PATH}/detail/${userId}`;

/** The `type` of the query string: 1 is an internal user; anything else (or nothing) an account user. */
export function userTypeOfSearch(search: string): UserType {
  return new URLSearchParams(search).get('type') === TYPE_PARAM.INTERNAL ? 'INTERNAL' : 'ACCOUNT';
}
