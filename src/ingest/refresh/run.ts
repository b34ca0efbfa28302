import { setImmediate as nextTurn } from 'node:timers/promises';
import type { RetryNotice } from '../../providers/http-client.ts';
import { ProviderError } from '../../providers/provider-error.ts';
import { type Providers, sourceLabel } from '../../providers/providers.ts';
import { type AppendResult, loadSeries, reviseSeries } from '../../store/observations.ts';
import { finishRun, lastFullReads, type RunStatus, recordSource, startRun } from '../../store/runs.ts';
import type { Store } from '../../store/store.ts';
import { DERIVED, FETCHED, formulaInputs } from '../../timeseries/catalog.ts';
import { isoDate } from '../../timeseries/dates.ts';
import { errorMessage } from '../../timeseries/error-message.ts';
import type { SeriesDef } from '../../timeseries/series.ts';
import { conformObservations } from '../conform.ts';
import { deriveSeries } from '../derive.ts';
import { underivedDates, withdrawnDates } from '../reconcile.ts';
import { screenJumps } from '../screen.ts';
import { readWindowStart } from './read-window.ts';

export interface SourceOutcome {
  seriesId: string;
  source: string;
  status: 'ok' | 'error';
  added: number;
  revisions: number;
  withdrawn?: number;
  quarantined?: number;
  /** The error for a failed series, or notes (rescaled units, dropped dates) for a successful one. */
  message: string | null;
  /** The kind of failure (a ProviderError kind), for a failed series. */
  errorKind?: string | undefined;
  /** The first date asked for, when only a recent window was read (undefined: the whole history). */
  windowStart?: string | undefined;
  ms: number;
}

export interface RefreshSummary {
  runId: number;
  status: RunStatus;
  startedAt: string;
  finishedAt: string;
  outcomes: SourceOutcome[];
}

/** Receives progress as each source starts, retries and ends, for the CLI's display and the service's log. */
export interface RefreshObserver {
  /** The run is in the refresh log, `running`, under this id. */
  runStarted?(runId: number): void;
  begin?(labels: Array<{ seriesId: string; source: string }>): void;
  started?(seriesId: string): void;
  retrying?(notice: RetryNotice): void;
  finished?(outcome: SourceOutcome): void;
  end?(summary: RefreshSummary): void;
}

export interface RefreshDeps {
  store: Store;
  providers: Providers;
  now: () => Date;
  /** Limits the refresh to these fetched series (tests); derived series are always recomputed. */
  only?: string[];
  /**
   * The longest the whole refresh may take, from its start to its end (default 10 minutes): series still fetching
   * when the fetches' share of it runs out fail with kind `budget`, what arrived is kept, the derived series are
   * recomputed in the time kept for them, and the refresh ends, so a provider that never finishes (endless pages, a
   * trickling body, a blackout with retries) cannot block the next refresh.
   */
  budgetMs?: number;
  /**
   * `recent` (the default): each series whose whole history was read in the last FULL_READ_EVERY_DAYS is asked
   * only for its recent window (read-window.ts); the others, and every series with `full`, are read whole.
   */
  reads?: 'recent' | 'full';
}

const DEFAULT_BUDGET_MS = 600_000;

/**
 * The part of a refresh's budget kept for what follows the fetches (the derived series, the run's record): 5 % of
 * it, between 1 s and 30 s. Without it a hostile refresh with a 60 s budget ended at 60.3 s (`npm run bench:hostile`,
 * 2026-11-24); what follows the fetches on the real files takes 0.2–0.3 s on a busy core, so 1 s is a margin of 3+.
 */
export function finishReserveMs(budgetMs: number): number {
  return Math.min(30_000, Math.max(1_000, Math.round(budgetMs * 0.05)));
}

/** Milliseconds the fetches of a refresh may take: its budget less the part kept for what follows them. */
export function fetchBudgetMs(budgetMs: number): number {
  return Math.max(0, budgetMs - finishReserveMs(budgetMs));
}

/**
 * One refresh: fetch every provider series concurrently (each provider's limiter sets the pace), conform and
 * append what can be trusted, record each outcome, then recompute every derived series from stored data.
 * A failing source only records its error: it never deletes or blanks what is stored.
 */
