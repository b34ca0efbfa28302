import { CURRENT_MODEL } from '../../analytics/model/versions.ts';
import { history as historyResource } from '../../publish/resources/history.ts';
import { asOfAnswer } from '../answers/as-of.ts';
import { admitFor } from '../answers/computed.ts';
import { ApiError } from '../errors/api-error.ts';
import { wantsCsv } from '../negotiation.ts';
import { queryParameter } from '../params/query.ts';
import type { ParsedQuery } from '../params/route-query.ts';
import { asOfOf, DATE_RANGE_PARAMETERS, MODEL_AS_OF_PARAMETER, rangeOf } from '../params/window.ts';
import { publishedRoute } from './published.ts';
import { type Answer, type Route, type RouteContext, type RouteRequest, resourceAnswer } from './route.ts';

export const getHistory = publishedRoute(historyResource, {
  spec: {
    operationId: 'getHistory',
    summary: 'Daily headline history with sub-indices',
    description:
      'The 0–100 headline on every business day from the first warmed-up day, with the group sub-indices, the aggregate and the status, as aligned columns (element i of each array belongs to dates[i]), ascending. Each day reads only observations published by then (an input enters on its publication day), at their values as published today: a revision restates the days it touches (asOf answers the history as it was known at an instant). `start`/`end` keep the days of a date range; `Accept: text/csv` answers CSV (as /api/history.csv). With asOf: the history a publication at that instant would have served.',
    parameters: [...DATE_RANGE_PARAMETERS, MODEL_AS_OF_PARAMETER, queryParameter('model')],
    errors: ['invalid_parameter', 'not_known_as_of', 'busy', 'history_unavailable', 'no_data_yet'],
    alternateContentType: 'text/csv',
    tag: 'model',
  },
  handle: (request, context) => historyAnswer(request, context, wantsCsv(request.headers.accept)),
});

/** The model version asked for (`model`): the current one by default; an earlier one never with asOf. */
function modelOf(query: ParsedQuery, asOf: string | undefined): string | ApiError {
  const raw = query.get('model');
  if (raw !== CURRENT_MODEL.version && asOf !== undefined) {
    return new ApiError(
      'invalid_parameter',
      'An earlier model version’s history is offered as of the current publication only: model and asOf cannot be combined.',
      `Leave asOf out for ${raw}'s history, or model out for the current model as of an instant.`,
    );
  }
  return raw;
}

/**
 * The history as JSON or CSV (for /api/history, with Accept or not, and /api/history.csv), whole or from start to
 * end, now, as known at asOf, or by an earlier model version.
 */
function historyAnswer(request: RouteRequest, context: RouteContext, csv: boolean): Answer | Promise<Answer> {
  const query = request.query.read();
  if (query instanceof ApiError) return query;
  const range = rangeOf(query);
  if (range instanceof ApiError) return range;
  const window = range && 'start' in range ? range : null;
  const asOf = asOfOf(query);
  const model = modelOf(query, asOf);
  if (model instanceof ApiError) return model;
  const publication = context.publication();
  // An earlier model version's history, or the history as known at an instant: computed on demand, then kept.
  if (model !== CURRENT_MODEL.version && publication) {
    return publication.asOf
      .earlierHistory(model, window, csv, admitFor(request, context, publication))
      .then((outcome) => asOfAnswer(outcome, publication.builtAt, `history of ${model}`, 'history_unavailable'));
  }
  if (asOf !== undefined && publication) {
    return publication.asOf
      .history(asOf, window, csv, admitFor(request, context, publication))
      .then((outcome) => asOfAnswer(outcome, asOf, 'history', 'history_unavailable'));
  }
  return resourceAnswer(
    context,
    csv
      ? (p) => p.csv.historyCsv(window ?? undefined)
      : (p) => (window ? p.historyRanges.forRange(window.start, window.end) : p.history?.response),
    'history_unavailable',
    'history',
    (p) => p?.errors.model,
  );
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
    parameters: [...DATE_RANGE_PARAMETERS, MODEL_AS_OF_PARAMETER, queryParameter('model')],
    response: null,
    contentType: 'text/csv',
    errors: ['invalid_parameter', 'not_known_as_of', 'busy', 'history_unavailable', 'no_data_yet'],
    tag: 'model',
  },
  handle: (request, context) => historyAnswer(request, context, true),
};
