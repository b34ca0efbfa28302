import type { IncomingMessage } from 'node:http';
import { ApiError } from './errors/api-error.ts';

/**
 * The request target and its Host, as RFC 9112 §3.2 has a server read them, checked once per request before any
 * route sees it.
 */

/** A target in absolute form: a scheme and an authority, then the path and query (if any). */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * The origin form of a request target: an absolute target (`GET http://host/api/regime`, which a server must accept,
 * RFC 9112 §3.2.2) becomes its path and query; any other target is returned as it is. The authority is ignored, as
 * the Host header is: every link the service writes is made from BASE_URL.
 * Example: 'http://a.example/api/regime?x=1' → '/api/regime?x=1'; 'http://a.example' → '/'.
 */
export function originForm(target: string): string {
  if (target.startsWith('/')) return target;
  const authority = ABSOLUTE_FORM.exec(target);
  if (!authority) return target;
  const rest = target.slice(authority[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

const MISSING_HOST = new ApiError(
  'bad_request',
  'An HTTP/1.1 request must carry a Host header (RFC 9112 §3.2).',
  'Send the Host header, e.g. Host: api.example.org.',
);

const SEVERAL_HOSTS = new ApiError(
  'bad_request',
  'The request carries more than one Host header line (RFC 9112 §3.2): which host it is for cannot be told.',
  'Send exactly one Host header.',
);

/**
 * Why the request's Host cannot be accepted, if it cannot: an HTTP/1.1 request without one, or any request with more
 * than one Host line (a server must answer both with 400, RFC 9112 §3.2). Node keeps only the first of several Host
 * lines in `headers`, so they are counted in the raw header list. Returns undefined for an acceptable request.
 */
export function hostHeaderError(req: IncomingMessage): ApiError | undefined {
  if (req.headers.host === undefined)
    return req.httpVersionMajor === 1 && req.httpVersionMinor >= 1 ? MISSING_HOST : undefined;
  const raw = req.rawHeaders;
  let hosts = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 4 && name.toLowerCase() === 'host') hosts++;
  }
  return hosts > 1 ? SEVERAL_HOSTS : undefined;
}
