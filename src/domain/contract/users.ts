import { z } from 'zod';
import { USER_STATUSES, USER_TYPES } from '../enums';
import { MSG } from '../validation';
import { isoDate, listQuery, listResponse, openedVersion, queryArray, uuid } from './common';
import { exportQuery } from './exports';

// Users and roles (spec 2, sections 2.7, 3, 5 and 7). The form rules live here once: the console validates with
// them on blur and change, the server validates every payload with the same schema.

export const USER_NAME_MAX = 50;
export const USER_EMAIL_MAX = 50;

export const role = z.object({
  id: uuid,
  /** ADMINISTRATOR, MANAGER, ... (the identifier). */
  name: z.string(),
  prettyName: z.string(),
  /** Internal (provider-staff) roles are never offered to account users. */
  internal: z.boolean(),
});
export type Role = z.infer<typeof role>;
export const roleList = listResponse(role);

export const userAccountRef = z.object({ accountId: uuid, shortId: z.string(), prettyName: z.string() });
export type UserAccountRef = z.infer<typeof userAccountRef>;

export const user = z.object({
  userId: uuid,
  firstName: z.string(),
  lastName: z.string(),
  /** First and last name; '' when neither is known. */
  fullName: z.string(),
  email: z.string(),
  jobTitle: z.string(),
  userType: z.enum(USER_TYPES),
  role,
  status: z.enum(USER_STATUSES),
  lastActivity: isoDate.nullable(),
  /** The one account of an account user; null for provider staff. */
  accountId: uuid.nullable(),
  /** The linked accounts (one for account users, any number for provider staff). */
  accountsList: z.array(userAccountRef),
  createdAt: isoDate,
  /** Raised by every edit; the form sends back the one it read (userUpdate.version), so edits never overwrite. */
  version: z.number().int(),
});
export type User = z.infer<typeof user>;

/**
 * GET /user. The spec's text filters, plus the provider-staff filters User Type and Account Name (accountId[] picks
 * accounts; accountName matches names). Deleted users are left out unless the status filter asks for them.
 */
export const userListQuery = listQuery.extend({
  userId: z.string().trim().optional(),
  firstName: z.string().trim().optional(),
  lastName: z.string().trim().optional(),
  jobTitle: z.string().trim().optional(),
  email: z.string().trim().optional(),
  accountName: z.string().trim().optional(),
  accountId: queryArray(uuid),
  userType: queryArray(z.enum(USER_TYPES)),
  status: queryArray(z.enum(USER_STATUSES)),
});
export type UserListQuery = z.infer<typeof userListQuery>;
export const userList = listResponse(user);
/** GET /user/export: the list's filters and order, plus timeZone and forceEmailExport. */
export const userExportQuery = userListQuery.omit({ page: true, limit: true }).extend(exportQuery.shape);
export type UserExportQuery = z.infer<typeof userExportQuery>;

export const userParams = z.object({ userId: z.string() });

