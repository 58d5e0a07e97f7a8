import type { Account } from '@domain/contract/accounts';
import type { SessionResponse } from '@domain/contract/auth';
import type { Role, User } from '@domain/contract/users';
import { PERMISSIONS as P } from '@domain/permissions';
import { ACCOUNT_ID, json, OTHER_ACCOUNT_ID, type Server, type ServerCall } from './app-harness';

// A fake users API for the console tests: GET /user, /role, /account, /user/{id}, and the writes, recorded.

export const THIRD_ACCOUNT_ID = '5d0c0a4e-0000-4000-8000-0000000000cc';

export const ROLES: Role[] = [
  { id: '6a0c0a4e-0000-4000-8000-000000000001', name: 'ADMINISTRATOR', prettyName: 'Administrator', internal: false },
  { id: '6a0c0a4e-0000-4000-8000-000000000002', name: 'VIEWER', prettyName: 'Viewer', internal: false },
  {
    id: '6a0c0a4e-0000-4000-8000-000000000003',
    name: 'PROVIDER_ADMINISTRATOR',
    prettyName: 'Provider administrator',
    internal: true,
  },
];
export const [ADMIN_ROLE, VIEWER_ROLE, PROVIDER_ROLE] = ROLES as [Role, Role, Role];

const ref = (accountId: string, shortId: string, prettyName: string) => ({ accountId, shortId, prettyName });
export const ACME = ref(ACCOUNT_ID, 'ACME', 'Acme');
export const GLOBEX = ref(OTHER_ACCOUNT_ID, 'GLBX', 'Globex');
export const INITECH = ref(THIRD_ACCOUNT_ID, 'INIT', 'Initech');

export function accountRecord(summary: typeof ACME): Account {
  return {
    ...summary,
    image: null,
    hasChargebacksFeature: false,
    providers: [],
    merchantCount: 1,
    userCount: 1,
    version: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

export const ANA: User = {
  userId: '7b0c0a4e-0000-4000-8000-000000000001',
  firstName: 'Ana',
  lastName: 'Ruiz',
  fullName: 'Ana Ruiz',
  email: 'ana@acme.example',
  jobTitle: 'Finance lead',
  userType: 'ACCOUNT',
  role: ADMIN_ROLE,
  status: 'ACTIVE',
  lastActivity: '2025-03-05T10:15:00.000Z',
  accountId: ACCOUNT_ID,
  accountsList: [ACME],
  createdAt: '2025-01-01T00:00:00.000Z',
  version: 3,
};

export const BOB: User = {
  ...ANA,
  userId: '7b0c0a4e-0000-4000-8000-000000000002',
  firstName: 'Bob',
  lastName: 'Stone',
  fullName: 'Bob Stone',
  email: 'bob@acme.example',
  jobTitle: 'Analyst',
  role: VIEWER_ROLE,
  status: 'INVITED',
  lastActivity: null,
};

export const SAM: User = {
  ...ANA,
  userId: '7b0c0a4e-0000-4000-8000-000000000003',
  firstName: 'Sam',
  lastName: 'Staff',
  fullName: 'Sam Staff',
  email: 'sam@ops.example',
  jobTitle: 'Operations',
  userType: 'INTERNAL',
  role: PROVIDER_ROLE,
  status: 'DEACTIVATED',
  accountId: null,
  accountsList: [ACME, GLOBEX, INITECH],
};

export const USERS = [ANA, BOB, SAM];

export const ACCOUNT_ADMIN_PERMISSIONS = [
  P.userRead,
  P.userSelect,
  P.accountUserCreate,
  P.accountUserUpdate,
  P.accountUserDelete,
  P.merchantRead,
];

/** An account administrator of Acme. */
export const ACCOUNT_ADMIN: Partial<SessionResponse> = {
  permissions: ACCOUNT_ADMIN_PERMISSIONS,
  isProviderStaff: false,
  accounts: [ACME],
};

/** A provider administrator linked to the three accounts. */
export const STAFF_ADMIN: Partial<SessionResponse> = {
  permissions: ['all.manage'],
  allAllowed: true,
  isProviderStaff: true,
  email: 'root@ops.example',
  fullName: 'Root Admin',
  accounts: [ACME, GLOBEX, INITECH],
};

export const INTERNAL_DOMAINS = ['ops.example'];

export interface FakeUsersApi {
  server: Server;
  users: User[];
}

/** `extra` answers first; anything it leaves is answered from the users, roles and accounts above. */
export function fakeUsersApi(extra?: Server, users: User[] = USERS): FakeUsersApi {
  const server: Server = (call: ServerCall) => {
    const special = extra?.(call);
    if (special) return special;
    const parts = call.path.split('/').filter(Boolean);
    if (call.method === 'GET') {
      if (call.path === '/user') return json(200, { count: users.length, total: users.length, items: users });
      if (call.path === '/role') return json(200, { count: ROLES.length, total: ROLES.length, items: ROLES });
      if (call.path === '/account') {
        const items = [ACME, GLOBEX, INITECH].map(accountRecord);
        return json(200, { count: items.length, total: items.length, items });
      }
      if (parts[0] === 'account' && parts.length === 2) {
        const found = [ACME, GLOBEX, INITECH].find((account) => account.accountId === parts[1]);
        return found ? json(200, accountRecord(found)) : undefined;
      }
      if (parts[0] === 'user' && parts.length === 2) {
        const found = users.find((user) => user.userId === parts[1]);
        return found ? json(200, found) : json(404, { statusCode: 404, error: 'resource-not-found', message: 'x' });
      }
    }
    if (call.method === 'POST' && (call.path === '/user' || call.path === '/user/admin')) return json(201, ANA);
    // An edit answers the user as saved, one version on, as the server does.
    if (call.method === 'PUT' && parts[0] === 'user') {
      const found = users.find((user) => user.userId === parts[1]);
      if (found) return json(200, { ...found, version: found.version + 1 });
    }
    if (call.method === 'PUT' || call.method === 'DELETE' || call.method === 'POST') return json(200, { ok: true });
    return undefined;
  };
  return { server, users };
}
