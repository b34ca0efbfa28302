import { type PreparedResponse, withHeaders } from '../../publish/prepared-response.ts';

/** Security headers for pages and documents shown in a browser. */
export const PAGE_SECURITY_HEADERS = {
  // Scripts and styles only from the site's own files (no inline code); the chart script fetches the API of the
  // same origin; forms (custom range, comparison) submit to the site itself.
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  vary: 'Accept',
  // RFC 9727 §4: where this site's API catalog is.
  link: '</.well-known/api-catalog>; rel="api-catalog"',
};

/** A page's or a document's response with the security headers every page carries. */
export function withPageHeaders(prepared: PreparedResponse): PreparedResponse {
  return withHeaders(prepared, PAGE_SECURITY_HEADERS);
}
