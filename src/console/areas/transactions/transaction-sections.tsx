import { Badge } from '@console/ui/badge';
import { BreakableText, EmailLink } from '@console/ui/breakable-text';
import { DetailField, DetailFields, DetailSection, orDash } from '@console/ui/detail-section';
import type { TransactionDetail, TransactionHistoryEntry } from '@domain/contract/transactions';
import { countryName } from '@domain/countries';
import {
  CARD_BRAND_LABELS,
  PAYMENT_METHOD_LABELS,
  RECURRENCE_TYPE_LABELS,
  REFUND_REASON_LABELS,
  TRANSACTION_TYPE_LABELS,
} from '@domain/enums';
import { formatDateTime, formatMinorMoney, riskLevel, riskScore } from '@domain/format';
import { Link } from 'wouter';
import { ALERT_TYPE_LABELS, RISK_LEVEL_TEXT, reportedCodeLabel, yesNo } from './transaction-labels';
import { RiskScore, TransactionStatusBadge } from './transaction-parts';
import { type TransactionScope, transactionDetailPath } from './transaction-paths';

// The sections of the transaction detail (spec 3, sections 2.2 and 3), one DetailSection each, in the spec's order.

const dateTime = (value: string | null | undefined) => orDash(formatDateTime(value, { seconds: true }));
const country = (code: string | null | undefined) => (code ? `${countryName(code)} (${code})` : orDash(code));
const mono = (value: string | null | undefined) => (value ? <span className="mono">{value}</span> : orDash(value));
const reported = (code: string | null | undefined) => (code ? reportedCodeLabel(code) : orDash(code));

function TransactionLink({ scope, transactionId }: { scope: TransactionScope; transactionId: string }) {
  return (
    <Link href={transactionDetailPath(scope, transactionId)} className="mono">
      {transactionId}
    </Link>
  );
}

export function MainSection({ transaction }: { transaction: TransactionDetail }) {
  return (
    <DetailSection title="Main information">
      <DetailFields>
        <DetailField label="Transaction ID">{mono(transaction.transactionId)}</DetailField>
        <DetailField label="Type">{TRANSACTION_TYPE_LABELS[transaction.transactionType]}</DetailField>
        <DetailField label="Status">
          <TransactionStatusBadge status={transaction.status} />
        </DetailField>
        <DetailField label="Amount">
          <span className="transaction-amount">
            {formatMinorMoney(transaction.money.amount, transaction.money.currency)}
          </span>
        </DetailField>
        <DetailField label="Creation date">{dateTime(transaction.creationDate)}</DetailField>
        <DetailField label="Payment method">{PAYMENT_METHOD_LABELS[transaction.paymentMethod]}</DetailField>
        <DetailField label="Fallback">{yesNo(transaction.isFallback)}</DetailField>
        {transaction.refundReason ? (
          <DetailField label="Refund reason">{REFUND_REASON_LABELS[transaction.refundReason]}</DetailField>
        ) : null}
      </DetailFields>
    </DetailSection>
  );
}

export function ProviderSection({ transaction }: { transaction: TransactionDetail }) {
  const { provider } = transaction;
  return (
    <DetailSection title="Provider">
      <DetailFields>
        <DetailField label="Provider">{provider.paymentGateway.prettyName}</DetailField>
        <DetailField label="Solution">{orDash(provider.solution)}</DetailField>
        <DetailField label="Provider transaction ID">{mono(provider.transactionId)}</DetailField>
      </DetailFields>
    </DetailSection>
  );
}

