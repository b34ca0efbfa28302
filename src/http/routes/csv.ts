import { MAX_DAYS } from '../../publish/resources/series.ts';
import { isIndicatorId, seriesDef } from '../../timeseries/catalog.ts';
import { licenseOf } from '../../timeseries/licenses.ts';
import { INDICATOR_IDS } from '../../timeseries/series.ts';
import { ApiError, truncate } from '../api-error.ts';
import { parseDays } from '../days-param.ts';
import { queryParam, type Route } from './route.ts';

/** GET /api/series/{id}.csv: the same window as the JSON, as RFC 4180 CSV with the unit in the column name. */
export const getSeriesCsv: Route = {
  path: '/api/series/{id}.csv',
  listed: 'document',
  cache: 'csv',
  spec: {
    operationId: 'getSeriesCsv',
    summary: 'One series as CSV',
    description:
      'The observations of one series as RFC 4180 CSV (CRLF line ends, a header row): `date,value_<unit>`, e.g. `date,value_usd_bn`. `days` selects the same trailing window as /api/series/{id}. Series whose provider forbids reproduction answer values_withheld.',
    parameters: [
      {
        name: 'id',
        in: 'path',
        required: true,
        type: 'string',
        description: 'Series id; one of the 25 tracked ids.',
        enum: [...INDICATOR_IDS],
      },
      {
        name: 'days',
        in: 'query',
        required: false,
        type: 'integer',
        description: `Trailing window in days, counted back from the last observation, 1–${MAX_DAYS}.`,
        minimum: 1,
        maximum: MAX_DAYS,
        default: 365,
      },
    ],
    response: null,
    contentType: 'text/csv',
    errors: ['invalid_parameter', 'unknown_series', 'series_unavailable', 'values_withheld'],
    tag: 'series',
  },
  handle: ({ params, query }, { publication }) => {
    const id = params.id!;
    if (!isIndicatorId(id)) {
      return new ApiError(
        'unknown_series',
        `Unknown series id "${truncate(id)}".`,
        `Use one of the 25 series ids: ${INDICATOR_IDS.join(', ')}.`,
      );
    }
    const days = parseDays(queryParam(query, 'days'));
    if (!days.ok) return new ApiError('invalid_parameter', days.message, days.hint);
    const license = licenseOf(seriesDef(id)!);
    if (license.redistribution !== 'full') {
      return new ApiError(
        'values_withheld',
        `The values of "${id}" are not reproduced here: ${license.name}.`,
        `See them at the source, ${license.url}; /api/series/${id} serves the statistics and the licence.`,
      );
    }
    const csv = publication()?.csv.forSeries(id, days.value);
    return (
      csv ??
      new ApiError('series_unavailable', `No data has been stored for "${id}" yet.`, 'Retry after the next refresh.', {
        'retry-after': '60',
      })
    );
  },
};

/** GET /api/history.csv: the model history, one row per business day. */
export const getHistoryCsv: Route = {
  path: '/api/history.csv',
  listed: 'document',
  cache: 'csv',
  spec: {
    operationId: 'getHistoryCsv',
    summary: 'The headline history as CSV',
    description:
      'The daily history as RFC 4180 CSV: date, headline_percentile_5y (0 loosest … 100 tightest of 5 years), status, aggregate_0_1 and one column per group sub-index (`policy_0_100` …: 0–100, empty when the group did not report).',
    parameters: [],
    response: null,
    contentType: 'text/csv',
    errors: ['history_unavailable'],
    tag: 'model',
  },
  handle: (_request, { publication }) =>
    publication()?.csv.historyCsv() ??
    new ApiError('history_unavailable', 'The history has not been computed yet.', 'Retry after the next refresh.'),
};
