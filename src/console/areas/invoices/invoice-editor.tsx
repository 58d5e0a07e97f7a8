import { FormAccordion } from '@console/forms/form-accordion';
import { EditorForm, FormActions } from '@console/forms/form-layout';
import type { FormFields } from '@console/forms/use-form-fields';
import { type EditorMode, useSavingPattern } from '@console/forms/use-saving-pattern';
import { useApi } from '@console/session/session-provider';
import { listLocation } from '@console/table/list-memory';
import { FileDrop } from '@console/ui/file-drop';
import { InfoIcon } from '@console/ui/icons';
import { PageHeader } from '@console/ui/page-header';
import { Select } from '@console/ui/select';
import { TextField } from '@console/ui/text-field';
import { useToast } from '@console/ui/toast';
import { Tooltip } from '@console/ui/tooltip';
import type { InvoiceDetail } from '@domain/contract/invoices';
import { DEFAULT_CURRENCIES } from '@domain/enums';
import {
  amountToForm,
  dueDateFor,
  INVOICE_MESSAGES,
  type InvoiceFormValues,
  invoiceIssues,
  isAcceptableInvoiceFile,
  isCalendarDate,
  newInvoiceDefaults,
} from '@domain/invoices';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { invoiceDay } from './invoice-format';
import { invoicesPath } from './invoices-paths';
import { createInvoice, invoiceListQueryKey, invoiceQueryKey, updateInvoice } from './invoices-queries';

// The Add Invoice and Edit Invoice form (spec 3, sections 2.12, 4 and 5) on the saving pattern every editor follows:
// three accordions, every message from src/domain/invoices.ts (invoiceIssues, the rules the server applies too), the
// due date computed and read-only, the PDF dropped or chosen, and back to the list after saving. A field is checked
// when it changes, every field on Save; a refused save opens the first section with a message and focuses its field,
// and says why above the actions, never in a toast over them.

export const INVOICE_SUBTITLE = 'Fill out the form below';

/** The form's state: the fields the rules read, and the PDF (null: none chosen; on an edit, keep the stored one). */
export type InvoiceEditorValues = { [K in keyof InvoiceFormValues]: InvoiceFormValues[K] } & { invoice: File | null };

type Section = 'basic' | 'invoicing' | 'document';
const SECTION_TITLES: Record<Section, string> = {
  basic: 'Basic information',
  invoicing: 'Invoicing information',
  document: 'Upload document',
};
const SECTION_OF: Record<keyof InvoiceEditorValues | 'dueDate', Section> = {
  number: 'basic',
  issuingDate: 'basic',
  dueDate: 'basic',
  paymentsAmount: 'invoicing',
  amount: 'invoicing',
  currency: 'invoicing',
  timePeriodFrom: 'invoicing',
  timePeriodTo: 'invoicing',
  invoice: 'document',
};
const SECTIONS: readonly Section[] = ['basic', 'invoicing', 'document'];
const SECTION_FLAG = 'Please check and correct the fields with errors to continue';

/** The user's own today: the issuing date picker's minimum (the server allows for every time zone). */
const localToday = () => dayjs().format('YYYY-MM-DD');

export function blankInvoiceForm(today: string): InvoiceEditorValues {
  const defaults = newInvoiceDefaults(today);
  return {
    number: '',
    issuingDate: defaults.issuingDate,
    paymentsAmount: '',
    amount: '',
    currency: defaults.currency,
    timePeriodFrom: '',
    timePeriodTo: '',
    invoice: null,
  };
}

export function invoiceToForm(invoice: InvoiceDetail): InvoiceEditorValues {
  return {
    number: invoice.number,
    issuingDate: invoice.issuingDate,
    paymentsAmount: String(invoice.paymentsAmount),
    amount: amountToForm(invoice.amount),
    currency: invoice.currency,
    timePeriodFrom: invoice.timePeriodFrom,
    timePeriodTo: invoice.timePeriodTo,
    invoice: null,
  };
}

/** Every message the form shows now for these values, by field (the first per field). */
function formErrors(values: InvoiceEditorValues, original: InvoiceEditorValues, mode: EditorMode) {
  // An edit keeps a stored issuing date that has passed; a new or changed one may not be in the past.
  const earliest = mode === 'edit' && values.issuingDate === original.issuingDate ? null : localToday();
  const errors: Record<string, string> = {};
  for (const issue of invoiceIssues(values, earliest)) errors[issue.path] ??= issue.message;
  if (values.invoice) {
    if (!isAcceptableInvoiceFile(values.invoice)) errors.invoice = INVOICE_MESSAGES.file;
  } else if (mode === 'new') {
    errors.invoice = INVOICE_MESSAGES.required;
  }
  return errors;
}

