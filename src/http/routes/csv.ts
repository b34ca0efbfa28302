import type { Publication } from '../../publish/publication.ts';
import type { DateWindow } from '../../timeseries/date-window.ts';
import { ApiError } from '../api-error.ts';
import { asOfAnswer } from '../as-of-answer.ts';
import { parseOrder } from '../days-param.ts';
import { QUERY_PARAMETERS, queryParameter } from '../query-params.ts';
import { SERIES_ID_PARAMETER, seriesUnavailable, unknownSeries, valuesWithheld } from '../series-errors.ts';
import { asOfParameter, DATE_RANGE_PARAMETERS, parseAsOf, parseWindow } from '../window-param.ts';
import type { Answer, Route } from './route.ts';

/** GET /api/series/{id}.csv: the same window as the JSON, as RFC 4180 CSV with the unit in the column name. */
export const getSeriesCsv: Route = {
  path: '/api/series/{id}.csv',
  listed: 'document',
  cache: 'csv',
  spec: {
    operationId: 'getSeriesCsv',
    summary: 'One series as CSV',
    description:
      'The observations of one series as RFC 4180 CSV (CRLF line ends, a header row): `date,value_<unit>`, e.g. `date,value_usd_bn`. `days` selects the same trailing window as /api/series/{id}, and `asOf` the same point in time. Series whose provider forbids reproduction answer values_withheld.',
    parameters: [
      SERIES_ID_PARAMETER,
      queryParameter('days'),
      ...DATE_RANGE_PARAMETERS,
      asOfParameter('The CSV holds the series as known then.'),
      queryParameter('sort'),
      queryParameter('limit'),
    ],
    response: null,
    contentType: 'text/csv',
    errors: ['invalid_parameter', 'unknown_series', 'not_known_as_of', 'series_unavailable', 'values_withheld'],
    tag: 'series',
  },
  handle: ({ params, query }, { baseUrl, publication }) => {
    const id = params.id!;
    const unknown = unknownSeries(id, baseUrl);
    if (unknown) return unknown;
    const window = parseWindow(query.get('days'), query.get('start'), query.get('end'));
    if (!window.ok) return new ApiError('invalid_parameter', window.message, window.hint);
    const asOf = parseAsOf(query.get('asOf'));
    if (!asOf.ok) return new ApiError('invalid_parameter', asOf.message, asOf.hint);
    const order = parseOrder(query.get('sort'), query.get('limit'));
    if (!order.ok) return new ApiError('invalid_parameter', order.message, order.hint);
    if (order.value.given) {
      if (asOf.value !== undefined)
        return new ApiError(
          'invalid_parameter',
          'sort and limit are not available with asOf.',
          'Use days, start and end.',
        );
      return seriesCsvOrdered(id, window.value, order.value, publication());
    }
    return seriesCsvAnswer(id, window.value ?? { days: QUERY_PARAMETERS.days.default }, asOf.value, publication());
  },
};

/**
 * A series as CSV (for /api/series/{id}.csv and for /api/series/{id} with `Accept: text/csv`), now or as known
 * at `instant`.
 */
export function seriesCsvAnswer(
  id: string,
  window: DateWindow,
  instant: string | undefined,
  publication: Publication | undefined,
): Answer {
  const withheld = valuesWithheld(id);
  if (withheld) return withheld;
  if (instant !== undefined) {
    const known = publication?.vintages.csvAsOf(id, instant, window);
    return known ? asOfAnswer(known, instant, `series "${id}"`, 'series_unavailable') : seriesUnavailable(id);
  }
  const csv = publication?.csv.forSeries(id, window);
  return csv ?? seriesUnavailable(id);
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
  handle: (_request, { publication }) =>
    publication()?.bulk.get() ??
    new ApiError('service_unavailable', 'Nothing has been published yet.', 'Retry in a minute.'),
};

/** sort and limit select among the current observations; an asOf answer is rebuilt from vintages without them. */
export const ORDER_WITH_AS_OF = new ApiError(
  'invalid_parameter',
  'sort and limit are not available with asOf.',
  'Ask for the window with days, start and end instead.',
);

/** A series as CSV in the order asked, cut to its limit (the whole history when no window is given). */
export function seriesCsvOrdered(
  id: string,
  window: DateWindow | null,
  order: { order: 'asc' | 'desc'; limit: number | undefined },
  publication: Publication | undefined,
): Answer {
  const withheld = valuesWithheld(id);
  if (withheld) return withheld;
  return publication?.csv.forSeries(id, window, order.order, order.limit) ?? seriesUnavailable(id);
}
