import { INDICATOR_COUNT } from '../../timeseries/catalog.ts';

/** How long a client is asked to wait when nothing is stored yet (no_data_yet, series_unavailable): about what a
 * first refresh takes. */
export const NO_DATA_RETRY_SECONDS = 60;

/** Every error code the API returns, with its status and meaning: drives the docs and the OpenAPI document. */
export const ERROR_CODES = {
  invalid_parameter: { status: 400, description: 'A query parameter has a value outside its allowed set or range.' },
  unknown_parameter: {
    status: 400,
    description:
      'A query parameter this endpoint does not take (a misspelt one would otherwise be ignored silently); the hint names the ones it accepts.',
  },
  unknown_series: { status: 404, description: `The series id is not one of the ${INDICATOR_COUNT} tracked ids.` },
  endpoint_not_found: { status: 404, description: 'No endpoint exists at this path under /api.' },
  not_found: { status: 404, description: 'No page exists at this path.' },
  method_not_allowed: { status: 405, description: 'Only GET, HEAD and OPTIONS are supported.' },
  bad_request: { status: 400, description: 'The request could not be parsed (malformed URL or header).' },
  headers_too_large: { status: 431, description: 'The request line or headers exceed 16 KiB.' },
  rate_limited: {
    status: 429,
    description:
      'Too many requests from this client address in the last minute (RATE_LIMIT_PER_MINUTE, 600 by default); retry after the Retry-After seconds. RateLimit-Policy and RateLimit on every answer say the quota and what is left.',
  },
  values_withheld: {
    status: 451,
    description:
      "The upstream terms forbid reproducing this series' values (ICE BofA spreads): no chart or value is served, only statistics (see /api/series/{id} meta.license).",
  },
  not_known_as_of: {
    status: 404,
    description:
      'asOf names an instant before this service had stored anything (or before it first saw this series, or before enough history was stored to score a day): nothing was known then. The message gives the store’s first load.',
  },
  busy: {
    status: 503,
    description:
      'Too much on-demand work is running or waiting — transforms, CSV windows, several series at once, revisions, point-in-time (asOf) answers, or charts being drawn — or this client already has its share of it waiting; retry after the Retry-After seconds. Answers already computed, and every pre-built answer, are served meanwhile.',
  },
  series_unavailable: {
    status: 503,
    description:
      'The series has no stored data yet: the first refresh is still running, or its provider has sent nothing or an error (the message says which, from the last refresh).',
  },
  regime_unavailable: {
    status: 500,
    description: 'The regime could not be computed (no data yet or a computation error) and no earlier result exists.',
  },
  history_unavailable: {
    status: 500,
    description: 'The history could not be computed (no data yet or a computation error) and no earlier result exists.',
  },
  model_unavailable: {
    status: 500,
    description: 'The model description could not be computed and no earlier result exists.',
  },
  lens_unavailable: { status: 500, description: 'The lens could not be computed and no earlier result exists.' },
  correlation_unavailable: {
    status: 500,
    description: 'The correlation statistics could not be computed and no earlier result exists.',
  },
  snapshot_unavailable: {
    status: 500,
    description: 'The snapshot could not be assembled (the regime is not available yet, or an assembly error).',
  },
  service_unavailable: { status: 503, description: 'Nothing has been published yet: the service is starting.' },
  no_data_yet: {
    status: 503,
    description:
      'No data has been stored yet: the first refresh is running, or the providers could not be reached (see /api/health for why and when the next try is). Retry after the Retry-After seconds.',
  },
  internal_error: { status: 500, description: 'An unexpected server error.' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
