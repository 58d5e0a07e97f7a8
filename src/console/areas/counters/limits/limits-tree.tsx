// biome-ignore-all lint/a11y/useSemanticElements: each row is a CSS grid line, so Monthly, Daily and the bell line up across the boxes (each box its own treegrid); native table elements laid out that way lose their semantics, so the ARIA treegrid roles carry them
// biome-ignore-all lint/a11y/useFocusableInteractive: gridcells are no tab stops: the rows are (roving tabindex), and the fields and buttons inside the cells
import type { FormFields } from '@console/forms/use-form-fields';
import { Button } from '@console/ui/button';
import { ChevronRightIcon } from '@console/ui/icons';
import { TextField } from '@console/ui/text-field';
import { Tooltip } from '@console/ui/tooltip';
import { formatInteger } from '@domain/format';
import { LIMIT_MESSAGES, type LimitPair } from '@domain/limits';
import {
  type CSSProperties,
  createContext,
  type ReactNode,
  type SVGProps,
  useContext,
  useEffect,
  useId,
  useRef,
} from 'react';
import {
  alertMode,
  alertPercent,
  type DraftAlerts,
  draftLimits,
  fieldName,
  LIMIT_KIND_LABELS,
  LIMIT_KINDS,
  type LimitTexts,
  type LimitTreeNode,
} from './limits-draft';

// The limits tree (spec 3, section 2.7) as treegrids, one per box (the global limit, each MID): each limit is a row
// with its name, its Monthly and Daily fields and its alert bell in gridcells; aria-level and aria-expanded give the
// tree (MID, card brands, Visa's descriptors). A treegrid, not a tree, because each row holds fields: a treeitem's
// name would be its whole text, children and values included. One row of the tab is in the tab order (roving
// tabindex); the arrow keys move between rows across the boxes (limits-commands.ts) and Tab moves into a row's fields.

export const ROW_SELECTOR = '[role="row"]';

export const GLOBAL_BOX_ID = 'global';
export const midBoxId = (midId: string) => `mid:${midId}`;

/** A box's alerts of limits not saved yet, which it sends with the limits. */
export interface BoxDraftAlerts {
  alerts: DraftAlerts;
  set: (nodeKey: string, percent: number | null) => void;
}

/**
 * The limit an alert modal is about and the box whose cached limits its answer updates; for a limit not saved yet,
 * the draft alert the modal edits instead of calling the server.
 */
export interface AlertTarget {
  box: { kind: 'global' } | { kind: 'mid'; midId: string };
  node: LimitTreeNode;
  draft?: { percent: number | null; set: (percent: number | null) => void };
}

export interface LimitsPermissions {
  editLimits: boolean;
  editAlerts: boolean;
  deleteAlerts: boolean;
}

/** What a box tells the tab, so the palette's Save and Cancel act on it. */
export interface BoxHandle {
  hasChanges: () => boolean;
  save: () => void;
  cancel: () => void;
}

export interface LimitsTreeState {
  activeRow: string;
  expanded: ReadonlySet<string>;
  toggle: (rowId: string) => void;
  permissions: LimitsPermissions;
  /** Limits whose alert is being saved or deleted. */
  pendingAlerts: ReadonlySet<string>;
  openAlert: (target: AlertTarget) => void;
  registerBox: (boxId: string, handle: { current: BoxHandle }) => () => void;
  /** A box was saved: what shows the limits in force elsewhere (the counters) is out of date. */
  limitsSaved: () => void;
  /**
   * Focuses a row once it is rendered again: a box starts afresh after a save or a reload, and the button that was
   * pressed is gone with the box's old rows.
   */
  focusWhenRendered: (rowId: string | null) => void;
  /** Whether this row, just rendered, should take the focus. */
  claimFocus: (rowId: string) => boolean;
}

const TreeContext = createContext<LimitsTreeState | null>(null);
export const LimitsTreeProvider = TreeContext.Provider;

export function useLimitsTree(): LimitsTreeState {
  const state = useContext(TreeContext);
  if (!state) throw new Error('useLimitsTree needs the Limits & Alerts tab above it');
  return state;
}

/** A row's id within the tab: the box's id for its root ('global', 'mid:{midId}'), then the node's key below it. */
export const rowIdOf = (boxId: string, node: LimitTreeNode) =>
  node.level === 'GLOBAL' || node.level === 'MID' ? boxId : `${boxId}/${node.key}`;

