import { FormActionBar } from '@console/forms/form-layout';
import { useApi } from '@console/session/session-provider';
import { Badge } from '@console/ui/badge';
import { Banner } from '@console/ui/banner';
import { Button } from '@console/ui/button';
import { Spinner } from '@console/ui/spinner';
import type { GlobalLimit, LimitMid, MidLimit } from '@domain/contract/limits';
import { CATALOGUE } from '@domain/errors';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode, useMemo } from 'react';
import {
  copyToAll,
  GLOBAL_LIMIT_NAME,
  globalSaveBody,
  globalTree,
  type LimitTreeNode,
  midName,
  midSaveBody,
  midTree,
  nodesOf,
} from './limits-draft';
import { limitsQueryKeys, saveGlobalLimit, saveMidLimit, useGlobalLimit, useMidLimit } from './limits-queries';
import { type AlertTarget, GLOBAL_BOX_ID, LimitRow, midBoxId, rowIdOf, useLimitsTree } from './limits-tree';
import { type LimitBox, useLimitBox } from './use-limit-box';

// The two kinds of box the tab edits (spec 3, sections 2.7 and 4): the global limit, and one MID with its card brands
// and descriptors, each a form over its own draft (use-limit-box.ts).

export const GLOBAL_LIMIT_DETAIL = 'Every MID of this solution';

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
  const query = useGlobalLimit(merchantId, pspId);
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
    send: async (values, alerts) => {
      const body = globalSaveBody(root, values, limit.version, alerts);
      queryClient.setQueryData(queryKey, await saveGlobalLimit(api, merchantId, pspId, body));
    },
  });
  const editing = permissions.editLimits;
  return (
    <LimitBoxForm box={box} label={GLOBAL_LIMIT_NAME}>
      <LimitRow
        node={root}
        rowId={GLOBAL_BOX_ID}
        level={1}
        fields={editing ? box.fields : null}
        draftAlerts={editing ? box.draftAlerts : null}
        box={GLOBAL_BOX}
        title={GLOBAL_LIMIT_NAME}
        detail={GLOBAL_LIMIT_DETAIL}
      />
    </LimitBoxForm>
  );
}

function MidTitle({ mid }: { mid: Pick<LimitMid, 'description' | 'enable'> }) {
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
export function MidLimitBox({ mid, merchantId, pspId }: { mid: LimitMid; merchantId: string; pspId: string }) {
  const query = useMidLimit(merchantId, pspId, mid.midId);
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
  mid: LimitMid;
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
    send: async (values, alerts) => {
      const body = midSaveBody(root, values, limit.version, alerts);
      queryClient.setQueryData(queryKey, await saveMidLimit(api, merchantId, pspId, mid.midId, body));
    },
  });
  const fields = tree.permissions.editLimits ? box.fields : null;
  const draftAlerts = fields ? box.draftAlerts : null;
  /** What every row of the box shares: its fields, its draft alerts and the box the alert calls update. */
  const shared = { fields, draftAlerts, box: { kind: 'mid', midId: mid.midId } as AlertTarget['box'] };

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
        {...shared}
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
        {...shared}
        title={<MidTitle mid={mid} />}
        detail={<MidDetail midAcquirerId={limit.midAcquirerId} />}
      />
      {tree.expanded.has(boxId)
        ? root.children.map((brand) => {
            const brandRow = rowIdOf(boxId, brand);
            return (
              <Fragment key={brand.key}>
                <LimitRow node={brand} rowId={brandRow} level={2} {...shared} title={brand.name} />
                {tree.expanded.has(brandRow) ? descriptorRows(brand) : null}
              </Fragment>
            );
          })
        : null}
    </LimitBoxForm>
  );
}
