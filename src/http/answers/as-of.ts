import type { AsOfOutcome } from '../../publish/resources/model-as-of.ts';
import type { AsOfRefusal } from '../../publish/resources/series/vintages.ts';
import { ApiError } from '../errors/api-error.ts';
import type { ErrorCode } from '../errors/codes.ts';
import type { Answer } from '../routes/route.ts';

/** How long a client told `busy` waits: about the time a queued model run takes on a busy machine. */
const BUSY_RETRY_SECONDS = 2;

/**
 * What an `asOf` request answers: the rebuilt answer, or the refusal in the error envelope — 404
 * not_known_as_of when nothing was known (or nothing could be scored) then, 503 busy when too many computations
 * run, and the resource's own unavailable code when the computation failed.
 */
export function asOfAnswer(
  outcome: AsOfOutcome | AsOfRefusal,
  instant: string,
  what: string,
  unavailable: ErrorCode,
): Answer {
  if ('body' in outcome) return outcome;
  if ('busy' in outcome) {
    return new ApiError(
      'busy',
      `Too many point-in-time answers are being computed; the ${what} as of ${instant} was not started.`,
      `Retry in ${BUSY_RETRY_SECONDS} seconds; answers already computed are served at once.`,
      { 'retry-after': String(BUSY_RETRY_SECONDS) },
    );
  }
  if ('failed' in outcome) {
    return new ApiError(
      unavailable,
      `The ${what} as of ${instant} could not be computed: ${outcome.failed}.`,
      'Retry later, or leave asOf out for the current answer.',
    );
  }
  const first = outcome.storeFirstLoadAt ?? 'never';
  if (outcome.refused === 'before-first-load' || outcome.refused === 'not-yet-seen') {
    return new ApiError(
      'not_known_as_of',
      outcome.refused === 'before-first-load'
        ? `Nothing was known at ${instant}: this service first stored data at ${first}.`
        : `The ${what} had not been seen yet at ${instant} (this service first stored data at ${first}).`,
      'Ask for an instant after the store’s first load, or leave asOf out for the current values.',
    );
  }
  return new ApiError(
    'not_known_as_of',
    `No ${what} could be computed from what was known at ${instant}: ${'reason' in outcome ? outcome.reason : 'not enough stored history'}.`,
    'Ask for a later instant, or leave asOf out for the current answer.',
  );
}