// Moving through the rows shown: the DOM holds exactly the rows of expanded parents, in reading order.

export const rowsOf = (container: HTMLElement) => Array.from(container.querySelectorAll<HTMLElement>(ROW_SELECTOR));

export function focusedRow(container: HTMLElement | null): HTMLElement | null {
  const active = document.activeElement;
  return container && active instanceof HTMLElement && active.matches(ROW_SELECTOR) && container.contains(active)
    ? active
    : null;
}

export const rowById = (container: HTMLElement, rowId: string) =>
  rowsOf(container).find((row) => row.dataset.rowId === rowId);

const levelOf = (row: HTMLElement) => Number(row.getAttribute('aria-level') ?? '1');

/** The row a row belongs to: the nearest row above it one level up. */
export function parentRowOf(rows: readonly HTMLElement[], row: HTMLElement): HTMLElement | null {
  const level = levelOf(row);
  for (let index = rows.indexOf(row) - 1; index >= 0; index--) {
    if (levelOf(rows[index]!) < level) return rows[index]!;
  }
  return null;
}

/** An expanded row's first child: the row right below it, one level down. */
export function firstChildRowOf(rows: readonly HTMLElement[], row: HTMLElement): HTMLElement | null {
  const next = rows[rows.indexOf(row) + 1];
  return next && levelOf(next) === levelOf(row) + 1 ? next : null;
}

/** Whether a row id names a row below another (ids nest: 'mid:{midId}', 'mid:{midId}/VISA', ...). */
export const isBelow = (rowId: string, ancestorId: string) => rowId.startsWith(`${ancestorId}/`);

/** What a read-only row says about its limit: the values, or a dash for none. */
export const valueText = (value: number | null) => (value === null ? '–' : formatInteger(value));

/** A row's accessible name: which limit it is, and for read-only users also its values. */
export function rowLabel(node: LimitTreeNode, readOnly: boolean): string {
  const subject = node.phrase.charAt(0).toUpperCase() + node.phrase.slice(1);
  if (!readOnly) return subject;
  const values = LIMIT_KINDS.map((kind) => `${LIMIT_KIND_LABELS[kind]} ${valueText(node.saved[kind])}`).join(', ');
  const percent = alertPercent(node.alert);
  return `${subject}: ${values}${percent === null ? '' : `, alert at ${percent} %`}`;
}

interface LimitRowProps {
  node: LimitTreeNode;
  rowId: string;
  /** 1 for the global limit and the MIDs, 2 for card brands, 3 for descriptors. */
  level: number;
  /** The box's form while the user may edit; null shows the saved values as text. */
  fields: FormFields<LimitTexts> | null;
  box: AlertTarget['box'];
  title: ReactNode;
  detail?: ReactNode;
  /** 'Copy to all' on a brand's first descriptor. */
  extra?: ReactNode;
  /** The box's alerts of limits not saved yet; null while the user may not edit. */
  draftAlerts: BoxDraftAlerts | null;
}

