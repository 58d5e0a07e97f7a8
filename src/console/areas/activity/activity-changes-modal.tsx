import { useApi } from '@console/session/session-provider';
import { Badge } from '@console/ui/badge';
import { EmptyState } from '@console/ui/empty-state';
import { Modal } from '@console/ui/modal';
import { LoadingBlock } from '@console/ui/spinner';
import { type ActivityDetail, type ActivityEntry, activityDetail } from '@domain/contract/activity';
import { ACTION_TYPE_LABELS, RESOURCE_TYPE_LABELS } from '@domain/enums';
import { CATALOGUE } from '@domain/errors';
import { formatDateTime } from '@domain/format';
import { useQuery } from '@tanstack/react-query';
import { EMPTY_NAME_BOOK, fieldLabel, inScreenOrder, type NameBook, presentValue } from './activity-fields';
import { ACTION_TYPE_TONES, CHANGES_TITLES } from './activity-labels';
import { type DisplayValue, type FieldChange, fieldChanges } from './activity-values';

// The detail modal of an audit entry (spec 2, sections 2.8 and 9): 'New values' for an insert, 'Old values' for a
// delete, 'Update information' with old and new values side by side for an update; at most 700 px high, scrolling.
// Fields and values read as the screens write them (activity-fields.ts), never as the stored keys and codes.

export const activityDetailQueryKey = (userActivityId: string) => ['user-activity-detail', userActivityId] as const;

export interface ActivityChangesModalProps {
  /** The row whose changes to show; null closes the modal. */
  entry: ActivityEntry | null;
  onClose: () => void;
  /** Names of the accounts, merchants and providers the console knows, shown instead of their identifiers. */
  names?: NameBook;
}

