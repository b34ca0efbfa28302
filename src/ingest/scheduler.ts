import { Cron } from 'croner';
import type { Refresher } from './refresh/queue.ts';
import type { RefreshObserver, RefreshSummary, SourceOutcome } from './refresh/run.ts';

/** Every six hours, on the hour, UTC. */
export const DEFAULT_REFRESH_CRON = '0 0 */6 * * *';

/** After a failed or partial refresh: retry after 1, 5, 15 and 60 minutes, then wait for the schedule. */
export const DEFAULT_RETRY_MS = [60_000, 300_000, 900_000, 3_600_000];

/** What the scheduler needs of time: injected, so tests drive it without waiting. */
export interface Clock {
  now(): Date;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const SYSTEM_CLOCK: Clock = {
  now: () => new Date(),
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** The part of a logger the scheduler writes to (pino's). */
export interface SchedulerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Schedule {
  stop(): void;
  /** The refresh on start, when there is one. */
  startup: Promise<unknown> | undefined;
  /** When the next retry of a failed or partial refresh is due (undefined when none is pending). */
  nextRetryAt(): Date | undefined;
}

/**
 * Refreshes on start when the last successful refresh is older than `maxAgeMs` (or there is none), then on the
 * cron pattern. A failed or partial refresh is retried after each delay of `retryMs` in turn (1, 5, 15, 60
 * minutes by default) until one succeeds, then the schedule alone continues. Runs never overlap: croner's
 * `protect` and the Refresher's join-if-running both keep them apart, and a retry is armed only after a run ends.
 * Every run is logged when it starts and ends, and each failed source with its reason at warn level.
 */
export function scheduleRefreshes(opts: {
  refresher: Refresher;
  cron: string;
  lastSuccessAt: string | undefined;
  maxAgeMs: number;
  refreshOnStart: boolean;
  retryMs?: readonly number[];
  log: SchedulerLog;
  clock?: Clock;
}): Schedule {
  const clock = opts.clock ?? SYSTEM_CLOCK;
  const retryMs = opts.retryMs ?? DEFAULT_RETRY_MS;
  let failures = 0;
  let retry: { handle: unknown; at: Date } | undefined;
  let stopped = false;
  const cancelRetry = () => {
    if (retry) clock.clearTimeout(retry.handle);
    retry = undefined;
  };
  const run = (trigger: string): Promise<unknown> => {
    cancelRetry();
    opts.log.info({ trigger }, 'refresh started');
    return opts.refresher.refresh(trigger, loggingObserver(opts.log)).then(
      (summary) => afterRun(summary),
      (error) => {
        opts.log.error({ err: error }, 'refresh crashed');
        afterRun(undefined);
      },
    );
  };
  const afterRun = (summary: RefreshSummary | undefined) => {
    if (summary) logSummary(opts.log, summary);
    if (summary?.status === 'ok') {
      failures = 0;
      return;
    }
    if (stopped) return;
    const delay = retryMs[failures];
    failures++;
    if (delay === undefined) {
      opts.log.warn({ attempts: failures }, 'refresh still failing; waiting for the next scheduled run');
      failures = 0;
      return;
    }
    const at = new Date(clock.now().getTime() + delay);
    retry = { handle: clock.setTimeout(() => void run('retry'), delay), at };
    opts.log.warn(
      { retryInMinutes: delay / 60_000, retry: failures, of: retryMs.length, at: at.toISOString() },
      'refresh will be retried',
    );
  };
  const age = opts.lastSuccessAt ? clock.now().getTime() - Date.parse(opts.lastSuccessAt) : Number.POSITIVE_INFINITY;
  let startup: Promise<unknown> | undefined;
  if (!opts.refreshOnStart) opts.log.info({}, 'refresh on start disabled (REFRESH_ON_START=false)');
  else if (age > opts.maxAgeMs) startup = run('startup');
  else opts.log.info({ lastSuccessAt: opts.lastSuccessAt }, 'stored data is recent; no refresh on start');
  const job = new Cron(opts.cron, { protect: true, timezone: 'UTC' }, () => void run('schedule'));
  return {
    stop() {
      stopped = true;
      cancelRetry();
      job.stop();
    },
    startup,
    nextRetryAt: () => retry?.at,
  };
}

/**
 * Logs each retry and each failed source as it happens, at info: the warning is the summary's, once per try
 * (offline, forty series fail for one cause — one line says so, not forty).
 */
function loggingObserver(log: SchedulerLog): RefreshObserver {
  return {
    retrying: (notice) =>
      log.info(
        { seriesId: notice.seriesId, source: notice.source, attempt: notice.attempt, error: notice.error.message },
        'provider request failed; retrying',
      ),
    finished: (outcome) => {
      if (outcome.status !== 'error') return;
      log.info(
        { seriesId: outcome.seriesId, source: outcome.source, errorKind: outcome.errorKind, error: outcome.message },
        'source failed',
      );
    },
  };
}

function logSummary(log: SchedulerLog, summary: RefreshSummary) {
  const failures = summary.outcomes.filter((o) => o.status === 'error');
  const fields = {
    runId: summary.runId,
    status: summary.status,
    added: summary.outcomes.reduce((n, o) => n + o.added, 0),
    revisions: summary.outcomes.reduce((n, o) => n + o.revisions, 0),
    failed: failures.map((o) => o.seriesId),
    causes: failureCauses(failures),
  };
  if (summary.status === 'ok') log.info(fields, 'refresh finished');
  else log.warn(fields, 'refresh finished with failures');
}

/**
 * The failures grouped by provider and cause, each with how many series it hit: "fred: network (request failed:
 * ENOTFOUND)" → 40. Series skipped because their provider was unreachable count under that provider's cause.
 */
export function failureCauses(failures: readonly SourceOutcome[]): Record<string, number> {
  const causes: Record<string, number> = {};
  for (const o of failures) {
    const provider = o.source.split(':')[0]!;
    const detail = (o.message ?? '').replace(/^.*?: (?=request failed|HTTP|timed out)/, '').slice(0, 80);
    const key = o.errorKind === 'unreachable' ? `${provider}: unreachable` : `${provider}: ${o.errorKind} (${detail})`;
    causes[key] = (causes[key] ?? 0) + 1;
  }
  return causes;
}

/**
 * The refresh interval in hours that a cron pattern gives (the gap between its next two runs, from `from`):
 * what the snapshot and the pages say instead of a hard-coded "every 6 hours".
 * Example: the default pattern, at minute 0 of every sixth hour → 6.
 */
export function refreshIntervalHours(cron: string, from = new Date()): number {
  const [a, b] = new Cron(cron, { paused: true, timezone: 'UTC' }).nextRuns(2, from);
  if (!a || !b) return 0;
  return Math.round(((b.getTime() - a.getTime()) / 3_600_000) * 100) / 100;
}
