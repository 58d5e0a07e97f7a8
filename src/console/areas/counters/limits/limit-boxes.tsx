import { isApiError } from '@console/api/errors';
import { FormActionBar } from '@console/forms/form-layout';
import type { FormNotice } from '@console/forms/form-notice';
import { type FormFields, useFormFields } from '@console/forms/use-form-fields';
import { useSavingPattern } from '@console/forms/use-saving-pattern';
import { useApi } from '@console/session/session-provider';
import { Badge } from '@console/ui/badge';
import { Banner } from '@console/ui/banner';
import { Button } from '@console/ui/button';
import { Spinner } from '@console/ui/spinner';
import { useToast } from '@console/ui/toast';
import type { MidSales } from '@domain/contract/counters';
import type { GlobalLimit, MidLimit } from '@domain/contract/limits';
import { CATALOGUE, effectOfStatus } from '@domain/errors';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type FormEvent,
  Fragment,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  comparableTexts,
  copyToAll,
  draftSchema,
  GLOBAL_LIMIT_NAME,
  globalSaveBody,
  globalTree,
  type LimitTexts,
  type LimitTreeNode,
  type LimitValues,
  midName,
  midSaveBody,
  midTree,
  nodesOf,
  savedTexts,
} from './limits-draft';
import { fetchGlobalLimit, fetchMidLimit, limitsQueryKeys, saveGlobalLimit, saveMidLimit } from './limits-queries';
import { type AlertTarget, type BoxHandle, LimitRow, ROW_SELECTOR, rowIdOf, useLimitsTree } from './limits-tree';

// The two kinds of box the tab edits (spec 3, sections 2.7 and 4): the global limit, and one MID with its card brands
// and descriptors. Each box keeps a draft of its own; it saves as a whole, compare-and-set on the version it read, and
// starts again from the saved values (a new version) once saved. Cancel and Escape restore the saved values at once:
// nothing is left and the values are on screen, so there is no confirm-cancel-changes question (that one guards
// leaving an editor).

export const GLOBAL_BOX_ID = 'global';
export const midBoxId = (midId: string) => `mid:${midId}`;
export const GLOBAL_LIMIT_DETAIL = 'Every MID of this solution';

interface LimitBoxOptions {
  boxId: string;
  root: LimitTreeNode;
  /** The box's cached limits: Reload refreshes them after a conflict. */
  queryKey: QueryKey;
  /** Sends the valid draft and stores the answer (the saved limits, with their new version). */
  send: (values: LimitValues) => Promise<void>;
}

interface LimitBox {
  boxId: string;
  fields: FormFields<LimitTexts>;
  /** The draft differs from the saved values: Save and Cancel show. */
  changed: boolean;
  saving: boolean;
  /** The save was refused because another user saved these limits first. */
  conflict: boolean;
  /** Why the last save was refused, above the box's buttons. */
  notice: FormNotice | null;
  submit: (event?: FormEvent) => void;
  restore: () => void;
  reload: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLFormElement>) => void;
  formRef: RefObject<HTMLFormElement | null>;
}

function useLimitBox({ boxId, root, queryKey, send }: LimitBoxOptions): LimitBox {
  const toast = useToast();
  const queryClient = useQueryClient();
  const tree = useLimitsTree();
  const formRef = useRef<HTMLFormElement>(null);
  const original = useMemo(() => savedTexts(root), [root]);
  const schema = useMemo(() => draftSchema(root), [root]);
  const fields = useFormFields<LimitTexts>({ initial: original, schema });
  const [conflict, setConflict] = useState(false);
  /** The box's first row: the global limit's, or the MID's own. */
  const boxRow = () => formRef.current?.querySelector<HTMLElement>(ROW_SELECTOR) ?? null;
  const restore = () => fields.reset(original);

  const pattern = useSavingPattern<LimitTexts, LimitValues>({
    mode: 'edit',
    original,
    fields,
    comparable: comparableTexts,
    save: async (values) => {
      // The box starts again from the saved limits, without the Save button that has the focus.
      tree.focusWhenRendered(boxId);
      try {
        await send(values);
      } catch (error) {
        // Refused: the box stays as it is, with its buttons.
        tree.focusWhenRendered(null);
        throw error;
      }
      toast.showMessage('save-successfully');
      tree.limitsSaved();
    },
    onSaveError: (error) => {
      if (!isApiError(error)) return false;
      if (error.key === 'limit-changed') {
        setConflict(true);
        return true;
      }
      // Session ends, the not-found page and server errors have their global effect already.
      if (effectOfStatus(error.status) !== 'show-message') return false;
      const { header, content } = CATALOGUE['save-error'];
      return { type: 'error', header, content };
    },
    leave: restore,
  });

  const handle = useRef<BoxHandle>({ hasChanges: () => false, save: () => {}, cancel: () => {} });
  handle.current = {
    hasChanges: () => tree.permissions.editLimits && pattern.changed,
    save: () => void pattern.submit(),
    cancel: () => {
      restore();
      boxRow()?.focus();
    },
  };
  const { registerBox } = tree;
  useEffect(() => registerBox(boxId, handle), [registerBox, boxId]);

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    // A widget that used Escape itself has handled it; a key from a portal (a dialog opened from here) is not ours.
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (!(event.target instanceof Element) || !event.currentTarget.contains(event.target)) return;
    const row = event.target.closest<HTMLElement>(ROW_SELECTOR);
    const inField = event.target !== row;
    if (!pattern.changed && !inField) return;
    event.preventDefault();
    // Escape cancels the box's draft, and leaves a field for its row, where the arrow keys move again.
    if (pattern.changed) restore();
    row?.focus();
  };

  return {
    boxId,
    fields,
    changed: pattern.changed,
    saving: pattern.saving,
    conflict,
    notice: pattern.notice,
    submit: (event) => void pattern.submit(event),
    restore: () => handle.current.cancel(),
    reload: () => {
      tree.focusWhenRendered(boxId);
      void queryClient.invalidateQueries({ queryKey });
    },
    onKeyDown,
    formRef,
  };
}