/** The FormFields the saving pattern needs, over the form's own state. */
function useInvoiceFields(
  initial: InvoiceEditorValues,
  mode: EditorMode,
  onInvalid: (errors: Record<string, string>) => void,
) {
  const [values, setValues] = useState(initial);
  const valuesRef = useRef(values);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const errors = useMemo(() => formErrors(values, initial, mode), [values, initial, mode]);

  const update = useCallback((field: keyof InvoiceEditorValues, value: string | File | null) => {
    valuesRef.current = { ...valuesRef.current, [field]: value };
    setValues(valuesRef.current);
    // The period's two ends and the issuing date are checked together: changing one may settle the others.
    const related =
      field === 'issuingDate' || field === 'timePeriodFrom' || field === 'timePeriodTo'
        ? ['issuingDate', 'timePeriodFrom', 'timePeriodTo']
        : [field];
    setTouched((current) => new Set([...current, field]));
    setServerErrors((current) => {
      const next = { ...current };
      for (const path of related) delete next[path];
      return next;
    });
  }, []);

  const shown = useCallback(
    (path: string): string | undefined =>
      serverErrors[path] ?? (attempted || touched.has(path) ? errors[path] : undefined),
    [serverErrors, attempted, touched, errors],
  );
  const shownPaths = useMemo(
    () => [...new Set([...Object.keys(serverErrors), ...Object.keys(errors)])].filter((path) => shown(path)),
    [serverErrors, errors, shown],
  );

  const fields: FormFields<InvoiceEditorValues> = {
    values,
    errorOf: (field) => shown(field),
    showsErrors: shownPaths.length > 0,
    setValue: (field, value) => update(field, value as string | File | null),
    blur: () => {},
    validateAll: () => {
      setAttempted(true);
      const all = formErrors(valuesRef.current, initial, mode);
      if (Object.keys(all).length > 0) {
        onInvalid(all);
        return null;
      }
      return valuesRef.current;
    },
    showErrors: (next) => {
      setServerErrors((current) => ({ ...current, ...next }));
      onInvalid({ ...next });
    },
    reset: (next) => {
      valuesRef.current = next;
      setValues(next);
      setTouched(new Set());
      setAttempted(false);
      setServerErrors({});
    },
    bindText: (field) => ({
      name: field,
      value: String(values[field] ?? ''),
      onChange: (event) => update(field, event.target.value),
      onBlur: () => {},
      error: shown(field),
    }),
  };
  return { fields, shown, shownPaths };
}

/** An info button at the end of a field's label line; its tooltip is the field's explanation. */
function FieldTip({ about, text }: { about: string; text: string }) {
  return (
    <Tooltip content={text}>
      <button type="button" className="invoice-form__tip" aria-label={`About the ${about}`}>
        <InfoIcon />
      </button>
    </Tooltip>
  );
}

/** The file as the server stores it: what the comparison for changes sees. */
const fileIdentity = (file: File | null) => (file ? `${file.name}:${file.size}:${file.lastModified}` : null);

export interface InvoiceEditorProps {
  mode: EditorMode;
  accountId: string;
  invoice?: InvoiceDetail;
}

