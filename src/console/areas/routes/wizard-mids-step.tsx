import { useAnalytics } from '@console/analytics/analytics-provider';
import { useApi, useSession } from '@console/session/session-provider';
import { Badge } from '@console/ui/badge';
import { Banner } from '@console/ui/banner';
import { Button, IconButton } from '@console/ui/button';
import { TrashIcon } from '@console/ui/icons';
import { Kbd } from '@console/ui/kbd';
import { Modal } from '@console/ui/modal';
import { Select } from '@console/ui/select';
import { TextField } from '@console/ui/text-field';
import { useToast } from '@console/ui/toast';
import { ROUTE_LIMITS, ROUTE_MESSAGES, type RouteMid } from '@domain/contract/routes';
import { CATALOGUE } from '@domain/errors';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { FALLBACK_MESSAGES, fallbackProblem } from '@domain/routes';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { RouteWizardContext, RouteWizardEvent, WizardValues } from '../../../../machines/route-wizard.machine';
import { MidEditor } from '../mids/mid-editor';
import { loadRouteMids } from './route-queries';

// Step 2, 'MID and Fallback MID' (spec 2, section 2.4): the MID palette on the left (the enabled MIDs that take the
// route's variables, filtered as you type), the route rows on the right. Enter in the palette makes the highlighted
// MID the active row's MID, Shift+Enter its fallback; F6 moves between the panes. 'Create New MID' opens the MID form
// in a dialog with the route's variables, and the new MID joins the palette.

interface MidsStepProps {
  accountId: string;
  merchantId: string;
  mode: 'new' | 'edit';
  values: WizardValues;
  mids: RouteMid[];
  errors: Record<string, string>;
  notice: RouteWizardContext['notice'];
  send: (event: RouteWizardEvent) => void;
}

const midLabel = (mid: RouteMid) => `${mid.description} · ${mid.acquirerName}`;

/** Why the row's fallback list is empty, or what a fallback does. */
function fallbackHint(mid: RouteMid | undefined, candidates: number): string {
  if (!mid || candidates > 0) return 'Optional. Retries a declined payment.';
  return mid.synchronous ? 'No other synchronous MID takes these variables.' : ROUTE_MESSAGES.fallbackSynchronous;
}

/** Whether the row keeps its fallback once `mid` is its MID (a fallback the new MID may not have is let go). */
const keepsFallback = (mid: RouteMid | undefined, fallback: RouteMid | undefined) =>
  mid !== undefined && fallback !== undefined && fallbackProblem(mid, fallback) === null;

