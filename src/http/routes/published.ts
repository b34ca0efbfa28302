import type { TSchema } from '@sinclair/typebox';
import type { CachePolicy } from '../../publish/cache-policy.ts';
import type { PreparedResponse } from '../../publish/prepared-response.ts';
import type { Publication } from '../../publish/publication/build.ts';
import type { ErrorCode } from '../errors/codes.ts';
import { type Answer, type OperationSpec, type Route, type RouteContext, resourceAnswer } from './route.ts';

/**
 * The route that answers a published resource: its path, cache policy and response schema are the module's
 * (publish/resources/published.ts), so a route cannot answer one at another path, with another policy or another
 * schema; it is in the /api directory and the OpenAPI document. The route gives the operation and the handler.
 */
export function publishedRoute(
  module: { readonly key: string; readonly path: string; readonly cache: CachePolicy; readonly schema: TSchema },
  route: { spec: Omit<OperationSpec, 'response'> } & (
    | { handle: Route['handle'] }
    // A route that only answers the resource: the code, the `what` and the reason of publishedAnswer.
    | { unavailable: Unavailable }
  ),
): Route {
  return {
    path: module.path,
    listed: 'api',
    cache: module.cache,
    spec: { ...route.spec, response: module.schema },
    handle: 'handle' in route ? route.handle : answersPublished(module, route.unavailable),
  };
}

/** The handler of a route that only answers its resource (the arguments taken apart once, not per request). */
function answersPublished(module: { readonly key: string }, [code, what, reason]: Unavailable): Route['handle'] {
  return (_request, context) => publishedAnswer(context, module, code, what, reason);
}

/** Why a resource could not be computed, read from the publication; undefined when none was recorded. */
type Reason = (p: Publication | undefined) => string | undefined;
type Unavailable = [code: ErrorCode, what: string, reason: Reason];

/** Why a correlation resource could not be computed: its own error, or the model's it is computed from. */
export const correlationReason: Reason = (p) => p?.errors.correlation ?? p?.errors.model;

/**
 * A published resource (publish/resources/list.ts), read by its module's key: a resource the list gains is
 * answered without a type written for it here.
 */
export function publishedAnswer(
  context: RouteContext,
  resource: { readonly key: string },
  code: ErrorCode,
  what: string,
  reason: Reason,
): Answer {
  const pick = (p: Publication) =>
    (p as unknown as Record<string, { response: PreparedResponse } | undefined>)[resource.key]?.response;
  return resourceAnswer(context, pick, code, what, reason);
}
