import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Refresher } from './refresh.ts';

/** Every six hours, on the hour, UTC. */
export const DEFAULT_REFRESH_CRON = '0 0 */6 * * *';

/**
 * Refreshes on start when the last successful refresh is older than `maxAgeMs` (or there is none), then on the
 * cron pattern (every 6 hours by default). croner's `protect` and the Refresher's join-if-running both keep
 * runs from overlapping.
 */
export function scheduleRefreshes(opts: {
  refresher: Refresher;
  cron: string;
  lastSuccessAt: string | undefined;
  maxAgeMs: number;
  now: Date;
  refreshOnStart: boolean;
  log: FastifyBaseLogger;
}): { stop(): void; startup: Promise<unknown> | undefined } {
  const run = (trigger: string) =>
    opts.refresher.refresh(trigger).then(
      (summary) => opts.log.info({ runId: summary.runId, status: summary.status }, 'refresh finished'),
      (error) => opts.log.error({ err: error }, 'refresh crashed'),
    );
  const age = opts.lastSuccessAt ? opts.now.getTime() - Date.parse(opts.lastSuccessAt) : Number.POSITIVE_INFINITY;
  const startup = opts.refreshOnStart && age > opts.maxAgeMs ? run('startup') : undefined;
  if (!startup) opts.log.info({ lastSuccessAt: opts.lastSuccessAt }, 'stored data is recent; no refresh on start');
  const job = new Cron(opts.cron, { protect: true, timezone: 'UTC' }, () => run('schedule'));
  return { stop: () => job.stop(), startup };
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
