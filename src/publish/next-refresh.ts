import { Cron } from 'croner';
import type { RefreshSchedule } from './content.ts';

/**
 * When the leader next tries to refresh, as its scheduler plans it (ingest/scheduler.ts): after the k-th failed or
 * partial run in a row, a retry after the k-th delay of the retry list; once the list is spent, the schedule alone
 * (and the count starts over); the scheduled run comes first when it is sooner. After a successful run: the
 * scheduled one. Null when no run finished yet (the first one is under way, or refreshes are off).
 * Example (default schedule, every 6 hours; retries after 1, 5, 15, 60 minutes): a first failure finished at
 * 12:10 → 12:11; a fifth in a row → 18:00.
 */
export function nextRefreshAt(
  lastRun: { status: string; finished_at: string | null } | undefined,
  failedRunsInARow: number,
  schedule: RefreshSchedule,
): Date | null {
  if (!lastRun?.finished_at) return null;
  const finished = new Date(lastRun.finished_at);
  const scheduled = new Cron(schedule.cron, { paused: true, timezone: 'UTC' }).nextRun(finished);
  const failed = lastRun.status === 'failed' || lastRun.status === 'partial' || lastRun.status === 'aborted';
  const position = failed ? (Math.max(1, failedRunsInARow) - 1) % (schedule.retryMs.length + 1) : -1;
  const delay = position >= 0 ? schedule.retryMs[position] : undefined;
  const retry = delay === undefined ? null : new Date(finished.getTime() + delay);
  if (retry && (!scheduled || retry < scheduled)) return retry;
  return scheduled;
}