export function ActivityChangesModal({ entry, onClose, names = EMPTY_NAME_BOOK }: ActivityChangesModalProps) {
  const api = useApi();
  const query = useQuery({
    queryKey: activityDetailQueryKey(entry?.userActivityId ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/useractivity/${entry!.userActivityId}`, {
        base: 'activity',
        schema: activityDetail,
        signal,
        // A missing entry is told inside the modal; the screen underneath stays.
        notFoundIsAnswer: true,
      }),
    enabled: entry !== null,
    retry: false,
    // Audit entries never change.
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (!entry) return null;
  const resourceName =
    entry.resourceType === 'ACCOUNT'
      ? names.accounts.get(entry.resourceId)
      : entry.resourceType === 'MERCHANT'
        ? names.merchants.get(entry.resourceId)
        : undefined;
  return (
    <Modal open onClose={onClose} title={CHANGES_TITLES[entry.actionType]} width={760} className="activity-changes">
      <p className="activity-changes__summary">
        <Badge tone={ACTION_TYPE_TONES[entry.actionType]}>{ACTION_TYPE_LABELS[entry.actionType]}</Badge>{' '}
        {RESOURCE_TYPE_LABELS[entry.resourceType]} {resourceName ? `${resourceName} ` : ''}
        <code>{entry.resourceId}</code>
        {entry.user ? ` by ${entry.user.prettyName}` : ''} on {formatDateTime(entry.date, { seconds: true })}
      </p>
      {query.isPending ? (
        <LoadingBlock label="Loading changes…" />
      ) : query.isError ? (
        <DetailError errorKey="details-error" />
      ) : (
        <Changes detail={query.data} names={names} />
      )}
    </Modal>
  );
}

function DetailError({ errorKey }: { errorKey: 'details-error' | 'user-activity-mapping-error' }) {
  const message = CATALOGUE[errorKey];
  return <EmptyState role="alert" title={message.header} description={message.content} />;
}

/** How one version of the record reads: its fields' labels and values, with the names the console knows. */
interface Reader {
  /** The fields in the order the resource's screen shows them. */
  order: <T>(items: readonly T[], fieldOf: (item: T) => string) => T[];
  label: (field: string) => string;
  value: (field: string, value: unknown, version: Readonly<Record<string, unknown>>) => DisplayValue;
}

function Changes({ detail, names }: { detail: ActivityDetail; names: NameBook }) {
  const reader: Reader = {
    order: (items, fieldOf) => inScreenOrder(detail.resourceType, items, fieldOf),
    label: (field) => fieldLabel(detail.resourceType, field),
    value: (field, value, version) => presentValue(detail.resourceType, field, value, version, names),
  };
  if (detail.actionType === 'INSERT' || detail.actionType === 'DELETE') {
    const values = detail.actionType === 'INSERT' ? detail.version : detail.oldVersion;
    // An insert without its new values (or a delete without its old ones) cannot be shown.
    if (!values) return <DetailError errorKey="user-activity-mapping-error" />;
    return <ValuesTable values={values} reader={reader} />;
  }
  if (!detail.version || !detail.oldVersion) return <DetailError errorKey="user-activity-mapping-error" />;
  return (
    <UpdateTable
      changes={reader.order(fieldChanges(detail.oldVersion, detail.version), (change) => change.field)}
      oldVersion={detail.oldVersion}
      newVersion={detail.version}
      reader={reader}
    />
  );
}

function Value({ shown }: { shown: DisplayValue }) {
  if (shown.kind === 'empty') return <span className="activity-value activity-value--empty">(empty)</span>;
  if (shown.kind === 'block') return <pre className="activity-value activity-value--block">{shown.text}</pre>;
  return <span className="activity-value">{shown.text}</span>;
}

function ValuesTable({ values, reader }: { values: Record<string, unknown>; reader: Reader }) {
  const fields = reader.order(Object.entries(values), ([field]) => field);
  if (fields.length === 0) return <p>No values were recorded.</p>;
  return (
    <table className="activity-changes__table">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {fields.map(([field, value]) => (
          <tr key={field}>
            <th scope="row">{reader.label(field)}</th>
            <td>
              <Value shown={reader.value(field, value, values)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface Versions {
  oldVersion: Record<string, unknown>;
  newVersion: Record<string, unknown>;
  reader: Reader;
}

function ChangeRows({ changes, oldVersion, newVersion, reader }: { changes: readonly FieldChange[] } & Versions) {
  return (
    <>
      {changes.map((change) => (
        <tr key={change.field} className={change.changed ? 'activity-changes__row--changed' : undefined}>
          <th scope="row">{reader.label(change.field)}</th>
          <td>
            <Value shown={reader.value(change.field, change.oldValue, oldVersion)} />
          </td>
          <td>
            <Value shown={reader.value(change.field, change.newValue, newVersion)} />
          </td>
        </tr>
      ))}
    </>
  );
}

const UPDATE_HEAD = (
  <thead>
    <tr>
      <th scope="col">Field</th>
      <th scope="col">Old value</th>
      <th scope="col">New value</th>
    </tr>
  </thead>
);

/**
 * Changed fields first and highlighted; the unchanged ones follow behind a disclosure, so the change is what the eye
 * meets while the whole record stays one click away.
 */
function UpdateTable({ changes, ...versions }: { changes: readonly FieldChange[] } & Versions) {
  const changed = changes.filter((change) => change.changed);
  const unchanged = changes.filter((change) => !change.changed);
  return (
    <>
      {changed.length > 0 ? (
        <table className="activity-changes__table" aria-label="Changed fields">
          {UPDATE_HEAD}
          <tbody>
            <ChangeRows changes={changed} {...versions} />
          </tbody>
        </table>
      ) : (
        <p>No field changed.</p>
      )}
      {unchanged.length > 0 ? (
        <details className="activity-changes__unchanged">
          <summary>Unchanged fields ({unchanged.length})</summary>
          <table className="activity-changes__table" aria-label="Unchanged fields">
            {UPDATE_HEAD}
            <tbody>
              <ChangeRows changes={unchanged} {...versions} />
            </tbody>
          </table>
        </details>
      ) : null}
    </>
  );
}