export function InvoiceEditor({ mode, accountId, invoice }: InvoiceEditorProps) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const original = useMemo(() => (invoice ? invoiceToForm(invoice) : blankInvoiceForm(localToday())), [invoice]);
  const [open, setOpen] = useState<Record<Section, boolean>>({ basic: true, invoicing: true, document: true });

  const onInvalid = useCallback((errors: Record<string, string>) => {
    const first = SECTIONS.find((section) =>
      Object.keys(errors).some((path) => SECTION_OF[path as keyof typeof SECTION_OF] === section),
    );
    if (first) setOpen((current) => ({ ...current, [first]: true }));
  }, []);
  const { fields, shown, shownPaths } = useInvoiceFields(original, mode, onInvalid);
  const values = fields.values;

  const list = () => listLocation(invoicesPath(accountId));
  const saving = useSavingPattern<InvoiceEditorValues, InvoiceEditorValues>({
    mode,
    original,
    fields,
    comparable: (v) => ({ ...v, number: v.number.trim(), invoice: fileIdentity(v.invoice) }),
    save: async (data) => {
      if (invoice) {
        await updateInvoice(api, accountId, invoice, data, data.invoice);
        toast.showMessage('successfully-edited');
      } else if (data.invoice) {
        await createInvoice(api, accountId, data, data.invoice);
        toast.showMessage('successfully-created');
      }
      void queryClient.invalidateQueries({ queryKey: invoiceListQueryKey(accountId) });
      if (invoice) void queryClient.invalidateQueries({ queryKey: invoiceQueryKey(accountId, invoice.invoiceId) });
      // Spec 3, section 4: after saving the user returns to the invoices list.
      navigate(list());
    },
    leave: () => navigate(list()),
  });

  const flag = (section: Section) =>
    shownPaths.some((path) => SECTION_OF[path as keyof typeof SECTION_OF] === section) ? SECTION_FLAG : undefined;
  const toggle = (section: Section) => setOpen((current) => ({ ...current, [section]: !current[section] }));
  const dueDate = isCalendarDate(values.issuingDate) ? invoiceDay(dueDateFor(values.issuingDate)) : '';
  const title = mode === 'new' ? 'Add Invoice' : 'Edit Invoice';

  return (
    <div className="screen">
      <PageHeader
        title={title}
        subtitle={INVOICE_SUBTITLE}
        back={{ href: list(), label: 'Back to Billing & Invoicing' }}
      />
      <EditorForm label={title} onSubmit={(event) => void saving.submit(event)} onEscape={() => void saving.cancel()}>
        <FormAccordion
          title={SECTION_TITLES.basic}
          open={open.basic}
          onToggle={() => toggle('basic')}
          flag={flag('basic')}
        >
          <div className="invoice-form__tipped">
            <TextField
              label="Invoice number"
              required
              autoFocus
              autoComplete="off"
              placeholder="e.g. INV2026001"
              {...fields.bindText('number')}
            />
            <FieldTip about="invoice number" text={INVOICE_MESSAGES.numberTooltip} />
          </div>
          <div aria-hidden="true" />
          <TextField
            label="Issuing date"
            type="date"
            required
            min={mode === 'new' || values.issuingDate !== original.issuingDate ? localToday() : undefined}
            {...fields.bindText('issuingDate')}
          />
          <TextField
            label="Due date"
            className="invoice-form__due"
            readOnly
            value={dueDate}
            hint={INVOICE_MESSAGES.dueDateInfo}
            aria-readonly="true"
          />
        </FormAccordion>

        <FormAccordion
          title={SECTION_TITLES.invoicing}
          open={open.invoicing}
          onToggle={() => toggle('invoicing')}
          flag={flag('invoicing')}
        >
          <div className="invoice-form__tipped">
            <TextField
              label="Number of payments"
              required
              inputMode="numeric"
              autoComplete="off"
              {...fields.bindText('paymentsAmount')}
            />
            <FieldTip about="number of payments" text={INVOICE_MESSAGES.paymentsTooltip} />
          </div>
          <div className="invoice-form__money">
            <TextField
              label="Amount"
              required
              inputMode="decimal"
              autoComplete="off"
              placeholder="0,00"
              hint="Use a comma for decimals"
              {...fields.bindText('amount')}
            />
            <Select
              label="Currency"
              required
              options={DEFAULT_CURRENCIES.map((code) => ({ value: code, label: code }))}
              {...fields.bindText('currency')}
            />
          </div>
          <TextField
            label="From"
            type="date"
            required
            max={values.issuingDate || undefined}
            {...fields.bindText('timePeriodFrom')}
          />
          <TextField
            label="To"
            type="date"
            required
            min={values.timePeriodFrom || undefined}
            max={values.issuingDate || undefined}
            {...fields.bindText('timePeriodTo')}
          />
        </FormAccordion>

        <FormAccordion
          title={SECTION_TITLES.document}
          open={open.document}
          onToggle={() => toggle('document')}
          flag={flag('document')}
        >
          <div className="form-field--wide">
            <FileDrop
              label="Invoice document"
              prompt="Drag and drop the invoice PDF here"
              accept="application/pdf,.pdf"
              required={mode === 'new'}
              file={values.invoice}
              storedName={invoice?.documentName}
              onFile={(file) => fields.setValue('invoice', file)}
              error={shown('invoice')}
              hint={
                mode === 'edit' ? 'PDF, up to 5 MB. Without a new file the stored document stays.' : 'PDF, up to 5 MB.'
              }
            />
          </div>
        </FormAccordion>

        <FormActions pattern={saving} />
      </EditorForm>
    </div>
  );
}
