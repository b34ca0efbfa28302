import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { chooseEncoding, type PreparedResponse } from '../publish/prepared-response.ts';

/**
 * Writes a pre-built response: the encoding the client accepts (brotli, gzip or identity), or 304 when
 * If-None-Match names any encoding's ETag (weak comparison, RFC 9110 §13.1.2). Node omits the body for HEAD.
 * Used by the Fastify routes and by the fast path alike, so both send the same bytes.
 */
export function writePrepared(headers: IncomingHttpHeaders, res: ServerResponse, prepared: PreparedResponse): void {
  const encoding = chooseEncoding(headers['accept-encoding']);
  const representation = encoding === 'identity' ? undefined : prepared.encoded[encoding];
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch && etagMatches(ifNoneMatch, prepared.etags)) {
    res.writeHead(304, { ...prepared.notModifiedHeaders, etag: representation?.headers.etag ?? prepared.etag });
    res.end();
    return;
  }
  if (representation) {
    res.writeHead(prepared.status, representation.headers);
    res.end(representation.body);
    return;
  }
  res.writeHead(prepared.status, prepared.headers);
  res.end(prepared.body);
}

/** If-None-Match uses weak comparison: W/ prefixes are ignored; `*` matches anything. */
export function etagMatches(header: string, etags: ReadonlySet<string>): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => etags.has(candidate.trim().replace(/^W\//, '')));
}
