import { setImmediate as nextTurn } from 'node:timers/promises';
import { isIndicatorId } from '../../timeseries/catalog.ts';
import type { Observation } from '../../timeseries/observation.ts';
import { CATALOG } from '../../timeseries/series.ts';
import { currentObservations, type VintagedSeries } from '../../timeseries/vintages.ts';
import type { SeriesFreshness } from '../freshness.ts';
import type { Provenance } from '../provenance.ts';
import { buildSeriesResponses, DEFAULT_DAYS, type SeriesResponses } from '../resources/series/responses.ts';
import type { Publication } from './build.ts';

/*
 * The per-series part of a publication: each series' current state and its responses, built on the previous
 * publication's where the series is unchanged (its vintages are the very same objects: the store gained none for
 * it, see store/observations.ts VintageBase). Most refreshes change few series, so a publish then serializes few.
 */

export async function buildAllSeries(
  current: ReadonlyMap<string, readonly Observation[]>,
  freshness: ReadonlyMap<string, SeriesFreshness>,
  provenance: (ids: readonly string[]) => Provenance,
  previous: ReadonlyMap<string, SeriesResponses> | undefined,
): Promise<Map<string, SeriesResponses>> {
  const series = new Map<string, SeriesResponses>();
  // Every series of the catalog: the 25 indicators (/api/series/{id}) and the model's other inputs and benchmarks
  // (/api/data/{id}), so that anyone can rebuild the model from what is served.
  for (const def of CATALOG) {
    const id = def.id;
    await nextTurn();
    const observations = current.get(id) ?? [];
    if (observations.length === 0) continue;
    const before = previous?.get(id)?.serialized;
    const responses = buildSeriesResponses(def, observations, freshness.get(id)!, undefined, provenance([id]), before);
    if (!responses) continue;
    // An indicator's default window is built (and compressed) at publish time; other windows, and the other
    // series' (asked far less often), on first request.
    if (isIndicatorId(id)) responses.forDays(DEFAULT_DAYS);
    series.set(id, responses);
  }
  return series;
}

/**
 * Every series' current state (timeseries/vintages.ts currentSeries), yielding to requests between series; the
 * previous publication's where it was computed from the very same vintages.
 */
export async function currentState(
  vintaged: ReadonlyMap<string, VintagedSeries>,
  previous: Publication | undefined,
): Promise<Map<string, readonly Observation[]>> {
  const current = new Map<string, readonly Observation[]>();
  for (const [id, series] of vintaged) {
    const kept = previous?.vintaged.get(id) === series ? previous.current.get(id) : undefined;
    if (kept) {
      current.set(id, kept);
      continue;
    }
    await nextTurn();
    current.set(id, currentObservations(series));
  }
  return current;
}
