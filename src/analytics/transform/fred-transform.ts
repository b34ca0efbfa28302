import type { Observation } from '../../timeseries/observation.ts';
import type { Frequency } from '../../timeseries/series.ts';
import { type Aggregation, aggregate, nativeGrid, type TargetFrequency, targetGrid } from './frequency-aggregation.ts';
import type { Grid } from './observation-grid.ts';
import { OBSERVATIONS_PER_YEAR, transformUnits, type Units } from './units-transform.ts';

/** A FRED-style request: `units`, and `frequency` with its `aggregation` (null: the series' own frequency). */
export interface TransformSpec {
  units: Units;
  frequency: TargetFrequency | null;
  aggregation: Aggregation;
}

/**
 * A series as FRED's API would give it for these parameters, in FRED's order of processing (fredhelp: "frequency
 * aggregation, then units transformation"): aggregated first, then transformed on the grid of the frequency it then
 * has (n_obs_per_yr of that frequency). Example: M2 monthly, { units: 'pc1', frequency: 'q', aggregation: 'avg' } →
 * quarterly averages, each compared with the same quarter a year back (n = 4).
 */
export function applyTransform(
  observations: readonly Observation[],
  native: Frequency,
  spec: TransformSpec,
): Observation[] {
  const aggregated =
    spec.frequency === null
      ? observations
      : aggregate(observations, nativeGrid(native, observations), spec.frequency, spec.aggregation);
  return transformUnits(aggregated, transformGrid(observations, native, spec), spec.units);
}

/** The grid the units transform counts rows on: the target frequency's, or the series' own. */
function transformGrid(observations: readonly Observation[], native: Frequency, spec: TransformSpec): Grid {
  return spec.frequency === null ? nativeGrid(native, observations) : targetGrid(spec.frequency);
}

/** FRED's n_obs_per_yr for this request. Example: a monthly series with frequency q → 4. */
export function observationsPerYear(
  observations: readonly Observation[],
  native: Frequency,
  spec: TransformSpec,
): number {
  return OBSERVATIONS_PER_YEAR[transformGrid(observations, native, spec)];
}

/** A cache key: "pc1|q|avg", "chg||". */
export function transformKey(spec: TransformSpec): string {
  return `${spec.units}|${spec.frequency ?? ''}|${spec.frequency === null ? '' : spec.aggregation}`;
}
