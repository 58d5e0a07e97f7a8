import { merchantQueryKey, useCurrentScope } from '@console/app/current-scope';
import { EditorForm, FormActions, FormSection } from '@console/forms/form-layout';
import { useFormFields } from '@console/forms/use-form-fields';
import { type EditorMode, useSavingPattern } from '@console/forms/use-saving-pattern';
import { useApi } from '@console/session/session-provider';
import { listLocation } from '@console/table/list-memory';
import { DetailsLoadError } from '@console/ui/empty-state';
import { PageHeader } from '@console/ui/page-header';
import { Select } from '@console/ui/select';
import { LoadingBlock } from '@console/ui/spinner';
import { TextField } from '@console/ui/text-field';
import { useToast } from '@console/ui/toast';
import {
  type Merchant,
  type MerchantSave,
  type MerchantUpdate,
  merchantSave,
  merchantSaved,
  merchant as merchantSchema,
} from '@domain/contract/merchants';
import { countryOptions, isKnownCountry } from '@domain/countries';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { merchantDetailPath, merchantListQueryKey, merchantsPath } from './merchant-paths';

// New Merchant and Edit Merchant (spec 2, sections 2.2, 4 and 5) on the saving pattern every editor follows. The
// form's rules are the server's (merchantSave in src/domain), so both say the same thing about the same value.

/** The form's fields, all text: optional ones empty when unset, dropped before sending. */
type MerchantFormValues = { [K in keyof MerchantSave]-?: string };

const BLANK: MerchantFormValues = {
  prettyName: '',
  merchantLegalName: '',
  vatNumber: '',
  corporateUrl: '',
  dba: '',
  mccCode: '',
  street: '',
  city: '',
  zipCode: '',
  country: '',
  email: '',
  phone: '',
  supportUrl: '',
  supportEmail: '',
  supportPhone: '',
  webhooksNotificationsUrl: '',
  successRedirectUrl: '',
  failedRedirectUrl: '',
};

function valuesOf(merchant: Merchant): MerchantFormValues {
  const values = { ...BLANK };
  for (const key of Object.keys(BLANK) as (keyof MerchantFormValues)[]) values[key] = merchant[key] ?? '';
  return values;
}

/** Countries a merchant can be registered in: the ISO list (the filters' 'EU' is no country). */
const COUNTRY_OPTIONS = countryOptions().filter((option) => isKnownCountry(option.value));

export const MERCHANT_SUBTITLE = 'Enter the merchant’s information';

/** /accounts/{accountId}/merchants/new */
export const NewMerchantScreen = () => <MerchantFormScreen mode="new" />;
/** /accounts/{accountId}/merchants/{merchantId}/edit */
export const EditMerchantScreen = () => <MerchantFormScreen mode="edit" />;