export function CardSection({ transaction }: { transaction: TransactionDetail }) {
  const { card } = transaction;
  return (
    <DetailSection title="Card">
      {card ? (
        <DetailFields>
          <DetailField label="Brand">{card.brand ? CARD_BRAND_LABELS[card.brand] : orDash(null)}</DetailField>
          <DetailField label="Country">{country(card.country)}</DetailField>
          <DetailField label="Holder">{orDash(card.holder)}</DetailField>
          <DetailField label="Number">{mono(card.number)}</DetailField>
          <DetailField label="Expiry date">{orDash(card.expiryDate)}</DetailField>
          <DetailField label="Token last update">{dateTime(card.tokenLastUpdateDate)}</DetailField>
          <DetailField label="Type">{reported(card.type)}</DetailField>
          <DetailField label="Segment">{reported(card.segment)}</DetailField>
          <DetailField label="Bank">{orDash(card.bank)}</DetailField>
          <DetailField label="3-D Secure sent">{yesNo(card['3DSSent'])}</DetailField>
          <DetailField label="3-D Secure version">{orDash(card['3DVersion'])}</DetailField>
          <DetailField label="Zip code">{orDash(card.zipCode)}</DetailField>
        </DetailFields>
      ) : (
        <p className="text-muted">No card was used for this transaction.</p>
      )}
    </DetailSection>
  );
}

export function AuthorizationSection({ transaction }: { transaction: TransactionDetail }) {
  const info = transaction.authorizationInfo;
  return (
    <DetailSection title="Authorization info">
      <DetailFields>
        <DetailField label="ECI">{orDash(info?.eci)}</DetailField>
        <DetailField label="ECI description">{orDash(info?.eciDescription)}</DetailField>
        <DetailField label="AVS">{orDash(info?.avs)}</DetailField>
        <DetailField label="Authorization ID">{mono(info?.authorizationId)}</DetailField>
      </DetailFields>
    </DetailSection>
  );
}

export function ShopperSection({ transaction }: { transaction: TransactionDetail }) {
  const shopper = transaction.shopper;
  return (
    <DetailSection title="Shopper">
      <DetailFields>
        <DetailField label="Statement">{orDash(shopper?.statement)}</DetailField>
        <DetailField label="E-mail">{shopper?.email ? <EmailLink email={shopper.email} /> : orDash(null)}</DetailField>
        <DetailField label="IP">{mono(shopper?.ip)}</DetailField>
        <DetailField label="IP country">{country(shopper?.ipCountry)}</DetailField>
        <DetailField label="Device type">{reported(shopper?.browserInformation?.deviceType)}</DetailField>
        <DetailField label="Browser">{orDash(shopper?.browserInformation?.browser)}</DetailField>
      </DetailFields>
    </DetailSection>
  );
}

export function RouteSection({ transaction }: { transaction: TransactionDetail }) {
  return (
    <DetailSection title="Route and merchant MID">
      <DetailFields>
        <DetailField label="Merchant">{transaction.merchant.prettyName}</DetailField>
        <DetailField label="Route">{orDash(transaction.route?.description)}</DetailField>
        <DetailField label="Route ID">{mono(transaction.route?.id)}</DetailField>
        <DetailField label="MID">{orDash(transaction.merchant.description)}</DetailField>
        <DetailField label="MID ID">{mono(transaction.merchant.midId)}</DetailField>
      </DetailFields>
    </DetailSection>
  );
}

export function OrderSection({ transaction }: { transaction: TransactionDetail }) {
  const { order } = transaction;
  return (
    <DetailSection title="Order">
      <DetailFields>
        <DetailField label="URL">{order.url ? <BreakableText text={order.url} /> : orDash(null)}</DetailField>
        <DetailField label="Reference order ID">{mono(order.referenceOrderId)}</DetailField>
        <DetailField label="Concept">{orDash(order.concept)}</DetailField>
      </DetailFields>
    </DetailSection>
  );
}

export function ErrorSection({ transaction }: { transaction: TransactionDetail }) {
  const { error } = transaction;
  if (!error) return null;
  return (
    <DetailSection title="Error">
      <DetailFields>
        <DetailField label="Code">{mono(error.code)}</DetailField>
        <DetailField label="Message">{error.message}</DetailField>
        <DetailField label="Provider message">{orDash(error.providerMessage)}</DetailField>
      </DetailFields>
    </DetailSection>
  );
}

