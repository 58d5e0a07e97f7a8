import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { operationIdOf, pathUnder } from '@server/lib/operation-ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/test-app';

// The API reference (GET /api/docs/json) as a third party reads it (issue 23): Redocly's recommended rules found 3
// errors (no servers; a nullable without a type, twice) and 113 warnings, 106 of them calls without an operationId, so
// generated clients named their methods by path. Every call now has a stable, unique id, and the document lints
// with 0 errors (and one warning: the document names no licence, a decision for the project's owners).

/** @redocly/cli: the project's devDependency, or REDOCLY_CLI naming another install. */
const REDOCLY = process.env.REDOCLY_CLI ?? join(import.meta.dirname, '../../node_modules/.bin/redocly');

interface Operation {
  operationId?: string;
}
interface ApiDocument {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

/**
 * Every call's id. Generated clients name their methods after these, so changing one breaks their users: a new call
 * adds a line here, and an id that changes must be a decision (src/server/lib/operation-ids.ts derives them).
 */
const OPERATION_IDS: Record<string, string> = {
  'POST /api/user/login': 'login',
  'POST /api/user/admin/login': 'adminLogin',
  'POST /api/user/logout': 'logout',
  'POST /api/user/renew': 'renewSession',
  'GET /api/user/session': 'getUserSession',
  'POST /api/user/forgot': 'forgotPassword',
  'POST /api/user/admin/forgot': 'adminForgotPassword',
  'POST /api/user/reset': 'resetPassword',
  'GET /api/user/password-link': 'getUserPasswordLink',
  'PUT /api/user/{userId}/unsubscribe': 'unsubscribeUser',
  'GET /api/user/recent-record': 'listRecentRecords',
  'POST /api/user/recent-record': 'addRecentRecord',
  'GET /api/account/{accountId}/saved-view': 'listSavedViews',
  'POST /api/account/{accountId}/saved-view': 'createSavedView',
  'PUT /api/account/{accountId}/saved-view/{viewId}': 'updateSavedView',
  'DELETE /api/account/{accountId}/saved-view/{viewId}': 'deleteSavedView',
  'PUT /api/account/{accountId}/saved-view-default': 'updateSavedViewDefault',
  'GET /api/mailbox': 'listMailboxMessages',
  'GET /api/mailbox/{id}': 'getMailboxMessage',
  'GET /api/account': 'listAccounts',
  'POST /api/account': 'createAccount',
  'GET /api/account/{accountId}': 'getAccount',
  'PUT /api/account/{accountId}': 'updateAccount',
  'DELETE /api/account/{accountId}': 'deleteAccount',
  'GET /api/acquirer': 'listAcquirers',
  'GET /api/account/{accountId}/acquirer': 'listAccountAcquirers',
  'GET /api/account/{accountId}/solution': 'listSolutions',
  'GET /api/account/{accountId}/merchant': 'listMerchants',
  'POST /api/account/{accountId}/merchant': 'createMerchant',
  'GET /api/account/{accountId}/merchant/{merchantId}': 'getMerchant',
  'PUT /api/account/{accountId}/merchant/{merchantId}': 'updateMerchant',
  'GET /api/account/{accountId}/merchant/{merchantId}/{keyName}': 'getMerchantApiKey',
  'GET /api/merchant/{merchantId}/list': 'listMyLists',
  'GET /api/merchant/{merchantId}/url': 'listUrls',
  'POST /api/merchant/{merchantId}/url': 'createUrl',
  'DELETE /api/merchant/{merchantId}/url/{itemId}': 'deleteUrl',
  'GET /api/merchant/{merchantId}/custom-tag': 'listCustomTags',
  'POST /api/merchant/{merchantId}/custom-tag': 'createCustomTag',
  'DELETE /api/merchant/{merchantId}/custom-tag/{itemId}': 'deleteCustomTag',
  'GET /api/merchant/{merchantId}/mid': 'listMids',
  'POST /api/merchant/{merchantId}/mid': 'createMid',
  'GET /api/merchant/{merchantId}/mid/export': 'exportMids',
  'GET /api/merchant/{merchantId}/mid/{midId}': 'getMid',
  'PUT /api/merchant/{merchantId}/mid/{midId}': 'updateMid',
  'DELETE /api/merchant/{merchantId}/mid/{midId}': 'deleteMid',
  'GET /api/mid/search': 'searchMids',
  'GET /api/account/{accountId}/acquirer/{acquirerId}/template': 'getAcquirerTemplate',
  'GET /api/merchant/{merchantId}/psp': 'listPsps',
  'GET /api/merchant/{merchantId}/psp/{pspId}/counter': 'getPspCounter',
  'GET /api/merchant/{merchantId}/psp/{pspId}/mid': 'listPspMids',
  'GET /api/merchant/{merchantId}/psp/{pspId}/mid/{midId}/counter': 'getPspMidCounter',
  'GET /api/merchant/{merchantId}/psp/{pspId}/descriptor': 'listPspDescriptors',
  'GET /api/merchant/{merchantId}/psp/{pspId}/limit': 'getPspLimit',
  'PUT /api/merchant/{merchantId}/psp/{pspId}/limit': 'updatePspLimit',
  'GET /api/merchant/{merchantId}/psp/{pspId}/mid/{midId}/limit': 'getPspMidLimit',
  'PUT /api/merchant/{merchantId}/psp/{pspId}/mid/{midId}/limit': 'updatePspMidLimit',
  'PUT /api/limit/{limitId}/alert': 'updateLimitAlert',
  'DELETE /api/limit/{limitId}/alert': 'deleteLimitAlert',
  'GET /api/account/{accountId}/transactions-kpis': 'getTransactionsKpis',
  'GET /api/account/{accountId}/transactions-chart': 'getTransactionsChart',
  'GET /api/merchant/{merchantId}/route': 'listRoutes',
  'POST /api/merchant/{merchantId}/route': 'createRoute',
  'GET /api/merchant/{merchantId}/route/export': 'exportRoutes',
  'GET /api/merchant/{merchantId}/route-mid': 'listRouteMids',
  'POST /api/merchant/{merchantId}/route-mid': 'searchRouteMids',
  'GET /api/merchant/{merchantId}/route/{routeId}': 'getRoute',
  'PUT /api/merchant/{merchantId}/route/{routeId}': 'updateRoute',
  'DELETE /api/merchant/{merchantId}/route/{routeId}': 'deleteRoute',
  'POST /api/merchant/{merchantId}/routes': 'createRoutes',
  'POST /api/merchant/{merchantId}/route/{routeId}/duplicate': 'duplicateRoute',
  'GET /api/route/search': 'searchRoutes',
  'POST /api/merchant/{merchantId}/simulation': 'simulateRouting',
  'POST /api/merchant/{merchantId}/routing-backtest': 'backtestRouting',
  'GET /api/merchant/{merchantId}/routing-lint': 'lintRouting',
  'POST /api/merchant/{merchantId}/routing-lint': 'lintRoutingDraft',
  'GET /api/search': 'search',
  'GET /api/search/names': 'searchNames',
  'GET /api/export/{exportId}/status': 'getExportStatus',
  'GET /api/export/{exportId}': 'getExport',
  'GET /api/user': 'listUsers',
  'POST /api/user': 'createUser',
  'GET /api/user/export': 'exportUsers',
  'GET /api/role': 'listRoles',
  'GET /api/user/{userId}': 'getUser',
  'PUT /api/user/{userId}': 'updateUser',
  'DELETE /api/user/{userId}': 'deleteUser',
  'POST /api/user/admin': 'createAdminUser',
  'POST /api/user/{userId}/reminder': 'sendUserReminder',
  'PUT /api/user/{userId}/account': 'updateUserAccount',
  'GET /api/account/{accountId}/transaction': 'listTransactions',
  'GET /api/account/{accountId}/transaction/export': 'exportTransactions',
  'GET /api/account/{accountId}/transaction/{transactionId}': 'getTransaction',
  'GET /api/account/{accountId}/transactionUrl': 'listTransactionUrls',
  'GET /api/transaction/search': 'searchTransactions',
  'POST /api/account/{accountId}/transaction/{transactionId}/refund': 'createTransactionRefund',
  'GET /api/account/{accountId}/chargeback': 'listChargebacks',
  'GET /api/account/{accountId}/chargeback/export': 'exportChargebacks',
  'GET /api/account/{accountId}/chargeback/{chargebackId}': 'getChargeback',
  'PATCH /api/account/{accountId}/chargeback/{chargebackId}': 'updateChargeback',
  'GET /api/account/{accountId}/agent': 'listAgents',
  'POST /api/account/{accountId}/chargeback/{chargebackId}/agent': 'createChargebackAgent',
  'DELETE /api/account/{accountId}/chargeback/{chargebackId}/agent/{agentId}': 'deleteChargebackAgent',
  'GET /api/merchant/{merchantId}/transactionalert': 'listTransactionAlerts',
  'GET /api/merchant/{merchantId}/transactionalert/export': 'exportTransactionAlerts',
  'GET /api/account/{accountId}/transactionalert': 'listAccountTransactionAlerts',
  'GET /api/account/{accountId}/transactionalert/export': 'exportAccountTransactionAlerts',
  'GET /api/merchant/{merchantId}/plan': 'listPlans',
  'POST /api/merchant/{merchantId}/plan': 'createPlan',
  'GET /api/merchant/{merchantId}/plan/{planId}': 'getPlan',
  'PUT /api/merchant/{merchantId}/plan/{planId}': 'updatePlan',
  'GET /api/merchant/{merchantId}/subscription': 'listSubscriptions',
  'GET /api/merchant/{merchantId}/subscription/export': 'exportSubscriptions',
  'GET /api/merchant/{merchantId}/subscription/{subscriptionId}': 'getSubscription',
  'PATCH /api/merchant/{merchantId}/subscription/{subscriptionId}': 'updateSubscription',
  'GET /api/merchant/{merchantId}/subscription/{subscriptionId}/cycle/export': 'exportSubscriptionCycles',
  'GET /api/merchant/{merchantId}/subscriptions-kpis': 'getSubscriptionsKpis',
  'GET /api/account/{accountId}/chargeback-template': 'listChargebackTemplates',
  'PUT /api/account/{accountId}/chargeback-template/{templateKey}': 'updateChargebackTemplate',
  'GET /api/account/{accountId}/chargeback-template/{templateKey}/file/{fileName}': 'getChargebackTemplateFile',
  'DELETE /api/account/{accountId}/chargeback-template/{templateKey}/file/{fileName}': 'deleteChargebackTemplateFile',
  'GET /api/account/{accountId}/chargeback-template/{templateKey}/file/{fileName}/content':
    'getChargebackTemplateFileContent',
  'POST /api/account/{accountId}/chargeback/{chargebackId}/document': 'createChargebackDocument',
  'GET /api/account/{accountId}/chargeback/{chargebackId}/document/file': 'getChargebackDocumentFile',
  'GET /api/account/{accountId}/invoice': 'listInvoices',
  'POST /api/account/{accountId}/invoice': 'createInvoice',
  'GET /api/account/{accountId}/invoice/{invoiceId}': 'getInvoice',
  'PATCH /api/account/{accountId}/invoice/{invoiceId}': 'updateInvoice',
  'DELETE /api/account/{accountId}/invoice/{invoiceId}': 'deleteInvoice',
  'GET /api/account/{accountId}/invoice/{invoiceId}/document': 'getInvoiceDocument',
  'GET /api/account/{accountId}/invoice/{invoiceId}/document/file': 'getInvoiceDocumentFile',
  'GET /api/invoice-template': 'getInvoiceTemplate',
  'GET /api/invoice-template/file': 'getInvoiceTemplateFile',
  'GET /api/audit/account/{accountId}/useractivity': 'listUserActivities',
  'GET /api/audit/account/{accountId}/useractivity/export': 'exportUserActivities',
  'GET /api/audit/useractivity/{userActivityId}': 'getUserActivity',
  'POST /api/analytics/event': 'sendAnalyticsEvents',
};

let t: TestApp;
let document: ApiDocument;

beforeAll(async () => {
  t = await buildTestApp();
  const response = await t.app.inject({ method: 'GET', url: `${t.config.runtime.apiBase}/docs/json` });
  expect(response.statusCode).toBe(200);
  document = response.json();
});

afterAll(async () => {
  await t?.close();
});

const operationIds = () =>
  Object.fromEntries(
    Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation.operationId]),
    ),
  );

