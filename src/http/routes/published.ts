import type { CachePolicy } from '../../publish/cache-policy.ts';

/**
 * The path and cache policy of a route that answers a published resource: the resource's module declares them
 * (publish/resources/published.ts), with its response schema, so that a route cannot answer one at another path,
 * with another policy or another schema (test/http/routes/published.test.ts).
 */
export function servedAs<M extends { readonly path: string; readonly cache: CachePolicy }>(module: M) {
  return { path: module.path, cache: module.cache };
}
