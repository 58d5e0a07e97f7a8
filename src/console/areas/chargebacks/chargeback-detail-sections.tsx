import { Badge } from '@console/ui/badge';
import { BreakableText, EmailLink } from '@console/ui/breakable-text';
import { DetailField, DetailFields, DetailSection, orDash } from '@console/ui/detail-section';
import { additionalInfo, chargebackReasonLabel, isChargebackExpired } from '@domain/chargebacks';
import type { ChargebackDetail } from '@domain/contract/chargebacks';
import { CARD_BRAND_LABELS, DISPUTE_OPERATION_LABELS } from '@domain/enums';
import { browserTimeZone, formatDate, formatDateTime, formatMinorMoney } from '@domain/format';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ChargebackStatusBadge } from './chargeback-controls';
import { EXPIRED_MARK } from './chargeback-labels';

// The sections of the chargeback detail (spec 3, sections 2.4 and 3 "Chargeback"), one DetailSection each: the case,
// the customer, the payment (linking to its transaction), the payment processor, the account, the company and the
// 'Additional info' custom fields without empty values.

const mono = (value: string | null | undefined) => (value ? <span className="mono">{value}</span> : orDash(value));
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** An address the case carries: a link when it is a web address, otherwise the text as sent. */
function webAddress(value: string | null): ReactNode {
  if (!value) return orDash(null);
  if (!/^https?:\/\//i.test(value)) return <BreakableText text={value} />;
  return (
    <a href={value} target="_blank" rel="noopener noreferrer">
      <BreakableText text={value} />
    </a>
  );
}

const email = (value: string | null) => (value ? <EmailLink email={value} /> : orDash(null));

/**
 * The case's own fields. `fraudType` is the fraud-type field's content (a dropdown or read-only text), or null when
 * the case's reason carries none.
 */
export function CaseSection({ chargeback, fraudType }: { chargeback: ChargebackDetail; fraudType: ReactNode | null }) {
  const expired = isChargebackExpired(chargeback.expirationDate, Date.now(), browserTimeZone());
  const { card } = chargeback.payment;
  return (
    <DetailSection title="Case">
      <DetailFields>
        <DetailField label="Case ID">{mono(chargeback.caseId)}</DetailField>
        <DetailField label="Type">{DISPUTE_OPERATION_LABELS[chargeback.operation]}</DetailField>
        <DetailField label="Reason">
          <span className="chargeback-reason">
            <span>{chargebackReasonLabel(chargeback.reason.parsed)}</span>
            {chargeback.reason.processor ? (
              <span className="chargeback-reason__processor">{chargeback.reason.processor}</span>
            ) : null}
          </span>
        </DetailField>
        {fraudType !== null ? <DetailField label="Fraud type">{fraudType}</DetailField> : null}
        <DetailField label="Status">
          <ChargebackStatusBadge status={chargeback.status} />
        </DetailField>
        <DetailField label="Dispute amount">
          <span className="chargeback-amount">{formatMinorMoney(chargeback.amount, chargeback.currency)}</span>
        </DetailField>
        <DetailField label="Notification date">{orDash(formatDateTime(chargeback.notificationDate))}</DetailField>
        <DetailField label="Expiration date">
          {chargeback.expirationDate ? (
            <span className="chargeback-expiration">
              {formatDate(chargeback.expirationDate)}
              {expired ? <Badge tone="neutral">{EXPIRED_MARK}</Badge> : null}
            </span>
          ) : (
            orDash(null)
          )}
        </DetailField>
        <DetailField label="Second chargeback">{yesNo(chargeback.hasPreviousChargebacks)}</DetailField>
        <DetailField label="Refund">{yesNo(chargeback.hasRefund)}</DetailField>
        <DetailField label="Order ID">{mono(chargeback.orderId)}</DetailField>
        <DetailField label="Cardholder name">{orDash(card.holder)}</DetailField>
        <DetailField label="Card brand">{card.brand ? CARD_BRAND_LABELS[card.brand] : orDash(null)}</DetailField>
      </DetailFields>
    </DetailSection>
  );
}

export function CustomerSection({ chargeback }: { chargeback: ChargebackDetail }) {
  const { customer } = chargeback;
  return (
    <DetailSection title="Customer">
      <DetailFields>
        <DetailField label="Customer name">{orDash(customer.name)}</DetailField>
        <DetailField label="Customer email">{email(customer.email)}</DetailField>
        <DetailField label="IP address">{mono(customer.ip)}</DetailField>
      </DetailFields>
    </DetailSection>
  );
}

/** The disputed payment; its id links to the transaction detail when the user may open it. */
export function PaymentSection({
  chargeback,
  transactionPath,
}: {
  chargeback: ChargebackDetail;
  transactionPath: string | null;
}) {
  const { payment } = chargeback;
  return (
    <DetailSection title="Payment">
      <DetailFields>
        <DetailField label="Transaction">
          {transactionPath ? (
            <Link href={transactionPath} className="mono">
              {payment.id}
            </Link>
          ) : (
            mono(payment.id)
          )}
        </DetailField>
        <DetailField label="Date">{orDash(formatDateTime(payment.date))}</DetailField>
        <DetailField label="Amount">
          <span className="chargeback-amount">{formatMinorMoney(payment.amount, payment.currency)}</span>
        </DetailField>
        <DetailField label="Currency">{payment.currency}</DetailField>
        <DetailField label="External ID">{mono(payment.externalId)}</DetailField>
        <DetailField label="3-D Secure">{yesNo(payment.is3dSecure)}</DetailField>
      </DetailFields>
    </DetailSection>
  );
}

export function PaymentProcessorSection({ chargeback }: { chargeback: ChargebackDetail }) {
  const { paymentProcessor } = chargeback;
  return (
    <DetailSection title="Payment processor">
      <DetailFields>
        <DetailField label="Provider">{orDash(paymentProcessor.provider)}</DetailField>
        <DetailField label="Solution">{orDash(paymentProcessor.solution)}</DetailField>
      </DetailFields>
    </DetailSection>
  );
}

export function AccountSection({ chargeback }: { chargeback: ChargebackDetail }) {
  return (
    <DetailSection title="Account">
      <DetailFields>
        <DetailField label="Account name">{chargeback.account.prettyName}</DetailField>
      </DetailFields>
    </DetailSection>
  );
}

export function CompanySection({ chargeback }: { chargeback: ChargebackDetail }) {
  const { company } = chargeback;
  return (
    <DetailSection title="Company">
      <DetailFields>
        <DetailField label="Name">{orDash(company.name)}</DetailField>
        <DetailField label="Product">{orDash(company.product)}</DetailField>
        <DetailField label="URL">{webAddress(company.url)}</DetailField>
        <DetailField label="Policy terms URL">{webAddress(company.policyTermUrl)}</DetailField>
        <DetailField label="Privacy terms URL">{webAddress(company.privacyTermUrl)}</DetailField>
        <DetailField label="Registration number">{mono(company.registrationNumber)}</DetailField>
        <DetailField label="Address">{orDash(company.address)}</DetailField>
        <DetailField label="Email">{email(company.email)}</DetailField>
      </DetailFields>
    </DetailSection>
  );
}

/** The custom extra fields with a value, in their order; the section says so when none has one. */
export function AdditionalInfoSection({ chargeback }: { chargeback: ChargebackDetail }) {
  const fields = additionalInfo(chargeback.custom);
  return (
    <DetailSection title="Additional info" wide>
      {fields.length === 0 ? (
        <p className="text-muted">There is no additional info for this case.</p>
      ) : (
        <DetailFields>
          {fields.map((field, index) => (
            // Labels may repeat (two 'Note' fields); the position keeps them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is static for one case
            <DetailField key={`${index}-${field.label}`} label={field.label}>
              {field.value}
            </DetailField>
          ))}
        </DetailFields>
      )}
    </DetailSection>
  );
}