function MerchantFormScreen({ mode }: { mode: EditorMode }) {
  const api = useApi();
  const { accountId, merchantId } = useCurrentScope();
  // The same query as the shell's header switcher, so opening the editor asks once.
  const record = useQuery({
    queryKey: merchantQueryKey(accountId ?? '', merchantId ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/account/${accountId}/merchant/${merchantId}`, { schema: merchantSchema, signal }),
    enabled: mode === 'edit' && accountId !== undefined && merchantId !== undefined,
    staleTime: 60_000,
  });
  if (!accountId) return null;
  if (mode === 'new') return <MerchantEditor mode="new" accountId={accountId} />;
  if (record.data)
    return <MerchantEditor key={record.data.version} mode="edit" accountId={accountId} merchant={record.data} />;
  return (
    <div className="screen">
      <PageHeader title="Edit Merchant" subtitle={MERCHANT_SUBTITLE} />
      {record.isError ? (
        <DetailsLoadError onRetry={() => void record.refetch()} />
      ) : (
        <LoadingBlock label="Loading merchant…" />
      )}
    </div>
  );
}

interface MerchantEditorProps {
  mode: EditorMode;
  accountId: string;
  merchant?: Merchant;
}

function MerchantEditor({ mode, accountId, merchant }: MerchantEditorProps) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const original = useMemo(() => (merchant ? valuesOf(merchant) : BLANK), [merchant]);
  const fields = useFormFields<MerchantFormValues>({ initial: original, schema: merchantSave });
  // Back to where the editor was opened from: the detail for an edit, the list for a new merchant.
  const leave = () =>
    navigate(merchant ? merchantDetailPath(accountId, merchant.merchantId) : listLocation(merchantsPath(accountId)));

  const saving = useSavingPattern<MerchantFormValues, MerchantSave>({
    mode,
    original,
    fields,
    save: async (data) => {
      if (merchant) {
        const update: MerchantUpdate = { ...data, version: merchant.version };
        await api.put(`/account/${accountId}/merchant/${merchant.merchantId}`, { body: update, schema: merchantSaved });
        await queryClient.invalidateQueries({ queryKey: merchantQueryKey(accountId, merchant.merchantId) });
        toast.showMessage('successfully-edited');
      } else {
        await api.post(`/account/${accountId}/merchant`, { body: data, schema: merchantSaved });
        toast.showMessage('successfully-created');
      }
      await queryClient.invalidateQueries({ queryKey: merchantListQueryKey(accountId) });
      leave();
    },
    leave,
  });

  const title = mode === 'new' ? 'New Merchant' : 'Edit Merchant';
  // No maxLength: a pasted value too long is shown whole with its message, never cut silently.
  const text = (field: keyof MerchantFormValues, label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} {...extra} {...fields.bindText(field)} />
  );

  return (
    <div className="screen">
      <PageHeader
        title={title}
        subtitle={MERCHANT_SUBTITLE}
        back={
          merchant
            ? { href: merchantDetailPath(accountId, merchant.merchantId), label: 'Back to Merchant Detail' }
            : { href: listLocation(merchantsPath(accountId)), label: 'Back to Merchants' }
        }
      />
      <EditorForm label={title} onSubmit={(event) => void saving.submit(event)} onEscape={() => void saving.cancel()}>
        <FormSection title="Merchant">
          {text('prettyName', 'Merchant name', { required: true, autoFocus: true })}
          {text('dba', 'Business name (DBA)', { required: true })}
          {text('mccCode', 'MCC code', { required: true, inputMode: 'numeric' })}
          {text('corporateUrl', 'Corporate URL', { required: true, type: 'url', placeholder: 'https://shop.example' })}
        </FormSection>
        <FormSection title="Legal entity">
          {text('merchantLegalName', 'Legal name', { required: true })}
          {text('vatNumber', 'VAT number', { required: true })}
          {text('street', 'Street', { required: true, autoComplete: 'street-address' })}
          {text('city', 'City', { required: true, autoComplete: 'address-level2' })}
          {text('zipCode', 'Zip code', { required: true, autoComplete: 'postal-code' })}
          <Select
            label="Country"
            placeholder="Select a country"
            options={COUNTRY_OPTIONS}
            required
            {...fields.bindText('country')}
          />
        </FormSection>
        <FormSection title="Contact and support">
          {text('email', 'E-mail', { required: true, type: 'email', inputMode: 'email' })}
          {text('phone', 'Phone', { type: 'tel', hint: 'Optional' })}
          {text('supportUrl', 'Support URL', { required: true, type: 'url' })}
          {text('supportEmail', 'Support e-mail', { required: true, type: 'email', inputMode: 'email' })}
          {text('supportPhone', 'Support phone', { type: 'tel', hint: 'Optional' })}
        </FormSection>
        <FormSection title="Notifications and redirects" description="Optional. Leave empty to use none.">
          {text('webhooksNotificationsUrl', 'Webhooks notifications URL', { type: 'url' })}
          {text('successRedirectUrl', 'Success redirect URL', { type: 'url' })}
          {text('failedRedirectUrl', 'Failed redirect URL', { type: 'url' })}
        </FormSection>
        <FormActions pattern={saving} />
      </EditorForm>
    </div>
  );
}