/** What the form needs to know to apply the spec's rules. */
export interface UserFormContext {
  /** E-mail domains reserved for provider staff (runtime configuration). */
  internalDomains: readonly string[];
  mode: 'new' | 'edit';
  /** Whether the acting user may manage internal users (role choices and the account selector). */
  canManageInternal: boolean;
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();
/** Whether an e-mail belongs to one of the domains (or a subdomain of one): the restricted-domain rules' test. */
export const inDomains = (email: string, domains: readonly string[]) => {
  const domain = domainOf(email);
  return domains.some((allowed) => domain === allowed || domain.endsWith(`.${allowed}`));
};
const listDomains = (domains: readonly string[]) => domains.map((domain) => `@${domain}`).join(', ');

export const restrictedDomainMessage = (domains: readonly string[]) => `Restricted domain ${listDomains(domains)}`;
export const onlyDomainsMessage = (domains: readonly string[]) => `Only ${listDomains(domains)} are allowed`;

const name = z.string().trim().min(1, MSG.required).max(USER_NAME_MAX, `Maximum ${USER_NAME_MAX} characters`);

/** The user form's values, as the form holds them (strings; '' for unset). */
export const userFormValues = z.object({
  userType: z.enum(USER_TYPES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  jobTitle: z.string(),
  roleId: z.string(),
  accountId: z.string(),
  accounts: z.array(z.string()),
});
export type UserFormValues = z.infer<typeof userFormValues>;

/**
 * The user form's rules (spec 2, section 5): required fields, 50-character limits, a valid e-mail in the right
 * domains, a role when creating or when the acting user manages internal users, one account for account users and
 * at least one for internal users. The e-mail is only checked when creating: it cannot change afterwards.
 */
export function userFormSchema(context: UserFormContext) {
  const domains = context.internalDomains;
  const roleRequired = context.mode === 'new' || context.canManageInternal;
  return z
    .object({
      userType: z.enum(USER_TYPES, { error: MSG.required }),
      firstName: name,
      lastName: name,
      email:
        context.mode === 'new'
          ? z
              .string()
              .trim()
              .min(1, MSG.required)
              .max(USER_EMAIL_MAX, `Maximum ${USER_EMAIL_MAX} characters`)
              .regex(/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/, MSG.email)
          : z.string(),
      jobTitle: z.string().trim().min(1, MSG.required).max(100, 'Maximum 100 characters'),
      roleId: roleRequired ? z.string().min(1, MSG.required) : z.string(),
      accountId: z.string(),
      accounts: z.array(z.string()),
    })
    .superRefine((values, ctx) => {
      if (context.mode === 'new' && domains.length > 0 && values.email.includes('@')) {
        const internalAddress = inDomains(values.email.trim(), domains);
        if (values.userType === 'ACCOUNT' && internalAddress) {
          ctx.addIssue({ code: 'custom', path: ['email'], message: restrictedDomainMessage(domains) });
        }
        if (values.userType === 'INTERNAL' && !internalAddress) {
          ctx.addIssue({ code: 'custom', path: ['email'], message: onlyDomainsMessage(domains) });
        }
      }
      if (values.userType === 'ACCOUNT' && values.accountId === '') {
        ctx.addIssue({ code: 'custom', path: ['accountId'], message: MSG.required });
      }
      if (values.userType === 'INTERNAL' && values.accounts.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['accounts'], message: MSG.required });
      }
    });
}

const trimmedName = z.string().trim().min(1, MSG.required).max(USER_NAME_MAX);
const payloadBase = z.object({
  firstName: trimmedName,
  lastName: trimmedName,
  jobTitle: z.string().trim().min(1, MSG.required).max(100),
  roleId: uuid,
});

/** POST /user: an account user, tied to one account. */
export const accountUserCreate = payloadBase.extend({
  userType: z.literal('ACCOUNT'),
  email: z.string().trim().min(1, MSG.required).max(USER_EMAIL_MAX).email(MSG.email),
  accountId: uuid,
});
/** POST /user/admin: an internal (provider-staff) user, linked to any number of accounts. */
export const internalUserCreate = payloadBase.extend({
  userType: z.literal('INTERNAL'),
  email: z.string().trim().min(1, MSG.required).max(USER_EMAIL_MAX).email(MSG.email),
  accounts: z.array(uuid).min(1, MSG.required),
});
/**
 * PUT /user/{userId}. The e-mail cannot change; a differing one is refused. Status moves between ACTIVE and
 * DEACTIVATED only (deleting has its own call; INVITED ends when the invitation is accepted).
 */
export const userUpdate = z.object({
  userId: uuid.optional(),
  userType: z.enum(USER_TYPES).optional(),
  email: z.string().optional(),
  firstName: trimmedName,
  lastName: trimmedName,
  jobTitle: z.string().trim().min(1, MSG.required).max(100),
  roleId: uuid.optional(),
  accountId: uuid.optional(),
  status: z.enum(['ACTIVE', 'DEACTIVATED']).optional(),
  /** The version the form was opened on; over a newer one, 409 'user-changed'. */
  version: openedVersion,
});
/** PUT /user/{userId}/account: the accounts of an internal user, with the version the form holds. */
export const userAccountsUpdate = z.object({ accountIds: z.array(uuid).min(1, MSG.required), version: openedVersion });
export type AccountUserCreate = z.infer<typeof accountUserCreate>;
export type InternalUserCreate = z.infer<typeof internalUserCreate>;
export type UserUpdate = z.infer<typeof userUpdate>;
export type UserAccountsUpdate = z.infer<typeof userAccountsUpdate>;
