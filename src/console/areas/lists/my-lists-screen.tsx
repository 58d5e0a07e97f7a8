import { isApiError } from '@console/api/errors';
import { useCurrentScope } from '@console/app/current-scope';
import { useApi, useSession } from '@console/session/session-provider';
import { Button, IconButton } from '@console/ui/button';
import { useConfirm } from '@console/ui/confirm';
import { EmptyState } from '@console/ui/empty-state';
import { TrashIcon } from '@console/ui/icons';
import { Modal } from '@console/ui/modal';
import { PageHeader } from '@console/ui/page-header';
import { LoadingBlock } from '@console/ui/spinner';
import { TextField } from '@console/ui/text-field';
import { useToast } from '@console/ui/toast';
import { useReportFailure } from '@console/ui/use-report-failure';
import { type MerchantItemList, merchantItemList, merchantLists } from '@domain/contract/lists';
import { countryName } from '@domain/countries';
import { CARD_BRAND_LABELS, CARD_BRANDS, DEFAULT_COUNTRIES, DEFAULT_CURRENCIES } from '@domain/enums';
import { CATALOGUE, type ErrorDependant } from '@domain/errors';
import { formatDateTime } from '@domain/format';
import {
  invalidUrlsMessage,
  LIST_LIMITS,
  LIST_MESSAGES,
  type ListKind,
  type ListName,
  readItems,
  shownItem,
} from '@domain/lists';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { listsQueryKey } from './list-paths';
import './lists.css';

// My Lists (spec 2, sections 2.6, 4, 5 and 8): a merchant's URL list and custom-tag list, the values its MIDs and
// routes can match on, beside the read-only default lists. Adding checks the items here as the server does; the
// server's answers (duplicates, items in use, the last item) are shown as the spec words them.

const LIST_OF: Record<ListKind, { name: ListName; title: string; noun: string; addLabel: string; empty: string }> = {
  URL: { name: 'url', title: 'URL', noun: 'URL', addLabel: 'Add URLs', empty: LIST_MESSAGES.emptyUrl },
  TAG: {
    name: 'custom-tag',
    title: 'Custom Tag',
    noun: 'Custom Tag',
    addLabel: 'Add custom tags',
    empty: LIST_MESSAGES.emptyTag,
  },
};

