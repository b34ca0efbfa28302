import type { Selection } from '../../publish/resources/series/selection.ts';
import type { Parameter } from '../../publish/schemas/directory.ts';
import { seriesDef } from '../../timeseries/catalog.ts';
import { ApiError } from '../errors/api-error.ts';
import { QUERY_PARAMETERS, queryParameter } from '../params/query.ts';
import type { QueryString } from '../params/route-query.ts';
import { parseTransform } from '../params/transform.ts';
import { asOfOf, DATE_RANGE_PARAMETERS, windowOf } from '../params/window.ts';

/** The window, order and FRED-style transform parameters every one-series download takes (JSON, CSV, xlsx). */
export const SERIES_SELECTION_PARAMETERS: readonly Parameter[] = [
  queryParameter('days'),
  ...DATE_RANGE_PARAMETERS,
  queryParameter('sort'),
  queryParameter('limit'),
  queryParameter('offset'),
  queryParameter('units'),
  queryParameter('frequency'),
  queryParameter('aggregation'),
];

/** The window of a plain series asked for none: its last 365 days. */
export const DEFAULT_WINDOW = { days: QUERY_PARAMETERS.days.default };

/** What a one-series request asks for: its selection and, when given, the instant it asks about. */
export interface SeriesQuery {
  selection: Selection;
  asOf: string | undefined;
  /** Neither order nor transform given: the plain series, served from its pre-serialized windows. */
  plain: boolean;
}

/**
 * Parses a one-series query. Without days, start or end the plain series answers its last 365 days; with sort,
 * limit or a transform the whole history (as FRED answers). Example: ?units=pc1&frequency=m → window null,
 * transform { pc1, m, avg }.
 */
export function parseSeriesQuery(search: QueryString, id: string, takesAsOf: boolean): SeriesQuery | ApiError {
  const query = search.read();
  if (query instanceof ApiError) return query;
  const window = windowOf(query);
  if (window instanceof ApiError) return window;
  // The common request (no parameter, or `days` alone): nothing else to read. It is most of the traffic, and
  // each read of an absent parameter costs a lookup.
  if (search.size === 0 || (search.size === 1 && window !== null && 'days' in window))
    return {
      selection: { window: window ?? DEFAULT_WINDOW, order: 'asc', limit: undefined, offset: 0, transform: null },
      asOf: undefined,
      plain: true,
    };
  const asOf = takesAsOf ? asOfOf(query) : undefined;
  const ordered = query.given('sort') || query.given('limit') || query.given('offset');
  const def = seriesDef(id);
  const transform = def ? parseTransform(query, [def]) : null;
  if (transform instanceof ApiError) return transform;
  // With asOf too: the selection and the transform apply to the series as known then.
  const plain = !ordered && transform === null;
  return {
    selection: {
      window: window ?? (plain ? DEFAULT_WINDOW : null),
      order: query.get('sort'),
      limit: query.get('limit'),
      offset: query.get('offset'),
      transform,
    },
    asOf,
    plain,
  };
}
