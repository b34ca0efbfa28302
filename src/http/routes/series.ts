import { SeriesResponse, SeriesVintages } from '../../publish/schemas/series.ts';
import { ApiError } from '../errors/api-error.ts';
import { wantsCsv } from '../negotiation.ts';
import { queryParameter } from '../params/query.ts';
import { AS_OF_PARAMETER, DATE_RANGE_PARAMETERS, windowOf } from '../params/window.ts';
import { seriesAsOf, seriesVintages, transformedSeries } from '../series/computed.ts';
import { SERIES_ID_PARAMETER, seriesUnavailable, unknownSeries, valuesWithheld } from '../series/errors.ts';
import { parseSeriesQuery, SERIES_SELECTION_PARAMETERS } from '../series/query.ts';
import { seriesCsvAnswer } from './csv.ts';
import type { Answer, Route, RouteContext, RouteRequest } from './route.ts';

export const getSeries: Route = {
  path: '/api/series/{id}',
  listed: 'api',
  cache: 'series',
  spec: {
    operationId: 'getSeries',
    summary: 'One indicator as a time series',
    description:
      "The observations of one tracked series in its documented unit, ascending by date, each with its z-score. `Accept: text/csv` answers the same window as CSV (as /api/series/{id}.csv does). z-scores and meta.percentile use a trailing 5-year window (1,826 days ending at the series' last observation): zScore = (value − zScoreMean) / zScoreStd with the window's mean and sample standard deviation; percentile is the percent rank of the latest value in that window (ties counted half). `days` keeps the points dated within that many days up to and including lastAvailableDate. `units`, `frequency` and `aggregation` transform the values as FRED’s API does (meta.transform says how; no z-scores then). meta.source says how fresh the data is.",
    parameters: [SERIES_ID_PARAMETER, ...SERIES_SELECTION_PARAMETERS, AS_OF_PARAMETER],
    response: SeriesResponse,
    errors: ['invalid_parameter', 'unknown_series', 'not_known_as_of', 'busy', 'series_unavailable', 'values_withheld'],
    alternateContentType: 'text/csv',
    tag: 'series',
  },
  handle: (request, context) =>
    unknownSeries(request.params.id!, context.baseUrl) ?? seriesJsonAnswer(request.params.id!, request, context),
};

/**
 * A known series as JSON (or CSV to `Accept: text/csv`), for /api/series/{id} and /api/data/{id} alike: the same
 * windows, transforms, point in time and provenance whatever the path. Transforms and point-in-time answers are
 * computed off the serving thread, within the bound of on-demand work (series/computed.ts).
 */
export function seriesJsonAnswer(id: string, request: RouteRequest, context: RouteContext): Answer | Promise<Answer> {
  const parsed = parseSeriesQuery(request.query, id, true);
  if (parsed instanceof ApiError) return parsed;
  if (wantsCsv(request.headers.accept)) return seriesCsvAnswer(request, context, id, parsed);
  const { selection, asOf, plain } = parsed;
  const publication = context.publication();
  if (asOf !== undefined) {
    return publication
      ? seriesAsOf(request, context, publication, id, asOf, selection, plain, 'json')
      : seriesUnavailable(id, publication);
  }
  const series = publication?.series.get(id);
  if (!series) return seriesUnavailable(id, publication);
  if (selection.transform)
    return transformedSeries(request, context, publication!, series, { ...selection, transform: selection.transform });
  // sort and limit without a window: over the whole history (the newest N of a monthly series too).
  if (!plain)
    return series.forSelection(
      ...series.indexesOf(selection.window),
      selection.order,
      selection.limit,
      selection.offset,
    );
  const window = selection.window!;
  return 'days' in window ? series.forDays(window.days) : series.forRange(window.start, window.end);
}

/** GET /api/series/{id}/vintages: the revision record of a series, as JSON or (`.csv`) as CSV. */
const vintagesRoute = (format: 'json' | 'csv'): Route => ({
  path: format === 'json' ? '/api/series/{id}/vintages' : '/api/series/{id}/vintages.csv',
  listed: format === 'json' ? 'api' : 'document',
  cache: format === 'json' ? 'series' : 'csv',
  spec: {
    operationId: format === 'json' ? 'getSeriesVintages' : 'getSeriesVintagesCsv',
    summary: format === 'json' ? 'Every revision of a series' : 'Every revision of a series as CSV',
    description:
      format === 'json'
        ? 'Every vintage of the dates in a window (default: the last 365 days), ALFRED style: the value, when this service first saw it, and when a later vintage superseded it (null for the current one; a null value is a withdrawal); view=first-release keeps each date’s first value only. As CSV at /api/series/{id}/vintages.csv. Only what this service has seen since its first load (storeFirstLoadAt); series whose terms forbid reproduction answer values_withheld.'
        : 'The revision record of /api/series/{id}/vintages as RFC 4180 CSV: `date,value_<unit>,seen_at,superseded_at` (an empty value is a withdrawal, an empty superseded_at the current value), by date, oldest vintage first.',
    parameters: [SERIES_ID_PARAMETER, queryParameter('days'), ...DATE_RANGE_PARAMETERS, queryParameter('view')],
    response: format === 'json' ? SeriesVintages : null,
    ...(format === 'csv' ? { contentType: 'text/csv' } : {}),
    errors: ['invalid_parameter', 'unknown_series', 'busy', 'series_unavailable', 'values_withheld'],
    tag: 'series',
  },
  handle: (request, context) => vintagesAnswer(request, context, format),
});

export const getSeriesVintages = vintagesRoute('json');
export const getSeriesVintagesCsv = vintagesRoute('csv');

function vintagesAnswer(
  request: RouteRequest,
  context: RouteContext,
  format: 'json' | 'csv',
): Answer | Promise<Answer> {
  const id = request.params.id!;
  const unknown = unknownSeries(id, context.baseUrl);
  if (unknown) return unknown;
  const query = request.query.read();
  if (query instanceof ApiError) return query;
  const window = windowOf(query);
  if (window instanceof ApiError) return window;
  const view = query.get('view');
  const withheld = valuesWithheld(id);
  if (withheld) return withheld;
  const publication = context.publication();
  if (!publication) return seriesUnavailable(id, publication);
  return seriesVintages(request, context, publication, id, window, view, format);
}

/** GET /api/series/{id}/feed.xml: new observations and revisions as Atom, for a feed reader. */
export const getSeriesFeed: Route = {
  path: '/api/series/{id}/feed.xml',
  listed: 'document',
  cache: 'series',
  spec: {
    operationId: 'getSeriesFeed',
    summary: 'Atom feed of a series’ new observations and revisions',
    description:
      'The newest 50 events of a series as this service saw them — a new date, a revision (from → to) or a withdrawal — each with a stable id and a link to its vintages. Series whose terms forbid reproduction answer values_withheld.',
    parameters: [SERIES_ID_PARAMETER],
    response: null,
    contentType: 'application/atom+xml',
    errors: ['unknown_series', 'series_unavailable', 'values_withheld'],
    tag: 'series',
  },
  handle: ({ params }, { baseUrl, publication }) => {
    const id = params.id!;
    const refused = unknownSeries(id, baseUrl) ?? valuesWithheld(id);
    if (refused) return refused;
    const current = publication();
    return (
      (current ? current.vintages.feed(id, baseUrl, current.builtAt) : undefined) ?? seriesUnavailable(id, current)
    );
  },
};
