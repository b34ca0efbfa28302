import type { TransformSpec } from '../../analytics/transform/fred-transform.ts';
import { canAggregate } from '../../analytics/transform/frequency-aggregation.ts';
import type { Frequency } from '../../timeseries/series.ts';
import { ApiError } from '../errors/api-error.ts';
import { QUERY_PARAMETERS } from './query.ts';
import type { ParsedQuery } from './route-query.ts';

/**
 * `units`, `frequency` and `aggregation` (FRED's, each checked by its schema) for series of the given frequencies:
 * null when none is given (the plain series), an ApiError for an aggregation without a frequency or a frequency
 * finer than a series' own. Example: ?units=pc1&frequency=q on M2 → { units: 'pc1', frequency: 'q',
 * aggregation: 'avg' }.
 */
export function parseTransform(
  query: ParsedQuery,
  series: ReadonlyArray<{ id: string; frequency: Frequency }>,
): TransformSpec | null | ApiError {
  const frequency = query.get('frequency');
  if (!query.given('units') && frequency === undefined && !query.given('aggregation')) return null;
  if (query.given('aggregation') && frequency === undefined)
    return new ApiError(
      'invalid_parameter',
      'Parameter "aggregation" needs "frequency".',
      QUERY_PARAMETERS.aggregation.hint as string,
    );
  const finer = frequency === undefined ? undefined : series.find((s) => !canAggregate(s.frequency, frequency));
  if (finer)
    return new ApiError(
      'invalid_parameter',
      `"${finer.id}" is ${finer.frequency}: it cannot be given at frequency=${frequency}, a finer one.`,
      'Aggregation goes to a lower frequency only (FRED’s rule); omit frequency for the series’ own.',
    );
  return { units: query.get('units'), frequency: frequency ?? null, aggregation: query.get('aggregation') };
}
