import { createHash } from 'node:crypto';

/**
 * An immutable HTTP response built once per publish: the exact body bytes, a strong ETag over them, and the
 * headers to send. Requests only pick one and write it out.
 */
export interface PreparedResponse {
  readonly status: number;
  readonly body: Buffer;
  readonly etag: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Headers of the 304 answer to a matching If-None-Match. */
  readonly notModifiedHeaders: Readonly<Record<string, string>>;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function strongEtag(body: Buffer | string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

export function prepareBody(body: Buffer, contentType: string, cacheControl: string, status = 200): PreparedResponse {
  return prepared(body, strongEtag(body), contentType, cacheControl, status);
}

export function prepared(
  body: Buffer,
  etag: string,
  contentType: string,
  cacheControl: string,
  status = 200,
): PreparedResponse {
  return {
    status,
    body,
    etag,
    headers: {
      'content-type': contentType,
      'content-length': String(body.length),
      'cache-control': cacheControl,
      etag,
      'access-control-allow-origin': '*',
    },
    notModifiedHeaders: { etag, 'cache-control': cacheControl, 'access-control-allow-origin': '*' },
  };
}

export function prepareJson(value: unknown, cacheControl: string, status = 200): PreparedResponse {
  return prepareBody(Buffer.from(JSON.stringify(value)), JSON_CONTENT_TYPE, cacheControl, status);
}
