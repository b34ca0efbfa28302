import { type Busy, isBusy } from '../../publish/on-demand/gate.ts';
import type { PreparedResponse } from '../../publish/prepared-response.ts';
import type { Publication } from '../../publish/publication/build.ts';
import { answerFor } from '../answers/computed.ts';
import { ApiError } from '../errors/api-error.ts';
import { SERIES_ID_PARAMETER, seriesUnavailable, unknownSeries, valuesWithheld } from '../series/errors.ts';
import { parseSeriesQuery, SERIES_SELECTION_PARAMETERS } from '../series/query.ts';
import type { Answer, Route, RouteContext, RouteRequest } from './route.ts';
import { SERIES_SET_ERRORS, SERIES_SET_PARAMETERS, seriesSet } from './series-set.ts';

/**
 * Past the bound: service_unavailable, the code workbooks have answered since they were added (API 2.0), rather
 * than the `busy` of the other answers computed on demand, which would change what a client relies on.
 */
function busy(retryAfterSeconds: number): ApiError {
  return new ApiError(
    'service_unavailable',
    'Too much is being computed on demand at this moment (your share of the queue is full, or the queue is); the workbook was not started.',
    `Retry in ${retryAfterSeconds} s (Retry-After); the CSV form of the same URL answers at once.`,
    { 'retry-after': String(retryAfterSeconds) },
  );
}

function settle(
  answer: PreparedResponse | Promise<PreparedResponse | Busy> | undefined,
  id: string,
  publication: Publication,
): Answer | Promise<Answer> {
  if (answer === undefined) return seriesUnavailable(id, publication);
  if (!(answer instanceof Promise)) return answer;
  return answer.then((settled) => (isBusy(settled) ? busy(settled.retryAfterSeconds) : settled));
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
      'The rows /api/series/{id}.csv answers for the same parameters, as an xlsx workbook (FRED and the NY Fed offer xlsx too): sheet Data holds `date` (real Excel dates) and the value column named as in the CSV; sheet Notes says what the series is, its unit and transform, its source, last observation, licence and how to cite it, and when it was published. Series whose provider forbids reproduction answer values_withheld; past the bound of work computed on demand (a fair share per client), 503 service_unavailable with Retry-After.',
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
export function seriesXlsxAnswer(id: string, request: RouteRequest, context: RouteContext): Answer | Promise<Answer> {
  const withheld = valuesWithheld(id);
  if (withheld) return withheld;
  const parsed = parseSeriesQuery(request.query, id, false);
  if (parsed instanceof ApiError) return parsed;
  const publication = context.publication();
  if (!publication) return seriesUnavailable(id, publication);
  return settle(
    publication.spreadsheets.forSeries(id, parsed.selection, answerFor(request, context, publication)),
    id,
    publication,
  );
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
      'The rows /api/series.csv answers for the same parameters, as an xlsx workbook: sheet Data holds `date` and a column per series (named as the CSV’s; an empty cell where a series has no value); sheet Notes describes every series, its source and licence. 503 service_unavailable with Retry-After past the bound of work computed on demand (a fair share per client).',
    parameters: SERIES_SET_PARAMETERS,
    response: null,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    errors: [...SERIES_SET_ERRORS, 'service_unavailable'],
    tag: 'series',
  },
  handle: (request, context) =>
    seriesSet(request, context, (ids, window, transform, p) =>
      settle(p.spreadsheets.forSeriesSet(ids, window, transform, answerFor(request, context, p)), ids[0]!, p),
    ),
};
