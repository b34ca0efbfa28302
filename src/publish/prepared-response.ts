import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import PQueue from 'p-queue';

/**
 * An HTTP response built once per publish: the exact body bytes, a strong ETag over them, the headers to send,
 * and gzip and brotli encodings of the same body (each with its own ETag, as RFC 9110 requires for different
 * representations). The encodings are computed on libuv's thread pool as soon as the response is built, so a
 * publish does not hold the main thread for compression; until they are ready (`ready`), the identity body is
 * sent. Requests only pick one and write it out.
 */
export interface Representation {
  readonly body: Buffer;
  readonly headers: Readonly<Record<string, string>>;
}

export interface PreparedResponse {
  readonly status: number;
  readonly body: Buffer;
  /**
   * Set when the body is these buffers one after the other (views of bytes the publication keeps anyway): the
   * identity answer writes them as they are, and `body` joins them only when read. An uncommon `days` window is
   * a head, a slice of the series' serialized points and a tail: joined per request, a flood of distinct windows
   * would make short-lived buffers whose release waits on the collector.
   */
  readonly parts?: readonly Buffer[];
  /**
   * The body as the characters of a JSON string (escaped, without its quotes), in parts, where they are at hand
   * without escaping the body per request: a series window's are slices of its points escaped once per series.
   * MCP's text content of a tool result (http/mcp/fast-path.ts); absent, the body is escaped when asked.
   */
  readonly jsonText?: () => readonly Buffer[];
  readonly etag: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Headers of the 304 answer to a matching If-None-Match. */
  readonly notModifiedHeaders: Readonly<Record<string, string>>;
  /** Filled once, when the thread pool has encoded the body (never for bodies under MIN_COMPRESS_BYTES). */
  readonly encoded: { br?: Representation; gzip?: Representation };
  /** Resolves when the encodings are in place. */
  readonly ready: Promise<void>;
  /** The ETags of every encoding of this body: If-None-Match with any of them means "not modified". */
  readonly etags: ReadonlySet<string>;
  /**
   * Only on an answer built on demand (`if-idle`), until its encodings are started: a client accepting brotli or
   * gzip asked for it, so encode it now if the queue is short (that client gets the identity body; the next, the
   * encoding). Resolves when the encodings are in place; undefined when they are not started (queue too long).
   */
  readonly encodeOnRequest?: () => Promise<void> | undefined;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** UTF-8 bytes as the characters of a JSON string, without its quotes (`"` → `\"`…), as JSON.stringify writes. */
export function jsonStringCharacters(bytes: Buffer): Buffer {
  return Buffer.from(JSON.stringify(bytes.toString()).slice(1, -1));
}

/** Every response may be read from any origin (the API is public and read-only). */
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  // Browser code may read these (by default only the CORS-safelisted ones: not ETag, Retry-After, Link…).
  'access-control-expose-headers':
    'ETag, Retry-After, RateLimit-Policy, RateLimit, Deprecation, Sunset, Link, Content-Disposition, Mcp-Session-Id',
} as const;

/** Browsers must not guess another type than the one sent (a JSON body is never run as a script or page). */
const NOSNIFF = { 'x-content-type-options': 'nosniff' } as const;

/** Brotli quality 5: on our JSON within 1 % of quality 9's size at an eighth of the time, keeping a publish short. */
const BROTLI_QUALITY = 5;

/**
 * The window is sized to the body (2^lgwin ≥ body length, 16…22): the default 4 MB window makes every call
 * allocate large native buffers that the allocator keeps, for no gain on bodies of at most a few hundred kB.
 */
