import { merchantQueryKey, useCurrentScope } from '@console/app/current-scope';
import { useRecordOpened } from '@console/commands/recent-records';
import { useApi, useSession } from '@console/session/session-provider';
import { listLocation } from '@console/table/list-memory';
import { BreakableText, EmailLink } from '@console/ui/breakable-text';
import { Button, IconButton } from '@console/ui/button';
import { DetailsLoadError } from '@console/ui/empty-state';
import { DocumentIcon, EyeIcon } from '@console/ui/icons';
import { PageHeader } from '@console/ui/page-header';
import { LoadingBlock } from '@console/ui/spinner';
import { useToast } from '@console/ui/toast';
import { Tooltip } from '@console/ui/tooltip';
import { apiKeyResponse, type Merchant, merchant as merchantSchema } from '@domain/contract/merchants';
import { formatDateTime } from '@domain/format';
import { can, PERMISSIONS } from '@domain/permissions';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { editMerchantPath, merchantsPath } from './merchant-paths';
import './merchant-detail.css';

/** How long a revealed API key stays on screen (spec 2, section 4). */
export const KEY_VISIBLE_MS = 4000;
const KEY_DOTS = '••••••••••••••••';

type KeyName = 'publicKey' | 'privateKey';

interface Field {
  label: string;
  value: ReactNode;
}

function text(value: string | null | undefined): ReactNode {
  return value ? value : <span className="text-muted">—</span>;
}

function link(value: string | null | undefined): ReactNode {
  if (!value) return text(value);
  const href = /^[a-z]+:\/\//i.test(value) ? value : `https://${value}`;
  return (
    <a href={href} target="_blank" rel="noreferrer noopener">
      <BreakableText text={value} />
    </a>
  );
}

function mail(value: string | null | undefined): ReactNode {
  return value ? <EmailLink email={value} /> : text(value);
}

function groupsOf(merchant: Merchant): { title: string; fields: Field[] }[] {
  return [
    {
      title: 'General',
      fields: [
        { label: 'Merchant name', value: text(merchant.prettyName) },
        { label: 'Merchant ID', value: <span className="mono">{merchant.merchantId}</span> },
        { label: 'Account', value: text(merchant.accountReference.prettyName) },
        { label: 'DBA', value: text(merchant.dba) },
        { label: 'MCC code', value: text(merchant.mccCode) },
        { label: 'Created', value: text(formatDateTime(merchant.createdAt)) },
        { label: 'Last updated', value: text(formatDateTime(merchant.updatedAt)) },
      ],
    },
    {
      title: 'Legal',
      fields: [
        { label: 'Legal name', value: text(merchant.merchantLegalName) },
        { label: 'VAT number', value: text(merchant.vatNumber) },
        { label: 'Street', value: text(merchant.street) },
        { label: 'City', value: text(merchant.city) },
        { label: 'Zip code', value: text(merchant.zipCode) },
        { label: 'Country', value: text(merchant.country) },
      ],
    },
    {
      title: 'Contact',
      fields: [
        { label: 'E-mail', value: mail(merchant.email) },
        { label: 'Phone', value: text(merchant.phone) },
        { label: 'Corporate URL', value: link(merchant.corporateUrl) },
      ],
    },
    {
      title: 'Support',
      fields: [
        { label: 'Support URL', value: link(merchant.supportUrl) },
        { label: 'Support e-mail', value: mail(merchant.supportEmail) },
        { label: 'Support phone', value: text(merchant.supportPhone) },
      ],
    },
    {
      title: 'Notifications & redirects',
      fields: [
        { label: 'Webhooks notifications URL', value: text(merchant.webhooksNotificationsUrl) },
        { label: 'Success redirect URL', value: text(merchant.successRedirectUrl) },
        { label: 'Failed redirect URL', value: text(merchant.failedRedirectUrl) },
      ],
    },
  ];
}

function FieldGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = `merchant-group-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className="detail-group" aria-labelledby={id}>
      <h2 id={id} className="detail-group__title">
        {title}
      </h2>
      <dl className="detail-group__fields">{children}</dl>
    </section>
  );
}

/**
 * One API key behind dots. Revealing fetches it (never cached, never kept after hiding) and hides it again after
 * 4 seconds; copying fetches it the same way without showing it.
 */
function ApiKeyField({
  label,
  keyName,
  accountId,
  merchantId,
  canReveal,
}: {
  label: string;
  keyName: KeyName;
  accountId: string;
  merchantId: string;
  canReveal: boolean;
}) {
  const api = useApi();
  const { show } = useToast();
  const [key, setKey] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const fetchKey = async () => {
    const answer = await api.get(`/account/${accountId}/merchant/${merchantId}/${keyName}`, { schema: apiKeyResponse });
    return answer.key;
  };

  const reveal = async () => {
    setLoading(true);
    try {
      const value = await fetchKey();
      setKey(value);
      clearTimeout(hideTimer.current);
      hideTimer.current = setTimeout(() => setKey(null), KEY_VISIBLE_MS);
    } catch {
      // The API client already showed what went wrong.
    } finally {
      setLoading(false);
    }
  };

  const copy = async () => {
    try {
      const value = key ?? (await fetchKey());
      await navigator.clipboard.writeText(value);
      show({ type: 'success', header: `${label} copied` });
    } catch {
      show({ type: 'error', header: `${label} could not be copied` });
    }
  };

  const hide = () => {
    clearTimeout(hideTimer.current);
    setKey(null);
  };

  return (
    <div className="detail-field detail-field--key">
      <dt>{label}</dt>
      <dd>
        <span className="mono api-key" aria-live="polite">
          {key ?? (
            <span role="img" aria-label={`${label} hidden`}>
              {KEY_DOTS}
            </span>
          )}
        </span>
        {canReveal ? (
          <span className="api-key__actions">
            <IconButton
              aria-label={key ? `Hide ${label}` : `Show ${label}`}
              aria-pressed={key !== null}
              size="sm"
              loading={loading}
              icon={<EyeIcon />}
              onClick={() => (key ? hide() : void reveal())}
            />
            <IconButton aria-label={`Copy ${label}`} size="sm" icon={<DocumentIcon />} onClick={() => void copy()} />
          </span>
        ) : null}
      </dd>
    </div>
  );
}

/** All of a merchant's data, grouped, and its API keys (spec 2, sections 2.2 and 4). */
export function MerchantDetailScreen() {
  const api = useApi();
  const [, navigate] = useLocation();
  const { grants } = useSession();
  const { accountId, merchantId } = useCurrentScope();
  // The same key as the shell's current-scope query, so the header switcher and this screen share one request.
  const query = useQuery({
    queryKey: merchantQueryKey(accountId ?? '', merchantId ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/account/${accountId}/merchant/${merchantId}`, { schema: merchantSchema, signal }),
    enabled: accountId !== undefined && merchantId !== undefined,
    staleTime: 60_000,
  });
  useRecordOpened('MERCHANT', query.data ? merchantId : undefined);

  if (!accountId || !merchantId) return null;
  const back = { href: listLocation(merchantsPath(accountId)), label: 'Back to Merchants' };
  const edit = can(grants, PERMISSIONS.merchantUpdate) ? (
    <Tooltip content="Edit merchant" keys="e">
      <Button variant="primary" onClick={() => navigate(editMerchantPath(accountId, merchantId))}>
        Edit
      </Button>
    </Tooltip>
  ) : null;
  const merchant = query.data;
  const canReveal = can(grants, PERMISSIONS.merchantCredentialsRead);

  return (
    <div className="screen">
      <PageHeader title="Merchant Detail" subtitle={merchant?.prettyName} back={back} actions={edit} />
      {merchant ? (
        <div className="detail-groups">
          {groupsOf(merchant).map((group) => (
            <FieldGroup key={group.title} title={group.title}>
              {group.fields.map((field) => (
                <div key={field.label} className="detail-field">
                  <dt>{field.label}</dt>
                  <dd>{field.value}</dd>
                </div>
              ))}
            </FieldGroup>
          ))}
          <FieldGroup title="API keys">
            <ApiKeyField
              label="Public key"
              keyName="publicKey"
              accountId={accountId}
              merchantId={merchantId}
              canReveal={canReveal}
            />
            <ApiKeyField
              label="Private key"
              keyName="privateKey"
              accountId={accountId}
              merchantId={merchantId}
              canReveal={canReveal}
            />
          </FieldGroup>
        </div>
      ) : query.isError ? (
        <DetailsLoadError onRetry={() => void query.refetch()} />
      ) : (
        <LoadingBlock label="Loading merchant…" />
      )}
    </div>
  );
}
