import type { PreparedResponse } from '../../publish/prepared-response.ts';
import { WORKBOOKS_BUSY } from '../../publish/resources/spreadsheet.ts';
import { ApiError } from '../api-error.ts';
import { SERIES_ID_PARAMETER, seriesUnavailable, unknownSeries, valuesWithheld } from '../series-errors.ts';
import { parseSeriesQuery, SERIES_SELECTION_PARAMETERS } from '../series-query.ts';
import type { Answer, Route, RouteContext, RouteRequest } from './route.ts';
import { SERIES_SET_ERRORS, SERIES_SET_PARAMETERS, seriesSet } from './series-set.ts';

/** Too many workbooks are being built at once: try again in a few seconds (bounded work under a flood). */
function busy(): ApiError {
  return new ApiError(
    'service_unavailable',
    'Too many spreadsheets are being built at this moment.',
    'Retry in a few seconds; the CSV form of the same URL answers at once.',
    { 'retry-after': '5' },
  );
}

async function settle(
  answer: Promise<PreparedResponse | typeof WORKBOOKS_BUSY> | undefined,
  id: string,
): Promise<Answer> {
  if (answer === undefined) return seriesUnavailable(id);
  const settled = await answer;
  return settled === WORKBOOKS_BUSY ? busy() : settled;
}

/** GET /api/series/{id}.xlsx: the CSV's rows as an Excel workbook, with a Notes sheet. */
export const getSeriesXlsx: Route = {
  path: '/api/series/{id}.xlsx',
  listed: 'document',
  cache: 'csv',
  spec: {
    operationId: 'getSeriesXlsx',
    summary: 'One series as an Excel workbook',
    description:
      'The rows /api/series/{id}.csv answers for the same parameters, as an xlsx workbook (FRED and the NY Fed offer xlsx too): sheet Data holds `date` (real Excel dates) and the value column named as in the CSV; sheet Notes says what the series is, its unit and transform, its source, last observation, licence and how to cite it, and when it was published. Series whose provider forbids reproduction answer values_withheld; under a flood of distinct workbooks, 503 service_unavailable with Retry-After.',
    parameters: [SERIES_ID_PARAMETER, ...SERIES_SELECTION_PARAMETERS],
    response: null,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    errors: ['invalid_parameter', 'unknown_series', 'series_unavailable', 'values_withheld', 'service_unavailable'],
    tag: 'series',
  },
  handle: (request, context) =>
    unknownSeries(request.params.id!, context.baseUrl) ?? seriesXlsxAnswer(request.params.id!, request, context),
};

/** A known series as a workbook (for /api/series/{id}.xlsx and /api/data/{id}.xlsx alike). */
export function seriesXlsxAnswer(
  id: string,
  { query }: RouteRequest,
  { publication }: RouteContext,
): Answer | Promise<Answer> {
  const withheld = valuesWithheld(id);
  if (withheld) return withheld;
  const parsed = parseSeriesQuery(query, id, false);
  if (parsed instanceof ApiError) return parsed;
  return settle(publication()?.spreadsheets.forSeries(id, parsed.selection), id);
}

/** GET /api/series.xlsx?ids=…: several series in one workbook, aligned on their dates. */
export const getSeriesSetXlsx: Route = {
  path: '/api/series.xlsx',
  listed: 'document',
  cache: 'csv',
  spec: {
    operationId: 'getSeriesSetXlsx',
    summary: 'Several series in one Excel workbook, aligned on their dates',
    description:
      'The rows /api/series.csv answers for the same parameters, as an xlsx workbook: sheet Data holds `date` and a column per series (named as the CSV’s; an empty cell where a series has no value); sheet Notes describes every series, its source and licence. 503 service_unavailable with Retry-After under a flood of distinct workbooks.',
    parameters: SERIES_SET_PARAMETERS,
    response: null,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    errors: [...SERIES_SET_ERRORS, 'service_unavailable'],
    tag: 'series',
  },
  handle: ({ query }, { baseUrl, publication }) =>
    seriesSet(query, baseUrl, publication(), (ids, window, transform, p) =>
      settle(p.spreadsheets.forSeriesSet(ids, window, transform), ids[0]!),
    ),
};