export async function runRefresh(
  deps: RefreshDeps,
  trigger: string,
  observer: RefreshObserver = {},
): Promise<RefreshSummary> {
  const { store } = deps;
  const startedAt = deps.now().toISOString();
  const runId = await startRun(store.db, trigger, startedAt);
  observer.runStarted?.(runId);
  const fetched = deps.only ? FETCHED.filter((def) => deps.only!.includes(def.id)) : FETCHED;
  observer.begin?.([...fetched, ...DERIVED].map((def) => ({ seriesId: def.id, source: sourceLabel(def) })));

  const budgetMs = deps.budgetMs ?? DEFAULT_BUDGET_MS;
  // Both count from the run's start: the fetches stop in time for the derived series to fit in what is left.
  const runBudget = AbortSignal.timeout(budgetMs);
  const fetchBudget = AbortSignal.timeout(fetchBudgetMs(budgetMs));
  const fullReads = deps.reads === 'full' ? new Map<string, string>() : await lastFullReads(store.db);
  const now = deps.now();
  const fetchOutcomes = await Promise.all(
    fetched.map((def) =>
      refreshOne(def, deps, runId, observer, fetchBudget, readWindowStart(def, fullReads.get(def.id), now)),
    ),
  );
  const derivedOutcomes: SourceOutcome[] = [];
  for (const def of DERIVED) derivedOutcomes.push(await deriveOne(def, deps, runId, observer, runBudget));

  const outcomes = [...fetchOutcomes, ...derivedOutcomes];
  const failures = fetchOutcomes.filter((o) => o.status === 'error').length;
  const status: RunStatus = failures === 0 ? 'ok' : failures === fetchOutcomes.length ? 'failed' : 'partial';
  const finishedAt = deps.now().toISOString();
  await finishRun(store.db, runId, status, finishedAt);
  const summary = { runId, status, startedAt, finishedAt, outcomes };
  observer.end?.(summary);
  return summary;
}

function refreshOne(
  def: SeriesDef,
  deps: RefreshDeps,
  runId: number,
  observer: RefreshObserver,
  budget: AbortSignal,
  since: string | undefined,
) {
  const source = sourceLabel(def);
  return settle(def.id, source, deps, runId, observer, { windowStart: since }, async () => {
    const now = deps.now();
    const fetched = await withinBudget(
      deps.providers.fetchSeries(def, now, {
        onRetry: (notice) => observer.retrying?.(notice),
        signal: budget,
        since,
      }),
      budget,
      def.id,
      source,
    );
    // A macrotask boundary: the embedded store answers synchronously, so without one a refresh would hold the
    // serving thread for a whole series at a time (issue 13, finding 6).
    await nextTurn();
    const today = isoDate(now);
    // Read, decided and written in one transaction: the stored series is read once.
    const { result, detail: decided } = await reviseSeries(
      deps.store.db,
      def.id,
      now.toISOString(),
      runId,
      (stored, pending) => {
        if (since !== undefined && fetched.observations.length === 0) {
          const held = stored.filter((obs) => obs.date >= since);
          if (held.length === 0) return { incoming: [], detail: [`nothing published since ${since}`] };
          // Dates stored in the window and none answered: a lagging or cut answer, as refuseStale sees it.
          throw new ProviderError({
            source,
            seriesId: def.id,
            kind: 'stale',
            message: `the answer holds nothing from ${since}, where ${held.length} observation(s) through ${held.at(-1)!.date} are stored: refused as stale; nothing withdrawn, the stored series is still served`,
          });
        }
        const { observations, notes } = conformObservations(def, fetched.observations, stored, today, source);
        const withdrawn = withdrawnDates(def, observations, stored, pending.keys(), today, source, since);
        const screened = screenJumps(def, observations, stored, pending, now);
        const reconciled =
          withdrawn.length > 0
            ? [`withdrew ${withdrawn.length} date(s) the provider no longer lists: ${withdrawn.join(', ')}`]
            : [];
        return {
          incoming: screened.accepted,
          extras: { withdrawn, quarantined: screened.quarantined },
          detail: [...notes, ...screened.notes, ...reconciled],
        };
      },
    );
    return { result, notes: [...fetched.notes, ...(decided ?? [])] };
  });
}