/**
 * A box's form: its rows as one treegrid, then (after a conflict) the reload banner, then Cancel and Save while there
 * are changes.
 */
function LimitBoxForm({ box, label, children }: { box: LimitBox; label: string; children: ReactNode }) {
  const { permissions } = useLimitsTree();
  const conflict = CATALOGUE['limit-changed'];
  return (
    <form
      ref={box.formRef}
      className="limit-box"
      data-limit-box={box.boxId}
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (permissions.editLimits) box.submit(event);
      }}
      onKeyDown={box.onKeyDown}
    >
      <div role="treegrid" aria-label={label} className="limit-grid">
        {children}
      </div>
      {box.conflict ? (
        <div className="limit-box__conflict">
          <Banner type="warning" header={conflict.header} content={conflict.content}>
            <Button size="sm" className="limit-box__reload" onClick={box.reload}>
              Reload
            </Button>
          </Banner>
        </div>
      ) : null}
      {permissions.editLimits && box.changed ? (
        <FormActionBar notice={box.notice} className="limit-box__actions">
          {/* A press on Cancel keeps focus in the field, so the field just left does not first show its message. */}
          <Button onMouseDown={(event) => event.preventDefault()} onClick={box.restore} disabled={box.saving}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={box.saving}>
            Save
          </Button>
        </FormActionBar>
      ) : null}
    </form>
  );
}

/** What a box shows while its limits load, or when they could not be loaded. */
function BoxStatus({ title, detail, failed, onRetry }: BoxStatusProps) {
  return (
    <div className="limit-row limit-row--status">
      <div className="limit-row__name">
        <span className="limit-row__toggle" aria-hidden="true" />
        <span className="limit-row__title">{title}</span>
        {detail ? <span className="limit-row__detail">{detail}</span> : null}
      </div>
      <div className="limit-row__status" role={failed ? 'alert' : 'status'}>
        {failed ? (
          <>
            <span>{CATALOGUE['details-error'].header}</span>
            <Button size="sm" onClick={onRetry}>
              Try again
            </Button>
          </>
        ) : (
          <>
            <Spinner label="" size={12} />
            <span>Loading limits…</span>
          </>
        )}
      </div>
    </div>
  );
}
interface BoxStatusProps {
  title: ReactNode;
  detail?: ReactNode;
  failed: boolean;
  onRetry: () => void;
}

const GLOBAL_BOX: AlertTarget['box'] = { kind: 'global' };

/** The global limit of the merchant on the provider solution. */
export function GlobalLimitBox({ merchantId, pspId }: { merchantId: string; pspId: string }) {
  const api = useApi();
  const query = useQuery({
    queryKey: limitsQueryKeys.global(merchantId, pspId),
    queryFn: ({ signal }) => fetchGlobalLimit(api, merchantId, pspId, signal),
  });
  const root = useMemo(() => (query.data ? globalTree(query.data) : undefined), [query.data]);
  return (
    <div className="limit-card limit-card--global">
      {query.data && root ? (
        <GlobalLimitForm
          key={query.data.version}
          limit={query.data}
          root={root}
          merchantId={merchantId}
          pspId={pspId}
        />
      ) : (
        <BoxStatus
          title={GLOBAL_LIMIT_NAME}
          detail={GLOBAL_LIMIT_DETAIL}
          failed={query.isError}
          onRetry={() => void query.refetch()}
        />
      )}
    </div>
  );
}

