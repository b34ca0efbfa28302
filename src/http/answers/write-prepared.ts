import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import fresh from 'fresh';
import type { PreparedResponse } from '../../publish/prepared-response.ts';
import { chooseEncoding } from '../negotiation.ts';
import { answerHeaders } from './headers.ts';

/**
 * Writes a pre-built response: the encoding the client accepts (brotli, gzip or identity), or 304 when
 * If-None-Match names any encoding's ETag (weak comparison, RFC 9110 §13.1.2, by `fresh`). Node omits the body
 * for HEAD. The one writer of every successful response.
 */
export function writePrepared(headers: IncomingHttpHeaders, res: ServerResponse, prepared: PreparedResponse): void {
  const encoding = chooseEncoding(headers['accept-encoding']);
  const representation = encoding === 'identity' ? undefined : prepared.encoded[encoding];
  // An answer built on demand is encoded once a client that accepts an encoding asks for it (prepared-response.ts);
  // should that fail, the identity body keeps being sent.
  if (encoding !== 'identity' && !representation) prepared.encodeOnRequest?.()?.catch(() => undefined);
  const extra = answerHeaders(res);
  const head = (own: Readonly<Record<string, string>>) => (extra ? { ...own, ...extra } : own);
  if (headers['if-none-match'] && notModified(headers, prepared)) {
    res.writeHead(304, {
      ...prepared.notModifiedHeaders,
      etag: representation?.headers.etag ?? prepared.etag,
      ...extra,
    });
    res.end();
    return;
  }
  if (representation) {
    res.writeHead(prepared.status, head(representation.headers));
    res.end(representation.body);
    return;
  }
  res.writeHead(prepared.status, head(prepared.headers));
  if (!prepared.parts) {
    res.end(prepared.body);
    return;
  }
  // Written in one go: Node corks the socket for the writes of one tick (a single writev).
  for (const part of prepared.parts) res.write(part);
  res.end();
}

/**
 * Whether If-None-Match names one of the ETags. Only that header is given to `fresh`: with the request's
 * `Cache-Control: no-cache` (which `fetch()` adds whenever a script sets If-None-Match) it would answer "not fresh",
 * a cache's rule; the origin evaluates the precondition (RFC 9110 §13.2.1) and answers 304.
 */
function notModified(headers: IncomingHttpHeaders, prepared: PreparedResponse): boolean {
  const precondition = { 'if-none-match': headers['if-none-match'] };
  for (const etag of prepared.etags) if (fresh(precondition, { etag })) return true;
  return false;
}