export function MidsStep({ accountId, merchantId, mode, values, mids, errors, notice, send }: MidsStepProps) {
  const api = useApi();
  const toast = useToast();
  const analytics = useAnalytics();
  const { grants } = useSession();
  const id = useId();
  const [activeRow, setActiveRow] = useState(0);
  const [creating, setCreating] = useState(false);
  const paletteRef = useRef<HTMLInputElement>(null);
  const rowsRef = useRef<HTMLElement>(null);
  const byId = new Map(mids.map((mid) => [mid.id, mid]));
  const row = Math.min(activeRow, values.rows.length - 1);

  const pick = (mid: RouteMid, as: 'mid' | 'fallback') => {
    const target = values.rows[row];
    if (!target) return;
    if (as === 'mid') {
      const fallback = target.fallbackMidId ? byId.get(target.fallbackMidId) : undefined;
      send({
        type: 'SET_ROW',
        index: row,
        row: { midId: mid.id, ...(keepsFallback(mid, fallback) ? {} : { fallbackMidId: null }) },
      });
      return;
    }
    const current = target.midId ? byId.get(target.midId) : undefined;
    const problem = current ? fallbackProblem(current, mid) : null;
    if (current && !problem) send({ type: 'SET_ROW', index: row, row: { fallbackMidId: mid.id } });
    else toast.show({ type: 'warning', header: problem ? FALLBACK_MESSAGES[problem] : ROUTE_MESSAGES.midRequired });
  };

  // F6 moves between the panes, as in most desktop applications.
  const switchPanes = (event: KeyboardEvent) => {
    // Keys from the Create New MID dialog reach here through React's tree; they are the dialog's.
    if (event.key !== 'F6' || !(event.target instanceof Node) || !event.currentTarget.contains(event.target)) return;
    event.preventDefault();
    if (paletteRef.current && document.activeElement === paletteRef.current) {
      rowsRef.current?.querySelectorAll<HTMLElement>('.route-row')[row]?.querySelector<HTMLElement>('select')?.focus();
    } else paletteRef.current?.focus();
  };

  const created = async (midId: string) => {
    setCreating(false);
    analytics.track('createMID_route');
    // The palette holds what the server says fits; the new MID joins it only if it takes the route's variables.
    const fitting = await loadRouteMids(api, merchantId, values.variables)
      .then((items) => items.find((mid) => mid.id === midId))
      .catch(() => undefined);
    if (!fitting) {
      toast.show({
        type: 'warning',
        header: 'The new MID does not accept these variables',
        content: 'It was created, but it cannot serve this route. Change its variables on the MIDs screen.',
      });
      return;
    }
    send({ type: 'MID_CREATED', mid: fitting });
    if (values.rows[row]?.midId === null) send({ type: 'SET_ROW', index: row, row: { midId: fitting.id } });
    paletteRef.current?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: F6 is a pane switch for the whole step, not a control.
    <div className="route-mids" onKeyDown={switchPanes}>
      <MidPalette
        mids={mids}
        rowNumber={row + 1}
        inputRef={paletteRef}
        onPick={pick}
        canCreate={can(grants, P.midCreate)}
        onCreate={() => setCreating(true)}
      />
      <section className="route-mids__rows" ref={rowsRef} aria-labelledby={`${id}-routes`}>
        <h3 id={`${id}-routes`} className="route-mids__title">
          Routes
        </h3>
        <p className="route-mids__help">
          Each route sends its orders to its MID; a fallback MID retries a declined payment.
        </p>
        {notice && notice !== 'no-mids' ? (
          <div>
            <Banner type="warning" header={CATALOGUE[notice].header} content={CATALOGUE[notice].content} />
          </div>
        ) : null}
        {values.rows.map((item, index) => (
          <RouteRow
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; the index is their identity.
            key={index}
            index={index}
            active={index === row}
            midId={item.midId}
            fallbackMidId={item.fallbackMidId}
            description={item.routeDescription}
            errors={errors}
            mids={mids}
            canRemove={values.rows.length > 1}
            onFocus={() => setActiveRow(index)}
            send={send}
          />
        ))}
        {errors.rows ? (
          <p className="field__error" role="alert">
            {errors.rows}
          </p>
        ) : null}
        {mode === 'new' ? (
          <div>
            <Button
              size="sm"
              disabled={values.rows.length >= ROUTE_LIMITS.rowsPerSave}
              onClick={() => {
                send({ type: 'ADD_ROW' });
                setActiveRow(values.rows.length);
              }}
            >
              + Add route
            </Button>
            <span className="route-mids__count text-muted">
              {values.rows.length} of {ROUTE_LIMITS.rowsPerSave}
            </span>
          </div>
        ) : null}
      </section>
      <Modal open={creating} onClose={() => setCreating(false)} title="Create New MID" width={760}>
        {creating ? (
          <MidEditor
            mode="new"
            accountId={accountId}
            merchantId={merchantId}
            embedded={{
              criteria: values.variables,
              onCreated: (id) => void created(id),
              onCancel: () => setCreating(false),
            }}
          />
        ) : null}
      </Modal>
    </div>
  );
}

interface MidPaletteProps {
  mids: RouteMid[];
  rowNumber: number;
  inputRef: React.RefObject<HTMLInputElement | null>;
  onPick: (mid: RouteMid, as: 'mid' | 'fallback') => void;
  canCreate: boolean;
  onCreate: () => void;
}

