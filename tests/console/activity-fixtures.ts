import type { Account } from '@domain/contract/accounts';
import type { ActivityDetail, ActivityEntry } from '@domain/contract/activity';
import type { Merchant } from '@domain/contract/merchants';
import { vi } from 'vitest';
import { ACCOUNT_ID, json, OTHER_ACCOUNT_ID, type Server, type ServerCall } from './app-harness';

// Data and a stub server for the user-activity screen and the export flow, served under the audit base (/api/audit).

export const ACTIVITY_CONFIG = { userActivityBase: '/api/audit' };
export const ACTIVITY_PATH = `/accounts/${ACCOUNT_ID}/userActivity`;
export const LIST_PATH = `/audit/account/${ACCOUNT_ID}/useractivity`;
export const EXPORT_PATH = `${LIST_PATH}/export`;

export const MERCHANT_ID = '8b0c0a4e-0000-4000-8000-000000000001';
export const OTHER_MERCHANT_ID = '8b0c0a4e-0000-4000-8000-000000000002';

export const ACCOUNT: Account = {
  accountId: ACCOUNT_ID,
  shortId: 'ACME',
  prettyName: 'Acme',
  image: null,
  hasChargebacksFeature: false,
  providers: [
    {
      acquirerId: 'aa000000-0000-4000-8000-000000000001',
      prettyName: 'Nuvei',
      usedByMid: true,
      solutions: [{ id: 'a5000000-0000-4000-8000-000000000001', prettyName: 'Cards LATAM', usedByMid: true }],
    },
  ],
  merchantCount: 2,
  userCount: 1,
  version: 1,
  createdAt: '2024-03-05T10:15:00.000Z',
};

function merchantOf(merchantId: string, name: string): Merchant {
  return {
    merchantId,
    accountId: ACCOUNT_ID,
    prettyName: name,
    image: null,
    merchantLegalName: `${name} Trading S.L.`,
    vatNumber: 'ESB12345678',
    corporateUrl: 'https://shop.example.com',
    dba: name,
    mccCode: '5999',
    street: 'Calle Mayor 1',
    city: 'Madrid',
    zipCode: '28013',
    country: 'ES',
    email: 'billing@shop.example.com',
    phone: null,
    supportUrl: 'https://help.shop.example.com',
    supportEmail: 'help@shop.example.com',
    supportPhone: null,
    webhooksNotificationsUrl: 'https://shop.example.com/hooks',
    successRedirectUrl: null,
    failedRedirectUrl: null,
    version: 1,
    accountReference: { id: ACCOUNT_ID, prettyName: 'Acme' },
    createdAt: '2024-05-01T08:00:00.000Z',
    updatedAt: '2024-06-01T08:00:00.000Z',
  };
}

export const MERCHANTS = [merchantOf(MERCHANT_ID, 'Shop One'), merchantOf(OTHER_MERCHANT_ID, 'Shop Two')];

const ANA = { prettyName: 'Ana Ruiz', email: 'ana@example.com' };
const MERCHANT_REF = { id: MERCHANT_ID, merchantLegalName: 'Shop One Trading S.L.' };

export const INSERTED: ActivityEntry = {
  userActivityId: 'a0000000-0000-4000-8000-000000000001',
  actionType: 'INSERT',
  resourceType: 'MERCHANT',
  resourceId: MERCHANT_ID,
  user: ANA,
  merchant: MERCHANT_REF,
  accountId: ACCOUNT_ID,
  resourceDeleted: false,
  date: '2025-03-01T10:15:30.000Z',
};

export const UPDATED: ActivityEntry = {
  userActivityId: 'a0000000-0000-4000-8000-000000000002',
  actionType: 'UPDATE',
  resourceType: 'USER',
  resourceId: 'c0000000-0000-4000-8000-000000000009',
  user: { prettyName: 'Luis Gil', email: 'luis@example.com' },
  merchant: null,
  accountId: ACCOUNT_ID,
  resourceDeleted: false,
  date: '2025-03-01T09:00:05.000Z',
};

export const DELETED: ActivityEntry = {
  userActivityId: 'a0000000-0000-4000-8000-000000000003',
  actionType: 'DELETE',
  resourceType: 'ROUTE',
  resourceId: 'd0000000-0000-4000-8000-000000000004',
  user: ANA,
  merchant: MERCHANT_REF,
  accountId: ACCOUNT_ID,
  resourceDeleted: true,
  date: '2025-02-28T23:59:59.000Z',
};

