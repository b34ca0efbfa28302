import type { RetryNotice } from '../../providers/http-client.ts';
import { ProviderError, type ProviderErrorKind } from '../../providers/provider-error.ts';
import { createProviders, type ProviderConfig } from '../../providers/providers.ts';
import type { Store } from '../../store/store.ts';
import { type RefreshSummary, runRefresh, type SourceOutcome } from './run.ts';

/** A refresh to run in the refresh process (own-process.ts): everything it needs, as plain data. */
export interface RefreshTask {
  databaseUrl: string;
  providers: ProviderConfig;
  budgetMs: number;
  trigger: string;
}

/** A retry that happened in the refresh process, reported back for the service log (its error as plain data). */
export type RetryRecord = Omit<RetryNotice, 'error'> & { kind: ProviderErrorKind; message: string };

export interface RefreshTaskResult {
  summary: RefreshSummary;
  retries: RetryRecord[];
  /** The publication the refresh process logged after the refresh (with its model kept), if it was asked to. */
  publicationId?: number;
}

/** What the refresh process answers: its result, or why the refresh could not run at all. */
export type RefreshChildMessage = { ok: true; result: RefreshTaskResult } | { ok: false; error: string };

/** What the refresh process reports while it runs, as it happens (the service's progress and log). */
export type RefreshProgressMessage =
  | { progress: 'begin'; labels: Array<{ seriesId: string; source: string }> }
  | { progress: 'finished'; outcome: SourceOutcome };

/** Refreshes on the given store connection (the refresh process's own; see src/processes/refresh.ts). */
export async function runRefreshTask(
  store: Store,
  task: RefreshTask,
  report: (message: RefreshProgressMessage) => void = () => {},
  runStarted: (runId: number) => void = () => {},
): Promise<RefreshTaskResult> {
  const retries: RetryRecord[] = [];
  const summary = await runRefresh(
    { store, providers: createProviders(task.providers), now: () => new Date(), budgetMs: task.budgetMs },
    task.trigger,
    {
      retrying: ({ seriesId, source, attempt, retriesLeft, error }) =>
        retries.push({ seriesId, source, attempt, retriesLeft, kind: error.kind, message: error.message }),
      runStarted,
      begin: (labels) => report({ progress: 'begin', labels }),
      finished: (outcome) => report({ progress: 'finished', outcome }),
    },
  );
  return { summary, retries };
}

/** The notice as the observer expects it, rebuilt on the serving thread. */
export function retryNotice({ seriesId, source, attempt, retriesLeft, kind, message }: RetryRecord): RetryNotice {
  // ProviderError prefixes its message with the source and series again.
  const error = new ProviderError({ source, seriesId, kind, message: message.replace(`${source} ${seriesId}: `, '') });
  return { seriesId, source, attempt, retriesLeft, error };
}
