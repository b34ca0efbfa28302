import { type Admit, type Busy, isBusy } from '../../publish/on-demand/gate.ts';
import type { OnDemandResult, OnDemandTask } from '../../publish/on-demand/tasks.ts';
import { reviveResponse } from '../../publish/on-demand/tasks.ts';
import type { PreparedResponse } from '../../publish/prepared-response.ts';
import type { Publication } from '../../publish/publication/build.ts';

import { ApiError } from '../errors/api-error.ts';
import type { ErrorCode } from '../errors/codes.ts';
import type { Answer, RouteContext, RouteRequest } from '../routes/route.ts';
import { asOfAnswer } from './as-of.ts';

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
 * An answer computed off the serving thread within the bound: kept under `key` (with the publication's version),
 * or computed by the task (built only when it runs, from the publication of the moment) on the worker.
 * `unavailable` answers a task that found nothing to answer; `what` names it in a refusal.
 */
export function computedAnswer(
  request: Pick<RouteRequest, 'client'>,
  context: RouteContext,
  publication: Publication,
  key: string,
  task: () => OnDemandTask,
  outcome: { what: string; unavailable: () => Answer; instant?: string; code?: ErrorCode },
): Answer | Promise<Answer> {
  const kept = answerFor(
    request,
    context,
    publication,
  )(key, () => context.compute(task()).then((result) => settle(result, outcome)));
  if (!(kept instanceof Promise)) return kept;
  return kept.then((result) => (isBusy(result) ? busyError(result, outcome.what) : result));
}

function settle(
  result: OnDemandResult,
  outcome: { what: string; unavailable: () => Answer; instant?: string; code?: ErrorCode },
): Answer {
  if ('response' in result) return reviveResponse(result.response);
  if ('refusal' in result && outcome.instant !== undefined) {
    return asOfAnswer(result.refusal, outcome.instant, outcome.what, outcome.code ?? 'series_unavailable');
  }
  return outcome.unavailable();
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