/** One limit's row: its name (with the open/close control), Monthly and Daily, the alert bell. */
export function LimitRow({ node, rowId, level, fields, box, title, detail, extra, draftAlerts }: LimitRowProps) {
  const tree = useLimitsTree();
  const expandable = node.children.length > 0;
  const expanded = tree.expanded.has(rowId);
  const derived = fields ? draftLimits(fields.values, node) : null;
  const ref = useRef<HTMLDivElement>(null);
  const { claimFocus } = tree;
  useEffect(() => {
    if (claimFocus(rowId)) ref.current?.focus();
  }, [claimFocus, rowId]);
  return (
    <div
      ref={ref}
      role="row"
      data-row-id={rowId}
      aria-level={level}
      aria-expanded={expandable ? expanded : undefined}
      aria-label={rowLabel(node, fields === null)}
      tabIndex={tree.activeRow === rowId ? 0 : -1}
      className="limit-row"
      style={{ '--limit-depth': level - 1 } as CSSProperties}
    >
      <div role="gridcell" className="limit-row__name">
        {expandable ? (
          // The row itself takes Right and Left; the chevron is for the mouse, so it is no extra tab stop.
          <button
            type="button"
            tabIndex={-1}
            className="limit-row__toggle"
            aria-label={`${expanded ? 'Close' : 'Open'} ${node.phrase}`}
            onClick={() => tree.toggle(rowId)}
          >
            <ChevronRightIcon className={expanded ? 'limit-row__chevron is-open' : 'limit-row__chevron'} />
          </button>
        ) : (
          <span className="limit-row__toggle" aria-hidden="true" />
        )}
        <span className="limit-row__title">{title}</span>
        {detail ? <span className="limit-row__detail">{detail}</span> : null}
      </div>
      {LIMIT_KINDS.map((kind) => {
        const name = fieldName(node, kind);
        if (!fields) {
          return (
            <div key={kind} role="gridcell" className="limit-row__value">
              {valueText(node.saved[kind])}
            </div>
          );
        }
        const typed = (fields.values[name] ?? '').trim() !== '';
        const placeholder = !typed && derived?.[kind] != null ? String(derived[kind]) : undefined;
        return (
          <div key={kind} role="gridcell">
            <TextField
              className="limit-row__field"
              hideLabel
              label={`${LIMIT_KIND_LABELS[kind]} for ${node.phrase}`}
              inputMode="numeric"
              autoComplete="off"
              placeholder={placeholder}
              {...fields.bindText(name)}
            />
          </div>
        );
      })}
      <div role="gridcell" className="limit-row__alert">
        <AlertBell node={node} box={box} shown={derived ?? node.saved} draftAlerts={draftAlerts} />
      </div>
      <div role="gridcell" className="limit-row__extra">
        {extra}
      </div>
    </div>
  );
}

interface AlertBellProps {
  node: LimitTreeNode;
  box: AlertTarget['box'];
  /** The limits the row shows: the draft's while editing, the saved ones otherwise. */
  shown: LimitPair;
  draftAlerts: BoxDraftAlerts | null;
}

/**
 * The bell: shows whether an alert is set and opens the alert modal. Disabled only while both values are empty (spec
 * 3, section 2.7); on a limit not saved yet the alert is kept with the draft and saved with the limit.
 */
function AlertBell({ node, box, shown, draftAlerts }: AlertBellProps) {
  const tree = useLimitsTree();
  const reasonId = useId();
  const mode = alertMode(node, shown);
  const draftPercent = draftAlerts?.alerts.get(node.key) ?? null;
  const percent = mode === 'draft' ? draftPercent : alertPercent(node.alert);
  const mayOpen = tree.permissions.editAlerts || tree.permissions.deleteAlerts;
  // Read-only users see an alert that is set; there is nothing to show them for one that is not.
  if (!mayOpen && percent === null) return null;
  const available = mode === 'saved' || (mode === 'draft' && draftAlerts !== null && tree.permissions.editAlerts);
  const busy = node.limitId !== null && tree.pendingAlerts.has(node.limitId);
  const name = percent === null ? `Set alert for ${node.phrase}` : `Alert at ${percent} % for ${node.phrase}`;
  const open = () => {
    if (!available) return;
    if (mode === 'saved' || !draftAlerts) tree.openAlert({ box, node });
    else
      tree.openAlert({ box, node, draft: { percent: draftPercent, set: (next) => draftAlerts.set(node.key, next) } });
  };
  return (
    <>
      <Tooltip content={available ? name : LIMIT_MESSAGES.alertNeedsLimit}>
        <Button
          variant="ghost"
          size="sm"
          className={percent === null ? 'alert-bell' : 'alert-bell alert-bell--set'}
          icon={<BellIcon filled={percent !== null} />}
          aria-label={name}
          // Focusable while unavailable, so keyboard users reach the tooltip that says why.
          aria-disabled={available ? undefined : true}
          aria-describedby={available ? undefined : reasonId}
          loading={busy}
          onClick={open}
        >
          {percent === null ? null : `${percent} %`}
        </Button>
      </Tooltip>
      {available ? null : (
        <span id={reasonId} className="visually-hidden">
          {LIMIT_MESSAGES.alertNeedsLimit}
        </span>
      )}
    </>
  );
}

function BellIcon({ filled, ...props }: SVGProps<SVGSVGElement> & { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 16 16"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="icon"
      {...props}
    >
      <path d="M4 11.5V7a4 4 0 018 0v4.5l1.25 1.25H2.75z" />
      <path d="M6.5 14a1.6 1.6 0 003 0" fill="none" />
    </svg>
  );
}
