import { DEFAULT_DAYS, MAX_DAYS } from '../../publish/resources/series.ts';
import { isIndicatorId } from '../../timeseries/catalog.ts';
import { INDICATOR_IDS } from '../../timeseries/series.ts';
import { ApiError, truncate } from '../api-error.ts';
import { wantsCsv } from '../negotiation.ts';
import { SeriesResponse } from '../schemas/series.ts';
import { DATE_RANGE_PARAMETERS, parseWindow } from '../window-param.ts';
import { seriesCsvAnswer } from './csv.ts';
import { queryParam, type Route } from './route.ts';

export const getSeries: Route = {
  path: '/api/series/{id}',
  listed: 'api',
  cache: 'series',
  spec: {
    operationId: 'getSeries',
    summary: 'One indicator as a daily time series',
    description:
      "The observations of one tracked series in its documented unit, ascending by date, each with its z-score. `Accept: text/csv` answers the same window as CSV (as /api/series/{id}.csv does). z-scores and meta.percentile use a trailing 5-year window (1,826 days ending at the series' last observation): zScore = (value − zScoreMean) / zScoreStd with the window's mean and sample standard deviation; percentile is the percent rank of the latest value in that window (ties counted half). `days` keeps the points dated within that many days up to and including lastAvailableDate. meta.source says how fresh the data is.",
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
        description: `Trailing window in days, counted back from the last observation. Integer ${1}–${MAX_DAYS}, written in plain decimal digits; given at most once. Not with start/end.`,
        minimum: 1,
        maximum: MAX_DAYS,
        default: DEFAULT_DAYS,
      },
      ...DATE_RANGE_PARAMETERS,
    ],
    response: SeriesResponse,
    errors: ['invalid_parameter', 'unknown_series', 'series_unavailable', 'values_withheld'],
    alternateContentType: 'text/csv',
    tag: 'series',
  },
  handle: ({ params, query, headers }, { baseUrl, publication }) => {
    const id = params.id!;
    if (!isIndicatorId(id)) {
      return new ApiError(
        'unknown_series',
        `Unknown series id "${truncate(id)}".`,
        `Use one of the 25 series ids: ${INDICATOR_IDS.join(', ')}. The directory at ${baseUrl}/api lists every endpoint.`,
      );
    }
    const window = parseWindow(queryParam(query, 'days'), queryParam(query, 'start'), queryParam(query, 'end'));
    if (!window.ok) return new ApiError('invalid_parameter', window.message, window.hint);
    const selected = window.value ?? { days: DEFAULT_DAYS };
    if (wantsCsv(headers.accept)) return seriesCsvAnswer(id, selected, publication());
    const series = publication()?.series.get(id);
    if (!series) {
      return new ApiError(
        'series_unavailable',
        `No data has been stored for "${id}" yet.`,
        'The first refresh may still be running, or the provider has not answered; retry in a minute and check /api/health for status.',
        { 'retry-after': '60' },
      );
    }
    return 'days' in selected ? series.forDays(selected.days) : series.forRange(selected.start, selected.end);
  },
};