/** The MID palette: a filter box driving a list box (the combobox pattern), so typing and picking never leave it. */
function MidPalette({ mids, rowNumber, inputRef, onPick, canCreate, onCreate }: MidPaletteProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [highlight, setHighlight] = useState(0);
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = mids.filter((mid) => {
    const haystack = `${mid.description} ${mid.acquirerName} ${mid.midAcquirerId}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
  const current = Math.min(highlight, shown.length - 1);
  const optionId = (index: number) => `${id}-option-${index}`;
  // The highlighted MID stays in view as the arrows move it through a long palette.
  useEffect(() => {
    if (current >= 0) document.getElementById(`${id}-option-${current}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [id, current]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlight(Math.max(0, Math.min(shown.length - 1, current + step)));
    } else if (event.key === 'Enter') {
      // Enter picks (it does not continue the wizard from here).
      event.preventDefault();
      const mid = shown[current];
      if (mid) onPick(mid, event.shiftKey ? 'fallback' : 'mid');
    }
  };

  return (
    <section className="route-mids__palette" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="route-mids__title">
        MIDs for these variables
      </h3>
      <input
        ref={inputRef}
        className="input"
        type="text"
        role="combobox"
        aria-label="Filter MIDs"
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-activedescendant={shown[current] ? optionId(current) : undefined}
        aria-describedby={`${id}-help`}
        placeholder="Type to filter"
        autoComplete="off"
        value={text}
        autoFocus
        onChange={(event) => {
          setText(event.target.value);
          setHighlight(0);
        }}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-help`} className="route-mids__help">
        <Kbd keys="Enter" /> MID of route {rowNumber} · <Kbd keys="shift+Enter" /> its fallback · <Kbd keys="F6" /> the
        routes
      </p>
      {mids.length === 0 ? (
        <p className="route-mids__empty">{ROUTE_MESSAGES.noMidMatches}</p>
      ) : shown.length === 0 ? (
        <p className="route-mids__empty">No MID matches “{text.trim()}”.</p>
      ) : null}
      <div id={`${id}-list`} role="listbox" aria-label="MIDs" className="route-mids__list">
        {shown.map((mid, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the filter box owns the keys (combobox pattern); options only take clicks
          <div
            key={mid.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            tabIndex={-1}
            className="route-mids__option"
            // Keep focus in the filter box, so the keys keep working after a click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={(event) => {
              setHighlight(index);
              onPick(mid, event.shiftKey ? 'fallback' : 'mid');
            }}
          >
            <span className="route-mids__option-name">{mid.description}</span>
            <span className="route-mids__option-meta">
              {mid.acquirerName} · <span className="mono">{mid.midAcquirerId}</span>
            </span>
            <Badge tone={mid.synchronous ? 'neutral' : 'info'}>
              {mid.synchronous ? 'Synchronous' : 'Asynchronous'}
            </Badge>
          </div>
        ))}
      </div>
      {canCreate ? (
        <Button size="sm" onClick={onCreate}>
          Create New MID
        </Button>
      ) : null}
    </section>
  );
}

interface RouteRowProps {
  index: number;
  active: boolean;
  midId: string | null;
  fallbackMidId: string | null;
  description: string;
  /** The step's messages; this row reads its own ('rows.{index}.midId' ...). */
  errors: Record<string, string>;
  mids: RouteMid[];
  canRemove: boolean;
  onFocus: () => void;
  send: (event: RouteWizardEvent) => void;
}

function RouteRow(props: RouteRowProps) {
  const { index, active, midId, fallbackMidId, description, errors, mids, canRemove, onFocus, send } = props;
  const mid = mids.find((item) => item.id === midId);
  const fallbacks = mid ? mids.filter((item) => fallbackProblem(mid, item) === null) : [];
  const error = (field: 'midId' | 'fallbackMidId' | 'routeDescription') => errors[`rows.${index}.${field}`];
  const set = (row: Parameters<typeof send>[0] & { type: 'SET_ROW' }) => send(row);
  return (
    <fieldset className={active ? 'route-row route-row--active' : 'route-row'} onFocus={onFocus}>
      <legend className="route-row__legend">Route {index + 1}</legend>
      <Select
        label="MID"
        required
        placeholder="Select a MID"
        options={mids.map((item) => ({ value: item.id, label: midLabel(item) }))}
        value={midId ?? ''}
        error={error('midId')}
        onChange={(event) => {
          const next = mids.find((item) => item.id === event.target.value);
          const fallback = mids.find((item) => item.id === fallbackMidId);
          set({
            type: 'SET_ROW',
            index,
            row: { midId: next?.id ?? null, ...(keepsFallback(next, fallback) ? {} : { fallbackMidId: null }) },
          });
        }}
      />
      <Select
        label="Fallback MID"
        placeholder="No fallback MID"
        options={fallbacks.map((item) => ({ value: item.id, label: midLabel(item) }))}
        value={fallbackMidId ?? ''}
        // Without a candidate there is nothing to pick; one already set (and refused) can still be taken away.
        disabled={fallbacks.length === 0 && fallbackMidId === null}
        error={error('fallbackMidId')}
        hint={fallbackHint(mid, fallbacks.length)}
        onChange={(event) => set({ type: 'SET_ROW', index, row: { fallbackMidId: event.target.value || null } })}
      />
      <TextField
        label="Description"
        required
        maxLength={ROUTE_LIMITS.description}
        className="route-row__description"
        value={description}
        error={error('routeDescription')}
        onChange={(event) => set({ type: 'SET_ROW', index, row: { routeDescription: event.target.value } })}
      />
      {canRemove ? (
        <IconButton
          aria-label={`Remove route ${index + 1}`}
          size="sm"
          icon={<TrashIcon />}
          onClick={() => send({ type: 'REMOVE_ROW', index })}
        />
      ) : null}
    </fieldset>
  );
}