export function MyListsScreen() {
  const api = useApi();
  const { merchantId, merchant } = useCurrentScope();
  const query = useQuery({
    queryKey: listsQueryKey(merchantId ?? ''),
    queryFn: ({ signal }) => api.get(`/merchant/${merchantId}/list`, { schema: merchantLists, signal }),
    enabled: merchantId !== undefined,
  });
  const focus = new URLSearchParams(useSearch()).get('add');
  if (!merchantId) return null;
  const lists = query.data;

  return (
    <div className="screen">
      <PageHeader title="My Lists" subtitle={merchant?.prettyName} />
      {lists ? (
        <div className="my-lists">
          {lists.url ? (
            <ListColumn merchantId={merchantId} kind="URL" list={lists.url} focusOnArrival={focus === 'url'} />
          ) : null}
          {lists.customTag ? (
            <ListColumn
              merchantId={merchantId}
              kind="TAG"
              list={lists.customTag}
              focusOnArrival={focus === 'custom-tag'}
            />
          ) : null}
          <DefaultLists />
        </div>
      ) : query.isError ? (
        <EmptyState
          role="alert"
          title={CATALOGUE['not-loaded'].header}
          description={CATALOGUE['not-loaded'].content}
          action={
            <Button size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <LoadingBlock label="Loading lists…" />
      )}
    </div>
  );
}

interface ListColumnProps {
  merchantId: string;
  kind: ListKind;
  list: MerchantItemList;
  focusOnArrival: boolean;
}

function ListColumn({ merchantId, kind, list, focusOnArrival }: ListColumnProps) {
  const api = useApi();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { grants } = useSession();
  const meta = LIST_OF[kind];
  const canAdd = can(grants, kind === 'URL' ? P.urlCreate : P.tagCreate);
  const canDelete = can(grants, kind === 'URL' ? P.urlDelete : P.tagDelete);
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [inUse, setInUse] = useState<{ item: string; dependants: ErrorDependant[] }>();

  useEffect(() => {
    if (focusOnArrival) input.current?.focus();
  }, [focusOnArrival]);

  const update = (next: MerchantItemList) =>
    queryClient.setQueryData(listsQueryKey(merchantId), (current: { url: unknown; customTag: unknown } | undefined) =>
      current ? { ...current, [kind === 'URL' ? 'url' : 'customTag']: next } : current,
    );

  const report = useReportFailure();

  const send = async (items: string[], force: boolean): Promise<void> => {
    try {
      const next = await api.post(`/merchant/${merchantId}/${meta.name}`, {
        body: { items, force },
        schema: merchantItemList,
      });
      update(next);
      setText('');
      toast.showMessage('successfully-added');
    } catch (failure) {
      if (isApiError(failure) && failure.key === 'item-duplicated' && !force) {
        const again = await confirm({
          title: 'Add the new items?',
          content: (
            <div className="my-lists__dialog-list">
              <p>{CATALOGUE['item-duplicated'].header}:</p>
              <ul>
                {failure.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ),
          confirmLabel: 'Add',
          cancelLabel: 'Cancel',
          tone: 'warning',
        });
        if (again) await send(items, true);
        return;
      }
      if (isApiError(failure) && failure.items.length > 0) {
        setError(
          failure.key === 'invalid-url-error'
            ? invalidUrlsMessage(failure.items)
            : `${failure.header}: ${failure.items.join(', ')}`,
        );
        return;
      }
      report(failure);
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const typed = readItems(text, kind);
    if (typed.invalid.length > 0) {
      setError(
        kind === 'URL'
          ? invalidUrlsMessage(typed.invalid)
          : `${CATALOGUE['invalid-tag-error'].header}: ${typed.invalid.map(shownItem).join(', ')}`,
      );
      return;
    }
    if (typed.items.length === 0) {
      setError(kind === 'URL' ? LIST_MESSAGES.urlRequiredContent : LIST_MESSAGES.tagRequiredContent);
      return;
    }
    if (typed.items.length > LIST_LIMITS.itemsPerAdd) {
      setError(LIST_MESSAGES.tooMany);
      return;
    }
    setBusy(true);
    try {
      await send(typed.items, false);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (item: { id: string; prettyName: string }) => {
    const sure = await confirm({
      title: `Delete this ${meta.noun === 'URL' ? 'URL' : 'custom tag'}?`,
      content: item.prettyName,
      confirmLabel: 'Delete',
      tone: 'danger',
    });
    if (!sure) return;
    try {
      const next = await api.delete(`/merchant/${merchantId}/${meta.name}/${item.id}`, { schema: merchantItemList });
      update(next);
      toast.showMessage('successfully-deleted');
    } catch (failure) {
      if (isApiError(failure) && failure.key === 'item-in-use') {
        setInUse({ item: item.prettyName, dependants: failure.dependants });
        return;
      }
      report(failure);
    }
  };

  const routes = inUse?.dependants.filter((dependant) => dependant.kind === 'ROUTE') ?? [];
  const midList = inUse?.dependants.filter((dependant) => dependant.kind === 'MID') ?? [];

  return (
    <section className="my-lists__column" aria-labelledby={headingId}>
      <header className="my-lists__header">
        <h2 id={headingId} className="my-lists__title">
          {meta.title} <span className="my-lists__count">({list.items.length})</span>
        </h2>
        <p className="my-lists__edition">
          Last Edition:{' '}
          {list.lastEditor ? `${list.lastEditor.fullName}, ${formatDateTime(list.lastEditor.date)}` : 'never'}
        </p>
      </header>
      {canAdd ? (
        <form className="my-lists__add" onSubmit={(event) => void add(event)} aria-label={meta.addLabel}>
          <TextField
            ref={input}
            label={meta.addLabel}
            placeholder={kind === 'URL' ? 'www.shop.example; shop.example/eu' : 'VIP; TRIAL'}
            hint="Separate several with semicolons."
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
            }}
            error={error}
          />
          <Button type="submit" loading={busy}>
            Add
          </Button>
        </form>
      ) : null}
      {list.items.length === 0 ? (
        <p className="my-lists__empty">{meta.empty}</p>
      ) : (
        <ul className="my-lists__items" aria-label={`${meta.title} list`}>
          {list.items.map((item) => (
            <li key={item.id} className="my-lists__item">
              <span className="my-lists__value">{item.prettyName}</span>
              {canDelete ? (
                <IconButton
                  aria-label={`Delete ${item.prettyName}`}
                  size="sm"
                  variant="ghost"
                  icon={<TrashIcon />}
                  onClick={() => void remove(item)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={inUse !== undefined}
        onClose={() => setInUse(undefined)}
        title={`${meta.noun} in use`}
        width={480}
        footer={
          <Button variant="primary" onClick={() => setInUse(undefined)}>
            Got it
          </Button>
        }
      >
        <div className="my-lists__dialog-list">
          <p>
            <strong>{inUse?.item}</strong> is used by these routes and MIDs. Remove it from them before deleting it.
          </p>
          {routes.length > 0 ? (
            <>
              <h3>Routes</h3>
              <ul>
                {routes.map((route) => (
                  <li key={route.id}>{route.description}</li>
                ))}
              </ul>
            </>
          ) : null}
          {midList.length > 0 ? (
            <>
              <h3>MIDs</h3>
              <ul>
                {midList.map((mid) => (
                  <li key={mid.id}>{mid.description}</li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </Modal>
    </section>
  );
}

function currencyName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The values every merchant can match on without listing them (spec 1, shared enumerations). */
function DefaultLists() {
  const headingId = useId();
  const groups: [string, string[]][] = [
    ['Currency', DEFAULT_CURRENCIES.map((code) => `${code} · ${currencyName(code)}`)],
    [
      'Country',
      DEFAULT_COUNTRIES.map((code) => (code === 'EU' ? 'EU · European Union' : `${code} · ${countryName(code)}`)),
    ],
    ['Card brand', CARD_BRANDS.filter((brand) => brand !== 'UNKNOWN').map((brand) => CARD_BRAND_LABELS[brand])],
  ];
  return (
    <section className="my-lists__defaults" aria-labelledby={headingId}>
      <h2 id={headingId} className="my-lists__title">
        Merchant Default Lists
      </h2>
      <p className="my-lists__edition">Read only: every merchant can use these values.</p>
      {groups.map(([title, values]) => (
        <div key={title} className="my-lists__default-group">
          <h3>{title}</h3>
          <ul>
            {values.map((value) => (
              <li key={value}>{value}</li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
