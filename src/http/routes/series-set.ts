import type { TransformSpec } from '../../analytics/transform/fred-transform.ts';
import type { Publication } from '../../publish/publication/build.ts';
import { SeriesSetResponse } from '../../publish/schemas/series.ts';
import { seriesDef } from '../../timeseries/catalog.ts';
import type { DateWindow } from '../../timeseries/date-window.ts';
import { ApiError } from '../errors/api-error.ts';
import { QUERY_PARAMETERS, queryParameter } from '../params/query.ts';
import { parseTransform } from '../params/transform.ts';
import { DATE_RANGE_PARAMETERS, windowOf } from '../params/window.ts';
import { seriesSet as computedSet } from '../series/computed.ts';
import { seriesUnavailable, unknownCatalogSeries, valuesWithheld } from '../series/errors.ts';
import { DEFAULT_WINDOW } from '../series/query.ts';
import type { Answer, Route, RouteContext, RouteRequest } from './route.ts';

export const SERIES_SET_PARAMETERS = [
  { ...queryParameter('ids'), required: true },
  queryParameter('days', 'Each series keeps its own trailing window, as its own CSV would.'),
  ...DATE_RANGE_PARAMETERS,
  queryParameter('units', 'The same transform applies to every series, each at its own frequency.'),
  queryParameter('frequency', 'Every series is aggregated to it; none may be coarser already (400).'),
  queryParameter('aggregation'),
];
export const SERIES_SET_ERRORS = [
  'invalid_parameter',
  'unknown_series',
  'values_withheld',
  'series_unavailable',
] as const;

/** The many-series CSV or JSON, computed on demand (series/computed.ts). */
const setAnswer =
  (format: 'csv' | 'json'): Route['handle'] =>
  (request, context) =>
    seriesSet(request, context, (ids, window, transform, p) =>
      computedSet(request, context, p, ids, window, transform, format),
    );

/** GET /api/series.csv?ids=…: several series in one wide CSV. */
export const getSeriesSetCsv: Route = {
  path: '/api/series.csv',
  listed: 'document',
  cache: 'csv',
  spec: {
    operationId: 'getSeriesSetCsv',
    summary: 'Several series in one CSV, aligned on their dates',
    description:
      'The series named by `ids` as one RFC 4180 CSV, as FRED’s fredgraph.csv?id=A,B: `date`, then one column per series named by its id and unit (`tga_usd_bn`), every date any of them has, an empty cell where a series has no value. `days`, `start` and `end` select as on /api/series/{id}.csv; `units`, `frequency` and `aggregation` transform every series alike (columns `tga_usd_bn_pch_m_avg`).',
    parameters: SERIES_SET_PARAMETERS,
    response: null,
    contentType: 'text/csv',
    errors: [...SERIES_SET_ERRORS, 'busy'],
    tag: 'series',
  },
  handle: setAnswer('csv'),
};

/** GET /api/series.json?ids=…: the same as JSON columns. */
export const getSeriesSetJson: Route = {
  path: '/api/series.json',
  listed: 'api',
  cache: 'series',
  spec: {
    operationId: 'getSeriesSet',
    summary: 'Several series in one call, aligned on their dates',
    description:
      'The series named by `ids` as aligned columns: `dates` (every date any of them has) and, per id, its values (null where it has none), with their units and provenance. `days`, `start` and `end` select as on /api/series/{id}.',
    parameters: SERIES_SET_PARAMETERS,
    response: SeriesSetResponse,
    errors: [...SERIES_SET_ERRORS, 'busy'],
    tag: 'series',
  },
  handle: setAnswer('json'),
};

/** The ids, window and transform of a many-series request, checked, for `answer` to answer from the publication. */
export function seriesSet(
  request: RouteRequest,
  context: RouteContext,
  answer: (
    ids: string[],
    window: DateWindow | null,
    transform: TransformSpec | null,
    publication: Publication,
  ) => Answer | Promise<Answer>,
): Answer | Promise<Answer> {
  const query = request.query.read();
  if (query instanceof ApiError) return query;
  const raw = query.get('ids');
  if (raw === undefined)
    return new ApiError(
      'invalid_parameter',
      'Parameter "ids" is required once: series ids separated by commas.',
      QUERY_PARAMETERS.ids.hint,
    );
  const ids = [...new Set(raw.split(','))];
  for (const id of ids) {
    const refused = unknownCatalogSeries(id, context.baseUrl) ?? valuesWithheld(id);
    if (refused) return refused;
  }
  const window = windowOf(query);
  if (window instanceof ApiError) return window;
  const transform = parseTransform(
    query,
    ids.map((id) => seriesDef(id)!),
  );
  if (transform instanceof ApiError) return transform;
  // As on one series: the last 365 days by default, the whole history when transformed (as FRED answers).
  const selected = window ?? (transform ? null : DEFAULT_WINDOW);
  const publication = context.publication();
  const missing = ids.find((id) => !publication?.current.get(id)?.length);
  if (missing || !publication) return seriesUnavailable(missing ?? ids[0]!, publication);
  return answer(ids, selected, transform, publication);
}