function brotliParams(length: number) {
  const lgwin = Math.max(16, Math.min(22, Math.ceil(Math.log2(length + 1))));
  return {
    [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [zlib.BROTLI_PARAM_SIZE_HINT]: length,
    [zlib.BROTLI_PARAM_LGWIN]: lgwin,
  };
}

/** Bodies smaller than this are sent as they are: compression would not pay for its headers. */
const MIN_COMPRESS_BYTES = 1024;

export function strongEtag(body: Buffer | string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

export function prepareBody(
  body: Buffer,
  contentType: string,
  cacheControl: string,
  status = 200,
  compression: Compression = 'always',
): PreparedResponse {
  return prepared(body, strongEtag(body), contentType, cacheControl, status, {}, compression);
}

/**
 * `always`: the response is part of a publication and is encoded whatever the queue. `if-idle`: built on demand
 * for one client (an uncommon `days` window); it is encoded only once a client that accepts an encoding asks for
 * it, and only while the queue is short, so a flood of unique URLs costs identity bodies, not a backlog of
 * compression that outlives the flood — and answers no client asked compressed are never compressed. `never`:
 * the body is already compressed (a zip, a PNG): encoding it again only costs CPU.
 */
export type Compression = 'always' | 'if-idle' | 'never';

export function prepared(
  source: Buffer | readonly Buffer[],
  etag: string,
  contentType: string,
  cacheControl: string,
  status = 200,
  extraHeaders: Record<string, string> = {},
  compression: Compression = 'always',
): PreparedResponse {
  const parts = Buffer.isBuffer(source) ? undefined : (source as readonly Buffer[]);
  const length = parts ? parts.reduce((n, part) => n + part.length, 0) : (source as Buffer).length;
  // Joined on each read, not kept: a cached window holds views, not a copy (only compression and tests read it).
  const whole = () => (parts ? Buffer.concat(parts as Buffer[], length) : (source as Buffer));
  const compressible = length >= MIN_COMPRESS_BYTES && compression !== 'never';
  const encodeNow = compressible && compression === 'always';
  const vary = [extraHeaders.vary, compressible ? 'Accept-Encoding' : undefined].filter(Boolean).join(', ');
  const base = {
    'content-type': contentType,
    'cache-control': cacheControl,
    ...CORS_HEADERS,
    ...NOSNIFF,
    ...extraHeaders,
    ...(vary ? { vary } : {}),
  };
  const tagFor = (encoding: 'br' | 'gzip') => `${etag.slice(0, -1)}-${encoding}"`;
  const encoded: { br?: Representation; gzip?: Representation } = {};
  const keep = (encoding: 'br' | 'gzip') => (bytes: Buffer) => {
    const headers = { 'content-encoding': encoding, 'content-length': String(bytes.length), etag: tagFor(encoding) };
    encoded[encoding] = { body: bytes, headers: { ...base, ...headers } };
  };
  const encodeBoth = () => {
    const body = whole();
    return Promise.all([
      encoder.add(() => brotli(body, { params: brotliParams(length) })).then(keep('br')),
      encoder.add(() => gzipped(body, { level: 6 })).then(keep('gzip')),
    ]).then(() => undefined);
  };
  const ready = encodeNow ? encodeBoth() : Promise.resolve();
  const etags = new Set(encodeNow ? [etag, tagFor('br'), tagFor('gzip')] : [etag]);
  let started: Promise<void> | undefined;
  const encodeOnRequest =
    compressible && compression === 'if-idle'
      ? () => {
          if (started || encoderBacklog() >= IDLE_QUEUE_JOBS) return started;
          started = encodeBoth();
          etags.add(tagFor('br')).add(tagFor('gzip'));
          return started;
        }
      : undefined;
  return {
    status,
    get body() {
      return whole();
    },
    ...(parts ? { parts } : {}),
    etag,
    headers: { ...base, 'content-length': String(length), etag },
    notModifiedHeaders: {
      etag,
      'cache-control': cacheControl,
      ...CORS_HEADERS,
      ...(vary ? { vary } : {}),
    },
    encoded,
    ready,
    etags,
    ...(encodeOnRequest ? { encodeOnRequest } : {}),
  };
}

/**
 * Encoding jobs run one at a time on the thread pool: in parallel they finish no sooner on two cores but leave
 * several threads' allocators holding large buffers.
 */
const encoder = new PQueue({ concurrency: 1 });
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Encoding jobs queued or running (bench and tests). */
export function encoderBacklog(): number {
  return encoder.size + encoder.pending;
}

/** On-demand responses are encoded only while fewer jobs than this wait (one response is two jobs). */
const IDLE_QUEUE_JOBS = 4;

export function prepareJson(value: unknown, cacheControl: string, status = 200): PreparedResponse {
  return prepareBody(Buffer.from(JSON.stringify(value)), JSON_CONTENT_TYPE, cacheControl, status);
}

/** Adds headers (security headers for pages) to a prepared response and its encodings. */
export function withHeaders(response: PreparedResponse, headers: Record<string, string>): PreparedResponse {
  const merge = (h: Readonly<Record<string, string>>) => {
    const vary = [headers.vary, h.vary].filter(Boolean).join(', ');
    return { ...h, ...headers, ...(vary ? { vary } : {}) };
  };
  const encoded: { br?: Representation; gzip?: Representation } = {};
  const copy = () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const representation = response.encoded[encoding];
      if (representation) encoded[encoding] = { body: representation.body, headers: merge(representation.headers) };
    }
  };
  const ready = response.ready.then(copy);
  const inner = response.encodeOnRequest;
  return {
    ...response,
    headers: merge(response.headers),
    notModifiedHeaders: merge(response.notModifiedHeaders),
    encoded,
    ready,
    ...(inner ? { encodeOnRequest: () => inner()?.then(copy) } : {}),
  };
}
