import { CACHE_CONTROL } from './cache-policy.ts';
import { type PreparedResponse, prepareJson, withHeaders } from './prepared-response.ts';

/** A resource as typed object (for the site and other in-process readers) and as the bytes the API sends. */
export interface Resource<T> {
  readonly body: T;
  readonly response: PreparedResponse;
}

/** A body serialized once, with the cache policy of its kind. */
export function resource<T>(body: T, policy: keyof typeof CACHE_CONTROL): Resource<T> {
  return { body, response: prepareJson(body, CACHE_CONTROL[policy]) };
}

/** The same resource, for a URL that also answers CSV to `Accept: text/csv`: caches key on Accept. */
export function varyOnAccept<T>(r: Resource<T>): Resource<T> {
  return { body: r.body, response: withHeaders(r.response, { vary: 'Accept' }) };
}
