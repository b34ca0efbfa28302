import type { Admit, Busy } from '../../publish/on-demand/gate.ts';
import type { PreparedResponse } from '../../publish/prepared-response.ts';
import type { Publication } from '../../publish/publication/build.ts';
import { ApiError } from '../errors/api-error.ts';
import type { RouteContext, RouteRequest } from '../routes/route.ts';

/** Who is asking, for the fair share of the queue (a request without a connection: one anonymous client). */
export function clientOf(request: Pick<RouteRequest, 'client'>): string {
  return request.client ?? 'local';
}

/** The 503 past the bound of on-demand work (publish/on-demand/gate.ts): the envelope, with Retry-After. */
export function busyError(busy: Busy, what: string): ApiError {
  return new ApiError(
    'busy',
    `Too much is being computed on demand at this moment (your share of the queue is full, or the queue is); the ${what} was not started.`,
    `Retry in ${busy.retryAfterSeconds} s (Retry-After); answers already computed, and every pre-built one, are served at once.`,
    { 'retry-after': String(busy.retryAfterSeconds) },
  );
}

/**
 * An answer of this request's client within the bound of on-demand work: kept under `key` (for the publication),
 * or computed by `work` as the client's share, or busy past it.
 */
export function answerFor(request: Pick<RouteRequest, 'client'>, context: RouteContext, publication: Publication) {
  return <T extends PreparedResponse | object>(key: string, work: () => Promise<T>) =>
    context.onDemand.answer(clientOf(request), `${publication.version}|${key}`, work);
}

/** The bound of on-demand work for one request's model computations (`asOf`: publish/resources/model-as-of.ts). */
export function admitFor(
  request: Pick<RouteRequest, 'client'>,
  context: RouteContext,
  publication: Publication,
): Admit {
  return (key, work, signal) =>
    context.onDemand.admit(clientOf(request), `${publication.version}|${key}`, work, signal);
}
