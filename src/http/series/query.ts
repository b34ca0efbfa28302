import type { Selection } from '../../publish/resources/series/selection.ts';
import type { Parameter } from '../../publish/schemas/directory.ts';
import { seriesDef } from '../../timeseries/catalog.ts';
import { ApiError } from '../errors/api-error.ts';
import { parseOrder } from '../params/days.ts';
import { type DeclaredQuery, QUERY_PARAMETERS, queryParameter } from '../params/query.ts';
import { parseTransform } from '../params/transform.ts';
import { DATE_RANGE_PARAMETERS, parseAsOf, parseWindow } from '../params/window.ts';

/** The window, order and FRED-style transform parameters every one-series download takes (JSON, CSV, xlsx). */
export const SERIES_SELECTION_PARAMETERS: readonly Parameter[] = [
  queryParameter('days'),
  ...DATE_RANGE_PARAMETERS,
  queryParameter('sort'),
  queryParameter('limit'),
  queryParameter('offset'),
  queryParameter('units'),
  queryParameter('frequency'),
  queryParameter('aggregation'),
];

const DEFAULT_WINDOW = { days: QUERY_PARAMETERS.days.default };

/** What a one-series request asks for: its selection and, when given, the instant it asks about. */
export interface SeriesQuery {
  selection: Selection;
  asOf: string | undefined;
  /** Neither order nor transform given: the plain series, served from its pre-serialized windows. */
  plain: boolean;
}

/**
 * Parses a one-series query. Without days, start or end the plain series answers its last 365 days; with sort,
 * limit or a transform the whole history (as FRED answers). Example: ?units=pc1&frequency=m → window null,
 * transform { pc1, m, avg }.
 */
export function parseSeriesQuery(query: DeclaredQuery, id: string, takesAsOf: boolean): SeriesQuery | ApiError {
  const window = parseWindow(query.get('days'), query.get('start'), query.get('end'));
  if (!window.ok) return new ApiError('invalid_parameter', window.message, window.hint);
  // The common request (no parameter, or `days` alone): nothing else to read. It is most of the traffic, and
  // each read of an absent parameter costs a lookup.
  if (query.size === 0 || (query.size === 1 && window.value !== null && 'days' in window.value))
    return {
      selection: { window: window.value ?? DEFAULT_WINDOW, order: 'asc', limit: undefined, offset: 0, transform: null },
      asOf: undefined,
      plain: true,
    };
  const asOf = takesAsOf ? parseAsOf(query.get('asOf')) : { ok: true as const, value: undefined };
  if (!asOf.ok) return new ApiError('invalid_parameter', asOf.message, asOf.hint);
  const order = parseOrder(query.get('sort'), query.get('limit'), query.get('offset'));
  if (!order.ok) return new ApiError('invalid_parameter', order.message, order.hint);
  const def = seriesDef(id);
  const transform = def ? parseTransform(query, [def]) : null;
  if (transform instanceof ApiError) return transform;
  // With asOf too: the selection and the transform apply to the series as known then (issue 42, point 4).
  const plain = !order.value.given && transform === null;
  const defaultWindow = plain ? { days: QUERY_PARAMETERS.days.default } : null;
  return {
    selection: {
      window: window.value ?? defaultWindow,
      order: order.value.order,
      limit: order.value.limit,
      offset: order.value.offset,
      transform,
    },
    asOf: asOf.value,
    plain,
  };
}