export function FraudScoreSection({ transaction }: { transaction: TransactionDetail }) {
  const value = transaction.siftData.riskScore;
  return (
    <DetailSection title="Fraud score">
      <DetailFields>
        <DetailField label="Fraud score">
          <RiskScore value={value} />
        </DetailField>
        <DetailField label="Risk level">
          {value === null ? orDash(null) : RISK_LEVEL_TEXT[riskLevel(riskScore(value))].description}
        </DetailField>
      </DetailFields>
    </DetailSection>
  );
}

/** The payment's risk-alert box: the alert programme's case, or a note that there is none. */
export function RiskAlertSection({ transaction }: { transaction: TransactionDetail }) {
  const { alert } = transaction;
  return (
    <DetailSection title="Risk alert">
      {alert ? (
        <DetailFields>
          <DetailField label="Type">{ALERT_TYPE_LABELS[alert.type]}</DetailField>
          <DetailField label="Status">
            <TransactionStatusBadge status={alert.status} />
          </DetailField>
          <DetailField label="CAID">{mono(alert.caid)}</DetailField>
        </DetailFields>
      ) : (
        <p className="text-muted">No risk alert was received for this payment.</p>
      )}
    </DetailSection>
  );
}

/** The payment's recurrence box: the transaction that started its series, and its category. */
export function RecurrenceSection({ transaction, scope }: { transaction: TransactionDetail; scope: TransactionScope }) {
  const recurrence = transaction.recurrence;
  return (
    <DetailSection title="Recurrence">
      <DetailFields>
        <DetailField label="Parent transaction">
          {recurrence?.parentTransactionId ? (
            <TransactionLink scope={scope} transactionId={recurrence.parentTransactionId} />
          ) : (
            orDash(null)
          )}
        </DetailField>
        <DetailField label="Category">
          {recurrence ? RECURRENCE_TYPE_LABELS[recurrence.category] : orDash(null)}
        </DetailField>
      </DetailFields>
    </DetailSection>
  );
}

function HistoryRow({
  entry,
  current,
  scope,
}: {
  entry: TransactionHistoryEntry;
  current: boolean;
  scope: TransactionScope;
}) {
  return (
    <tr aria-current={current ? 'true' : undefined} className={current ? 'transaction-history__current' : undefined}>
      <td>
        {current ? (
          <span className="mono">{entry.transactionId}</span>
        ) : (
          <TransactionLink scope={scope} transactionId={entry.transactionId} />
        )}
      </td>
      <td>
        {TRANSACTION_TYPE_LABELS[entry.transactionType]}
        {entry.isFallback ? (
          <>
            {' '}
            <Badge tone="accent">Fallback</Badge>
          </>
        ) : null}
      </td>
      <td>
        <TransactionStatusBadge status={entry.status} />
      </td>
      <td className="transaction-history__amount">{formatMinorMoney(entry.money.amount, entry.money.currency)}</td>
      <td>{formatDateTime(entry.lastActivity, { seconds: true })}</td>
    </tr>
  );
}

/** The transaction and every related one, oldest activity first; each other one links to its own detail. */
export function HistorySection({ transaction, scope }: { transaction: TransactionDetail; scope: TransactionScope }) {
  const entries = transaction.transactionHistory;
  return (
    <DetailSection title="Transaction history" wide>
      {entries.length === 0 ? (
        <p className="text-muted">There is no history for this transaction.</p>
      ) : (
        <div className="transaction-history">
          <table className="transaction-history__table" aria-label="Transaction history">
            <thead>
              <tr>
                <th scope="col">Transaction ID</th>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
                <th scope="col" className="transaction-history__amount">
                  Amount
                </th>
                <th scope="col">Last activity</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <HistoryRow
                  key={entry.transactionId}
                  entry={entry}
                  current={entry.transactionId === transaction.transactionId}
                  scope={scope}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </DetailSection>
  );
}