/** Every `nullable` schema without a `type` beside it, by its place in the document. */
function untypedNullables(node: unknown, at = '#'): string[] {
  if (node === null || typeof node !== 'object') return [];
  const own = !Array.isArray(node) && (node as Record<string, unknown>).nullable === true && !('type' in node);
  return [
    ...(own ? [at] : []),
    ...Object.entries(node).flatMap(([key, value]) => untypedNullables(value, `${at}/${key}`)),
  ];
}

describe('the API reference', () => {
  it('gives every call its stable operationId, unique and camelCase', () => {
    const ids = operationIds();
    expect(ids).toEqual(OPERATION_IDS);
    const values = Object.values(ids);
    expect(new Set(values).size).toBe(values.length);
    for (const id of values) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
  });

  it('names its server, and gives every nullable schema a type', () => {
    expect(document.servers).toEqual([{ url: '/', description: 'This server' }]);
    expect(untypedNullables(document)).toEqual([]);
  });

  it.skipIf(!existsSync(REDOCLY))(
    "passes Redocly's recommended rules with 0 errors",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'api-reference-'));
      try {
        const file = join(dir, 'openapi.json');
        writeFileSync(file, JSON.stringify(document));
        // Redocly exits 1 when it finds errors; the report on stdout says which.
        const { stdout } = await promisify(execFile)(
          REDOCLY,
          ['lint', '--extends', 'recommended', '--format', 'json', '--max-problems', '1000', file],
          {
            env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
            maxBuffer: 16 * 1024 * 1024,
          },
        ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
        const report = JSON.parse(stdout) as {
          totals: { errors: number; warnings: number };
          problems: { ruleId: string; severity: string; message: string }[];
        };
        const errors = report.problems.filter((problem) => problem.severity === 'error');
        expect(errors.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
        expect(report.totals.errors).toBe(0);
        expect(report.problems.map((problem) => problem.ruleId)).not.toContain('operation-operationId');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

describe('the operationId of a call added later', () => {
  it('follows from its method and path: the areas still to come are named without anyone writing it', () => {
    const id = (method: string, path: string, answersList = false) => operationIdOf({ method, path, answersList });
    expect(id('GET', '/merchant/{merchantId}/subscription', true)).toBe('listSubscriptions');
    expect(id('GET', '/merchant/{merchantId}/subscription/export')).toBe('exportSubscriptions');
    expect(id('PATCH', '/merchant/{merchantId}/subscription/{subscriptionId}')).toBe('updateSubscription');
    expect(id('GET', '/merchant/{merchantId}/subscriptions-kpis')).toBe('getSubscriptionsKpis');
    expect(id('PUT', '/merchant/{merchantId}/plan/{planId}')).toBe('updatePlan');
    expect(id('GET', '/account/{accountId}/invoice/{invoiceId}/document')).toBe('getInvoiceDocument');
    expect(id('DELETE', '/account/{accountId}/invoice/{invoiceId}')).toBe('deleteInvoice');
    expect(id('GET', '/invoice-template')).toBe('getInvoiceTemplate');
    expect(id('GET', '/account/{accountId}/agency', true)).toBe('listAgencies');
  });

  it('reads the path under the longest base it starts with', () => {
    const bases = ['/api', '/api/audit', '/api/analytics'];
    expect(pathUnder('/api/audit/useractivity/{id}', bases)).toBe('/useractivity/{id}');
    expect(pathUnder('/api/account', bases)).toBe('/account');
    expect(pathUnder('/api/auditor', bases)).toBe('/auditor');
  });
});