function GlobalLimitForm({
  limit,
  root,
  merchantId,
  pspId,
}: {
  limit: GlobalLimit;
  root: LimitTreeNode;
  merchantId: string;
  pspId: string;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { permissions } = useLimitsTree();
  const queryKey = limitsQueryKeys.global(merchantId, pspId);
  const box = useLimitBox({
    boxId: GLOBAL_BOX_ID,
    root,
    queryKey,
    send: async (values) => {
      const saved = await saveGlobalLimit(api, merchantId, pspId, globalSaveBody(root, values, limit.version));
      queryClient.setQueryData(queryKey, saved);
    },
  });
  return (
    <LimitBoxForm box={box} label={GLOBAL_LIMIT_NAME}>
      <LimitRow
        node={root}
        rowId={GLOBAL_BOX_ID}
        level={1}
        fields={permissions.editLimits ? box.fields : null}
        box={GLOBAL_BOX}
        title={GLOBAL_LIMIT_NAME}
        detail={GLOBAL_LIMIT_DETAIL}
      />
    </LimitBoxForm>
  );
}

function MidTitle({ mid }: { mid: Pick<MidSales, 'description' | 'enable'> }) {
  return (
    <>
      {mid.description}
      {mid.enable ? null : (
        <>
          {' '}
          <Badge>Disabled</Badge>
        </>
      )}
    </>
  );
}

const MidDetail = ({ midAcquirerId }: { midAcquirerId: string }) => <span className="mono">{midAcquirerId}</span>;

/**
 * A form remounts when the saved tree changes shape (a new version, or descriptors that came or went), so the draft
 * never holds inputs of limits that are not there.
 */
const treeKey = (version: number, root: LimitTreeNode) =>
  [version, ...nodesOf(root).map((node) => node.key)].join('\u0000');

/** One MID of the solution: its own limits, its card brands' and Visa's descriptors'. */
export function MidLimitBox({ mid, merchantId, pspId }: { mid: MidSales; merchantId: string; pspId: string }) {
  const api = useApi();
  const query = useQuery({
    queryKey: limitsQueryKeys.mid(merchantId, pspId, mid.midId),
    queryFn: ({ signal }) => fetchMidLimit(api, merchantId, pspId, mid.midId, signal),
  });
  const root = useMemo(() => (query.data ? midTree(query.data) : undefined), [query.data]);
  return (
    <div className="limit-card">
      {query.data && root ? (
        <MidLimitForm
          key={treeKey(query.data.version, root)}
          limit={query.data}
          root={root}
          mid={mid}
          merchantId={merchantId}
          pspId={pspId}
        />
      ) : (
        <BoxStatus
          title={<MidTitle mid={mid} />}
          detail={<MidDetail midAcquirerId={mid.midAcquirerId} />}
          failed={query.isError}
          onRetry={() => void query.refetch()}
        />
      )}
    </div>
  );
}

interface MidLimitFormProps {
  limit: MidLimit;
  root: LimitTreeNode;
  mid: MidSales;
  merchantId: string;
  pspId: string;
}

function MidLimitForm({ limit, root, mid, merchantId, pspId }: MidLimitFormProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const tree = useLimitsTree();
  const boxId = midBoxId(mid.midId);
  const queryKey = limitsQueryKeys.mid(merchantId, pspId, mid.midId);
  const box = useLimitBox({
    boxId,
    root,
    queryKey,
    send: async (values) => {
      const saved = await saveMidLimit(api, merchantId, pspId, mid.midId, midSaveBody(root, values, limit.version));
      queryClient.setQueryData(queryKey, saved);
    },
  });
  const fields = tree.permissions.editLimits ? box.fields : null;
  const alertBox: AlertTarget['box'] = { kind: 'mid', midId: mid.midId };

  const copyFirstDescriptor = (brand: LimitTreeNode) => {
    const copied = copyToAll(box.fields.values, brand);
    for (const [name, text] of Object.entries(copied)) {
      if (box.fields.values[name] !== text) box.fields.setValue(name, text);
    }
  };

  const descriptorRows = (brand: LimitTreeNode) =>
    brand.children.map((descriptor, index) => (
      <LimitRow
        key={descriptor.key}
        node={descriptor}
        rowId={rowIdOf(boxId, descriptor)}
        level={3}
        fields={fields}
        box={alertBox}
        title={<span className="limit-row__descriptor">{descriptor.name}</span>}
        extra={
          fields && index === 0 && brand.children.length > 1 ? (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Copy to all descriptors of ${brand.phrase}`}
              onClick={() => copyFirstDescriptor(brand)}
            >
              Copy to all
            </Button>
          ) : null
        }
      />
    ));

  return (
    <LimitBoxForm box={box} label={`Limits of MID ${midName(mid)}`}>
      <LimitRow
        node={root}
        rowId={boxId}
        level={1}
        fields={fields}
        box={alertBox}
        title={<MidTitle mid={mid} />}
        detail={<MidDetail midAcquirerId={limit.midAcquirerId} />}
      />
      {tree.expanded.has(boxId)
        ? root.children.map((brand) => {
            const brandRow = rowIdOf(boxId, brand);
            return (
              <Fragment key={brand.key}>
                <LimitRow node={brand} rowId={brandRow} level={2} fields={fields} box={alertBox} title={brand.name} />
                {tree.expanded.has(brandRow) ? descriptorRows(brand) : null}
              </Fragment>
            );
          })
        : null}
    </LimitBoxForm>
  );
}
