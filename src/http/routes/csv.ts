import { ApiError } from '../errors/api-error.ts';
import { asOfParameter } from '../params/window.ts';
import { seriesAsOf, seriesCsv } from '../series/computed.ts';
import { SERIES_ID_PARAMETER, seriesUnavailable, unknownSeries, valuesWithheld } from '../series/errors.ts';
import { parseSeriesQuery, SERIES_SELECTION_PARAMETERS, type SeriesQuery } from '../series/query.ts';
import { type Answer, nothingPublished, type Route, type RouteContext, type RouteRequest } from './route.ts';

/** GET /api/series/{id}.csv: the same window as the JSON, as RFC 4180 CSV with the unit in the column name. */
export const getSeriesCsv: Route = {
  path: '/api/series/{id}.csv',
  listed: 'document',
  cache: 'csv',
  spec: {
    operationId: 'getSeriesCsv',
    summary: 'One series as CSV',
    description:
      'The observations of one series as RFC 4180 CSV (CRLF line ends, a header row): `date,value_<unit>`, e.g. `date,value_usd_bn`. `days` selects the same trailing window as /api/series/{id}, and `asOf` the same point in time. With `units` or `frequency` the column name carries them as FRED’s do: `value_usd_bn_pc1`, `value_usd_bn_m_avg`. Series whose provider forbids reproduction answer values_withheld.',
    parameters: [
      SERIES_ID_PARAMETER,
      ...SERIES_SELECTION_PARAMETERS,
      asOfParameter('The CSV holds the series as known then.'),
    ],
    response: null,
    contentType: 'text/csv',
    errors: ['invalid_parameter', 'unknown_series', 'not_known_as_of', 'busy', 'series_unavailable', 'values_withheld'],
    tag: 'series',
  },
  handle: (request, context) =>
    unknownSeries(request.params.id!, context.baseUrl) ?? seriesCsvRoute(request.params.id!, request, context),
};

/** A known series' CSV route (/api/series/{id}.csv and /api/data/{id}.csv alike). */
export function seriesCsvRoute(id: string, request: RouteRequest, context: RouteContext): Answer | Promise<Answer> {
  const parsed = parseSeriesQuery(request.query, id, true);
  return parsed instanceof ApiError ? parsed : seriesCsvAnswer(request, context, id, parsed);
}

/**
 * A series as CSV (for /api/series/{id}.csv and for /api/series/{id} with `Accept: text/csv`), now or as known
 * at an instant.
 */
export function seriesCsvAnswer(
  request: RouteRequest,
  context: RouteContext,
  id: string,
  parsed: SeriesQuery,
): Answer | Promise<Answer> {
  const withheld = valuesWithheld(id);
  if (withheld) return withheld;
  const publication = context.publication();
  if (!publication) return seriesUnavailable(id, publication);
  const { selection, asOf } = parsed;
  if (asOf !== undefined) {
    return seriesAsOf(request, context, publication, id, asOf, selection, false, 'csv');
  }
  // A kept common window at once; any other on the worker thread (series/computed.ts).
  return seriesCsv(request, context, publication, id, selection);
}

/** GET /api/bulk.zip: every reproducible series, the history and the model in one file. */
export const getBulk: Route = {
  path: '/api/bulk.zip',
  listed: 'document',
  cache: 'csv',
  spec: {
    operationId: 'getBulk',
    summary: 'Everything in one file',
    description:
      'A zip rebuilt with each publication: observations.csv (every series whose terms allow reproduction, one long CSV: series_id,date,value,unit), history.csv, model.json and README.txt (licence, provenance). Load in one line: R `read.csv(unz("bulk.zip", "observations.csv"))`, Python `pd.read_csv(zipfile.ZipFile("bulk.zip").open("observations.csv"))`. Its size is the Content-Length; its ETag changes with the publication.',
    parameters: [],
    response: null,
    contentType: 'application/zip',
    errors: ['service_unavailable'],
    tag: 'series',
  },
  handle: (_request, { publication }) => publication()?.bulk.get() ?? nothingPublished(),
};
