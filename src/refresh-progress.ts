import type { RefreshWatch } from './ingest/refresh/queue.ts';
import type { RefreshProgress } from './publish/resources/health.ts';

/**
 * Follows every refresh of the service and reports its progress (series done of the total, an estimate of the time
 * left) to `show` — the publisher, which puts it in /api/health — as each series ends, and null when it is over.
 * `now` is injected (tests).
 */
export function refreshProgressWatch(
  show: (progress: RefreshProgress | null) => void,
  now: () => Date = () => new Date(),
): RefreshWatch {
  let progress: RefreshProgress | null = null;
  let started = 0;
  const update = (next: Partial<RefreshProgress>) => {
    if (!progress) return;
    progress = { ...progress, ...next };
    const elapsedS = (now().getTime() - started) / 1000;
    progress.estimatedSecondsLeft =
      progress.done > 0 ? Math.round((elapsedS / progress.done) * (progress.total - progress.done)) : null;
    show(progress);
  };
  return {
    opened(trigger) {
      started = now().getTime();
      progress = { trigger, startedAt: now().toISOString(), done: 0, total: 0, estimatedSecondsLeft: null };
      show(progress);
    },
    begin: (labels) => update({ total: labels.length }),
    finished: () => update({ done: (progress?.done ?? 0) + 1 }),
    closed() {
      progress = null;
      show(null);
    },
  };
}
