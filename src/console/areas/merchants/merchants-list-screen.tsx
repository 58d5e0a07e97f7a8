import { useCurrentScope } from '@console/app/current-scope';
import { useApi, useSession } from '@console/session/session-provider';
import { DataTable } from '@console/table/data-table';
import type { DataColumn, FetchPage, RowMenuItem } from '@console/table/types';
import { Button } from '@console/ui/button';
import { PageHeader } from '@console/ui/page-header';
import { type Merchant, merchantList } from '@domain/contract/merchants';
import { formatDateTime } from '@domain/format';
import { can, PERMISSIONS } from '@domain/permissions';
import { MERCHANT_QUERY_KEYS } from '@domain/search-query';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { editMerchantPath, merchantDetailPath, merchantListQueryKey, newMerchantPath } from './merchant-paths';

const COLUMNS: DataColumn<Merchant>[] = [
  { id: 'prettyName', header: 'Merchant', sortField: 'prettyName', cell: (merchant) => merchant.prettyName },
  {
    id: 'merchantLegalName',
    header: 'Legal name',
    sortField: 'merchantLegalName',
    cell: (merchant) => merchant.merchantLegalName,
  },
  {
    id: 'country',
    header: 'Country',
    sortField: 'country',
    width: 'minmax(90px, 0.4fr)',
    cell: (merchant) => merchant.country,
  },
  { id: 'email', header: 'E-mail', cell: (merchant) => merchant.email },
  { id: 'corporateUrl', header: 'Corporate URL', cell: (merchant) => merchant.corporateUrl },
  {
    id: 'createdAt',
    header: 'Created',
    sortField: 'createdAt',
    width: 'minmax(160px, 0.8fr)',
    cell: (merchant) => formatDateTime(merchant.createdAt),
  },
];

/** The merchants of an account (spec 2, section 2.2); opening a row shows the merchant's detail. */
export function MerchantsListScreen() {
  const api = useApi();
  const [, navigate] = useLocation();
  const { grants } = useSession();
  const { accountId, account } = useCurrentScope();
  // Spec 2, section 6: the detail, the new form and the edit form each need their own permission.
  const canReadMerchant = can(grants, PERMISSIONS.merchantSelect);
  const canCreate = can(grants, PERMISSIONS.merchantCreate);
  const canEdit = can(grants, PERMISSIONS.merchantUpdate);

  const fetchPage = useCallback<FetchPage<Merchant>>(
    (query, signal) => api.get(`/account/${accountId}/merchant`, { query, schema: merchantList, signal }),
    [api, accountId],
  );
  const openMerchant = useCallback(
    (merchant: Merchant) => navigate(merchantDetailPath(merchant.accountId, merchant.merchantId)),
    [navigate],
  );
  const rowMenu = useCallback(
    (merchant: Merchant): RowMenuItem[] => [
      ...(canReadMerchant ? [{ id: 'view-detail', label: 'View detail', onSelect: () => openMerchant(merchant) }] : []),
      ...(canEdit
        ? [
            {
              id: 'edit',
              label: 'Edit',
              onSelect: () => navigate(editMerchantPath(merchant.accountId, merchant.merchantId)),
            },
          ]
        : []),
    ],
    [canReadMerchant, canEdit, openMerchant, navigate],
  );

  if (!accountId) return null;
  return (
    <div className="screen">
      <PageHeader
        title="Merchants"
        subtitle={account?.prettyName}
        actions={
          canCreate ? (
            <Button variant="primary" onClick={() => navigate(newMerchantPath(accountId))}>
              New merchant
            </Button>
          ) : null
        }
      />
      <DataTable
        label="Merchants"
        queryKey={merchantListQueryKey(accountId)}
        fetchPage={fetchPage}
        columns={COLUMNS}
        queryKeys={MERCHANT_QUERY_KEYS}
        getRowId={(merchant) => merchant.merchantId}
        rowLabel={(merchant) => merchant.prettyName}
        onOpenRow={canReadMerchant ? openMerchant : undefined}
        rowMenu={rowMenu}
        defaultOrder="prettyName"
        searchPlaceholder="Search by merchant name, legal name or ID"
      />
    </div>
  );
}