export const ENTRIES = [INSERTED, UPDATED, DELETED];

export const DETAILS: Record<string, ActivityDetail> = {
  [INSERTED.userActivityId]: {
    ...INSERTED,
    // As the audit log stores a merchant: its columns, in no particular order.
    version: {
      phone: null,
      country: 'ES',
      accountId: ACCOUNT_ID,
      createdAt: '2025-03-01T10:15:30.000Z',
      prettyName: 'Shop One',
      tags: ['a', 'b'],
      customConfig: { terminalId: 'T-1', merchantId: '53667' },
    },
    oldVersion: null,
  },
  [UPDATED.userActivityId]: {
    ...UPDATED,
    // As the audit log stores a user: the role's name, status and type codes, the linked accounts' ids.
    oldVersion: {
      role: 'VIEWER',
      status: 'INVITED',
      jobTitle: 'Ops',
      userType: 'ACCOUNT',
      firstName: 'Luis',
      accountIds: [ACCOUNT_ID],
    },
    version: {
      role: 'MANAGER',
      status: 'ACTIVE',
      jobTitle: 'Ops lead',
      userType: 'ACCOUNT',
      firstName: 'Luis',
      accountIds: [ACCOUNT_ID, OTHER_ACCOUNT_ID],
    },
  },
  [DELETED.userActivityId]: {
    ...DELETED,
    version: null,
    oldVersion: { routeDescription: 'Main EUR route', weight: 40 },
  },
};

export interface ActivityServerOptions {
  entries?: ActivityEntry[];
  /** Answers the export call; the default is a small CSV. */
  exportAnswer?: (call: ServerCall) => Response | Promise<Response>;
  detail?: (id: string) => Response;
}

/** A stub of the API, the audit base included; unknown calls get an empty list. */
export function activityServer({ entries = ENTRIES, exportAnswer, detail }: ActivityServerOptions = {}) {
  const exportCalls: ServerCall[] = [];
  const listCalls: ServerCall[] = [];
  const server: Server = (call) => {
    if (call.path === `/account/${ACCOUNT_ID}`) return json(200, ACCOUNT);
    if (call.path === `/account/${ACCOUNT_ID}/merchant`) {
      return json(200, { count: MERCHANTS.length, total: MERCHANTS.length, items: MERCHANTS });
    }
    if (call.path === LIST_PATH) {
      listCalls.push(call);
      return json(200, { count: entries.length, total: entries.length, items: entries });
    }
    if (call.path === EXPORT_PATH) {
      exportCalls.push(call);
      if (exportAnswer) return exportAnswer(call);
      return new Response('Date,User\r\n01 Mar 2025,Ana\r\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="user-activity.csv"',
        },
      });
    }
    const detailMatch = /^\/audit\/useractivity\/(.+)$/.exec(call.path);
    if (detailMatch) {
      const id = detailMatch[1]!;
      if (detail) return detail(id);
      const found = DETAILS[id];
      return found ? json(200, found) : json(404, { statusCode: 404, error: 'resource-not-found', message: '' });
    }
    return undefined;
  };
  return { server, exportCalls, listCalls };
}

/** What the virtualised table needs from a layout jsdom does not do: a viewport height for the scroll box. */
export function mockTableLayout() {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('data-table__scroll') ? 400 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
    const inner = this.classList.contains('data-table__scroll') ? this.firstElementChild : null;
    return inner instanceof HTMLElement ? Number.parseFloat(inner.style.height) || 0 : 0;
  });
}

export interface CapturedDownload {
  fileName: string;
  blob: Blob;
}

/** Replaces the browser's download machinery (object URLs and the <a download> click) and records each file. */
export function captureDownloads(): CapturedDownload[] {
  const downloads: CapturedDownload[] = [];
  const blobs = new Map<string, Blob>();
  let counter = 0;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: vi.fn((blob: Blob) => {
      counter += 1;
      const url = `blob:test/${counter}`;
      blobs.set(url, blob);
      return url;
    }),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (blob) downloads.push({ fileName: this.download, blob });
  });
  return downloads;
}
