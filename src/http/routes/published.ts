import type { CachePolicy } from '../../publish/cache-policy.ts';
import type { PreparedResponse } from '../../publish/prepared-response.ts';
import type { Publication } from '../../publish/publication/build.ts';
import type { ErrorCode } from '../errors/codes.ts';
import { type Answer, type RouteContext, resourceAnswer } from './route.ts';

/**
 * The path and cache policy of a route that answers a published resource: the resource's module declares them
 * (publish/resources/published.ts), with its response schema, so that a route cannot answer one at another path,
 * with another policy or another schema (test/http/routes/published.test.ts).
 */
export function servedAs<M extends { readonly path: string; readonly cache: CachePolicy }>(module: M) {
  return { path: module.path, cache: module.cache };
}

/**
 * A published resource (publish/resources/list.ts), read by its module's key: a resource the list gains is
 * answered without a type written for it here.
 */
export function publishedAnswer(
  context: RouteContext,
  resource: { readonly key: string },
  code: ErrorCode,
  what: string,
  reason: (p: Publication | undefined) => string | undefined,
): Answer {
  const pick = (p: Publication) =>
    (p as unknown as Record<string, { response: PreparedResponse } | undefined>)[resource.key]?.response;
  return resourceAnswer(context, pick, code, what, reason);
}
