import { Value } from '@sinclair/typebox/value';
import { AGGREGATION_CHOICE, FREQUENCY_CHOICE, UNITS_CHOICE } from '../../analytics/transform/choices.ts';
import type { TransformSpec } from '../../analytics/transform/fred-transform.ts';
import {
  type Aggregation,
  canAggregate,
  type TargetFrequency,
} from '../../analytics/transform/frequency-aggregation.ts';
import type { Units } from '../../analytics/transform/units-transform.ts';
import type { Frequency } from '../../timeseries/series.ts';
import { ApiError, truncate } from '../errors/api-error.ts';
import type { DeclaredQuery } from './query.ts';
import { QUERY_PARAMETERS } from './query.ts';

const CHOICES = {
  units: `units is ${UNITS_CHOICE} (FRED’s units).`,
  frequency: `frequency is ${FREQUENCY_CHOICE}.`,
  aggregation: `aggregation is ${AGGREGATION_CHOICE}, and needs frequency.`,
} as const;

/**
 * `units`, `frequency` and `aggregation` (FRED's) for series of the given frequencies: null when none is given (the
 * plain series), an ApiError naming the parameter when one is invalid, repeated, an aggregation without a
 * frequency, or a frequency finer than a series' own. Example: ?units=pc1&frequency=q on M2 → { units: 'pc1',
 * frequency: 'q', aggregation: 'avg' }.
 */
export function parseTransform(
  query: DeclaredQuery,
  series: ReadonlyArray<{ id: string; frequency: Frequency }>,
): TransformSpec | null | ApiError {
  const units = query.get('units');
  const frequency = query.get('frequency');
  const aggregation = query.get('aggregation');
  if (units === undefined && frequency === undefined && aggregation === undefined) return null;
  for (const [name, raw] of [
    ['units', units],
    ['frequency', frequency],
    ['aggregation', aggregation],
  ] as const) {
    if (raw !== undefined && (Array.isArray(raw) || !Value.Check(QUERY_PARAMETERS[name], raw)))
      return new ApiError(
        'invalid_parameter',
        `Invalid value for parameter "${name}": "${truncate(String(raw))}".`,
        CHOICES[name],
      );
  }
  if (aggregation !== undefined && frequency === undefined)
    return new ApiError('invalid_parameter', 'Parameter "aggregation" needs "frequency".', CHOICES.aggregation);
  const target = (frequency as TargetFrequency | undefined) ?? null;
  const finer = target === null ? undefined : series.find((s) => !canAggregate(s.frequency, target));
  if (finer)
    return new ApiError(
      'invalid_parameter',
      `"${finer.id}" is ${finer.frequency}: it cannot be given at frequency=${target}, a finer one.`,
      'Aggregation goes to a lower frequency only (FRED’s rule); omit frequency for the series’ own.',
    );
  return {
    units: (units as Units | undefined) ?? 'lin',
    frequency: target,
    aggregation: (aggregation as Aggregation | undefined) ?? 'avg',
  };
}
