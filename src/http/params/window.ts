import type { Parameter } from '../../publish/schemas/directory.ts';
import type { ChartQuery, ChartWindow } from '../../publish/site-port.ts';
import { isIndicatorId } from '../../timeseries/catalog.ts';
import { ApiError, truncate } from '../errors/api-error.ts';
import { instantOf } from './formats.ts';
import { QUERY_PARAMETERS, queryParameter } from './query.ts';
import type { ParsedQuery } from './route-query.ts';

/** The 400 of two parameters that do not go together (each was checked alone by its schema). */
const invalid = (message: string, hint: string) => new ApiError('invalid_parameter', message, hint);

/**
 * The window asked for (each parameter already checked by its schema): `days` (a trailing window), or `start` with
 * an optional `end` (a date range), never both; null when none is given. `start` after `end`, `end` without
 * `start`, or `days` with either is one invalid_parameter error naming the conflict.
 */
export function parseWindow(
  days: number | undefined,
  start: string | undefined,
  end: string | undefined,
): ChartWindow | null | ApiError {
  const hint =
    'Give either days (a trailing window) or start and optionally end (a date range), e.g. ?start=2020-01-01&end=2021-06-30.';
  if (start === undefined && end === undefined) return days === undefined ? null : { days };
  if (days !== undefined) return invalid('Parameters "days" and "start"/"end" were given together.', hint);
  if (start === undefined) return invalid('Parameter "end" was given without "start".', hint);
  if (end !== undefined && end < start) return invalid(`"start" (${start}) is after "end" (${end}).`, hint);
  return { start, end: end ?? null };
}

/** The window of a route that takes days, start and end. Example: ?days=90 → { days: 90 }; nothing → null. */
export function windowOf(query: ParsedQuery): ChartWindow | null | ApiError {
  return parseWindow(query.given('days') ? query.get('days') : undefined, query.get('start'), query.get('end'));
}

/** The date range of a route that takes start and end only (the history). */
export function rangeOf(query: ParsedQuery): ChartWindow | null | ApiError {
  return parseWindow(undefined, query.get('start'), query.get('end'));
}

/**
 * A chart's window and the series drawn against it (`compare`, read only where `takesCompare`: another indicator
 * id, or null).
 */
export function parseChartQuery(query: ParsedQuery, id: string, takesCompare: boolean): ChartQuery | ApiError {
  const window = windowOf(query);
  if (window instanceof ApiError) return window;
  const compare = takesCompare ? query.get('compare') : undefined;
  const hint: string = QUERY_PARAMETERS.compare.hint;
  if (compare !== undefined && !isIndicatorId(compare))
    return invalid(`Unknown series for "compare": "${truncate(compare)}".`, hint);
  if (compare === id) return invalid('A series cannot be compared with itself.', hint);
  return { window, compare: compare ?? null };
}

/** The instant `asOf` names (checked by its schema), normalized; undefined when not asked. */
export function asOfOf(query: ParsedQuery): string | undefined {
  const asOf = query.get('asOf');
  return asOf === undefined ? undefined : instantOf(asOf);
}

/** The `start` and `end` query parameters (series, history). */
export const DATE_RANGE_PARAMETERS: Parameter[] = [queryParameter('start'), queryParameter('end')];

/** The `asOf` query parameter as documented for one resource; `answered` says where the answer names its instant. */
export const asOfParameter = (answered: string): Parameter => queryParameter('asOf', answered);

export const AS_OF_PARAMETER: Parameter = asOfParameter('meta.asOf says which instant was answered.');

/**
 * `asOf` on the model's resources (regime, history, lens): recomputed on demand with the current model, so that
 * answers for different instants stay comparable.
 */
export const MODEL_AS_OF_PARAMETER: Parameter = asOfParameter(
  'Recomputed with the current model (modelVersion) from the vintages seen by then; the asOf field gives the instant, the store’s first load and knowledgeAt (the newest vintage seen by then: every instant up to the next one answers alike). An instant after the current publication answers as of the publication; one before a day could be scored answers 404 not_known_as_of. Computed on demand off the serving thread; when two computations already run, 503 busy with Retry-After.',
);
