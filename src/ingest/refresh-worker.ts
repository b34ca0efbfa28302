import { ProviderError, type ProviderErrorKind } from '../providers/provider-error.ts';
import { createProviders, type ProviderConfig } from '../providers/providers.ts';
import { openStore } from '../store/store.ts';
import { type RefreshSummary, runRefresh } from './refresh.ts';

/** A refresh to run on the worker thread (refresh-pool.ts): everything it needs, as plain data. */
export interface RefreshTask {
  databaseUrl: string;
  providers: ProviderConfig;
  budgetMs: number;
  trigger: string;
}

/** A retry that happened on the worker, reported back for the service log. */
export interface RetryRecord {
  seriesId: string;
  source: string;
  attempt: number;
  retriesLeft: number;
  kind: ProviderErrorKind;
  message: string;
}

export interface RefreshTaskResult {
  summary: RefreshSummary;
  retries: RetryRecord[];
}

/** Opens its own connection to the store (SQLite in WAL mode or PostgreSQL), refreshes, and closes it. */
export default async function run(task: RefreshTask): Promise<RefreshTaskResult> {
  const store = await openStore(task.databaseUrl);
  const retries: RetryRecord[] = [];
  try {
    const summary = await runRefresh(
      { store, providers: createProviders(task.providers), now: () => new Date(), budgetMs: task.budgetMs },
      task.trigger,
      {
        retrying: (notice) =>
          retries.push({
            seriesId: notice.seriesId,
            source: notice.source,
            attempt: notice.attempt,
            retriesLeft: notice.retriesLeft,
            kind: notice.error.kind,
            message: notice.error.message,
          }),
      },
    );
    return { summary, retries };
  } finally {
    await store.close();
  }
}

/** The notice as the observer expects it, rebuilt on the serving thread. */
export function retryNotice(record: RetryRecord) {
  return {
    seriesId: record.seriesId,
    source: record.source,
    attempt: record.attempt,
    retriesLeft: record.retriesLeft,
    error: new ProviderError({
      source: record.source,
      seriesId: record.seriesId,
      kind: record.kind,
      message: record.message.replace(`${record.source} ${record.seriesId}: `, ''),
    }),
  };
}
