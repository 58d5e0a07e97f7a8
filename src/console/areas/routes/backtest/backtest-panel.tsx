import { useCurrentScope } from '@console/app/current-scope';
import { ChartBoundary } from '@console/charts/chart-boundary';
import { useRegisterCommands } from '@console/commands/registry';
import type { Command } from '@console/commands/types';
import { saveFile } from '@console/export/save-file';
import { Badge } from '@console/ui/badge';
import { Button } from '@console/ui/button';
import { EmptyState } from '@console/ui/empty-state';
import { Spinner } from '@console/ui/spinner';
import { Tooltip } from '@console/ui/tooltip';
import {
  BACKTEST_MESSAGES,
  BACKTEST_OTHER,
  BACKTEST_PRESET_LABELS,
  BACKTEST_PRESETS,
  type BacktestPreset,
  type BacktestResult,
  type BacktestVolume,
} from '@domain/contract/backtest';
import { CATALOGUE } from '@domain/errors';
import { formatDate } from '@domain/format';
import { ROUTING_CRITERION_LABELS } from '@domain/routing-criteria';
import {
  type KeyboardEvent,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { BacktestChartRow } from './backtest-chart';
import {
  amountDifference,
  amountLines,
  formatPayments,
  formatRate,
  formatShare,
  type MidNames,
  midName,
  midNamesOf,
  NO_ROUTE,
  segmentCriteria,
  segmentsCsv,
  segmentsFileName,
  segmentValue,
} from './backtest-format';
import { type BacktestDraft, backtestKey, useBacktest } from './use-backtest';
import './backtest.css';

// The routing backtest (issue 15): what a draft routing would have done to the merchant's real payments of the last
// 7, 30 or 90 days, next to what the current routing did. The route wizard's step 3 shows it for the rows being
// created or edited, the simulator screen for an edited copy of the merchant's routes. Inside the wizard's form it is
// a group, never a form of its own: Enter in its fields runs the backtest and never saves the wizard.

export const BACKTEST_COMMAND_ID = 'routes.backtest';

export const BACKTEST_TEXTS = {
  title: 'Backtest',
  beforeRun: 'Run a backtest to see what this routing would have done to the merchant’s payments of the window.',
  noPayments: 'No payments in this window',
  failed: 'The backtest could not run',
  noSegments: 'No payment would change MID.',
  stale: 'The routing or the window changed since this backtest: run it again to see the new figures.',
  run: 'Run backtest',
} as const;

export interface BacktestPanelProps {
  merchantId: string;
  /** The draft compared with the current routing: routes added or edited, and saved routes left out. */
  draft: BacktestDraft;
  /** Why the draft cannot be backtested yet (a weight left empty); told when the user asks for a run. */
  draftProblem?: string | null;
  /** In the route wizard's step 3: inside its form, headings one level down. */
  inWizard?: boolean;
  /** Keys of the 'Backtest this routing' command (the wizard's `b`); the palette lists it everywhere it shows. */
  keys?: readonly string[];
  description?: ReactNode;
  /** What the draft is made of, shown above the window (the simulator screen's edited copy of the routes). */
  children?: ReactNode;
}

// The chart (echarts) is loaded with the first result, never with the console.
const BacktestChart = lazy(() => import('./backtest-chart'));

/** 'current → draft', read as 'Current: …, draft: …'. */
function Change({ current, draft }: { current: ReactNode; draft: ReactNode }) {
  return (
    <span className="backtest-change">
      <span className="visually-hidden">Current: </span>
      <span>{current}</span>
      <span className="backtest-change__arrow" aria-hidden="true">
        →
      </span>
      <span className="visually-hidden">, draft: </span>
      <span className="backtest-change__draft">{draft}</span>
    </span>
  );
}

function Amounts({ volume, signed = false }: { volume: Pick<BacktestVolume, 'amounts'>; signed?: boolean }) {
  const lines = amountLines(volume.amounts, signed);
  if (lines.length === 0) return <span className="backtest__muted">—</span>;
  return (
    <>
      {lines.map((line) => (
        <span key={line} className="backtest__amount">
          {line}
        </span>
      ))}
    </>
  );
}

const toneOf = (value: number) =>
  Math.round(value * 10) === 0 ? undefined : value > 0 ? 'backtest__rise' : 'backtest__fall';

function Headline({ result }: { result: BacktestResult }) {
  const { total, moved, unrouted, fallbackCoverage, approvals } = result;
  const movedShare = total.payments > 0 ? moved.payments / total.payments : 0;
  return (
    <dl className="backtest-figures">
      <div className="backtest-figure">
        <dt>Moved to another MID</dt>
        <dd className="backtest-figure__value">
          {formatPayments(moved.payments)} {moved.payments === 1 ? 'payment' : 'payments'}
          <span className="backtest-figure__share"> ({formatShare(movedShare)} of all)</span>
        </dd>
        <dd className="backtest-figure__detail">
          <Amounts volume={moved} />
        </dd>
      </div>
      <div className="backtest-figure">
        <dt>Unrouted payments</dt>
        <dd className="backtest-figure__value">
          <Change current={formatPayments(unrouted.current.payments)} draft={formatPayments(unrouted.draft.payments)} />
        </dd>
        <dd className="backtest-figure__detail">Payments no route would serve</dd>
      </div>
      <div className="backtest-figure">
        <dt>Fallback coverage</dt>
        <dd className="backtest-figure__value">
          <Change current={formatShare(fallbackCoverage.current)} draft={formatShare(fallbackCoverage.draft)} />
        </dd>
        <dd className="backtest-figure__detail">Routed payments whose route has a fallback MID</dd>
      </div>
      <div className="backtest-figure backtest-figure--estimate">
        <dt>
          Expected approval rate <Badge tone="info">Estimate</Badge>
        </dt>
        <dd className="backtest-figure__value">
          <Change current={formatRate(approvals.current)} draft={formatRate(approvals.draft)} />
        </dd>
        <dd className="backtest-figure__detail">{BACKTEST_MESSAGES.estimate}</dd>
      </div>
    </dl>
  );
}

function MidTable({
  result,
  names,
  headingLevel,
}: {
  result: BacktestResult;
  names: MidNames;
  headingLevel: 'h3' | 'h4';
}) {
  const id = useId();
  const Heading = headingLevel;
  const { unrouted } = result;
  const noRoute = unrouted.current.payments > 0 || unrouted.draft.payments > 0;
  const rows = useMemo<BacktestChartRow[]>(() => {
    const drawn = result.mids
      .filter((mid) => mid.current.payments > 0 || mid.draft.payments > 0)
      .map((mid) => ({ label: midName(names, mid.midId), current: mid.current.payments, draft: mid.draft.payments }));
    if (noRoute) drawn.push({ label: NO_ROUTE, current: unrouted.current.payments, draft: unrouted.draft.payments });
    return drawn;
  }, [result, names, noRoute, unrouted]);

  return (
    <section className="backtest-section" aria-labelledby={id}>
      <Heading id={id} className="backtest-section__title">
        Payments per MID
      </Heading>
      {rows.length > 0 ? (
        <div className="backtest-chart-box">
          <div className="backtest-legend" aria-hidden="true">
            <span className="backtest-legend__item backtest-legend__item--current">Current routing</span>
            <span className="backtest-legend__item backtest-legend__item--draft">Draft</span>
          </div>
          <ChartBoundary noteClassName="backtest__note">
            <Suspense fallback={<div className="backtest-chart backtest-chart--loading" />}>
              <BacktestChart rows={rows} />
            </Suspense>
          </ChartBoundary>
        </div>
      ) : null}
      <div className="backtest-table__scroll">
        <table className="backtest-table" aria-labelledby={id}>
          <thead>
            <tr>
              <th scope="col">MID</th>
              <th scope="col" className="backtest-table__number">
                Current payments
              </th>
              <th scope="col" className="backtest-table__number">
                Draft payments
              </th>
              <th scope="col" className="backtest-table__number">
                Difference
              </th>
              <th scope="col" className="backtest-table__number">
                Current amount
              </th>
              <th scope="col" className="backtest-table__number">
                Draft amount
              </th>
              <th scope="col" className="backtest-table__number">
                Amount difference
              </th>
            </tr>
          </thead>
          <tbody>
            {result.mids.map((mid) => (
              <tr key={mid.midId}>
                <th scope="row" className="backtest-table__name">
                  {midName(names, mid.midId)}
                  <span className="backtest-table__sub">{mid.acquirerName}</span>
                </th>
                <td className="backtest-table__number">{formatPayments(mid.current.payments)}</td>
                <td className="backtest-table__number">{formatPayments(mid.draft.payments)}</td>
                <td
                  className={`backtest-table__number backtest-table__difference ${toneOf(mid.difference.payments) ?? ''}`}
                >
                  {formatPayments(mid.difference.payments, true)}
                </td>
                <td className="backtest-table__number">
                  <Amounts volume={mid.current} />
                </td>
                <td className="backtest-table__number">
                  <Amounts volume={mid.draft} />
                </td>
                <td className="backtest-table__number">
                  <Amounts volume={mid.difference} signed />
                </td>
              </tr>
            ))}
            {noRoute ? (
              <tr className="backtest-table__unrouted">
                <th scope="row" className="backtest-table__name">
                  {NO_ROUTE}
                  <span className="backtest-table__sub">Unrouted payments</span>
                </th>
                <td className="backtest-table__number">{formatPayments(unrouted.current.payments)}</td>
                <td className="backtest-table__number">{formatPayments(unrouted.draft.payments)}</td>
                <td className="backtest-table__number backtest-table__difference">
                  {formatPayments(unrouted.draft.payments - unrouted.current.payments, true)}
                </td>
                <td className="backtest-table__number">
                  <Amounts volume={unrouted.current} />
                </td>
                <td className="backtest-table__number">
                  <Amounts volume={unrouted.draft} />
                </td>
                <td className="backtest-table__number">
                  <Amounts volume={{ amounts: amountDifference(unrouted.current, unrouted.draft) }} signed />
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function SegmentsTable({
  result,
  names,
  headingLevel,
}: {
  result: BacktestResult;
  names: MidNames;
  headingLevel: 'h3' | 'h4';
}) {
  const id = useId();
  const Heading = headingLevel;
  const { merchant, merchantId } = useCurrentScope();
  const { segments } = result.moved;
  const criteria = segmentCriteria(segments);
  const exportCsv = () =>
    saveFile({
      fileName: segmentsFileName(merchant?.prettyName ?? merchantId ?? 'merchant'),
      mimeType: 'text/csv;charset=utf-8',
      data: segmentsCsv(result, names),
    });
  return (
    <section className="backtest-section" aria-labelledby={id}>
      <div className="backtest-section__header">
        <div>
          <Heading id={id} className="backtest-section__title">
            Moving segments
          </Heading>
          <p className="backtest__note">
            The kinds of payment that would change MID, largest first, by the values the routes look at.
          </p>
        </div>
        <Button size="sm" onClick={exportCsv} disabled={segments.length === 0}>
          Export segments (CSV)
        </Button>
      </div>
      {segments.length === 0 ? (
        <p className="backtest__empty">{BACKTEST_TEXTS.noSegments}</p>
      ) : (
        <div className="backtest-table__scroll">
          <table className="backtest-table" aria-labelledby={id}>
            <thead>
              <tr>
                {criteria.map((criterion) => (
                  <th key={criterion} scope="col">
                    {ROUTING_CRITERION_LABELS[criterion]}
                  </th>
                ))}
                <th scope="col">From MID</th>
                <th scope="col">To MID</th>
                <th scope="col" className="backtest-table__number">
                  Payments
                </th>
                <th scope="col" className="backtest-table__number">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {segments.map((segment, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: segments have no id; the answer's order is theirs.
                <tr key={index}>
                  {criteria.map((criterion) => {
                    const value = segment[criterion];
                    const named = value !== null && value !== BACKTEST_OTHER;
                    return (
                      <td key={criterion} className={named ? undefined : 'backtest__muted'}>
                        {segmentValue(criterion, value)}
                      </td>
                    );
                  })}
                  <td className={segment.fromMidId === null ? 'backtest__muted' : undefined}>
                    {midName(names, segment.fromMidId)}
                  </td>
                  <td className={segment.toMidId === null ? 'backtest__muted' : undefined}>
                    {midName(names, segment.toMidId)}
                  </td>
                  <td className="backtest-table__number">{formatPayments(segment.payments)}</td>
                  <td className="backtest-table__number">
                    <Amounts volume={segment} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Results({ result, headingLevel }: { result: BacktestResult; headingLevel: 'h3' | 'h4' }) {
  const names = useMemo(() => midNamesOf(result), [result]);
  const period = `${formatDate(result.window.from)} – ${formatDate(result.window.to)}`;
  if (result.total.payments === 0) {
    return (
      <EmptyState
        title={BACKTEST_TEXTS.noPayments}
        description={`The merchant had no first-attempt payments from ${period}.`}
      />
    );
  }
  const withoutHistory = result.approvals.midsWithoutHistory.map((id) => midName(names, id));
  return (
    <>
      <p className="backtest__window">
        {period} · {formatPayments(result.total.payments)} payments
        <span className="backtest__window-amounts">
          {' '}
          (<Amounts volume={result.total} />)
        </span>
      </p>
      <Headline result={result} />
      <p className="backtest__note">{BACKTEST_MESSAGES.expectedValues}</p>
      {withoutHistory.length > 0 ? (
        <p className="backtest__note">
          No approvals or declines in the window for {withoutHistory.join(', ')}: the estimate leaves{' '}
          {withoutHistory.length === 1 ? 'it' : 'them'} out.
        </p>
      ) : null}
      <MidTable result={result} names={names} headingLevel={headingLevel} />
      <SegmentsTable result={result} names={names} headingLevel={headingLevel} />
    </>
  );
}

function summaryOf(result: BacktestResult): string {
  if (result.total.payments === 0) return 'Backtest done: the merchant had no payments in this window.';
  return `Backtest done: ${formatPayments(result.moved.payments)} of ${formatPayments(result.total.payments)} payments would move to another MID.`;
}

/**
 * The backtest: the window (Last 7, 30 or 90 days, by arrow keys), Run backtest (or `b` in the wizard, or the
 * palette's 'Backtest this routing'), a progress line with Cancel while it runs, then the headline figures, the
 * per-MID comparison as a chart and a table, and the moving segments with their CSV export.
 */
export function BacktestPanel({
  merchantId,
  draft,
  draftProblem = null,
  inWizard = false,
  keys,
  description,
  children,
}: BacktestPanelProps) {
  const id = useId();
  const Heading = inWizard ? 'h3' : 'h2';
  const subLevel = inWizard ? 'h4' : 'h3';
  const [preset, setPreset] = useState<BacktestPreset>('30d');
  const [problemShown, setProblemShown] = useState(false);
  // A problem the user fixed is not told again unless they ask for a run with a new one.
  if (problemShown && !draftProblem) setProblemShown(false);
  const backtest = useBacktest(merchantId);
  const { run, cancel } = backtest;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const key = useMemo(() => backtestKey(preset, draft), [preset, draft]);

  const start = useCallback(() => {
    if (draftProblem) {
      setProblemShown(true);
      return;
    }
    setProblemShown(false);
    run(preset, draft);
  }, [draftProblem, run, preset, draft]);

  // The command runs whatever the panel would run now; registered once, it reads the latest through a ref.
  const startRef = useRef(start);
  startRef.current = start;
  const keyList = keys?.join(' ') ?? '';
  const commands: Command[] = [
    {
      id: BACKTEST_COMMAND_ID,
      title: 'Backtest this routing',
      group: 'Actions',
      scope: 'page',
      ...(keys && keys.length > 0 ? { keys } : {}),
      keywords: ['backtest', 'past traffic', 'replay payments', 'routing change', 'what if'],
      run: () => {
        // The panel takes the focus, so the results are where the keyboard is (Tab walks into them).
        const heading = headingRef.current;
        heading?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
        heading?.focus({ preventScroll: true });
        startRef.current();
      },
    },
  ];
  useRegisterCommands(commands, [keyList]);

  // Enter in the panel's fields (a window radio, a weight of the edited copy) runs the backtest; inside the wizard's
  // form it would otherwise save the wizard.
  const runOnEnter = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    start();
  };

  const running = backtest.status === 'running';
  const { result } = backtest;
  const stale = result !== null && backtest.resultKey !== key;
  const presetLabel = BACKTEST_PRESET_LABELS[preset].toLowerCase();

  let body: ReactNode;
  if (backtest.status === 'failed') {
    body = (
      <EmptyState
        role="alert"
        title={BACKTEST_TEXTS.failed}
        description={backtest.error?.content ?? backtest.error?.header ?? CATALOGUE['unexpected-error'].content}
        action={
          <Button size="sm" onClick={start}>
            Try again
          </Button>
        }
      />
    );
  } else if (result) {
    body = (
      <>
        {stale && !running ? <p className="backtest__stale">{BACKTEST_TEXTS.stale}</p> : null}
        <Results result={result} headingLevel={subLevel} />
      </>
    );
  } else if (running) {
    body = <p className="backtest__empty">Replaying the payments of the {presetLabel}…</p>;
  } else {
    body = <p className="backtest__empty">{BACKTEST_TEXTS.beforeRun}</p>;
  }

  const runButton = (
    <Button variant="primary" onClick={start}>
      {BACKTEST_TEXTS.run}
    </Button>
  );

  return (
    <section
      className={inWizard ? 'backtest-panel backtest-panel--wizard' : 'backtest-panel'}
      aria-labelledby={`${id}-title`}
    >
      <div className="backtest-panel__header">
        <Heading id={`${id}-title`} className="backtest-panel__title" ref={headingRef} tabIndex={-1}>
          {BACKTEST_TEXTS.title}
        </Heading>
        <p className="backtest-panel__description">
          {description ??
            'What this routing would have done to the merchant’s real payments, next to what the current routing did.'}
        </p>
      </div>
      <fieldset aria-labelledby={`${id}-title`} className="backtest-panel__controls" onKeyDown={runOnEnter}>
        {children}
        <div className="backtest-run">
          <fieldset className="backtest-window">
            <legend className="backtest-window__legend">Window</legend>
            <div className="backtest-window__options">
              {BACKTEST_PRESETS.map((option) => (
                <label key={option} className="backtest-window__option">
                  <input
                    type="radio"
                    name={`${id}-window`}
                    value={option}
                    checked={preset === option}
                    onChange={() => setPreset(option)}
                  />
                  <span>{BACKTEST_PRESET_LABELS[option]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="backtest-run__actions">
            {keys && keys.length > 0 ? (
              <Tooltip content="Backtest this routing" keys={keys[0]}>
                {runButton}
              </Tooltip>
            ) : (
              runButton
            )}
            <div className="backtest-progress" role="status">
              {running ? (
                <>
                  <Spinner label="" size={13} />
                  <span>Running the backtest on the {presetLabel}…</span>
                </>
              ) : null}
            </div>
            {running ? (
              <Button size="sm" variant="ghost" onClick={cancel}>
                Cancel
              </Button>
            ) : null}
          </div>
        </div>
        {problemShown && draftProblem ? (
          <p className="backtest__problem" role="alert">
            {draftProblem}
          </p>
        ) : null}
      </fieldset>
      <div className="backtest-results" aria-busy={running || undefined}>
        {body}
      </div>
      <div className="visually-hidden" role="status">
        {backtest.status === 'done' && result ? summaryOf(result) : ''}
      </div>
    </section>
  );
}
