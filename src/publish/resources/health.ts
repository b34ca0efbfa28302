import type { SeriesRefreshState } from '../../store/runs.ts';
import { daysBetween, isoDate } from '../../timeseries/dates.ts';
import type { Observation } from '../../timeseries/observation.ts';
import type { IndicatorSummary } from './indicators.ts';

export interface LastRun {
  id: number;
  status: string;
  started_at: string;
  finished_at: string | null;
}

/** GET /api/health: the last refresh, each source's last outcome and data age, and the versions served. */
export function healthBody(input: {
  now: Date;
  serviceVersion: string;
  modelVersion: string | null;
  publicationVersion: number;
  regimeComputed: boolean;
  lastRun: LastRun | undefined;
  states: ReadonlyMap<string, SeriesRefreshState>;
  current: ReadonlyMap<string, readonly Observation[]>;
  indicators: readonly IndicatorSummary[];
}) {
  const today = isoDate(input.now);
  const sources = [...input.states.values()]
    .map((state) => {
      const latest = input.current.get(state.seriesId)?.at(-1);
      return {
        seriesId: state.seriesId,
        lastStatus: state.lastStatus,
        lastAttemptAt: state.lastAttemptAt,
        lastSuccessAt: state.lastSuccessAt,
        lastError: state.lastStatus === 'error' ? state.lastError : null,
        latestDate: latest?.date ?? null,
        dataAgeDays: latest ? daysBetween(latest.date, today) : null,
      };
    })
    .sort((a, b) => a.seriesId.localeCompare(b.seriesId));
  const failing = sources.filter((s) => s.lastStatus === 'error').length;
  const withData = input.indicators.filter((i) => i.latestDate !== null).length;
  const status = withData === 0 ? 'down' : failing > 0 || !input.regimeComputed ? 'degraded' : 'ok';
  return {
    status,
    serviceVersion: input.serviceVersion,
    modelVersion: input.modelVersion,
    checkedAt: input.now.toISOString(),
    publication: { version: input.publicationVersion, builtAt: input.now.toISOString() },
    lastRefresh: input.lastRun
      ? {
          runId: input.lastRun.id,
          status: input.lastRun.status,
          startedAt: input.lastRun.started_at,
          finishedAt: input.lastRun.finished_at,
        }
      : null,
    indicators: {
      total: input.indicators.length,
      withData,
      fresh: input.indicators.filter((i) => i.source === 'fresh').length,
    },
    sources,
  };
}

export type HealthBody = ReturnType<typeof healthBody>;
