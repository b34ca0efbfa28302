import type { Publication } from '../../publish/publication.ts';
import type { Admit } from '../../publish/resources/model-as-of.ts';
import { ApiError } from '../api-error.ts';
import { asOfAnswer } from '../as-of-answer.ts';
import { admitFor } from '../computed-answer.ts';
import { wantsCsv } from '../negotiation.ts';
import type { DeclaredQuery } from '../query-params.ts';
import { History } from '../schemas/regime.ts';
import { DATE_RANGE_PARAMETERS, MODEL_AS_OF_PARAMETER, parseAsOf, parseWindow } from '../window-param.ts';
import { type Answer, noDataYet, type Route, type RouteContext, type RouteRequest, resourceAnswer } from './route.ts';

/** The bound of on-demand work, for this request's client, on whichever publication answers. */
const admitOf = (request: RouteRequest, context: RouteContext) => (publication: Publication) =>
  admitFor(request, context, publication);

export const getHistory: Route = {
  path: '/api/history',
  listed: 'api',
  cache: 'history',
  spec: {
    operationId: 'getHistory',
    summary: 'Daily headline history with sub-indices',
    description:
      'The 0–100 headline on every business day from the first warmed-up day, with the four group sub-indices, the aggregate and the status, as aligned columns (element i of each array belongs to dates[i]), ascending. Each day is computed as of that day from data published by then. `start`/`end` keep the days of a date range; `Accept: text/csv` answers CSV (as /api/history.csv). With asOf: the history a publication at that instant would have served.',
    parameters: [...DATE_RANGE_PARAMETERS, MODEL_AS_OF_PARAMETER],
    response: History,
    errors: ['invalid_parameter', 'not_known_as_of', 'busy', 'history_unavailable', 'no_data_yet'],
    alternateContentType: 'text/csv',
    tag: 'model',
  },
  handle: (request, context) => {
    const { query, headers } = request;
    if (wantsCsv(headers.accept)) return historyCsvAnswer(query, context.publication(), admitOf(request, context));
    const range = parseWindow(undefined, query.get('start'), query.get('end'));
    if (!range.ok) return new ApiError('invalid_parameter', range.message, range.hint);
    const window = range.value;
    const asOf = parseAsOf(query.get('asOf'));
    if (!asOf.ok) return new ApiError('invalid_parameter', asOf.message, asOf.hint);
    const publication = context.publication();
    if (asOf.value !== undefined && publication) {
      const range = window && 'start' in window ? window : null;
      return historyAsOf(publication, asOf.value, range, false, admitFor(request, context, publication));
    }
    return resourceAnswer(
      context,
      (p) => (window && 'start' in window ? p.historyRanges.forRange(window.start, window.end) : p.history?.response),
      'history_unavailable',
      'history',
      (p) => p?.errors.model,
    );
  },
};

/** The history as known at an instant, JSON or CSV, whole or a date range. */
export async function historyAsOf(
  publication: Publication,
  instant: string,
  range: { start: string; end: string | null } | null,
  csv: boolean,
  admit?: Admit,
): Promise<Answer> {
  const outcome = await publication.asOf.history(instant, range, csv, admit);
  return asOfAnswer(outcome, instant, 'history', 'history_unavailable');
}

/**
 * The history as CSV, whole or from start to end, now or as known at asOf (for /api/history.csv and
 * /api/history with Accept).
 */
export function historyCsvAnswer(
  query: DeclaredQuery,
  publication: Publication | undefined,
  admit?: (publication: Publication) => Admit,
): Answer | Promise<Answer> {
  const range = parseWindow(undefined, query.get('start'), query.get('end'));
  if (!range.ok) return new ApiError('invalid_parameter', range.message, range.hint);
  const window = range.value && 'start' in range.value ? range.value : undefined;
  const asOf = parseAsOf(query.get('asOf'));
  if (!asOf.ok) return new ApiError('invalid_parameter', asOf.message, asOf.hint);
  if (asOf.value !== undefined && publication)
    return historyAsOf(publication, asOf.value, window ?? null, true, admit?.(publication));
  const csv = publication?.csv.historyCsv(window);
  if (csv) return csv;
  if (!publication || publication.current.size === 0) return noDataYet('history');
  return new ApiError('history_unavailable', 'The history has not been computed yet.', 'Retry after the next refresh.');
}

/** GET /api/history.csv: the model history, one row per business day. */
export const getHistoryCsv: Route = {
  path: '/api/history.csv',
  listed: 'document',
  cache: 'csv',
  spec: {
    operationId: 'getHistoryCsv',
    summary: 'The headline history as CSV',
    description:
      'The daily history as RFC 4180 CSV: date, headline_percentile_5y (0 loosest … 100 tightest of 5 years), status, confidence (high, medium, low), aggregate_0_1 and one column per group sub-index (`policy_0_100` …: 0–100, empty when the group did not report); then provisional (true on a day without live data enough for a status, whose status is empty), live_weight_share, level_0_100 (the fixed scale) and each group’s part of the level in level points (`policy_part_points` …, adding up to level_0_100; empty for models without a level).',
    parameters: [...DATE_RANGE_PARAMETERS, MODEL_AS_OF_PARAMETER],
    response: null,
    contentType: 'text/csv',
    errors: ['invalid_parameter', 'not_known_as_of', 'busy', 'history_unavailable', 'no_data_yet'],
    tag: 'model',
  },
  handle: (request, context) => historyCsvAnswer(request.query, context.publication(), admitOf(request, context)),
};