function budgetExpired(seriesId: string, source: string): ProviderError {
  return new ProviderError({
    source,
    seriesId,
    kind: 'budget',
    message: 'the refresh ran out of its time budget before this series completed',
  });
}

/** The fetch, or a `budget` failure as soon as the budget runs out (even if a provider ignores the signal). */
function withinBudget<T>(work: Promise<T>, budget: AbortSignal, seriesId: string, source: string): Promise<T> {
  const expired = () => budgetExpired(seriesId, source);
  if (budget.aborted) return Promise.reject(expired());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(expired());
    budget.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => budget.removeEventListener('abort', onAbort));
  });
}

function deriveOne(def: SeriesDef, deps: RefreshDeps, runId: number, observer: RefreshObserver, budget: AbortSignal) {
  // Between steps: past the refresh's whole budget, this series is not recomputed now (it is at the next refresh,
  // from what is stored then; what it published stays as it was).
  const nextStep = async () => {
    await nextTurn();
    if (budget.aborted) throw budgetExpired(def.id, 'derived');
  };
  return settle(def.id, 'derived', deps, runId, observer, {}, async () => {
    const inputIds = formulaInputs(def.formula!);
    await nextStep();
    const inputs = await loadSeries(deps.store.db, { seriesIds: inputIds });
    await nextStep();
    const observations = deriveSeries(def, inputs);
    if (observations.length === 0) {
      throw new ProviderError({
        source: 'derived',
        seriesId: def.id,
        kind: 'empty',
        message: `no overlapping data in its inputs (${inputIds.join(', ')})`,
      });
    }
    await nextStep();
    const { result, detail: withdrawn = [] } = await reviseSeries(
      deps.store.db,
      def.id,
      deps.now().toISOString(),
      runId,
      (stored) => {
        const withdrawn = underivedDates(observations, stored);
        return { incoming: observations, extras: { withdrawn }, detail: withdrawn };
      },
    );
    const notes = withdrawn.length > 0 ? [`withdrew ${withdrawn.length} date(s) its inputs no longer give`] : [];
    return { result, notes };
  });
}

/**
 * One series' refresh, timed: `work`'s counts and notes, or its failure (its ProviderError kind, else `internal`),
 * recorded and reported as its outcome (with `extra` after the rest).
 */
async function settle(
  seriesId: string,
  source: string,
  deps: RefreshDeps,
  runId: number,
  observer: RefreshObserver,
  extra: Pick<SourceOutcome, 'windowStart'>,
  work: () => Promise<{ result: AppendResult; notes: string[] }>,
): Promise<SourceOutcome> {
  const started = performance.now();
  observer.started?.(seriesId);
  const ms = () => Math.round(performance.now() - started);
  let outcome: SourceOutcome;
  try {
    const { result, notes } = await work();
    const message = notes.length > 0 ? notes.join('; ') : null;
    outcome = { seriesId, source, status: 'ok', ...result, message, ms: ms(), ...extra };
  } catch (error) {
    const message = errorMessage(error);
    const errorKind = error instanceof ProviderError ? error.kind : 'internal';
    outcome = { seriesId, source, status: 'error', added: 0, revisions: 0, message, errorKind, ms: ms(), ...extra };
  }
  await record(deps, runId, outcome);
  observer.finished?.(outcome);
  return outcome;
}

async function record(deps: RefreshDeps, runId: number, outcome: SourceOutcome): Promise<void> {
  await recordSource(deps.store.db, {
    run_id: runId,
    series_id: outcome.seriesId,
    source: outcome.source,
    status: outcome.status,
    points_added: outcome.added,
    revisions: outcome.revisions,
    error: outcome.message,
    error_kind: outcome.errorKind ?? null,
    finished_at: deps.now().toISOString(),
    window_start: outcome.windowStart ?? null,
  });
}

/** A refresh run in this process (the CLI, an in-memory store, tests): see queue.ts. */
export function refreshHere(deps: RefreshDeps) {
  return async (trigger: string, observer?: RefreshObserver) => ({
    summary: await runRefresh(deps, trigger, observer),
  });
}
