import { CATALOG, INDICATOR_IDS, seriesDef } from '../catalog.ts';
import type { Observation } from '../providers/observation.ts';
import type { SeriesRefreshState } from '../store/runs.ts';
import { isoDate } from '../timeseries/dates.ts';
import { freshness } from './freshness.ts';
import { buildSeriesResponses, type SeriesResponses } from './series-response.ts';

/**
 * Everything the HTTP layer serves that depends on data, built once per refresh from stored series and
 * swapped in whole: a request reads one immutable Publication and never computes.
 */
export interface Publication {
  /** Monotonic per process; tells clients and logs which build answered. */
  readonly version: number;
  readonly builtAt: string;
  readonly series: ReadonlyMap<string, SeriesResponses>;
}

export interface PublicationInput {
  series: ReadonlyMap<string, readonly Observation[]>;
  states: ReadonlyMap<string, SeriesRefreshState>;
  now: Date;
  version: number;
}

export function buildPublication(input: PublicationInput): Publication {
  const today = isoDate(input.now);
  const series = new Map<string, SeriesResponses>();
  for (const id of INDICATOR_IDS) {
    const def = seriesDef(id)!;
    const observations = input.series.get(id) ?? [];
    const last = observations[observations.length - 1];
    if (!last) continue;
    const state = input.states.get(id);
    const responses = buildSeriesResponses(def, observations, freshness(def, last.date, input.states, today), {
      lastRefreshAt: state?.lastAttemptAt ?? null,
      lastSuccessAt: state?.lastSuccessAt ?? null,
    });
    if (responses) series.set(id, responses);
  }
  return { version: input.version, builtAt: input.now.toISOString(), series };
}

/** Catalog ids the publication reads from the store (all of them: later stages read assets and benchmarks). */
export const PUBLISHED_SERIES_IDS = CATALOG.map((def) => def.id);
