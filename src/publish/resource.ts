import { CACHE_CONTROL } from './cache-policy.ts';
import {
  JSON_CONTENT_TYPE,
  type PreparedResponse,
  prepareBody,
  prepareJson,
  withHeaders,
} from './prepared-response.ts';

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

/** JSON built for one client: encoded once a client asks for an encoding, not at once (prepared-response.ts). */
export function onDemandJson(text: string, cacheControl: string): PreparedResponse {
  return prepareBody(Buffer.from(text), JSON_CONTENT_TYPE, cacheControl, 200, 'if-idle');
}
