import type { SeriesRefreshState } from '../store/runs.ts';
import { formulaInputs, seriesDef, staleAfterDays } from '../timeseries/catalog.ts';
import { daysBetween } from '../timeseries/dates.ts';
import type { SeriesDef } from '../timeseries/series.ts';

/**
 * `meta.source` of a series:
 * - `fresh`: its last refresh succeeded and its latest observation is within the frequency's expected lag;
 * - `stale`: its last refresh succeeded but the provider has published nothing newer than that lag allows;
 * - `fallback`: its last refresh failed (or never ran), so the stored last good values are served.
 * A derived series takes the worst state of its inputs and of its own recomputation.
 */
export type Freshness = 'fresh' | 'stale' | 'fallback';

export const FRESHNESS_VALUES: readonly Freshness[] = ['fresh', 'stale', 'fallback'];

const RANK: Record<Freshness, number> = { fresh: 0, stale: 1, fallback: 2 };

export function freshness(
  def: SeriesDef,
  lastDate: string,
  states: ReadonlyMap<string, SeriesRefreshState>,
  today: string,
): Freshness {
  const own = states.get(def.id);
  let worst: Freshness = own?.lastStatus === 'ok' ? 'fresh' : 'fallback';
  if (daysBetween(lastDate, today) > staleAfterDays(def) && worst === 'fresh') worst = 'stale';
  if (def.kind === 'derived') {
    for (const inputId of formulaInputs(def.formula!)) {
      const input = seriesDef(inputId);
      const state = states.get(inputId);
      if (!input || !state) continue;
      const inputFreshness: Freshness = state.lastStatus === 'ok' ? 'fresh' : 'fallback';
      if (RANK[inputFreshness] > RANK[worst]) worst = inputFreshness;
    }
  }
  return worst;
}
